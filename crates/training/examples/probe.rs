//! Authoring aid: replays scenario files (paths, or ids of embedded ones) and prints the events,
//! the record, the decision and what differs from the expectations.
//! `cargo run -p biljardi-training --example probe -- assets/demos/9ball-legal-break.json`

use biljardi_training::{Scenario, find, replay, run};

fn main() {
    for arg in std::env::args().skip(1) {
        let s = match std::fs::read_to_string(&arg) {
            Ok(text) => Scenario::parse(&text).unwrap_or_else(|e| panic!("{arg}: {e}")),
            Err(_) => find(&arg).unwrap_or_else(|| panic!("no file or demo {arg}")),
        };
        let r = replay(&s);
        println!("== {}", s.id);
        for e in &r.events {
            let kind = serde_json::to_string(&e.kind).unwrap_or_default();
            if !kind.contains("\"rolling\"") && !kind.contains("\"spinning\"") {
                println!("  {:.3} {kind}", e.t);
            }
        }
        println!("  final: {}", serde_json::to_string(&r.final_balls).unwrap_or_default());
        println!("  timeline: {}", serde_json::to_string(&r.timeline).unwrap_or_default());
        println!("  decision: {}", r.decision.explanation.en);
        let res = run(&s);
        println!("  actual: {}", serde_json::to_string(&res.actual).unwrap_or_default());
        println!("  ok: {} {:?}", res.ok, res.differences);
    }
}
