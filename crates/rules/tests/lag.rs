//! 1.2 The lag: each bad-lag clause, the relag cases, and the winner nearest the head rail.

use biljardi_physics::{BALL_RADIUS_M, BallFate, BallId, Event, EventKind, Kinematics, PocketId, RailId, Table};
use biljardi_rules::lag::{LagFault, LagOutcome, LagShot, Relag, judge_lag, lag_faults};
use std::collections::BTreeMap;

fn b(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

fn ev(t: f64, kind: EventKind, at: Option<(BallId, [f64; 2])>) -> Event {
    let mut state = BTreeMap::new();
    if let Some((id, p)) = at {
        state.insert(id, Kinematics { pos: [p[0], p[1], BALL_RADIUS_M], v: [0.0; 3], w: [0.0; 3] });
    }
    Event { t, kind, state }
}

/// A clean lag: struck at `t0`, one foot rail, back to rest at `x` on its own side.
fn lag(ball: BallId, y: f64, t0: f64, x: f64) -> LagShot {
    LagShot {
        ball,
        start: [-0.8, y],
        events: vec![
            ev(t0, EventKind::Strike { ball }, None),
            ev(t0 + 1.0, EventKind::Cushion { ball, rail: RailId::Foot }, Some((ball, [1.24, y]))),
            ev(t0 + 3.0, EventKind::Stop { ball }, Some((ball, [x, y]))),
        ],
        fate: BallFate::OnTable { pos: [x, y] },
    }
}

#[test]
fn rule_1_2_ball_nearest_the_head_rail_wins() {
    let t = Table::default();
    let out = judge_lag(&t, &[lag(b(1), 0.3, 0.0, -1.0), lag(b(2), -0.3, 0.1, -1.1)]);
    assert!(matches!(out, LagOutcome::Winner { player: 1, .. }), "{out:?}");
}

#[test]
fn rule_1_2_a_crossing_the_long_string_is_a_bad_lag() {
    let t = Table::default();
    let mut s = lag(b(1), 0.3, 0.0, -1.2);
    s.fate = BallFate::OnTable { pos: [-1.2, -0.1] };
    assert_eq!(lag_faults(&t, &s), vec![LagFault::CrossedLongString]);
    let out = judge_lag(&t, &[s, lag(b(2), -0.3, 0.0, -0.5)]);
    assert!(matches!(out, LagOutcome::Winner { player: 1, .. }));
}

#[test]
fn rule_1_2_b_foot_rail_other_than_once_is_a_bad_lag() {
    let t = Table::default();
    let mut twice = lag(b(1), 0.3, 0.0, -1.0);
    twice.events.insert(2, ev(2.0, EventKind::Cushion { ball: b(1), rail: RailId::Foot }, None));
    assert!(lag_faults(&t, &twice).contains(&LagFault::FootRailNotOnce));
    let mut never = lag(b(1), 0.3, 0.0, 0.5);
    never.events.remove(1);
    assert!(lag_faults(&t, &never).contains(&LagFault::FootRailNotOnce));
}

#[test]
fn rule_1_2_c_pocketed_or_off_the_table_is_a_bad_lag() {
    let t = Table::default();
    let mut s = lag(b(1), 0.3, 0.0, -1.0);
    s.fate = BallFate::Pocketed { pocket: PocketId::HeadLeft };
    assert!(lag_faults(&t, &s).contains(&LagFault::PocketedOrOffTable));
    s.fate = BallFate::OffTable;
    assert!(lag_faults(&t, &s).contains(&LagFault::PocketedOrOffTable));
}

#[test]
fn rule_1_2_d_side_rail_is_a_bad_lag() {
    let t = Table::default();
    let mut s = lag(b(1), 0.3, 0.0, -1.0);
    s.events.insert(2, ev(2.0, EventKind::Cushion { ball: b(1), rail: RailId::LeftHead }, None));
    assert_eq!(lag_faults(&t, &s), vec![LagFault::SideRail]);
}

#[test]
fn rule_1_2_e_resting_past_the_head_cushion_line_is_a_bad_lag() {
    let t = Table::default();
    let mut s = lag(b(1), 0.3, 0.0, -1.0);
    s.fate = BallFate::OnTable { pos: [-t.half_length() - 0.01, 0.6] };
    assert!(lag_faults(&t, &s).contains(&LagFault::InHeadPocket));
}

#[test]
fn rule_1_2_other_foul_is_a_bad_lag() {
    let t = Table::default();
    let mut s = lag(b(1), 0.3, 0.0, -1.0);
    s.events.insert(1, ev(0.01, EventKind::Strike { ball: b(1) }, None));
    assert_eq!(lag_faults(&t, &s), vec![LagFault::Foul]);
}

#[test]
fn rule_1_2_relag_when_struck_after_the_other_ball_reached_the_foot_rail() {
    let t = Table::default();
    let out = judge_lag(&t, &[lag(b(1), 0.3, 0.0, -1.0), lag(b(2), -0.3, 1.5, -1.1)]);
    assert_eq!(out, LagOutcome::Relag(Relag::LateStrike));
}

#[test]
fn rule_1_2_relag_when_too_close_to_call() {
    let t = Table::default();
    let out = judge_lag(&t, &[lag(b(1), 0.3, 0.0, -1.0), lag(b(2), -0.3, 0.0, -1.0)]);
    assert_eq!(out, LagOutcome::Relag(Relag::Tie));
}

#[test]
fn rule_1_2_relag_when_both_lags_are_bad() {
    let t = Table::default();
    let mut a = lag(b(1), 0.3, 0.0, -1.0);
    a.fate = BallFate::OffTable;
    let mut c = lag(b(2), -0.3, 0.0, -1.0);
    c.fate = BallFate::Pocketed { pocket: PocketId::FootRight };
    assert_eq!(judge_lag(&t, &[a, c]), LagOutcome::Relag(Relag::BothBad));
}
