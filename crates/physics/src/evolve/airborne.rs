//! Ballistic flight: the `Airborne` state.
//!
//! Off the cloth nothing but gravity acts (no cloth friction, air drag neglected): the centre
//! follows `p(t) = p0 + v0 t - g t^2 z / 2` and the angular velocity stays as it was, spin about
//! the vertical included. Source: pooltool's `physics/evolve._evolve_airborne_state` ("parabolic
//! evolution under gravity, angular velocity is conserved") and its `physics/utils.get_airborne_time`
//! (the later root of `z(t) = R`, when the ball's bottom is back on the bed plane).

use crate::ball::BallState;
use crate::math::{Quat, V3};

/// Acceleration of the centre in flight, m/s^2.
pub fn acceleration(g: f64) -> V3 {
    V3::new(0.0, 0.0, -g)
}

/// Time until the ball's bottom is back on the bed plane (`z = r`, descending), s. Infinite
/// without gravity. A ball launched from the bed at `vz` lands after `2 vz / g`.
pub fn time_to_land(s: &BallState, g: f64, r: f64) -> f64 {
    if g <= 0.0 {
        return f64::INFINITY;
    }
    let h = (s.pos.z - r).max(0.0);
    let vz = s.vel.z;
    // The later root of h + vz t - g t^2 / 2 = 0, in the form without cancellation.
    let root = (vz * vz + 2.0 * g * h).sqrt();
    if vz >= 0.0 { (vz + root) / g } else { 2.0 * h / (root - vz) }
}

/// Greatest height of the ball's bottom above the bed on this flight, m: `h + vz^2 / (2 g)` while
/// rising.
pub fn apex_height(s: &BallState, g: f64, r: f64) -> f64 {
    let h = s.pos.z - r;
    if s.vel.z > 0.0 && g > 0.0 { h + s.vel.z * s.vel.z / (2.0 * g) } else { h }
}

/// The state `t` seconds into the flight (`t` up to `time_to_land`). `turn`: also turn the
/// orientation by `w t` (exact, `w` is constant in flight).
pub fn evolve(s: &BallState, g: f64, t: f64, turn: bool) -> BallState {
    let a = acceleration(g);
    let mut out = *s;
    out.pos = s.pos + t * s.vel + (0.5 * t * t) * a;
    out.vel = s.vel + t * a;
    if turn {
        out.orient = Quat::from_rotation_vector(t * s.ang_vel).mul_quat(s.orient).normalized();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ball::Motion;
    use crate::params::Params;

    fn launched(vz: f64) -> BallState {
        let p = Params::default();
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = V3::new(1.0, 0.5, vz);
        s.ang_vel = V3::new(3.0, -20.0, 7.0);
        s.motion = Motion::Airborne;
        s
    }

    #[test]
    fn flight_from_the_bed_lasts_two_vz_over_g_and_peaks_at_vz_squared_over_two_g() {
        let p = Params::default();
        for vz in [0.3, 1.0, 2.5] {
            let s = launched(vz);
            let t = time_to_land(&s, p.g, p.ball_radius_m);
            assert!((t - 2.0 * vz / p.g).abs() < 1e-15, "{vz}: {t}");
            let top = evolve(&s, p.g, vz / p.g, false);
            let h = vz * vz / (2.0 * p.g);
            assert!((top.pos.z - p.ball_radius_m - h).abs() < 1e-15, "{vz}");
            assert!(top.vel.z.abs() < 1e-15);
            assert!((apex_height(&s, p.g, p.ball_radius_m) - h).abs() < 1e-15);
            let end = evolve(&s, p.g, t, false);
            assert!((end.pos.z - p.ball_radius_m).abs() < 1e-15);
            assert!((end.vel.z + vz).abs() < 1e-15, "lands at -vz");
            // Horizontal motion and spin are untouched.
            assert_eq!((end.vel.x, end.vel.y), (1.0, 0.5));
            assert!((end.pos.x - t).abs() < 1e-15 && (end.pos.y - 0.5 * t).abs() < 1e-15);
            assert_eq!(end.ang_vel, s.ang_vel);
        }
    }

    #[test]
    fn a_ball_falling_from_rest_lands_after_the_free_fall_time() {
        let p = Params::default();
        let mut s = launched(0.0);
        s.pos.z += 0.1;
        let t = time_to_land(&s, p.g, p.ball_radius_m);
        assert!((t - (2.0 * 0.1 / p.g).sqrt()).abs() < 1e-15);
        s.vel.z = -0.5;
        let t = time_to_land(&s, p.g, p.ball_radius_m);
        assert!((evolve(&s, p.g, t, false).pos.z - p.ball_radius_m).abs() < 1e-15);
    }
}
