//! How good a search budget's decisions are, compared position by position (release build):
//! the level's own budget against the same with `--set` changes (`key=value` pairs separated
//! by commas: `samples`, `finalists`, `deep_samples`, `confirm`, `confirm_samples`,
//! `speed_search`, `lookahead_samples`, `lookahead_plans`, `lookahead_strokes`, `placements`,
//! `speeds`, `spins`). Positions: run-out trials (a random open table, ball in hand) played on
//! with the level's own decisions for up to `--shots` shots. In each both budgets decide with
//! the same seed; where they choose different strokes both are valued by
//! `Player::stroke_value` over `--value-samples` rollouts on shared execution errors, so the
//! difference is the decision's and not the luck of the draw. Prints one JSON line: positions,
//! how many differed, the mean difference in value (changed minus the level's) over all
//! positions with its standard error, and each budget's decision time p95. It values with the
//! AI's own value function, so it judges the search, not that function.
//! `cargo run -p biljardi-ai --release --example quality -- --game 9ball --level master --set deep_samples=48 --tables 40 --shots 4 --seed 1`

mod common;

use biljardi_ai::eval::Ctx;
use biljardi_ai::player::mix;
use biljardi_ai::selfplay::play_on;
use biljardi_ai::selfplay::random_open_table;
use biljardi_ai::{Action, Budget, Level, Player, TableView};
use biljardi_physics::{Params, Table};
use biljardi_rules::{BallInHand, GameState};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let game = biljardi_rules::Game::parse(&get("--game", "9ball")).expect("--game");
    let level = Level::parse(&get("--level", "master")).expect("--level");
    let tables: u64 = get("--tables", "40").parse().expect("--tables");
    let shots: u64 = get("--shots", "4").parse().expect("--shots");
    let value_samples: usize = get("--value-samples", "240").parse().expect("--value-samples");
    let seed: u64 = get("--seed", "1").parse().expect("--seed");
    let (table, params) = (Table::default(), Params::default());
    let player = Player::new(level);
    let base = level.budget();
    let changed = changed_budget(base, &get("--set", ""));
    let ctx = Ctx::new(game, table, params, level.noise(), 0, 1);
    let (mut diffs, mut differed) = (Vec::new(), 0u32);
    let (mut t_base, mut t_changed) = (Vec::new(), Vec::new());
    for k in 0..tables {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k);
        let mut balls = random_open_table(game, &table, s);
        let mut state =
            GameState { shooter: 0, ball_in_hand: BallInHand::Anywhere, breaker: Some(1), ..GameState::default() };
        for step in 0..shots {
            let view = TableView::shot(game, table, state.clone(), balls.clone());
            let ds = mix(s, 77, step);
            let t0 = Instant::now();
            let a = player.think_with(&view, &base, ds);
            t_base.push(t0.elapsed().as_secs_f64() * 1000.0);
            let t0 = Instant::now();
            let b = player.think_with(&view, &changed, ds);
            t_changed.push(t0.elapsed().as_secs_f64() * 1000.0);
            let same = a.intended == b.intended
                && matches!((&a.action, &b.action), (Action::Shoot { call: ca, cue_ball_placement: pa, .. },
                    Action::Shoot { call: cb, cue_ball_placement: pb, .. }) if ca == cb && pa == pb);
            let d = if same {
                0.0
            } else {
                let vs = mix(s, 991, step);
                match (
                    player.stroke_value(&view, &a, value_samples, vs),
                    player.stroke_value(&view, &b, value_samples, vs),
                ) {
                    (Some(va), Some(vb)) => {
                        differed += 1;
                        eprintln!(
                            "table {k} shot {step}: level's {:.3} (success {:.2}), changed {:.3} (success {:.2})",
                            va.0, va.1, vb.0, vb.1
                        );
                        vb.0 - va.0
                    }
                    _ => 0.0,
                }
            };
            diffs.push(d);
            // Play on with the level's own decision.
            let Action::Shoot { call, strike, cue_ball_placement } = a.action else { break };
            let Some(next) = play_on(&ctx, &state, &balls, &call, strike, cue_ball_placement).1 else { break };
            (state, balls) = next;
        }
    }
    let n = diffs.len().max(1) as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    t_base.sort_by(f64::total_cmp);
    t_changed.sort_by(f64::total_cmp);
    println!(
        "{{\"game\": \"{}\", \"level\": \"{}\", \"set\": \"{}\", \"positions\": {}, \"differed\": {differed}, \"mean_value_diff\": {mean:.4}, \"se\": {:.4}, \"decision_ms_p95\": {{\"level\": {:.0}, \"changed\": {:.0}}}}}",
        game.name(),
        level.name(),
        get("--set", ""),
        diffs.len(),
        (var / n).sqrt(),
        common::percentile(&t_base, 0.95),
        common::percentile(&t_changed, 0.95)
    );
}

/// `base` with the `key=value` changes of `--set` (the module documentation lists the keys).
fn changed_budget(base: Budget, set: &str) -> Budget {
    let mut b = base;
    for kv in set.split(',').filter(|kv| !kv.is_empty()) {
        let (k, v) = kv.split_once('=').unwrap_or_else(|| panic!("--set {kv}: key=value"));
        let n = || v.parse::<usize>().unwrap_or_else(|_| panic!("--set {k}={v}: a count"));
        match k {
            "samples" => b.samples = n(),
            "finalists" => b.finalists = n(),
            "deep_samples" => b.deep_samples = n(),
            "confirm" => b.confirm = n(),
            "confirm_samples" => b.confirm_samples = n(),
            "speed_search" => b.speed_search = n(),
            "lookahead_samples" => b.lookahead_samples = n(),
            "lookahead_plans" => b.lookahead_plans = n(),
            "lookahead_strokes" => b.lookahead_strokes = n(),
            "placements" => b.placements = n(),
            "speeds" => b.speeds = n(),
            "spins" => b.spins = n(),
            _ => panic!("--set {k}: not a budget key"),
        }
    }
    b
}
