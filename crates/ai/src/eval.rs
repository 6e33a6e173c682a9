//! Judging positions and shots: the geometric chance of the best next shot (fast, used for
//! every rollout's end position) and physics rollouts under execution noise judged by the
//! referee.

use crate::level::Noise;
use crate::table_ops::{self, dist};
use biljardi_physics::{
    BALL_RADIUS_M, Ball, BallFate, BallId, Event, EventKind, Params, PocketId, Simulation, Strike, Table,
};
use biljardi_rules::{BallInHand, Call, Decision, Game, GameOption, GameState, Group, ShotRecord, judge};
use rand::Rng;
use rand_distr::StandardNormal;

pub(crate) const R: f64 = BALL_RADIUS_M;

/// The fixed facts of one decision.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub game: Game,
    pub table: Table,
    pub params: Params,
    pub noise: Noise,
    /// The player deciding.
    pub me: u8,
}

pub(crate) type Balls = Vec<(BallId, [f64; 2])>;

pub(crate) fn pos_of(balls: &[(BallId, [f64; 2])], id: BallId) -> Option<[f64; 2]> {
    balls.iter().find(|b| b.0 == id).map(|b| b.1)
}

/// Object balls `state`'s shooter may (and should) hit first, as far as the AI plans.
pub fn legal_targets(game: Game, state: &GameState, balls: &[(BallId, [f64; 2])]) -> Vec<BallId> {
    let mut objs: Vec<BallId> = balls.iter().map(|b| b.0).filter(|b| !b.is_cue()).collect();
    objs.sort();
    match game {
        Game::NineBall | Game::TenBall => objs.into_iter().take(1).collect(),
        Game::StraightPool => objs,
        Game::EightBall => {
            let eight = BallId::object(8);
            let mine = if state.open_table { None } else { state.groups[state.shooter()] };
            let t: Vec<BallId> = match mine {
                None => objs.iter().copied().filter(|b| Some(*b) != eight).collect(),
                Some(g) => objs.iter().copied().filter(|b| g.contains(*b)).collect(),
            };
            if t.is_empty() { objs.into_iter().filter(|b| Some(*b) == eight).collect() } else { t }
        }
    }
}

/// Balls the shooter may call (pot for a point or to keep the inning).
pub fn callable(game: Game, state: &GameState, balls: &[(BallId, [f64; 2])]) -> Vec<BallId> {
    match game {
        Game::EightBall => legal_targets(game, state, balls),
        _ => balls.iter().map(|b| b.0).filter(|b| !b.is_cue()).collect(),
    }
}

/// True if a ball travelling from `a` to `b` touches no ball in `balls` except `skip`.
pub(crate) fn path_clear(balls: &[(BallId, [f64; 2])], a: [f64; 2], b: [f64; 2], skip: &[BallId]) -> bool {
    let ab = [b[0] - a[0], b[1] - a[1]];
    let len2 = ab[0] * ab[0] + ab[1] * ab[1];
    balls.iter().all(|(id, p)| {
        if skip.contains(id) {
            return true;
        }
        let ap = [p[0] - a[0], p[1] - a[1]];
        let t = if len2 > 0.0 { ((ap[0] * ab[0] + ap[1] * ab[1]) / len2).clamp(0.0, 1.0) } else { 0.0 };
        let d = ((ap[0] - t * ab[0]).powi(2) + (ap[1] - t * ab[1]).powi(2)).sqrt();
        d >= 2.0 * R - 1e-6
    })
}

pub(crate) fn unit(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    let d = dist(a, b).max(1e-12);
    [(b[0] - a[0]) / d, (b[1] - a[1]) / d]
}

/// Where a ball's centre should cross to drop in pocket `p`.
pub(crate) fn pocket_target(table: &Table, p: PocketId) -> [f64; 2] {
    let pk = table.pocket(p);
    let k = if p.is_side() { 0.01 } else { 0.0 };
    [pk.mouth_centre[0] + pk.axis[0] * k, pk.mouth_centre[1] + pk.axis[1] * k]
}

/// Half-angle (radians) within which a ball at `from` rolling towards the pocket drops.
pub(crate) fn pocket_tolerance(table: &Table, p: PocketId, from: [f64; 2]) -> f64 {
    let pk = table.pocket(p);
    let aim = pocket_target(table, p);
    let u = unit(from, aim);
    let cos_g = (u[0] * pk.axis[0] + u[1] * pk.axis[1]).clamp(-1.0, 1.0);
    let w = if p.is_side() {
        if cos_g < 0.42 {
            return 0.0;
        }
        (table.side.mouth_m / 2.0 - 0.75 * R) * cos_g.powf(1.5)
    } else {
        if cos_g < 0.6 {
            return 0.0;
        }
        (table.corner.mouth_m / 2.0 - 0.55 * R) * cos_g
    };
    (w.max(0.0) / dist(from, aim).max(0.05)).atan()
}

fn erf(x: f64) -> f64 {
    // Abramowitz and Stegun 7.1.26.
    let t = 1.0 / (1.0 + 0.3275911 * x.abs());
    let y = 1.0
        - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592)
            * t
            * (-x * x).exp();
    if x >= 0.0 { y } else { -y }
}

/// The chance of potting a ball with the cue ball `d_cue` from the ghost ball at cut angle
/// `cut` (radians) into a pocket seen within `tol`, under `noise`.
pub(crate) fn pot_chance(noise: &Noise, d_cue: f64, cut: f64, tol: f64) -> f64 {
    if tol <= 0.0 || cut.abs() > 80f64.to_radians() {
        return 0.0;
    }
    let cos = cut.cos().max(0.17);
    let aim = noise.aim_deg.to_radians();
    let sigma = (aim * d_cue.max(0.05) / (2.0 * R * cos)).hypot(0.004 + noise.tip_m * 4.0);
    erf(tol / (sigma * std::f64::consts::SQRT_2)).max(0.0)
}

/// The best direct pot's chance for `state`'s shooter with the balls as they lie.
pub fn best_chance(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])]) -> f64 {
    let targets = legal_targets(ctx.game, state, balls);
    let table = &ctx.table;
    let hs = table.head_string_x();
    let cue = pos_of(balls, BallId::CUE);
    let placement = state.placement();
    let mut best = 0.0f64;
    for t in targets {
        let Some(tp) = pos_of(balls, t) else { continue };
        for p in PocketId::ALL {
            let aim = pocket_target(table, p);
            if !path_clear(balls, tp, aim, &[t, BallId::CUE]) {
                continue;
            }
            let tol = pocket_tolerance(table, p, tp);
            if tol <= 0.0 {
                continue;
            }
            let u = unit(tp, aim);
            let ghost = [tp[0] - 2.0 * R * u[0], tp[1] - 2.0 * R * u[1]];
            let c = match placement {
                BallInHand::Anywhere => 0.95 * pot_chance(&ctx.noise, 0.3, 0.0, tol),
                BallInHand::BehindHeadString => {
                    if tp[0] <= hs {
                        continue;
                    }
                    0.9 * pot_chance(&ctx.noise, (tp[0] - hs + 0.1).max(0.3), 0.15, tol)
                }
                BallInHand::None => {
                    let Some(cp) = cue else { continue };
                    if !path_clear(balls, cp, ghost, &[BallId::CUE, t]) {
                        continue;
                    }
                    let v = unit(cp, ghost);
                    let cut = (v[0] * u[0] + v[1] * u[1]).clamp(-1.0, 1.0).acos();
                    pot_chance(&ctx.noise, dist(cp, ghost), cut, tol)
                }
            };
            best = best.max(c);
        }
    }
    best
}

/// Balls `state`'s shooter must still pot to win: the length of a run-out.
fn balls_to_win(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])]) -> usize {
    let objs = balls.iter().filter(|b| !b.0.is_cue()).count();
    match ctx.game {
        Game::NineBall | Game::TenBall => objs,
        Game::EightBall => match (state.open_table, state.groups[state.shooter()]) {
            (false, Some(g)) => balls.iter().filter(|b| g.contains(b.0)).count() + 1,
            _ => objs.saturating_sub(1) / 2 + 1,
        },
        // Continuous: a few shots stand for "keeps scoring".
        Game::StraightPool => 4,
    }
}

/// The chance of a routine shot (0.7 m, a quarter cut, a corner pocket) at this level.
fn routine(ctx: &Ctx) -> f64 {
    pot_chance(&ctx.noise, 0.7, 0.35, (0.04f64 / 0.7).atan()).clamp(0.3, 0.97)
}

/// The shooter's chance of winning from a position where his best shot has chance `q`: he
/// runs out (the first shot at `q`, the rest at the routine chance) or the rack goes on
/// slightly against him (he has to play safe or missed).
fn shooter_value(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])], q: f64) -> f64 {
    let k = balls_to_win(ctx, state, balls).max(1);
    let run = q * routine(ctx).powi(k as i32 - 1);
    // Without a run-out the rack goes on, better the easier the shot he has (ball in hand!).
    run + (1.0 - run) * (0.4 + 0.2 * q)
}

/// Material: how far `me` is ahead in balls (8-ball) or points (14.1), in [-1, 1].
fn material(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])]) -> f64 {
    let me = ctx.me as usize & 1;
    match ctx.game {
        Game::EightBall if !state.open_table => {
            let left = |g: Option<Group>| balls.iter().filter(|b| g.is_some_and(|g| g.contains(b.0))).count() as f64;
            let (mine, theirs) = (left(state.groups[me]), left(state.groups[1 - me]));
            ((theirs - mine) / 7.0).clamp(-1.0, 1.0)
        }
        Game::StraightPool => {
            let d = state.score[me] - state.score[1 - me];
            (d as f64 / state.target().max(1) as f64).clamp(-1.0, 1.0)
        }
        _ => 0.0,
    }
}

/// The value for `ctx.me` (0 lost .. 1 won) of the position `state` with `balls`.
pub fn position_value(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])], position_play: bool) -> f64 {
    let m = material(ctx, state, balls);
    let mine = state.shooter & 1 == ctx.me & 1;
    let g = if state.is_break {
        0.55
    } else if position_play || !mine {
        shooter_value(ctx, state, balls, best_chance(ctx, state, balls))
    } else {
        0.7
    };
    let v = if mine { g } else { 1.0 - g };
    (v + 0.12 * m).clamp(0.01, 0.99)
}

/// What a foul costs beyond the position it leaves.
const FOUL_PENALTY: f64 = 0.1;

/// What one rollout came to.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub value: f64,
    /// The shooter keeps the table (or wins) without a foul.
    pub success: bool,
    pub foul: bool,
}

/// The value of a judged shot's result for `ctx.me`: the game's end, or the next position,
/// with the incoming player picking the option best for him.
pub fn decision_value(ctx: &Ctx, d: &Decision, resting: &[(BallId, [f64; 2])], position_play: bool) -> f64 {
    if d.game_over {
        return if d.winner == Some(ctx.me) { 1.0 } else { 0.0 };
    }
    if d.options.is_empty() {
        let (s, b) = table_ops::apply(ctx.game, &ctx.table, d, resting, None);
        return position_value(ctx, &s, &b, position_play);
    }
    let chooser_is_me = d.next_shooter & 1 == ctx.me & 1;
    let mut best: Option<f64> = None;
    for &o in &d.options {
        let v = option_value(ctx, d, resting, o, position_play);
        best = Some(match best {
            None => v,
            Some(b) if chooser_is_me => b.max(v),
            Some(b) => b.min(v),
        });
    }
    best.unwrap_or(0.5)
}

/// The value for `ctx.me` of the incoming player picking `o` (for `request_spot`, the best
/// ball to ask for).
pub fn option_value(ctx: &Ctx, d: &Decision, resting: &[(BallId, [f64; 2])], o: GameOption, pp: bool) -> f64 {
    let (s, b) = table_ops::apply(ctx.game, &ctx.table, d, resting, Some(o));
    if o == GameOption::RequestSpot {
        let mut best = f64::NEG_INFINITY;
        for &ball in &d.request_spot {
            let b2 = table_ops::request_spot(&ctx.table, &b, ball);
            best = best.max(position_value(ctx, &s, &b2, pp));
        }
        if best.is_finite() {
            return best;
        }
    }
    position_value(ctx, &s, &b, pp)
}

/// Applies execution noise to a strike.
pub fn perturb<G: Rng>(noise: &Noise, s: &Strike, rng: &mut G) -> Strike {
    let mut n = || -> f64 { rng.sample(StandardNormal) };
    let tip = noise.tip_m / R;
    Strike {
        phi_rad: s.phi_rad + n() * noise.aim_deg.to_radians(),
        speed_mps: (s.speed_mps + n() * noise.speed_mps).max(0.05),
        a: s.a + n() * tip,
        b: s.b + n() * tip,
        theta_rad: (s.theta_rad + n() * noise.elevation_deg.to_radians()).clamp(0.0, 1.4),
    }
}

/// A simulated shot: events and where the balls went.
pub struct Played {
    pub events: Vec<Event>,
    pub finals: Vec<(BallId, BallFate)>,
}

impl Played {
    pub fn resting(&self) -> Balls {
        self.finals
            .iter()
            .filter_map(|(id, f)| match f {
                BallFate::OnTable { pos } => Some((*id, *pos)),
                _ => None,
            })
            .collect()
    }
}

/// Rolls the shot forward with the physics.
pub fn simulate(table: &Table, params: &Params, balls: &[(BallId, [f64; 2])], strike: Strike) -> Played {
    let bs: Vec<Ball> = balls.iter().map(|(id, p)| Ball::at_rest(*id, *p)).collect();
    let mut sim = Simulation::new(*table, *params, bs);
    let mut events = Vec::with_capacity(64);
    if let Some(e) = sim.strike(BallId::CUE, strike) {
        events.push(e);
    }
    events.extend(sim.run_until(60.0));
    let finals = sim.final_balls().into_iter().map(|f| (f.id, f.fate)).collect();
    Played { events, finals }
}

/// Simulates and judges one shot.
pub fn play_and_judge(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    strike: Strike,
    call: &Call,
) -> (Played, Decision) {
    let played = simulate(&ctx.table, &ctx.params, balls, strike);
    let finals: Vec<biljardi_physics::FinalBall> =
        played.finals.iter().map(|(id, fate)| biljardi_physics::FinalBall { id: *id, fate: *fate }).collect();
    let rec = ShotRecord::from_events(&ctx.table, balls, &played.events, &finals);
    let d = judge(ctx.game, &ctx.table, state, &rec, call);
    (played, d)
}

/// The chance of the best next shot searched with the physics: the `plans` most promising
/// pots, each struck `samples` times with noise; success is the called ball down without a foul
/// with the shooter keeping the table (or winning).
pub fn next_shot_chance<G: Rng>(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    budget: &crate::level::Budget,
    rng: &mut G,
) -> f64 {
    let b: Balls = balls.to_vec();
    let mut plans = crate::shots::pot_plans(ctx, state, &b, budget);
    plans.sort_by(|x, y| y.est.total_cmp(&x.est));
    plans.truncate(budget.lookahead_plans);
    let mut best = 0.0f64;
    for plan in &plans {
        let speed = crate::shots::speeds(budget, ctx.noise.speed_mps, plan.travel, plan.cut)[0] * 1.2;
        let Some(strike) = crate::shots::refine(ctx, &b, plan, speed, 0.0, 0.0, 1) else { continue };
        let mut ok = 0usize;
        for _ in 0..budget.lookahead_samples {
            let s = perturb(&ctx.noise, &strike, rng);
            let (_, d) = play_and_judge(ctx, state, &b, s, &plan.call);
            let me = state.shooter & 1;
            if !d.foul && (d.winner == Some(me) || (!d.game_over && d.next_shooter == me)) {
                ok += 1;
            }
        }
        best = best.max(ok as f64 / budget.lookahead_samples.max(1) as f64);
        if best >= 0.999 {
            break;
        }
    }
    best
}

/// One noisy rollout of a planned shot; with `look` the next position's chance is searched
/// with the physics (second ply) when the shooter keeps the table.
pub fn rollout<G: Rng>(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    strike: &Strike,
    call: &Call,
    pp: bool,
    look: Option<&crate::level::Budget>,
    rng: &mut G,
) -> Outcome {
    let s = perturb(&ctx.noise, strike, rng);
    let (played, d) = play_and_judge(ctx, state, balls, s, call);
    let resting = played.resting();
    let keeps = !d.foul && !d.game_over && d.options.is_empty() && d.next_shooter == ctx.me;
    let value = match look {
        Some(budget) if keeps && budget.lookahead_samples > 0 => {
            let (ns, nb) = table_ops::apply(ctx.game, &ctx.table, &d, &resting, None);
            if ns.is_break || ns.ball_in_hand != BallInHand::None {
                decision_value(ctx, &d, &resting, pp)
            } else {
                let q = next_shot_chance(ctx, &ns, &nb, budget, rng);
                (shooter_value(ctx, &ns, &nb, q) + 0.12 * material(ctx, &ns, &nb)).clamp(0.01, 0.99)
            }
        }
        _ => decision_value(ctx, &d, &resting, pp),
    };
    // Ball in hand is worth more to the opponent than the coarse position value says.
    let value = if d.foul && !d.game_over { (value - FOUL_PENALTY).max(0.0) } else { value };
    let _ = state;
    let success =
        !d.foul && (d.winner == Some(ctx.me) || (!d.game_over && d.next_shooter == ctx.me && d.options.is_empty()));
    Outcome { value, success, foul: d.foul }
}

/// The first contact between the cue ball and `target`: the object ball's velocity just after.
pub(crate) fn first_contact_velocity(events: &[Event], target: BallId) -> Option<(BallId, [f64; 2])> {
    let _ = target;
    events.iter().find_map(|e| match e.kind {
        EventKind::BallBall { balls } if balls.contains(&BallId::CUE) => {
            let other = if balls[0].is_cue() { balls[1] } else { balls[0] };
            let v = e.state.get(&other).map(|k| [k.v[0], k.v[1]]).unwrap_or([0.0, 0.0]);
            Some((other, v))
        }
        _ => None,
    })
}
