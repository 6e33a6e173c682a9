//! Run-out diagnosis: the same trials as `strength runout` (ball in hand on a random open table),
//! one line per trial and, with `--verbose`, one per shot (kind, the AI's own success estimate,
//! cut, cue ball and object ball distances, the outcome); then how often shots the AI rated in
//! each band actually worked:
//! `cargo run -p biljardi-ai --release --example diag -- --game 9ball --level master --trials 30 --seed 9 --verbose`
//! `--only K` replays trial K alone.

mod common;

use biljardi_ai::eval::Ctx;
use biljardi_ai::player::mix;
use biljardi_ai::selfplay::play_on;
use biljardi_ai::{Action, Level, Player, TableView};
use biljardi_physics::{BallId, Params, Table};
use biljardi_rules::{BallInHand, Game, GameState};

fn unit(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    let d = (b[0] - a[0]).hypot(b[1] - a[1]).max(1e-12);
    [(b[0] - a[0]) / d, (b[1] - a[1]) / d]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let game = Game::parse(&get("--game", "9ball")).expect("--game");
    let level = Level::parse(&get("--level", "master")).expect("--level");
    let trials: u64 = get("--trials", "30").parse().expect("--trials");
    let seed: u64 = get("--seed", "9").parse().expect("--seed");
    let only: Option<u64> = args.iter().any(|a| a == "--only").then(|| get("--only", "0").parse().expect("--only"));
    let verbose = args.iter().any(|a| a == "--verbose") || only.is_some();
    let table = Table::default();
    let player = Player::new(level);
    let ctx = Ctx::new(game, table, Params::default(), level.noise(), 0, 1);
    // Bands of the AI's success estimate: (shots, worked).
    let mut bands = [(0u32, 0u32); 5];
    let mut wins = 0;
    for k in 0..trials {
        if only.is_some_and(|o| o != k) {
            continue;
        }
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k);
        let mut balls = biljardi_ai::selfplay::random_open_table(game, &table, s);
        let mut state =
            GameState { shooter: 0, ball_in_hand: BallInHand::Anywhere, breaker: Some(1), ..GameState::default() };
        let mut result = String::from("no result in 40 shots");
        for step in 0..40u64 {
            if only.is_some() {
                println!("  balls {balls:?}");
            }
            let view = TableView::shot(game, table, state.clone(), balls.clone());
            let th = player.think(&view, mix(s, 77, step));
            let Action::Shoot { call, strike, cue_ball_placement } = th.action.clone() else {
                result = "an option".into();
                break;
            };
            if let Some(p) = cue_ball_placement {
                balls.retain(|b| !b.0.is_cue());
                balls.push((BallId::CUE, p));
            }
            let (d, next) = play_on(&ctx, &state, &balls, &call, strike, None);
            let worked = !d.foul && (d.winner == Some(0) || (!d.game_over && d.next_shooter == 0));
            let band = ((th.success * 10.0).floor() as usize).saturating_sub(5).min(4);
            bands[band].0 += 1;
            bands[band].1 += u32::from(worked);
            if verbose {
                let geo = th.aim.as_ref().map_or(String::from("no contact"), |a| {
                    let v = unit(a.cue, a.ghost);
                    let (cut, to_pocket) = match a.pot {
                        Some((_, p)) => {
                            let m = table.pocket(p).mouth_centre;
                            let u = unit(a.target_pos, m);
                            let c = (v[0] * u[0] + v[1] * u[1]).clamp(-1.0, 1.0).acos().to_degrees();
                            (c, (m[0] - a.target_pos[0]).hypot(m[1] - a.target_pos[1]))
                        }
                        None => (f64::NAN, f64::NAN),
                    };
                    let rail = table.cushion_gap_m(a.target_pos, 0.0);
                    format!(
                        "cut {cut:.0} deg, cue {:.2} m, to pocket {to_pocket:.2} m, object {:.3} m off a rail",
                        (a.ghost[0] - a.cue[0]).hypot(a.ghost[1] - a.cue[1]),
                        rail
                    )
                });
                println!(
                    "  trial {k} step {step}: {} balls, {:?} {:?}, success {:.2} value {:.2}, {geo}, stroke {:.1} deg a {:.2} b {:.2} v {:.2} -> {}",
                    balls.len() - 1,
                    th.kind,
                    call,
                    th.success,
                    th.value,
                    strike.theta_rad.to_degrees(),
                    strike.a,
                    strike.b,
                    strike.speed_mps,
                    if worked {
                        "ok"
                    } else if d.foul {
                        "FOUL"
                    } else {
                        "MISS"
                    }
                );
            }
            if d.game_over {
                result = if d.winner == Some(0) { "WIN".into() } else { format!("lost at step {step}") };
                wins += u32::from(d.winner == Some(0));
                break;
            }
            let Some(next) = next else {
                result = format!("failed at step {step} with {} balls left, rated {:.2}", balls.len() - 1, th.success);
                break;
            };
            (state, balls) = next;
        }
        println!("trial {k}: {result}");
    }
    println!("run-outs {wins}/{}", if only.is_some() { 1 } else { trials });
    for (i, (n, ok)) in bands.iter().enumerate() {
        if *n > 0 {
            let lo = if i == 0 { 0.0 } else { 0.5 + 0.1 * i as f64 };
            println!("rated {lo:.1}-{:.1}: {ok}/{n} worked", 0.6 + 0.1 * i as f64);
        }
    }
}
