//! `biljardi sim` on arbitrary bytes: never a panic; a response always names balls at rest on
//! the bed and apart (as `tests/fuzz_sim.rs` checks for structured mutations).
#![no_main]

use biljardi_physics::json::{parse_request, run};
use biljardi_physics::validate::Bed;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(out) = run(text) else { return };
    let input: serde_json::Value = serde_json::from_str(text).expect("accepted input is JSON");
    let req = parse_request(&input).expect("accepted by run, so by parse_request");
    let bed = Bed::new(&req.table, req.params.ball_radius_m);
    let v: serde_json::Value = serde_json::from_str(&out).expect("output is JSON");
    let mut resting: Vec<[f64; 2]> = Vec::new();
    for b in v["balls"].as_array().expect("balls") {
        if b["state"] == "on_table" {
            let p = [b["pos"][0].as_f64().expect("x"), b["pos"][1].as_f64().expect("y")];
            assert!(bed.fits(p), "a ball rests off the bed at {p:?}");
            assert!(resting.iter().all(|q| !bed.overlap(p, *q)), "two balls rest on each other");
            resting.push(p);
        }
    }
});
