//! The slate's reaction to a ball moving into the bed, with the cloth's friction during the
//! impact.
//!
//! Source: pooltool's `physics/resolve/ball_table/frictional_inelastic` (its default ball-table
//! model since 0.6; its reference is Alciatore's TP A-14, the same Coulomb impulse at a contact
//! as the ball-ball throw). The normal impulse reverses the vertical velocity at restitution
//! `e_table`, `vz' = -e_table vz`, a change of `(1 + e_table) |vz|`. Friction `mu_slide` times
//! that normal impulse acts at the bottom of the ball against its slip over the cloth
//! `u = v + R z x w`: the horizontal velocity changes by `mu_slide (1 + e_table) |vz|` against
//! `u`, and the spin by `5 / (2R)` times that about `z x u_hat`, unless that would reverse the
//! slip; then the ball leaves the bounce rolling, `v' = v - 2/7 u` (the stick case). A bounce
//! rising less than `min_hop_height_m` leaves the ball on the bed (as `frictionless_inelastic`).
//!
//! One difference from pooltool: its stick case sets the whole spin to `2/7 w + 5/7 z x v / R`,
//! which also scales the spin about the vertical by 2/7; a horizontal force at the bottom of the
//! ball has no moment about the vertical, so here `w_z` is kept.

use crate::ball::{BallState, Motion};
use crate::evolve::{settle, slip_velocity};
use crate::math::V3;
use crate::params::Params;
use crate::resolve::ball_table::frictionless_inelastic::hop_height_m;

/// The state just after the ball in `s` (its bottom on the bed plane, `s.vel.z < 0`) meets the
/// slate: airborne at `e_table |vz|` if that hop rises at least `min_hop_height_m`, otherwise on
/// the bed; the cloth's friction acting during the impact either way.
pub fn resolve(s: &BallState, p: &Params) -> BallState {
    let r = p.ball_radius_m;
    let mut out = *s;
    out.pos.z = r;
    let dvn = (1.0 + p.e_table) * (-s.vel.z).max(0.0);
    out.vel.z = 0.0;
    let u = slip_velocity(&out, r);
    let slip = u.norm();
    let friction = p.mu_slide * dvn;
    if slip > 0.0 {
        if 2.0 / 7.0 * slip <= friction {
            // Friction enough to stop the slip: the ball leaves rolling (spin about z kept).
            out.vel -= (2.0 / 7.0) * u;
            let w = V3::Z.cross(out.vel) / r;
            out.ang_vel = V3::new(w.x, w.y, s.ang_vel.z);
        } else {
            let u_hat = u / slip;
            out.vel -= friction * u_hat;
            out.ang_vel += (2.5 * friction / r) * V3::Z.cross(u_hat);
        }
    }
    let vz = p.e_table * (-s.vel.z).max(0.0);
    if vz > 0.0 && hop_height_m(vz, p.g) >= p.min_hop_height_m {
        out.vel.z = vz;
        out.motion = Motion::Airborne;
        return out;
    }
    out.motion = Motion::Sliding;
    settle(out, p)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ball falling at `vz` while moving at 1.5 m/s along x with backspin and side spin.
    fn falling(vz: f64, w: V3) -> BallState {
        let p = Params::default();
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = V3::new(1.5, 0.0, vz);
        s.ang_vel = w;
        s.motion = Motion::Airborne;
        s
    }

    #[test]
    fn a_spinning_ball_loses_mu_times_one_plus_e_times_vz_of_its_slip_speed() {
        // Hand computation: slip u = v + R z x w = 1.5 + 0.028575 * 30 = 2.35725 m/s along +x;
        // friction changes v by mu (1 + e) |vz| = 0.2 * 1.5 * 2 = 0.6 m/s against it (less than
        // 2/7 u = 0.6735, so the ball still slips): v 0.9 m/s, and w_y by 5/(2R) 0.6 = +52.493.
        let p = Params::default();
        let out = resolve(&falling(-2.0, V3::new(0.0, -30.0, 4.0)), &p);
        assert_eq!(out.motion, Motion::Airborne);
        assert!((out.vel.z - 1.0).abs() < 1e-15);
        assert!((out.vel.x - 0.9).abs() < 1e-12, "{}", out.vel.x);
        assert!(out.vel.y.abs() < 1e-15);
        assert!((out.ang_vel.y - (-30.0 + 2.5 * 0.6 / p.ball_radius_m)).abs() < 1e-9, "{}", out.ang_vel.y);
        assert!((out.ang_vel.y - 22.4934).abs() < 1e-3);
        assert_eq!(out.ang_vel.z, 4.0);
    }

    #[test]
    fn a_hard_bounce_stops_the_slip_and_leaves_the_ball_rolling() {
        // 2/7 u = 0.6735 m/s < mu (1 + e) |vz| = 0.3 * 4 = 1.2: the ball rolls at v - 2/7 u.
        let p = Params::default();
        let out = resolve(&falling(-4.0, V3::new(0.0, -30.0, 4.0)), &p);
        let u = 1.5 + p.ball_radius_m * 30.0;
        assert!((out.vel.x - (1.5 - 2.0 / 7.0 * u)).abs() < 1e-12, "{}", out.vel.x);
        assert!(slip_velocity(&out, p.ball_radius_m).norm() < 1e-12);
        assert_eq!(out.ang_vel.z, 4.0);
        assert!((out.vel.z - 2.0).abs() < 1e-15);
    }

    #[test]
    fn a_rolling_ball_bounces_without_friction_and_never_gains_energy() {
        let p = Params::default();
        let r = p.ball_radius_m;
        let rolling = falling(-1.0, V3::new(0.0, 1.5 / r, 0.0));
        let out = resolve(&rolling, &p);
        assert_eq!((out.vel.x, out.ang_vel.y), (1.5, 1.5 / r));
        for vz in [-0.1, -0.5, -1.0, -4.0] {
            for w in [V3::ZERO, V3::new(0.0, -30.0, 4.0), V3::new(20.0, 60.0, -9.0)] {
                let s = falling(vz, w);
                let (e0, e1) = (
                    s.kinetic_energy(p.ball_mass_kg, p.inertia()),
                    resolve(&s, &p).kinetic_energy(p.ball_mass_kg, p.inertia()),
                );
                assert!(e1 < e0, "{vz} {w:?}: {e0} -> {e1}");
            }
        }
    }

    #[test]
    fn a_bounce_below_the_minimum_hop_stays_on_the_bed_after_its_friction() {
        let p = Params::default();
        let edge = (2.0 * p.g * p.min_hop_height_m).sqrt() / p.e_table;
        let low = resolve(&falling(-0.999 * edge, V3::ZERO), &p);
        assert_eq!(low.motion, Motion::Sliding);
        assert_eq!((low.vel.z, low.pos.z), (0.0, p.ball_radius_m));
        assert!((low.vel.x - (1.5 - p.mu_slide * 1.5 * 0.999 * edge)).abs() < 1e-12);
        assert_eq!(resolve(&falling(-1.001 * edge, V3::ZERO), &p).motion, Motion::Airborne);
    }
}
