//! The decision: options, then the shot search (candidates from `shots`, two passes of noisy
//! rollouts in parallel with rayon, seeded per candidate so the result depends only on the seed).

use crate::eval::{Balls, Ctx, legal_targets, option_value, perturb, play_and_judge, playable, pos_of};
use crate::level::{Budget, Level};
use crate::rollout::rollouts;
use crate::shots::{self, Candidate, ShotKind};
use crate::table_ops::dist;
use crate::view::{Action, TableView};
use biljardi_physics::{BallId, EventKind, PocketId, Strike};
use biljardi_rules::{BallInHand, Call, Game, GameOption};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// With ball in hand, a best spot rated under this (its best pot's geometric chance) has
/// safeties searched from every spot, not only from the best.
const SAFETY_FROM_EVERY_SPOT_BELOW: f64 = 0.5;

/// Speed multiples tried around the best finalists (`Budget::speed_search`).
const SPEED_STEPS: [f64; 2] = [0.8, 1.25];

/// Finalists of one plan while other plans are left (`varied_finalists`).
const PER_PLAN_IN_FINAL: usize = 4;

/// What the chance of a foul costs in the ranking when the shooter is on two fouls (6.14): the
/// third loses the rack in 9- and 10-ball (the rollouts count that already) and costs 15 points
/// more and a break in 14.1 (4.11), which the value's material term, saturated at a few points,
/// hardly sees. A player on two fouls plays the stroke that surely hits legally: at 1.5 the
/// amateur of the test `on_two_fouls_in_straight_pool_the_third_is_avoided` fouls 2 % of its
/// strokes there (4.7 % when fouls only counted through the rollouts' value, 3.3 % at 1.0).
const THIRD_FOUL_WEIGHT: f64 = 1.5;

/// A pot over `Budget::shoot_above` leaves safeties out only if it fouled in at most this
/// share of its first rollouts.
const SHOOT_MAX_FOUL_RATE: f64 = 0.2;

/// The weaker levels keep a safety only if it is also legal struck this many standard
/// deviations of their speed error softer (when any is): a safety that only just reaches a
/// cushion fouled (6.3) whenever it was struck a little soft.
const SAFETY_MARGIN_SDS: f64 = 2.0;

/// Execution errors of a margin stroke, in standard deviations of the level's noise.
const MARGIN_SDS: f64 = 2.0;

/// The foul rate a stroke is charged when all four of its margin strokes foul (a quarter of it
/// for each). One error of two standard deviations in one direction alone is passed about 2.3 %
/// of the time, so a stroke that fouls there fouls at least that often; few of the level's
/// rollouts draw such an error, and the luckiest of many strokes then looked safe: the
/// amateur's chosen pots fouled 198 times in 200 8-ball racks where their rollouts foresaw 122
/// (session 13, mostly cue ball scratches, 6.1).
const MARGIN_FOUL_RATE: f64 = 0.1;

/// The share of four strokes around `c`'s (its speed and its aim each `MARGIN_SDS` of the
/// level's error either way) that the referee calls a foul: a cliff near the intended stroke
/// (the cue ball following the object ball into the pocket when struck a little firm, a
/// safety that stops short of a cushion when struck a little soft), seen without luck.
fn margin_fouls(ctx: &Ctx, state: &biljardi_rules::GameState, balls: &[(BallId, [f64; 2])], c: &Candidate) -> f64 {
    let s = c.strike;
    let dv = MARGIN_SDS * ctx.noise.speed_mps;
    let da = (MARGIN_SDS * ctx.noise.aim_deg).to_radians();
    let strokes = [
        Strike { speed_mps: s.speed_mps + dv, ..s },
        Strike { speed_mps: (s.speed_mps - dv).max(0.05), ..s },
        Strike { phi_rad: s.phi_rad + da, ..s },
        Strike { phi_rad: s.phi_rad - da, ..s },
    ];
    let fouls = strokes.iter().filter(|&&x| play_and_judge(ctx, state, balls, x, &c.call).1.foul).count();
    fouls as f64 / strokes.len() as f64
}

/// An AI player of one level. `Send + Sync`; `decide` is pure given the view and the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    pub level: Level,
}

/// A decision with what the AI expects of it (for showing its aim and for tests).
#[derive(Clone, Debug)]
pub struct Thought {
    pub action: Action,
    /// What kind of shot (None for an option).
    pub kind: Option<ShotKind>,
    /// Estimated value for the AI, 0 (lost) .. 1 (won).
    pub value: f64,
    /// Fraction of rollouts in which the shot kept the table without a foul.
    pub success: f64,
    /// Fraction of rollouts in which the shot fouled.
    pub foul_rate: f64,
    /// Candidates evaluated.
    pub candidates: usize,
    /// The stroke the AI meant to play (show this as its aim); `Action::Shoot` carries the
    /// stroke as executed, with the level's execution noise already applied.
    pub intended: Option<Strike>,
    /// What to draw as its aim: the intended stroke played without noise up to the first
    /// contact (`None` for an option, or when the stroke touches no ball).
    pub aim: Option<Aim>,
}

/// The AI's aim for the game to draw: where the cue ball starts, the ghost ball (the cue
/// ball's centre at the first contact of the noiseless intended stroke), the ball it hits
/// there and the pocket it plays for.
#[derive(Clone, Debug, PartialEq)]
pub struct Aim {
    /// The cue ball's position before the stroke (its placement when in hand).
    pub cue: [f64; 2],
    /// The cue ball's centre at the first contact.
    pub ghost: [f64; 2],
    /// The first object ball the cue ball hits.
    pub target: BallId,
    /// The target ball's position.
    pub target_pos: [f64; 2],
    /// The ball the shot is meant to pot and its pocket (for a combination the called ball,
    /// not the target), `None` for safeties, push outs and breaks.
    pub pot: Option<(BallId, PocketId)>,
}

/// The noiseless aim of `strike` from the cue ball in `balls`.
pub fn aim_of(ctx: &Ctx, balls: &[(BallId, [f64; 2])], strike: Strike, call: &Call) -> Option<Aim> {
    let cue = pos_of(balls, BallId::CUE)?;
    let played = crate::eval::simulate(&ctx.table, &ctx.params, balls, strike);
    let (target, ghost, target_pos) = played.events.iter().find_map(|e| match e.kind {
        EventKind::BallBall { balls: pair } if pair.contains(&BallId::CUE) => {
            let other = if pair[0].is_cue() { pair[1] } else { pair[0] };
            let c = e.state.get(&BallId::CUE)?;
            let o = e.state.get(&other)?;
            Some((other, [c.pos[0], c.pos[1]], [o.pos[0], o.pos[1]]))
        }
        _ => None,
    })?;
    let pot = match *call {
        Call::Ball { ball, pocket: Some(p) } => Some((ball, p)),
        _ => None,
    };
    Some(Aim { cue, ghost, target, target_pos, pot })
}

pub fn mix(seed: u64, a: u64, b: u64) -> u64 {
    // splitmix64 over the three words.
    let mut z = seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

struct Scored {
    cand: Candidate,
    sum: f64,
    succ: f64,
    fouls: f64,
    n: usize,
    /// The foul rate of all strokes of the same plan (see `pool_foul_rates`).
    plan_foul_rate: f64,
    /// The share of the stroke's four margin strokes that foul (`margin_fouls`), 0 for the
    /// levels without a foul weight.
    margin: f64,
}

impl Scored {
    fn mean(&self) -> f64 {
        if self.n == 0 { 0.0 } else { self.sum / self.n as f64 }
    }
    fn success(&self) -> f64 {
        if self.n == 0 { 0.0 } else { self.succ / self.n as f64 }
    }
    /// Counts `n` more rollouts whose (value, successes, fouls) summed to `totals`.
    fn add(&mut self, (sum, succ, fouls): (f64, f64, f64), n: usize) {
        self.sum += sum;
        self.succ += succ;
        self.fouls += fouls;
        self.n += n;
    }
    fn clear(&mut self) {
        (self.sum, self.succ, self.fouls, self.n) = (0.0, 0.0, 0.0, 0);
    }
    /// Fouled in more than half of its own rollouts.
    fn mostly_fouls(&self) -> bool {
        self.n > 0 && 2.0 * self.fouls > self.n as f64
    }
    /// The foul rate, shrunk towards the plan's: a stroke seen a few dozen times with no foul
    /// is most likely as risky as its siblings (picking the luckiest of many would otherwise
    /// pick a stroke that only looks safe).
    fn foul_rate(&self) -> f64 {
        (self.fouls + FOUL_PRIOR_STROKES * self.plan_foul_rate) / (self.n as f64 + FOUL_PRIOR_STROKES)
    }
}

/// How many strokes the plan's pooled foul rate counts for in a stroke's own (`Scored::foul_rate`).
const FOUL_PRIOR_STROKES: f64 = 24.0;

/// Pools the rollouts' fouls of every plan over all its strokes: the same kind, call and cue
/// ball spot, aimed within 3 degrees (a safety's call names no ball; its aim tells them apart).
fn pool_foul_rates(scored: &mut [Scored]) {
    let same = |a: &Candidate, b: &Candidate| {
        a.kind == b.kind
            && a.call == b.call
            && a.placement == b.placement
            && (a.strike.phi_rad - b.strike.phi_rad).sin().abs() < 0.05
    };
    let rates: Vec<f64> = scored
        .iter()
        .map(|x| {
            let (f, n) = scored
                .iter()
                .filter(|y| same(&x.cand, &y.cand))
                .fold((0.0, 0usize), |(f, n), y| (f + y.fouls, n + y.n));
            if n == 0 { 0.0 } else { f / n as f64 }
        })
        .collect();
    for (x, r) in scored.iter_mut().zip(rates) {
        x.plan_foul_rate = r;
    }
}

/// The best of `choices` by `key`, leaving out strokes that fouled in most of their own
/// rollouts: first among `choices`, then among every stroke rolled out, and only when every
/// stroke mostly fouled the best of `choices` as it is (a foul on purpose is then the answer).
/// Without this the amateur chose soft safeties and kicks that fouled in most of its few
/// rollouts because their position looked better than a legal one's.
fn choose(scored: &[Scored], choices: &[usize], key: impl Fn(&Scored) -> f64) -> usize {
    let best_of = |it: &mut dyn Iterator<Item = usize>| {
        it.max_by(|a, b| key(&scored[*a]).total_cmp(&key(&scored[*b])).then(b.cmp(a)))
    };
    best_of(&mut choices.iter().copied().filter(|&i| !scored[i].mostly_fouls()))
        .or_else(|| best_of(&mut (0..scored.len()).filter(|&i| !scored[i].mostly_fouls())))
        .or_else(|| best_of(&mut choices.iter().copied()))
        .unwrap_or(0)
}

/// The first `n` of `order`, at most `PER_PLAN_IN_FINAL` of them the same plan (kind, call
/// and spot) while others are left: a good pot played with five spins would otherwise crowd
/// out another pocket or ball whose position is better than its first pass showed.
fn varied_finalists(order: &[usize], scored: &[Scored], n: usize) -> Vec<usize> {
    let same = |a: &Candidate, b: &Candidate| a.kind == b.kind && a.call == b.call && a.placement == b.placement;
    let mut picked: Vec<usize> = Vec::with_capacity(n);
    for &i in order {
        if picked.len() == n {
            break;
        }
        let c = &scored[i].cand;
        if picked.iter().filter(|&&j| same(&scored[j].cand, c)).count() < PER_PLAN_IN_FINAL {
            picked.push(i);
        }
    }
    // Too few plans: the rest in order.
    for &i in order {
        if picked.len() == n {
            break;
        }
        if !picked.contains(&i) {
            picked.push(i);
        }
    }
    picked
}

impl Player {
    pub fn new(level: Level) -> Player {
        Player { level }
    }

    /// What to do in `view`.
    pub fn decide(&self, view: &TableView, seed: u64) -> Action {
        self.think(view, seed).action
    }

    /// `decide` with the expectations behind it.
    pub fn think(&self, view: &TableView, seed: u64) -> Thought {
        self.think_with(view, &self.level.budget(), seed)
    }

    /// `think` with another search budget than the level's (the level's noise): for comparing
    /// search schedules on the same positions (`examples/quality.rs`).
    pub fn think_with(&self, view: &TableView, budget: &Budget, seed: u64) -> Thought {
        let ctx = Ctx::new(view.game, view.table, view.params, self.level.noise(), view.me(), budget.position_depth);
        if let Some(d) = &view.pending
            && !d.options.is_empty()
        {
            return self.choose_option(&ctx, view, budget);
        }
        self.search(&ctx, view, budget, seed)
    }

    /// What the stroke a thought intends is worth, valued as the search values its finalists
    /// (rollouts with the level's noise and the second ply) over `n` rollouts whose execution
    /// errors come from `seed`: (mean value, success rate, foul rate). `None` for a thought
    /// that is no stroke (an option). Two thoughts valued with one seed share their errors.
    pub fn stroke_value(&self, view: &TableView, thought: &Thought, n: usize, seed: u64) -> Option<(f64, f64, f64)> {
        let (Some(strike), Action::Shoot { call, cue_ball_placement, .. }) = (thought.intended, &thought.action) else {
            return None;
        };
        let budget = self.level.budget();
        let ctx = Ctx::new(view.game, view.table, view.params, self.level.noise(), view.me(), budget.position_depth);
        let mut balls: Balls =
            view.balls.iter().copied().filter(|b| !(cue_ball_placement.is_some() && b.0.is_cue())).collect();
        if let Some(p) = cue_ball_placement {
            balls.push((BallId::CUE, *p));
        }
        let look = (budget.lookahead_samples > 0).then_some(&budget);
        let (noise_seed, ply_seed) = (mix(seed, u64::MAX - 1, 5), mix(seed, 0, 5));
        let (sum, succ, fouls) =
            rollouts(&ctx, &view.state, &balls, &strike, call, budget.position_play, look, n, noise_seed, ply_seed);
        let n = n.max(1) as f64;
        Some((sum / n, succ / n, fouls / n))
    }

    fn choose_option(&self, ctx: &Ctx, view: &TableView, budget: &Budget) -> Thought {
        let d = view.pending.as_ref().expect("pending decision");
        let mut best: Option<(f64, Action)> = None;
        for &o in &d.options {
            let v = option_value(ctx, d, &view.balls, o, budget.position_play || o != GameOption::Shoot);
            let action = if o == GameOption::RequestSpot {
                // The candidate whose spot leaves the best position.
                let (s, b) = crate::table_ops::apply(ctx.game, &ctx.table, d, &view.balls, Some(o));
                let ball = d
                    .request_spot
                    .iter()
                    .copied()
                    .max_by(|x, y| {
                        let vx = crate::eval::position_value(
                            ctx,
                            &s,
                            &crate::table_ops::request_spot(&ctx.table, &b, *x),
                            true,
                        );
                        let vy = crate::eval::position_value(
                            ctx,
                            &s,
                            &crate::table_ops::request_spot(&ctx.table, &b, *y),
                            true,
                        );
                        vx.total_cmp(&vy).then(y.cmp(x))
                    })
                    .unwrap_or(BallId::CUE);
                if ball.is_cue() { Action::ChooseOption(o) } else { Action::RequestSpot { ball } }
            } else {
                Action::ChooseOption(o)
            };
            if best.as_ref().is_none_or(|(bv, _)| v > *bv + 1e-12) {
                best = Some((v, action));
            }
        }
        let (value, action) = best.unwrap_or((0.5, Action::ChooseOption(GameOption::Shoot)));
        Thought {
            action,
            kind: None,
            value,
            success: 0.0,
            foul_rate: 0.0,
            candidates: d.options.len(),
            intended: None,
            aim: None,
        }
    }

    fn search(&self, ctx: &Ctx, view: &TableView, budget: &Budget, seed: u64) -> Thought {
        let state = &view.state;
        let placement = state.placement();
        let cue_on = view.balls.iter().any(|b| b.0.is_cue());
        let in_hand = placement != BallInHand::None || !cue_on;
        let bih = if placement == BallInHand::None { BallInHand::Anywhere } else { placement };
        let base: Balls = view.balls.iter().copied().filter(|b| !(in_hand && b.0.is_cue())).collect();
        // Spots with their ranking score (the best pot's geometric chance from there).
        let ranked: Vec<(Option<[f64; 2]>, f64)> = if !in_hand {
            vec![(None, 1.0)]
        } else if state.is_break {
            shots::break_placements(ctx, &base, budget).into_iter().map(|q| (Some(q), 1.0)).collect()
        } else {
            shots::ranked_placements(ctx, state, &base, bih, budget.placements, budget.placements_per_pot)
                .into_iter()
                .map(|(q, score)| (Some(q), score))
                .collect()
        };
        let spots: Vec<Option<[f64; 2]>> = ranked.iter().map(|r| r.0).collect();
        // With a good pot from the best spot a safety is hardly the answer: safeties and push
        // outs are searched from that spot alone (they were half of an 8-ball ball-in-hand
        // search).
        let safeties_from_all = ranked.first().is_none_or(|r| r.1 < SAFETY_FROM_EVERY_SPOT_BELOW);
        let with_cue = |p: Option<[f64; 2]>| -> Balls {
            let mut b = base.clone();
            if let Some(p) = p {
                b.push((BallId::CUE, p));
            }
            b
        };

        // Candidate generation (refinement runs the physics, so in parallel).
        let mut jobs: Vec<(Option<[f64; 2]>, shots::Plan, f64, f64, f64)> = Vec::new();
        let mut cands: Vec<Candidate> = Vec::new();
        // (spot, plan, whether a 14.1 break shot may be on) over all spots.
        let mut spot_plans: Vec<(Option<[f64; 2]>, shots::Plan, bool)> = Vec::new();
        for (i, &p) in spots.iter().enumerate() {
            let balls = with_cue(p);
            let Some(cue) = balls.iter().find(|b| b.0.is_cue()).map(|b| b.1) else { continue };
            if state.is_break {
                let strokes = if ctx.game == Game::StraightPool {
                    shots::straight_pool_break(&balls, cue, budget)
                } else {
                    shots::break_strokes(ctx, &balls, cue, budget)
                };
                let call = if ctx.game == Game::StraightPool { Call::safety() } else { Call::None };
                cands.extend(strokes.into_iter().map(|strike| Candidate {
                    kind: ShotKind::Break,
                    call,
                    strike,
                    placement: p,
                    plan: None,
                }));
                continue;
            }
            // 14.1: a rack standing means a break shot may be on (harder strokes to open it).
            let rack_standing = ctx.game == Game::StraightPool && crate::eval::break_ball_chance(ctx, &balls).is_some();
            let plans = shots::pot_plans(ctx, state, &balls, budget);
            spot_plans.extend(plans.into_iter().map(|plan| (p, plan, rack_standing)));
            if i > 0 && !safeties_from_all {
                continue;
            }
            let safeties = shots::safety_strokes(ctx, state, &balls, budget);
            cands.extend(safeties.into_iter().map(|(kind, call, strike)| Candidate {
                kind,
                call,
                strike,
                placement: p,
                plan: None,
            }));
            if state.push_out_allowed && budget.safeties && matches!(ctx.game, Game::NineBall | Game::TenBall) {
                cands.extend(shots::push_out_strokes(budget).into_iter().map(|strike| Candidate {
                    kind: ShotKind::PushOut,
                    call: Call::push_out(),
                    strike,
                    placement: p,
                    plan: None,
                }));
            }
        }
        // Up to 15 balls times 6 pockets in 14.1, and 7 (open table: 14) balls times 6 pockets
        // from each of several ball-in-hand spots in 8-ball at depth 2: only the likeliest plans
        // over all spots are worked out (keeps `pro` under a second and `master` under three).
        if ctx.game == Game::StraightPool || (ctx.game == Game::EightBall && in_hand && ctx.depth >= 2) {
            // Stable: among equal estimates the better-ranked spot's plan stays.
            spot_plans.sort_by(|x, y| y.1.est.total_cmp(&x.1.est));
            spot_plans.truncate(2 * budget.samples.max(4) * spots.len().clamp(1, 3));
        }
        for (p, plan, rack_standing) in spot_plans {
            let mut vs = shots::speeds(budget, ctx.noise.speed_mps, plan.travel, plan.cut);
            if rack_standing
                && plan.kind == ShotKind::Pot
                && pos_of(&base, plan.target).is_some_and(|q| !biljardi_rules::rack::ball_in_rack(&ctx.table, q))
            {
                vs.extend([3.2, 4.5]);
            }
            for v in vs {
                for &(a, b) in shots::spins(budget) {
                    jobs.push((p, plan.clone(), v, a, b));
                }
            }
        }
        let refined: Vec<Option<Candidate>> = jobs
            .par_iter()
            .map(|(p, plan, v, a, b)| {
                let balls = with_cue(*p);
                shots::refine(ctx, &balls, plan, *v, *a, *b, budget.refine_passes).map(|strike| Candidate {
                    kind: plan.kind,
                    call: plan.call,
                    strike,
                    placement: *p,
                    plan: Some(plan.clone()),
                })
            })
            .collect();
        let mut all: Vec<Candidate> = refined.into_iter().flatten().collect();
        all.extend(cands);
        if all.is_empty() {
            // Nothing found: straight at the nearest legal ball (a foul if another is in the way).
            let balls = with_cue(spots.first().copied().flatten());
            let cue = balls.iter().find(|b| b.0.is_cue()).map_or([0.0, 0.0], |b| b.1);
            let tgt = legal_targets(ctx.game, state, &balls)
                .into_iter()
                .filter_map(|t| pos_of(&balls, t))
                .min_by(|a, b| dist(*a, cue).total_cmp(&dist(*b, cue)))
                .or_else(|| balls.iter().find(|b| !b.0.is_cue()).map(|b| b.1))
                .unwrap_or([1.0, 0.0]);
            let phi = (tgt[1] - cue[1]).atan2(tgt[0] - cue[0]);
            all.push(Candidate {
                kind: ShotKind::Safety,
                call: Call::None,
                strike: Strike { speed_mps: 2.0, phi_rad: phi, theta_rad: 0.03, a: 0.0, b: 0.0 },
                placement: spots.first().copied().flatten(),
                plan: None,
            });
        }

        let pp = budget.position_play;
        let eval = |idx: usize, c: &Candidate, n: usize, stage: u64| -> (f64, f64, f64) {
            let look = (stage >= 2 && budget.lookahead_samples > 0).then_some(budget);
            let balls = with_cue(c.placement);
            // Common random numbers: every candidate of a pass is struck with the same sequence
            // of execution errors, so their comparison is not left to the luck of the draw.
            let (noise_seed, ply_seed) = (mix(seed, u64::MAX - 1, stage), mix(seed, idx as u64, stage));
            rollouts(ctx, state, &balls, &c.strike, &c.call, pp, look, n, noise_seed, ply_seed)
        };
        // A pot good enough for the level's taste (`Budget::shoot_above`): no safeties, unless
        // the shooter is on two fouls (6.14: the third costs the rack or 15 points), or unless
        // every such pot fouled in more than `SHOOT_MAX_FOUL_RATE` of its first rollouts (a
        // cue ball close to the ball double-hits, 6.7, or it scratches: then safeties are
        // searched too). The pots' first pass is rolled out before the safeties'.
        let on_two_fouls = ctx.game.three_foul_rule() && state.fouls[state.shooter()] >= 2;
        let mut first: Vec<Option<(f64, f64, f64)>> = vec![None; all.len()];
        let shoot = match budget.shoot_above {
            Some(t) if !on_two_fouls => {
                let pots: Vec<usize> = (0..all.len())
                    .filter(|&i| all[i].kind == ShotKind::Pot && all[i].plan.as_ref().is_some_and(|p| p.est >= t))
                    .collect();
                let rolled: Vec<(f64, f64, f64)> =
                    pots.par_iter().map(|&i| eval(i, &all[i], budget.samples, 1)).collect();
                let mut clean = false;
                for (&i, r) in pots.iter().zip(rolled) {
                    clean |= r.2 <= SHOOT_MAX_FOUL_RATE * budget.samples as f64;
                    first[i] = Some(r);
                }
                clean
            }
            _ => false,
        };
        // A noiseless look drops safeties and push outs that foul even when struck perfectly.
        // The weaker levels (a foul weight) look twice: also struck `SAFETY_MARGIN_SDS` of
        // their speed error softer; when some safety is legal both ways the others go too.
        let margin = budget.foul_weight > 0.0;
        let looks: Vec<(bool, bool)> = all
            .par_iter()
            .map(|c| {
                if matches!(c.kind, ShotKind::Safety | ShotKind::PushOut) {
                    if shoot {
                        return (false, false);
                    }
                    let balls = with_cue(c.placement);
                    let (_, d) = play_and_judge(ctx, state, &balls, c.strike, &c.call);
                    if d.foul || !margin || c.kind != ShotKind::Safety {
                        return (!d.foul, !d.foul);
                    }
                    let soft = Strike {
                        speed_mps: (c.strike.speed_mps - SAFETY_MARGIN_SDS * ctx.noise.speed_mps).max(0.05),
                        ..c.strike
                    };
                    let (_, d) = play_and_judge(ctx, state, &balls, soft, &c.call);
                    (true, !d.foul)
                } else {
                    (true, true)
                }
            })
            .collect();
        let strict = all.iter().zip(&looks).any(|(c, l)| c.kind == ShotKind::Safety && l.1);
        let keep: Vec<bool> =
            all.iter().zip(&looks).map(|(c, l)| if strict && c.kind == ShotKind::Safety { l.1 } else { l.0 }).collect();
        if keep.iter().any(|k| *k) {
            let mut i = 0;
            all.retain(|_| {
                i += 1;
                keep[i - 1]
            });
            let mut i = 0;
            first.retain(|_| {
                i += 1;
                keep[i - 1]
            });
        }
        let n_cands = all.len();
        let first: Vec<(f64, f64, f64)> = all
            .par_iter()
            .zip(first.par_iter())
            .enumerate()
            .map(|(i, (c, f))| f.unwrap_or_else(|| eval(i, c, budget.samples, 1)))
            .collect();
        let mut scored: Vec<Scored> = all
            .into_iter()
            .zip(first)
            .map(|(cand, (sum, succ, fouls))| Scored {
                cand,
                sum,
                succ,
                fouls,
                n: budget.samples,
                plan_foul_rate: 0.0,
                margin: 0.0,
            })
            .collect();
        let foul_weight = if on_two_fouls { THIRD_FOUL_WEIGHT } else { budget.foul_weight };
        let pooled = foul_weight > 0.0;
        if pooled {
            pool_foul_rates(&mut scored);
        }
        if budget.foul_weight > 0.0 {
            let margins: Vec<f64> =
                scored.par_iter().map(|x| margin_fouls(ctx, state, &with_cue(x.cand.placement), &x.cand)).collect();
            for (x, m) in scored.iter_mut().zip(margins) {
                x.margin = m;
            }
        }
        let key = |s: &Scored| -> f64 {
            let k = if budget.position_play { s.mean() } else { s.success() + 0.01 * s.mean() };
            k - foul_weight * (s.foul_rate() + MARGIN_FOUL_RATE * s.margin)
        };
        // Strokes that fouled in most of their rollouts go after every other (see `choose`).
        let any_legal = scored.iter().any(|s| !s.mostly_fouls());
        let mut order: Vec<usize> = (0..scored.len()).collect();
        order.sort_by(|a, b| {
            let (x, y) = (&scored[*a], &scored[*b]);
            (any_legal && x.mostly_fouls())
                .cmp(&(any_legal && y.mostly_fouls()))
                .then(key(y).total_cmp(&key(x)))
                .then(a.cmp(b))
        });
        let finalists = varied_finalists(&order, &scored, budget.finalists);
        // On two fouls a few percent of fouls matter: the finalists get more strokes each.
        let deep_samples = if on_two_fouls { 3 * budget.deep_samples } else { budget.deep_samples };
        let deep: Vec<(f64, f64, f64)> =
            finalists.par_iter().map(|&i| eval(i, &scored[i].cand, deep_samples, 2)).collect();
        for (&i, totals) in finalists.iter().zip(deep) {
            if budget.lookahead_samples > 0 {
                // The second ply replaces the first pass's estimate of the position.
                scored[i].clear();
            }
            scored[i].add(totals, deep_samples);
        }
        if pooled {
            pool_foul_rates(&mut scored);
        }
        // Speed search: the best few pots are tried again a little softer and firmer (the
        // ladder's steps are coarse for position), on the same execution errors as the
        // finalists so that the comparison is fair.
        let mut ranked_finalists = finalists.clone();
        ranked_finalists.sort_by(|a, b| key(&scored[*b]).total_cmp(&key(&scored[*a])).then(a.cmp(b)));
        let variants: Vec<Candidate> = ranked_finalists
            .iter()
            .take(if budget.lookahead_samples > 0 { budget.speed_search } else { 0 })
            .filter_map(|&i| scored[i].cand.plan.as_ref().map(|plan| (i, plan)))
            .flat_map(|(i, plan)| SPEED_STEPS.iter().map(move |&m| (i, plan, m)))
            .collect::<Vec<_>>()
            .par_iter()
            .filter_map(|&(i, plan, m)| {
                let c = &scored[i].cand;
                let s = c.strike;
                shots::refine(ctx, &with_cue(c.placement), plan, s.speed_mps * m, s.a, s.b, budget.refine_passes)
                    .map(|strike| Candidate { strike, plan: Some(plan.clone()), ..c.clone() })
            })
            .collect();
        let first_variant = scored.len();
        let deep_variants: Vec<(f64, f64, f64)> =
            variants.par_iter().enumerate().map(|(j, c)| eval(first_variant + j, c, deep_samples, 2)).collect();
        let mut finalists = finalists;
        for (cand, (sum, succ, fouls)) in variants.into_iter().zip(deep_variants) {
            finalists.push(scored.len());
            scored.push(Scored { cand, sum, succ, fouls, n: deep_samples, plan_foul_rate: 0.0, margin: 0.0 });
        }
        if pooled {
            pool_foul_rates(&mut scored);
        }
        // Confirmation: the best few are rolled out again on fresh execution errors (shared by
        // them) and their means pooled, so that a stroke that only drew lucky errors in its pass
        // is less often the one played. With one stroke there is nothing to choose (`master`'s
        // break is one measured stroke): its finalist rollouts give the value it shows.
        let mut top = finalists.clone();
        top.sort_by(|a, b| key(&scored[*b]).total_cmp(&key(&scored[*a])).then(a.cmp(b)));
        top.truncate(if finalists.len() > 1 { budget.confirm } else { 0 });
        let confirm_samples = if on_two_fouls { 3 * budget.confirm_samples } else { budget.confirm_samples };
        let confirmed: Vec<(f64, f64, f64)> =
            top.par_iter().map(|&i| eval(i, &scored[i].cand, confirm_samples, 3)).collect();
        for (&i, totals) in top.iter().zip(confirmed) {
            scored[i].add(totals, confirm_samples);
        }
        if pooled {
            pool_foul_rates(&mut scored);
        }
        // The choice is among the confirmed (their means are the less biased), never a stroke
        // that fouled in most of its rollouts while one that mostly did not is there.
        let choices = if top.is_empty() { &finalists } else { &top };
        let best = choose(&scored, choices, key);
        let s = &scored[best];
        let mut call = s.cand.call;
        if ctx.game == Game::NineBall && !call.is_push_out() {
            // 9-ball shots are not called; keep the plan's ball for display only.
            call = match call {
                Call::Safety { .. } => Call::None,
                c => c,
            };
        }
        let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, u64::MAX, 3));
        // Both raised as the rollouts raised them: the stick clears what lies behind the cue ball.
        let balls = with_cue(s.cand.placement);
        let executed = playable(&ctx.table, &balls, perturb(&ctx.noise, &s.cand.strike, &mut rng));
        let intended = playable(&ctx.table, &balls, s.cand.strike);
        let aim = aim_of(ctx, &balls, intended, &s.cand.call);
        Thought {
            aim,
            intended: Some(intended),
            action: Action::Shoot {
                call,
                strike: executed,
                cue_ball_placement: if in_hand { s.cand.placement } else { None },
            },
            kind: Some(s.cand.kind),
            value: s.mean(),
            success: s.success(),
            foul_rate: if s.n == 0 { 0.0 } else { s.fouls / s.n as f64 },
            candidates: n_cands,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scored(pocket: PocketId, b: f64) -> Scored {
        let call = Call::Ball { ball: BallId::object(1).unwrap(), pocket: Some(pocket) };
        let strike = Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: 0.03, a: 0.0, b };
        Scored {
            cand: Candidate { kind: ShotKind::Pot, call, strike, placement: None, plan: None },
            sum: 0.0,
            succ: 0.0,
            fouls: 0.0,
            n: 1,
            plan_foul_rate: 0.0,
            margin: 0.0,
        }
    }

    #[test]
    fn a_stroke_that_mostly_fouls_is_not_chosen_while_a_legal_one_is_there() {
        // The best value fouled in 5 of 8 rollouts; the other two fouled in 3 and 0 of 8.
        let mut s: Vec<Scored> = (0..3).map(|k| scored(PocketId::FootLeft, k as f64 * 0.1)).collect();
        for (x, (sum, fouls)) in s.iter_mut().zip([(6.0, 5.0), (4.0, 3.0), (3.0, 0.0)]) {
            (x.sum, x.fouls, x.n) = (sum, fouls, 8);
        }
        let key = |x: &Scored| x.mean();
        assert_eq!(choose(&s, &[0, 1, 2], key), 1, "the best that fouled at most half the time");
        // Among the choices only the fouling one: another stroke rolled out is taken.
        assert_eq!(choose(&s, &[0], key), 1);
        // Every stroke mostly fouls: the best of the choices as it is.
        s[1].fouls = 6.0;
        s[2].fouls = 7.0;
        assert_eq!(choose(&s, &[0, 1, 2], key), 0);
    }

    #[test]
    fn the_margin_strokes_find_a_cliff_the_intended_stroke_does_not_show() {
        // 9-ball, the 1 a metre ahead of the cue ball, struck firmly (3 m/s) so that it barely
        // grazes the 1 (the path's offset 2 mm short of two radii): legal as aimed, but the
        // margin stroke aimed `amateur`'s two standard deviations (1 degree, 17 mm at the 1)
        // further out misses it (6.2); the other three hit it. A full hit has no cliff; a
        // stroke into a head corner pocket, away from the 1, fouls all four ways.
        let one = BallId::object(1).unwrap();
        let ctx = Ctx::new(
            Game::NineBall,
            biljardi_physics::Table::default(),
            biljardi_physics::Params::default(),
            Level::Amateur.noise(),
            0,
            1,
        );
        let state = biljardi_rules::GameState::default();
        let balls = vec![(BallId::CUE, [-0.5, 0.0]), (one, [0.5, 0.0])];
        let cand = |phi_rad: f64| Candidate {
            kind: ShotKind::Safety,
            call: Call::None,
            strike: Strike { speed_mps: 3.0, phi_rad, theta_rad: 0.03, a: 0.0, b: 0.0 },
            placement: None,
            plan: None,
        };
        let graze = ((2.0 * biljardi_physics::BALL_RADIUS_M - 0.002) / 1.0).asin();
        assert!(!play_and_judge(&ctx, &state, &balls, cand(graze).strike, &Call::None).1.foul);
        assert_eq!(margin_fouls(&ctx, &state, &balls, &cand(graze)), 0.25);
        assert_eq!(margin_fouls(&ctx, &state, &balls, &cand(0.0)), 0.0);
        let corner = ctx.table.pocket(PocketId::HeadLeft).mouth_centre;
        let away = (corner[1] - 0.0).atan2(corner[0] + 0.5);
        assert_eq!(margin_fouls(&ctx, &state, &balls, &cand(away)), 1.0);
    }

    #[test]
    fn finalists_leave_room_for_another_pocket() {
        // Six strokes into the corner rank above one into the side.
        let mut s: Vec<Scored> = (0..6).map(|k| scored(PocketId::FootLeft, k as f64 * 0.1)).collect();
        s.push(scored(PocketId::SideLeft, 0.0));
        let order: Vec<usize> = (0..s.len()).collect();
        let f = varied_finalists(&order, &s, 5);
        assert_eq!(f, vec![0, 1, 2, 3, 6]);
        // Too few plans: the rest in order.
        assert_eq!(varied_finalists(&order, &s, 7), vec![0, 1, 2, 3, 6, 4, 5]);
    }
}
