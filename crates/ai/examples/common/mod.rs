//! What the examples share: their `--flag value` arguments, percentiles of their timings and
//! the random two-ball layouts the pocket measurements strike.
#![allow(dead_code)] // each example uses its own part

use biljardi_ai::Budget;
use biljardi_ai::eval::Ctx;
use biljardi_ai::shots::{self, Plan, ShotKind};
use biljardi_physics::{BALL_RADIUS_M, BallId, PocketId};
use biljardi_rules::{Call, GameState};
use rand::Rng;

/// The value after `flag` in `args`, or `default`.
pub fn flag(args: &[String], flag: &str, default: &str) -> String {
    args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned().unwrap_or_else(|| default.to_string())
}

/// The `q` quantile (0 to 1) of `sorted`, nearest rank; 0 when empty.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted.get(((sorted.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0)
}

/// A cue ball and the 1 at random on an empty table (for combinations also the 2 within 0.4 m
/// of the 1), and every pot of `kind` the shot generator plans from there with its pocket;
/// `None` when two balls nearly touch (`calibrate` and `window` measure these).
#[allow(clippy::type_complexity)]
pub fn random_pots<G: Rng>(
    ctx: &Ctx,
    budget: &Budget,
    kind: ShotKind,
    rng: &mut G,
) -> Option<(Vec<(BallId, [f64; 2])>, Vec<(Plan, PocketId)>)> {
    let table = &ctx.table;
    let (hl, hw) = (table.half_length() - 1.5 * BALL_RADIUS_M, table.half_width() - 1.5 * BALL_RADIUS_M);
    let (cue, one) = (
        [rng.random_range(-hl..hl), rng.random_range(-hw..hw)],
        [rng.random_range(-hl..hl), rng.random_range(-hw..hw)],
    );
    let mut balls = vec![(BallId::CUE, cue), (BallId::object(1).expect("ball 1"), one)];
    if kind == ShotKind::Combination {
        let two = [
            (one[0] + rng.random_range(-0.4..0.4)).clamp(-hl, hl),
            (one[1] + rng.random_range(-0.4..0.4)).clamp(-hw, hw),
        ];
        balls.push((BallId::object(2).expect("ball 2"), two));
    }
    for (i, a) in balls.iter().enumerate() {
        if balls[..i].iter().any(|b| (a.1[0] - b.1[0]).hypot(a.1[1] - b.1[1]) < 3.0 * BALL_RADIUS_M) {
            return None;
        }
    }
    let pots = shots::pot_plans(ctx, &GameState::default(), &balls, budget)
        .into_iter()
        .filter_map(|plan| match plan.call {
            Call::Ball { pocket: Some(pocket), .. } if plan.kind == kind => Some((plan, pocket)),
            _ => None,
        })
        .collect();
    Some((balls, pots))
}
