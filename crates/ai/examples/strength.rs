//! Strength benchmarks of the AI (release build):
//! `cargo run -p biljardi-ai --release --example strength -- runout --game 9ball --level master --trials 100 --seed 1`
//! prints how often the level runs out from ball in hand on a random open table, and its
//! decision times.

mod common;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let game = biljardi_rules::Game::parse(&get("--game", "9ball")).expect("--game");
    let level = biljardi_ai::Level::parse(&get("--level", "master")).expect("--level");
    let trials: u64 = get("--trials", "50").parse().expect("--trials");
    let seed: u64 = get("--seed", "1").parse().expect("--seed");
    let mode = args.first().cloned().unwrap_or_default();
    let mut times = Vec::new();
    let mut wins = 0;
    for k in 0..trials {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k);
        let ok = match mode.as_str() {
            "breakrun" => biljardi_ai::selfplay::break_and_run_trial(game, level, s, &mut times),
            _ => biljardi_ai::selfplay::runout_trial(game, level, s, &mut times),
        };
        if ok {
            wins += 1;
        }
    }
    times.sort_by(f64::total_cmp);
    let pct = |q: f64| common::percentile(&times, q);
    println!(
        "{{\"game\": \"{}\", \"level\": \"{}\", \"mode\": \"{mode}\", \"trials\": {trials}, \"successes\": {wins}, \"rate\": {:.3}, \"decision_ms\": {{\"p50\": {:.1}, \"p95\": {:.1}, \"max\": {:.1}}}}}",
        game.name(),
        level.name(),
        wins as f64 / trials.max(1) as f64,
        pct(0.5),
        pct(0.95),
        pct(1.0)
    );
}
