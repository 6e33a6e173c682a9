//! Calibration of the geometric pot chance (`pot_chance`, which ranks plans and values every
//! rollout's end position) against the physics: random cue ball and object ball positions on
//! an empty table, every direct pot the shot generator plans, struck with the aim refined
//! against the physics at a speed of the ladder, `--samples` times with the level's noise.
//! Prints, per band of the estimate, the mean estimate, how often the ball was made (dropped,
//! the cue ball staying up) and how often it dropped at all (`pot_chance` rates that: the
//! object ball's line), and the same split by cut angle and by the object ball's distance
//! from a cushion:
//! `cargo run -p biljardi-ai --release --example calibrate -- --level master --layouts 400 --samples 40 --seed 1`
//! `--kind bank` does the same for the banks (object ball off one cushion), `--kind combo` for
//! combinations (the 1 into the 2), `--rung K` strikes at the K-th speed of the ladder.

mod common;

use biljardi_ai::Level;
use biljardi_ai::eval::{Ctx, perturb, pocket_target, pocket_tolerance, simulate};
use biljardi_ai::shots::{self, ShotKind};
use biljardi_physics::{BALL_RADIUS_M, BallFate, BallId, Params, Table};
use biljardi_rules::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::Write;

/// (shots, sum of estimates, sum of made pots, sum of drops, drops of the stroke struck
/// without noise) per bucket.
#[derive(Clone, Copy, Default)]
struct Bucket(u32, f64, f64, f64, f64);

impl Bucket {
    fn add(&mut self, est: f64, made: f64, dropped: f64, aimed: f64) {
        self.0 += 1;
        self.1 += est;
        self.2 += made;
        self.3 += dropped;
        self.4 += aimed;
    }
    /// "made": the ball dropped and the cue ball stayed up; "dropped": the ball went into the
    /// pocket, scratch or not. `pot_chance` rates the object ball's line, so read it against
    /// "dropped": here every pot is struck at one speed with centre ball, where the search
    /// picks the spin and speed that keep the cue ball out of the pocket. "Noiseless": the
    /// stroke as aimed dropped the ball (what is left when the aim itself is off).
    fn line(&self, name: &str) -> String {
        let n = f64::from(self.0.max(1));
        format!(
            "{name}: {} shots, estimate {:.3}, made {:.3}, dropped {:.3}, noiseless {:.3}",
            self.0,
            self.1 / n,
            self.2 / n,
            self.3 / n,
            self.4 / n
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let level = Level::parse(&get("--level", "master")).expect("--level");
    let layouts: u64 = get("--layouts", "400").parse().expect("--layouts");
    let samples: u64 = get("--samples", "40").parse().expect("--samples");
    let seed: u64 = get("--seed", "1").parse().expect("--seed");
    // `--rung K`: strike at the K-th speed of the level's ladder (0 the softest); the middle
    // one, 1, by default. Banks need more: the ladder's floor is worked out without a cushion.
    let rung: usize = get("--rung", "1").parse().expect("--rung");
    // `--kind bank`: the banks the generator plans (object ball off one cushion) instead;
    // `--kind combo`: the combinations of the 1 into the 2.
    let kind = match get("--kind", "pot").as_str() {
        "pot" => ShotKind::Pot,
        "bank" => ShotKind::Bank,
        "combo" => ShotKind::Combination,
        other => {
            eprintln!("--kind: pot, bank or combo, not {other}");
            std::process::exit(2);
        }
    };
    let table = Table::default();
    let ctx = Ctx::new(Game::NineBall, table, Params::default(), level.noise(), 0, level.budget().position_depth);
    let budget = level.budget();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut by_est = [Bucket::default(); 10];
    let mut by_cut = [Bucket::default(); 4];
    let mut by_rail = [Bucket::default(); 3];
    // `--dump FILE`: one line per plan (cue to ghost m, cut rad, object to pocket m, tolerance
    // rad, side pocket, object and cue ball gaps to a cushion m, made, cue ball pocketed, dropped).
    let mut dump = args
        .iter()
        .any(|a| a == "--dump")
        .then(|| std::fs::File::create(get("--dump", "calibrate.tsv")).expect("--dump file"));
    for _ in 0..layouts {
        let Some((balls, pots)) = common::random_pots(&ctx, &budget, kind, &mut rng) else { continue };
        let (cue, one) = (balls[0].1, balls[1].1);
        let rail = table.cushion_gap_m(one, BALL_RADIUS_M);
        for (plan, pocket) in pots {
            let Some(&v) = shots::speeds(&budget, ctx.noise.speed_mps, plan.travel, plan.cut).get(rung) else {
                continue;
            };
            let Some(strike) = shots::refine(&ctx, &balls, &plan, v, 0.0, 0.0, budget.refine_passes.max(1)) else {
                continue;
            };
            // What dropped: the called ball (for a combination not the one the cue ball hits).
            let called = plan.call.called_ball().unwrap_or(plan.target);
            let drops = |s| {
                let played = simulate(&table, &ctx.params, &balls, s);
                let down = |id: BallId, want: Option<_>| {
                    played.finals.iter().any(|(b, f)| {
                        *b == id && matches!(f, BallFate::Pocketed { pocket } if want.is_none_or(|w| w == *pocket))
                    })
                };
                (down(BallId::CUE, None), down(called, Some(pocket)))
            };
            let aimed = f64::from(u8::from(drops(strike).1));
            let (mut made, mut dropped, mut scratched) = (0.0, 0.0, 0.0);
            for _ in 0..samples {
                let (scratch, drop) = drops(perturb(&ctx.noise, &strike, &mut rng));
                scratched += f64::from(u8::from(scratch));
                dropped += f64::from(u8::from(drop));
                made += f64::from(u8::from(drop && !scratch));
            }
            let n = samples as f64;
            let (made, dropped, scratched) = (made / n, dropped / n, scratched / n);
            if let Some(f) = dump.as_mut() {
                let aim = pocket_target(&ctx, pocket);
                let to_pocket = (aim[0] - one[0]).hypot(aim[1] - one[1]);
                writeln!(
                    f,
                    "{:.4}\t{:.4}\t{to_pocket:.4}\t{:.5}\t{}\t{rail:.4}\t{:.4}\t{made:.4}\t{scratched:.4}\t{dropped:.4}",
                    plan.travel - to_pocket,
                    plan.cut,
                    pocket_tolerance(&ctx, pocket, one),
                    u8::from(pocket.is_side()),
                    table.cushion_gap_m(cue, BALL_RADIUS_M),
                )
                .expect("write --dump");
            }
            by_est[((plan.est * 10.0) as usize).min(9)].add(plan.est, made, dropped, aimed);
            by_cut[((plan.cut.to_degrees() / 20.0) as usize).min(3)].add(plan.est, made, dropped, aimed);
            by_rail[if rail < 0.03 {
                0
            } else if rail < 0.15 {
                1
            } else {
                2
            }]
            .add(plan.est, made, dropped, aimed);
        }
    }
    println!("level {}, {layouts} layouts, {samples} strikes each", level.name());
    for (i, b) in by_est.iter().enumerate() {
        if b.0 > 0 {
            println!("{}", b.line(&format!("estimate {:.1}-{:.1}", i as f64 / 10.0, (i + 1) as f64 / 10.0)));
        }
    }
    for (i, b) in by_cut.iter().enumerate() {
        println!("{}", b.line(&format!("cut {}-{} deg", 20 * i, 20 * (i + 1))));
    }
    for (b, name) in by_rail.iter().zip(["object ball within 3 cm of a cushion", "3-15 cm", "farther"]) {
        println!("{}", b.line(name));
    }
}
