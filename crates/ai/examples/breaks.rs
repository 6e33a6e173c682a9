//! Break diagnosis (issue 23): what limits `master`'s break-and-run.
//!
//! `grid`: break strokes struck again and again with a level's execution noise from a fresh rack,
//! physics and referee only (no search): per stroke how often the break fouls, keeps the table
//! (legal, a ball down, no scratch), wins on the spot (the 9 on the break), how many balls go
//! down, and for the kept tables the next shot's geometric chance (`eval::best_chance` at depth 2,
//! what the AI's position value uses) and the AI's own value of the result
//! (`eval::decision_value`). Cue ball spot `--xs` (metres behind the head string), `--ys`,
//! stick speeds `--speeds` (m/s), aim offsets `--offs` (ball radii across the head ball), tip
//! heights `--spins` (ball radii, + follow), tip side offsets `--sides` (ball radii, + right)
//! and cue elevations `--elevs` (radians) are comma lists; `--strokes "x,y,v,off,tip[,side[,elev]];..."`
//! measures just those. Besides the tallies each row gives the cue ball's mean rest spot after
//! the kept breaks (where the next shot is played from):
//! `cargo run -p biljardi-ai --release --example breaks -- grid --game 9ball --samples 200 --seed 1`
//!
//! `runs`: `strength breakrun`'s trials (same seeds: `--seed S` and trial k play seed
//! S * 1000003 + k) with each rack's break kept or lost and the run-out after a kept break:
//! `cargo run -p biljardi-ai --release --example breaks -- runs --game 9ball --level master --trials 50 --seed 3`

mod common;

use biljardi_ai::eval::{Ctx, best_chance, decision_value, perturb, play_and_judge};
use biljardi_ai::shots::BREAK_ELEVATION_RAD;
use biljardi_ai::{Level, table_ops};
use biljardi_physics::{BALL_RADIUS_M, BallId, Params, Strike, Table};
use biljardi_rules::{Call, Game, GameState};
use rand::SeedableRng;
use rayon::prelude::*;

fn list(s: &str) -> Vec<f64> {
    s.split(',').filter_map(|x| x.trim().parse().ok()).collect()
}

/// One break stroke's tallies over its noisy samples.
#[derive(Default, Clone, Copy)]
struct Tally {
    n: u32,
    fouls: u32,
    kept: u32,
    won: u32,
    balls: u32,
    /// Summed over kept tables.
    next_chance: f64,
    value: f64,
    /// The position value's run-out share (below), summed over all samples (0 when lost).
    run: f64,
    /// The cue ball's rest spot summed over the kept tables it stayed on (m), and their count.
    cue_rest: [f64; 2],
    cue_n: u32,
}

/// One break stroke to strike: cue ball spot (m), stick speed (m/s), aim offset across the head
/// ball, tip side and height (ball radii) and the cue's elevation (rad).
#[derive(Clone, Copy)]
struct Stroke {
    cue: [f64; 2],
    v: f64,
    off: f64,
    a: f64,
    b: f64,
    elev: f64,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let Some(game) = Game::parse(&get("--game", "9ball")) else {
        eprintln!("--game: 8ball, 9ball or 10ball");
        std::process::exit(2);
    };
    let Some(level) = Level::parse(&get("--level", "master")) else {
        eprintln!("--level: beginner, amateur, pro or master");
        std::process::exit(2);
    };
    let (Ok(samples), Ok(seed), Ok(trials)) = (
        get("--samples", "200").parse::<u32>(),
        get("--seed", "1").parse::<u64>(),
        get("--trials", "50").parse::<u64>(),
    ) else {
        eprintln!("--samples, --seed, --trials: whole numbers");
        std::process::exit(2);
    };
    if args.first().map(String::as_str) == Some("runs") {
        runs(game, level, trials, seed);
        return;
    }
    let table = Table::default();
    let ctx = Ctx::new(game, table, Params::default(), level.noise(), 0, 2);
    let rack = table_ops::fresh_rack(game, &table);
    let head = rack.iter().min_by(|a, b| a.1[0].total_cmp(&b.1[0])).map_or(table.foot_spot(), |b| b.1);
    let hs = table.head_string_x();
    let mut strokes: Vec<Stroke> = Vec::new();
    // `--strokes "x,y,v,off,tip[,side[,elev]];..."`: just these (to measure a grid's best again
    // on more samples); side 0 and the AI's elevation when left out.
    for one in get("--strokes", "").split(';').map(list).filter(|l| (5..=7).contains(&l.len())) {
        let a = one.get(5).copied().unwrap_or(0.0);
        let elev = one.get(6).copied().unwrap_or(BREAK_ELEVATION_RAD);
        strokes.push(Stroke { cue: [hs - one[0], one[1]], v: one[2], off: one[3], a, b: one[4], elev });
    }
    let grid = strokes.is_empty();
    let (sides, elevs) = (list(&get("--sides", "0")), list(&get("--elevs", &BREAK_ELEVATION_RAD.to_string())));
    for x in list(&get("--xs", "0.03")).into_iter().filter(|_| grid) {
        for y in list(&get("--ys", "0,0.15,0.3,0.45")) {
            for v in list(&get("--speeds", "6,7,8.5,9.5")) {
                for off in list(&get("--offs", "-0.1,0,0.1")) {
                    for b in list(&get("--spins", "-0.3,-0.15,0")) {
                        for &a in &sides {
                            for &elev in &elevs {
                                strokes.push(Stroke { cue: [hs - x, y], v, off, a, b, elev });
                            }
                        }
                    }
                }
            }
        }
    }
    let mut state = GameState::new_rack(0);
    state.is_break = true;
    let rows: Vec<Tally> = strokes
        .par_iter()
        .map(|st| {
            let cue = st.cue;
            let u = [head[0] - cue[0], head[1] - cue[1]];
            let l = u[0].hypot(u[1]);
            let o = st.off * BALL_RADIUS_M;
            let aim = [head[0] - u[1] / l * o, head[1] + u[0] / l * o];
            let phi = (aim[1] - cue[1]).atan2(aim[0] - cue[0]);
            let s = Strike { speed_mps: st.v, phi_rad: phi, theta_rad: st.elev, a: st.a, b: st.b };
            let mut balls = rack.clone();
            balls.push((BallId::CUE, cue));
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut t = Tally::default();
            for _ in 0..samples {
                let (played, d) = play_and_judge(&ctx, &state, &balls, perturb(&ctx.noise, &s, &mut rng), &Call::None);
                t.n += 1;
                t.fouls += u32::from(d.foul);
                t.balls += d.pocketed.iter().filter(|b| !b.is_cue()).count() as u32;
                let won = d.game_over && d.winner == Some(0);
                t.won += u32::from(won);
                if won || (!d.foul && d.next_shooter == 0 && !d.game_over) {
                    t.kept += 1;
                    let resting = played.resting();
                    if let Some((_, p)) = resting.iter().find(|(id, _)| id.is_cue()) {
                        t.cue_rest = [t.cue_rest[0] + p[0], t.cue_rest[1] + p[1]];
                        t.cue_n += 1;
                    }
                    let v = decision_value(&ctx, &d, &resting, true);
                    t.value += v;
                    if won {
                        t.run += 1.0;
                    } else {
                        let (ns, nb) = table_ops::apply(game, &table, &d, &resting, None);
                        let q = best_chance(&ctx, &ns, &nb);
                        t.next_chance += q;
                        // `eval::shooter_value` at depth 2 is run + (1 - run) (0.48 + 0.12 q)
                        // (no material on an open table): its run-out share back out of it.
                        let neutral = 0.48 + 0.12 * q;
                        t.run += ((v - neutral) / (1.0 - neutral)).clamp(0.0, 1.0);
                    }
                }
            }
            t
        })
        .collect();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    // Best first by the estimated break-and-run share: kept, then the position value's run-out.
    let score = |t: &Tally| t.run / t.n.max(1) as f64;
    order.sort_by(|&i, &j| score(&rows[j]).total_cmp(&score(&rows[i])));
    println!("# {} {} noise, {samples} samples per stroke, seed {seed}", game.name(), level.name());
    println!(
        "#  x_behind      y   v_stick   off  side_a   tip_b   elev | foul%  kept%  won%  balls  next_q  value    run | cue_x  cue_y"
    );
    for i in order {
        let st = strokes[i];
        let t = rows[i];
        let n = t.n.max(1) as f64;
        let k = t.kept.max(1) as f64;
        let nonwin = (t.kept - t.won).max(1) as f64;
        let cn = t.cue_n.max(1) as f64;
        println!(
            "{:9.3} {:6.3} {:9.2} {:5.2} {:7.2} {:7.2} {:6.3} | {:5.1} {:6.1} {:5.1} {:6.2} {:7.3} {:6.3} {:6.3} | {:6.3} {:6.3}",
            hs - st.cue[0],
            st.cue[1],
            st.v,
            st.off,
            st.a,
            st.b,
            st.elev,
            100.0 * t.fouls as f64 / n,
            100.0 * t.kept as f64 / n,
            100.0 * t.won as f64 / n,
            t.balls as f64 / n,
            t.next_chance / nonwin,
            t.value / k,
            score(&t),
            t.cue_rest[0] / cn,
            t.cue_rest[1] / cn,
        );
    }
}

/// `strength breakrun`'s trials, each split into its break and its run.
fn runs(game: Game, level: Level, trials: u64, seed: u64) {
    let mut times = Vec::new();
    let (mut kept, mut won) = (0u32, 0u32);
    let mut shots_lost = Vec::new();
    for k in 0..trials {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(k);
        let r = biljardi_ai::selfplay::break_and_run_detail(game, level, s, &mut times);
        kept += u32::from(r.break_kept);
        won += u32::from(r.won);
        if r.break_kept && !r.won {
            shots_lost.push(r.shots);
        }
        let last = r.last.map_or(String::from("-"), |(k, v, q)| format!("{k:?} value {v:.2} success {q:.2}"));
        println!("trial {k} kept {} won {} shots {} last {last}", r.break_kept, r.won, r.shots);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{{\"game\": \"{}\", \"level\": \"{}\", \"trials\": {trials}, \"seed\": {seed}, \"break_kept\": {kept}, \"won\": {won}, \"won_of_kept\": {:.3}, \"lost_at_shot\": {shots_lost:?}, \"decision_ms_p95\": {:.0}}}",
        game.name(),
        level.name(),
        won as f64 / kept.max(1) as f64,
        common::percentile(&times, 0.95)
    );
}
