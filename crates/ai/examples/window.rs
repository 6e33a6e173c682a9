//! Where in a pocket's mouth the AI should send the object ball (`src/pockets.rs`): random cue
//! ball and object ball positions on an empty table, every direct pot the shot generator plans,
//! the object ball's line moved across the pocket in 1 mm steps around the level's aim point and
//! each stroke refined and struck without noise at step `--speed` of the level's speed ladder
//! (`master`: 0 to 5).
//! Prints one line per plan: the pocket's kind (1 side), the approach angle to the pocket's axis
//! from the mouth's middle (degrees, anticlockwise positive), the object ball's distance from the
//! mouth, the speed, and the offsets (mm, positive to the left of the line) of the first and
//! last stroke that drops. `--level amateur` aims at the mouth's middle (`PocketModel::Mouth`),
//! `master` at the measured window's:
//! `cargo run -p biljardi-ai --release --example window -- --level amateur --layouts 400 --seed 1`

mod common;

use biljardi_ai::Level;
use biljardi_ai::eval::{Ctx, pocket_aim, pocket_target, simulate};
use biljardi_ai::shots::{self, ShotKind};
use biljardi_physics::{BALL_RADIUS_M, BallFate, Params, Table};
use biljardi_rules::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let layouts: u64 = get("--layouts", "200").parse().expect("--layouts");
    let seed: u64 = get("--seed", "1").parse().expect("--seed");
    let speed_step: usize = get("--speed", "1").parse().expect("--speed");
    let level = Level::parse(&get("--level", "master")).expect("--level");
    let table = Table::default();
    let ctx = Ctx::new(Game::NineBall, table, Params::default(), level.noise(), 0, level.budget().position_depth);
    let budget = level.budget();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    println!("side\tangle_deg\tobj_m\tspeed\tlo_mm\thi_mm");
    for _ in 0..layouts {
        let Some((balls, pots)) = common::random_pots(&ctx, &budget, ShotKind::Pot, &mut rng) else { continue };
        let (cue, one) = (balls[0].1, balls[1].1);
        for (plan, pocket) in pots {
            // The approach angle from the mouth's middle; the offsets from the aim point.
            let mouth = pocket_target(&ctx, pocket);
            let d = (mouth[0] - one[0]).hypot(mouth[1] - one[1]);
            let u = [(mouth[0] - one[0]) / d, (mouth[1] - one[1]) / d];
            let aim = pocket_aim(&ctx, pocket, one);
            let da = (aim[0] - one[0]).hypot(aim[1] - one[1]);
            let ua = [(aim[0] - one[0]) / da, (aim[1] - one[1]) / da];
            let axis = table.pocket(pocket).axis;
            let cross = axis[0] * u[1] - axis[1] * u[0];
            let ang = cross.atan2(axis[0] * u[0] + axis[1] * u[1]).to_degrees();
            let v = shots::speeds(&budget, ctx.noise.speed_mps, plan.travel, plan.cut)[speed_step];
            let mut made = Vec::new();
            for k in -70i32..=70 {
                let off = f64::from(k) * 1e-3;
                // The object ball's line through the aim point moved `off` to the left.
                let t = [aim[0] - ua[1] * off, aim[1] + ua[0] * off];
                let n = (t[0] - one[0]).hypot(t[1] - one[1]);
                let dir = [(t[0] - one[0]) / n, (t[1] - one[1]) / n];
                let ghost = [one[0] - 2.0 * BALL_RADIUS_M * dir[0], one[1] - 2.0 * BALL_RADIUS_M * dir[1]];
                let shifted = shots::Plan { dir, phi0: (ghost[1] - cue[1]).atan2(ghost[0] - cue[0]), ..plan.clone() };
                let Some(strike) = shots::refine(&ctx, &balls, &shifted, v, 0.0, 0.0, 3) else { continue };
                let played = simulate(&table, &ctx.params, &balls, strike);
                let down = played
                    .finals
                    .iter()
                    .any(|(b, f)| *b == plan.target && matches!(f, BallFate::Pocketed { pocket: q } if *q == pocket));
                if down {
                    made.push(k);
                }
            }
            let (Some(lo), Some(hi)) = (made.first(), made.last()) else { continue };
            println!("{}\t{ang:.1}\t{d:.3}\t{v:.2}\t{lo}\t{hi}", u8::from(pocket.is_side()));
        }
    }
}
