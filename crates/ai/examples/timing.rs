//! Decision times of a level on run-out positions (ball in hand on a random open table, then
//! the positions it plays into), as wall clock and as process CPU time / 2 (what the decision
//! takes on this 2-core machine when nothing else runs; Linux `/proc/self/stat`):
//! `cargo run -p biljardi-ai --release --example timing -- --game 8ball --level pro --trials 20 --seed 1`

mod common;

use biljardi_ai::eval::Ctx;
use biljardi_ai::selfplay::play_on;
use biljardi_ai::{Action, Level, Player, TableView};
use biljardi_physics::{Params, Table};
use biljardi_rules::{BallInHand, Game, GameState};
use std::time::Instant;

/// User + system CPU seconds of this process (0 where `/proc` is missing).
fn cpu_seconds() -> f64 {
    let Ok(s) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    let rest = s.rsplit(')').next().unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|x| x.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 (utime, stime) are the 12th and 13th after the command name.
    (tick(11) + tick(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let game = Game::parse(&get("--game", "9ball")).expect("--game");
    let level = Level::parse(&get("--level", "master")).expect("--level");
    let trials: u64 = get("--trials", "20").parse().expect("--trials");
    let seed: u64 = get("--seed", "1").parse().expect("--seed");
    // One line per decision on stderr: trial, step, in hand or not, candidates, CPU / 2 ms.
    let verbose = args.iter().any(|a| a == "--verbose");
    let table = Table::default();
    let player = Player::new(level);
    let ctx = Ctx::new(game, table, Params::default(), level.noise(), 0, 1);
    let (mut wall, mut cpu) = (Vec::new(), Vec::new());
    for k in 0..trials {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k);
        let mut balls = biljardi_ai::selfplay::random_open_table(game, &table, s);
        let mut state =
            GameState { shooter: 0, ball_in_hand: BallInHand::Anywhere, breaker: Some(1), ..GameState::default() };
        for step in 0..12u64 {
            let view = TableView::shot(game, table, state.clone(), balls.clone());
            let (t0, c0) = (Instant::now(), cpu_seconds());
            let thought = player.think(&view, s ^ step.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            wall.push(t0.elapsed().as_secs_f64() * 1000.0);
            cpu.push((cpu_seconds() - c0) * 1000.0 / 2.0);
            if verbose {
                let in_hand = state.ball_in_hand != BallInHand::None;
                let ms = cpu.last().copied().unwrap_or(0.0);
                eprintln!("trial {k} step {step} in_hand {in_hand} candidates {} cpu/2 {ms:.0} ms", thought.candidates);
            }
            let Action::Shoot { call, strike, cue_ball_placement } = thought.action else { break };
            let Some(next) = play_on(&ctx, &state, &balls, &call, strike, cue_ball_placement).1 else { break };
            (state, balls) = next;
        }
    }
    let pct = |v: &mut Vec<f64>, q: f64| {
        v.sort_by(f64::total_cmp);
        common::percentile(v, q)
    };
    println!(
        "{{\"game\": \"{}\", \"level\": \"{}\", \"decisions\": {}, \"wall_ms\": {{\"p50\": {:.0}, \"p95\": {:.0}, \"max\": {:.0}}}, \"cpu_ms_over_2\": {{\"p50\": {:.0}, \"p95\": {:.0}, \"max\": {:.0}}}}}",
        game.name(),
        level.name(),
        wall.len(),
        pct(&mut wall, 0.5),
        pct(&mut wall, 0.95),
        pct(&mut wall, 1.0),
        pct(&mut cpu, 0.5),
        pct(&mut cpu, 0.95),
        pct(&mut cpu, 1.0)
    );
}
