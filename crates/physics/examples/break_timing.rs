//! `cargo run --release -p biljardi-physics --example break_timing [N] [BATCHES] [NAME]`: plays the
//! benchmark's two breaks (`benches/shots.rs`: the 15-ball and the 9-ball rack, cue ball on the
//! head spot, a centre hit at 8 / (1 + e_tip) * 2 m/s towards the foot spot) N times (default 2000)
//! in each of BATCHES batches (default 5), only those whose name contains NAME if given, and prints
//! one JSON object: milliseconds per break (best and median batch) and the events per break.
//! `--layout` prints the inputs instead: the balls' starting positions and the cue ball's velocity
//! after the strike (what `tools/pooltool_timing.py` gives pooltool). Also the loop to profile
//! (`perf record -g`, or `valgrind --tool=callgrind` for instruction counts).

use biljardi_physics::{Ball, BallId, Params, Simulation, Strike, Table, rack};
use std::hint::black_box;
use std::time::Instant;

/// Cue speed that gives the ball the speed an elastic tip at `v` gave it (as `benches/shots.rs`).
fn same_ball_speed(v: f64) -> f64 {
    v * 2.0 / (1.0 + Params::default().e_tip)
}

fn breaks(table: &Table) -> Vec<(&'static str, Vec<Ball>, Strike)> {
    let cue = rack::cue_at(table.head_spot());
    let with_cue = |mut balls: Vec<Ball>| {
        balls.insert(0, cue);
        balls
    };
    let strike = Strike::centre(same_ball_speed(8.0), 0.0);
    vec![
        ("break_15_ball_8mps", with_cue(rack::eight_ball(table)), strike),
        ("break_9_ball_8mps", with_cue(rack::nine_ball(table)), strike),
    ]
}

/// One break from its layout; the number of events (the strike included).
fn play(table: &Table, balls: &[Ball], strike: Strike) -> usize {
    let mut sim = Simulation::new(*table, Params::default(), balls.to_vec());
    sim.strike(BallId::CUE, strike);
    1 + black_box(sim.run_to_rest()).len()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let table = Table::default();
    if args.iter().any(|a| a == "--layout") {
        print_layout(&table);
        return;
    }
    let num = |k: usize, default: usize| args.get(k).and_then(|a| a.parse().ok()).unwrap_or(default);
    let (n, batches) = (num(0, 2000).max(1), num(1, 5).max(1));
    let mut out = Vec::new();
    let only = args.get(2).map_or("", String::as_str);
    for (name, balls, strike) in breaks(&table).into_iter().filter(|b| b.0.contains(only)) {
        let events = play(&table, &balls, strike);
        let mut ms: Vec<f64> = (0..batches)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..n {
                    play(&table, &balls, strike);
                }
                start.elapsed().as_secs_f64() * 1e3 / n as f64
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        out.push(format!(
            "  \"{name}\": {{\"ms_best\": {:.5}, \"ms_median\": {:.5}, \"events\": {events}, \"runs\": {}}}",
            ms[0],
            ms[ms.len() / 2],
            n * batches
        ));
    }
    println!("{{\n{}\n}}", out.join(",\n"));
}

/// The starting layouts and the cue ball's state just after the strike, as JSON.
fn print_layout(table: &Table) {
    let mut out = Vec::new();
    for (name, balls, strike) in breaks(table) {
        let mut sim = Simulation::new(*table, Params::default(), balls.clone());
        let after = sim.strike(BallId::CUE, strike).and_then(|e| e.state.get(&BallId::CUE).copied());
        let pos: Vec<String> =
            balls.iter().map(|b| format!("\"{}\": [{:?}, {:?}]", b.id, b.state.pos.x, b.state.pos.y)).collect();
        let cue = after.map_or("null".to_string(), |k| format!("{{\"v\": {:?}, \"w\": {:?}}}", k.v, k.w));
        out.push(format!(
            "  \"{name}\": {{\"cue_speed_mps\": {:?}, \"phi_rad\": {:?}, \"balls\": {{{}}}, \"cue_ball_after\": {cue}}}",
            strike.speed_mps,
            strike.phi_rad,
            pos.join(", ")
        ));
    }
    println!("{{\n{}\n}}", out.join(",\n"));
}
