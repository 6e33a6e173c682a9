//! The `ShotRecord`: what the referee needs to know about one shot, distilled from the physics
//! events (first ball contacted, rails after contact, balls pocketed in order, balls off the
//! table, whether the cue ball crossed the head string) plus where every ball stood before and
//! after. Fixed-size arrays and bit sets so the AI can build thousands a second.

use crate::ball_set::BallSet;
use biljardi_physics::{
    BALL_RADIUS_M, BallFate, BallId, Event, EventKind, FinalBall, PocketId, RailId, RailSegment, Table,
};

/// Two balls whose centres are at most this much further apart than `2 R` count as frozen
/// (touching), and a ball this close to a rail's nose line is frozen to it, m. The physics' own
/// constant: the balls it solves with the cue ball at the strike (`stick_ball::frozen`) are the
/// ones the referee counts as frozen to it.
pub use biljardi_physics::FROZEN_TOLERANCE_M;

/// Where a ball ended the shot.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum BallWhere {
    /// Not in play in this shot (pocketed earlier, or not in the game).
    #[default]
    Absent,
    /// At rest on the bed, centre at [x, y] m.
    OnTable([f64; 2]),
    Pocketed(PocketId),
    /// Left the table (8.5).
    OffTable,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShotRecord {
    /// Centre of each ball on the bed before the shot, by ball number (0 = cue ball).
    pub before: [Option<[f64; 2]>; 16],
    /// Where each ball ended, by ball number.
    pub after: [BallWhere; 16],
    /// Balls given as still moving when the shot was struck (6.9).
    pub moving_at_start: BallSet,
    /// How many times the cue struck the cue ball (more than once is 6.7, unless the cue ball
    /// was frozen to the ball it hit first: see `frozen_to_cue`).
    pub strikes: u8,
    /// Object balls touching the cue ball before the shot (centres within `2 R +
    /// FROZEN_TOLERANCE_M`, from the positions before). 6.7: shooting towards a frozen ball is
    /// legal with a normal stroke, although the tip follows the cue ball into it and touches it
    /// again.
    pub frozen_to_cue: BallSet,
    /// The tip slid off (8.18; not a foul in itself).
    pub miscue: bool,
    /// The object ball the cue ball touched first (lowest-numbered if several at once).
    pub first_contact: Option<BallId>,
    /// Every object ball the cue ball touched at the instant of its first contact.
    pub first_contacts: BallSet,
    /// Balls (cue included) that reached a rail, were pocketed or left the table after the first
    /// contact (6.3 with 8.4).
    pub rail_after_contact: BallSet,
    /// Balls (cue included) that reached a rail, were pocketed or left the table at any time
    /// during the shot (break requirements 2.3, 3.3 d, 4.3, 9.3 with 8.4).
    pub rail_any: BallSet,
    /// Balls pocketed (cue included), in the order they dropped, with their pockets.
    pub pocketed: Vec<(BallId, PocketId)>,
    /// Balls (cue included) that left the table (8.5).
    pub off_table: BallSet,
    /// The cue ball's centre reached the head string or beyond it before its first contact, or
    /// during the shot if it touched nothing (6.11).
    pub cue_crossed_head_string: bool,
    /// Seconds the shooter took over the shot, when a shot clock runs (6.15).
    pub time_used_s: Option<f64>,
}

impl ShotRecord {
    /// Builds the record of a whole shot: positions before, the sim's events and final balls.
    pub fn from_events(
        table: &Table,
        before: &[(BallId, [f64; 2])],
        events: &[Event],
        final_balls: &[FinalBall],
    ) -> ShotRecord {
        let mut b = RecordBuilder::new(table, before);
        for e in events {
            b.push(e);
        }
        b.finish(final_balls)
    }

    /// Where the cue ball was placed for the shot (1.5).
    pub fn cue_placed(&self) -> Option<[f64; 2]> {
        self.before[0]
    }

    pub fn before_pos(&self, id: BallId) -> Option<[f64; 2]> {
        self.before[id.number() as usize]
    }

    pub fn after(&self, id: BallId) -> BallWhere {
        self.after[id.number() as usize]
    }

    /// Object balls on the bed before the shot.
    pub fn objects_before(&self) -> BallSet {
        BallId::all().filter(|b| !b.is_cue() && self.before_pos(*b).is_some()).collect()
    }

    /// Object balls still on the bed after the shot.
    pub fn objects_after(&self) -> BallSet {
        BallId::all().filter(|b| !b.is_cue() && matches!(self.after(*b), BallWhere::OnTable(_))).collect()
    }

    /// Object balls pocketed, in order.
    pub fn objects_pocketed(&self) -> impl Iterator<Item = (BallId, PocketId)> + '_ {
        self.pocketed.iter().copied().filter(|(b, _)| !b.is_cue())
    }

    pub fn object_pocketed_any(&self) -> bool {
        self.objects_pocketed().next().is_some()
    }

    pub fn pocket_of(&self, id: BallId) -> Option<PocketId> {
        self.pocketed.iter().find(|(b, _)| *b == id).map(|(_, p)| *p)
    }

    /// Scratch or cue ball off the table (6.1).
    pub fn cue_lost(&self) -> bool {
        !matches!(self.after(BallId::CUE), BallWhere::OnTable(_))
    }

    pub fn cue_pocketed(&self) -> bool {
        matches!(self.after(BallId::CUE), BallWhere::Pocketed(_))
    }

    /// Where the cue ball rests after the shot.
    pub fn cue_after(&self) -> Option<[f64; 2]> {
        match self.after(BallId::CUE) {
            BallWhere::OnTable(p) => Some(p),
            _ => None,
        }
    }

    /// Centres of every ball on the bed after the shot, with their ids.
    pub fn resting(&self) -> impl Iterator<Item = (BallId, [f64; 2])> + '_ {
        BallId::all().filter_map(|b| match self.after(b) {
            BallWhere::OnTable(p) => Some((b, p)),
            _ => None,
        })
    }
}

/// Builds a [`ShotRecord`] event by event, as the game receives them from the physics.
#[derive(Clone, Debug)]
pub struct RecordBuilder {
    rec: ShotRecord,
    head_string_x_m: f64,
    contact_t: Option<f64>,
    last_pos: [Option<[f64; 2]>; 16],
    rails: [RailSegment; 6],
    /// Per ball, the rails (bit k: `RailId::ALL[k]`) it was declared frozen to and has not left
    /// yet (8.4): its cushion events on them do not count.
    on_rail: [u8; 16],
}

/// Gap between a ball's surface and a rail's nose line, m (negative: pressed into it), and
/// whether the ball's centre is beside the straight cushion (not past its ends).
fn rail_gap(rail: &RailSegment, p: [f64; 2]) -> (f64, bool) {
    let (d, n) = ([p[0] - rail.start[0], p[1] - rail.start[1]], rail.normal);
    let (ex, ey) = (rail.end[0] - rail.start[0], rail.end[1] - rail.start[1]);
    let len2 = ex * ex + ey * ey;
    let s = (d[0] * ex + d[1] * ey) / len2;
    (d[0] * n[0] + d[1] * n[1] - BALL_RADIUS_M, (0.0..=1.0).contains(&s))
}

impl RecordBuilder {
    /// `before`: every ball on the bed before the shot (the cue ball where it was placed).
    pub fn new(table: &Table, before: &[(BallId, [f64; 2])]) -> RecordBuilder {
        let mut rec = ShotRecord::default();
        for (id, pos) in before {
            rec.before[id.number() as usize] = Some(*pos);
        }
        if let Some(cue) = rec.before[0] {
            for (id, pos) in before {
                let d = ((pos[0] - cue[0]).powi(2) + (pos[1] - cue[1]).powi(2)).sqrt();
                if !id.is_cue() && d <= 2.0 * BALL_RADIUS_M + FROZEN_TOLERANCE_M {
                    rec.frozen_to_cue.insert(*id);
                }
            }
        }
        RecordBuilder {
            last_pos: rec.before,
            rec,
            head_string_x_m: table.head_string_x(),
            contact_t: None,
            rails: table.rails(),
            on_rail: [0; 16],
        }
    }

    /// Declares `id` frozen before the shot (6.7, 8.4: a ball is frozen only when announced):
    /// to the rails it touches, whose cushion contacts then count only once it has left them,
    /// and to the cue ball if it touches it. Returns false if it touches neither.
    pub fn frozen(&mut self, id: BallId) -> bool {
        let i = id.number() as usize;
        let Some(p) = self.rec.before[i] else { return false };
        for (k, rail) in self.rails.iter().enumerate() {
            let (gap, beside) = rail_gap(rail, p);
            if beside && gap <= FROZEN_TOLERANCE_M {
                self.on_rail[i] |= 1 << k;
            }
        }
        let to_cue = !id.is_cue() && self.rec.frozen_to_cue.contains(id);
        self.on_rail[i] != 0 || to_cue
    }

    /// Marks a ball as still moving when the shot was struck (6.9).
    pub fn moving(&mut self, id: BallId) {
        self.rec.moving_at_start.insert(id);
    }

    /// Seconds the shooter used, for the shot clock (6.15).
    pub fn time_used(&mut self, seconds: f64) {
        self.rec.time_used_s = Some(seconds);
    }

    /// Feeds one physics event; events must come in time order.
    pub fn push(&mut self, e: &Event) {
        for (id, k) in &e.state {
            let i = id.number() as usize;
            self.last_pos[i] = Some([k.pos[0], k.pos[1]]);
            if self.on_rail[i] != 0 {
                // 8.4: seen away from a rail it was frozen to, it has left it.
                for (bit, rail) in self.rails.iter().enumerate() {
                    if rail_gap(rail, [k.pos[0], k.pos[1]]).0 > FROZEN_TOLERANCE_M {
                        self.on_rail[i] &= !(1 << bit);
                    }
                }
            }
        }
        if self.contact_t.is_none()
            && let Some(k) = e.state.get(&BallId::CUE)
            && k.pos[0] >= self.head_string_x_m
        {
            // 8.13: a ball's position is its centre; on the string is no longer behind it.
            self.rec.cue_crossed_head_string = true;
        }
        let r = &mut self.rec;
        let after_contact = self.contact_t.is_some();
        match e.kind {
            EventKind::Strike { .. } => r.strikes = r.strikes.saturating_add(1),
            EventKind::Miscue { .. } => r.miscue = true,
            EventKind::BallBall { balls: [a, b] } => {
                let other = if a.is_cue() {
                    Some(b)
                } else if b.is_cue() {
                    Some(a)
                } else {
                    None
                };
                if let Some(o) = other.filter(|o| !o.is_cue()) {
                    match self.contact_t {
                        None => {
                            self.contact_t = Some(e.t);
                            r.first_contact = Some(o);
                            r.first_contacts.insert(o);
                        }
                        Some(t) if t == e.t => {
                            r.first_contacts.insert(o);
                            r.first_contact = r.first_contacts.lowest();
                        }
                        Some(_) => {}
                    }
                }
            }
            EventKind::Cushion { ball, rail } => {
                let bit = RailId::ALL.iter().position(|x| *x == rail).map_or(0, |k| 1u8 << k);
                if self.on_rail[ball.number() as usize] & bit != 0 {
                    // 8.4: frozen to this rail and never off it: not a rail contact.
                    return;
                }
                r.rail_any.insert(ball);
                if after_contact {
                    r.rail_after_contact.insert(ball);
                }
            }
            EventKind::Pocket { ball, pocket } => {
                r.rail_any.insert(ball);
                if after_contact {
                    r.rail_after_contact.insert(ball);
                }
                if !r.pocketed.iter().any(|(b, _)| *b == ball) {
                    r.pocketed.push((ball, pocket));
                }
            }
            EventKind::OffTable { ball } => {
                r.rail_any.insert(ball);
                if after_contact {
                    r.rail_after_contact.insert(ball);
                }
                r.off_table.insert(ball);
            }
            EventKind::Airborne { .. }
            | EventKind::Land { .. }
            | EventKind::Rolling { .. }
            | EventKind::Spinning { .. }
            | EventKind::Stop { .. } => {}
        }
    }

    /// Feeds an event the game has as parts rather than as an [`Event`] (no ball states).
    pub fn push_kind(&mut self, t: f64, kind: EventKind) {
        self.push(&Event { t, kind, state: Default::default() });
    }

    /// Tells the builder where the cue ball is, for 6.11 (crossing the head string before the
    /// first contact) when the events carry no ball states.
    pub fn cue_at(&mut self, pos: [f64; 2]) {
        if self.contact_t.is_none() && pos[0] >= self.head_string_x_m {
            self.rec.cue_crossed_head_string = true;
        }
        self.last_pos[0] = Some(pos);
    }

    /// Ends the shot. `final_balls` is the sim's `balls`; a ball it leaves out ends where the
    /// events last put it (pocketed, off the table, or at its last known position).
    pub fn finish(mut self, final_balls: &[FinalBall]) -> ShotRecord {
        let r = &mut self.rec;
        for id in BallId::all() {
            let i = id.number() as usize;
            if r.before[i].is_none() {
                continue;
            }
            r.after[i] = if let Some(p) = r.pocket_of(id) {
                BallWhere::Pocketed(p)
            } else if r.off_table.contains(id) {
                BallWhere::OffTable
            } else {
                BallWhere::OnTable(self.last_pos[i].unwrap_or_default())
            };
        }
        for f in final_balls {
            let i = f.id.number() as usize;
            r.after[i] = match f.fate {
                BallFate::OnTable { pos } => BallWhere::OnTable(pos),
                BallFate::Pocketed { pocket } => {
                    if !r.pocketed.iter().any(|(b, _)| *b == f.id) {
                        r.pocketed.push((f.id, pocket));
                    }
                    BallWhere::Pocketed(pocket)
                }
                BallFate::OffTable => {
                    r.off_table.insert(f.id);
                    BallWhere::OffTable
                }
            };
        }
        for (id, _) in r.pocketed.iter() {
            r.rail_any.insert(*id);
        }
        r.rail_any = r.rail_any.union(r.off_table);
        if self.contact_t.is_some() {
            // A ball pocketed or off the table counts as reaching a rail (8.4); without events
            // we cannot tell when, and a ball can only drop after the first contact.
            for (id, _) in r.pocketed.iter() {
                r.rail_after_contact.insert(*id);
            }
            r.rail_after_contact = r.rail_after_contact.union(r.off_table);
        } else if let Some(p) = r.cue_after()
            && p[0] >= self.head_string_x_m
        {
            r.cue_crossed_head_string = true;
        }
        self.rec
    }
}
