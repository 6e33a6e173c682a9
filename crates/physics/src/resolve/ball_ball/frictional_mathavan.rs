//! Frictional collision of two balls on the cloth, with the cloth's friction acting during the
//! contact (Mathavan et al. 2014).
//!
//! Source: S. Mathavan, M. R. Jackson, R. M. Parkin, "Numerical simulations of the frictional
//! collisions of solid balls on a rough surface", Sports Engineering 17, 227-237 (2014),
//! billiards.colostate.edu/physics_articles/Mathavan_Sports_2014.pdf; pooltool's
//! `physics/resolve/ball_ball/frictional_mathavan` (its `_collide_balls`), translated step for
//! step. The impact is integrated over the normal impulse `P` in `STEPS` equal steps. Each step
//! the ball-ball friction `mu_ball dP` opposes the slip between the balls at their contact; its
//! vertical part presses one ball into the cloth (and lifts the other), and that extra normal
//! force gives cloth friction `mu_slide` on the pressed ball, against its slip over the cloth.
//! So a rolling cue ball's topspin, which the plain model leaves untouched, both throws and is
//! partly taken away during the contact: the cue ball deflects further from the tangent line.
//! Restitution is Stronge's energetic one: the work of the normal force in restitution is
//! `e_ball^2` times that in compression.
//!
//! Two differences from pooltool, both only making its own integration exact: the step in which
//! the approach speed crosses zero is split there, so compression's work is exact, and the last
//! step is cut where restitution's work reaches its target (pooltool ends on the first full step
//! beyond it). The normal velocities are linear in `P` within a step, so a contact without
//! friction gives exactly `e_ball` (pooltool's head-on test needs 10^6 steps for 1e-10).
//!
//! And one correction: pooltool's step takes a ball's slip over the cloth as `(v_x + R w_y,
//! v_y - R w_x)`, the opposite of the spin's part of its own `rel_velocity` (`v + w x (-R z)`,
//! here `evolve::slip_velocity`): a rolling ball pressed into the cloth then got friction against
//! twice its speed instead of none, and contacts gained energy (2.2e-6 J in a rack shot,
//! `tests/properties.rs`, `mathavan_contacts_in_a_rack_never_add_energy`). Mathavan 2014's five collisions press the object ball, whose
//! spin is small, so their numbers are the same either way (to 1e-4).
//!
//! Only for two balls on the bed (the model is planar); a ball in flight is resolved by
//! `frictional_inelastic`.

use crate::ball::{BallState, Motion};
use crate::evolve::settle;
use crate::math::V3;
use crate::params::Params;

/// Steps over the normal impulse (pooltool's `num_iterations` is 1000). With the exact first and
/// last steps, 100 give Mathavan 2014's five collisions within 1e-4 m/s of 100 000 steps (the
/// tests in `tests/published.rs`) at a tenth of the cost of 1000.
pub const STEPS: usize = 100;

/// The states just after balls `a` and `b` (both on the bed) touch.
pub fn resolve(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    resolve_in(a, b, p, STEPS)
}

/// As `resolve`, with `steps` steps over the normal impulse.
pub fn resolve_in(a: &BallState, b: &BallState, p: &Params, steps: usize) -> (BallState, BallState) {
    let (m, r) = (p.ball_mass_kg, p.ball_radius_m);
    // Local frame (pooltool's): y along the line of centres from a to b, x = y cross z, z up.
    let y = (b.pos - a.pos).xy().unit_or_zero();
    let x = y.cross(V3::Z);
    let approach = (a.vel - b.vel).dot(y);
    if approach <= 0.0 || y == V3::ZERO {
        return (*a, *b);
    }
    let local = |v: V3| [v.dot(x), v.dot(y), v.z];
    let (mut vi, mut wi) = (local(a.vel), local(a.ang_vel));
    let (mut vj, mut wj) = (local(b.vel), local(b.ang_vel));
    // Ball-ball friction at the slip the contact starts with (Alciatore's fit, as pooltool).
    let slip = (a.vel + a.ang_vel.cross(r * y)) - (b.vel + b.ang_vel.cross(-r * y));
    let mu_b = p.ball_friction((slip - slip.dot(y) * y).norm());
    let (mu_s, e) = (p.mu_slide, p.e_ball);
    let c = 5.0 / (2.0 * m * r);
    let dp = 0.5 * (1.0 + e) * m * approach / steps.max(1) as f64;

    // Work of the normal force in compression and in restitution, and restitution's target.
    let (mut w_comp, mut w_rest) = (0.0, 0.0);
    let mut target: Option<f64> = None;
    // A guard: with (unphysically) large frictions the normal approach could stop falling.
    for _ in 0..20 * steps.max(1) {
        // Impulses per unit normal impulse: ball-ball friction (x, z) and cloth friction on each.
        let (ux, uz) = (vi[0] - vj[0] - r * (wi[2] + wj[2]), r * (wi[0] + wj[0]));
        let uxz = (ux * ux + uz * uz).sqrt();
        let (mut f1, mut f2, mut fi, mut fj) = (0.0, 0.0, [0.0; 2], [0.0; 2]);
        if uxz >= 1e-16 {
            // Per unit normal impulse, the friction `(f1, f2)` changes the slip by `(7 f1, 5 f2) / m`.
            // If a full step of sliding friction would reverse the slip, the balls stick: the
            // friction is the smaller one that stops it (Coulomb's stick; the explicit step would
            // chatter about zero slip, and its vertical part would press the balls into the
            // cloth in turn at full friction).
            let stick = [-ux * m / (7.0 * dp), -uz * m / (5.0 * dp)];
            if stick[0] * stick[0] + stick[1] * stick[1] <= mu_b * mu_b {
                (f1, f2) = (stick[0], stick[1]);
            } else {
                (f1, f2) = (-mu_b * ux / uxz, -mu_b * uz / uxz);
            }
            if uz.abs() < 1e-16 {
                f2 = 0.0;
            } else {
                // The vertical friction presses b (f2 > 0) or a into the cloth.
                let cloth = |v: &[f64; 3], w: &[f64; 3]| {
                    // The contact point's velocity over the cloth, v + w x (-R z).
                    let (sx, sy) = (v[0] - r * w[1], v[1] + r * w[0]);
                    let s = (sx * sx + sy * sy).sqrt();
                    if s == 0.0 { [0.0; 2] } else { [mu_s * f2.abs() * sx / s, mu_s * f2.abs() * sy / s] }
                };
                if f2 > 0.0 {
                    let k = cloth(&vj, &wj);
                    fj = [-k[0], -k[1]];
                } else {
                    let k = cloth(&vi, &wi);
                    fi = [-k[0], -k[1]];
                }
            }
        }
        // Rate of the separation speed along y per unit normal impulse.
        let rate = (2.0 + fj[1] - fi[1]) / m;
        let v0 = vj[1] - vi[1];
        let mut h = dp;
        let mut done = false;
        match target {
            None => {
                let v1 = v0 + rate * h;
                if v1 <= 0.0 || rate <= 0.0 {
                    w_comp += -(v0 + 0.5 * rate * h) * h;
                } else {
                    // Compression ends within this step, at P + hc.
                    let hc = -v0 / rate;
                    w_comp += -0.5 * v0 * hc;
                    let goal = e * e * w_comp;
                    target = Some(goal);
                    let rest = h - hc;
                    let work = 0.5 * rate * rest * rest;
                    if work >= goal {
                        h = hc + (2.0 * goal / rate).sqrt();
                        done = true;
                    } else {
                        w_rest = work;
                    }
                }
            }
            Some(goal) => {
                let work = (v0 + 0.5 * rate * h) * h;
                let need = goal - w_rest;
                if work >= need {
                    // v0 h + rate h^2 / 2 = need, the root that is reached first.
                    let disc = v0 * v0 + 2.0 * rate * need;
                    if disc >= 0.0 && v0 + disc.sqrt() > 0.0 {
                        h = 2.0 * need / (v0 + disc.sqrt());
                    }
                    done = true;
                } else {
                    w_rest += work;
                }
            }
        }
        vi[0] += (f1 + fi[0]) * h / m;
        vi[1] += (-1.0 + fi[1]) * h / m;
        vj[0] += (-f1 + fj[0]) * h / m;
        vj[1] += (1.0 + fj[1]) * h / m;
        wi[0] += c * (f2 + fi[1]) * h;
        wi[1] += -c * fi[0] * h;
        wi[2] += -c * f1 * h;
        wj[0] += c * (f2 + fj[1]) * h;
        wj[1] += -c * fj[0] * h;
        wj[2] += -c * f1 * h;
        if done {
            break;
        }
    }
    let global = |v: [f64; 3]| v[0] * x + v[1] * y + v[2] * V3::Z;
    let out = |s: &BallState, v: [f64; 3], w: [f64; 3]| {
        let mut o = *s;
        o.vel = global([v[0], v[1], 0.0]);
        o.ang_vel = global(w);
        o.motion = Motion::Sliding;
        settle(o, p)
    };
    (out(a, vi, wi), out(b, vj, wj))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(v: V3, w: V3) -> (BallState, BallState) {
        let p = Params::default();
        let r = p.ball_radius_m;
        let mut a = BallState::at_rest([0.0, 0.0], r);
        a.vel = v;
        a.ang_vel = w;
        a.motion = Motion::Sliding;
        (settle(a, &p), BallState::at_rest([2.0 * r, 0.0], r))
    }

    #[test]
    fn head_on_stun_separates_at_exactly_e_times_the_approach() {
        // pooltool's test_head_on_zero_spin_inelastic (there with 10^6 steps, to 1e-10).
        for e in [0.5, 0.6, 0.7, 0.8, 0.9, 1.0] {
            let p = Params { e_ball: e, ..Params::default() };
            let (a, b) = pair(V3::new(1.0, 0.0, 0.0), V3::ZERO);
            let (a2, b2) = resolve(&a, &b, &p);
            let sep = b2.vel.x - a2.vel.x;
            assert!((sep - e).abs() < 1e-12, "e {e}: separation {sep}");
            assert!((a2.vel.x - 0.5 * (1.0 - e)).abs() < 1e-12, "e {e}: cue ball {}", a2.vel.x);
            assert!(a2.vel.y.abs() < 1e-15 && b2.vel.y.abs() < 1e-15);
        }
    }

    #[test]
    fn a_cut_without_spin_or_friction_leaves_at_ninety_degrees() {
        let p = Params { e_ball: 1.0, mu_ball: Some(0.0), ..Params::default() };
        let (a, b) = pair(V3::new(1.5, 0.9, 0.0), V3::ZERO);
        let (a2, b2) = resolve(&a, &b, &p);
        assert!(a2.vel.dot(b2.vel).abs() < 1e-12, "{:?} {:?}", a2.vel, b2.vel);
        assert!((b2.vel.x - 1.5).abs() < 1e-12 && (a2.vel.y - 0.9).abs() < 1e-12);
    }

    #[test]
    fn throw_of_a_stun_half_ball_hit_is_as_the_single_impulse_model_gives() {
        // The throw check of `frictional_inelastic` (Alciatore TP A-14's fit: 4-5.5 deg at 0.5
        // m/s, 3.5-5 at 1 m/s, under 2.5 at 4 m/s): a stun ball presses neither ball into the
        // cloth, so the two models agree to within 0.05 deg.
        let p = Params::default();
        let r = p.ball_radius_m;
        let throw = |v: f64| {
            let a = settle(
                BallState { vel: V3::new(v, 0.0, 0.0), motion: Motion::Sliding, ..BallState::at_rest([0.0, 0.0], r) },
                &p,
            );
            let b = BallState::at_rest([3f64.sqrt() * r, r], r);
            let line = (b.pos - a.pos).unit_or_zero();
            let deg = |s: &BallState| s.vel.unit_or_zero().cross(line).z.asin().to_degrees().abs();
            (deg(&resolve(&a, &b, &p).1), deg(&super::super::frictional_inelastic::resolve(&a, &b, &p).1))
        };
        let (slow, fast) = (throw(0.5), throw(4.0));
        let medium = throw(1.0);
        assert!((4.0..=5.5).contains(&slow.0), "slow throw {slow:?}");
        assert!((3.5..=5.0).contains(&medium.0), "medium throw {medium:?}");
        assert!(fast.0 < medium.0 && fast.0 < 2.5, "fast throw {fast:?}");
        for (m, i) in [slow, medium, fast] {
            assert!((m - i).abs() < 0.05, "{m} {i}");
        }
    }

    #[test]
    fn no_contact_adds_energy_whichever_ball_the_friction_presses_into_the_cloth() {
        // Rolling, stun, draw and side spin at cuts from 0 to 80 degrees: with backspin the cue
        // ball is the one pressed into the cloth, with topspin the object ball.
        let p = Params::default();
        let r = p.ball_radius_m;
        let energy = |s: &BallState| s.kinetic_energy(p.ball_mass_kg, p.inertia());
        let mut pressed_cue_ball = 0;
        for v in [0.05, 0.5, 2.0, 6.0] {
            for cut in [0.0f64, 15.0, 30.0, 50.0, 80.0] {
                let (sn, cs) = cut.to_radians().sin_cos();
                let dir = V3::new(cs, sn, 0.0);
                let roll = V3::Z.cross(dir) * (v / r);
                for w in [roll, V3::ZERO, -1.5 * roll, roll + V3::new(0.0, 0.0, 40.0), -roll - V3::new(0.0, 0.0, 25.0)]
                {
                    let (a, b) = pair(v * dir, w);
                    let (a2, b2) = resolve(&a, &b, &p);
                    let (e0, e1) = (energy(&a) + energy(&b), energy(&a2) + energy(&b2));
                    assert!(e1 <= e0 * (1.0 + 1e-12), "v {v} cut {cut} w {w:?}: {e0} -> {e1}");
                    // Backspin (w along -roll) gives slip u_z < 0 at the contact: the cue ball
                    // is pressed down.
                    if w.dot(roll) < 0.0 {
                        pressed_cue_ball += 1;
                    }
                }
            }
        }
        assert_eq!(pressed_cue_ball, 40);
        // Slow balls, both spinning fast in any direction: 2 speeds x 5 cuts x 125 spins. (The
        // energy gain of pooltool's cloth slip needs a whole shot to show: tests/properties.rs,
        // `mathavan_contacts_in_a_rack_never_add_energy`.)
        for v in [0.02, 0.1] {
            for cut in [0.0f64, 15.0, 30.0, 50.0, 80.0] {
                let (sn, cs) = cut.to_radians().sin_cos();
                for wx in [-3.0, 0.0, 3.0, -8.0, 8.0] {
                    for wy in [-3.0, 0.0, 3.0, -8.0, 8.0] {
                        for wz in [-2.0, 0.0, 2.0, -6.0, 6.0] {
                            let (a, mut b) = pair(V3::new(v * cs, v * sn, 0.0), V3::new(wx, wy, wz));
                            // The object ball spins too (sliding in place).
                            b.ang_vel = V3::new(wy, -wx, -wz);
                            let b = settle(BallState { motion: Motion::Sliding, ..b }, &p);
                            let (a2, b2) = resolve(&a, &b, &p);
                            let (e0, e1) = (energy(&a) + energy(&b), energy(&a2) + energy(&b2));
                            assert!(e1 <= e0 * (1.0 + 1e-12), "v {v} cut {cut} w {wx} {wy} {wz}: {e0} -> {e1}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn momentum_along_the_table_is_kept_when_only_the_balls_rub() {
        // Side spin alone: ball-ball friction is horizontal, no ball is pressed into the cloth,
        // so the pair's momentum is conserved (to rounding) and the object ball is thrown.
        let p = Params::default();
        let (a, b) = pair(V3::new(1.0, 0.0, 0.0), V3::new(0.0, 0.0, 30.0));
        let (a2, b2) = resolve(&a, &b, &p);
        let mom = a2.vel + b2.vel;
        assert!((mom - a.vel).norm() < 1e-12, "{mom:?}");
        assert!(b2.vel.y > 0.01, "throw {:?}", b2.vel);
    }
}
