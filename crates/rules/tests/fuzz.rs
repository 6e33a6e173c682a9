//! Fuzzing `biljardi referee` and `biljardi lag` in the test suite (issue 24): the inputs of
//! every fixture, mutated (fields dropped, wrong types, extreme numbers and number-like strings,
//! duplicated entries, unknown fields; the mutations of the physics crate's `sim` fuzzing).
//! Every input gives either an error naming a field, or a decision whose balls after the shot
//! (resting and placed) lie on the bed and apart; never a panic, each input in well under a
//! second. Fixed seeds; `PROPTEST_CASES` and `PROPTEST_RNG_SEED` widen or move the search.

#[path = "../../physics/tests/fuzz/mutate.rs"]
mod mutate;

use biljardi_physics::validate::Bed;
use biljardi_physics::{BALL_RADIUS_M, BallId, parse_table};
use biljardi_rules::json::{parse, run};
use biljardi_rules::lag_json::lag_json;
use mutate::{Mutation, apply};
use proptest::prelude::*;
use serde_json::Value;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The longest any one input may take (debug build, shared machine).
const BUDGET: Duration = Duration::from_secs(1);

/// The `input` of every valid fixture in `dir` (those that expect a decision), read once.
fn inputs(dir: &str) -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(path).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .iter()
        .map(|f| serde_json::from_str::<Value>(&std::fs::read_to_string(f).unwrap()).unwrap())
        .filter(|fx| fx.get("expect").is_some())
        .map(|fx| fx["input"].clone())
        .collect()
}

fn referee_seeds() -> &'static [Value] {
    static SEEDS: OnceLock<Vec<Value>> = OnceLock::new();
    SEEDS.get_or_init(|| inputs("fixtures"))
}

fn lag_seeds() -> &'static [Value] {
    static SEEDS: OnceLock<Vec<Value>> = OnceLock::new();
    SEEDS.get_or_init(|| inputs("lag_fixtures"))
}

fn mutation() -> impl Strategy<Value = Mutation> {
    (any::<u32>(), any::<u8>(), any::<u32>()).prop_map(|(at, kind, arg)| Mutation { at, kind, arg })
}

fn config(cases: u32) -> ProptestConfig {
    let env = |k: &str| std::env::var(k).ok().and_then(|s| s.parse::<u64>().ok());
    ProptestConfig {
        cases: env("PROPTEST_CASES").map_or(cases, |n| n as u32),
        rng_seed: proptest::test_runner::RngSeed::Fixed(env("PROPTEST_RNG_SEED").unwrap_or(24)),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The balls after the shot: where the record leaves them, then moved as the decision places
/// them (spotted balls, 4.8's moves). They must lie on the bed and apart.
fn check_decision(input: &Value, out: &str) -> Result<(), String> {
    let checked = parse(input).map_err(|e| format!("accepted by run but not by parse: {e}"))?;
    let d: Value = serde_json::from_str(out).map_err(|e| format!("output is not JSON: {e}"))?;
    if d["rerack"] == true {
        // The rack is rebuilt: the game places it (`rack::rerack_positions`).
        return Ok(());
    }
    let mut after: Vec<(BallId, [f64; 2])> = checked.record.resting().collect();
    for p in d["placed"].as_array().ok_or("no placed")? {
        let id = BallId::parse(p["id"].as_str().ok_or("placed id")?).ok_or("placed id")?;
        let pos = [p["pos"][0].as_f64().ok_or("placed pos")?, p["pos"][1].as_f64().ok_or("placed pos")?];
        after.retain(|(b, _)| *b != id);
        after.push((id, pos));
    }
    let table = parse_table(input.get("table"), "table").map_err(|e| e.to_string())?;
    let bed = Bed::new(&table, BALL_RADIUS_M).with_tolerance(1e-6);
    for (i, (id, p)) in after.iter().enumerate() {
        if !bed.fits(*p) {
            return Err(format!("ball {id} ends off the bed at {p:?}"));
        }
        if let Some((o, q)) = after[..i].iter().find(|(_, q)| bed.overlap(*p, *q)) {
            return Err(format!("ball {id} at {p:?} ends on ball {o} at {q:?}"));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn mutated_referee_inputs_are_refused_by_field_or_leave_the_balls_on_the_bed_and_apart(
        seed in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let seeds = referee_seeds();
        let mut input = seeds[seed.index(seeds.len())].clone();
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
                if let Err(msg) = check_decision(&input, &out) {
                    prop_assert!(false, "{msg} for {text:.600}");
                }
                prop_assert_eq!(&out, &run(&text).unwrap(), "not repeatable");
            }
        }
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn mutated_lag_inputs_are_refused_by_field_or_judged(
        seed in any::<prop::sample::Index>(),
        mutations in prop::collection::vec(mutation(), 1..4),
    ) {
        let seeds = lag_seeds();
        let mut input = seeds[seed.index(seeds.len())].clone();
        for m in &mutations {
            apply(&mut input, *m);
        }
        let text = input.to_string();
        let start = Instant::now();
        let result = lag_json(&text);
        let took = start.elapsed();
        prop_assert!(took < BUDGET, "{took:?} for {text:.300}");
        match result {
            Err(e) => {
                prop_assert!(!e.field.is_empty(), "error names no field: {e}");
                prop_assert!(e.to_string().len() < 300, "long message: {e}");
            }
            Ok(out) => {
                let v: Value = serde_json::from_str(&out).unwrap();
                prop_assert_eq!(v["relag"] == true, v["winner"].is_null(), "a relag has no winner: {}", out);
                for d in v["distances"].as_array().unwrap() {
                    prop_assert!(d.is_null() || d.as_f64().is_some_and(|x| x.is_finite() && x >= 0.0), "{}", out);
                }
                prop_assert_eq!(&out, &lag_json(&text).unwrap(), "not repeatable");
            }
        }
    }
}
