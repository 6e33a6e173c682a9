//! The cue strike on a cue ball frozen to (touching) object balls: cue, cue ball and the touching
//! balls solved together as compliant contacts of finite duration.
//!
//! Why not one impulse after another: the tip stays on the cue ball about a millisecond
//! (0.001-0.002 s for most tips and speeds, Alciatore's "cue tip contact time" FAQ and HSV
//! A.77-A.81, the Jacksonville Project), several times a ball-ball contact. So while the tip
//! pushes, the frozen pair moves as one along its line of centres while the cue ball is free
//! across it: the cue ball leaves far from the tangent line. Alciatore, TP A.15 (high-speed film):
//! aims of 8, 20, 34, 46, 57, 67, 77 degrees from the line of centres send the cue ball off at 13,
//! 34, 50, 61, 70, 78, 87 degrees, where a strike followed by a separate ball-ball contact gives
//! 78-90 (the cue ball keeps only `(1 - e) / 2` of its speed along the line).
//!
//! The model (Stronge, Impact Mechanics, 2000, ch. 4 and 7: compliant contacts with the
//! energetic coefficient of restitution, several contacts at once): every contact is a linear
//! spring that loads at stiffness `k` and unloads at `k / e^2` from its deepest point, so a lone
//! contact gives back exactly `e^2` of the energy it took (restitution `e`), whatever else moves.
//! - The tip on the cue ball pushes along the stroke (as in TP A-30) at the point
//!   `instantaneous_point::contact_point`, restitution `e_tip`, stiffness set so a centre hit on a
//!   lone ball lasts `TIP_CONTACT_S`. Alone, a centre hit would so leave the ball at TP A-30's
//!   speed (a lone contact's restitution is exactly `e`); off centre, the friction below adds
//!   its squirt.
//! - Across the stroke the tip holds the ball by friction (`mu = tan(asin(miscue_limit))`, the
//!   friction the miscue limit implies: the tip slides off where the surface normal leans further
//!   from the stroke), but it can only drag the cue's end mass (`cue_end_mass_kg`) along with
//!   it: the squirt model (TP A-31; R. Shepard, "Everything You Always Wanted to Know About Cue
//!   Ball Squirt", 2001).
//! - Balls touch along their line of centres (restitution `e_ball`, a contact lasting
//!   `BALL_CONTACT_S`) with friction `Params::ball_friction` on their slip (as in
//!   `ball_ball::frictional_inelastic`, TP A-14).
//! - The cloth is left out: its friction takes about 0.1 % of the ball's momentum in a
//!   millisecond. The slate takes the downward push of an elevated cue at the end
//!   (`ball_table::frictionless_inelastic`, as in the ordinary strike).
//!
//! The contacts are integrated with symplectic Euler steps of `STEP_S` (2 us, 150 steps per
//! ball contact; the outcome agrees with 0.2 us steps to 0.05 degrees and 2 mm/s) until every
//! contact is open and parting. Positions are not moved (they shift by millimetres in that time): the event
//! loop carries on from the strike's instant with the new velocities and spins.

use super::instantaneous_point::{Strike, contact_point, frame};
use crate::ball::BallState;
use crate::evolve::settle;
use crate::math::V3;
use crate::params::Params;
use crate::resolve::ball_table::frictionless_inelastic;

/// Two balls whose centres are at most this much further apart than `2 R` are frozen (touching),
/// m: the rounding of placed positions, far under the millimetres of a double hit. The strike
/// solves such balls with the cue ball (`Simulation::strike`) and the referee treats them as
/// frozen (6.7, 8.4; `biljardi_rules::record`).
pub const FROZEN_TOLERANCE_M: f64 = 2e-4;
/// How long the tip stays on a lone ball in a centre hit, s (Alciatore, FAQ "How long is the tip
/// in contact with the cue ball?": 0.001-0.002 s for most tips and speeds, 0.0008 s for a hard
/// tip at speed).
pub const TIP_CONTACT_S: f64 = 1e-3;
/// How long two balls meeting head-on stay in contact, s: Hertz's contact time (Landau and
/// Lifshitz, Theory of Elasticity, section 9) for two pool balls of phenolic resin (E = 5.84 GPa,
/// Poisson's ratio 0.34, S. Crown's figures) is 0.34 ms at 2 m/s and 0.28 ms at 5 m/s.
pub const BALL_CONTACT_S: f64 = 3e-4;
/// Integration step, s.
const STEP_S: f64 = 2e-6;
/// The contacts are given up after this long, s (they end in under 2 ms).
const MAX_TIME_S: f64 = 0.02;

/// What the strike did to the cue ball and to each ball it touched.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub cue_ball: BallState,
    /// The touching balls, in the order given.
    pub others: Vec<BallState>,
    /// Which of them the cue ball pushed (a ball it moves away from is untouched).
    pub pushed: Vec<bool>,
    /// The stick's speed along its stroke when the tip left the ball, m/s.
    pub cue_speed_after: f64,
}

/// A contact spring with the energetic restitution `e`: loading at `k`, unloading at `k / e^2`
/// from the deepest compression reached (Stronge 2000, section 4.3).
#[derive(Clone, Copy, Debug)]
struct Spring {
    k: f64,
    e: f64,
    deepest: f64,
}

impl Spring {
    fn new(k: f64, e: f64) -> Spring {
        Spring { k, e: e.clamp(0.0, 1.0), deepest: 0.0 }
    }

    /// The contact force at compression `depth`, N.
    fn force(&mut self, depth: f64) -> f64 {
        if depth <= 0.0 {
            return 0.0;
        }
        if depth >= self.deepest {
            self.deepest = depth;
            return self.k * depth;
        }
        if self.e <= 0.0 {
            return 0.0;
        }
        let rest = self.deepest * (1.0 - self.e * self.e);
        (self.k / (self.e * self.e) * (depth - rest)).max(0.0)
    }
}

/// A ball during the contact: displacement in the bed plane from where it stood, velocity, spin.
#[derive(Clone, Copy, Debug)]
struct Body {
    moved: V3,
    vel: V3,
    ang_vel: V3,
}

/// The friction impulse (on the first body) that opposes the slip `slip` at a contact, at most
/// `limit` and at most what stops the slip, given how much an impulse of 1 along the slip
/// changes it (`per_unit`).
fn friction(slip: V3, limit: f64, per_unit: impl Fn(V3) -> f64) -> V3 {
    let speed = slip.norm();
    if speed == 0.0 || limit <= 0.0 {
        return V3::ZERO;
    }
    let t = slip / speed;
    (-limit.min(speed / per_unit(t))) * t
}

/// Strikes the cue ball `cue_ball` with `others` touching it. `None` when this is no case for
/// the model (a miscue, whose tip skids off, or a stroke that pushes none of them): the ordinary
/// strike applies.
pub fn strike(cue_ball: &BallState, others: &[BallState], k: &Strike, p: &Params) -> Option<Outcome> {
    integrate(cue_ball, others, k, p, STEP_S)
}

fn integrate(cue_ball: &BallState, others: &[BallState], k: &Strike, p: &Params, h: f64) -> Option<Outcome> {
    let (m, r, inertia, big_m, end_m) =
        (p.ball_mass_kg, p.ball_radius_m, p.inertia(), p.cue_mass_kg, p.cue_end_mass_kg);
    if (k.a * k.a + k.b * k.b).sqrt() > p.miscue_limit || others.is_empty() {
        return None;
    }
    let (dir, _, _) = frame(k);
    let at = contact_point(k, r);
    // Stiffnesses from the contact times: a linear spring of effective mass `mu` loads for
    // (pi / 2) sqrt(mu / k) and unloads for e times that.
    let stiffness = |mu: f64, e: f64, time: f64| mu * (std::f64::consts::FRAC_PI_2 * (1.0 + e) / time).powi(2);
    let mut tip = Spring::new(stiffness(1.0 / (1.0 / big_m + 1.0 / m), p.e_tip, TIP_CONTACT_S), p.e_tip);
    let k_ball = stiffness(0.5 * m, p.e_ball, BALL_CONTACT_S);
    let mut springs: Vec<Spring> = others.iter().map(|_| Spring::new(k_ball, p.e_ball)).collect();
    let mu_tip = p.miscue_limit.clamp(0.0, 0.99).asin().tan();

    // The cue ball is free in all three directions while the tip pushes (as in the ordinary
    // strike); the slate takes its downward velocity at the end.
    let mut cue = Body { moved: V3::ZERO, vel: cue_ball.vel, ang_vel: cue_ball.ang_vel };
    let mut balls: Vec<Body> =
        others.iter().map(|s| Body { moved: V3::ZERO, vel: s.vel.xy(), ang_vel: s.ang_vel }).collect();
    let mut pushed = vec![false; others.len()];
    // The stick: its speed along the stroke, how far its tip has gone into the ball's surface,
    // and the sideways velocity of its end mass.
    let (mut stick_speed, mut tip_depth, mut tip_side) = (k.speed_mps, 0.0, V3::ZERO);
    let mut t = 0.0;
    while t < MAX_TIME_S {
        t += h;
        let mut dv = V3::ZERO;
        let mut dw = V3::ZERO;
        // The tip.
        let f_tip = tip.force(tip_depth);
        if f_tip > 0.0 {
            let j = f_tip * h;
            dv += (j / m) * dir;
            dw += at.cross(j * dir) / inertia;
            stick_speed -= j / big_m;
            // Friction across the stroke, against the end mass.
            let surface = cue.vel + cue.ang_vel.cross(at);
            let slip = surface - stick_speed * dir - tip_side;
            let slip = slip - slip.dot(dir) * dir;
            let jt = friction(slip, mu_tip * j, |u| 1.0 / m + 1.0 / end_m + at.cross(u).cross(at).dot(u) / inertia);
            dv += jt / m;
            dw += at.cross(jt) / inertia;
            tip_side -= jt / end_m;
        }
        // The balls.
        let mut open = f_tip == 0.0 && stick_speed <= (cue.vel + cue.ang_vel.cross(at)).dot(dir);
        for (n_ball, (ball, spring)) in balls.iter_mut().zip(springs.iter_mut()).enumerate() {
            let gap = others[n_ball].pos.xy() + ball.moved - cue_ball.pos.xy() - cue.moved.xy();
            let dist = gap.norm();
            let n = gap / dist;
            let f = spring.force(2.0 * r - dist);
            if f > 0.0 {
                pushed[n_ball] = true;
                let j = f * h;
                dv -= (j / m) * n;
                ball.vel += (j / m) * n;
                // Friction on the slip of the cue ball's surface over the other's.
                let slip = cue.vel + cue.ang_vel.cross(r * n) - ball.vel - ball.ang_vel.cross(-r * n);
                let slip = slip - slip.dot(n) * n;
                let jt = friction(slip, p.ball_friction(slip.norm()) * j, |_| 7.0 / m);
                // The bed takes any vertical part (as in `frictional_inelastic`).
                dv += jt.xy() / m;
                ball.vel -= jt.xy() / m;
                dw += (r * n).cross(jt) / inertia;
                ball.ang_vel += (-r * n).cross(-jt) / inertia;
            }
            open &= f == 0.0 && (ball.vel - cue.vel).dot(n) >= 0.0;
            ball.moved += h * ball.vel;
        }
        cue.vel += dv;
        cue.ang_vel += dw;
        if open {
            break;
        }
        tip_depth += h * (stick_speed - (cue.vel + cue.ang_vel.cross(at)).dot(dir));
        cue.moved += h * cue.vel;
    }
    if !pushed.iter().any(|&x| x) {
        return None;
    }
    let finish = |s: &BallState, b: &Body| BallState { vel: b.vel, ang_vel: b.ang_vel, ..*s };
    let out = finish(cue_ball, &cue);
    let cue_ball = if out.vel.z < 0.0 { frictionless_inelastic::resolve(&out, p) } else { settle(out, p) };
    let others = others.iter().zip(&balls).map(|(s, b)| settle(finish(s, b), p)).collect();
    Some(Outcome { cue_ball, others, pushed, cue_speed_after: stick_speed })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Alciatore, TP A.15 (high-speed film of a cue ball frozen to an object ball): the aim (the
    /// stroke's angle from the line of centres) and the cue ball's measured departure angle
    /// from that line, degrees.
    const TP_A15: [(f64, f64); 7] =
        [(8.0, 13.0), (20.0, 34.0), (34.0, 50.0), (46.0, 61.0), (57.0, 70.0), (67.0, 78.0), (77.0, 87.0)];

    /// The cue ball at the origin, the object ball frozen to it along +x, a level centre stroke
    /// at `aim_deg` from that line.
    fn frozen_pair(aim_deg: f64, speed: f64, step: f64) -> Outcome {
        let p = Params::default();
        let r = p.ball_radius_m;
        let cue = BallState::at_rest([0.0, 0.0], r);
        let object = BallState::at_rest([2.0 * r, 0.0], r);
        integrate(&cue, &[object], &Strike::centre(speed, aim_deg.to_radians()), &p, step).expect("pushed")
    }

    fn angle_deg(v: V3) -> f64 {
        v.y.atan2(v.x).to_degrees()
    }

    #[test]
    fn tp_a15_cue_ball_departure_angles_are_within_five_degrees_of_the_film() {
        for speed in [0.5, 2.0, 5.0] {
            for (aim, measured) in TP_A15 {
                let out = frozen_pair(aim, speed, STEP_S);
                let angle = angle_deg(out.cue_ball.vel);
                assert!((angle - measured).abs() <= 5.0, "{speed} m/s, aim {aim}: {angle:.2} (film {measured})");
            }
        }
    }

    #[test]
    fn one_impulse_after_another_would_leave_near_the_tangent_line() {
        // What the model replaces: the strike's impulse, then a ball-ball contact at e 0.95 keeps
        // (1 - e) / 2 of the cue ball's speed along the line of centres: 86 degrees at a 20
        // degree aim (TP A.15's film: 34).
        let (aim, e) = (20f64.to_radians(), Params::default().e_ball);
        let sequential = aim.sin().atan2(0.5 * (1.0 - e) * aim.cos()).to_degrees();
        assert!((sequential - 86.0).abs() < 0.5, "{sequential}");
        let angle = angle_deg(frozen_pair(20.0, 2.0, STEP_S).cue_ball.vel);
        assert!((angle - 34.0).abs() < 3.0, "{angle}");
    }

    #[test]
    fn the_object_ball_takes_the_pairs_share_of_the_push_along_the_line_of_centres() {
        // With the ball contact rigid beside the tip's, the pair is one body of mass 2m along the
        // line of centres and the cue ball alone across it: the tip's impulse is
        // J = (1 + e_tip) V / (1/M + cos^2(a) / (2m) + sin^2(a) / m) and the object ball leaves
        // at J cos(a) / (2m) along the line (Stronge 2000, a multi-contact impact with one
        // contact far stiffer). The compliant contacts give it within 15 % of that, a little
        // more at small aims (the ball contact's restitution), and throw it 1-6 degrees off the
        // line towards the cue ball's side (frozen-ball throw, like TP A-14's cut throw).
        let p = Params::default();
        let (m, big_m) = (p.ball_mass_kg, p.cue_mass_kg);
        for (aim, _) in TP_A15 {
            let out = frozen_pair(aim, 2.0, STEP_S);
            let a = aim.to_radians();
            let j = (1.0 + p.e_tip) * 2.0 / (1.0 / big_m + a.cos().powi(2) / (2.0 * m) + a.sin().powi(2) / m);
            let rigid = j * a.cos() / (2.0 * m);
            let speed = out.others[0].vel.norm();
            assert!((speed / rigid - 1.0).abs() < 0.15, "aim {aim}: {speed:.3} vs {rigid:.3}");
            let throw = angle_deg(out.others[0].vel);
            assert!((0.5..=6.5).contains(&throw), "aim {aim}: throw {throw:.2}");
        }
    }

    #[test]
    fn momentum_along_the_stroke_is_kept_and_energy_never_rises() {
        // The tip's friction acts across the stroke and the ball contacts inside the system, so
        // the stick's momentum lost along the stroke is the balls' gained.
        let p = Params::default();
        let (m, big_m) = (p.ball_mass_kg, p.cue_mass_kg);
        for (aim, _) in TP_A15 {
            let out = frozen_pair(aim, 3.0, STEP_S);
            let dir = V3::new(aim.to_radians().cos(), aim.to_radians().sin(), 0.0);
            let balls = m * (out.cue_ball.vel + out.others[0].vel).dot(dir);
            assert!((big_m * (3.0 - out.cue_speed_after) - balls).abs() < 1e-9, "aim {aim}");
            let i = p.inertia();
            let after = out.cue_ball.kinetic_energy(m, i)
                + out.others[0].kinetic_energy(m, i)
                + 0.5 * big_m * out.cue_speed_after.powi(2);
            let before = 0.5 * big_m * 9.0;
            assert!(after < before, "aim {aim}: {after} of {before} J");
        }
    }

    #[test]
    fn two_microsecond_steps_agree_with_a_tenth_of_that() {
        for (aim, _) in TP_A15 {
            let (coarse, fine) = (frozen_pair(aim, 2.0, STEP_S), frozen_pair(aim, 2.0, 0.1 * STEP_S));
            let d = angle_deg(coarse.cue_ball.vel) - angle_deg(fine.cue_ball.vel);
            assert!(d.abs() < 0.05, "aim {aim}: {d}");
            assert!((coarse.others[0].vel - fine.others[0].vel).norm() < 2e-3, "aim {aim}");
        }
    }

    #[test]
    fn a_stroke_away_from_the_touching_ball_is_no_frozen_case() {
        let p = Params::default();
        let r = p.ball_radius_m;
        let cue = BallState::at_rest([0.0, 0.0], r);
        let object = BallState::at_rest([2.0 * r, 0.0], r);
        for aim in [95.0f64, 180.0, -120.0] {
            assert!(strike(&cue, &[object], &Strike::centre(2.0, aim.to_radians()), &p).is_none(), "{aim}");
        }
        // A miscue skids off: the ordinary strike's business.
        let k = Strike { b: 0.6, ..Strike::centre(2.0, 0.0) };
        assert!(strike(&cue, &[object], &k, &p).is_none());
    }

    #[test]
    fn a_lone_spring_contact_gives_back_e_of_the_closing_speed() {
        // Stronge's energetic restitution: a mass of 1 kg into a fixed spring at 1 m/s.
        for e in [0.95, 0.75, 0.5] {
            let mut spring = Spring::new(1e6, e);
            let (mut x, mut v, h) = (0.0, 1.0, 1e-7);
            while x >= 0.0 {
                v -= spring.force(x) * h;
                x += v * h;
            }
            assert!((v + e).abs() < 1e-3, "e {e}: {v}");
        }
    }
}
