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
//! `--layouts=FILE` writes the nine layouts to FILE, or reads them from it if it exists: the
//! breaks themselves are chaotic (a change anywhere in the physics gives other layouts), so
//! comparing two versions' strokes from the same layouts needs the first version's layouts.

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
    let path = std::env::args().find_map(|a| a.strip_prefix("--layouts=").map(String::from));
    let layouts = match path.as_deref().and_then(|p| std::fs::read_to_string(p).ok()) {
        Some(text) => read_layouts(&text, &mut rng),
        None => {
            let (layouts, attempts) = break_layouts(&table, &params, &mut rng);
            if let Some(p) = &path {
                let text = write_layouts(&layouts, attempts);
                if let Err(e) = std::fs::write(p, text) {
                    eprintln!("digest: cannot write {p}: {e}");
                }
            }
            layouts
        }
    };
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

/// One break's random draws: the cue ball's y, the aim's jitter, the cue speed.
fn draws(rng: &mut StdRng) -> (f64, f64, f64) {
    (rng.random_range(-0.3..0.3), rng.random_range(-0.01..0.01), rng.random_range(6.0..9.0))
}

/// Breaks that leave the cue ball on the table, so every stroke is played: nine layouts, and
/// how many breaks it took.
fn break_layouts(table: &Table, params: &Params, rng: &mut StdRng) -> (Vec<Vec<Ball>>, usize) {
    let mut attempts = 0;
    let layouts = std::iter::repeat_with(|| {
        attempts += 1;
        let mut balls = rack::nine_ball(table);
        let (y, jitter, speed) = draws(rng);
        balls.insert(0, rack::cue_at([table.head_spot()[0], y]));
        let mut sim = Simulation::new(*table, *params, balls);
        let aim = (-y).atan2(table.foot_spot()[0] - table.head_spot()[0]) + jitter;
        sim.strike(BallId::CUE, Strike::centre(speed, aim));
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
    (layouts, attempts)
}

/// `attempts N` then one layout a line, `id x y` per ball separated by `;` (positions to the bit).
fn write_layouts(layouts: &[Vec<Ball>], attempts: usize) -> String {
    let mut text = format!("attempts {attempts}\n");
    for balls in layouts {
        let line: Vec<String> =
            balls.iter().map(|b| format!("{} {:?} {:?}", b.id, b.state.pos.x, b.state.pos.y)).collect();
        text += &line.join(";");
        text += "\n";
    }
    text
}

/// The layouts `write_layouts` wrote, the random draws of their breaks taken from `rng` so the
/// strokes that follow are the same.
fn read_layouts(text: &str, rng: &mut StdRng) -> Vec<Vec<Ball>> {
    let mut lines = text.lines();
    let attempts: usize =
        lines.next().and_then(|l| l.strip_prefix("attempts ")).and_then(|n| n.parse().ok()).unwrap_or(0);
    for _ in 0..attempts {
        draws(rng);
    }
    lines
        .map(|line| {
            line.split(';')
                .filter_map(|ball| {
                    let mut f = ball.split(' ');
                    let id = match f.next()? {
                        "cue" => BallId::CUE,
                        n => BallId::object(n.parse().ok()?)?,
                    };
                    let (x, y) = (f.next()?.parse().ok()?, f.next()?.parse().ok()?);
                    Some(Ball::at_rest(id, [x, y]))
                })
                .collect()
        })
        .collect()
}
