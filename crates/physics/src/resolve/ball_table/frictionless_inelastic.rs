//! The slate's reaction to a ball moving into the bed, frictionless and inelastic.
//!
//! Source: pooltool's `physics/resolve/ball_table/frictionless_inelastic` (its 3D physics): the
//! vertical velocity is reversed and scaled by the ball-table restitution, `vz' = -e_table vz`,
//! horizontal velocity and spin are unchanged; a bounce that would rise less than a minimum
//! height is not a bounce (pooltool's `min_bounce_height`, which ends the otherwise endless series
//! of ever smaller bounces: the ball then stays on the bed with its current spin). pooltool's
//! defaults are `e_t = 0.5` and `min_bounce_height = 0.005` m. The same rule serves the cue strike
//! (an elevated cue drives the ball into the slate, which throws it up: a jump shot, as described
//! in Alciatore's jump-shot articles and technical proofs, billiards.colostate.edu) and landings.
//!
//! The frictional variant (`frictional_inelastic`, `ball_table_model` `"frictional_inelastic"`)
//! adds the cloth's friction during the impact. This one also resolves every cue strike into the slate
//! whose throw is too low to leave the cloth (`ball_table::strike_bounce`), so ordinary slightly
//! elevated strokes are the same under either model.

use crate::ball::{BallState, Motion};
use crate::evolve::settle;
use crate::params::Params;

/// How high a ball leaving the bed at `vz` (m/s, up) rises, m: `vz^2 / (2 g)`.
pub fn hop_height_m(vz: f64, g: f64) -> f64 {
    0.5 * vz * vz / g
}

/// The state just after the ball in `s` (its bottom on the bed plane, `s.vel.z < 0`) meets the
/// slate: airborne at `e_table |vz|` if that hop rises at least `min_hop_height_m`, otherwise on
/// the bed in the motion state its velocities call for.
pub fn resolve(s: &BallState, p: &Params) -> BallState {
    fly_or_settle(*s, -p.e_table * s.vel.z.min(0.0), p)
}

/// `s` at the bed plane leaving it upwards at `vz`: airborne if that hop rises at least
/// `min_hop_height_m`, otherwise on the cloth in the motion state its velocities call for (a
/// bounce off the slate, or a ball a contact lifted too little to fly).
pub fn fly_or_settle(mut s: BallState, vz: f64, p: &Params) -> BallState {
    s.pos.z = p.ball_radius_m;
    if vz > 0.0 && hop_height_m(vz, p.g) >= p.min_hop_height_m {
        s.vel.z = vz;
        s.motion = Motion::Airborne;
        return s;
    }
    s.vel.z = 0.0;
    s.motion = Motion::Sliding;
    settle(s, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::V3;

    fn falling(vz: f64) -> BallState {
        let p = Params::default();
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = V3::new(1.5, 0.0, vz);
        s.ang_vel = V3::new(0.0, -30.0, 4.0);
        s.motion = Motion::Airborne;
        s
    }

    #[test]
    fn landing_bounces_at_e_table_times_the_landing_speed() {
        let p = Params::default();
        let out = resolve(&falling(-2.0), &p);
        assert_eq!(out.motion, Motion::Airborne);
        assert!((out.vel.z - p.e_table * 2.0).abs() < 1e-15);
        assert_eq!((out.vel.x, out.vel.y), (1.5, 0.0));
        assert_eq!(out.ang_vel, V3::new(0.0, -30.0, 4.0));
    }

    #[test]
    fn a_bounce_below_the_minimum_hop_stays_on_the_bed_with_its_spin() {
        let p = Params::default();
        // Just below and just above the minimum hop.
        let edge = (2.0 * p.g * p.min_hop_height_m).sqrt() / p.e_table;
        let low = resolve(&falling(-0.999 * edge), &p);
        assert_eq!(low.motion, Motion::Sliding);
        assert_eq!(low.vel.z, 0.0);
        assert_eq!(low.pos.z, p.ball_radius_m);
        assert_eq!(low.ang_vel, V3::new(0.0, -30.0, 4.0));
        assert_eq!(resolve(&falling(-1.001 * edge), &p).motion, Motion::Airborne);
    }

    #[test]
    fn the_bounce_never_adds_energy() {
        let p = Params::default();
        for vz in [-0.1, -0.5, -1.0, -4.0] {
            let s = falling(vz);
            let out = resolve(&s, &p);
            assert!(out.kinetic_energy(1.0, 1.0) <= s.kinetic_energy(1.0, 1.0));
        }
    }
}
