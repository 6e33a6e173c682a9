//! A ball in flight pressing on a ball on the cloth: the contact would never end.
//!
//! A ball in flight beside (or low over) a ball on the cloth can stay pressed against it: the
//! ball on the cloth is slowed by the cloth (up to `mu_slide g`, 2 m/s^2) while the one in the
//! air is not, and gravity pushes a ball above the other's centre into it. In an event model each
//! touch then ends with the two just apart and closing again a microsecond later: thousands of
//! contacts until the flier lands. A real push lasts that long (a few milliseconds) with the two
//! moving together, so the flier gives up the speed the push would take over the rest of its
//! flight: enough of its velocity towards the other ball that the two stay apart until it lands,
//! `w = |a_rel| T / 2` (relative acceleration along the line of centres, flight time left `T`).
//! Together they would slow at half the cloth's deceleration over `T`, about the same. It only
//! removes the flier's kinetic energy (never more than its velocity towards the other ball).
//! Like the loop breakers for balls on the cloth (`simulation`), it is not from a paper; it
//! changes nothing unless the two separate slower than `STICK_SPEED_MPS` while pressed.

use crate::ball::{BallState, Motion};
use crate::evolve::{acceleration, airborne};
use crate::params::Params;

/// Separation speeds below this (m/s) with the balls pressed together are a sustained push.
pub const STICK_SPEED_MPS: f64 = 5e-3;

/// The states after the press check of a contact between `a` and `b`.
pub fn resolve(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    if let Some(f) = ease(a, b, p) {
        (f, *b)
    } else if let Some(f) = ease(b, a, p) {
        (*a, f)
    } else {
        (*a, *b)
    }
}

/// The `flier` pressed on `other` (on the cloth), slowed towards it so they part.
fn ease(flier: &BallState, other: &BallState, p: &Params) -> Option<BallState> {
    if flier.motion != Motion::Airborne || !other.motion.on_bed() {
        return None;
    }
    let n = (other.pos - flier.pos).unit_or_zero();
    let parting = (other.vel - flier.vel).dot(n);
    let closing_acc = -(acceleration(other, p) - acceleration(flier, p)).dot(n);
    if parting >= STICK_SPEED_MPS || closing_acc <= 0.0 {
        return None;
    }
    let flight = airborne::time_to_land(flier, p.g, p.ball_radius_m);
    if !flight.is_finite() {
        return None;
    }
    let towards = flier.vel.dot(n);
    let give = (0.5 * closing_acc * flight - parting).min(towards);
    if give <= 0.0 {
        return None;
    }
    Some(BallState { vel: flier.vel - give * n, ..*flier })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::V3;

    #[test]
    fn a_flier_pushing_a_sliding_ball_gives_up_half_the_cloth_deceleration_over_its_flight() {
        // By hand: the flier 2 mm up and falling at vz = -0.3 m/s lands after
        // T = 2 h / (sqrt(vz^2 + 2 g h) - vz) = 0.004 / (0.3595 + 0.3) = 6.065 ms. The ball ahead slides (no spin) at
        // 0.25 m/s, slowed at mu g = 1.962 m/s^2 towards the flier; touching level, they part at
        // 0: the flier gives up 1.962 * T / 2 = 5.95 mm/s of its 0.25 m/s.
        let p = Params::default();
        let r = p.ball_radius_m;
        let mut other = BallState::at_rest([2.0 * r, 0.0], r);
        other.vel = V3::new(0.25, 0.0, 0.0);
        other.motion = Motion::Sliding;
        let mut flier = BallState::at_rest([0.0, 0.0], r);
        flier.pos.z = r + 0.002;
        other.pos.z = r;
        flier.vel = V3::new(0.25, 0.0, -0.3);
        flier.motion = Motion::Airborne;
        // Level line of centres for the hand numbers: lift the other to the flier's height.
        let other_level = BallState { pos: V3::new(other.pos.x, 0.0, flier.pos.z), ..other };
        let (f2, o2) = resolve(&flier, &other_level, &p);
        assert_eq!(o2, other_level);
        let t = 0.004 / ((0.09f64 + 2.0 * p.g * 0.002).sqrt() + 0.3);
        let give = 0.5 * p.mu_slide * p.g * t;
        assert!((f2.vel.x - (0.25 - give)).abs() < 1e-12, "{:?} {give}", f2.vel);
        assert!((give - 0.00595).abs() < 1e-5, "{give}");
        let (m, i) = (p.ball_mass_kg, p.inertia());
        assert!(f2.kinetic_energy(m, i) < flier.kinetic_energy(m, i));
        // Parting at 1 cm/s already: nothing to do.
        let faster = BallState { vel: V3::new(0.26, 0.0, 0.0), ..other_level };
        assert_eq!(resolve(&flier, &faster, &p).0, flier);
    }
}
