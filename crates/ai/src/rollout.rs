//! The physics rollouts of a candidate shot: noisy strokes judged by the referee and valued
//! (`rollouts`), and the second ply's search of the next shot (`next_shot_chance`). They use
//! both the judging in `eval` and the shot generation in `shots`, which depends on `eval`
//! only: so neither of those two imports the other's dependents (issue 22).

use crate::eval::{Ctx, best_chance, decision_value, material, perturb, play_and_judge, shooter_value};
use crate::level::Budget;
use crate::shots::{self, Plan};
use crate::table_ops;
use biljardi_physics::{BallId, Strike};
use biljardi_rules::{BallInHand, Call, GameState};
use rand::{Rng, SeedableRng};

/// What a foul costs beyond the position it leaves.
const FOUL_PENALTY: f64 = 0.1;

/// The chance of the best next shot searched with the physics: the `plans` most promising
/// pots, each struck `samples` times with noise; success is the called ball down without a foul
/// with the shooter keeping the table (or winning). With `ctx.depth >= 2` each plan is also
/// tried with follow and draw, and a success counts by where the cue ball stopped (the best
/// direct pot of the ball after next, as in `best_chance` at depth 2).
pub fn next_shot_chance<G: Rng>(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    budget: &Budget,
    rng: &mut G,
) -> f64 {
    let b: Vec<(BallId, [f64; 2])> = balls.to_vec();
    let mut plans = shots::pot_plans(ctx, state, &b, budget);
    plans.sort_by(|x, y| y.est.total_cmp(&x.est));
    plans.truncate(budget.lookahead_plans);
    let deep = ctx.depth >= 2;
    let shallow = ctx.shallow();
    // (speed multiple, side, follow/draw): stun, follow, draw; then a firmer stun and draw.
    const STROKES: [(f64, f64, f64); 5] =
        [(1.2, 0.0, 0.0), (1.5, 0.0, 0.35), (1.5, 0.0, -0.3), (2.2, 0.0, 0.0), (2.2, 0.0, -0.3)];
    let variants: &[(f64, f64, f64)] =
        if deep { &STROKES[..budget.lookahead_strokes.clamp(1, 5)] } else { &STROKES[..1] };
    let me = state.shooter & 1;
    // How a stroke does over `n` noisy strikes drawn from `seed`.
    let score = |plan: &Plan, strike: &Strike, seed: u64, n: usize| -> f64 {
        let mut noise_rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut sum = 0.0;
        for _ in 0..n {
            let s = perturb(&ctx.noise, strike, &mut noise_rng);
            let (played, d) = play_and_judge(ctx, state, &b, s, &plan.call);
            if d.foul {
                continue;
            }
            if d.winner == Some(me) {
                sum += 1.0;
            } else if !d.game_over && d.next_shooter == me && d.options.is_empty() {
                sum += if deep {
                    let (ns, nb) = table_ops::apply(ctx.game, &ctx.table, &d, &played.resting(), None);
                    if ns.is_break || ns.ball_in_hand != BallInHand::None {
                        0.8
                    } else {
                        0.25 + 0.75 * best_chance(&shallow, &ns, &nb)
                    }
                } else {
                    1.0
                };
            }
        }
        sum / n.max(1) as f64
    };
    // The same execution errors for every stroke tried (common random numbers): the best of
    // them is then less often just the luckiest.
    let noise_seed: u64 = rng.random();
    let fresh_seed: u64 = rng.random();
    let mut best: Option<(f64, &Plan, Strike)> = None;
    'plans: for plan in &plans {
        let base = shots::speeds(budget, ctx.noise.speed_mps, plan.travel, plan.cut)[0];
        for &(m, a, spin) in variants {
            let Some(strike) = shots::refine(ctx, &b, plan, base * m, a, spin, 1) else { continue };
            let v = score(plan, &strike, noise_seed, budget.lookahead_samples);
            if best.as_ref().is_none_or(|(bv, _, _)| v > *bv) {
                best = Some((v, plan, strike));
            }
            if v >= 0.999 {
                break 'plans;
            }
        }
    }
    // The best of many noisy means is biased upwards, most where many strokes are middling
    // (a hard position looks easier than it is beside a plain one): the chosen stroke's chance
    // is measured again on fresh execution errors, twice as many.
    match best {
        Some((_, plan, strike)) => score(plan, &strike, fresh_seed, 2 * budget.lookahead_samples),
        None => 0.0,
    }
}

/// `n` noisy rollouts of one stroke, each judged by the referee and valued (with `look` the
/// next position's chance is searched with the physics, the second ply, when the shooter keeps
/// the table): the execution errors drawn from `noise_seed` (strokes valued with one such seed
/// share their errors), the second ply's from `ply_seed`. Returns the sum of the values, the
/// successes (the shooter keeps the table or wins, without a foul) and the fouls.
#[allow(clippy::too_many_arguments)]
pub fn rollouts(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    strike: &Strike,
    call: &Call,
    pp: bool,
    look: Option<&Budget>,
    n: usize,
    noise_seed: u64,
    ply_seed: u64,
) -> (f64, f64, f64) {
    let mut noise_rng = rand_chacha::ChaCha8Rng::seed_from_u64(noise_seed);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(ply_seed);
    let (mut sum, mut succ, mut fouls) = (0.0, 0.0, 0.0);
    for _ in 0..n {
        let s = perturb(&ctx.noise, strike, &mut noise_rng);
        let (played, d) = play_and_judge(ctx, state, balls, s, call);
        let resting = played.resting();
        let keeps = !d.foul && !d.game_over && d.options.is_empty() && d.next_shooter == ctx.me;
        let value = match look {
            Some(budget) if keeps && budget.lookahead_samples > 0 => {
                let (ns, nb) = table_ops::apply(ctx.game, &ctx.table, &d, &resting, None);
                if ns.is_break || ns.ball_in_hand != BallInHand::None {
                    decision_value(ctx, &d, &resting, pp)
                } else {
                    let q = next_shot_chance(ctx, &ns, &nb, budget, &mut rng);
                    (shooter_value(ctx, &ns, &nb, q) + 0.12 * material(ctx, &ns, &nb)).clamp(0.01, 0.99)
                }
            }
            _ => decision_value(ctx, &d, &resting, pp),
        };
        // Ball in hand is worth more to the opponent than the coarse position value says.
        sum += if d.foul && !d.game_over { (value - FOUL_PENALTY).max(0.0) } else { value };
        let success = keeps || (!d.foul && d.winner == Some(ctx.me));
        succ += f64::from(u8::from(success));
        fouls += f64::from(u8::from(d.foul));
    }
    (sum, succ, fouls)
}
