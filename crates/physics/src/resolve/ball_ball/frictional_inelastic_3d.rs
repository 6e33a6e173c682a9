//! A contact involving a ball in flight, resolved in 3D: either ball may be lifted off the bed.
//!
//! Source: pooltool 0.6's 3D physics (repository ekiefl/pooltool, branch `3d`):
//! `resolve/ball_ball/frictional_inelastic` (`FrictionalInelastic3D`) applies the frictional
//! inelastic impulse (`frictional_inelastic` here: restitution `e_ball`, Alciatore's TP A-14
//! friction) along the 3D line of centres with both balls free, and its
//! `ball_table/core.final_ball_motion_state` makes any ball left with a vertical velocity
//! airborne. A ball on the bed driven downwards is then at the bed plane moving into it, so its
//! flight lasts zero time and pooltool's next event is a ball-table impact
//! (`resolve/ball_table/frictionless_inelastic`: `vz' = -e_t vz`): the slate throws it back up.
//! Going up, it can close on the ball above again (another ball-ball contact at that instant),
//! and so on. That chain happens at one instant, so it is resolved here inside the one event, as
//! pooltool's loop would order it: contact, slate, contact while the two still close (at most
//! `MAX_ROUNDS`, each round keeps about `e_table (1 + e_ball) / 2` of the closing speed), and the
//! minimum hop (`min_hop_height`, pooltool's `min_bounce_height`) applied once at the end to the
//! ball that was on the bed: it flies if its bounce rises at least that high, else its vertical
//! velocity goes into the cloth. (pooltool applies the minimum at every slate impact, which would
//! take the pressed ball's return and leave the ball above hanging on it.)
//!
//! Two balls on the bed never come here (their line of centres is level and the slate takes
//! nothing), so ordinary shots are resolved exactly as before.

use crate::ball::{BallState, Motion};
use crate::params::Params;
use crate::resolve::ball_ball::frictional_inelastic::{self, GRAZE_SPEED_MPS};
use crate::resolve::ball_table::frictionless_inelastic::fly_or_settle;

/// Contact-slate rounds at one instant; the closing speed falls by about half in each, so 16
/// leave under 1e-5 of it (the last round removes what is left without a bounce).
pub const MAX_ROUNDS: usize = 16;

/// The states just after balls `a` and `b` touch, at least one of them in flight.
pub fn resolve(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    let held = [a.motion.on_bed(), b.motion.on_bed()];
    // Both free for the impulse (an `Airborne` state is one `settle` leaves alone).
    let free = |s: &BallState| BallState { motion: Motion::Airborne, ..*s };
    let (mut a2, mut b2) = (free(a), free(b));
    let n = (b.pos - a.pos).unit_or_zero();
    for round in 0..MAX_ROUNDS {
        let approach = (a2.vel - b2.vel).dot(n);
        if approach <= 0.0 {
            break;
        }
        (a2, b2) = if approach < GRAZE_SPEED_MPS || round + 1 == MAX_ROUNDS {
            frictional_inelastic::flying_graze(&a2, &b2, p)
        } else {
            frictional_inelastic::resolve(&a2, &b2, p)
        };
        // The slate under a ball on the bed throws back what went into it.
        for (s, on_bed) in [(&mut a2, held[0]), (&mut b2, held[1])] {
            if on_bed && s.vel.z < 0.0 {
                s.vel.z *= -p.e_table;
            }
        }
    }
    (leave_or_stay(a2, held[0], p), leave_or_stay(b2, held[1], p))
}

/// A ball that was on the bed: in flight if its vertical velocity lifts it at least
/// `min_hop_height_m`, else back on the cloth in the motion state its velocities call for.
fn leave_or_stay(s: BallState, was_on_bed: bool, p: &Params) -> BallState {
    if was_on_bed { fly_or_settle(s, s.vel.z, p) } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::V3;

    fn frictionless() -> Params {
        Params { mu_ball: Some(0.0), ..Params::default() }
    }

    /// A ball in flight at `vel` touching a ball at rest on the bed along the unit `n` (from the
    /// flying ball to the resting one).
    fn flying_into_resting(p: &Params, n: V3, vel: V3) -> (BallState, BallState) {
        let r = p.ball_radius_m;
        let b = BallState::at_rest([0.0, 0.0], r);
        let mut a = b;
        a.pos = b.pos - 2.0 * r * n;
        a.vel = vel;
        a.motion = Motion::Airborne;
        (a, b)
    }

    #[test]
    fn a_level_contact_in_flight_is_the_plane_impulse() {
        // The flying ball at the height of the other (n level): momentum and restitution give the
        // head-on numbers, (1 - e) / 2 and (1 + e) / 2 of the speed, and nothing vertical.
        let p = frictionless();
        let (a, b) = flying_into_resting(&p, V3::new(1.0, 0.0, 0.0), V3::new(2.0, 0.0, 0.0));
        let (a2, b2) = resolve(&a, &b, &p);
        assert!((a2.vel.x - 0.05).abs() < 1e-12 && (b2.vel.x - 1.95).abs() < 1e-12);
        assert_eq!((b2.vel.z, b2.motion), (0.0, Motion::Sliding));
    }

    #[test]
    fn a_ball_struck_from_above_goes_into_the_slate_and_comes_up() {
        // n 30 degrees below level, speed v level, no friction. By hand: the normal impulse per
        // mass is (1 + e) / 2 v cos 30 = 0.975 * 0.8660 v = 0.8444 v, along n; the struck ball's
        // vertical part -0.8444 v sin 30 goes into the slate and returns at e_table (0.5):
        // +0.2111 v. Its level part stays 0.8444 v cos 30 = 0.7313 v. The two then separate
        // (a's normal speed 0.025 * 0.866 v = 0.0217 v, b's 0.7313 cos 30 - 0.2111 sin 30 =
        // 0.5278 v), so one round. At v = 3 m/s the lift is 0.633 m/s, a 20.4 mm hop: airborne.
        let p = frictionless();
        let v = 3.0;
        let c = 30f64.to_radians();
        let n = V3::new(c.cos(), 0.0, -c.sin());
        let (a, b) = flying_into_resting(&p, n, V3::new(v, 0.0, 0.0));
        let (a2, b2) = resolve(&a, &b, &p);
        let k = 0.975 * c.cos() * v;
        assert!((b2.vel.x - k * c.cos()).abs() < 1e-12, "{:?}", b2.vel);
        assert!((b2.vel.z - 0.5 * k * c.sin()).abs() < 1e-12, "{:?}", b2.vel);
        assert!((b2.vel.z - 0.2111 * v).abs() < 1e-3 * v);
        assert_eq!(b2.motion, Motion::Airborne);
        assert!((a2.vel - (V3::new(v, 0.0, 0.0) - k * n)).norm() < 1e-12);
        // The same contact at 0.5 m/s lifts it 0.106 m/s, a 0.57 mm hop: it stays on the cloth.
        let (a, b) = flying_into_resting(&p, n, V3::new(0.5, 0.0, 0.0));
        let (_, b2) = resolve(&a, &b, &p);
        assert_eq!((b2.vel.z, b2.pos.z), (0.0, p.ball_radius_m));
        assert!((b2.vel.x - 0.975 * 0.5 * c.cos() * c.cos()).abs() < 1e-12);
    }

    #[test]
    fn a_ball_dropped_straight_onto_another_rebounds_through_the_slate() {
        // Straight down at v onto a resting ball, no friction, e = 0.95, e_table = 0.5. By hand,
        // round 1: a keeps (1 - e) / 2 v = -0.025 v, b gets -0.975 v, the slate returns +0.4875 v.
        // Round 2 (closing 0.5125 v): a gets -0.025 v + 0.975 * 0.5125 v = +0.474688 v, b
        // 0.4875 v - 0.499688 v = -0.012188 v, back from the slate at +0.006094 v. Then they part.
        let p = frictionless();
        let v = 2.0;
        let (a, b) = flying_into_resting(&p, V3::new(0.0, 0.0, -1.0), V3::new(0.0, 0.0, -v));
        let (a2, b2) = resolve(&a, &b, &p);
        assert!((a2.vel.z - 0.474_687_5 * v).abs() < 1e-12, "{}", a2.vel.z);
        // b's 0.0122 m/s would hop 7.6 micrometres: it stays on the bed.
        assert_eq!((b2.vel.z, b2.motion), (0.0, Motion::Stationary));
        let (m, i) = (p.ball_mass_kg, p.inertia());
        assert!(a2.kinetic_energy(m, i) + b2.kinetic_energy(m, i) < a.kinetic_energy(m, i));
    }
}
