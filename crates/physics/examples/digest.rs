//! `cargo run --release -p biljardi-physics --example digest [N] [SEED]`: plays N (default 300)
//! ordinary shots, seeded, and prints one hash of each shot's events and final balls and a hash
//! over all of them. A physics change that must not touch ordinary shots (a new model for a case
//! they never meet) is checked by running this before and after: the last line must be the same.
//!
//! The shots: nine 9-ball breaks at 6-9 m/s that leave the cue ball on the table, then from each break's layout random strokes
//! (0.3-5 m/s, any direction, tip offsets up to 0.3 R, cue elevation 0-3 degrees), the cue ball
//! where the break left it.
//!
//! `--finals` adds each shot's final balls (the contract's JSON) to its line, so two physics
//! versions can be compared shot by shot (how many shots change, how far the balls end apart).

use biljardi_physics::{Ball, BallFate, BallId, Params, Simulation, Strike, Table, rack};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::hash::{DefaultHasher, Hash, Hasher};

fn main() {
    let finals = std::env::args().any(|a| a == "--finals");
    let mut args = std::env::args().skip(1).filter(|a| !a.starts_with("--"));
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(300);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let table = Table::default();
    let params = Params::default();
    let mut rng = StdRng::seed_from_u64(seed);
    // Breaks that leave the cue ball on the table, so every stroke below is played.
    let layouts: Vec<Vec<Ball>> = std::iter::repeat_with(|| {
        let mut balls = rack::nine_ball(&table);
        let y = rng.random_range(-0.3..0.3);
        balls.insert(0, rack::cue_at([table.head_spot()[0], y]));
        let mut sim = Simulation::new(table, params, balls);
        let aim = (-y).atan2(table.foot_spot()[0] - table.head_spot()[0]) + rng.random_range(-0.01..0.01);
        sim.strike(BallId::CUE, Strike::centre(rng.random_range(6.0..9.0), aim));
        sim.run_to_rest();
        sim.final_balls()
            .iter()
            .filter_map(|b| match b.fate {
                BallFate::OnTable { pos } => Some(Ball::at_rest(b.id, pos)),
                _ => None,
            })
            .collect::<Vec<Ball>>()
    })
    .filter(|balls| balls.iter().any(|b| b.id == BallId::CUE))
    .take(9)
    .collect();
    let mut all = DefaultHasher::new();
    for i in 0..n {
        let balls = layouts[i % layouts.len()].clone();
        let strike = Strike {
            speed_mps: rng.random_range(0.3..5.0),
            phi_rad: rng.random_range(0.0..std::f64::consts::TAU),
            theta_rad: rng.random_range(0.0..3f64.to_radians()),
            a: rng.random_range(-0.3..0.3),
            b: rng.random_range(-0.3..0.3),
        };
        let mut sim = Simulation::new(table, params, balls);
        let mut text = format!("{:?}", sim.strike(BallId::CUE, strike));
        let events = sim.run_to_rest();
        text += &format!("{events:?}{:?}", sim.final_balls());
        let mut h = DefaultHasher::new();
        text.hash(&mut h);
        let shot = h.finish();
        shot.hash(&mut all);
        let extra = if finals {
            format!(",\"final\":{}", serde_json::to_string(&sim.final_balls()).unwrap_or_default())
        } else {
            String::new()
        };
        println!("{{\"shot\":{i},\"events\":{},\"hash\":\"{shot:016x}\"{extra}}}", events.len());
    }
    println!("{{\"shots\":{n},\"seed\":{seed},\"hash\":\"{:016x}\"}}", all.finish());
}
