//! A ball come to rest on top of another slides off it.
//!
//! An event model only has flights between instants, so a ball settling on another ball (a jump
//! landing on top of an object ball and bouncing lower and lower) would turn into an endless run
//! of ever smaller contacts, or hang there. After every contact of a ball in flight with one on
//! the bed, the upper ball is checked: if its bounce off the lower one would open a gap of less
//! than `min_hop_height_m` (the slate's rule for a bounce that counts, measured along the line of
//! centres against gravity's part along it) and it does not cross the top fast enough to leave
//! the surface by itself (`u_t^2 < rho g cos(alpha)`, the path curving more than the sphere), it is
//! resting on the lower ball, which the cloth lets roll away under it: it slides off.
//!
//! The slide is the textbook particle sliding off a frictionless sphere (work and energy: from
//! rest at the top it leaves at cos = 2/3, as in any first mechanics course): the upper ball's
//! centre moves on the sphere of radius `rho = 2R` about the lower ball's centre, frictionless,
//! the lower ball held by the slate. Starting at the angle `alpha_0` from the vertical with speed
//! `u_0` along the sphere, energy gives `u^2 = u_0^2 + 2 g rho (cos alpha_0 - cos alpha)` and it
//! leaves the surface where gravity's part along the radius no longer holds it,
//! `u^2 = g rho cos alpha`: `cos alpha_s = (u_0^2 / (g rho) + 2 cos alpha_0) / 3` (2/3, 48 degrees,
//! from the very top). The ball is put there at once with that speed along the sphere, in flight;
//! the slide's own duration (tens of milliseconds) is not drawn. Its spin is kept, the rebound
//! along the line of centres (under the minimum) is dropped, and velocities are taken relative to
//! the lower ball, so the energy only falls (checked, and capped if the lower ball's motion would
//! make it rise).

use crate::ball::{BallState, Motion};
use crate::evolve::acceleration;
use crate::math::V3;
use crate::params::Params;

/// The states after the roll-off check of a contact between `a` and `b`. `clear(pos)` says
/// whether a ball centred at `pos` is free of the other balls and over the bed; the slide stops
/// where it would no longer be (the next contact then takes over).
pub fn resolve(a: &BallState, b: &BallState, p: &Params, clear: impl Fn(V3) -> bool) -> (BallState, BallState) {
    if let Some(up) = slide_off(a, b, p, &clear) {
        (up, *b)
    } else if let Some(up) = slide_off(b, a, p, &clear) {
        (*a, up)
    } else {
        (*a, *b)
    }
}

/// `upper` after sliding off `lower`, if it rests on it.
fn slide_off(upper: &BallState, lower: &BallState, p: &Params, clear: &impl Fn(V3) -> bool) -> Option<BallState> {
    if upper.motion != Motion::Airborne || !lower.motion.on_bed() || p.g <= 0.0 {
        return None;
    }
    let d = upper.pos - lower.pos;
    let rho = d.norm();
    let n = d.unit_or_zero();
    // Gravity as seen from the lower ball, whose cloth friction accelerates it under the upper
    // one (up to mu_slide g, tilting "down" by up to 11 degrees).
    let g_eff = V3::new(0.0, 0.0, -p.g) - acceleration(lower, p);
    let g = g_eff.norm();
    let up_dir = -g_eff / g;
    let cos0 = n.dot(up_dir);
    // Only a ball above the other's centre rests on it; one whose bottom is within a minimum
    // hop of the cloth is landing on the bed beside it instead (within milliseconds).
    if cos0 <= 0.0 || n.z <= 0.0 || upper.pos.z - p.ball_radius_m < p.min_hop_height_m {
        return None;
    }
    let rel = upper.vel - lower.vel;
    let w = rel.dot(n);
    let g_n = g * cos0;
    let tangential = rel - w * n;
    let u0_sq = tangential.norm_sq();
    // A real bounce, or fast enough over the top to leave the surface: ordinary flight.
    if w.max(0.0).powi(2) / (2.0 * g_n) >= p.min_hop_height_m || u0_sq >= rho * g_n {
        return None;
    }
    // The slide follows a great circle through where it is: downhill first; if a ball or a
    // cushion is in the way, turned 30, 60, ... 180 degrees either side (a ball resting on two
    // balls leaves over the saddle between them).
    let tangent_part = |v: V3| v - v.dot(n) * n;
    let down = [-up_dir, tangential, rel, V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0, 0.0)]
        .into_iter()
        .map(tangent_part)
        .find(|t| t.norm() > 1e-9)
        .map_or(V3::ZERO, V3::unit_or_zero);
    let side = n.cross(down);
    let cos_s = ((u0_sq / (g * rho) + 2.0 * cos0) / 3.0).min(cos0);
    let at = |t: V3, s: f64| lower.pos + rho * (s.cos() * n + s.sin() * t);
    // Clear of the rest of the table and never below the bed plane.
    let free = |q: V3| q.z >= p.ball_radius_m && clear(q);
    // Along the circle of direction t the height is cos(alpha) = cos0 cos s + (t . up) sin s;
    // it first falls to cos_s at s = phi + acos(cos_s / amp).
    let end_of = |t: V3| {
        let (b, amp) = (t.dot(up_dir), cos0.hypot(t.dot(up_dir)));
        b.atan2(cos0) + (cos_s / amp).clamp(-1.0, 1.0).acos()
    };
    let mut way = None;
    for k in 0..12 {
        let turn = if k % 2 == 1 { 1.0 } else { -1.0 } * ((k + 1) / 2) as f64 * std::f64::consts::FRAC_PI_6;
        let t = turn.cos() * down + turn.sin() * side;
        let s_end = end_of(t);
        if (1..=6).all(|i| free(at(t, s_end * f64::from(i) / 6.0))) {
            way = Some((t, s_end));
            break;
        }
    }
    let (t, s_end) = way.unwrap_or_else(|| {
        // Boxed in: downhill as far as the way is clear (bisection; the start is where it is).
        let (mut lo, mut hi) = (0.0, end_of(down));
        for _ in 0..40 {
            let mid = 0.5 * (lo + hi);
            if free(at(down, mid)) { lo = mid } else { hi = mid }
        }
        (down, lo)
    });
    let pos = at(t, s_end);
    let drop = cos0 - (pos - lower.pos).dot(up_dir) / rho;
    let speed_sq = (u0_sq + 2.0 * g * rho * drop).max(0.0);
    let along = s_end.cos() * t - s_end.sin() * n;
    let slide = lower.vel + speed_sq.sqrt() * along;
    // Mechanical energy relative to the bed must not rise (it can only through the lower ball's
    // motion, which the slide does not follow): the velocity relative to the lower ball is
    // scaled down until it does not (the energy is convex in the scale, so bisection finds the
    // largest that fits); if even riding along with the lower ball would gain, no slide.
    let energy = |v: V3| 0.5 * v.norm_sq() + p.g * pos.z;
    let budget = 0.5 * upper.vel.norm_sq() + p.g * upper.pos.z;
    let scaled = |k: f64| lower.vel + k * (slide - lower.vel);
    let vel = if energy(slide) <= budget {
        slide
    } else if energy(lower.vel) > budget {
        return None;
    } else {
        let (mut lo, mut hi) = (0.0, 1.0);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if energy(scaled(mid)) <= budget { lo = mid } else { hi = mid }
        }
        scaled(lo)
    };
    Some(BallState { pos, vel, ..*upper })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on_top(p: &Params, alpha_deg: f64, vel: V3) -> (BallState, BallState) {
        let r = p.ball_radius_m;
        let lower = BallState::at_rest([0.0, 0.0], r);
        let al = alpha_deg.to_radians();
        let mut upper = lower;
        upper.pos = lower.pos + 2.0 * r * V3::new(al.sin(), 0.0, al.cos());
        upper.vel = vel;
        upper.motion = Motion::Airborne;
        (upper, lower)
    }

    #[test]
    fn a_ball_resting_on_the_very_top_leaves_at_cos_two_thirds() {
        // From the top at rest: cos alpha_s = 2/3 (48.19 degrees), speed sqrt(g rho 2/3).
        let p = Params::default();
        let (up, low) = on_top(&p, 0.0, V3::ZERO);
        let (out, low2) = resolve(&up, &low, &p, |_| true);
        assert_eq!(low2, low);
        let rho = 2.0 * p.ball_radius_m;
        let n = (out.pos - low.pos) / rho;
        assert!((n.z - 2.0 / 3.0).abs() < 1e-12, "{n:?}");
        assert!((out.vel.norm() - (p.g * rho * 2.0 / 3.0).sqrt()).abs() < 1e-12);
        assert!(out.vel.dot(n).abs() < 1e-12, "leaves along the sphere");
        assert_eq!(out.motion, Motion::Airborne);
        // Energy: m g rho (1 - 2/3) of height became exactly the kinetic energy.
        let e = |s: &BallState| 0.5 * s.vel.norm_sq() + p.g * s.pos.z;
        assert!((e(&out) - e(&up)).abs() < 1e-12);
    }

    #[test]
    fn a_low_bounce_off_the_side_slides_off_but_a_real_bounce_or_a_fast_pass_does_not() {
        let p = Params::default();
        // 20 degrees off the top, a 0.1 m/s rebound (0.54 mm of gap): resting. By hand,
        // cos alpha_s = 2 cos 20 / 3 = 0.62646, alpha_s = 51.21 degrees.
        let al = 20f64.to_radians();
        let n = V3::new(al.sin(), 0.0, al.cos());
        let (up, low) = on_top(&p, 20.0, 0.1 * n);
        let (out, _) = resolve(&low, &up, &p, |_| true);
        assert_eq!(out, low, "the lower ball is left as it was");
        let (out, _) = resolve(&up, &low, &p, |_| true);
        assert!(((out.pos - low.pos).unit_or_zero().z - 2.0 * al.cos() / 3.0).abs() < 1e-12);
        // A 0.5 m/s rebound rises 13.6 mm along the line of centres: a bounce, left alone.
        let (up, low) = on_top(&p, 20.0, 0.5 * n);
        assert_eq!(resolve(&up, &low, &p, |_| true).0, up);
        // 1 m/s across the top: u^2 = 1 > g rho cos 20 = 0.526, it curves away by itself.
        let (up, low) = on_top(&p, 20.0, V3::new(al.cos(), 0.0, -al.sin()));
        assert_eq!(resolve(&up, &low, &p, |_| true).0, up);
    }

    #[test]
    fn a_blocked_slide_turns_aside_or_stops_where_the_way_is_clear() {
        let p = Params::default();
        let e = |s: &BallState| 0.5 * s.vel.norm_sq() + p.g * s.pos.z;
        let (up, low) = on_top(&p, 10.0, V3::ZERO);
        // Nothing beyond x = 0.03 m is clear: it leaves over another side, at the same height
        // as downhill would (cos alpha_s = 2 cos 10 / 3 = 0.65654).
        let (out, _) = resolve(&up, &low, &p, |q| q.x <= 0.03);
        assert!(out.pos.x <= 0.03, "{:?}", out.pos);
        let rho = 2.0 * p.ball_radius_m;
        assert!(((out.pos.z - low.pos.z) / rho - 2.0 * 10f64.to_radians().cos() / 3.0).abs() < 1e-12);
        assert!(e(&out) <= e(&up) + 1e-12);
        // Boxed in within 5 mm of where it is: it goes downhill as far as that.
        let (out, _) = resolve(&up, &low, &p, |q| (q - up.pos).norm() <= 0.005);
        assert!(((out.pos - up.pos).norm() - 0.005).abs() < 1e-9, "{:?}", out.pos);
        assert!(out.pos.x > up.pos.x && out.pos.z < up.pos.z);
        assert!(e(&out) <= e(&up) + 1e-12);
    }
}
