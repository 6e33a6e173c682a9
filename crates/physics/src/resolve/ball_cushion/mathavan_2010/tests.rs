//! Mathavan 2010's cushion against an independent reference integration, and measurements.

use super::*;
use crate::table::Table;

fn hit(p: &Params, v: V3, w: V3, steps: usize) -> BallState {
    let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
    s.vel = v;
    s.ang_vel = w;
    let s = settle(s, p);
    // Cushion at +x (the foot rail): its normal points to -x.
    resolve_with_steps(&s, V3::new(-1.0, 0.0, 0.0), Table::default().cushion_height_m, p, steps).0
}

/// `hit` with the number of rate evaluations.
fn hit_counted(p: &Params, v: V3, w: V3, steps: usize) -> (BallState, usize) {
    let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
    s.vel = v;
    s.ang_vel = w;
    let s = settle(s, p);
    resolve_with_steps(&s, V3::new(-1.0, 0.0, 0.0), Table::default().cushion_height_m, p, steps)
}

/// An independent reference: Mathavan et al. (2010)'s equations as pooltool's
/// `resolve/ball_cushion/mathavan_2010/model.py` writes them (slip angles by `atan2`, friction
/// `mu N` along them, no sticking), integrated with the midpoint rule in `n` equal impulse
/// steps per unit of the normal speed, the compression's end and the returned work found
/// by linear interpolation within the last step. Without sticking the friction chatters
/// about a stick and the result converges as `1/n`; 2 000 000 steps put it within about
/// 1e-9 m/s of its limit. Returns the velocity and `R` times the spin, table frame.
fn reference(p: &Params, v: V3, w: V3, n: usize) -> (V3, V3) {
    let (m, r) = (p.ball_mass_kg, p.ball_radius_m);
    let h = Table::default().cushion_height_m;
    let (sin, cos) = ((h - r) / r, (1.0 - ((h - r) / r).powi(2)).sqrt());
    let (mu_w, mu_s) = (p.mu_cushion, p.mu_slide);
    // Cushion frame: y into the cushion (+x of the table), x along it (table -y).
    let to_local = |a: V3| [-a.y, a.x, a.z];
    let (lv, lw) = (to_local(v), to_local(w));
    let e = p.cushion_restitution(lv[1]);
    let rates = |s: &[f64; 5]| -> [f64; 5] {
        let [vx, vy, wx, wy, wz] = *s;
        let (ix, iy) = (vx + wy * r * sin - wz * r * cos, -vy * sin + wx * r);
        let (cx, cy) = (vx - wy * r, vy + wx * r);
        let angle = |x: f64, y: f64| if x == 0.0 && y == 0.0 { None } else { Some(y.atan2(x)) };
        let (ca, sa) = angle(ix, iy).map_or((0.0, 0.0), |a| (a.cos(), a.sin()));
        let (cb, sb) = angle(cx, cy).map_or((0.0, 0.0), |b| (b.cos(), b.sin()));
        let t = sin + mu_w * sa * cos;
        let k = 5.0 / (2.0 * m * r);
        [
            -(mu_w * ca + mu_s * cb * t) / m,
            -(cos - mu_w * sin * sa + mu_s * sb * t) / m,
            -k * (mu_w * sa + mu_s * sb * t),
            -k * (mu_w * ca * sin - mu_s * cb * t),
            k * mu_w * ca * cos,
        ]
    };
    let step = |s: &[f64; 5], dp: f64| {
        let k1 = rates(s);
        let mid: [f64; 5] = std::array::from_fn(|i| s[i] + 0.5 * dp * k1[i]);
        let k2 = rates(&mid);
        std::array::from_fn::<f64, 5, _>(|i| s[i] + dp * k2[i])
    };
    let mut s = [lv[0], lv[1], lw[0], lw[1], lw[2]];
    let dp = m * lv[1] / n as f64;
    let mut work = 0.0;
    loop {
        let next = step(&s, dp);
        if next[1] <= 0.0 {
            let frac = s[1] / (s[1] - next[1]);
            work += frac * dp * cos * 0.5 * s[1];
            s = step(&s, frac * dp);
            break;
        }
        work += dp * cos * 0.5 * (s[1] + next[1]);
        s = next;
    }
    let target = e * e * work;
    let mut done = 0.0;
    loop {
        let next = step(&s, dp);
        let dw = dp * cos * 0.5 * (s[1].abs() + next[1].abs());
        if done + dw >= target {
            s = step(&s, (target - done) / dw * dp);
            break;
        }
        done += dw;
        s = next;
    }
    let to_table = |a: [f64; 3]| V3::new(a[1], -a[0], a[2]);
    (to_table([s[0], s[1], 0.0]), to_table([s[2] * r, s[3] * r, s[4] * r]))
}

/// The constant restitution of the paper.
fn constant(e: f64) -> Params {
    Params { e_cushion: e, e_cushion_speed: 0.0, ..Params::default() }
}

#[test]
fn perpendicular_cushion_hit_rebounds_at_e_cushion() {
    let p = constant(0.85);
    for v in [0.5, 1.0, 2.0, 4.0] {
        let out = hit(&p, V3::new(v, 0.0, 0.0), V3::ZERO, STEPS);
        assert!(out.vel.y.abs() < 1e-12, "stays on its line");
        // Table friction takes some of what the cushion returns: Mathavan's perpendicular
        // rebound is 0.898 e at the default parameters (0.763 v), the same at every speed.
        let ratio = -out.vel.x / v;
        assert!((ratio - 0.763).abs() < 0.002, "v {v}: rebound {ratio}");
        assert!(ratio > 0.88 * p.e_cushion && ratio < p.e_cushion, "about e_cushion x v");
    }
}

/// Mathavan et al. (2009), "Application of high-speed imaging to determine the dynamics of
/// billiards", Am. J. Phys. 77: a ball rolling straight into a cushion at v comes back at
/// `-0.0877 v^2 + 1.131 v - 0.0953` m/s (their fit, 0.5-3.4 m/s).
fn mathavan_2009(v: f64) -> f64 {
    -0.0877 * v * v + 1.131 * v - 0.0953
}

#[test]
fn rolling_perpendicular_rebound_agrees_with_the_measurements() {
    let p = Params::default();
    let r = p.ball_radius_m;
    let rebound = |v: f64| -hit(&p, V3::new(v, 0.0, 0.0), V3::new(0.0, v / r, 0.0), STEPS).vel.x / v;
    // Within 0.05 of Mathavan 2009's fitted rebound ratio at every speed they measured.
    let mut worst: f64 = 0.0;
    let speeds: Vec<f64> = (0..=29).map(|i| 0.5 + 0.1 * i as f64).collect();
    for &v in &speeds {
        let diff = rebound(v) - mathavan_2009(v) / v;
        worst = worst.max(diff.abs());
    }
    assert!(worst < 0.05, "worst {worst}");
    // Sudo and Shibata (2002), pool cushion: 0.856 of the speed below 1.8 m/s (their mean).
    // Mathavan's rig comes back higher there (0.90-0.95); the fit sits between the two.
    let low: Vec<f64> = speeds.iter().copied().filter(|v| *v <= 1.8 + 1e-9).collect();
    let mean = low.iter().map(|&v| rebound(v)).sum::<f64>() / low.len() as f64;
    assert!((mean - 0.856).abs() < 0.05, "mean below 1.8 m/s {mean}");
    // The rebound falls with speed, as measured, but a harder hit still comes back faster.
    for w in speeds.windows(2) {
        assert!(rebound(w[1]) < rebound(w[0]) + 1e-12);
        assert!(rebound(w[1]) * w[1] > rebound(w[0]) * w[0]);
    }
    for v in [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.4] {
        eprintln!("v {v}: rebound {:.4} Mathavan 2009 {:.4}", rebound(v), mathavan_2009(v) / v);
    }
    eprintln!("mean below 1.8 m/s {mean:.4} (Sudo and Shibata 0.856), worst vs Mathavan {worst:.4}");
}

#[test]
fn rolling_ball_rebounds_straight_back_too() {
    let p = constant(0.85);
    let v = 1.0;
    let out = hit(&p, V3::new(v, 0.0, 0.0), V3::new(0.0, v / p.ball_radius_m, 0.0), STEPS);
    assert!(out.vel.y.abs() < 1e-12);
    let ratio = -out.vel.x / v;
    assert!((0.7..=0.9).contains(&ratio), "{ratio}");
}

#[test]
fn mathavan_paper_parameters_reproduce_its_rebound() {
    // Mathavan et al. 2010, Fig. 8-10 setup: M = 0.1406, R = 0.02625, e = 0.98,
    // mu_w = 0.14, mu_s = 0.212, h = 0.7 * 2R... (nose at 7/5 R); a stun ball straight in.
    let p = Params {
        ball_mass_kg: 0.1406,
        ball_radius_m: 0.02625,
        e_cushion: 0.98,
        e_cushion_speed: 0.0,
        mu_cushion: 0.14,
        mu_slide: 0.212,
        ..Params::default()
    };
    let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
    s.vel = V3::new(2.0, 0.0, 0.0);
    let out = resolve(&settle(s, &p), V3::new(-1.0, 0.0, 0.0), 1.4 * p.ball_radius_m, &p);
    let ratio = -out.vel.x / 2.0;
    // e = 0.98 of the work at the cushion, less what the cloth's friction takes.
    assert!((0.82..=0.86).contains(&ratio), "{ratio}");
}

/// Three oblique hits with spin and a stun hit: `STEPS` steps against 20 000 (the integration's
/// own convergence), and 20 000 against `reference` at 200 000 (the sticking model's limit is
/// the chattering reference's: the chatter averages to the friction that holds the slip).
#[test]
fn the_fixed_step_count_converges() {
    let p = constant(0.85);
    let r = p.ball_radius_m;
    let cases = [
        (V3::new(1.0, 0.0, 0.0), V3::ZERO),
        (V3::new(1.2, 1.0, 0.0), V3::new(-1.0 / r, 1.2 / r, 20.0)),
        (V3::new(2.0, -0.5, 0.0), V3::new(0.0, -30.0, -40.0)),
        (V3::new(0.3, 2.0, 0.0), V3::new(0.0, 0.0, 60.0)),
    ];
    for (v, w) in cases {
        let fast = hit(&p, v, w, STEPS);
        let fine = hit(&p, v, w, 20_000);
        let (rv, rw) = reference(&p, v, w, 200_000);
        let (dv, dw) = ((fast.vel - fine.vel).norm(), (fast.ang_vel - fine.ang_vel).norm() * r);
        let (lv, lw) = ((fine.vel - rv).norm(), (fine.ang_vel * r - rw).norm());
        eprintln!("{v:?}: steps {dv:.2e} {dw:.2e}, limit vs reference {lv:.2e} {lw:.2e}");
        assert!(dv < 2e-4 * v.norm() && dw < 2e-4 * v.norm(), "{:?} vs {:?}", fast, fine);
        assert!(lv < 2e-6 && lw < 2e-6, "{:?} vs {rv:?} {rw:?}", fine);
    }
}

/// Issue 21's case, a ball rolling straight in at 1 m/s: `reference` gave 0.808416356 m/s with a
/// constant e 0.85 and 0.904423677 m/s at the defaults (200 000 steps give the same within
/// 2.5e-7, checked here). The fixed 32 midpoint steps this model took before were 1.1e-3 and
/// 1.2e-4 m/s off (the friction chattered about a stick). With the stick the rates are constant
/// between the cuts of this straight hit, so any number of steps lands on the limit: 0.808416346
/// and 0.904423628 at 20, 2000 and 200 000 steps alike (within 3e-12). The chattering reference
/// closes on the same limit as 1/n: 9.9e-8 and 1.2e-7 above it at 200 000 steps, 1.7e-8 and
/// 1.0e-8 at 2 000 000, 2.8e-9 and 2.7e-9 at 8 000 000 (release, by hand).
/// No input tried gives the 0.74731 m/s the issue quoted (pooltool's defaults: 0.8042837;
/// the paper's parameters: 0.9106591; stun hits 0.7634522 and 0.7591161; pooltool's own
/// Euler steps 0.8038).
#[test]
fn the_rolling_perpendicular_rebound_is_the_converged_one_within_1e_5() {
    let r = Params::default().ball_radius_m;
    for (p, converged) in [(constant(0.85), 0.808_416_356), (Params::default(), 0.904_423_677)] {
        let (out, evals) = hit_counted(&p, V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0), STEPS);
        let rebound = -out.vel.x;
        eprintln!("rebound {rebound:.9} converged {converged} error {:.3e} evals {evals}", rebound - converged);
        assert!((rebound - converged).abs() < 1e-5, "rebound {rebound:.9}");
        // The limit of the chattering reference is the sticking model's.
        let (fine, _) = reference(&p, V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0), 200_000);
        assert!((-fine.x - converged).abs() < 1e-6, "reference {:.9}", -fine.x);
    }
}

#[test]
fn running_and_reverse_english_change_the_rebound_angle() {
    let p = constant(0.85);
    let v = 1.5;
    let a = 45f64.to_radians();
    let vin = V3::new(v * a.cos(), v * a.sin(), 0.0);
    let angle = |s: &BallState| s.vel.y.atan2(-s.vel.x).to_degrees();
    let plain = hit(&p, vin, V3::ZERO, STEPS);
    // Moving +y into the +x cushion: running english is spin that rolls the ball along +y
    // on the cushion; with the cushion at +x that is w_z < 0.
    let running = hit(&p, vin, V3::new(0.0, 0.0, -60.0), STEPS);
    let reverse = hit(&p, vin, V3::new(0.0, 0.0, 60.0), STEPS);
    assert!(angle(&running) > angle(&plain) + 3.0, "{} vs {}", angle(&running), angle(&plain));
    assert!(angle(&reverse) < angle(&plain) - 3.0, "{} vs {}", angle(&reverse), angle(&plain));
    // Energy never rises.
    let (m, i) = (p.ball_mass_kg, p.inertia());
    for (w, out) in [(V3::ZERO, plain), (V3::new(0.0, 0.0, -60.0), running), (V3::new(0.0, 0.0, 60.0), reverse)] {
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = vin;
        s.ang_vel = w;
        assert!(out.kinetic_energy(m, i) < s.kinetic_energy(m, i));
    }
}

/// Random cushion hits at the default parameters (`StdRng` seed `seed`): speed 0.2-5 m/s at up
/// to 80 degrees off the normal; half of them rolling, half with any spin about the horizontal
/// axes up to 1.5 times the speed (times R); side spin up to 1.5 times the speed. Returns each
/// hit's velocity and angular velocity.
fn random_hits(seed: u64, n: usize) -> Vec<(V3, V3)> {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let r = Params::default().ball_radius_m;
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n)
        .map(|_| {
            let v = rng.random_range(0.2..5.0);
            let a = rng.random_range(-80f64..80.0).to_radians();
            let vel = V3::new(v * a.cos(), v * a.sin(), 0.0);
            let side = rng.random_range(-1.5..1.5) * v / r;
            let w = if rng.random_bool(0.5) {
                V3::Z.cross(vel) / r
            } else {
                V3::new(rng.random_range(-1.5..1.5) * v / r, rng.random_range(-1.5..1.5) * v / r, 0.0)
            };
            (vel, w + V3::new(0.0, 0.0, side))
        })
        .collect()
}

/// The errors of `steps` steps against `reference` at `n` steps on `hits`: per hit the larger of
/// the velocity's and `R` times the spin's (m/s), sorted, and the rate evaluations per hit, sorted.
fn errors(p: &Params, hits: &[(V3, V3)], steps: usize, n: usize) -> (Vec<f64>, Vec<usize>) {
    let r = p.ball_radius_m;
    let (mut errs, mut evals) = (Vec::new(), Vec::new());
    for &(v, w) in hits {
        let (out, count) = hit_counted(p, v, w, steps);
        let (rv, rw) = reference(p, v, w, n);
        errs.push((out.vel - rv).norm().max((out.ang_vel * r - rw).norm()));
        evals.push(count);
    }
    errs.sort_by(f64::total_cmp);
    evals.sort();
    (errs, evals)
}

/// 40 random hits against the reference at 20 000 steps (its own error about 1e-6 here): the
/// median within 5e-5 m/s, every hit within 5e-3 (measured: 2.6e-5 and 2.5e-3), at most 100
/// rate evaluations a hit at the median (85); no hit gains energy.
#[test]
fn random_hits_agree_with_the_reference() {
    let p = Params::default();
    let hits = random_hits(21, 40);
    let (errs, evals) = errors(&p, &hits, STEPS, 20_000);
    let at = |q: f64| errs[((errs.len() - 1) as f64 * q).round() as usize];
    eprintln!("median {:.2e} p90 {:.2e} max {:.2e} evals median {}", at(0.5), at(0.9), at(1.0), evals[evals.len() / 2]);
    assert!(at(0.5) < 5e-5, "median {:.2e}", at(0.5));
    assert!(at(1.0) < 5e-3, "max {:.2e}", at(1.0));
    assert!(evals[evals.len() / 2] <= 100, "evals {evals:?}");
    let (m, i) = (p.ball_mass_kg, p.inertia());
    for (v, w) in hits {
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        (s.vel, s.ang_vel) = (v, w);
        let before = settle(s, &p).kinetic_energy(m, i);
        assert!(hit(&p, v, w, STEPS).kinetic_energy(m, i) < before, "{v:?} {w:?}");
    }
}

/// `cargo test --release -p biljardi-physics -- --ignored random_hits_against_a_fine_reference
/// --nocapture`: 500 random hits (seed 21) against `reference` at 100 000 steps (about 1e-6 off
/// its limit on these). Measured: median 1.56e-5 m/s, p99 5.6e-3, max 1.16e-2; 85 rate
/// evaluations a hit at the median, 106 at most (the 32 fixed steps before: about 130).
#[test]
#[ignore = "about a minute in release"]
fn random_hits_against_a_fine_reference() {
    let p = Params::default();
    let (errs, evals) = errors(&p, &random_hits(21, 500), STEPS, 100_000);
    let at = |q: f64| errs[((errs.len() - 1) as f64 * q).round() as usize];
    eprintln!(
        "500 hits: error median {:.2e} p90 {:.2e} p99 {:.2e} max {:.2e}; evals median {} p99 {} max {}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0),
        evals[250],
        evals[495],
        evals[499]
    );
    assert!(at(0.5) < 3e-5 && at(0.99) < 1e-2 && at(1.0) < 2e-2);
}

/// Hits from a graze (1e-6 m/s) to 12 m/s, up to 89.99 degrees off the normal, spins up to three
/// times the speed (over R) or 1500 rad/s, the default and random constant restitutions: every
/// result finite, at most 200 rate evaluations (200 000 such hits in release: 127 at most), no
/// energy gained (none in 200 000 either).
#[test]
fn extreme_hits_stay_finite_take_bounded_work_and_never_gain_energy() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let mut rng = StdRng::seed_from_u64(7);
    let (mut worst_evals, mut nan, mut rises, mut max_rise) = (0, 0, 0, 0.0f64);
    for k in 0..3000 {
        let p = if k % 2 == 0 { Params::default() } else { constant(rng.random_range(0.0..1.0)) };
        let r = p.ball_radius_m;
        let v = 10f64.powf(rng.random_range(-6.0..1.1));
        let a = rng.random_range(-89.99f64..89.99).to_radians();
        let vel = V3::new(v * a.cos(), v * a.sin(), 0.0);
        let sc = if rng.random_bool(0.5) { v / r } else { 500.0 };
        let w = match k % 3 {
            0 => V3::Z.cross(vel) / r + V3::new(0.0, 0.0, rng.random_range(-3.0..3.0) * sc),
            _ => V3::new(
                rng.random_range(-3.0..3.0) * sc,
                rng.random_range(-3.0..3.0) * sc,
                rng.random_range(-3.0..3.0) * sc,
            ),
        };
        let (out, evals) = hit_counted(&p, vel, w, STEPS);
        worst_evals = worst_evals.max(evals);
        if !(out.vel.norm().is_finite() && out.ang_vel.norm().is_finite()) {
            nan += 1;
            continue;
        }
        let (m, i) = (p.ball_mass_kg, p.inertia());
        let mut s = BallState::at_rest([0.0, 0.0], r);
        (s.vel, s.ang_vel) = (vel, w);
        let before = settle(s, &p).kinetic_energy(m, i);
        let after = out.kinetic_energy(m, i);
        if after > before * (1.0 + 1e-12) {
            rises += 1;
            max_rise = max_rise.max((after - before) / before);
        }
    }
    eprintln!("worst evals {worst_evals} not finite {nan} energy rises {rises} largest relative rise {max_rise:.3e}");
    assert!(nan == 0 && rises == 0 && worst_evals <= 200);
}
