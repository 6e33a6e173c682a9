//! `cargo bench -p biljardi-physics`: time per shot and per event for the break and ordinary
//! shots, printed as one JSON object. Not a timed test; compare against design.md's targets
//! (15-ball break under 1 ms, an ordinary shot under 0.1 ms, one core).

use biljardi_physics::{Ball, BallId, Params, Simulation, Strike, Table, rack};
use std::hint::black_box;
use std::time::Instant;

struct Case {
    name: &'static str,
    balls: Vec<Ball>,
    strikes: Vec<Strike>,
}

/// A small deterministic generator (SplitMix64) so the random shots are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }
}

fn measure(table: &Table, case: &Case, reps: usize) -> (f64, f64, usize) {
    let mut events = 0usize;
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        let mut n = 0usize;
        for _ in 0..reps {
            for strike in &case.strikes {
                let mut sim = Simulation::new(*table, Params::default(), case.balls.clone());
                sim.strike(BallId::CUE, *strike);
                n += black_box(sim.run_to_rest()).len();
            }
        }
        let per_shot = start.elapsed().as_secs_f64() / (reps * case.strikes.len()) as f64;
        best = best.min(per_shot);
        events = n / reps;
    }
    let shots = case.strikes.len();
    let per_event = best * shots as f64 / events.max(1) as f64;
    (best, per_event, events / shots)
}

fn main() {
    let table = Table::default();
    let head = table.head_spot();
    let cue = rack::cue_at(head);
    let with_cue = |mut balls: Vec<Ball>| {
        balls.insert(0, cue);
        balls
    };
    let mut rng = Rng(7);
    let mut random_shots = Vec::new();
    for _ in 0..1000 {
        let (speed, phi) = (0.5 + 5.5 * rng.next(), std::f64::consts::TAU * rng.next());
        let (a, b) = (0.6 * rng.next() - 0.3, 0.6 * rng.next() - 0.3);
        random_shots.push(Strike { speed_mps: speed, phi_rad: phi, theta_rad: 0.0, a, b });
    }
    let cases = [
        Case {
            name: "break_15_ball_8mps",
            balls: with_cue(rack::eight_ball(&table)),
            strikes: vec![Strike::centre(8.0, 0.0)],
        },
        Case {
            name: "break_9_ball_8mps",
            balls: with_cue(rack::nine_ball(&table)),
            strikes: vec![Strike::centre(8.0, 0.0)],
        },
        Case {
            name: "into_rack_2mps",
            balls: with_cue(rack::eight_ball(&table)),
            strikes: vec![Strike::centre(2.0, 0.0)],
        },
        Case { name: "random_1000_shots_9_ball_rack", balls: with_cue(rack::nine_ball(&table)), strikes: random_shots },
    ];
    let mut out = Vec::new();
    for case in &cases {
        let reps = if case.strikes.len() > 1 { 1 } else { 200 };
        let (per_shot, per_event, events) = measure(&table, case, reps);
        out.push(format!(
            "  \"{}\": {{\"ms_per_shot\": {:.4}, \"us_per_event\": {:.3}, \"events_per_shot\": {}}}",
            case.name,
            per_shot * 1e3,
            per_event * 1e6,
            events
        ));
    }
    println!("{{\n{}\n}}", out.join(",\n"));
}
