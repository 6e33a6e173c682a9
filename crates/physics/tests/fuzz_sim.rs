//! Fuzzing `biljardi sim` in the test suite (issue 24): valid requests mutated (fields dropped,
//! wrong types, extreme numbers and number-like strings, duplicated entries, unknown fields).
//! Every input gives either an error naming a field, or a response whose resting balls lie on
//! the bed and apart; never a panic, and each input in well under a second. 256 cases from a
//! fixed seed (`PROPTEST_CASES`, `PROPTEST_RNG_SEED` widen or move the search by hand).

#[path = "fuzz/mutate.rs"]
mod mutate;

use biljardi_physics::json::{parse_request, run};
use biljardi_physics::validate::Bed;
use biljardi_physics::{BallId, Table, rack};
use mutate::{Mutation, apply};
use proptest::prelude::*;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// The longest any one input may take (debug build, shared machine), s.
const BUDGET: Duration = Duration::from_secs(1);

fn seeds() -> Vec<Value> {
    let t = Table::default();
    let mut rack: Vec<Value> = rack::nine_ball(&t)
        .iter()
        .map(|b| json!({"id": b.id.to_string(), "pos": [b.state.pos.x, b.state.pos.y]}))
        .collect();
    rack.push(json!({"id": "cue", "pos": t.head_spot()}));
    vec![
        json!({"table": "9ft", "params": {},
               "balls": [{"id": "cue", "pos": [-0.635, 0.0]}, {"id": "1", "pos": [0.635, 0.0], "v": [0, 0, 0], "w": [0, 0, 0]}],
               "shot": {"ball": "cue", "speed": 2.0, "phi": 0.0, "theta": 0.0, "a": 0.0, "b": 0.0}, "max_time": 120.0}),
        json!({"balls": rack, "shot": {"ball": "cue", "speed": 8.0, "phi": 0.5, "theta": 3.0}}),
        json!({"table": {"size": "7ft", "side_mouth": 0.13}, "params": {"mu_slide": 0.25, "e_cushion": 0.8, "cushion_model": "han_2005"},
               "balls": [{"id": "cue", "pos": [0.2, 0.3]}, {"id": "5", "pos": [0.6, -0.2], "v": [0.5, 0.1, 0.0]}],
               "shot": {"ball": "cue", "speed": 4.0, "phi": 200.0, "theta": 30.0, "a": 0.2, "b": 0.3}}),
        json!({"table": "8ft", "balls": [{"id": "cue", "pos": [-1.0, 0.5]}, {"id": "8", "pos": [1.1, 0.55]}],
               "shot": {"ball": "cue", "speed": 3.0, "phi": 1.0, "b": -0.4}}),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    (any::<u32>(), any::<u8>(), any::<u32>()).prop_map(|(at, kind, arg)| Mutation { at, kind, arg })
}

fn config() -> ProptestConfig {
    let env = |k: &str| std::env::var(k).ok().and_then(|s| s.parse::<u64>().ok());
    ProptestConfig {
        cases: env("PROPTEST_CASES").map_or(256, |n| n as u32),
        rng_seed: proptest::test_runner::RngSeed::Fixed(env("PROPTEST_RNG_SEED").unwrap_or(24)),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The resting balls of a response lie on the bed of the request's table and apart.
fn check_response(input: &Value, out: &str) -> Result<(), String> {
    let req = parse_request(input).map_err(|e| format!("accepted by run but not by parse_request: {e}"))?;
    let bed = Bed::new(&req.table, req.params.ball_radius_m);
    let v: Value = serde_json::from_str(out).map_err(|e| format!("output is not JSON: {e}"))?;
    let d = v["duration"].as_f64().ok_or("no duration")?;
    if !(d.is_finite() && d >= 0.0) {
        return Err(format!("duration {d}"));
    }
    let mut resting: Vec<(BallId, [f64; 2])> = Vec::new();
    for b in v["balls"].as_array().ok_or("no balls")? {
        if b["state"] == "on_table" {
            let p = [b["pos"][0].as_f64().ok_or("pos")?, b["pos"][1].as_f64().ok_or("pos")?];
            let id = BallId::parse(b["id"].as_str().ok_or("id")?).ok_or("id")?;
            if !bed.fits(p) {
                return Err(format!("ball {id} rests off the bed at {p:?}"));
            }
            if let Some((o, _)) = resting.iter().find(|(_, q)| bed.overlap(p, *q)) {
                return Err(format!("ball {id} rests on ball {o}"));
            }
            resting.push((id, p));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn mutated_sim_requests_are_refused_by_field_or_end_on_the_bed(
        seed in 0usize..4,
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let mut input = seeds()[seed].clone();
        for m in &mutations {
            apply(&mut input, *m);
        }
        let text = input.to_string();
        let start = Instant::now();
        let result = run(&text);
        let took = start.elapsed();
        prop_assert!(took < BUDGET, "{took:?} for {text:.300}");
        match result {
            Err(e) => {
                prop_assert!(!e.field.is_empty(), "error names no field: {e}");
                prop_assert!(e.to_string().len() < 300, "long message: {e}");
            }
            Ok(out) => {
                if let Err(msg) = check_response(&input, &out) {
                    prop_assert!(false, "{msg} for {text:.300}");
                }
                prop_assert_eq!(&out, &run(&text).unwrap(), "not repeatable");
            }
        }
    }
}

/// The costliest request found: sixteen balls at the largest speed and spin accepted, almost no
/// cloth friction, perfectly elastic cushions and balls, pockets closed to 1 mm, no time limit.
/// The shot's event cut-off (20 000 events) bounds it: about 16 000 events in 0.4 s in both a
/// debug and a release build on a quiet machine. The time asserted is a hang guard for a busy
/// machine, not the measurement.
#[test]
fn the_costliest_request_found_stays_within_the_event_cut_off() {
    let balls: Vec<Value> = (0..16u32)
        .map(|k| {
            let a = f64::from(k) * 2.3;
            let id = if k == 0 { "cue".to_string() } else { k.to_string() };
            let spin = if k % 2 == 0 { -1040.0 } else { 1040.0 };
            json!({"id": id, "pos": [-0.9 + 0.6 * f64::from(k / 4), -0.45 + 0.3 * f64::from(k % 4)],
                   "v": [14.98 * a.cos(), 14.98 * a.sin(), 0.0], "w": [0.0, 0.0, spin]})
        })
        .collect();
    let input = json!({
        "table": {"corner_mouth": 0.001, "side_mouth": 0.001},
        "params": {"mu_slide": 1e-300, "mu_roll": 1e-300, "mu_spin": 1e-300, "e_ball": 1, "e_cushion": 1, "mu_cushion": 0},
        "balls": balls, "max_time": 1e308
    });
    let start = Instant::now();
    let out: Value = serde_json::from_str(&run(&input.to_string()).unwrap()).unwrap();
    let took = start.elapsed();
    let events = out["events"].as_array().unwrap().len();
    assert!(events <= 20_000, "{events} events");
    assert!(took < 5 * BUDGET, "{took:?}");
    check_response(&input, &serde_json::to_string(&out).unwrap()).unwrap();
}
