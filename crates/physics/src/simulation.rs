//! The event loop (Leckie and Greenspan 2005; pooltool's `PhysicsEngine`): keep every ball's
//! state at the time of its last event, find the earliest next event from cached candidates,
//! resolve it, and recompute candidates only for the balls it touched.
//!
//! Candidate times are pure functions of the balls' reference states, never of the current time,
//! so `advance` in any steps gives bit-for-bit the events of one uninterrupted run. Iteration is
//! over vectors in ball order (no hash maps), ties go to the first candidate in that order.
//!
//! A ball in flight (`Motion::Airborne`) has its own events: landing (`land`, a slate bounce by
//! `resolve::ball_table`, repeated until a bounce is too low to count), cushions, and leaving the
//! table. Crossing a cushion's nose line (or a jaw face), it flies beyond if its bottom is then
//! above the nose (`off_table`, the state kept where it left for the game's rigid-body fall);
//! otherwise it strikes the cushion at the usual contact, resolved by the cushion model on the
//! horizontal components (the vertical velocity carries on). Passing a pocket's jaw backs low
//! (bottom under the nose) it drops in, high it is off the table; landing over a drop hole it
//! drops in. Ball-ball contacts are found in 3D, so a ball can fly over another.
//!
//! After a strike the cue follows through (`Stick`): its tip moves on along the stroke at the
//! speed the impulse left it, for `follow_through_m`, then stops. If the struck ball is caught
//! again (the tip, a point, reaches the ball's surface while the ball's centre is within
//! `CATCH_OFFSET` radii of the stroke line) that is a second `strike`: the same stick-ball model
//! with the closing speed. The catch time is a polynomial root like every other event (the
//! tip's distance from the centre reaching R, a quartic).

use crate::ball::{Ball, BallState, Motion};
use crate::event::{BallFate, Event, EventKind, FinalBall, Kinematics};
use crate::events::{
    Geometry, Path, Reach, ball_back, ball_ball, ball_ball_bound, ball_hole, ball_hole_bound, ball_line,
    ball_line_bound, ball_post, hole_passes_clear, line_passes_clear, passes_clear, point_bound,
};
use crate::evolve::{acceleration, after_transition, complete_slide, evolve, evolve_motion, segment_duration, settle};
use crate::ids::BallId;
use crate::math::V3;
use crate::pairs::Pairs;
use crate::params::Params;
use crate::resolve::ball_ball::{flying_press, frictional_inelastic, frictional_inelastic_3d, roll_off};
use crate::resolve::stick_ball::frozen::{self, FROZEN_TOLERANCE_M};
use crate::resolve::stick_ball::instantaneous_point::{self, Strike};
use crate::resolve::{ball_ball, ball_cushion, ball_table};
use crate::table::Table;
use std::collections::BTreeMap;

/// `run_to_rest` stops here even if something still moves, s.
pub const DEFAULT_MAX_TIME_S: f64 = 600.0;
/// Longest trajectory piece searched for contacts, s (only reached with zero friction).
const MAX_HORIZON_S: f64 = 1e6;
/// A shot with more events than this is stopped with every ball frozen in place (a guard against
/// endless chatter; real shots have tens to a few hundred events).
pub const MAX_EVENTS: usize = 20_000;

/// Below this separation speed (m/s), a ball that friction pulls straight back into what it just
/// hit finishes its slide at once (see `evolve::complete_slide`): pushing contact, which an
/// event model would otherwise resolve as an endless run of shrinking bounces.
const STICK_SPEED_MPS: f64 = 5e-3;

/// The ball stops moving across the cloth where it is (its spin about the vertical stays).
fn halt(s: &BallState, p: &Params) -> BallState {
    settle(BallState { vel: V3::ZERO, ang_vel: V3::new(0.0, 0.0, s.ang_vel.z), ..*s }, p)
}

/// Below this speed (m/s) two balls grazing each other both stop.
const CRAWL_SPEED_MPS: f64 = 0.05;
/// Rails solved for in the order of their bounds (a table has six, then two jaw faces a pocket,
/// taken pocket by pocket); more are solved for in index order.
const MAX_LINES: usize = 32;
/// Pockets checked at once for being out of a ball's reach (a table has six).
const MAX_POCKETS: usize = 8;
/// Ball-ball contacts at one instant beyond which the pair involved stops (a cluster breaker).
const MAX_SIMULTANEOUS: usize = 64;
/// A pair's bound is taken again from its own time at most this often before its quartic is
/// solved (`Simulation::pair_rebound`), in at most `REBOUND_STEPS` steps each time, each step
/// at least `REBOUND_MIN_STEP_S` on.
const MAX_REBOUNDS: u8 = 1;
const REBOUND_STEPS: usize = 6;
const REBOUND_MIN_STEP_S: f64 = 1e-5;

fn stick_to_cushion(s: BallState, normal: V3, p: &Params) -> BallState {
    if s.vel.dot(normal) < STICK_SPEED_MPS && acceleration(&s, p).dot(normal) < 0.0 { complete_slide(&s, p) } else { s }
}

/// A tip meeting the ball with the centre further than this from its line (in ball radii) slips
/// past it instead.
const CATCH_OFFSET: f64 = 0.7;
/// The longest the cue follows through, s: a soft stroke's follow-through is short (the stroke
/// runs out of speed before the arm runs out of range), so the tip goes on at most this long at
/// its speed after impact, and at most `follow_through_m`. 0.1 s reaches the full 0.15 m from
/// about 2.8 m/s of cue speed (1.5 m/s after impact); a 0.1 m/s tap follows through 5 mm and
/// cannot catch its own ball, which a constant 0.15 m would push on for 3 s.
const FOLLOW_THROUGH_TIME_S: f64 = 0.1;
/// The stick catches the ball again at most this many times after the strike (an endless-loop
/// guard; a real double hit is one catch).
const MAX_CATCHES: u8 = 3;

/// The cue following through after a strike.
#[derive(Clone, Copy, Debug)]
struct Stick {
    /// The struck ball.
    ball: usize,
    /// The stroke as struck (its direction and elevation give the line).
    stroke: Strike,
    dir: V3,
    /// Tip position at `t0`.
    tip0: V3,
    t0: f64,
    /// Tip speed along `dir`, m/s.
    speed: f64,
    /// Time the tip stops (follow-through run out, or the tip reaches the bed).
    stop: f64,
    catches: u8,
    /// Next time it catches the ball.
    next: f64,
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    id: BallId,
    /// Time of `s`, the ball's last event.
    t0: f64,
    s: BallState,
    /// Absolute time the current motion state ends.
    end: f64,
    /// The centre's acceleration in this state (zero if it does not move).
    acc: V3,
}

impl Slot {
    fn new(id: BallId, t0: f64, s: BallState, p: &Params) -> Slot {
        let end = t0 + segment_duration(&s, p).min(MAX_HORIZON_S);
        let acc = if s.motion.translates() { acceleration(&s, p) } else { V3::ZERO };
        Slot { id, t0, s, end, acc }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Own {
    None,
    Transition,
    Line(usize),
    Post(usize),
    Hole(usize),
    /// In flight over a cushion (or past a pocket's jaw backs too high to drop): off the table.
    Leave,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Next {
    Own(usize),
    Pair(usize, usize),
    /// The following-through cue catches its ball again.
    Catch,
}

/// One ball as the game draws it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BallSnapshot {
    pub id: BallId,
    pub state: BallState,
}

impl BallSnapshot {
    pub fn pos(&self) -> [f64; 3] {
        self.state.pos.to_array()
    }

    /// Unit quaternion `[w, x, y, z]`, body to table frame.
    pub fn orientation(&self) -> [f64; 4] {
        self.state.orient.to_array()
    }

    pub fn on_table(&self) -> bool {
        self.state.motion.on_table()
    }

    pub fn fate(&self) -> BallFate {
        match self.state.motion {
            Motion::Pocketed(pocket) => BallFate::Pocketed { pocket },
            Motion::OffTable => BallFate::OffTable,
            _ => BallFate::OnTable { pos: [self.state.pos.x, self.state.pos.y] },
        }
    }
}

/// A shot in progress on one table.
#[derive(Clone, Debug)]
pub struct Simulation {
    table: Table,
    params: Params,
    geo: Geometry,
    balls: Vec<Slot>,
    now: f64,
    own: Vec<(f64, Own)>,
    /// Next contact time of each pair, or until it is needed a lower bound on it
    /// (`events::ball_ball_bound`): the quartic is solved only when the bound comes up as the
    /// earliest event (`earliest`).
    pairs: Pairs,
    /// Per ball, a disc (centre, radius) holding its centre until its next own event.
    discs: Vec<(V3, f64)>,
    events: usize,
    /// Time of the latest ball-ball contact and how many more came at that same instant.
    streak: (f64, usize),
    /// Events of a strike that `advance` reports first (the `airborne` of a jump).
    pending: Vec<Event>,
    /// The cue while it follows through.
    stick: Option<Stick>,
}

impl Simulation {
    /// A table with `balls` on it at time 0. The caller guarantees they lie on the bed and do not
    /// overlap (`json` validates this for outside input).
    pub fn new(table: Table, params: Params, balls: Vec<Ball>) -> Simulation {
        let slots: Vec<Slot> = balls
            .into_iter()
            .map(|b| {
                let s = settle(b.state, &params);
                Slot::new(b.id, 0.0, s, &params)
            })
            .collect();
        let n = slots.len();
        let mut sim = Simulation {
            geo: Geometry::new(&table),
            table,
            params,
            balls: slots,
            now: 0.0,
            own: vec![(f64::INFINITY, Own::None); n],
            pairs: Pairs::new(n),
            discs: vec![(V3::ZERO, f64::INFINITY); n],
            events: 0,
            streak: (f64::NAN, 0),
            pending: Vec::new(),
            stick: None,
        };
        sim.rebuild();
        sim
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The current time, s since the simulation began.
    pub fn time(&self) -> f64 {
        self.now
    }

    /// True when nothing on the bed moves or spins.
    pub fn is_at_rest(&self) -> bool {
        self.next().0 == f64::INFINITY
    }

    /// Strikes `ball` with the cue now. Returns the `strike` (or `miscue`) event, or `None` if
    /// that ball is not on the table. The event is not repeated by `advance`; if the strike
    /// jumps the ball, the next `advance` begins with its `airborne` event (at the same time).
    pub fn strike(&mut self, ball: BallId, strike: Strike) -> Option<Event> {
        let i = self.balls.iter().position(|b| b.id == ball && b.s.motion.on_table())?;
        let t = self.now;
        // The event guard counts per shot.
        self.events = 0;
        let before = self.state_at(i, t);
        // Balls frozen to the cue ball are solved with it and the cue (`stick_ball::frozen`);
        // every other strike is the instantaneous impulse alone.
        let touching = self.frozen_to(i, t);
        let states: Vec<BallState> = touching.iter().map(|&j| self.state_at(j, t)).collect();
        let frozen = if touching.is_empty() || !before.motion.on_bed() {
            None
        } else {
            frozen::strike(&before, &states, &strike, &self.params)
        };
        let out = match &frozen {
            Some(f) => {
                instantaneous_point::Outcome { state: f.cue_ball, miscue: false, cue_speed_after: f.cue_speed_after }
            }
            None => instantaneous_point::strike(&before, &strike, &self.params),
        };
        self.set(i, t, out.state);
        let mut pushed = Vec::new();
        if let Some(f) = &frozen {
            for (k, &j) in touching.iter().enumerate() {
                if f.pushed[k] {
                    self.set(j, t, f.others[k]);
                    pushed.push(j);
                }
            }
        }
        self.stick = None;
        if !out.miscue && out.cue_speed_after > 0.0 && self.params.follow_through_m > 0.0 {
            let (dir, _, _) = instantaneous_point::frame(&strike);
            let tip0 = before.pos + instantaneous_point::contact_point(&strike, self.params.ball_radius_m);
            // A soft stroke runs out of speed sooner; an elevated cue's tip runs into the bed.
            let mut reach = self.params.follow_through_m.min(out.cue_speed_after * FOLLOW_THROUGH_TIME_S);
            if dir.z < 0.0 {
                reach = reach.min(tip0.z / -dir.z);
            }
            self.stick = Some(Stick {
                ball: i,
                stroke: strike,
                dir,
                tip0,
                t0: t,
                speed: out.cue_speed_after,
                stop: t + reach / out.cue_speed_after,
                catches: 0,
                next: f64::INFINITY,
            });
        }
        let mut changed = vec![i];
        changed.extend(&pushed);
        self.refresh(&changed);
        let kind = if out.miscue { EventKind::Miscue { ball } } else { EventKind::Strike { ball } };
        if out.state.motion == Motion::Airborne {
            let up = self.event(t, EventKind::Airborne { ball }, &[i]);
            self.pending.push(up);
        }
        // The cue ball pushed the frozen balls at the strike's instant: a contact each (the
        // referee's first contact; 6.7: a frozen ball moved by the shot counts as hit).
        for &j in &pushed {
            let (x, y) = (ball, self.balls[j].id);
            let balls = if x < y { [x, y] } else { [y, x] };
            let contact = self.event(t, EventKind::BallBall { balls }, &[i, j]);
            self.pending.push(contact);
        }
        Some(self.event(t, kind, &[i]))
    }

    /// The balls on the bed touching ball `i` at `t` (centres at most `2 R +
    /// FROZEN_TOLERANCE_M` apart).
    fn frozen_to(&self, i: usize, t: f64) -> Vec<usize> {
        let reach = 2.0 * self.params.ball_radius_m + FROZEN_TOLERANCE_M;
        let at = self.state_at(i, t).pos;
        (0..self.balls.len())
            .filter(|&j| {
                let s = self.state_at(j, t);
                j != i && s.motion.on_bed() && (s.pos - at).norm() <= reach
            })
            .collect()
    }

    /// Puts `ball` on the bed now with the given state (spotting, ball in hand, a rerack),
    /// replacing the ball with that id if there is one. The caller keeps it clear of the other
    /// balls and on the bed (`fits_on_bed`).
    pub fn place(&mut self, ball: Ball) {
        let t = self.now;
        let s = settle(ball.state, &self.params);
        match self.balls.iter().position(|b| b.id == ball.id) {
            Some(i) => self.set(i, t, s),
            None => {
                self.balls.push(Slot::new(ball.id, t, s, &self.params));
                let i = self.balls.len() - 1;
                self.set(i, t, s);
            }
        }
        self.rebuild();
    }

    /// Takes `ball` out of play (as if pocketed in `pocket`); returns false if it is not there.
    pub fn remove(&mut self, ball: BallId, pocket: crate::ids::PocketId) -> bool {
        let Some(i) = self.balls.iter().position(|b| b.id == ball) else { return false };
        let s = BallState { motion: Motion::Pocketed(pocket), ..self.state_at(i, self.now) };
        self.set(i, self.now, s);
        self.rebuild();
        true
    }

    /// Recomputes every candidate (after the set of balls changed).
    fn rebuild(&mut self) {
        let n = self.balls.len();
        self.own = (0..n).map(|i| self.own_candidate(i)).collect();
        self.discs = (0..n).map(|i| self.disc(i)).collect();
        self.pairs = Pairs::new(n);
        for i in 0..n {
            for j in i + 1..n {
                let (t, exact) = self.pair_bound(i, j);
                self.pairs.set(i, j, t, exact);
            }
        }
        self.refresh_stick();
    }

    /// Recomputes when the stick next catches its ball.
    fn refresh_stick(&mut self) {
        if let Some(k) = self.stick {
            let next = self.catch_candidate(&k);
            if let Some(k) = self.stick.as_mut() {
                k.next = next;
            }
        }
    }

    /// When the tip next reaches the ball's surface close enough to the stroke line to push it.
    #[inline(never)]
    fn catch_candidate(&self, k: &Stick) -> f64 {
        let b = &self.balls[k.ball];
        if !b.s.motion.on_bed() {
            return f64::INFINITY;
        }
        let t = k.t0.max(b.t0);
        if t >= k.stop {
            return f64::INFINITY;
        }
        let mut ball = self.path(k.ball, t);
        if !b.s.motion.translates() {
            ball.horizon = f64::INFINITY;
        }
        ball.horizon = ball.horizon.min(self.own[k.ball].0 - t);
        let tip = Path {
            p0: k.tip0 + (k.speed * (t - k.t0)) * k.dir,
            v0: k.speed * k.dir,
            acc: V3::ZERO,
            horizon: k.stop - t,
        };
        let r = self.params.ball_radius_m;
        // A point against a sphere: the pair test with the radii summing to R.
        let Some(dt) = ball_ball(&tip, &ball, 0.5 * r) else { return f64::INFINITY };
        let w = ball.at(dt) - tip.at(dt);
        let along = w.dot(k.dir);
        let lateral = (w - along * k.dir).norm();
        if along > 0.0 && lateral < CATCH_OFFSET * r { t + dt } else { f64::INFINITY }
    }

    /// The stick catches its ball at `t`: a second impulse at the closing speed.
    #[inline(never)]
    fn catch(&mut self, t: f64, out: &mut Vec<Event>) {
        let Some(k) = self.stick else { return };
        let i = k.ball;
        let s = self.state_at(i, t);
        let p = self.params;
        let tip = k.tip0 + (k.speed * (t - k.t0)) * k.dir;
        let (_, up, right) = instantaneous_point::frame(&k.stroke);
        let q = tip - s.pos;
        // The tip's speed less that of the ball's surface where it meets it (spin included: a
        // topspin ball's back runs away from the tip).
        let closing = k.speed - (s.vel + s.ang_vel.cross(q)).dot(k.dir);
        if closing <= 0.0 {
            // Touching a surface that runs away: no push, and the stick is done.
            self.stick = None;
            return;
        }
        let stroke = Strike {
            speed_mps: closing,
            a: q.dot(right) / p.ball_radius_m,
            b: q.dot(up) / p.ball_radius_m,
            ..k.stroke
        };
        let hit = instantaneous_point::catch(&s, &stroke, &p);
        // The stick keeps its speed less what the impulse took (the closing speed's change).
        let speed = k.speed - (closing - hit.cue_speed_after);
        let catches = k.catches + 1;
        self.stick = (!hit.miscue && speed > 0.0 && catches < MAX_CATCHES).then_some(Stick {
            tip0: tip,
            t0: t,
            speed,
            stop: t + (k.stop - t) * k.speed / speed,
            catches,
            ..k
        });
        self.set(i, t, hit.state);
        self.refresh(&[i]);
        let ball = self.balls[i].id;
        out.push(self.event(t, EventKind::Strike { ball }, &[i]));
        if hit.state.motion == Motion::Airborne {
            out.push(self.event(t, EventKind::Airborne { ball }, &[i]));
        }
    }

    /// Kinetic energy of the cue while it follows through (it stops at the end), J.
    pub fn cue_energy(&self, t: f64) -> f64 {
        match self.stick {
            Some(k) if t < k.stop => 0.5 * self.params.cue_mass_kg * k.speed * k.speed,
            _ => 0.0,
        }
    }

    /// Runs `dt` seconds on from the current time and returns the events in that interval (an
    /// event exactly at the end is included). Stops exactly at `time() + dt`.
    pub fn advance(&mut self, dt: f64) -> Vec<Event> {
        self.advance_to(self.now + dt.max(0.0))
    }

    /// Runs to the absolute time `t` (no earlier than now) and returns the events up to and
    /// including `t`.
    pub fn advance_to(&mut self, t: f64) -> Vec<Event> {
        let mut out = Vec::new();
        self.run(t, &mut out);
        self.now = self.now.max(t);
        out
    }

    /// When the next event will happen, if anything still moves.
    pub fn next_event_time(&self) -> Option<f64> {
        let t = self.next().0;
        t.is_finite().then_some(t)
    }

    /// True if a ball of this simulation's radius centred at `[x, y]` fits on the bed: inside
    /// the cushion noses, or in a pocket's mouth between its jaws short of the drop hole.
    pub fn fits_on_bed(&self, pos: [f64; 2], tolerance_m: f64) -> bool {
        self.geo.fits(&self.table, V3::new(pos[0], pos[1], 0.0), self.params.ball_radius_m, tolerance_m)
    }

    /// Runs until every ball rests (or `DEFAULT_MAX_TIME_S`).
    pub fn run_to_rest(&mut self) -> Vec<Event> {
        self.run_until(DEFAULT_MAX_TIME_S)
    }

    /// Runs until every ball rests or until `t_max`, whichever is first. The time is then that of
    /// the last event, or `t_max` if something still moves.
    pub fn run_until(&mut self, t_max: f64) -> Vec<Event> {
        let mut out = Vec::new();
        self.run(t_max, &mut out);
        if !self.is_at_rest() {
            self.now = self.now.max(t_max);
        }
        out
    }

    fn run(&mut self, target: f64, out: &mut Vec<Event>) {
        out.append(&mut self.pending);
        loop {
            let (t, next) = self.earliest(target);
            if t.is_nan() || t > target || t == f64::INFINITY {
                break;
            }
            if self.events >= MAX_EVENTS {
                self.freeze(t, out);
                break;
            }
            let Some(next) = next else { break };
            self.events += 1;
            self.now = self.now.max(t);
            self.process(t, next, out);
        }
    }

    /// Every ball at time `t`: between the last processed event and the next pending one (the
    /// current time after `advance` is always valid).
    pub fn snapshot(&self, t: f64) -> Vec<BallSnapshot> {
        (0..self.balls.len()).map(|i| BallSnapshot { id: self.balls[i].id, state: self.state_at(i, t) }).collect()
    }

    /// Where every ball is now, as the `sim` output's `balls`.
    pub fn final_balls(&self) -> Vec<FinalBall> {
        self.snapshot(self.now).iter().map(|b| FinalBall { id: b.id, fate: b.fate() }).collect()
    }

    /// The state of `ball` at time `t` (as `snapshot`).
    pub fn ball(&self, ball: BallId, t: f64) -> Option<BallState> {
        let i = self.balls.iter().position(|b| b.id == ball)?;
        Some(self.state_at(i, t))
    }

    fn state_at(&self, i: usize, t: f64) -> BallState {
        let b = &self.balls[i];
        let dt = (t - b.t0).clamp(0.0, (b.end - b.t0).max(0.0));
        evolve(&b.s, &self.params, dt)
    }

    fn set(&mut self, i: usize, t: f64, s: BallState) {
        self.balls[i] = Slot::new(self.balls[i].id, t, s, &self.params);
    }

    fn path(&self, i: usize, t: f64) -> Path {
        let b = &self.balls[i];
        let s = evolve_motion(&b.s, &self.params, t - b.t0);
        let moving = b.s.motion.translates();
        Path { p0: s.pos, v0: if moving { s.vel } else { Default::default() }, acc: b.acc, horizon: b.end - t }
    }

    /// `path` from the state's motion polynomial instead of `evolve`: the same path to rounding
    /// (1e-15 m), cheaper, for bounds only.
    #[inline(always)]
    fn rough_path(&self, i: usize, t: f64) -> Path {
        let b = &self.balls[i];
        let dt = t - b.t0;
        let (p0, v0) = if b.s.motion.translates() {
            (b.s.pos + dt * (b.s.vel + (0.5 * dt) * b.acc), b.s.vel + dt * b.acc)
        } else {
            (b.s.pos, V3::ZERO)
        };
        Path { p0, v0, acc: b.acc, horizon: b.end - t }
    }

    /// A disc (centre, radius) that holds ball `i`'s centre from its last event to its next own
    /// event (or the end of its motion state): around the middle of the chord, half the chord
    /// plus the most a constant acceleration bends the path off it, `|a| h^2 / 8`.
    fn disc(&self, i: usize) -> (V3, f64) {
        let b = &self.balls[i];
        if !b.s.motion.translates() {
            return (b.s.pos, 0.0);
        }
        let h = self.own[i].0.min(b.end) - b.t0;
        if !(h.is_finite() && h >= 0.0) {
            return (b.s.pos, f64::INFINITY);
        }
        let chord = h * (b.s.vel + (0.5 * h) * b.acc);
        (b.s.pos + 0.5 * chord, 0.5 * chord.norm() + b.acc.norm() * h * h / 8.0 + 1e-12)
    }

    fn own_candidate(&self, i: usize) -> (f64, Own) {
        let b = &self.balls[i];
        match b.s.motion {
            Motion::Spinning => return (b.end, Own::Transition),
            Motion::Airborne => return self.flight_candidate(i),
            Motion::Sliding | Motion::Rolling => {}
            _ => return (f64::INFINITY, Own::None),
        }
        let mut path = self.path(i, b.t0);
        let r = self.params.ball_radius_m;
        let mut best = (b.end, Own::Transition);
        // Straight cushions first (cheap); the earliest hit then bounds the search for the
        // quartic jaw-point and pocket checks, which mostly fall away. The cushions are solved
        // for in the order of their lower bounds (`ball_line_bound`), only while a bound is no
        // later than the best hit so far: mostly just the cushion the ball runs into. Ties go
        // to the lower index, as in a plain scan in index order.
        let lines = &self.geo.lines;
        let rails = self.geo.rail_lines;
        if rails <= MAX_LINES && lines.len() == rails + 2 * self.geo.holes.len() {
            let mut bound = [f64::NAN; MAX_LINES];
            let reach = Reach::new(&path);
            for (k, line) in lines.iter().enumerate().take(rails) {
                let mut t = b.t0 + ball_line_bound(&path, line, r);
                if t <= best.0 {
                    // A contact is within R of the segment, so no sooner than the centre gets
                    // within R + len/2 of its middle: this keeps a short jaw face's line from
                    // counting where it crosses the table.
                    let middle = line.start + (0.5 * line.len) * line.dir;
                    t = t.max(b.t0 + point_bound(&path, &reach, middle, r + 0.5 * line.len));
                }
                bound[k] = t;
            }
            // The rail with the least bound no later than the best so far; NaN marks one
            // solved (it never compares).
            let least = |bound: &[f64; MAX_LINES], best: f64| {
                let (mut pick, mut least) = (None, best);
                for (k, &t) in bound.iter().enumerate().take(rails) {
                    if t <= least {
                        (pick, least) = (Some(k), t);
                    }
                }
                pick
            };
            while let Some(k) = least(&bound, best.0) {
                bound[k] = f64::NAN;
                if let Some(dt) = ball_line(&path, &lines[k], r) {
                    let t = b.t0 + dt;
                    if t < best.0 || (t == best.0 && matches!(best.1, Own::Line(j) if k < j)) {
                        best = (t, Own::Line(k));
                    }
                }
            }
            // Then the jaw faces, pocket by pocket in index order (so each face comes after
            // every line with a lower index, and a tie never goes to it): a pocket whose faces
            // the ball cannot reach before the best so far is passed over whole, the rest are
            // solved for only where their bounds come before it. `ball_line` always gets the
            // whole path, so a time it returns is the one a search of every line returns.
            let mut soon = Path { horizon: best.0 - b.t0, ..path };
            let mut reach = Reach::new(&soon);
            for pocket in 0..self.geo.holes.len() {
                if self.geo.faces_out_of_reach(pocket, &soon, &reach, r) {
                    continue;
                }
                for k in [rails + 2 * pocket, rails + 2 * pocket + 1] {
                    let line = &lines[k];
                    let mut t = b.t0 + ball_line_bound(&path, line, r);
                    if t < best.0 {
                        let middle = line.start + (0.5 * line.len) * line.dir;
                        t = t.max(b.t0 + point_bound(&soon, &reach, middle, r + 0.5 * line.len));
                    }
                    if t < best.0
                        && !line_passes_clear(&soon, line, r)
                        && let Some(dt) = ball_line(&path, line, r)
                        && b.t0 + dt < best.0
                    {
                        best = (b.t0 + dt, Own::Line(k));
                        soon.horizon = best.0 - b.t0;
                        reach = Reach::new(&soon);
                    }
                }
            }
        } else {
            for (k, line) in lines.iter().enumerate() {
                if let Some(dt) = ball_line(&path, line, r)
                    && b.t0 + dt < best.0
                {
                    best = (b.t0 + dt, Own::Line(k));
                }
            }
        }
        path.horizon = best.0 - b.t0;
        // Jaw ends and pockets that cannot be reached before the best so far are not solved for.
        let reach = Reach::new(&path);
        let mut far = [false; MAX_POCKETS];
        for (k, far) in far.iter_mut().enumerate().take(self.geo.holes.len()) {
            *far = self.geo.out_of_reach(k, &path, &reach, r);
        }
        let far = |k: usize| k < MAX_POCKETS && far[k];
        for (k, post) in self.geo.posts.iter().enumerate() {
            if far(post.pocket)
                || b.t0 + point_bound(&path, &reach, post.at, r + post.radius) >= best.0
                || passes_clear(&path, post.at, r + post.radius)
            {
                continue;
            }
            if let Some(dt) = ball_post(&path, post.at, r + post.radius)
                && b.t0 + dt < best.0
            {
                best = (b.t0 + dt, Own::Post(k));
            }
        }
        for (k, hole) in self.geo.holes.iter().enumerate() {
            if far(k) || b.t0 + ball_hole_bound(&path, &reach, hole) >= best.0 || hole_passes_clear(&path, hole) {
                continue;
            }
            if let Some(dt) = ball_hole(&path, hole)
                && b.t0 + dt < best.0
            {
                best = (b.t0 + dt, Own::Hole(k));
            }
        }
        best
    }

    /// The next own event of a ball in flight: landing, a cushion, leaving the table, a pocket.
    #[inline(never)]
    fn flight_candidate(&self, i: usize) -> (f64, Own) {
        let b = &self.balls[i];
        let mut path = self.path(i, b.t0);
        let r = self.params.ball_radius_m;
        let nose = self.geo.cushion_height_m;
        let land = b.end;
        // Its bottom is above the cushion nose at `t`, before it lands.
        let clears = |path: &Path, t: f64| t <= land && path.at(t - b.t0).z - r >= nose;
        let mut best = (land, Own::Transition);
        for (k, line) in self.geo.lines.iter().enumerate() {
            let Some(dt) = ball_line(&path, line, r) else { continue };
            let touch = b.t0 + dt;
            if touch >= best.0 {
                continue;
            }
            // In flight the horizontal velocity is constant: the centre reaches the nose line R
            // after the touch.
            let closing = -line.normal.dot(path.v0);
            let cross = if closing > 0.0 { touch + r / closing } else { f64::INFINITY };
            if clears(&path, cross) {
                if cross < best.0 {
                    best = (cross, Own::Leave);
                }
            } else {
                best = (touch, Own::Line(k));
            }
        }
        path.horizon = best.0 - b.t0;
        for (k, post) in self.geo.posts.iter().enumerate() {
            let Some(dt) = ball_post(&path, post.at, r + post.radius) else { continue };
            let touch = b.t0 + dt;
            if touch >= best.0 {
                continue;
            }
            let normal = (path.at(dt) - post.at).xy().unit_or_zero();
            let closing = -normal.dot(path.v0);
            let cross = if closing > 0.0 { touch + r / closing } else { f64::INFINITY };
            // A ball high enough flies over the jaw's end (and on over the rail or the pocket).
            if !clears(&path, cross) {
                best = (touch, Own::Post(k));
            }
        }
        for (k, hole) in self.geo.holes.iter().enumerate() {
            let Some(dt) = ball_back(&path, hole) else { continue };
            if b.t0 + dt < best.0 {
                let low = path.at(dt).z - r < nose;
                best = (b.t0 + dt, if low { Own::Hole(k) } else { Own::Leave });
            }
        }
        best
    }

    /// A ball in flight strikes a cushion: the cushion model acts on its horizontal motion and
    /// spin as on the bed; its height and vertical velocity carry on.
    #[inline(never)]
    fn flying_cushion_hit(&self, s: &BallState, normal: V3) -> BallState {
        let p = &self.params;
        let flat = BallState {
            pos: V3::new(s.pos.x, s.pos.y, p.ball_radius_m),
            vel: s.vel.xy(),
            motion: Motion::Sliding,
            ..*s
        };
        let hit = ball_cushion::resolve(&flat, normal, self.geo.cushion_height_m, p);
        BallState { vel: V3::new(hit.vel.x, hit.vel.y, s.vel.z), ang_vel: hit.ang_vel, ..*s }
    }

    /// A ball in flight comes down on the bed plane: into a drop hole, off the table (it flew
    /// over a jaw's end), or onto the cloth, where the slate bounces it.
    #[inline(never)]
    fn land(&self, s: &BallState, id: BallId) -> (BallState, EventKind, bool) {
        let p = &self.params;
        let at = BallState { pos: V3::new(s.pos.x, s.pos.y, p.ball_radius_m), ..*s };
        if let Some(hole) = self.geo.holes.iter().find(|h| (at.pos - h.centre).xy().norm() <= h.radius) {
            let pocket = hole.id;
            return (
                BallState { motion: Motion::Pocketed(pocket), ..at },
                EventKind::Pocket { ball: id, pocket },
                false,
            );
        }
        if !self.geo.over_bed(&self.table, at.pos) {
            return (BallState { motion: Motion::OffTable, ..*s }, EventKind::OffTable { ball: id }, false);
        }
        let out = ball_table::resolve(&at, p);
        (out, EventKind::Land { ball: id }, out.motion == Motion::Airborne)
    }

    /// The two balls' paths from the later of their last events (`None` if they cannot meet:
    /// one is out of play, or neither moves), with that time; `rough_path`s if `rough`.
    #[inline(always)]
    fn pair_paths(&self, i: usize, j: usize, rough: bool) -> Option<(f64, Path, Path)> {
        let (a, b) = (&self.balls[i], &self.balls[j]);
        if !a.s.motion.on_table() || !b.s.motion.on_table() {
            return None;
        }
        if !a.s.motion.translates() && !b.s.motion.translates() {
            return None;
        }
        let t = a.t0.max(b.t0);
        let (mut pa, mut pb) =
            if rough { (self.rough_path(i, t), self.rough_path(j, t)) } else { (self.path(i, t), self.path(j, t)) };
        // Each ball's next own event (cushion, pocket, change of motion) recomputes all its
        // pairs, so a contact only matters before the earlier of the two.
        let until = self.own[i].0.min(self.own[j].0);
        pa.horizon = pa.horizon.min(until - t);
        pb.horizon = pb.horizon.min(until - t);
        Some((t, pa, pb))
    }

    /// The pair's contact time, or a lower bound on it: `(time, exact)`.
    fn pair_bound(&self, i: usize, j: usize) -> (f64, bool) {
        // Discs too far apart: the two cannot meet before either's next own event, which
        // recomputes the pair (`BOUND_MARGIN_M`'s 1e-9 m keeps clear of rounding).
        let ((ca, ra), (cb, rb)) = (self.discs[i], self.discs[j]);
        let apart = ra + rb + 2.0 * self.params.ball_radius_m + 1e-9;
        if (cb - ca).norm_sq() > apart * apart {
            return (f64::INFINITY, true);
        }
        let Some((t, pa, pb)) = self.pair_paths(i, j, true) else { return (f64::INFINITY, true) };
        match ball_ball_bound(&pa, &pb, self.params.ball_radius_m) {
            None => (f64::INFINITY, true),
            Some(dt) => (t + dt, false),
        }
    }

    fn pair_candidate(&self, i: usize, j: usize) -> f64 {
        let Some((t, pa, pb)) = self.pair_paths(i, j, false) else { return f64::INFINITY };
        ball_ball(&pa, &pb, self.params.ball_radius_m).map_or(f64::INFINITY, |dt| t + dt)
    }

    /// The earliest pending event (ball order, then pair order, on ties) from the candidates as
    /// they stand, a pair's bound taken for its time: the time, the event, and whether that
    /// time is exact.
    fn scan(&self, pairs: &Pairs) -> (f64, Option<Next>, bool) {
        let mut best = (f64::INFINITY, None, true);
        for (i, &(t, _)) in self.own.iter().enumerate() {
            // `Own::None` always comes with an infinite time, which never wins.
            if t < best.0 {
                best = (t, Some(Next::Own(i)), true);
            }
        }
        if let Some(e) = pairs.earliest_below(best.0) {
            best = (e.t, Some(Next::Pair(e.i, e.j)), e.exact);
        }
        if let Some(k) = &self.stick
            && k.next < best.0
        {
            best = (k.next, Some(Next::Catch), true);
        }
        best
    }

    /// The earliest pending event, solving the quartics of the pairs whose bounds come first
    /// until an exact time leads. That is the event a scan of exact times gives, ties included:
    /// every candidate before it in scan order has a bound, so a time, later than it, and every
    /// one after it a time no earlier. Stops early (returning a bound) once everything left
    /// lies beyond `target`.
    fn earliest(&mut self, target: f64) -> (f64, Option<Next>) {
        loop {
            let (t, next, exact) = self.scan(&self.pairs);
            match next {
                Some(Next::Pair(i, j)) if !exact && t <= target => {
                    if self.pairs.rebounds(i, j) < MAX_REBOUNDS
                        && let Some((later, exact)) = self.pair_rebound(i, j, t)
                    {
                        self.pairs.rebound(i, j, later, exact);
                        continue;
                    }
                    let t = self.pair_candidate(i, j);
                    self.pairs.set(i, j, t, true);
                }
                _ => return (t, next),
            }
        }
    }

    /// The pair's bound taken again from its bound's time `at` (conservative advancement): the
    /// rough paths moved on to `at`, `events::ball_ball_bound` from there, and again from that
    /// bound while it gets on. Most pairs whose first bound comes up miss each other: from closer
    /// in the bound sees them part (or pass wide) and the quartic is never solved. `None` if it
    /// gets no further (then the quartic is solved, from the pair's own origin as always, so a
    /// contact time is the same to the bit).
    fn pair_rebound(&self, i: usize, j: usize, at: f64) -> Option<(f64, bool)> {
        let (t, pa, pb) = self.pair_paths(i, j, true)?;
        let r = self.params.ball_radius_m;
        let mut now = at;
        for _ in 0..REBOUND_STEPS {
            let dt = now - t;
            if dt.is_nan() || dt <= 0.0 {
                break;
            }
            let on = |p: &Path| Path { p0: p.at(dt), v0: p.v0 + dt * p.acc, acc: p.acc, horizon: p.horizon - dt };
            match ball_ball_bound(&on(&pa), &on(&pb), r) {
                None => return Some((f64::INFINITY, true)),
                // Closing in on a contact: no use going on in small steps.
                Some(d) if d < REBOUND_MIN_STEP_S => break,
                Some(d) => now += d,
            }
        }
        (now > at).then_some((now, false))
    }

    /// `earliest` without storing what it solves (for `&self` callers).
    fn next(&self) -> (f64, Option<Next>) {
        let (t, next, exact) = self.scan(&self.pairs);
        if exact {
            return (t, next);
        }
        let mut pairs = self.pairs.clone();
        loop {
            let (t, next, exact) = self.scan(&pairs);
            match next {
                Some(Next::Pair(i, j)) if !exact => pairs.set(i, j, self.pair_candidate(i, j), true),
                _ => return (t, next),
            }
        }
    }

    fn process(&mut self, t: f64, next: Next, out: &mut Vec<Event>) {
        let p = self.params;
        match next {
            Next::Catch => self.catch(t, out),
            Next::Own(i) => {
                let s = self.state_at(i, t);
                let id = self.balls[i].id;
                let flying = s.motion == Motion::Airborne;
                let mut up_again = false;
                let (new, kind) = match self.own[i].1 {
                    Own::Line(k) if flying => {
                        let line = self.geo.lines[k];
                        (self.flying_cushion_hit(&s, line.normal), EventKind::Cushion { ball: id, rail: line.rail })
                    }
                    Own::Post(k) if flying => {
                        let post = self.geo.posts[k];
                        let normal = (s.pos - post.at).xy().unit_or_zero();
                        (self.flying_cushion_hit(&s, normal), EventKind::Cushion { ball: id, rail: post.rail })
                    }
                    Own::Leave => (BallState { motion: Motion::OffTable, ..s }, EventKind::OffTable { ball: id }),
                    Own::Transition | Own::None if flying => {
                        let (new, kind, again) = self.land(&s, id);
                        up_again = again;
                        (new, kind)
                    }
                    Own::Line(k) => {
                        let line = self.geo.lines[k];
                        let out = ball_cushion::resolve(&s, line.normal, self.geo.cushion_height_m, &p);
                        (stick_to_cushion(out, line.normal, &p), EventKind::Cushion { ball: id, rail: line.rail })
                    }
                    Own::Post(k) => {
                        let post = self.geo.posts[k];
                        let normal = (s.pos - post.at).xy().unit_or_zero();
                        let out = ball_cushion::resolve(&s, normal, self.geo.cushion_height_m, &p);
                        (stick_to_cushion(out, normal, &p), EventKind::Cushion { ball: id, rail: post.rail })
                    }
                    Own::Hole(k) => {
                        let pocket = self.geo.holes[k].id;
                        (BallState { motion: Motion::Pocketed(pocket), ..s }, EventKind::Pocket { ball: id, pocket })
                    }
                    Own::Transition | Own::None => {
                        let out = after_transition(&s, &p);
                        let kind = match out.motion {
                            Motion::Rolling => EventKind::Rolling { ball: id },
                            Motion::Spinning => EventKind::Spinning { ball: id },
                            _ => EventKind::Stop { ball: id },
                        };
                        (out, kind)
                    }
                };
                self.set(i, t, new);
                self.refresh(&[i]);
                out.push(self.event(t, kind, &[i]));
                if up_again {
                    out.push(self.event(t, EventKind::Airborne { ball: id }, &[i]));
                }
            }
            Next::Pair(i, j) => {
                let (a, b) = (self.state_at(i, t), self.state_at(j, t));
                // In 3D: exactly the plane's line of centres for two balls on the bed.
                let n = (b.pos - a.pos).unit_or_zero();
                let approach = (a.vel - b.vel).dot(n);
                if t == self.streak.0 {
                    self.streak.1 += 1;
                } else {
                    self.streak = (t, 0);
                }
                if a.motion == Motion::Airborne || b.motion == Motion::Airborne {
                    // A ball in flight: the 3D contact, which may lift the other ball; a ball left
                    // resting on top of another slides off it, and one pressed against a ball on
                    // the cloth gives up what keeps it pressed (the crawl and push rules below are
                    // for balls pressed together on the cloth).
                    let (a2, b2) = frictional_inelastic_3d::resolve(&a, &b, &p);
                    let (a2, b2) = roll_off::resolve(&a2, &b2, &p, |q| self.clear_for(q, t, &[i, j]));
                    let (a2, b2) = flying_press::resolve(&a2, &b2, &p);
                    self.finish_pair(t, i, j, a2, b2, out);
                    for (k, before, after) in [(i, a, a2), (j, b, b2)] {
                        if before.motion.on_bed() && after.motion == Motion::Airborne {
                            out.push(self.event(t, EventKind::Airborne { ball: self.balls[k].id }, &[k]));
                        }
                    }
                    return;
                }
                let slow = a.vel.norm() < CRAWL_SPEED_MPS && b.vel.norm() < CRAWL_SPEED_MPS;
                let (mut a2, mut b2) =
                    if self.streak.1 > MAX_SIMULTANEOUS || (slow && approach < frictional_inelastic::GRAZE_SPEED_MPS) {
                        // A cluster pressed together at a crawl, or contacts that keep re-arising at
                        // one instant: the push ends here (a rolling ball this slow has millimetres
                        // left to go).
                        (halt(&a, &p), halt(&b, &p))
                    } else if approach < frictional_inelastic::GRAZE_SPEED_MPS {
                        frictional_inelastic::graze(&a, &b, &p)
                    } else {
                        ball_ball::resolve(&a, &b, &p)
                    };
                let separating = (b2.vel - a2.vel).dot(n);
                let rel_acc = (acceleration(&b2, &p) - acceleration(&a2, &p)).dot(n);
                // Pulled back so hard that the bounces would run on without end before the
                // pulling motion ends (their durations sum to 2 s / (|a| (1 - e))).
                let lasts = segment_duration(&a2, &p).max(segment_duration(&b2, &p));
                let pulled_back =
                    rel_acc < 0.0 && 2.0 * separating.max(0.0) / (-rel_acc * (1.0 - p.e_ball).max(0.05)) < lasts;
                if a.vel.norm() < STICK_SPEED_MPS && b.vel.norm() < STICK_SPEED_MPS {
                    // Both creeping (a rolling ball this slow has a tenth of a millimetre left
                    // to go): the contact ends their motion instead of starting a run of ever
                    // smaller bounces.
                    a2 = halt(&a, &p);
                    b2 = halt(&b, &p);
                } else if separating < STICK_SPEED_MPS && pulled_back {
                    a2 = complete_slide(&a2, &p);
                    b2 = complete_slide(&b2, &p);
                    // Still pressed together at a crawl (e.g. both rolling on slightly different
                    // lines): they move on as one, rolling at their mean velocity (a plastic
                    // push; it only removes energy).
                    let pulled_back = (acceleration(&b2, &p) - acceleration(&a2, &p)).dot(n) < 0.0;
                    if pulled_back && (b2.vel - a2.vel).norm() < CRAWL_SPEED_MPS {
                        let mean = 0.5 * (a2.vel + b2.vel);
                        a2 = settle(
                            BallState {
                                vel: mean,
                                ang_vel: V3::new(-mean.y, mean.x, 0.0) / p.ball_radius_m
                                    + V3::new(0.0, 0.0, a2.ang_vel.z),
                                ..a2
                            },
                            &p,
                        );
                        b2 = settle(
                            BallState {
                                vel: mean,
                                ang_vel: V3::new(-mean.y, mean.x, 0.0) / p.ball_radius_m
                                    + V3::new(0.0, 0.0, b2.ang_vel.z),
                                ..b2
                            },
                            &p,
                        );
                    }
                }
                self.finish_pair(t, i, j, a2, b2, out);
            }
        }
    }

    /// True if a ball centred at `q` at time `t` would be clear of the cushions and of every ball
    /// in play but those in `skip` (where a ball sliding off another may go).
    fn clear_for(&self, q: V3, t: f64, skip: &[usize]) -> bool {
        let r = self.params.ball_radius_m;
        self.geo.fits(&self.table, q, r, 0.0)
            && (0..self.balls.len()).all(|k| {
                skip.contains(&k)
                    || !self.balls[k].s.motion.on_table()
                    || (self.state_at(k, t).pos - q).norm() >= 2.0 * r
            })
    }

    fn finish_pair(&mut self, t: f64, i: usize, j: usize, a2: BallState, b2: BallState, out: &mut Vec<Event>) {
        self.set(i, t, a2);
        self.set(j, t, b2);
        self.refresh(&[i, j]);
        let (x, y) = (self.balls[i].id, self.balls[j].id);
        let balls = if x < y { [x, y] } else { [y, x] };
        out.push(self.event(t, EventKind::BallBall { balls }, &[i, j]));
    }

    /// Recomputes the candidates of the balls in `changed`.
    fn refresh(&mut self, changed: &[usize]) {
        let n = self.balls.len();
        // Own events first: the pair searches are bounded by them.
        for &i in changed {
            self.own[i] = self.own_candidate(i);
            self.discs[i] = self.disc(i);
        }
        for &i in changed {
            for k in 0..n {
                if k == i || (changed.contains(&k) && k < i) {
                    continue;
                }
                let (a, b) = if i < k { (i, k) } else { (k, i) };
                let (t, exact) = self.pair_bound(a, b);
                self.pairs.set(a, b, t, exact);
            }
        }
        if let Some(k) = &self.stick
            && changed.contains(&k.ball)
        {
            self.refresh_stick();
        }
    }

    /// Stops everything at `t` (the event guard): each moving ball comes to rest where it is.
    fn freeze(&mut self, t: f64, out: &mut Vec<Event>) {
        for i in 0..self.balls.len() {
            let s = self.state_at(i, t);
            if s.motion.on_table() && s.motion != Motion::Stationary {
                let pos = V3::new(s.pos.x, s.pos.y, self.params.ball_radius_m);
                let rest = BallState {
                    pos,
                    vel: Default::default(),
                    ang_vel: Default::default(),
                    motion: Motion::Stationary,
                    ..s
                };
                self.set(i, t, rest);
                out.push(self.event(t, EventKind::Stop { ball: self.balls[i].id }, &[i]));
            }
        }
        self.now = self.now.max(t);
        let n = self.balls.len();
        self.own = vec![(f64::INFINITY, Own::None); n];
        self.discs = (0..n).map(|i| self.disc(i)).collect();
        self.pairs = Pairs::new(n);
        self.stick = None;
    }

    fn event(&self, t: f64, kind: EventKind, involved: &[usize]) -> Event {
        let mut state = BTreeMap::new();
        for &i in involved {
            let s = &self.balls[i].s;
            state.insert(
                self.balls[i].id,
                Kinematics { pos: s.pos.to_array(), v: s.vel.to_array(), w: s.ang_vel.to_array() },
            );
        }
        Event { t, kind, state }
    }
}
