//! pooltool's published-data checks of its ball-ball and ball-cushion models, translated to this
//! crate: Mathavan et al. 2014's five measured collisions, head-on restitution, gearing side spin,
//! cushion energy and the cushion's mirror symmetry (pooltool's
//! `tests/physics/resolve/ball_ball/test_frictional_mathavan.py`, `test_ball_ball.py` and
//! `tests/physics/resolve/ball_cushion/test_ball_cushion.py`).

use biljardi_physics::evolve::{settle, slip_velocity};
use biljardi_physics::resolve::{ball_ball, ball_cushion};
use biljardi_physics::{BallBallModel, BallState, CushionModel, Motion, Params, V3};

const MODELS: [BallBallModel; 2] = [BallBallModel::FrictionalInelastic, BallBallModel::FrictionalMathavan];

/// A ball on the bed at `pos` moving at `v` and spinning at `w`.
fn ball(pos: [f64; 2], v: V3, w: V3, p: &Params) -> BallState {
    let mut s = BallState::at_rest(pos, p.ball_radius_m);
    s.vel = v;
    s.ang_vel = w;
    s.motion = Motion::Sliding;
    settle(s, p)
}

/// The velocity a ball on the cloth has once its slide ends: `v - 2/7 u` (sliding friction keeps
/// the slip's direction and removes 7/2 of it for each unit of speed it takes).
fn rolling_velocity(s: &BallState, r: f64) -> V3 {
    s.vel - (2.0 / 7.0) * slip_velocity(s, r)
}

/// Mathavan, Jackson and Parkin 2014, Sports Engineering 17, 227-237, Tables 1 and 2: a rolling
/// cue ball (speed m/s, topspin rad/s, cut angle deg) into an object ball at rest, and the
/// measured speeds of both once rolling again and their angles from the cue ball's incoming
/// line (deg). Their balls and cloth: R = 0.02625 m, M = 0.1406 kg, e = 0.89, mu_s = 0.21,
/// mu_b = 0.05 (as pooltool's test).
const MATHAVAN_2014: [([f64; 3], [f64; 4]); 5] = [
    ([1.539, 58.63, 33.83], [0.914, 0.831, 31.93, 32.20]),
    ([1.032, 39.31, 26.36], [0.520, 0.599, 32.45, 25.07]),
    ([1.364, 51.96, 40.52], [0.917, 0.676, 29.91, 38.62]),
    ([1.731, 65.94, 46.5], [1.28, 0.780, 27.32, 44.38]),
    ([0.942, 35.89, 18.05], [0.383, 0.579, 29.47, 17.15]),
];

fn mathavan_params(model: BallBallModel) -> Params {
    Params {
        ball_radius_m: 0.02625,
        ball_mass_kg: 0.1406,
        e_ball: 0.89,
        mu_slide: 0.21,
        mu_ball: Some(0.05),
        ball_ball_model: model,
        ..Params::default()
    }
}

/// The largest relative error (of the four numbers) of each of the five cases.
fn mathavan_2014_errors(p: &Params) -> Vec<f64> {
    let r = p.ball_radius_m;
    MATHAVAN_2014
        .iter()
        .map(|&([v, w, cut_deg], measured)| {
            let (s, c) = cut_deg.to_radians().sin_cos();
            let cue = ball([0.0, 0.0], V3::new(v * c, v * s, 0.0), V3::new(-w * s, w * c, 0.0), p);
            let object = ball([2.0 * r, 0.0], V3::ZERO, V3::ZERO, p);
            let (a, b) = ball_ball::resolve(&cue, &object, p);
            let (va, vb) = (rolling_velocity(&a, r), rolling_velocity(&b, r));
            let angle = |u: V3| ((u.y / u.x).atan().to_degrees() - cut_deg).abs();
            let got = [va.norm(), vb.norm(), angle(va), angle(vb)];
            got.iter().zip(measured).map(|(g, m)| ((g - m) / m).abs()).fold(0.0, f64::max)
        })
        .collect()
}

#[test]
fn mathavan_2014_measured_collisions_agree_within_one_percent_with_cloth_friction_during_impact() {
    let errors = mathavan_2014_errors(&mathavan_params(BallBallModel::FrictionalMathavan));
    for (i, e) in errors.iter().enumerate() {
        assert!(*e < 0.01, "case {}: {:.2} % off", i + 1, 100.0 * e);
    }
}

#[test]
fn mathavan_2014_the_single_impulse_model_meets_three_of_five() {
    // Why it is not enough: without the cloth during the impact the cue ball deflects 0.16-0.40
    // deg too little (31.66, 32.12, 29.71, 27.16, 29.07 deg against 31.93, 32.45, 29.91, 27.32,
    // 29.47), 1.02 % and 1.37 % off in cases 2 and 5; Mathavan's model is within 0.02 deg.
    let errors = mathavan_2014_errors(&mathavan_params(BallBallModel::FrictionalInelastic));
    let passing: Vec<bool> = errors.iter().map(|e| *e < 0.01).collect();
    let pct: Vec<String> = errors.iter().map(|e| format!("{:.2}", 100.0 * e)).collect();
    assert_eq!(passing, [true, false, true, true, false], "{pct:?} %");
}

#[test]
fn mathavan_2014_converges_with_few_steps() {
    // The cue ball's rolling velocity with 50 and 100 steps over the normal impulse (100 is
    // `STEPS`; pooltool takes 1000) against 100 000. Against the paper's numbers the five cases'
    // largest errors are 0.080, 0.071, 0.048, 0.193, 0.174 % with 100 steps, 0.082, 0.073, 0.050,
    // 0.194, 0.165 % with 1000 (0.25, 0.29, 0.18, 0.19, 0.42 % with 5). Measured differences
    // from 100 000 steps: 6-8e-5 m/s with 100 steps, 1.2-1.6e-4 with 50.
    use biljardi_physics::resolve::ball_ball::frictional_mathavan::resolve_in;
    let p = mathavan_params(BallBallModel::FrictionalMathavan);
    let r = p.ball_radius_m;
    let run = |steps: usize| -> Vec<[f64; 3]> {
        MATHAVAN_2014
            .iter()
            .map(|&([v, w, cut_deg], _)| {
                let (s, c) = cut_deg.to_radians().sin_cos();
                let cue = ball([0.0, 0.0], V3::new(v * c, v * s, 0.0), V3::new(-w * s, w * c, 0.0), &p);
                let object = ball([2.0 * r, 0.0], V3::ZERO, V3::ZERO, &p);
                rolling_velocity(&resolve_in(&cue, &object, &p, steps).0, r).to_array()
            })
            .collect()
    };
    let fine = run(100_000);
    for (steps, tol) in [(100, 1e-4), (50, 2e-4)] {
        for (x, y) in run(steps).iter().zip(&fine) {
            let d = ((x[0] - y[0]).powi(2) + (x[1] - y[1]).powi(2)).sqrt();
            assert!(d < tol, "{steps} steps: {d}");
        }
    }
}

/// pooltool's `test_head_on_zero_spin_inelastic`: a stun ball at 1 m/s into a ball at rest
/// separates at `e` m/s and keeps `(1 - e) / 2` of its speed, for every e; both models.
#[test]
fn head_on_stun_separates_at_e_times_the_approach_in_both_models() {
    for model in MODELS {
        for e in [0.5, 0.6, 0.7, 0.8, 0.9, 1.0] {
            let p = Params { e_ball: e, ball_ball_model: model, ..Params::default() };
            let a = ball([0.0, 0.0], V3::new(1.0, 0.0, 0.0), V3::ZERO, &p);
            let b = ball([2.0 * p.ball_radius_m, 0.0], V3::ZERO, V3::ZERO, &p);
            let (a2, b2) = ball_ball::resolve(&a, &b, &p);
            assert!(((b2.vel - a2.vel).norm() - e).abs() < 1e-10, "{model:?} e {e}");
            assert!((a2.vel.x - 0.5 * (1.0 - e)).abs() < 1e-10, "{model:?} e {e}: {}", a2.vel.x);
            assert!(b2.vel.x > 0.0);
        }
    }
}

/// pooltool's `test_translating_head_on_zero_spin_inelastic`: both balls drifting together at
/// 1 m/s across the line of centres still drift together after the hit.
#[test]
fn a_common_drift_across_the_line_of_centres_is_kept() {
    for model in MODELS {
        for e in [0.6, 0.8, 1.0] {
            let p = Params { e_ball: e, ball_ball_model: model, ..Params::default() };
            let r = p.ball_radius_m;
            let a = ball([0.0, 0.0], V3::new(1.0, 1.0, 0.0), V3::new(-1.0 / r, 0.0, 0.0), &p);
            let b = ball([2.0 * r, 0.0], V3::new(0.0, 1.0, 0.0), V3::new(-1.0 / r, 0.0, 0.0), &p);
            let (a2, b2) = ball_ball::resolve(&a, &b, &p);
            assert!((a2.vel.y - b2.vel.y).abs() < 1e-10, "{model:?} e {e}: {} {}", a2.vel.y, b2.vel.y);
        }
    }
}

/// pooltool's `test_head_on_z_spin`: right-hand side spin (w_z > 0) on a head-on hit throws the
/// object ball left, gives it the opposite side spin, and keeps the cue ball's spin, smaller.
#[test]
fn head_on_side_spin_throws_left_and_decays() {
    for model in MODELS {
        for wz in [0.1, 1.0, 10.0, 100.0] {
            let p = Params { ball_ball_model: model, ..Params::default() };
            let a = ball([0.0, 0.0], V3::new(1.0, 0.0, 0.0), V3::new(0.0, 0.0, wz), &p);
            let b = ball([2.0 * p.ball_radius_m, 0.0], V3::ZERO, V3::ZERO, &p);
            let (a2, b2) = ball_ball::resolve(&a, &b, &p);
            assert!(b2.vel.y > 0.0, "{model:?} {wz}");
            assert!(b2.ang_vel.z < 0.0, "{model:?} {wz}");
            assert!(a2.ang_vel.z > 0.0 && a2.ang_vel.z < wz, "{model:?} {wz}: {}", a2.ang_vel.z);
        }
    }
}

/// pooltool's `test_gearing_z_spin`: with just the side spin that stops the slip between the
/// balls at the contact ("gearing english"), there is no throw and no spin passed on, at any
/// speed, cut and direction (4 x 6 x 6 cases).
#[test]
fn gearing_side_spin_gives_no_throw_and_no_induced_spin() {
    for model in MODELS {
        let p = Params { ball_ball_model: model, ..Params::default() };
        let r = p.ball_radius_m;
        for speed in [0.1, 0.4641588833612779, 2.154434690031884, 10.0] {
            for k in 0..6 {
                let loc = k as f64 * std::f64::consts::TAU / 6.0;
                let n = V3::new(loc.cos(), loc.sin(), 0.0);
                for c in 0..6 {
                    let cut = c as f64 * std::f64::consts::FRAC_PI_2 / 6.0;
                    let v = speed * V3::new((loc + cut).cos(), (loc + cut).sin(), 0.0);
                    // Side spin that cancels the tangential surface speed: w_z = -|v_t| / R.
                    let vt = (v - v.dot(n) * n).norm();
                    let a = ball([0.0, 0.0], v, V3::new(0.0, 0.0, -vt / r), &p);
                    let b = ball([2.0 * r * n.x, 2.0 * r * n.y], V3::ZERO, V3::ZERO, &p);
                    let (_, b2) = ball_ball::resolve(&a, &b, &p);
                    assert!(b2.vel.cross(n).norm() < 1e-3, "{model:?} {speed} {k} {c}: throw {:?}", b2.vel);
                    assert!(b2.ang_vel.z.abs() < 5e-3, "{model:?} {speed} {k} {c}: spin {}", b2.ang_vel.z);
                }
            }
        }
    }
}

/// A ball at 1 m/s from `theta` degrees off the cushion's normal, sliding (pooltool's cushion
/// tests: a ball at `[-R, 0, R]` moving `[cos, sin, 0]` into a cushion along the y axis).
fn into_cushion(theta_deg: f64, speed: f64, p: &Params) -> BallState {
    let (s, c) = theta_deg.to_radians().sin_cos();
    ball([-p.ball_radius_m, 0.0], speed * V3::new(c, s, 0.0), V3::ZERO, p)
}

fn energy(s: &BallState, p: &Params) -> f64 {
    s.kinetic_energy(p.ball_mass_kg, p.inertia())
}

/// pooltool's `test_energy`: a cushion hit never adds energy, at 10 angles from 1 to 89 deg
/// (pooltool: 1 m/s, no spin), here at 0.3, 1, 2, 3 and 8 m/s, stun and rolling with side spin,
/// both models: 100 hits per model.
#[test]
fn cushion_hits_never_add_energy() {
    let normal = V3::new(-1.0, 0.0, 0.0);
    for model in [CushionModel::Mathavan2010, CushionModel::Han2005] {
        let p = Params { cushion_model: model, ..Params::default() };
        let h = biljardi_physics::Table::default().cushion_height_m;
        let mut hits = 0;
        for i in 0..10 {
            let theta = 1.0 + 88.0 * i as f64 / 9.0;
            for speed in [0.3, 1.0, 2.0, 3.0, 8.0] {
                for rolling_with_side in [false, true] {
                    let mut s = into_cushion(theta, speed, &p);
                    if rolling_with_side {
                        s.ang_vel = V3::Z.cross(s.vel) / p.ball_radius_m + V3::new(0.0, 0.0, 40.0);
                        s = settle(s, &p);
                        assert_eq!(s.motion, Motion::Rolling);
                    }
                    let out = ball_cushion::resolve(&s, normal, h, &p);
                    let (e0, e1) = (energy(&s, &p), energy(&out, &p));
                    assert!(e1 <= e0 * (1.0 + 1e-12), "{model:?} {theta} {speed} {rolling_with_side}: {e0} -> {e1}");
                    assert!(out.vel.x < 0.0, "{model:?} {theta} {speed}: still going in");
                    hits += 1;
                }
            }
        }
        assert_eq!(hits, 100);
    }
}

/// pooltool's `test_symmetry`: a hit from `+theta` and its mirror image from `-theta` rebound as
/// mirror images, at 20 angles from -89 to 89 deg, both cushion models.
#[test]
fn cushion_hits_are_mirror_symmetric() {
    let normal = V3::new(-1.0, 0.0, 0.0);
    for model in [CushionModel::Mathavan2010, CushionModel::Han2005] {
        let p = Params { cushion_model: model, ..Params::default() };
        let h = biljardi_physics::Table::default().cushion_height_m;
        for i in 0..20 {
            let theta = -89.0 + 178.0 * i as f64 / 19.0;
            let (s, m) = (into_cushion(theta, 1.0, &p), into_cushion(-theta, 1.0, &p));
            assert_eq!(s.vel.x, m.vel.x);
            assert_eq!(s.vel.y, -m.vel.y);
            let (a, b) = (ball_cushion::resolve(&s, normal, h, &p), ball_cushion::resolve(&m, normal, h, &p));
            assert!(a.vel.x < 0.0 && b.vel.x < 0.0, "{model:?} {theta}");
            assert!((a.vel.x - b.vel.x).abs() < 1e-12, "{model:?} {theta}: {} {}", a.vel.x, b.vel.x);
            assert!((a.vel.y + b.vel.y).abs() < 1e-12, "{model:?} {theta}: {} {}", a.vel.y, b.vel.y);
            // The spins mirror too: w_x and w_z change sign, w_y does not.
            let (wa, wb) = (a.ang_vel, b.ang_vel);
            assert!((wa.x + wb.x).abs() < 1e-9 && (wa.y - wb.y).abs() < 1e-9 && (wa.z + wb.z).abs() < 1e-9);
        }
    }
}
