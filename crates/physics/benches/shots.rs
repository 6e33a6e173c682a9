//! `cargo bench -p biljardi-physics`: the break and ordinary shots timed with criterion, then one
//! JSON object summarising criterion's saved estimates (mean time per shot, per event, events per
//! shot) as the README quotes it. Compare against design.md's targets (15-ball break under 1 ms,
//! an ordinary shot under 0.1 ms, one core). The `cushion` group times single cushion hits
//! (the Mathavan 2010 integration, issue 21's budget: well under 0.05 ms a hit). The `ball_ball`
//! group times one ball-ball contact and the 15-ball break with each ball-ball model, in the same
//! run, so the two can be compared on this noisy machine.
//!
//! The break and the rack shots keep the ball speeds of the figures measured before the leather
//! tip (`Params::e_tip`): their cue speeds are 2 / (1 + e_tip) times the old ones.

use biljardi_physics::evolve::settle;
use biljardi_physics::resolve::{ball_ball, ball_cushion};
use biljardi_physics::{Ball, BallBallModel, BallId, BallState, Params, Simulation, Strike, Table, V3, rack};
use criterion::Criterion;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::path::PathBuf;

struct Case {
    name: &'static str,
    balls: Vec<Ball>,
    strikes: Vec<Strike>,
}

/// Cue speed that gives the ball the speed an elastic tip at `v` gave it.
fn same_ball_speed(v: f64) -> f64 {
    v * 2.0 / (1.0 + Params::default().e_tip)
}

fn cases() -> Vec<Case> {
    let table = Table::default();
    let cue = rack::cue_at(table.head_spot());
    let with_cue = |mut balls: Vec<Ball>| {
        balls.insert(0, cue);
        balls
    };
    // Seeded so the random shots are the same every run.
    let mut rng = StdRng::seed_from_u64(7);
    let random_shots = (0..1000)
        .map(|_| Strike {
            speed_mps: same_ball_speed(rng.random_range(0.5..6.0)),
            phi_rad: rng.random_range(0.0..std::f64::consts::TAU),
            theta_rad: 0.0,
            a: rng.random_range(-0.3..0.3),
            b: rng.random_range(-0.3..0.3),
        })
        .collect();
    vec![
        Case {
            name: "break_15_ball_8mps",
            balls: with_cue(rack::eight_ball(&table)),
            strikes: vec![Strike::centre(same_ball_speed(8.0), 0.0)],
        },
        Case {
            name: "break_9_ball_8mps",
            balls: with_cue(rack::nine_ball(&table)),
            strikes: vec![Strike::centre(same_ball_speed(8.0), 0.0)],
        },
        Case {
            name: "into_rack_2mps",
            balls: with_cue(rack::eight_ball(&table)),
            strikes: vec![Strike::centre(same_ball_speed(2.0), 0.0)],
        },
        Case { name: "random_1000_shots_9_ball_rack", balls: with_cue(rack::nine_ball(&table)), strikes: random_shots },
    ]
}

/// Plays every stroke of `case` from its layout; the number of events.
fn play(table: &Table, case: &Case) -> usize {
    let mut n = 0;
    for strike in &case.strikes {
        let mut sim = Simulation::new(*table, Params::default(), case.balls.clone());
        sim.strike(BallId::CUE, *strike);
        n += black_box(sim.run_to_rest()).len();
    }
    n
}

const GROUP: &str = "shots";
const CUSHION_GROUP: &str = "cushion";

/// Single cushion hits on the foot rail (normal -x) at the default parameters: (name, velocity,
/// angular velocity). A rolling ball straight in (issue 21's case) and a 45-degree hit with side
/// spin (the cushion contact sticks and slips on the way).
fn cushion_hits(p: &Params) -> Vec<(&'static str, BallState)> {
    let r = p.ball_radius_m;
    let state = |v: V3, w: V3| {
        let mut s = BallState::at_rest([0.0, 0.0], r);
        s.vel = v;
        s.ang_vel = w;
        settle(s, p)
    };
    let a = std::f64::consts::FRAC_1_SQRT_2;
    vec![
        ("rolling_straight_1mps", state(V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0))),
        ("angled_45_side_spin_2mps", state(V3::new(2.0 * a, 2.0 * a, 0.0), V3::new(-2.0 * a / r, 2.0 * a / r, 60.0))),
    ]
}

const BALL_BALL_GROUP: &str = "ball_ball";

/// The ball-ball models compared in the `ball_ball` group, with their names there.
const BALL_BALL_MODELS: [(&str, BallBallModel); 2] = [
    ("frictional_inelastic", BallBallModel::FrictionalInelastic),
    ("frictional_mathavan", BallBallModel::FrictionalMathavan),
];

/// A rolling cue ball at 2 m/s making a half-ball hit on a ball at rest.
fn contact(p: &Params) -> (BallState, BallState) {
    let r = p.ball_radius_m;
    let mut a = BallState::at_rest([0.0, 0.0], r);
    a.vel = V3::new(2.0, 0.0, 0.0);
    a.ang_vel = V3::new(0.0, 2.0 / r, 0.0);
    let b = BallState::at_rest([3f64.sqrt() * r, r], r);
    (settle(a, p), b)
}

fn main() {
    let table = Table::default();
    let cases = cases();
    let mut c = Criterion::default().configure_from_args();
    {
        let mut group = c.benchmark_group(GROUP);
        for case in &cases {
            if case.strikes.len() > 1 {
                group.sample_size(10);
            }
            group.bench_function(case.name, |b| b.iter(|| play(&table, case)));
        }
        group.finish();
    }
    {
        let p = Params::default();
        let h = table.cushion_height_m;
        let normal = V3::new(-1.0, 0.0, 0.0);
        let mut group = c.benchmark_group(CUSHION_GROUP);
        for (name, s) in cushion_hits(&p) {
            group.bench_function(name, |b| b.iter(|| ball_cushion::resolve(black_box(&s), normal, h, &p)));
        }
        group.finish();
    }
    {
        let mut group = c.benchmark_group(BALL_BALL_GROUP);
        let brk = &cases[0];
        for (name, model) in BALL_BALL_MODELS {
            let p = Params { ball_ball_model: model, ..Params::default() };
            let (a, b) = contact(&p);
            group.bench_function(format!("contact_{name}"), |bch| {
                bch.iter(|| ball_ball::resolve(black_box(&a), black_box(&b), &p))
            });
            group.bench_function(format!("break_15_{name}"), |bch| {
                bch.iter(|| {
                    let mut sim = Simulation::new(table, p, brk.balls.clone());
                    sim.strike(BallId::CUE, brk.strikes[0]);
                    black_box(sim.run_to_rest()).len()
                })
            });
        }
        group.finish();
    }
    c.final_summary();
    summary(&table, &cases);
}

/// Criterion's folder as criterion picks it: `$CRITERION_HOME`, or `criterion` in
/// `$CARGO_TARGET_DIR` (else the workspace's `target`).
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return home.into();
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("criterion")
}

/// The JSON summary from criterion's saved mean estimates (nanoseconds per iteration, one
/// iteration being every stroke of a case). Cases criterion did not run (a filter) are left out.
fn summary(table: &Table, cases: &[Case]) {
    let mut out = Vec::new();
    for case in cases {
        let path = criterion_dir().join(GROUP).join(case.name).join("new/estimates.json");
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
        let Some(ns) = v["mean"]["point_estimate"].as_f64() else { continue };
        let shots = case.strikes.len();
        let events = play(table, case);
        out.push(format!(
            "  \"{}\": {{\"ms_per_shot\": {:.4}, \"us_per_event\": {:.3}, \"events_per_shot\": {}}}",
            case.name,
            ns * 1e-6 / shots as f64,
            ns * 1e-3 / events.max(1) as f64,
            events / shots
        ));
    }
    for (name, _) in cushion_hits(&Params::default()) {
        let path = criterion_dir().join(CUSHION_GROUP).join(name).join("new/estimates.json");
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
        let Some(ns) = v["mean"]["point_estimate"].as_f64() else { continue };
        out.push(format!("  \"cushion_{name}\": {{\"us_per_hit\": {:.3}}}", ns * 1e-3));
    }
    for (name, _) in BALL_BALL_MODELS {
        for (what, unit, scale) in [("contact", "us_per_contact", 1e-3), ("break_15", "ms_per_break", 1e-6)] {
            let path = criterion_dir().join(BALL_BALL_GROUP).join(format!("{what}_{name}")).join("new/estimates.json");
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) else { continue };
            let Some(ns) = v["mean"]["point_estimate"].as_f64() else { continue };
            out.push(format!("  \"{what}_{name}\": {{\"{unit}\": {:.4}}}", ns * scale));
        }
    }
    println!("{{\n{}\n}}", out.join(",\n"));
}
