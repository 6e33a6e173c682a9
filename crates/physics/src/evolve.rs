//! Closed-form motion between events (Leckie and Greenspan 2005, "An event-based pool physics
//! simulator"; pooltool's `physics/evolve`).
//!
//! - Sliding: the contact point slips at `u = v + R z x w`; friction `-mu_slide m g u_hat` keeps
//!   `u`'s direction and shrinks it at `7/2 mu_slide g`, so natural roll comes after
//!   `2 |u| / (7 mu_slide g)`.
//! - Rolling: `v` shrinks at `mu_roll g` along itself, `w_xy = z x v / R`; stops after
//!   `|v| / (mu_roll g)`.
//! - Spin about the vertical decays at `5 mu_spin g / (2 R)` in every state on the cloth
//!   (pooltool's `u_sp`).
//! - Airborne: ballistic flight, spin constant (`airborne`).
//!
//! Orientation: the rotation vector `Theta = integral of w dt` is integrated exactly and applied as
//! one rotation. That is exact whenever `w` keeps its direction (rolling or stun without side,
//! pure spin); with side spin on a rolling ball the two axes decay at different rates and the
//! error is third order in the segment's duration, which is drawing accuracy only.

use crate::ball::{BallState, Motion};
use crate::math::{Quat, V3};
use crate::params::Params;

pub mod airborne;

/// Speeds below this (m/s) count as zero when classifying a state.
pub const EPS_SPEED: f64 = 1e-9;
/// Angular speeds below this (rad/s) count as zero.
pub const EPS_SPIN: f64 = 1e-8;

/// Velocity of the contact point with the cloth, horizontal.
pub fn slip_velocity(s: &BallState, r: f64) -> V3 {
    (s.vel + r * V3::Z.cross(s.ang_vel)).xy()
}

/// Puts a state into the motion state its velocities call for, and cleans what that state
/// fixes: no vertical velocity on the bed, exact natural roll, zero velocities at rest.
pub fn settle(mut s: BallState, p: &Params) -> BallState {
    if !s.motion.on_bed() {
        return s;
    }
    let r = p.ball_radius_m;
    s.vel.z = 0.0;
    s.pos.z = r;
    let v = s.vel.norm();
    let w_xy = s.ang_vel.xy().norm();
    if v <= EPS_SPEED && w_xy * r <= EPS_SPEED {
        s.vel = V3::ZERO;
        s.ang_vel = V3::new(0.0, 0.0, if s.ang_vel.z.abs() <= EPS_SPIN { 0.0 } else { s.ang_vel.z });
        s.motion = if s.ang_vel.z == 0.0 { Motion::Stationary } else { Motion::Spinning };
    } else if slip_velocity(&s, r).norm() <= EPS_SPEED {
        s.motion = Motion::Rolling;
        roll_spin(&mut s, r);
    } else {
        s.motion = Motion::Sliding;
    }
    s
}

/// Sets `w_xy` to natural roll for the current velocity.
fn roll_spin(s: &mut BallState, r: f64) {
    let w = V3::Z.cross(s.vel) / r;
    s.ang_vel = V3::new(w.x, w.y, s.ang_vel.z);
}

/// Acceleration of the centre in the state's motion, m/s^2.
pub fn acceleration(s: &BallState, p: &Params) -> V3 {
    match s.motion {
        Motion::Sliding => -p.mu_slide * p.g * slip_velocity(s, p.ball_radius_m).unit_or_zero(),
        Motion::Rolling => -p.mu_roll * p.g * s.vel.xy().unit_or_zero(),
        Motion::Airborne => airborne::acceleration(p.g),
        _ => V3::ZERO,
    }
}

/// How long the ball stays in its motion state, s (in flight: until it lands; infinite at rest
/// or out of play).
pub fn segment_duration(s: &BallState, p: &Params) -> f64 {
    let per = |x: f64, rate: f64| if rate > 0.0 { x / rate } else { f64::INFINITY };
    match s.motion {
        Motion::Sliding => per(2.0 * slip_velocity(s, p.ball_radius_m).norm(), 7.0 * p.mu_slide * p.g),
        Motion::Rolling => per(s.vel.xy().norm(), p.mu_roll * p.g),
        Motion::Spinning => per(s.ang_vel.z.abs(), p.spin_decel()),
        Motion::Airborne => airborne::time_to_land(s, p.g, p.ball_radius_m),
        _ => f64::INFINITY,
    }
}

/// `(w_z(t), integral of w_z over [0, t])` for spin decaying to zero at `alpha`.
fn spin_about_z(w0: f64, alpha: f64, t: f64) -> (f64, f64) {
    if w0 == 0.0 {
        return (0.0, 0.0);
    }
    let stop = if alpha > 0.0 { w0.abs() / alpha } else { f64::INFINITY };
    let te = t.min(stop);
    let w = w0.abs() - alpha * te;
    (w0.signum() * w.max(0.0), w0.signum() * (w0.abs() * te - 0.5 * alpha * te * te))
}

/// The state `t` seconds later, `t` within the current segment (`segment_duration`).
pub fn evolve(s: &BallState, p: &Params, t: f64) -> BallState {
    evolve_with(s, p, t, true)
}

/// As `evolve`, but leaves the orientation as it was (event detection has no use for it).
pub fn evolve_motion(s: &BallState, p: &Params, t: f64) -> BallState {
    evolve_with(s, p, t, false)
}

fn evolve_with(s: &BallState, p: &Params, t: f64, turn: bool) -> BallState {
    if t == 0.0 || !s.motion.on_table() || s.motion == Motion::Stationary {
        return *s;
    }
    if s.motion == Motion::Airborne {
        return airborne::evolve(s, p.g, t, turn);
    }
    let r = p.ball_radius_m;
    let (wz, theta_z) = spin_about_z(s.ang_vel.z, p.spin_decel(), t);
    let mut out = *s;
    let theta_xy;
    match s.motion {
        Motion::Sliding => {
            let u_hat = slip_velocity(s, r).unit_or_zero();
            let a = -p.mu_slide * p.g * u_hat;
            out.pos = s.pos + t * s.vel + (0.5 * t * t) * a;
            out.vel = s.vel + t * a;
            // Friction's torque turns w_xy along z x u_hat at 5 mu g / (2 R).
            let alpha = (2.5 * p.mu_slide * p.g / r) * V3::Z.cross(u_hat);
            let w_xy = s.ang_vel.xy();
            out.ang_vel = w_xy + t * alpha;
            theta_xy = t * w_xy + (0.5 * t * t) * alpha;
        }
        Motion::Rolling => {
            let a = -p.mu_roll * p.g * s.vel.xy().unit_or_zero();
            let d = t * s.vel + (0.5 * t * t) * a;
            out.pos = s.pos + d;
            out.vel = s.vel + t * a;
            out.ang_vel = V3::Z.cross(out.vel) / r;
            theta_xy = V3::Z.cross(d) / r;
        }
        _ => theta_xy = V3::ZERO,
    }
    out.ang_vel.z = wz;
    if !turn {
        return out;
    }
    let theta = V3::new(theta_xy.x, theta_xy.y, theta_z);
    out.orient = Quat::from_rotation_vector(theta).mul_quat(s.orient).normalized();
    out
}

/// The state friction leads to at the end of a slide, reached at once where the ball is. Used
/// for balls pressed together at a crawl, where the slide would otherwise end in endless
/// micro-collisions; friction only removes energy, so this never adds any.
pub fn complete_slide(s: &BallState, p: &Params) -> BallState {
    if s.motion != Motion::Sliding {
        return *s;
    }
    let end = after_transition(&evolve(s, p, segment_duration(s, p)), p);
    BallState { pos: s.pos, orient: s.orient, ..end }
}

/// What a transition at the end of a segment turns the ball into. `s` is the state evolved to
/// the end of its segment.
pub fn after_transition(s: &BallState, p: &Params) -> BallState {
    let mut out = *s;
    match s.motion {
        Motion::Sliding => {
            // Natural roll reached (u = 0); exact roll removes rounding's leftover slip.
            roll_spin(&mut out, p.ball_radius_m);
            out.motion = Motion::Rolling;
            if out.vel.norm() <= EPS_SPEED {
                out.vel = V3::ZERO;
                out.ang_vel = V3::new(0.0, 0.0, out.ang_vel.z);
                out.motion = if out.ang_vel.z.abs() <= EPS_SPIN { Motion::Stationary } else { Motion::Spinning };
            }
        }
        Motion::Rolling => {
            out.vel = V3::ZERO;
            out.ang_vel = V3::new(0.0, 0.0, out.ang_vel.z);
            out.motion = if out.ang_vel.z.abs() <= EPS_SPIN { Motion::Stationary } else { Motion::Spinning };
        }
        Motion::Spinning => {
            out.ang_vel = V3::ZERO;
            out.motion = Motion::Stationary;
        }
        _ => {}
    }
    if out.motion == Motion::Stationary {
        out.ang_vel = V3::ZERO;
        out.vel = V3::ZERO;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ball(v: V3, w: V3) -> BallState {
        let p = Params::default();
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = v;
        s.ang_vel = w;
        settle(s, &p)
    }

    #[test]
    fn stun_ball_reaches_natural_roll_at_five_sevenths() {
        let p = Params::default();
        let s = ball(V3::new(2.0, 0.0, 0.0), V3::ZERO);
        assert_eq!(s.motion, Motion::Sliding);
        let t = segment_duration(&s, &p);
        let expected_t = 2.0 * 2.0 / (7.0 * 0.2 * 9.81);
        assert!((t - expected_t).abs() < 1e-12, "{t}");
        assert!((t - 0.2912).abs() < 1e-4);
        let end = after_transition(&evolve(&s, &p, t), &p);
        assert_eq!(end.motion, Motion::Rolling);
        assert!((end.vel.x - 2.0 * 5.0 / 7.0).abs() < 1e-12, "{}", end.vel.x);
        let slid = 12.0 * 4.0 / (49.0 * 0.2 * 9.81);
        assert!((end.pos.x - slid).abs() < 1e-12, "{}", end.pos.x);
        assert!((slid - 0.4993).abs() < 1e-4);
        assert!(slip_velocity(&evolve(&s, &p, t), p.ball_radius_m).norm() < 1e-12);
    }

    #[test]
    fn rolling_ball_stops_after_v_over_mu_g() {
        let p = Params::default();
        let v = 1.5;
        let s = ball(V3::new(0.0, v, 0.0), V3::new(-v / p.ball_radius_m, 0.0, 0.0));
        assert_eq!(s.motion, Motion::Rolling);
        let t = segment_duration(&s, &p);
        assert!((t - v / (0.01 * 9.81)).abs() < 1e-9);
        let end = evolve(&s, &p, t);
        assert!((end.pos.y - v * v / (2.0 * 0.01 * 9.81)).abs() < 1e-9);
        assert!(end.vel.norm() < 1e-12);
        assert_eq!(after_transition(&end, &p).motion, Motion::Stationary);
    }

    #[test]
    fn spin_decays_at_pooltools_rate_then_stops() {
        let p = Params::default();
        let s = ball(V3::ZERO, V3::new(0.0, 0.0, 10.0));
        assert_eq!(s.motion, Motion::Spinning);
        let t = segment_duration(&s, &p);
        assert!((t - 10.0 / (5.0 * 0.444 * 9.81 / 2.0)).abs() < 1e-9);
        let half = evolve(&s, &p, t / 2.0);
        assert!((half.ang_vel.z - 5.0).abs() < 1e-9);
        assert_eq!(after_transition(&evolve(&s, &p, t), &p).motion, Motion::Stationary);
    }

    #[test]
    fn rolling_orientation_turns_by_distance_over_radius() {
        let p = Params::default();
        let v = 1.0;
        let s = ball(V3::new(v, 0.0, 0.0), V3::new(0.0, v / p.ball_radius_m, 0.0));
        let end = evolve(&s, &p, 0.02);
        let d = end.pos.x - s.pos.x;
        // The bottom point of the ball turns towards -x by d / R radians about +y.
        let top = end.orient.rotate(V3::new(0.0, 0.0, 1.0));
        let angle = top.x.atan2(top.z);
        assert!((angle - d / p.ball_radius_m).abs() < 1e-12, "{angle}");
    }
}
