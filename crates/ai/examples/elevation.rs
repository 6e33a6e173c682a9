//! Calibration of the position value's cost of a raised butt: a cue ball at a few gaps from
//! the near long cushion, an object ball 0.5 m away on the straight line to the far corner
//! pocket (cut 0), at several angles from the cushion. Each shot is planned and refined as the
//! AI plans it, then struck `--samples` times with the level's noise; printed per shot: the
//! stick's lowest elevation (centre ball), how often the ball dropped, and the distance factor
//! that makes `pot_chance` give that rate, relative to the same shot from the open table:
//! `cargo run -p biljardi-ai --release --example elevation -- --level master --samples 400 --seed 1`
//! (`--a A --b B`: the tip's offsets, ball radii; `--distance M`: cue ball to object ball).

mod common;

use biljardi_ai::eval::{Ctx, perturb, pocket_target, pocket_tolerance, pot_chance, simulate};
use biljardi_ai::{Level, shots};
use biljardi_physics::{BALL_RADIUS_M, BallFate, BallId, Params, PocketId, Table, min_cue_elevation_rad};
use biljardi_rules::{Call, Game, GameState};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const R: f64 = BALL_RADIUS_M;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let level = Level::parse(&get("--level", "master")).expect("--level");
    let samples: u64 = get("--samples", "400").parse().expect("--samples");
    let seed: u64 = get("--seed", "1").parse().expect("--seed");
    let d_obj: f64 = get("--distance", "0.5").parse().expect("--distance");
    let tip_a: f64 = get("--a", "0").parse().expect("--a");
    let tip_b: f64 = get("--b", "0").parse().expect("--b");
    let table = Table::default();
    let ctx = Ctx::new(Game::NineBall, table, Params::default(), level.noise(), 0, level.budget().position_depth);
    let budget = level.budget();
    let state = GameState::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pocket = PocketId::ALL
        .into_iter()
        .max_by(|a, b| {
            let (pa, pb) = (pocket_target(&ctx, *a), pocket_target(&ctx, *b));
            (pa[0] + pa[1]).total_cmp(&(pb[0] + pb[1]))
        })
        .expect("a pocket");
    let aim = pocket_target(&ctx, pocket);
    let hw = table.half_width();
    println!(
        "level {}, pocket {pocket:?} at {aim:?}, object ball {d_obj} m from the cue ball, {samples} strikes",
        level.name()
    );
    println!("gap_mm\tx_m\tangle_deg\telev_deg\tmade\tfactor");
    for x0 in [-0.9, -0.5, -0.1, 0.3] {
        let mut base = None;
        // First the same shot from the open table (the cue ball 30 cm off the cushion).
        for gap in [0.3, 0.04, 0.02, 0.01, 0.004, 0.0] {
            let cue = [x0, -hw + R + gap];
            let dir = [aim[0] - cue[0], aim[1] - cue[1]];
            let n = dir[0].hypot(dir[1]);
            let one = [cue[0] + dir[0] / n * d_obj, cue[1] + dir[1] / n * d_obj];
            let balls = vec![(BallId::CUE, cue), (BallId::object(1).expect("ball 1"), one)];
            let Some(plan) = shots::pot_plans(&ctx, &state, &balls, &budget).into_iter().find(|p| {
                matches!(p.call, Call::Ball { pocket: Some(q), .. } if q == pocket) && p.kind == shots::ShotKind::Pot
            }) else {
                continue;
            };
            let v = shots::speeds(&budget, ctx.noise.speed_mps, plan.travel, plan.cut)[1];
            let Some(strike) = shots::refine(&ctx, &balls, &plan, v, tip_a, tip_b, budget.refine_passes.max(1)) else {
                continue;
            };
            let elev = min_cue_elevation_rad(&table, cue, [one], strike.phi_rad, tip_a, tip_b);
            let mut made = 0.0;
            for _ in 0..samples {
                let s = perturb(&ctx.noise, &strike, &mut rng);
                let played = simulate(&table, &ctx.params, &balls, s);
                let down = |id: BallId| {
                    played
                        .finals
                        .iter()
                        .any(|(b, f)| *b == id && matches!(f, BallFate::Pocketed { pocket: p } if *p == pocket))
                };
                if down(BallId::object(1).expect("ball 1"))
                    && !played.finals.iter().any(|(b, f)| b.is_cue() && matches!(f, BallFate::Pocketed { .. }))
                {
                    made += 1.0;
                }
            }
            let made = made / samples as f64;
            // The distance that gives this rate in the geometric model.
            let tol = pocket_tolerance(&ctx, pocket, one);
            let d_eff = {
                let (mut lo, mut hi) = (0.01, 20.0);
                for _ in 0..60 {
                    let mid = 0.5 * (lo + hi);
                    if pot_chance(&ctx, mid, plan.cut, tol) > made { lo = mid } else { hi = mid }
                }
                0.5 * (lo + hi)
            };
            let b = *base.get_or_insert(d_eff);
            println!(
                "{:.0}\t{x0:.1}\t{:.0}\t{:.1}\t{made:.3}\t{:.2}",
                gap * 1000.0,
                dir[1].atan2(dir[0]).to_degrees(),
                elev.to_degrees(),
                d_eff / b
            );
        }
    }
}
