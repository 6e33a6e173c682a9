//! Shot generation: ghost-ball pots corrected against the physics for throw, squirt and
//! cut-induced spin; banks, kicks and combinations; safeties, push outs, breaks and cue ball
//! placements.

use crate::eval::{
    Balls, Ctx, R, after_next, callable, first_contact_velocity, legal_targets, open_line, path_clear, pocket_aim,
    pocket_target, pocket_tolerance, pocket_window, pos_of, pot_chance, raised_cue_factor, simulate,
};
use crate::level::Budget;
use crate::table_ops::{dist, placement_ok, unit};
use biljardi_physics::{BallId, Event, EventKind, PocketId, Strike};
use biljardi_rules::{BallInHand, Call, Game, GameState};

/// What a candidate is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShotKind {
    Pot,
    Bank,
    Combination,
    Kick,
    Safety,
    PushOut,
    Break,
}

impl ShotKind {
    pub fn is_pot(self) -> bool {
        matches!(self, ShotKind::Pot | ShotKind::Bank | ShotKind::Combination | ShotKind::Kick)
    }
}

/// A geometric plan before speed and spin: hit `target` so that it leaves along `dir`.
#[derive(Clone, Debug)]
pub struct Plan {
    pub kind: ShotKind,
    pub call: Call,
    pub target: BallId,
    pub dir: [f64; 2],
    pub phi0: f64,
    /// Distance the cue ball and the object ball travel, m (for the speed ladder).
    pub travel: f64,
    pub cut: f64,
    /// Geometric estimate of the chance (to rank plans).
    pub est: f64,
}

/// A concrete shot: where the cue ball goes (if in hand), the call and the stroke.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub kind: ShotKind,
    pub call: Call,
    pub strike: Strike,
    pub placement: Option<[f64; 2]>,
    /// The pot's plan (for the speed search around the finalists); `None` for other kinds.
    pub plan: Option<Plan>,
}

fn angle(v: [f64; 2]) -> f64 {
    v[1].atan2(v[0])
}

fn wrap(a: f64) -> f64 {
    let mut a = a % std::f64::consts::TAU;
    if a > std::f64::consts::PI {
        a -= std::f64::consts::TAU;
    }
    if a < -std::f64::consts::PI {
        a += std::f64::consts::TAU;
    }
    a
}

fn cut_between(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] * b[0] + a[1] * b[1]).clamp(-1.0, 1.0).acos()
}

/// The lines a ball's centre reflects off: (axis 0 = x, 1 = y, value).
fn rail_lines(ctx: &Ctx) -> [(usize, f64); 4] {
    let (hl, hw) = (ctx.table.half_length() - R, ctx.table.half_width() - R);
    [(0, -hl), (0, hl), (1, -hw), (1, hw)]
}

fn mirror(p: [f64; 2], line: (usize, f64)) -> [f64; 2] {
    let mut q = p;
    q[line.0] = 2.0 * line.1 - p[line.0];
    q
}

/// Where the path from `a` to mirrored `b` meets the rail line, if it does away from pockets.
fn bounce(ctx: &Ctx, a: [f64; 2], mb: [f64; 2], line: (usize, f64)) -> Option<[f64; 2]> {
    let (i, v) = line;
    let j = 1 - i;
    let den = mb[i] - a[i];
    if den.abs() < 1e-9 {
        return None;
    }
    let t = (v - a[i]) / den;
    if !(0.0..=1.0).contains(&t) {
        return None;
    }
    let p = [a[0] + t * (mb[0] - a[0]), a[1] + t * (mb[1] - a[1])];
    let lim = if j == 0 { ctx.table.half_length() } else { ctx.table.half_width() };
    if p[j].abs() > lim - 0.14 || (j == 0 && p[j].abs() < 0.12) {
        return None;
    }
    Some(p)
}

/// How much farther the object ball's way from the cushion to the pocket counts in a bank's
/// travel (the speed ladder's floor, `softest_speed`): the ball comes off the cushion at some
/// 0.7 of its speed (restitution about 0.85 across it, `../shared/design.md`, and the roll it
/// loses), so the distance it can roll after it is about half what the same speed rolls on
/// the cloth. Without it most of `master`'s banks struck at the ladder's middle speed stopped
/// short of the pocket (`calibrate --kind bank`).
const BANK_LEG_WEIGHT: f64 = 2.0;

/// Every pot plan from the cue ball at `cue`.
pub fn pot_plans(ctx: &Ctx, state: &GameState, balls: &Balls, budget: &Budget) -> Vec<Plan> {
    let Some(cue) = pos_of(balls, BallId::CUE) else { return Vec::new() };
    let table = &ctx.table;
    let targets = legal_targets(ctx.game, state, balls);
    let calls = callable(ctx.game, state, balls);
    let mut out = Vec::new();
    for &t in &targets {
        let Some(tp) = pos_of(balls, t) else { continue };
        let legal_call = calls.contains(&t);
        for p in PocketId::ALL {
            let mouth = pocket_target(ctx, p);
            let (aim, tol) = pocket_window(ctx, p, tp);
            let u = unit(tp, aim);
            let ghost = [tp[0] - 2.0 * R * u[0], tp[1] - 2.0 * R * u[1]];
            if legal_call && path_clear(balls, tp, aim, &[t, BallId::CUE]) && tol > 0.0 {
                let v = unit(cue, ghost);
                let cut = cut_between(v, u);
                if cut < 80f64.to_radians() && table.contains_ball(ghost, R * 0.5) {
                    if path_clear(balls, cue, ghost, &[BallId::CUE, t]) {
                        out.push(Plan {
                            kind: ShotKind::Pot,
                            call: Call::ball(t, p),
                            target: t,
                            dir: u,
                            phi0: angle(v),
                            travel: dist(cue, ghost) + dist(tp, aim),
                            cut,
                            est: pot_chance(ctx, dist(cue, ghost), cut, tol),
                        });
                    } else if budget.kicks {
                        for line in rail_lines(ctx) {
                            let mg = mirror(ghost, line);
                            let Some(bp) = bounce(ctx, cue, mg, line) else { continue };
                            if path_clear(balls, cue, bp, &[BallId::CUE])
                                && path_clear(balls, bp, ghost, &[BallId::CUE, t])
                            {
                                let v2 = unit(bp, ghost);
                                let cut = cut_between(v2, u);
                                if cut < 60f64.to_radians() {
                                    out.push(Plan {
                                        kind: ShotKind::Kick,
                                        call: Call::ball(t, p),
                                        target: t,
                                        dir: u,
                                        phi0: angle(unit(cue, mg)),
                                        travel: dist(cue, bp) + dist(bp, ghost) + dist(tp, aim),
                                        cut,
                                        est: 0.3 * pot_chance(ctx, dist(cue, bp) + dist(bp, ghost), cut, tol),
                                    });
                                }
                            }
                        }
                    }
                }
            }
            if !budget.banks_and_combos {
                continue;
            }
            // Banks: the object ball off one rail into the pocket. The plan's line is the mirror
            // of the mouth's middle; `refine` then aims by where the ball really goes off the
            // cushion, at the window seen from there (`bank_error`).
            if legal_call {
                for line in rail_lines(ctx) {
                    let ma = mirror(mouth, line);
                    let Some(bp) = bounce(ctx, tp, ma, line) else { continue };
                    if !path_clear(balls, tp, bp, &[t, BallId::CUE]) || !path_clear(balls, bp, mouth, &[t, BallId::CUE])
                    {
                        continue;
                    }
                    if pocket_tolerance(ctx, p, bp) <= 0.0 {
                        continue;
                    }
                    let ub = unit(tp, ma);
                    let g = [tp[0] - 2.0 * R * ub[0], tp[1] - 2.0 * R * ub[1]];
                    if !table.contains_ball(g, R * 0.5) || !path_clear(balls, cue, g, &[BallId::CUE, t]) {
                        continue;
                    }
                    let v = unit(cue, g);
                    let cut = cut_between(v, ub);
                    if cut < 50f64.to_radians() {
                        out.push(Plan {
                            kind: ShotKind::Bank,
                            call: Call::ball(t, p),
                            target: t,
                            dir: ub,
                            phi0: angle(v),
                            travel: dist(cue, g) + dist(tp, bp) + BANK_LEG_WEIGHT * dist(bp, mouth),
                            cut,
                            est: 0.5 * pot_chance(ctx, dist(cue, g), cut, pocket_tolerance(ctx, p, bp)),
                        });
                    }
                }
            }
            // Combinations: the target into another ball that drops.
            for &c in &calls {
                if c == t {
                    continue;
                }
                let Some(cp) = pos_of(balls, c) else { continue };
                let (aim, tol) = pocket_window(ctx, p, cp);
                if dist(cp, tp) > 0.8 || tol <= 0.0 || !path_clear(balls, cp, aim, &[c, BallId::CUE]) {
                    continue;
                }
                let uc = unit(cp, aim);
                let gc = [cp[0] - 2.0 * R * uc[0], cp[1] - 2.0 * R * uc[1]];
                let ut = unit(tp, gc);
                if cut_between(ut, uc) > 35f64.to_radians() || !path_clear(balls, tp, gc, &[t, c, BallId::CUE]) {
                    continue;
                }
                let gt = [tp[0] - 2.0 * R * ut[0], tp[1] - 2.0 * R * ut[1]];
                if !table.contains_ball(gt, R * 0.5) || !path_clear(balls, cue, gt, &[BallId::CUE, t]) {
                    continue;
                }
                let v = unit(cue, gt);
                let cut = cut_between(v, ut);
                if cut < 45f64.to_radians() {
                    out.push(Plan {
                        kind: ShotKind::Combination,
                        call: Call::ball(c, p),
                        target: t,
                        dir: ut,
                        phi0: angle(v),
                        travel: dist(cue, gt) + dist(tp, gc) + dist(cp, aim),
                        cut,
                        est: 0.4 * pot_chance(ctx, dist(cue, gt) + dist(tp, gc), cut, tol),
                    });
                }
            }
        }
    }
    out
}

/// The speed ladder (cue stick speeds, m/s) for a plan: multiples of the softest stroke that
/// gets the object ball `travel` metres with a cut of `cut`.
pub fn speeds(budget: &Budget, noise_speed: f64, travel: f64, cut: f64) -> Vec<f64> {
    let ladder: &[f64] = match budget.speeds {
        0 | 1 => &[1.6],
        2 => &[1.25, 2.0],
        3 => &[1.1, 1.6, 2.4],
        4 | 5 => &[1.05, 1.35, 1.8, 2.6],
        _ => &[1.05, 1.25, 1.5, 1.8, 2.2, 2.8],
    };
    let need = softest_speed(travel, cut);
    // Two standard deviations of the level's speed error on top so it rarely comes up short.
    ladder.iter().map(|m| (m * need + 2.0 * noise_speed).clamp(0.25, 7.0)).collect()
}

/// The softest stick speed (m/s) that gets the object ball `travel` metres with a cut of `cut`.
fn softest_speed(travel: f64, cut: f64) -> f64 {
    // Rolling resistance mu_r g ~ 0.1 m/s^2. The object ball must still roll at 0.25 m/s after
    // the whole `travel` (a conservative stand-in for its own path), it leaves the contact
    // sliding and keeps 5/7 of its speed when it rolls; the cue ball passes it about
    // cos(cut) of its speed and itself keeps 5/7 after sliding; the stick gives the ball about
    // 1.5 times its own speed.
    let a = 0.1;
    let v_roll = (2.0 * a * travel.max(0.2) + 0.0625).sqrt();
    let v_c = v_roll / (5.0 / 7.0) / (0.975 * cut.cos().max(0.3));
    v_c / (5.0 / 7.0) / 1.5
}

/// Tip offsets (a, b) in ball radii, each level's set a prefix of the next: centre, follow,
/// draw; left and right with a little follow; a deep draw and left and right with draw. The
/// deep draw, 0.45 R, is 3 of `master`'s tip errors (0.018 R) inside the miscue limit (0.5 R).
const TIPS: [(f64, f64); 8] =
    [(0.0, 0.0), (0.0, 0.35), (0.0, -0.3), (0.25, 0.15), (-0.25, 0.15), (0.0, -0.45), (0.25, -0.25), (-0.25, -0.25)];

/// The tip offsets (a, b) tried per pot at `budget`'s level (see `TIPS`).
pub fn spins(budget: &Budget) -> &'static [(f64, f64)] {
    match budget.spins {
        0 | 1 => &[(0.0, 0.1)],
        2 | 3 => &TIPS[..3],
        4..=7 => &TIPS[..5],
        _ => &TIPS,
    }
}

/// The target's direction error (radians) of a noiseless stroke, or `None` if the cue ball
/// does not reach `target` first.
fn direction_error(ctx: &Ctx, balls: &Balls, plan: &Plan, s: Strike) -> Option<f64> {
    let played = simulate(&ctx.table, &ctx.params, balls, s);
    let (hit, v) = first_contact_velocity(&played.events)?;
    if hit != plan.target || v[0].hypot(v[1]) < 1e-6 {
        return None;
    }
    let path_error = match plan.kind {
        ShotKind::Bank => bank_error(ctx, &played.events, plan),
        ShotKind::Combination => combination_error(ctx, balls, &played.events, plan),
        _ => None,
    };
    Some(path_error.unwrap_or_else(|| wrap(angle(v) - angle(plan.dir))))
}

/// A combination's error (radians): the angle between the called ball's way off the target
/// ball and its line to the pocket's aim; `None` when the target does not reach it. The plan's
/// line sends the target at the called ball's ghost ball, which leaves out the throw between
/// the two (some degrees at a cut, a few centimetres at the pocket).
fn combination_error(ctx: &Ctx, balls: &Balls, events: &[Event], plan: &Plan) -> Option<f64> {
    let Call::Ball { ball: c, pocket: Some(pocket) } = plan.call else { return None };
    let from = pos_of(balls, c)?;
    let v = events.iter().find_map(|e| match e.kind {
        EventKind::BallBall { balls } if balls.contains(&c) && balls.contains(&plan.target) => {
            e.state.get(&c).map(|k| [k.v[0], k.v[1]])
        }
        _ => None,
    })?;
    if v[0].hypot(v[1]) < 1e-6 {
        return None;
    }
    Some(wrap(angle(v) - angle(unit(from, pocket_aim(ctx, pocket, from)))))
}

/// A bank's error (radians): the angle, seen from where the object ball comes off its first
/// cushion, between its way from there and the pocket's aim; `None` when it reaches no cushion
/// or the call names no pocket. The plan's line is the mirror's, where a ball would go off a
/// perfect cushion; a real one sends it off shorter or longer with its speed and roll
/// (`biljardi_physics`' cushion model): aimed along the mirror only 14 to 22 % of `master`'s
/// noiseless bank strokes dropped (`calibrate --kind bank`, seed 24). The way is the
/// chord from the cushion, or from where the ball began to roll after it, to its next event
/// (the pocket, a jaw, a stop): the sliding ball curves after the cushion.
fn bank_error(ctx: &Ctx, events: &[Event], plan: &Plan) -> Option<f64> {
    let Call::Ball { pocket: Some(pocket), .. } = plan.call else { return None };
    let t = plan.target;
    let mut path = events.iter().filter_map(|e| e.state.get(&t).map(|k| (e.kind, [k.pos[0], k.pos[1]])));
    let (_, bounce) = path.by_ref().find(|(kind, _)| matches!(kind, EventKind::Cushion { .. }))?;
    let mut start = bounce;
    let mut end = None;
    for (kind, at) in path {
        if matches!(kind, EventKind::Rolling { .. }) {
            start = at;
        } else {
            end = Some(at);
            break;
        }
    }
    let end = end?;
    if dist(start, end) < 1e-4 {
        return None;
    }
    let aim = pocket_aim(ctx, pocket, bounce);
    Some(wrap(angle(unit(start, end)) - angle(unit(start, aim))))
}

/// The stroke for `plan` at `speed` with tip offset `(a, b)`, its aim corrected by the secant
/// method against the physics (throw, squirt, swerve, cut-induced spin): the object ball leaves
/// along `plan.dir`.
pub fn refine(ctx: &Ctx, balls: &Balls, plan: &Plan, speed: f64, a: f64, b: f64, passes: usize) -> Option<Strike> {
    let theta = 2f64.to_radians();
    let mut s = Strike { speed_mps: speed, phi_rad: plan.phi0, theta_rad: theta, a, b };
    if passes == 0 {
        return Some(s);
    }
    let h = 2e-4;
    for _ in 0..passes {
        let e0 = direction_error(ctx, balls, plan, s)?;
        if e0.abs() < 2e-4 {
            return Some(s);
        }
        let e1 = direction_error(ctx, balls, plan, Strike { phi_rad: s.phi_rad + h, ..s })?;
        let k = (e1 - e0) / h;
        if k.abs() < 1e-3 {
            break;
        }
        s.phi_rad -= (e0 / k).clamp(-0.03, 0.03);
    }
    direction_error(ctx, balls, plan, s).map(|_| s)
}

/// Safeties (and, for players without them, plain legal hits): thin to full hits on each legal
/// ball at soft speeds, or kicks off one rail when it is hidden, two when no one-rail path is open.
pub fn safety_strokes(ctx: &Ctx, state: &GameState, balls: &Balls, budget: &Budget) -> Vec<(ShotKind, Call, Strike)> {
    let Some(cue) = pos_of(balls, BallId::CUE) else { return Vec::new() };
    let mut targets = legal_targets(ctx.game, state, balls);
    let many = budget.samples >= 6;
    // A weaker player (fewer rollouts, two targets) looks first at the balls he can see: the
    // two nearest were often both hidden behind others in 8-ball, leaving only kicks that
    // fouled in most of their rollouts while a third ball stood in plain sight (session 13).
    let hidden = |t: BallId| !many && pos_of(balls, t).is_none_or(|p| !path_clear(balls, cue, p, &[BallId::CUE, t]));
    targets.sort_by(|a, b| {
        let da = pos_of(balls, *a).map_or(9.0, |p| dist(p, cue));
        let db = pos_of(balls, *b).map_or(9.0, |p| dist(p, cue));
        hidden(*a).cmp(&hidden(*b)).then(da.total_cmp(&db)).then(a.cmp(b))
    });
    targets.truncate(if many { 4 } else { 2 });
    // A weaker player's safety hits more of the ball and a little firmer: at `amateur`'s
    // 0.5 degrees of aim a 0.7 cut missed the ball or left none at a cushion (6.2, 6.3) on one
    // safety in eleven (session 10's 9-ball self-play).
    let fracs: &[f64] = if many { &[-0.85, -0.6, -0.3, 0.0, 0.3, 0.6, 0.85] } else { &[-0.5, -0.25, 0.0, 0.25, 0.5] };
    let spds: &[f64] = if many { &[0.35, 0.6, 1.0, 1.7] } else { &[1.0, 1.6] };
    let call = if budget.safeties { Call::safety() } else { Call::None };
    let mut out = Vec::new();
    let mut any_open = false;
    for t in targets {
        let Some(tp) = pos_of(balls, t) else { continue };
        let u = unit(cue, tp);
        let perp = [-u[1], u[0]];
        let mut open = 0;
        for &f in fracs {
            let aim = [tp[0] + perp[0] * f * 2.0 * R, tp[1] + perp[1] * f * 2.0 * R];
            if !path_clear(balls, cue, aim, &[BallId::CUE, t]) {
                continue;
            }
            open += 1;
            for &v in spds {
                out.push((
                    ShotKind::Safety,
                    call,
                    Strike { speed_mps: v, phi_rad: angle(unit(cue, aim)), theta_rad: 0.03, a: 0.0, b: 0.0 },
                ));
                if many {
                    out.push((
                        ShotKind::Safety,
                        call,
                        Strike { speed_mps: v, phi_rad: angle(unit(cue, aim)), theta_rad: 0.03, a: 0.0, b: -0.3 },
                    ));
                }
            }
        }
        any_open |= open > 0;
        // Kicks also when only a thin edge of the ball is in sight (a thin hit may touch the
        // blocking ball first).
        if 2 * open < fracs.len() {
            // The mirror is only where a kick would go off a perfect cushion; a real rebound
            // comes off shorter or longer with speed and spin. The weaker levels try a fan of
            // directions around it, struck firm enough to reach a cushion after the contact,
            // and the rollouts pick (their mirror kicks at hidden balls missed, 6.2, or left no
            // ball at a cushion, 6.3, in most of their rollouts: session 13).
            let fan: &[f64] = if many { &[0.0] } else { &KICK_FAN_DEG };
            for line in rail_lines(ctx) {
                let mt = mirror(tp, line);
                let Some(bp) = bounce(ctx, cue, mt, line) else { continue };
                if !path_clear(balls, cue, bp, &[BallId::CUE]) || !path_clear(balls, bp, tp, &[BallId::CUE, t]) {
                    continue;
                }
                let floor = if many {
                    0.0
                } else {
                    let ub = unit(bp, tp);
                    rail_speed(ctx, dist(cue, bp) + dist(bp, tp), tp, ub)
                };
                let phi = angle(unit(cue, mt));
                for d in fan {
                    for &v in &[1.0f64, 1.8] {
                        out.push((
                            ShotKind::Safety,
                            call,
                            Strike {
                                speed_mps: v.max(floor),
                                phi_rad: wrap(phi + d.to_radians()),
                                theta_rad: 0.03,
                                a: 0.0,
                                b: 0.0,
                            },
                        ));
                    }
                }
            }
        }
    }
    // No ball in sight, not even off one cushion: two cushions before a deliberate foul, firm
    // (struck softer, half of them leave no ball reaching a cushion after the contact: 6.3).
    // The weaker levels also try them when no legal ball is in direct sight at all, beside
    // their one-cushion kicks.
    if out.is_empty() || (!many && !any_open) {
        for t in legal_targets(ctx.game, state, balls) {
            let Some(tp) = pos_of(balls, t) else { continue };
            for phi in two_cushion_kicks(ctx, balls, cue, t, tp) {
                for &v in &[2.6, 3.5] {
                    out.push((
                        ShotKind::Safety,
                        call,
                        Strike { speed_mps: v, phi_rad: phi, theta_rad: 0.03, a: 0.0, b: 0.0 },
                    ));
                }
            }
        }
    }
    // Still nothing (no path by mirror geometry): the weaker levels sweep the cue ball round
    // in every direction at three speeds, and the noiseless look keeps the strokes that hit a
    // legal ball first and reach a cushion. Their one fallback stroke, straight at the nearest
    // legal ball through the ball in the way, fouled every time (a tenth of their 9-ball
    // fouls, session 13).
    if out.is_empty() && !many {
        for i in 0..SWEEP_DIRECTIONS {
            let phi = wrap(i as f64 * std::f64::consts::TAU / SWEEP_DIRECTIONS as f64);
            for &v in &SWEEP_SPEEDS {
                out.push((
                    ShotKind::Safety,
                    call,
                    Strike { speed_mps: v, phi_rad: phi, theta_rad: 0.03, a: 0.0, b: 0.0 },
                ));
            }
        }
    }
    out
}

/// Directions and speeds (m/s) of the weaker levels' sweep when no legal ball can be reached
/// by mirror geometry (`safety_strokes`).
const SWEEP_DIRECTIONS: usize = 72;
const SWEEP_SPEEDS: [f64; 2] = [1.8, 3.0];

/// The fan of directions (degrees) around a one-cushion kick's mirror line at the weaker levels.
const KICK_FAN_DEG: [f64; 5] = [-1.2, -0.6, 0.0, 0.6, 1.2];

/// Speed noise allowance of the weaker levels' safeties: standard deviations of the level's speed error added to the
/// softest stroke that gets a ball to a cushion after the contact.
const RAIL_SPEED_SDS: f64 = 2.0;

/// Distance from `p` along the unit direction `d` to the line a ball's centre meets a cushion.
fn to_rail(ctx: &Ctx, p: [f64; 2], d: [f64; 2]) -> f64 {
    let lim = [ctx.table.half_length() - R, ctx.table.half_width() - R];
    (0..2)
        .filter(|&i| d[i].abs() > 1e-9)
        .map(|i| (lim[i] * d[i].signum() - p[i]) / d[i])
        .fold(f64::INFINITY, f64::min)
        .max(0.0)
}

/// The softest stick speed that sends the object ball at `tp` along `dir` to a cushion after
/// the cue ball travelled `to_ball` metres to it, plus `RAIL_SPEED_SDS` of the level's speed
/// error: the speed ladder's model (`speeds`, full ball) over the whole distance. 6.3 asks for
/// a ball to reach a cushion after the contact; the cue ball's own path often does too, so
/// this is on the safe side.
fn rail_speed(ctx: &Ctx, to_ball: f64, tp: [f64; 2], dir: [f64; 2]) -> f64 {
    let need = softest_speed(to_ball + to_rail(ctx, tp, dir), 0.0);
    (need + RAIL_SPEED_SDS * ctx.noise.speed_mps).min(4.0)
}

/// Directions (radians) that send the cue ball from `cue` off two cushions into `t` at `tp` by
/// mirror geometry, with a small fan either side: a real rebound is shorter than the mirror
/// and spin bends it, so the rollouts (and the noiseless look) pick among them.
fn two_cushion_kicks(ctx: &Ctx, balls: &Balls, cue: [f64; 2], t: BallId, tp: [f64; 2]) -> Vec<f64> {
    const FAN_DEG: [f64; 5] = [-1.2, -0.6, 0.0, 0.6, 1.2];
    let mut out = Vec::new();
    for first in rail_lines(ctx) {
        for second in rail_lines(ctx) {
            if first == second {
                continue;
            }
            let m2 = mirror(tp, second);
            let m12 = mirror(m2, first);
            let Some(b1) = bounce(ctx, cue, m12, first) else { continue };
            let Some(b2) = bounce(ctx, b1, m2, second) else { continue };
            if path_clear(balls, cue, b1, &[BallId::CUE])
                && path_clear(balls, b1, b2, &[BallId::CUE])
                && path_clear(balls, b2, tp, &[BallId::CUE, t])
            {
                let phi = angle(unit(cue, m12));
                out.extend(FAN_DEG.iter().map(|d| wrap(phi + d.to_radians())));
            }
        }
    }
    out
}

/// Push outs: soft rolls of the cue ball in every direction.
pub fn push_out_strokes(budget: &Budget) -> Vec<Strike> {
    let n = if budget.samples >= 6 { 16 } else { 8 };
    let mut out = Vec::new();
    for i in 0..n {
        let phi = i as f64 * std::f64::consts::TAU / n as f64;
        for &v in &[0.3, 0.55, 0.9] {
            out.push(Strike { speed_mps: v, phi_rad: phi, theta_rad: 0.03, a: 0.0, b: 0.0 });
        }
    }
    out
}

/// One break measured offline: the cue ball `behind` the head string (m) at `y` (m), the stick's
/// speed (m/s), the aim's offset across the head ball (ball radii, + to the left of the line
/// from the cue ball), the tip's side offset (ball radii, + right of centre, `Strike::a`) and
/// its height (ball radii, + follow, `Strike::b`).
#[derive(Clone, Copy, Debug)]
pub struct MeasuredBreak {
    pub behind: f64,
    pub y: f64,
    pub speed: f64,
    pub off: f64,
    pub a: f64,
    pub b: f64,
}

const fn mb(behind: f64, y: f64, speed: f64, off: f64, a: f64, b: f64) -> MeasuredBreak {
    MeasuredBreak { behind, y, speed, off, a, b }
}

/// `master`'s 9-ball break (issue 23): from beside the head string near the side rail, 7.5 m/s
/// a little to the right of the 1's centre (as the breaker sees it), no spin. Session 14 took the
/// best six of a grid of 9 840 strokes (spot 0.03 to 0.55 m behind the head string, y -0.5 to
/// 0.55 m, 5 to 10 m/s, aim offsets -0.3 to 0.3 R, tip -0.4 to 0.45 R) struck 200 times each
/// with `master`'s noise on the fresh rack (`examples/breaks.rs grid`, seeds 1 to 3), the best
/// 25 again 1000 times (seed 11), ranked by the kept share times the position value's run-out
/// share; they kept the table in 49 to 69 % of 1000 breaks each (the old draw strokes 26 to
/// 54 %), and the rollouts chose among them. Session 20 played each of the six as `master`'s
/// only break through whole racks (`breaks runs`, seeds 3 to 5 x 50): this one broke and ran
/// 40 of 150 racks, the others 30 to 36 and the rollouts' choice 29; over the 400
/// racks 100 against 81 (crates/ai/README.md, session 20). Session 21 varied it one setting at
/// a time on fresh seeds (11 to 13 x 50): at 7.5 m/s instead of 7 it kept the table 115 times
/// and broke and ran 38 (7 m/s: 92 and 33; 6.5, 7.25 and 8 m/s, no aim offset, more offset,
/// draw, follow or another spot no better), and over the 400 racks kept 291 and ran 104
/// against 266 and 100. The position value after a break does not tell which layouts run out,
/// so the choice is measured, not rolled out.
pub const MASTER_BREAKS_9: &[MeasuredBreak] = &[mb(0.03, 0.55, 7.5, -0.1, 0.0, 0.0)];

/// `master`'s 8-ball break (issue 23): the second-ball break from the side rail with
/// heavy side. From y = 0.55 m the aim 1.8 to 2.0 R to the left of the head ball with 0.35 to
/// 0.4 R of right side, whose squirt (TP A-31) turns the cue ball further left (from -0.5 m
/// mirrored); 0.4 R is 5 of `master`'s tip errors (0.018 R) inside the miscue limit, 0.5 R.
/// Measured with `examples/breaks.rs grid
/// --game 8ball` on the fresh rack under `master`'s noise: 1260 strokes x 150 (seed 3; spots
/// 0.03 and 0.3 m behind the head string at y -0.5 and 0.55 m, 9 to 11 m/s, offsets 1.0 to 1.8
/// R either way, side -0.3 to 0.3 R, tip -0.3 to 0.3 R), the best side and offsets at the grid's
/// edge, so 5184 strokes x 150 (seed 5; 0.03 to 0.45 m, 10 to 11 m/s, offsets 0.9 to 2.0 R,
/// side 0.1 to 0.4 R towards the offset) and 1296 x 150 (seed 7; offsets to 2.4 R, side 0.35
/// and 0.4 R); then the best 60 and the five previous candidates 1000 times each (seed 31),
/// ranked by the kept share times the position value's run-out share (`run`). These six keep
/// the table in 68 to 74 % of 1000 breaks each, `run` 0.48 to 0.53, fouls 8 to 11 %; the
/// previous ones (no side, aim 1.2 to 1.6 R) 38 to 45 %, `run` 0.27 to 0.29, fouls 8.5 to 28 %.
/// With at most 0.3 R of side the best keep it 65 %, `run` 0.46. The rollouts chose among six
/// such strokes until session 21, which played each as `master`'s only break through whole racks
/// (`breaks runs`, seeds 3 to 5 x 50): this one (from the right rail as the breaker faces the
/// rack, 11 m/s, aimed 2 R right of the head ball with 0.35 R of left side) broke and ran 55 of
/// 150, the best of the others 50, and the rollouts' choice among the six 39; on seeds 6 to 10,
/// not used to choose it, 80 of 250 against the rollouts' 81 (crates/ai/README.md, session
/// 21). It is no worse, and the break decision rolls out one stroke instead of six.
pub const MASTER_BREAKS_8: &[MeasuredBreak] = &[mb(0.03, -0.5, 11.0, -2.0, -0.35, 0.0)];

/// The cue's elevation of every 8-, 9- and 10-ball break stroke the AI plays (rad);
/// `examples/breaks.rs` measures breaks at it unless told otherwise.
pub const BREAK_ELEVATION_RAD: f64 = 0.05;

/// The measured break candidates of `game` for `budget`'s level, if it has any (`master`).
pub fn measured_breaks(game: Game, budget: &Budget) -> &'static [MeasuredBreak] {
    match (game, budget.samples >= 8) {
        (Game::NineBall, true) => MASTER_BREAKS_9,
        (Game::EightBall, true) => MASTER_BREAKS_8,
        _ => &[],
    }
}

/// Break strokes from `cue` for 8-, 9- and 10-ball: hard at the head ball of the rack, or the
/// level's measured breaks from this spot.
pub fn break_strokes(ctx: &Ctx, balls: &Balls, cue: [f64; 2], budget: &Budget) -> Vec<Strike> {
    let Some(head) =
        balls.iter().filter(|b| !b.0.is_cue()).min_by(|a, b| a.1[0].total_cmp(&b.1[0]).then(a.0.cmp(&b.0)))
    else {
        return Vec::new();
    };
    let u = unit(cue, head.1);
    let perp = [-u[1], u[0]];
    let measured = measured_breaks(ctx.game, budget);
    if !measured.is_empty() {
        let hs = ctx.table.head_string_x();
        return measured
            .iter()
            .filter(|m| dist([hs - m.behind, m.y], cue) < 1e-6)
            .map(|m| {
                let aim = [head.1[0] + perp[0] * m.off * R, head.1[1] + perp[1] * m.off * R];
                Strike {
                    speed_mps: m.speed,
                    phi_rad: angle(unit(cue, aim)),
                    theta_rad: BREAK_ELEVATION_RAD,
                    a: m.a,
                    b: m.b,
                }
            })
            .collect();
    }
    let offs: &[f64] = if budget.samples >= 6 { &[-0.08, 0.0, 0.08] } else { &[0.0] };
    // `amateur` (5 rollouts) breaks harder and with less draw: at its 0.5 degrees of aim the
    // 8-ball break at 7 or 8.5 m/s with draw fouled 62 and 33 times in 100 (3.3 d, fewer than
    // four balls to a rail, and 6.1), at 9.5 m/s with a touch of follow 52 times in 300 (from
    // the head spot, session 12); the rollouts pick among these.
    let (spds, spins): (&[f64], &[f64]) = match budget.samples {
        0..=3 => (&[6.0], &[-0.15]),
        5 => (&[8.5, 9.5], &[-0.15, 0.0, 0.1]),
        _ => (&[7.0, 8.5], &[-0.15]),
    };
    let mut out = Vec::new();
    for &o in offs {
        let aim = [head.1[0] + perp[0] * o * R, head.1[1] + perp[1] * o * R];
        for &v in spds {
            for &b in spins {
                out.push(Strike {
                    speed_mps: v,
                    phi_rad: angle(unit(cue, aim)),
                    theta_rad: BREAK_ELEVATION_RAD,
                    a: 0.0,
                    b,
                });
            }
        }
    }
    out
}

/// Cue ball spots to search with ball in hand: behind the ghost ball of each pot at a few
/// distances and cut angles, plus a coarse grid, ranked by the geometric chance of the pot.
pub fn placements(ctx: &Ctx, state: &GameState, balls: &Balls, bih: BallInHand, n: usize) -> Vec<[f64; 2]> {
    ranked_placements(ctx, state, balls, bih, n, None).into_iter().map(|(q, _)| q).collect()
}

/// A ball-in-hand spot, its ranking score and its pot (ball and pocket; none for a spot of the
/// coarse grid).
type RankedSpot = ([f64; 2], f64, Option<(BallId, PocketId)>);

/// `placements` with each spot's ranking score: the geometric chance of its best pot (at depth
/// 2 weighed by the position for the ball after next), negative for a spot of the coarse grid.
/// With `per_pot`, at most that many spots of one pot (ball and pocket) are taken first, the
/// rest by rank: the geometric rank can fill every spot with one pocket's, and then the
/// rollouts never compare the others (`Budget::placements_per_pot`; session 22: `master`'s
/// 9-ball run-out from ball in hand 219 against 205 of 400 tables, seeds 7 to 14).
pub fn ranked_placements(
    ctx: &Ctx,
    state: &GameState,
    balls: &Balls,
    bih: BallInHand,
    n: usize,
    per_pot: Option<usize>,
) -> Vec<([f64; 2], f64)> {
    let table = &ctx.table;
    let base: Balls = balls.iter().copied().filter(|b| !b.0.is_cue()).collect();
    let mut cands: Vec<RankedSpot> = Vec::new();
    let mut shooter_state = state.clone();
    shooter_state.ball_in_hand = BallInHand::None;
    shooter_state.is_break = false;
    let targets = legal_targets(ctx.game, &shooter_state, &base);
    for &t in &targets {
        let Some(tp) = pos_of(&base, t) else { continue };
        for p in PocketId::ALL {
            // `base` has no cue ball.
            let Some((tol, u, ghost)) = open_line(ctx, &base, t, tp, p) else { continue };
            for &c in &[0.0f64, 0.3, -0.3, 0.55, -0.55] {
                let (sn, cs) = c.sin_cos();
                let back = [-(u[0] * cs - u[1] * sn), -(u[0] * sn + u[1] * cs)];
                for &d in &[0.18, 0.35, 0.6] {
                    let q = [ghost[0] + back[0] * d, ghost[1] + back[1] * d];
                    if placement_ok(table, &base, bih, q) && path_clear(&base, q, ghost, &[t]) {
                        let f = if ctx.depth >= 2 { raised_cue_factor(table, &base, q, ghost) } else { 1.0 };
                        let mut chance = pot_chance(ctx, d * f, c.abs(), tol);
                        if ctx.depth >= 2 && chance > 0.05 {
                            // Rank the spot by the position it gives on the ball after next.
                            let mut with: Balls = base.clone();
                            with.push((BallId::CUE, q));
                            let v = unit(q, ghost);
                            chance *= 0.25 + 0.75 * after_next(ctx, &shooter_state, &with, t, ghost, v, u);
                        }
                        cands.push((q, chance, Some((t, p))));
                    }
                }
            }
        }
    }
    // A coarse grid so there is always somewhere to put the ball.
    let (hl, hw) = (table.half_length() - 2.0 * R, table.half_width() - 2.0 * R);
    let xs: Vec<f64> = match bih {
        BallInHand::BehindHeadString => vec![table.head_string_x() - 0.02, table.head_string_x() - 0.25, -hl + 0.05],
        _ => (0..7).map(|i| -hl + (2.0 * hl) * i as f64 / 6.0).collect(),
    };
    for &x in &xs {
        for j in 0..5 {
            let y = -hw + 2.0 * hw * j as f64 / 4.0;
            if placement_ok(table, &base, bih, [x, y]) {
                cands.push(([x, y], -1.0 + (j as f64 - 2.0).abs() * -0.01, None));
            }
        }
    }
    let mut out = pick_spots(cands, n, per_pot);
    if out.is_empty() {
        // Somewhere legal along the head rail.
        for k in 0..200 {
            let q = [-hl + 0.01 * (k % 10) as f64, -hw + 0.05 * (k / 10) as f64];
            if placement_ok(table, &base, bih, q) {
                out.push((q, -1.0));
                break;
            }
        }
    }
    out
}

/// The best `n` of ranked ball-in-hand spots (each with its pot, none for the coarse grid),
/// 8 cm apart, best first; with `per_pot` first at most that many of one pot, then the rest
/// by rank (see `ranked_placements`).
fn pick_spots(mut cands: Vec<RankedSpot>, n: usize, per_pot: Option<usize>) -> Vec<([f64; 2], f64)> {
    cands.sort_by(|a, b| b.1.total_cmp(&a.1));
    let n = n.max(1);
    let mut out: Vec<([f64; 2], f64)> = Vec::new();
    let apart = |out: &[([f64; 2], f64)], q: [f64; 2]| out.iter().all(|o| dist(o.0, q) > 0.08);
    if let Some(per) = per_pot {
        let mut pots: Vec<(BallId, PocketId)> = Vec::new();
        for &(q, score, pot) in &cands {
            if out.len() >= n {
                break;
            }
            let Some(pot) = pot else { continue };
            if score > 0.0 && pots.iter().filter(|&&k| k == pot).count() < per && apart(&out, q) {
                out.push((q, score));
                pots.push(pot);
            }
        }
    }
    for &(q, score, _) in &cands {
        if out.len() >= n {
            break;
        }
        if apart(&out, q) {
            out.push((q, score));
        }
    }
    out.sort_by(|a, b| b.1.total_cmp(&a.1));
    out
}

/// Break cue ball spots: just behind the head string, centre and towards the sides.
pub fn break_placements(ctx: &Ctx, balls: &Balls, budget: &Budget) -> Vec<[f64; 2]> {
    let base: Balls = balls.iter().copied().filter(|b| !b.0.is_cue()).collect();
    let measured = measured_breaks(ctx.game, budget);
    if !measured.is_empty() {
        let hs = ctx.table.head_string_x();
        let mut out: Vec<[f64; 2]> = Vec::new();
        for q in measured.iter().map(|m| [hs - m.behind, m.y]) {
            if out.iter().all(|o| dist(*o, q) > 1e-6)
                && placement_ok(&ctx.table, &base, BallInHand::BehindHeadString, q)
            {
                out.push(q);
            }
        }
        return out;
    }
    let x = ctx.table.head_string_x() - 0.03;
    let ys: &[f64] = match (ctx.game, budget.placements) {
        (Game::StraightPool, _) => &[0.25, -0.25, 0.4, -0.4],
        (_, 0..=2) => &[0.0],
        (_, 3..=4) => &[0.0, 0.25],
        _ => &[0.0, 0.2, -0.35],
    };
    ys.iter().map(|y| [x, *y]).filter(|q| placement_ok(&ctx.table, &base, BallInHand::BehindHeadString, *q)).collect()
}

/// 14.1 opening break: a soft safety off a back corner ball of the rack.
pub fn straight_pool_break(balls: &Balls, cue: [f64; 2], budget: &Budget) -> Vec<Strike> {
    let mut objs: Vec<(BallId, [f64; 2])> = balls.iter().copied().filter(|b| !b.0.is_cue()).collect();
    // The two balls at the ends of the back row, on the cue ball's side first.
    objs.sort_by(|a, b| b.1[0].total_cmp(&a.1[0]).then(a.0.cmp(&b.0)));
    let back: Vec<[f64; 2]> = objs.iter().take(5).map(|b| b.1).collect();
    let Some(corner) =
        back.iter().copied().max_by(|a, b| (a[1] * cue[1].signum()).total_cmp(&(b[1] * cue[1].signum())))
    else {
        return Vec::new();
    };
    let u = unit(cue, corner);
    let perp = [-u[1], u[0]];
    let side = if cue[1] >= 0.0 { 1.0 } else { -1.0 };
    let fr: &[f64] = if budget.samples >= 6 { &[0.55, 0.7, 0.85] } else { &[0.7] };
    let mut out = Vec::new();
    for &f in fr {
        // Thin on the outside of the corner ball so the cue ball goes off the foot rail.
        let aim = [corner[0] + perp[0] * f * 2.0 * R * side, corner[1] + perp[1] * f * 2.0 * R * side];
        for &v in &[2.2, 3.0] {
            out.push(Strike { speed_mps: v, phi_rad: angle(unit(cue, aim)), theta_rad: 0.05, a: 0.0, b: 0.0 });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use biljardi_physics::{EventKind, Params, Table};

    fn amateur() -> Ctx {
        Ctx::new(Game::NineBall, Table::default(), Params::default(), Level::Amateur.noise(), 0, 1)
    }

    #[test]
    fn ball_in_hand_spots_of_one_pocket_do_not_crowd_out_another_pockets() {
        let one = BallId::object(1).expect("ball 1");
        let (a, b) = (Some((one, PocketId::HeadLeft)), Some((one, PocketId::FootRight)));
        // Five spots for one pocket ranked above two for another, and a grid spot.
        let mut cands: Vec<RankedSpot> = (0..5).map(|i| ([0.1 * i as f64, 0.0], 0.9 - 0.01 * i as f64, a)).collect();
        cands.push(([1.0, 0.3], 0.5, b));
        cands.push(([1.1, 0.3], 0.49, b));
        cands.push(([-1.0, 0.0], -1.0, None));
        let by_rank = pick_spots(cands.clone(), 4, None);
        assert!(by_rank.iter().all(|s| s.1 > 0.8), "{by_rank:?}");
        let varied = pick_spots(cands.clone(), 4, Some(2));
        let scores: Vec<f64> = varied.iter().map(|s| s.1).collect();
        assert_eq!(scores, vec![0.9, 0.89, 0.5, 0.49]);
        // More spots than the pots give: the rest by rank, the grid last.
        let all = pick_spots(cands, 9, Some(2));
        assert_eq!(all.len(), 8);
        assert_eq!(all.first().map(|s| s.1), Some(0.9));
        assert_eq!(all.last().map(|s| s.1), Some(-1.0));
    }

    #[test]
    fn the_kick_speed_floor_gets_the_object_ball_to_a_cushion() {
        // The 1 in the middle of the table, the cue ball 0.4 to 1 m behind it on the long axis,
        // a full hit towards the foot cushion. `rail_speed` is the speed ladder's model
        // (`softest_speed`: rolling resistance 0.1 m/s^2, 5/7 kept when rolling, 1.5 x the
        // stick's speed) plus two standard deviations of `amateur`'s speed error (0.3 m/s):
        // struck even the two standard deviations softer the physics must carry the 1 to the
        // cushion (from 1 m back it needs 0.90 m/s, the floor is 1.26).
        let ctx = amateur();
        let one = BallId::object(1).unwrap();
        let reaches = |back: f64, v: f64| {
            let balls = vec![(BallId::CUE, [-back, 0.0]), (one, [0.0, 0.0])];
            let s = Strike { speed_mps: v, phi_rad: 0.0, theta_rad: 0.03, a: 0.0, b: 0.0 };
            let played = simulate(&ctx.table, &ctx.params, &balls, s);
            played.events.iter().any(|e| matches!(e.kind, EventKind::Cushion { ball, .. } if ball == one))
        };
        for back in [0.4, 0.7, 1.0] {
            let v = rail_speed(&ctx, back, [0.0, 0.0], [1.0, 0.0]);
            let travel = back + ctx.table.half_length() - R;
            assert!((v - softest_speed(travel, 0.0) - 0.3).abs() < 1e-12, "{v}");
            assert!(v > 0.8 && v < 2.0, "{back} m: {v} m/s");
            assert!(reaches(back, v), "{back} m back at {v:.2} m/s: the 1 stopped short");
            assert!(reaches(back, v - 0.3), "{back} m back at {:.2} m/s", v - 0.3);
        }
        // Along the short axis the rail is nearer.
        assert!((to_rail(&ctx, [0.0, 0.0], [0.0, 1.0]) - (ctx.table.half_width() - R)).abs() < 1e-12);
    }

    /// Banks are aimed by where the object ball really goes off its cushion (`bank_error`),
    /// not by the mirror line: struck without noise at the ladder's middle speed, `master`'s
    /// banks on random two-ball tables drop. Offline (`calibrate --kind bank`, seed 24, 1000
    /// layouts, some 2200 banks) aimed along the mirror 14 to 22 % dropped, 34 % at the
    /// ladder's fourth speed; aimed by the ball's path and with `BANK_LEG_WEIGHT` 82 to 89 %.
    #[test]
    fn a_bank_aimed_by_the_object_balls_path_drops() {
        use rand::{Rng, SeedableRng};
        let ctx = Ctx::new(Game::NineBall, Table::default(), Params::default(), Level::Master.noise(), 0, 2);
        let budget = Level::Master.budget();
        let one = BallId::object(1).unwrap();
        let (hl, hw) = (ctx.table.half_length() - 1.5 * R, ctx.table.half_width() - 1.5 * R);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let (mut banks, mut dropped) = (0, 0);
        while banks < 30 {
            let mut p = || [rng.random_range(-hl..hl), rng.random_range(-hw..hw)];
            let balls: Balls = vec![(BallId::CUE, p()), (one, p())];
            if dist(balls[0].1, balls[1].1) < 3.0 * R {
                continue;
            }
            for plan in pot_plans(&ctx, &GameState::default(), &balls, &budget) {
                let Call::Ball { pocket: Some(pocket), .. } = plan.call else { continue };
                if plan.kind != ShotKind::Bank {
                    continue;
                }
                let v = speeds(&budget, ctx.noise.speed_mps, plan.travel, plan.cut)[1];
                let Some(s) = refine(&ctx, &balls, &plan, v, 0.0, 0.0, budget.refine_passes) else { continue };
                banks += 1;
                let played = simulate(&ctx.table, &ctx.params, &balls, s);
                let down = played.events.iter().any(|e| e.kind == EventKind::Pocket { ball: one, pocket });
                dropped += usize::from(down);
            }
        }
        assert!(dropped * 10 >= banks * 7, "{dropped} of {banks} banks dropped");
    }

    /// A combination is aimed by the called ball's way off the target (`combination_error`):
    /// the throw between the two, which the ghost-ball line leaves out, is taken up. On random
    /// tables of the cue ball, the 1 and the 2 near it, every combination `master` plans leaves
    /// the 2 within 0.1 degree of its line to the pocket (here all within 0.006), where aimed
    /// by the ghost-ball line it went 0.14 to 2.3 degrees off, 1.1 on average (offline,
    /// `calibrate --kind combo`, seed 24, 303 combinations: noiseless drops 0.87 before, 0.94
    /// now).
    #[test]
    fn a_combination_takes_up_the_throw_between_its_balls() {
        use rand::{Rng, SeedableRng};
        let ctx = Ctx::new(Game::NineBall, Table::default(), Params::default(), Level::Master.noise(), 0, 2);
        let budget = Level::Master.budget();
        let (one, two) = (BallId::object(1).unwrap(), BallId::object(2).unwrap());
        let (hl, hw) = (ctx.table.half_length() - 1.5 * R, ctx.table.half_width() - 1.5 * R);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        // The 2's direction error, degrees, aimed by its own way and by the ghost-ball line.
        let (mut by_path, mut by_line) = (Vec::new(), Vec::new());
        while by_path.len() < 20 {
            let cue = [rng.random_range(-hl..hl), rng.random_range(-hw..hw)];
            let p1 = [rng.random_range(-hl..hl), rng.random_range(-hw..hw)];
            let p2 = [
                (p1[0] + rng.random_range(-0.4..0.4)).clamp(-hl, hl),
                (p1[1] + rng.random_range(-0.4..0.4)).clamp(-hw, hw),
            ];
            if dist(cue, p1) < 3.0 * R || dist(cue, p2) < 3.0 * R || dist(p1, p2) < 3.0 * R {
                continue;
            }
            let balls: Balls = vec![(BallId::CUE, cue), (one, p1), (two, p2)];
            for plan in pot_plans(&ctx, &GameState::default(), &balls, &budget) {
                if plan.kind != ShotKind::Combination {
                    continue;
                }
                let v = speeds(&budget, ctx.noise.speed_mps, plan.travel, plan.cut)[1];
                let line = Plan { kind: ShotKind::Pot, ..plan };
                let err = |p: &Plan| {
                    let s = refine(&ctx, &balls, p, v, 0.0, 0.0, budget.refine_passes)?;
                    let played = simulate(&ctx.table, &ctx.params, &balls, s);
                    combination_error(&ctx, &balls, &played.events, &plan).map(|e| e.to_degrees().abs())
                };
                if let (Some(a), Some(b)) = (err(&plan), err(&line)) {
                    by_path.push(a);
                    by_line.push(b);
                }
            }
        }
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
        let within = by_path.iter().filter(|e| **e < 0.1).count();
        assert!(within * 10 >= by_path.len() * 9, "{by_path:?}");
        assert!(mean(&by_line) > 0.5 && mean(&by_line) > 20.0 * mean(&by_path), "line {by_line:?}, path {by_path:?}");
    }

    #[test]
    fn a_weaker_players_safety_aims_at_a_ball_in_sight_before_two_hidden_nearer_ones() {
        // 8-ball, solids: the 1 and the 2 are nearer the cue ball but each hidden behind a
        // stripe; the 3 stands in plain sight. `amateur` looks at two targets: before session
        // 13 the two nearest (both hidden: kicks only), now the 3 and the nearest hidden one.
        let ctx = Ctx::new(Game::EightBall, Table::default(), Params::default(), Level::Amateur.noise(), 0, 1);
        let state = GameState {
            shooter: 0,
            open_table: false,
            groups: [Some(biljardi_rules::Group::Solids), Some(biljardi_rules::Group::Stripes)],
            ..GameState::default()
        };
        let o = |n| BallId::object(n).unwrap();
        let cue = [-0.5, 0.0];
        let three = [0.5, 0.55];
        let balls: Balls = vec![
            (BallId::CUE, cue),
            (o(1), [-0.2, 0.0]),
            (o(9), [-0.35, 0.0]),
            (o(2), [-0.5, 0.3]),
            (o(10), [-0.5, 0.15]),
            (o(3), three),
            (o(8), [0.9, -0.4]),
        ];
        let strokes = safety_strokes(&ctx, &state, &balls, &Level::Amateur.budget());
        // Aimed within the 3's half-width of its centre, seen from the cue ball.
        let to3 = angle(unit(cue, three));
        let width = (2.0 * R / dist(cue, three)).asin();
        let at_three = strokes.iter().filter(|(_, _, s)| wrap(s.phi_rad - to3).abs() <= width).count();
        // Five aims (-0.5 to 0.5 of the ball) at two speeds.
        assert_eq!(at_three, 10, "{strokes:?}");
        // `pro` keeps the nearest four whatever is in the way.
        let pro = safety_strokes(&ctx, &state, &balls, &Level::Pro.budget());
        assert!(pro.len() > strokes.len());
    }

    /// How often `strokes` from `cue` keep the table (legal, a ball down, no scratch) over
    /// `n` breaks of the fresh rack each with `master`'s noise (the same errors for every stroke).
    fn kept_share(game: Game, strokes: &[([f64; 2], Strike)], n: u32) -> Vec<f64> {
        use rand::SeedableRng;
        let table = Table::default();
        let ctx = Ctx::new(game, table, Params::default(), Level::Master.noise(), 0, 2);
        let mut state = GameState::new_rack(0);
        state.is_break = true;
        let rack = crate::table_ops::fresh_rack(game, &table);
        strokes
            .iter()
            .map(|&(cue, s)| {
                let mut balls = rack.clone();
                balls.push((BallId::CUE, cue));
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
                let kept = (0..n)
                    .filter(|_| {
                        let noisy = crate::eval::perturb(&ctx.noise, &s, &mut rng);
                        let (_, d) = crate::eval::play_and_judge(&ctx, &state, &balls, noisy, &Call::None);
                        !d.foul && (d.next_shooter == 0 || d.winner == Some(0))
                    })
                    .count();
                kept as f64 / n as f64
            })
            .collect()
    }

    /// `master`'s measured breaks against its old ones (7 and 8.5 m/s with draw at the head ball
    /// from the middle of the head string). Offline (`examples/breaks.rs grid`, 1000 breaks per
    /// stroke, seed 11) the old 8.5 m/s stroke kept the table 12.1 % of the time in 8-ball and
    /// 43.8 % in 9-ball; the 9-ball ones 46 to 69 %. The 8-ball ones, the second-ball break
    /// from the side rail with side, 68 to 74 % (seed 31; without side 38 to 45 %). Here 200
    /// breaks each on other errors: every measured break against the better old one.
    #[test]
    fn masters_measured_breaks_keep_the_table_more_often_than_its_old_break() {
        let table = Table::default();
        let budget = Level::Master.budget();
        for (game, old_max, new_min) in [(Game::EightBall, 0.2, 0.65), (Game::NineBall, 0.52, 0.55)] {
            let ctx = Ctx::new(game, table, Params::default(), Level::Master.noise(), 0, 2);
            let rack = crate::table_ops::fresh_rack(game, &table);
            let mut new = Vec::new();
            let spots = break_placements(&ctx, &rack, &budget);
            // Each game's one measured break, from its spot.
            assert_eq!(spots.len(), 1, "{game:?}: {spots:?}");
            for cue in spots {
                assert!(cue[0] < table.head_string_x(), "{game:?}: {cue:?}");
                let mut balls = rack.clone();
                balls.push((BallId::CUE, cue));
                new.extend(break_strokes(&ctx, &balls, cue, &budget).into_iter().map(|s| (cue, s)));
            }
            assert_eq!(new.len(), measured_breaks(game, &budget).len(), "{game:?}");
            let cue = [table.head_string_x() - 0.03, 0.0];
            let head = rack.iter().min_by(|a, b| a.1[0].total_cmp(&b.1[0])).map(|b| b.1).unwrap_or([0.0; 2]);
            let phi = angle(unit(cue, head));
            let old: Vec<([f64; 2], Strike)> = [7.0, 8.5]
                .iter()
                .map(|&v| {
                    (cue, Strike { speed_mps: v, phi_rad: phi, theta_rad: BREAK_ELEVATION_RAD, a: 0.0, b: -0.15 })
                })
                .collect();
            let old_best = kept_share(game, &old, 200).into_iter().fold(0.0, f64::max);
            let shares = kept_share(game, &new, 200);
            assert!(old_best < old_max, "{game:?}: old {old_best}");
            assert!(shares.iter().all(|&s| s > new_min), "{game:?}: new {shares:?} (old {old_best})");
        }
        // `pro` keeps the old breaks.
        assert!(measured_breaks(Game::NineBall, &Level::Pro.budget()).is_empty());
    }
}
