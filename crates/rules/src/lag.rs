//! 1.2 The lag: both players shoot a ball from behind the head string to the foot rail and back;
//! the ball that rests nearest the head rail wins the choice of who breaks.

use biljardi_physics::{BallFate, BallId, Event, EventKind, RailId, Table};

/// One player's lag ball: where it started, its events (on a clock shared by both lags, so
/// that 1.2's "struck after the other ball touched the foot rail" can be seen) and its fate.
#[derive(Clone, Debug, PartialEq)]
pub struct LagShot {
    pub ball: BallId,
    pub start: [f64; 2],
    pub events: Vec<Event>,
    pub fate: BallFate,
}

/// Why a lag is bad (1.2 a-e and the foul sentence).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LagFault {
    /// a) crossed the long string.
    CrossedLongString,
    /// b) touched the foot rail other than once (interpretations: never counts too).
    FootRailNotOnce,
    /// c) pocketed or off the table.
    PocketedOrOffTable,
    /// d) touched a side rail.
    SideRail,
    /// e) came to rest in a head corner pocket, deeper than the head rail's cushion line.
    InHeadPocket,
    /// A foul other than 6.9 (here: the cue struck the ball more than once, 6.7).
    Foul,
}

impl LagFault {
    pub fn clause(self) -> &'static str {
        match self {
            LagFault::CrossedLongString => "a",
            LagFault::FootRailNotOnce => "b",
            LagFault::PocketedOrOffTable => "c",
            LagFault::SideRail => "d",
            LagFault::InHeadPocket => "e",
            LagFault::Foul => "foul",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relag {
    /// a) a player struck after the other ball had touched the foot rail.
    LateStrike,
    /// b) no telling which ball is nearer the head rail.
    Tie,
    /// c) both lags were bad.
    BothBad,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LagOutcome {
    /// `player` (0 or 1) won the lag and chooses who breaks (2.1, 3.1, 4.1, 9.1).
    Winner {
        player: u8,
        faults: [Vec<LagFault>; 2],
    },
    Relag(Relag),
}

/// How close two lags may end and still be told apart, m.
pub const TIE_M: f64 = 1e-4;

/// The faults of one lag ball (empty: a good lag).
pub fn lag_faults(table: &Table, shot: &LagShot) -> Vec<LagFault> {
    let mut out = Vec::new();
    let side = shot.start[1].signum();
    let mut crossed = false;
    let mut foot = 0;
    let mut side_rail = false;
    let mut strikes = 0;
    for e in &shot.events {
        if let Some(k) = e.state.get(&shot.ball)
            && k.pos[1] * side < 0.0
        {
            crossed = true;
        }
        match e.kind {
            EventKind::Cushion { ball, rail } if ball == shot.ball => {
                if rail == RailId::Foot {
                    foot += 1;
                } else if rail != RailId::Head {
                    side_rail = true;
                }
            }
            EventKind::Strike { ball } if ball == shot.ball => strikes += 1,
            _ => {}
        }
    }
    let rest = match shot.fate {
        BallFate::OnTable { pos } => Some(pos),
        _ => None,
    };
    if rest.is_some_and(|p| p[1] * side < 0.0) {
        crossed = true;
    }
    if crossed {
        out.push(LagFault::CrossedLongString);
    }
    if foot != 1 {
        out.push(LagFault::FootRailNotOnce);
    }
    if rest.is_none() {
        out.push(LagFault::PocketedOrOffTable);
    }
    if side_rail {
        out.push(LagFault::SideRail);
    }
    if rest.is_some_and(|p| p[0] < -table.half_length()) {
        out.push(LagFault::InHeadPocket);
    }
    if strikes > 1 {
        out.push(LagFault::Foul);
    }
    out
}

fn first_time(shot: &LagShot, pred: impl Fn(&EventKind) -> bool) -> Option<f64> {
    shot.events.iter().find(|e| pred(&e.kind)).map(|e| e.t)
}

/// 1.2: judges both lags.
pub fn judge_lag(table: &Table, shots: &[LagShot; 2]) -> LagOutcome {
    for (i, j) in [(0, 1), (1, 0)] {
        let foot = first_time(&shots[i], |k| matches!(k, EventKind::Cushion { rail: RailId::Foot, .. }));
        let strike = first_time(&shots[j], |k| matches!(k, EventKind::Strike { .. })).unwrap_or(0.0);
        if foot.is_some_and(|t| strike > t) {
            return LagOutcome::Relag(Relag::LateStrike);
        }
    }
    let faults = [lag_faults(table, &shots[0]), lag_faults(table, &shots[1])];
    let good = [faults[0].is_empty(), faults[1].is_empty()];
    let rest = |s: &LagShot| match s.fate {
        BallFate::OnTable { pos } => pos[0],
        _ => f64::INFINITY,
    };
    match good {
        [false, false] => LagOutcome::Relag(Relag::BothBad),
        [true, false] => LagOutcome::Winner { player: 0, faults },
        [false, true] => LagOutcome::Winner { player: 1, faults },
        [true, true] => {
            let (a, b) = (rest(&shots[0]), rest(&shots[1]));
            if (a - b).abs() <= TIE_M {
                LagOutcome::Relag(Relag::Tie)
            } else {
                LagOutcome::Winner { player: if a < b { 0 } else { 1 }, faults }
            }
        }
    }
}
