//! Judging positions and shots: the geometric chance of the best next shot (fast, used for
//! every rollout's end position) and physics rollouts under execution noise judged by the
//! referee.

use crate::level::Noise;
use crate::pockets::{PocketModel, Pockets};
pub(crate) use crate::table_ops::unit;
use crate::table_ops::{self, dist};
use biljardi_physics::{
    BALL_RADIUS_M, Ball, BallFate, BallId, Event, EventKind, Params, PocketId, Simulation, Strike, Table,
    min_cue_elevation_rad, raised_to_clear,
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
    /// How far the geometric position value looks: 1 the best next shot only, 2 also where
    /// the cue ball can go from it for the ball after next (`Budget::position_depth`).
    pub depth: u8,
    /// The pockets' aiming points, worked out once from `table` by `Ctx::new` (build a new
    /// `Ctx` for another table rather than changing `table`).
    pockets: Pockets,
}

impl Ctx {
    pub fn new(game: Game, table: Table, params: Params, noise: Noise, me: u8, depth: u8) -> Ctx {
        // `pro` and `master` (depth 2) aim at the windows measured with the physics; the weaker
        // levels as their fouls were measured (issue 23).
        let model = if depth >= 2 { PocketModel::Measured } else { PocketModel::Mouth };
        Ctx { game, table, params, noise, me, depth, pockets: Pockets::of(&table, model) }
    }

    /// The same with the position value looking one shot ahead only.
    pub fn shallow(&self) -> Ctx {
        Ctx { depth: 1, ..self.clone() }
    }
}

pub(crate) type Balls = Vec<(BallId, [f64; 2])>;

pub fn pos_of(balls: &[(BallId, [f64; 2])], id: BallId) -> Option<[f64; 2]> {
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

/// The middle of pocket `p`'s mouth (a centimetre in for a side pocket).
pub fn pocket_target(ctx: &Ctx, p: PocketId) -> [f64; 2] {
    ctx.pockets.mouth(p)
}

/// Where a ball at `from` should be sent to drop in pocket `p` (`pockets`).
pub fn pocket_aim(ctx: &Ctx, p: PocketId, from: [f64; 2]) -> [f64; 2] {
    ctx.pockets.aim(p, from)
}

/// Half-angle (radians) within which a ball at `from` sent towards `pocket_aim` drops.
pub fn pocket_tolerance(ctx: &Ctx, p: PocketId, from: [f64; 2]) -> f64 {
    ctx.pockets.tolerance(p, from)
}

/// `pocket_aim` and `pocket_tolerance` together, the approach worked out once.
pub fn pocket_window(ctx: &Ctx, p: PocketId, from: [f64; 2]) -> ([f64; 2], f64) {
    ctx.pockets.window(p, from)
}

/// The line of ball `t` at `tp` into pocket `p` when it is open (the pocket in sight and no
/// other ball but the cue ball in the way): (tolerance, direction to the pocket, ghost ball).
pub(crate) fn open_line(
    ctx: &Ctx,
    balls: &[(BallId, [f64; 2])],
    t: BallId,
    tp: [f64; 2],
    p: PocketId,
) -> Option<(f64, [f64; 2], [f64; 2])> {
    let (aim, tol) = pocket_window(ctx, p, tp);
    if tol <= 0.0 || !path_clear(balls, tp, aim, &[t, BallId::CUE]) {
        return None;
    }
    let u = unit(tp, aim);
    Some((tol, u, [tp[0] - 2.0 * R * u[0], tp[1] - 2.0 * R * u[1]]))
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

/// How much of the pocket's tolerance a struck ball really has (`share`), and how fast the
/// cut narrows it (`cut_power`: the aim error grows as one over the cut's cosine to this
/// power), fitted against the physics by maximum likelihood with `examples/calibrate.rs`
/// (direct pots on an empty table, each struck 40 times with the level's noise).
struct PotFit {
    share: f64,
    cut_power: f64,
}

/// The mouth model (`beginner`, `amateur`): 2467 pots at `master` and at `amateur` noise,
/// scratches left out. Before it the estimate ran a fifth high (0.85 where 0.67 dropped).
const MOUTH_FIT: PotFit = PotFit { share: 0.73, cut_power: 1.0 };

/// The measured windows (`pro`, `master`; fitted in session 25, landed in 26): fitted to "dropped" (the ball in the
/// pocket, scratch or not: the pot's own line) over 8396 pots (seeds 21 and 22). With the
/// mouth model's fit the rating ran 3 points low on cuts under 20 degrees and 4 high at 60 to
/// 80 (0.712 / 0.648 / 0.540 / 0.328 by band of cut where 0.747 / 0.669 / 0.535 / 0.285
/// dropped, seed 23); with this one 0.741 / 0.666 / 0.535 / 0.289, and on seed 24 every band
/// of the estimate and of the cut within 0.01.
const MEASURED_FIT: PotFit = PotFit { share: 0.80, cut_power: 1.25 };

/// The spread of the object ball's direction that does not grow with distance (squirt, throw,
/// speed), relative to the tip error's, fitted with `MOUTH_FIT` (and still the best with
/// `MEASURED_FIT`).
const SPREAD_SCALE: f64 = 1.2;

/// The chance of potting a ball with the cue ball `d_cue` from the ghost ball at cut angle
/// `cut` (radians) into a pocket seen within `tol`, under `ctx`'s noise, rated by the fit of
/// `ctx`'s pocket model (above).
pub fn pot_chance(ctx: &Ctx, d_cue: f64, cut: f64, tol: f64) -> f64 {
    if tol <= 0.0 || cut.abs() > 80f64.to_radians() {
        return 0.0;
    }
    let fit = match ctx.pockets.model() {
        PocketModel::Mouth => MOUTH_FIT,
        PocketModel::Measured => MEASURED_FIT,
    };
    let noise = &ctx.noise;
    let cos = cut.cos().max(0.17).powf(fit.cut_power);
    let aim = noise.aim_deg.to_radians();
    let sigma = (aim * d_cue.max(0.05) / (2.0 * R * cos)).hypot(SPREAD_SCALE * (0.004 + noise.tip_m * 4.0));
    erf(fit.share * tol / (sigma * std::f64::consts::SQRT_2)).max(0.0)
}

/// The best direct pot's chance for `state`'s shooter with the balls as they lie. With
/// `ctx.depth >= 2` each of the three likeliest pots is weighed by where the cue ball can go
/// from it for the ball after next (`after_next`).
pub fn best_chance(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])]) -> f64 {
    if ctx.game == Game::StraightPool
        && state.placement() == BallInHand::None
        && let Some(q) = break_ball_chance(ctx, balls)
    {
        return q;
    }
    let targets = legal_targets(ctx.game, state, balls);
    let table = &ctx.table;
    let hs = table.head_string_x();
    let cue = pos_of(balls, BallId::CUE);
    let placement = state.placement();
    let mut best = 0.0f64;
    // (chance, target, ghost, cue direction, object direction) of direct pots.
    let mut pots: Vec<(f64, BallId, [f64; 2], [f64; 2], [f64; 2])> = Vec::new();
    for t in targets {
        let Some(tp) = pos_of(balls, t) else { continue };
        for p in PocketId::ALL {
            let Some((tol, u, ghost)) = open_line(ctx, balls, t, tp, p) else { continue };
            let c = match placement {
                BallInHand::Anywhere => 0.95 * pot_chance(ctx, 0.3, 0.0, tol),
                BallInHand::BehindHeadString => {
                    if tp[0] <= hs {
                        continue;
                    }
                    0.9 * pot_chance(ctx, (tp[0] - hs + 0.1).max(0.3), 0.15, tol)
                }
                BallInHand::None => {
                    let Some(cp) = cue else { continue };
                    if !path_clear(balls, cp, ghost, &[BallId::CUE, t]) {
                        continue;
                    }
                    let v = unit(cp, ghost);
                    let cut = (v[0] * u[0] + v[1] * u[1]).clamp(-1.0, 1.0).acos();
                    let f = if ctx.depth >= 2 { raised_cue_factor(table, balls, cp, ghost) } else { 1.0 };
                    let c1 = pot_chance(ctx, dist(cp, ghost) * f, cut, tol);
                    if ctx.depth >= 2 && c1 > 0.05 {
                        pots.push((c1, t, ghost, v, u));
                        continue;
                    }
                    c1
                }
            };
            best = best.max(c);
        }
    }
    if !pots.is_empty() {
        pots.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        for &(c1, t, ghost, v, u) in pots.iter().take(3) {
            if c1 <= best {
                break;
            }
            // Where the cue ball can go from this pot decides the ball after next.
            best = best.max(c1 * (0.25 + 0.75 * after_next(ctx, state, balls, t, ghost, v, u)));
        }
    }
    best
}

/// The rack area of 14.1: the centre of the full triangle and the radius of a circle around it.
pub(crate) fn rack_circle(table: &Table) -> ([f64; 2], f64) {
    let pos = biljardi_rules::rack::rerack_positions(table, 15);
    let n = pos.len().max(1) as f64;
    let c = [pos.iter().map(|p| p[0]).sum::<f64>() / n, pos.iter().map(|p| p[1]).sum::<f64>() / n];
    let r = pos.iter().map(|p| dist(*p, c)).fold(0.0, f64::max) + R;
    (c, r)
}

/// 14.1 with a (nearly) full rack standing: the chance of the best break shot, a pot of a ball
/// outside the rack whose cue ball path (stun, or bent by follow or draw) runs into the rack and
/// opens it. `None` when fewer than 10 balls stand in the rack (ordinary play).
pub(crate) fn break_ball_chance(ctx: &Ctx, balls: &[(BallId, [f64; 2])]) -> Option<f64> {
    let table = &ctx.table;
    let cp = pos_of(balls, BallId::CUE)?;
    let in_rack: Vec<BallId> =
        balls.iter().filter(|b| !b.0.is_cue() && biljardi_rules::rack::ball_in_rack(table, b.1)).map(|b| b.0).collect();
    if in_rack.len() < 10 {
        return None;
    }
    let (rc, rr) = rack_circle(table);
    let mut best = 0.0f64;
    for &(t, tp) in balls.iter().filter(|b| !b.0.is_cue() && !in_rack.contains(&b.0)) {
        for p in PocketId::ALL {
            let Some((tol, u, ghost)) = open_line(ctx, balls, t, tp, p) else { continue };
            if !path_clear(balls, cp, ghost, &[BallId::CUE, t]) {
                continue;
            }
            let v = unit(cp, ghost);
            let cut = (v[0] * u[0] + v[1] * u[1]).clamp(-1.0, 1.0).acos();
            let c1 = pot_chance(ctx, dist(cp, ghost) * raised_cue_factor(table, balls, cp, ghost), cut, tol);
            if c1 <= best {
                continue;
            }
            // The cue ball's path after the pot: along the tangent (stun), bent towards the
            // object ball's line by follow or away from it by draw.
            let dot = v[0] * u[0] + v[1] * u[1];
            let tan = [v[0] - dot * u[0], v[1] - dot * u[1]];
            let tn = tan[0].hypot(tan[1]);
            let mut hit = 0.0f64;
            if tn > 0.1 {
                for (k, w) in [(0.0, 1.0), (0.5, 0.9), (-0.5, 0.85), (1.2, 0.75)] {
                    let d = [tan[0] / tn + k * u[0], tan[1] / tn + k * u[1]];
                    let dn = d[0].hypot(d[1]);
                    let d = [d[0] / dn, d[1] / dn];
                    let rel = [rc[0] - ghost[0], rc[1] - ghost[1]];
                    let along = rel[0] * d[0] + rel[1] * d[1];
                    let across = (rel[0] * d[1] - rel[1] * d[0]).abs();
                    if along > 0.05 && along < 1.2 && across < rr * 0.8 {
                        // Nearer the middle of the rack and not too far: a better spread.
                        hit = hit.max(w * (1.0 - 0.4 * across / rr) * (1.0 - 0.25 * (along / 1.2)));
                    }
                }
            }
            best = best.max(c1 * (0.45 + 0.55 * hit));
        }
    }
    Some(best)
}

/// A stroke the stick must reach over a cushion or a ball close behind the cue ball is played
/// with the butt raised, and a raised stroke's aim and spin errors swerve it: a factor on the
/// distance in `pot_chance` for the stroke from `cue` to `ghost` with the balls `balls` (the cue
/// ball among them or not), by the stick's lowest elevation at centre ball
/// ([`min_cue_elevation_rad`]): 1 to 5 degrees, then 0.5 more for each 10 degrees.
///
/// Measured (`examples/elevation.rs`, `master`): a centre-ball pot loses nothing up to 20
/// degrees, one with side spin falls as if 1.5 to 3 times as long at 10 to 20 degrees; in
/// `master`'s run-outs (`examples/diag.rs`, seed 9, 30 tables) shots at 10 degrees or more
/// worked 14 times in 19 where rated 0.84, the others 144 in 157 where rated 0.94. The
/// direction matters: frozen to a cushion the stick rises 14 degrees to shoot 30 degrees off
/// it, 28 to shoot straight away from it.
pub(crate) fn raised_cue_factor(table: &Table, balls: &[(BallId, [f64; 2])], cue: [f64; 2], ghost: [f64; 2]) -> f64 {
    let phi = (ghost[1] - cue[1]).atan2(ghost[0] - cue[0]);
    let others = balls.iter().filter(|b| !b.0.is_cue()).map(|b| b.1);
    let theta = min_cue_elevation_rad(table, cue, others, phi, 0.0, 0.0);
    1.0 + 0.5 * ((theta - RAISED_FROM_RAD) / 10f64.to_radians()).max(0.0)
}

/// The elevation from which `raised_cue_factor` counts: strokes are played at 2 degrees or so.
const RAISED_FROM_RAD: f64 = 5.0 * std::f64::consts::PI / 180.0;

/// Object balls `state`'s shooter may aim at after potting `t` (the next in order in 9- and
/// 10-ball, his group or the 8 in 8-ball, any other ball in 14.1).
fn after_targets(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])], t: BallId) -> Vec<BallId> {
    let rest: Vec<(BallId, [f64; 2])> = balls.iter().copied().filter(|b| b.0 != t).collect();
    let mut ts = legal_targets(ctx.game, state, &rest);
    if ctx.game == Game::StraightPool && ts.len() > 4 {
        // The nearest few to the potted ball (the cue ball ends around there).
        let tp = pos_of(balls, t).unwrap_or([0.0, 0.0]);
        ts.sort_by(|a, b| {
            let da = pos_of(balls, *a).map_or(9.0, |p| dist(p, tp));
            let db = pos_of(balls, *b).map_or(9.0, |p| dist(p, tp));
            da.total_cmp(&db).then(a.cmp(b))
        });
        ts.truncate(4);
    }
    ts
}

/// How well the cue ball can be brought to the ball after next when `t` is potted
/// from the ghost ball `ghost`, the cue ball arriving along `v`, the object ball leaving along
/// `u`: cue ball paths for stun (the tangent line), follow and draw are sampled at a few
/// distances (off one cushion when they reach it), and the best pair of neighbouring points
/// both good for the next ball counts (a wide landing region forgives speed errors). 1 when
/// nothing follows `t`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn after_next(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    t: BallId,
    ghost: [f64; 2],
    v: [f64; 2],
    u: [f64; 2],
) -> f64 {
    let nexts = after_targets(ctx, state, balls, t);
    if nexts.is_empty() {
        return 1.0;
    }
    let others: Balls = balls.iter().copied().filter(|b| b.0 != t && !b.0.is_cue()).collect();
    // The tangent: the part of the cue ball's direction across the object ball's line.
    let dot = v[0] * u[0] + v[1] * u[1];
    let tan = [v[0] - dot * u[0], v[1] - dot * u[1]];
    let tn = tan[0].hypot(tan[1]);
    let dirs: Vec<[f64; 2]> = if tn < 0.08 {
        // Nearly straight: follow through, stop, or draw back.
        vec![u, [-v[0], -v[1]]]
    } else {
        let tt = [tan[0] / tn, tan[1] / tn];
        [0.0, 0.6, 1.6, -0.6, -1.6]
            .iter()
            .map(|k| {
                let d = [tt[0] + k * u[0], tt[1] + k * u[1]];
                let n = d[0].hypot(d[1]);
                [d[0] / n, d[1] / n]
            })
            .collect()
    };
    let (hl, hw) = (ctx.table.half_length() - R, ctx.table.half_width() - R);
    let reflect = |mut x: f64, l: f64| {
        for _ in 0..3 {
            if x > l {
                x = 2.0 * l - x;
            } else if x < -l {
                x = -2.0 * l - x;
            }
        }
        x.clamp(-l, l)
    };
    let shallow = Ctx { depth: 1, ..ctx.clone() };
    let mut best = 0.0f64;
    let mut pts: Balls = others.clone();
    pts.push((BallId::CUE, [0.0, 0.0]));
    let ci = pts.len() - 1;
    for d in dirs {
        let mut prev = 0.0f64;
        for (i, &len) in [0.12, 0.3, 0.5, 0.75, 1.05].iter().enumerate() {
            let x = [reflect(ghost[0] + d[0] * len, hl), reflect(ghost[1] + d[1] * len, hw)];
            let q = if others.iter().any(|(_, p)| dist(*p, x) < 2.0 * R) {
                0.0
            } else {
                pts[ci].1 = x;
                let mut c = 0.0f64;
                for &n in &nexts {
                    if pos_of(&others, n).is_some() {
                        c = c.max(best_chance_on(&shallow, &pts, n));
                    }
                }
                c
            };
            if i > 0 {
                best = best.max(q.min(prev));
            }
            prev = q;
        }
        if best > 0.97 {
            break;
        }
    }
    best
}

/// The best direct pot of the single ball `t` with the cue ball where it lies.
fn best_chance_on(ctx: &Ctx, balls: &[(BallId, [f64; 2])], t: BallId) -> f64 {
    let table = &ctx.table;
    let (Some(tp), Some(cp)) = (pos_of(balls, t), pos_of(balls, BallId::CUE)) else { return 0.0 };
    let mut best = 0.0f64;
    for p in PocketId::ALL {
        let Some((tol, u, ghost)) = open_line(ctx, balls, t, tp, p) else { continue };
        if !path_clear(balls, cp, ghost, &[BallId::CUE, t]) {
            continue;
        }
        let v = unit(cp, ghost);
        let cut = (v[0] * u[0] + v[1] * u[1]).clamp(-1.0, 1.0).acos();
        let f = raised_cue_factor(table, balls, cp, ghost);
        best = best.max(pot_chance(ctx, dist(cp, ghost) * f, cut, tol));
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
        // Continuous: two shots stand for "keeps scoring" (longer, and at the chances of an
        // amateur a made ball is worth no more than a safety, so both sides trade safeties).
        Game::StraightPool => 2,
    }
}

/// The chance of a routine shot (0.7 m, a quarter cut, a corner pocket) at this level.
fn routine(ctx: &Ctx) -> f64 {
    // 5.5 cm of tolerance: with the calibrated chance this is about 0.95 for `master`, near
    // the 0.9 a ball it runs whole racks at (position play included).
    pot_chance(ctx, 0.7, 0.35, (0.055f64 / 0.7).atan()).clamp(0.3, 0.97)
}

/// The chance of a later ball of the run (one not yet in the position value) whose pockets
/// are all blocked by other balls: it has to be broken out or banked.
const BLOCKED_BALL: f64 = 0.5;

/// How easy a ball at `bp` is to pot later in a run: the best open pocket's chance from a
/// short, nearly straight shot (the position the run will try to get), at most `routine`;
/// `BLOCKED_BALL` without an open pocket (its path or its ghost ball taken by another ball).
fn ease(ctx: &Ctx, balls: &[(BallId, [f64; 2])], id: BallId, bp: [f64; 2], routine: f64) -> f64 {
    let mut best = 0.0f64;
    for p in PocketId::ALL {
        let Some((tol, _, ghost)) = open_line(ctx, balls, id, bp, p) else { continue };
        if balls.iter().any(|(o, q)| *o != id && !o.is_cue() && dist(*q, ghost) < 2.0 * R) {
            continue;
        }
        best = best.max(pot_chance(ctx, 0.4, 0.2, tol));
        if best >= routine {
            return routine;
        }
    }
    best.max(BLOCKED_BALL)
}

/// The chance of potting the `rest` balls of a run after the ones the position value already
/// counts: each ball's `ease` in 9- and 10-ball (the highest `rest` in order), the hardest
/// `rest` of the shooter's group and the 8 in 8-ball; the routine chance each otherwise (open
/// table, 14.1).
fn later_balls(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])], rest: usize) -> f64 {
    let r = routine(ctx);
    let group = match ctx.game {
        Game::EightBall if !state.open_table => state.groups[state.shooter()],
        _ => None,
    };
    let mut eases: Vec<f64> = match (ctx.game, group) {
        (Game::NineBall | Game::TenBall, _) => {
            let mut objs: Vec<(BallId, [f64; 2])> = balls.iter().copied().filter(|b| !b.0.is_cue()).collect();
            objs.sort_by_key(|b| b.0);
            let skip = objs.len().saturating_sub(rest);
            objs[skip..].iter().map(|&(id, p)| ease(ctx, balls, id, p, r)).collect()
        }
        (Game::EightBall, Some(g)) => {
            let mut e: Vec<f64> = balls
                .iter()
                .filter(|b| g.contains(b.0) || b.0.number() == 8)
                .map(|&(id, p)| ease(ctx, balls, id, p, r))
                .collect();
            e.sort_by(f64::total_cmp);
            e.truncate(rest);
            e
        }
        _ => Vec::new(),
    };
    eases.resize(rest, r);
    // `pro` and `master` (depth 2); the weaker levels' play is as it was measured for fouls.
    let route = match group {
        Some(g) if ctx.game == Game::EightBall && ctx.depth >= 2 => route_factor(balls, g),
        _ => 1.0,
    };
    eases.iter().product::<f64>() * route
}

/// What a metre of the cue ball's way from one later ball to the next costs an 8-ball run
/// beyond the first half metre, and the most one leg costs (`route_factor`).
const ROUTE_COST_PER_M: f64 = 0.1;
const ROUTE_LEG_FLOOR: f64 = 0.8;

/// 8-ball: how well the shooter's group and the 8 hang together as a route. The balls are
/// visited nearest first from the cue ball, the 8 last; each leg after the first two (those
/// the position value's `q` already plays) longer than half a metre costs `ROUTE_COST_PER_M`
/// a metre. `ease` sees whether a ball has a pocket, not how the cue ball gets to it: runs
/// failed at the group's last balls, left far apart after the easy ones went first. Issue 23,
/// session 19: `master` broke and ran 120 of 400 racks with it, 111 without (the same breaks;
/// 31 racks won only with it, 22 only without: within noise, no seed of 8 worse by more than 1).
fn route_factor(balls: &[(BallId, [f64; 2])], group: Group) -> f64 {
    let Some(mut at) = pos_of(balls, BallId::CUE) else { return 1.0 };
    let mut left: Vec<[f64; 2]> = balls.iter().filter(|b| group.contains(b.0)).map(|b| b.1).collect();
    let mut eight = BallId::object(8).and_then(|id| pos_of(balls, id));
    let mut f = 1.0;
    for leg in 0.. {
        let next = if left.is_empty() {
            match eight.take() {
                Some(e) => e,
                None => break,
            }
        } else {
            let j = (0..left.len()).min_by(|&a, &b| dist(left[a], at).total_cmp(&dist(left[b], at))).unwrap_or(0);
            left.remove(j)
        };
        if leg >= 2 {
            f *= (1.0 - ROUTE_COST_PER_M * (dist(at, next) - 0.5).max(0.0)).max(ROUTE_LEG_FLOOR);
        }
        at = next;
    }
    f
}

/// The shooter's chance of winning from a position where his best shot has chance `q`: he
/// runs out (the first shot at `q`, the rest at the routine chance) or the rack goes on
/// slightly against him (he has to play safe or missed).
pub(crate) fn shooter_value(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])], q: f64) -> f64 {
    let k = balls_to_win(ctx, state, balls).max(1);
    // At depth 2, `q` already counts the position for the ball after next.
    let rest = if ctx.depth >= 2 { k.saturating_sub(2) } else { k - 1 };
    let run = q * later_balls(ctx, state, balls, rest);
    // Without a run-out the rack goes on, better the easier the shot he has (ball in hand!).
    // In 14.1 a player without a shot plays safe back just as well (no push out, no ball in
    // hand for a mere miss of a safety): the share is nearer even, or safeties trade forever.
    // A strong player (depth 2) at the table can always play safe himself: his share is no
    // worse than even, so a made ball with an awkward next shot beats a miss that leaves the
    // opponent nothing.
    let neutral = if ctx.game == Game::StraightPool {
        0.46 + 0.08 * q
    } else if ctx.depth >= 2 {
        0.48 + 0.12 * q
    } else {
        0.4 + 0.2 * q
    };
    run + (1.0 - run) * neutral
}

/// Material: how far `me` is ahead in balls (8-ball) or points (14.1), in [-1, 1].
pub(crate) fn material(ctx: &Ctx, state: &GameState, balls: &[(BallId, [f64; 2])]) -> f64 {
    let me = ctx.me as usize & 1;
    match ctx.game {
        Game::EightBall if !state.open_table => {
            let left = |g: Option<Group>| balls.iter().filter(|b| g.is_some_and(|g| g.contains(b.0))).count() as f64;
            let (mine, theirs) = (left(state.groups[me]), left(state.groups[1 - me]));
            ((theirs - mine) / 7.0).clamp(-1.0, 1.0)
        }
        Game::StraightPool => {
            // Points are the game in 14.1: a point is worth about 1/15 of a game to 15, weighed
            // up so that a pot (and a foul's point) counts against the 0.12 of `position_value`.
            let d = state.score[me] - state.score[1 - me];
            (6.0 * d as f64 / state.target().max(1) as f64).clamp(-1.0, 1.0)
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

/// `s` with its elevation raised so that the stick clears the balls and the rail behind the
/// cue ball in `balls`, as a player raises the butt: a stroke through a ball cannot be played.
pub fn playable(table: &Table, balls: &[(BallId, [f64; 2])], s: Strike) -> Strike {
    let Some(&(_, cue)) = balls.iter().find(|(id, _)| id.is_cue()) else { return s };
    raised_to_clear(table, cue, balls.iter().filter(|(id, _)| !id.is_cue()).map(|(_, p)| *p), s)
}

/// Rolls the shot forward with the physics, the stroke raised to clear what lies behind the
/// cue ball ([`playable`]), so every stroke the AI weighs is one it can play.
pub fn simulate(table: &Table, params: &Params, balls: &[(BallId, [f64; 2])], strike: Strike) -> Played {
    let strike = playable(table, balls, strike);
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

/// The first object ball the cue ball touches, and its velocity just after the contact.
pub(crate) fn first_contact_velocity(events: &[Event]) -> Option<(BallId, [f64; 2])> {
    events.iter().find_map(|e| match e.kind {
        EventKind::BallBall { balls } if balls.contains(&BallId::CUE) => {
            let other = if balls[0].is_cue() { balls[1] } else { balls[0] };
            let v = e.state.get(&other).map(|k| [k.v[0], k.v[1]]).unwrap_or([0.0, 0.0]);
            Some((other, v))
        }
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn ctx(game: Game, depth: u8) -> Ctx {
        Ctx::new(game, Table::default(), Params::default(), Level::Pro.noise(), 0, depth)
    }

    #[test]
    fn a_break_ball_is_worth_more_with_the_cue_ball_on_the_side_that_sends_it_into_the_rack() {
        let c = ctx(Game::StraightPool, 1);
        let t = c.table;
        // 14 balls reracked, the 15th beside the rack to be cut into the near foot corner.
        let mut balls: Balls = biljardi_rules::rack::rerack_positions(&t, 14)
            .into_iter()
            .zip(1..=14)
            .map(|(p, n)| (BallId::object(n).unwrap(), p))
            .collect();
        let a = [t.foot_spot()[0], 0.33];
        balls.push((BallId::object(15).unwrap(), a));
        let aim = pocket_target(&c, PocketId::FootLeft);
        let u = unit(a, aim);
        let ghost = [a[0] - 2.0 * R * u[0], a[1] - 2.0 * R * u[1]];
        let (rc, _) = rack_circle(&t);
        let to_rack = unit(ghost, rc);
        // The tangent towards the rack, and a 30 degree cut from either side.
        let side = if u[1] * to_rack[0] - u[0] * to_rack[1] > 0.0 { 1.0 } else { -1.0 };
        let tan = [u[1] * side, -u[0] * side];
        let place = |s: f64| {
            let (sn, cs) = (30f64.to_radians().sin() * s, 30f64.to_radians().cos());
            let v = [cs * u[0] + sn * tan[0], cs * u[1] + sn * tan[1]];
            let mut b = balls.clone();
            b.push((BallId::CUE, [ghost[0] - 0.4 * v[0], ghost[1] - 0.4 * v[1]]));
            b
        };
        let good = break_ball_chance(&c, &place(1.0)).expect("a rack stands");
        let bad = break_ball_chance(&c, &place(-1.0)).expect("a rack stands");
        assert!(good > 0.3 && good > 1.5 * bad, "good {good} bad {bad}");
        // Without a rack standing there is no break shot to value.
        let open: Balls =
            place(1.0).into_iter().filter(|b| b.0.is_cue() || b.0 >= BallId::object(10).unwrap()).collect();
        assert!(break_ball_chance(&c, &open).is_none());
    }

    #[test]
    fn a_ball_boxed_in_by_others_counts_as_hard_to_run() {
        let c = Ctx { noise: Level::Master.noise(), ..ctx(Game::NineBall, 2) };
        let r = routine(&c);
        let nine = [0.3, 0.2];
        let mut balls: Balls = vec![(BallId::CUE, [-0.8, 0.0]), (BallId::object(9).unwrap(), nine)];
        assert!((ease(&c, &balls, BallId::object(9).unwrap(), nine, r) - r).abs() < 1e-12, "open: routine");
        // Six balls around it, a couple of millimetres off: no pocket open.
        for k in 0..6 {
            let a = k as f64 * std::f64::consts::FRAC_PI_3;
            let d = 2.0 * R + 0.002;
            balls.push((BallId::object(3 + k).unwrap(), [nine[0] + d * a.cos(), nine[1] + d * a.sin()]));
        }
        assert_eq!(ease(&c, &balls, BallId::object(9).unwrap(), nine, r), BLOCKED_BALL);
        // The run's last ball is the 9: one later ball is the boxed 9, the open ones routine.
        let state = GameState::default();
        assert_eq!(later_balls(&c, &state, &balls, 1), BLOCKED_BALL);
        assert!(later_balls(&c, &state, &balls[..2], 1) > 0.9);
    }

    #[test]
    fn an_eight_ball_group_left_far_apart_counts_as_harder_to_run_than_one_together() {
        let c = Ctx { noise: Level::Master.noise(), ..ctx(Game::EightBall, 2) };
        let state = GameState {
            open_table: false,
            groups: [Some(Group::Solids), Some(Group::Stripes)],
            ..GameState::default()
        };
        let b = |n: u8, p: [f64; 2]| (BallId::object(n).unwrap(), p);
        // Four solids and the 8, every one with an open pocket: in a row down the middle of
        // the table, or the last two by the far corners.
        let together = vec![
            (BallId::CUE, [-0.9, 0.0]),
            b(1, [-0.6, 0.0]),
            b(2, [-0.3, 0.1]),
            b(3, [0.0, 0.0]),
            b(4, [0.3, 0.1]),
            b(8, [0.6, 0.0]),
        ];
        let apart = vec![
            (BallId::CUE, [-0.9, 0.0]),
            b(1, [-0.6, 0.0]),
            b(2, [-0.3, 0.1]),
            b(3, [1.0, 0.45]),
            b(4, [-1.0, -0.45]),
            b(8, [0.6, 0.0]),
        ];
        let (t, a) = (later_balls(&c, &state, &together, 3), later_balls(&c, &state, &apart, 3));
        assert!((route_factor(&together, Group::Solids) - 1.0).abs() < 1e-12, "short legs cost nothing");
        assert!(a < 0.85 * t, "apart {a} against together {t}");
        // Not in 9-ball, where the order is the rules'.
        let nine = Ctx { game: Game::NineBall, ..c.clone() };
        let s9 = GameState::default();
        assert!((later_balls(&nine, &s9, &apart, 3) - later_balls(&nine, &s9, &together, 3)).abs() < 0.2);
    }

    #[test]
    fn depth_two_prefers_an_angle_that_leads_to_the_next_ball() {
        // 9-ball: the 1 straight in a corner. The 2 hangs in a side pocket (easy from anywhere
        // the cue ball goes) or lies by the far head rail (long from anywhere): the same pot of
        // the 1 at depth 1, the first position better at depth 2.
        let c1 = Ctx { noise: Level::Amateur.noise(), ..ctx(Game::NineBall, 1) };
        let c2 = Ctx { depth: 2, ..c1.clone() };
        let one = [0.9, 0.3];
        let aim = pocket_target(&c1, PocketId::FootLeft);
        let u = unit(one, aim);
        let ghost = [one[0] - 2.0 * R * u[0], one[1] - 2.0 * R * u[1]];
        let straight = [ghost[0] - 0.5 * u[0], ghost[1] - 0.5 * u[1]];
        let state = GameState::default();
        let far = vec![
            (BallId::CUE, straight),
            (BallId::object(1).unwrap(), one),
            (BallId::object(2).unwrap(), [-1.1, -0.55]),
        ];
        let near =
            vec![(BallId::CUE, straight), (BallId::object(1).unwrap(), one), (BallId::object(2).unwrap(), [0.0, 0.52])];
        let (f1, n1) = (best_chance(&c1, &state, &far), best_chance(&c1, &state, &near));
        assert!((f1 - n1).abs() < 1e-9, "depth 1 ignores the 2: {f1} {n1}");
        let (f2, n2) = (best_chance(&c2, &state, &far), best_chance(&c2, &state, &near));
        assert!(n2 > f2, "depth 2: the 2 within reach {n2} vs at the far corner {f2}");
    }

    #[test]
    fn a_stroke_over_a_cushion_or_a_ball_counts_as_longer_by_how_far_the_butt_rises() {
        let t = Table::default();
        let hw = t.half_width();
        let cue = [0.0, -hw + R];
        // Frozen to the near long cushion: nearly along it (11 degrees off) the stick rises about
        // 8 degrees, 30 degrees off it about 14, straight away from it about 28
        // (`min_cue_elevation_rad`): factors of about 1.15, 1.45 and 2.15.
        let (a30, b30) = 30f64.to_radians().sin_cos();
        let along = raised_cue_factor(&t, &[], cue, [0.5, -hw + R + 0.1]);
        let thirty = raised_cue_factor(&t, &[], cue, [0.5 * b30, -hw + R + 0.5 * a30]);
        let away = raised_cue_factor(&t, &[], cue, [0.0, 0.0]);
        assert!((1.05..1.25).contains(&along), "along the cushion {along}");
        assert!((1.3..1.6).contains(&thirty), "30 degrees off it {thirty}");
        assert!((1.9..2.4).contains(&away), "away from it {away}");
        // On the open table nothing; a ball 10 cm behind raises the stick 20.6 degrees.
        let open = [0.0, 0.0];
        assert_eq!(raised_cue_factor(&t, &[], open, [0.5, 0.0]), 1.0);
        let behind = vec![(BallId::CUE, open), (BallId::object(1).unwrap(), [-0.1, 0.0])];
        let f = raised_cue_factor(&t, &behind, open, [0.5, 0.0]);
        assert!((f - (1.0 + 0.5 * 15.6 / 10.0)).abs() < 0.05, "a ball behind {f}");
        // The same ball beside the line does not count.
        assert_eq!(raised_cue_factor(&t, &behind, open, [0.0, 0.5]), 1.0);
    }
}
