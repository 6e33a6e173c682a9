//! Frictional, inelastic collision of two equal balls with throw.
//!
//! Sources: D. Alciatore, technical proofs TP and A-14 ("throw"); pooltool's
//! `resolve/ball_ball/frictional_inelastic`. The normal impulse follows from the restitution
//! `e_ball`; the tangential impulse opposes the slip between the contact surfaces, limited by
//! friction (`mu J_n`, Coulomb) or by the impulse that stops the slip (`m |slip| / 7`, after which
//! the surfaces roll on each other). Friction is the constant `mu_ball` or Alciatore's
//! speed-dependent fit. Unlike pooltool, the friction limit uses the normal impulse `J_n = m (1+e)/2
//! v_n` itself (Coulomb's law) rather than the separation speed. The line of centres is taken
//! in 3D, so a ball in flight striking one on the bed (or bouncing off its top) gets the vertical
//! part of the impulse; for a ball on the bed any vertical impulse (from that, or from top or
//! bottom spin) goes into the cloth.

use crate::ball::BallState;
use crate::evolve::settle;
use crate::math::V3;
use crate::params::Params;

/// The states just after balls `a` and `b` touch.
pub fn resolve(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    let (m, r, inertia) = (p.ball_mass_kg, p.ball_radius_m, p.inertia());
    let n = (b.pos - a.pos).unit_or_zero();
    let approach = (a.vel - b.vel).dot(n);
    if approach <= 0.0 {
        return (*a, *b);
    }
    // Equal masses: each ball's normal velocity changes by J_n / m = (1 + e) / 2 * approach
    // (times `2 / compliance`, which is 1 unless one ball is held up by the bed).
    let jn = m * 0.5 * (1.0 + p.e_ball) * approach * (2.0 / compliance(a, b, n));
    let (mut a2, mut b2) = (*a, *b);
    a2.vel -= (jn / m) * n;
    b2.vel += (jn / m) * n;
    // Slip of a's surface over b's at the contact point (a's point at +R n, b's at -R n).
    let sa = a.vel + a.ang_vel.cross(r * n);
    let sb = b.vel + b.ang_vel.cross(-r * n);
    let slip = sa - sb;
    let slip_t = slip - slip.dot(n) * n;
    let speed = slip_t.norm();
    if speed > 0.0 {
        // A tangential impulse J on a changes the slip by 7 J / m (2 balls x (1 + 5/2)).
        let jt_mag = (p.ball_friction(speed) * jn).min(m * speed / 7.0);
        let jt = (-jt_mag / speed) * slip_t;
        a2.vel += jt / m;
        b2.vel -= jt / m;
        let dw = (r * n).cross(jt) / inertia;
        a2.ang_vel += dw;
        b2.ang_vel += dw;
    }
    (settle(a2, p), settle(b2, p))
}

/// How much the gap along `n` closes per unit of normal impulse, times `m`: 1 for each free ball,
/// `1 - n_z^2` for a ball on the bed, whose vertical part the slate takes (a ball in flight
/// bouncing off the top of one on the bed rebounds as from a fixed sphere). 2 for two balls on
/// the bed.
fn compliance(a: &BallState, b: &BallState, n: V3) -> f64 {
    let held = 1.0 - n.z * n.z;
    let part = |s: &BallState| if s.motion.on_bed() { held } else { 1.0 };
    part(a) + part(b)
}

/// A touch between a ball in flight and another ball closing at a crawl (below
/// `GRAZE_SPEED_MPS`): the approach is removed without a bounce and without friction, shared by
/// the balls as an impulse would share it.
pub fn flying_graze(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    let n = (b.pos - a.pos).unit_or_zero();
    let approach = (a.vel - b.vel).dot(n);
    if approach <= 0.0 {
        return (*a, *b);
    }
    let dv = approach / compliance(a, b, n);
    let (mut a2, mut b2) = (*a, *b);
    a2.vel -= dv * n;
    b2.vel += dv * n;
    (settle(a2, p), settle(b2, p))
}

/// A graze: balls touching while closing at a crawl (below `GRAZE_SPEED_MPS`). The normal
/// approach is removed without a bounce and without friction; a ball at rest is held by the cloth
/// (it would move a few nanometres), so the moving ball alone loses its approach. This ends the
/// otherwise endless run of ever smaller bounces of a ball brushing past or leaning on another.
pub fn graze(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    let n = (b.pos - a.pos).unit_or_zero();
    let approach = (a.vel - b.vel).dot(n);
    if approach <= 0.0 {
        return (*a, *b);
    }
    let (mut a2, mut b2) = (*a, *b);
    match (a.motion.translates(), b.motion.translates()) {
        (true, false) => a2.vel -= approach * n,
        (false, true) => b2.vel += approach * n,
        _ => {
            // A plastic impulse shared by the balls' effective masses along `n`: `m` for a
            // sliding ball, `7/5 m` for a rolling one (it keeps rolling below, so the cloth takes
            // part: its energy is `7/10 m v^2`). The energy then falls by `mu approach^2 / 2`
            // (`mu` the reduced mass). An even split, as before, let a rolling ball's spin grow
            // with its speed unpaid: energy rose by up to 4e-9 J (tests/properties.rs,
            // `a_graze_of_a_rolling_ball_never_adds_energy`).
            let inv = |s: &BallState| if s.motion == crate::ball::Motion::Rolling { 5.0 / 7.0 } else { 1.0 };
            let (ia, ib) = (inv(a), inv(b));
            a2.vel -= (approach * ia / (ia + ib)) * n;
            b2.vel += (approach * ib / (ia + ib)) * n;
        }
    }
    // A rolling ball keeps rolling (the nudge is far too small to make it slide), which also
    // keeps its rolling energy from rising.
    for (before, after) in [(a, &mut a2), (b, &mut b2)] {
        if before.motion == crate::ball::Motion::Rolling {
            let w = V3::Z.cross(after.vel) / p.ball_radius_m;
            after.ang_vel = V3::new(w.x, w.y, after.ang_vel.z);
        }
    }
    (settle(a2, p), settle(b2, p))
}

/// Closing speeds below this (m/s) are grazes (see `graze`).
pub const GRAZE_SPEED_MPS: f64 = 1e-4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ball::Motion;

    fn pair(p: &Params, cut_offset: f64, v: f64, rolling: bool) -> (BallState, BallState) {
        let r = p.ball_radius_m;
        let mut a = BallState::at_rest([0.0, 0.0], r);
        a.vel = V3::new(v, 0.0, 0.0);
        if rolling {
            a.ang_vel = V3::new(0.0, v / r, 0.0);
        }
        let a = settle(a, p);
        // b placed so the line of centres makes the cut: offset = 2R sin(cut).
        let b = BallState::at_rest([(4.0 * r * r - cut_offset * cut_offset).sqrt(), cut_offset], r);
        (a, b)
    }

    #[test]
    fn head_on_stun_leaves_the_cue_ball_at_one_minus_e_over_two() {
        let p = Params::default();
        let (a, b) = pair(&p, 0.0, 1.0, false);
        let (a2, b2) = resolve(&a, &b, &p);
        assert!((a2.vel.x - 0.025).abs() < 1e-12, "{}", a2.vel.x);
        assert!((b2.vel.x - 0.975).abs() < 1e-12, "{}", b2.vel.x);
        assert!(a2.vel.y.abs() < 1e-15 && b2.vel.y.abs() < 1e-15);
    }

    #[test]
    fn stun_cut_follows_the_ninety_degree_rule() {
        let p = Params { e_ball: 1.0, mu_ball: Some(0.0), ..Params::default() };
        for cut_deg in [10.0f64, 30.0, 45.0, 60.0] {
            let off = 2.0 * p.ball_radius_m * cut_deg.to_radians().sin();
            let (a, b) = pair(&p, off, 1.5, false);
            let (a2, b2) = resolve(&a, &b, &p);
            let cos = a2.vel.unit_or_zero().dot(b2.vel.unit_or_zero());
            assert!(cos.abs() < 1e-12, "cut {cut_deg}: cos {cos}");
        }
    }

    #[test]
    fn throw_of_a_slow_stun_half_ball_hit_is_four_to_five_degrees() {
        let p = Params::default();
        let off = p.ball_radius_m; // half ball: 30 degree cut
        let throw = |v: f64| {
            let (a, b) = pair(&p, off, v, false);
            let (_, b2) = resolve(&a, &b, &p);
            let line = (b.pos - a.pos).unit_or_zero();
            b2.vel.unit_or_zero().cross(line).z.asin().to_degrees().abs()
        };
        let slow = throw(0.5);
        assert!((4.0..=5.5).contains(&slow), "slow throw {slow}");
        let medium = throw(1.0);
        assert!((3.5..=5.0).contains(&medium), "medium throw {medium}");
        let fast = throw(4.0);
        assert!(fast < medium && fast < 2.5, "fast throw {fast}");
    }

    #[test]
    fn no_ball_friction_means_no_throw_and_energy_is_kept_at_e_one() {
        let p = Params { e_ball: 1.0, mu_ball: Some(0.0), ..Params::default() };
        let off = 0.7 * p.ball_radius_m;
        let (a, b) = pair(&p, off, 2.0, true);
        let (a2, b2) = resolve(&a, &b, &p);
        let line = (b.pos - a.pos).unit_or_zero();
        assert!(b2.vel.unit_or_zero().cross(line).norm() < 1e-12);
        let (m, i) = (p.ball_mass_kg, p.inertia());
        let before = a.kinetic_energy(m, i) + b.kinetic_energy(m, i);
        let after = a2.kinetic_energy(m, i) + b2.kinetic_energy(m, i);
        assert!((before - after).abs() < 1e-12 * before);
        assert_eq!(a2.motion, Motion::Sliding);
    }
}
