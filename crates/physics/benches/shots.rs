//! `cargo bench -p biljardi-physics`: the break and ordinary shots timed with criterion, then one
//! JSON object summarising criterion's saved estimates (mean time per shot, per event, events per
//! shot) as the README quotes it. Compare against design.md's targets (15-ball break under 1 ms,
//! an ordinary shot under 0.1 ms, one core).
//!
//! The break and the rack shots keep the ball speeds of the figures measured before the leather
//! tip (`Params::e_tip`): their cue speeds are 2 / (1 + e_tip) times the old ones.

use biljardi_physics::{Ball, BallId, Params, Simulation, Strike, Table, rack};
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
    println!("{{\n{}\n}}", out.join(",\n"));
}
