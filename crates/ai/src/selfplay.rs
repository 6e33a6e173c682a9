//! `biljardi selfplay`: racks between AI levels with the real physics and referee, checking
//! invariants on every shot, summarised as contracts.md's JSON.

use crate::eval::{Ctx, play_and_judge};
use crate::level::Level;
use crate::player::{Player, mix};
use crate::table_ops::{self, dist, placement_ok};
use crate::view::{Action, TableView};
use biljardi_physics::{BALL_RADIUS_M, BallId, Params, Strike, Table};
use biljardi_rules::{BallInHand, Call, Decision, Game, GameState};
use serde::Serialize;
use std::collections::BTreeSet;
use std::fmt;
use std::time::Instant;

/// The 14.1 target of a self-play game (one "rack" of 14.1 is one game to this score).
pub const STRAIGHT_POOL_TARGET: i32 = 15;
/// Shots after which a rack without a winner counts as an invariant violation and ends.
pub const MAX_SHOTS: usize = 400;
/// 1.12 Draw - Stalemate: after this many shots without an object ball pocketed the referee
/// announces that the game is not progressing; if no ball drops in the next three innings of
/// each player, the game is a stalemate and is replayed from a new break (2.9, 3.11, 4.12, 9.12:
/// the original breaker breaks again; in 14.1 the lag, which the self-play gives the same
/// breaker). The 14.1 score starts again.
pub const STALL_SHOTS: u32 = 60;
/// Replays of one rack after stalemates before it counts as a violation (no result).
pub const MAX_REPLAYS: u32 = 3;

/// What `biljardi selfplay` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfplayArgs {
    pub game: Game,
    /// Player 0 (`wins[0]`) and player 1. Player 0 breaks the even racks (0, 2, ...).
    pub players: [Level; 2],
    pub racks: u32,
    pub seed: u64,
    pub table: Table,
    /// `--record DIR`: write every rack's match record there (`<game>-rack<NNNNN>.json`).
    pub record_dir: Option<std::path::PathBuf>,
}

/// A bad command-line value: `flag` names it (`game`, `players`, `racks`, `seed`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError {
    pub flag: &'static str,
    pub message: String,
}

impl fmt::Display for ArgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "--{}: {}", self.flag, self.message)
    }
}

impl std::error::Error for ArgError {}

impl SelfplayArgs {
    /// Parses the command line's strings: `--game 9ball --players pro,amateur --racks 100 --seed 7`.
    pub fn parse(game: &str, players: &str, racks: &str, seed: &str) -> Result<SelfplayArgs, ArgError> {
        let game = Game::parse(game).ok_or_else(|| ArgError {
            flag: "game",
            message: format!("unknown game {game:?} (expected 8ball, 9ball, 10ball or 14.1)"),
        })?;
        let parts: Vec<&str> = players.split(',').map(str::trim).collect();
        if parts.len() != 2 {
            return Err(ArgError {
                flag: "players",
                message: format!("expected two levels like pro,amateur, got {players:?}"),
            });
        }
        let mut ls = [Level::Amateur; 2];
        for (i, p) in parts.iter().enumerate() {
            ls[i] = p.parse().map_err(|message| ArgError { flag: "players", message })?;
        }
        let racks: u32 = racks.trim().parse().ok().filter(|r| *r >= 1).ok_or_else(|| ArgError {
            flag: "racks",
            message: format!("expected a whole number of racks >= 1, got {racks:?}"),
        })?;
        let seed: u64 = seed.trim().parse().map_err(|_| ArgError {
            flag: "seed",
            message: format!("expected a non-negative whole number, got {seed:?}"),
        })?;
        Ok(SelfplayArgs { game, players: ls, racks, seed, table: Table::default(), record_dir: None })
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DecisionMs {
    pub p50: f64,
    pub p95: f64,
    pub max: f64,
}

/// The summary printed by `biljardi selfplay`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Summary {
    pub racks: u32,
    pub wins: [u32; 2],
    pub fouls_per_rack: f64,
    /// Racks the breaker won without the opponent taking a shot.
    pub break_and_runs: u32,
    pub innings_per_rack: f64,
    pub decision_ms: DecisionMs,
    pub invariant_violations: u32,
    pub seed: u64,
    // Optional extras.
    pub game: String,
    pub players: [String; 2],
    /// Break-and-run rate of each player over the racks he broke.
    pub break_and_run_rate: [f64; 2],
    pub racks_broken: [u32; 2],
    pub shots_per_rack: f64,
    pub decisions: usize,
    pub panics: u32,
    /// Games declared a stalemate under 1.12 and replayed (not violations).
    pub stalemates: u32,
    /// The first violations, for debugging.
    pub violation_examples: Vec<String>,
    /// Spotted balls the referee placed overlapping another ball (`rules::spot` bug, moved
    /// clear by `table_ops`; not counted as violations of the AI's table).
    pub referee_spot_overlaps: u32,
    /// Fouls by rule number over all racks.
    pub fouls_by_rule: std::collections::BTreeMap<String, u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_score: Option<i32>,
}

/// Runs the subcommand; the JSON summary (one object and a newline) or an error message.
pub fn run(args: &SelfplayArgs) -> Result<String, String> {
    let s = summarize(args);
    serde_json::to_string(&s).map(|t| t + "\n").map_err(|e| e.to_string())
}

#[derive(Default)]
struct RackResult {
    winner: Option<u8>,
    fouls: u32,
    innings: u32,
    shots: u32,
    break_and_run: bool,
    violations: Vec<String>,
    fouls_by_rule: std::collections::BTreeMap<String, u32>,
    referee_overlaps: u32,
    stalemates: u32,
}

/// One judged shot of a self-play rack, for diagnoses (`examples/fouls.rs`): the state it was
/// played from, what the AI thought of it and the referee's decision.
pub struct ShotLog<'a> {
    pub rack: u32,
    pub state: &'a GameState,
    pub balls: &'a [(BallId, [f64; 2])],
    pub thought: &'a crate::player::Thought,
    pub decision: &'a Decision,
}

/// Plays every rack and gathers the figures.
pub fn summarize(args: &SelfplayArgs) -> Summary {
    summarize_observed(args, &mut |_| {})
}

/// `summarize`, calling `observe` after every judged shot (not options).
pub fn summarize_observed(args: &SelfplayArgs, observe: &mut dyn FnMut(ShotLog)) -> Summary {
    let mut wins = [0u32; 2];
    let (mut fouls, mut innings, mut shots, mut violations, mut panics) = (0u32, 0u32, 0u32, 0u32, 0u32);
    let mut bnr = [0u32; 2];
    let mut broken = [0u32; 2];
    let mut times: Vec<f64> = Vec::new();
    let mut examples: Vec<String> = Vec::new();
    let mut by_rule: std::collections::BTreeMap<String, u32> = std::collections::BTreeMap::new();
    let mut ref_overlaps = 0u32;
    let mut stalemates = 0u32;
    let bar = progress_bar(u64::from(args.racks), args.game);
    for r in 0..args.racks {
        bar.inc(1);
        let breaker = (r % 2) as u8;
        broken[breaker as usize] += 1;
        let mut local_times = Vec::new();
        let mut record = args.record_dir.as_ref().map(|_| {
            let target = (args.game == Game::StraightPool).then_some(STRAIGHT_POOL_TARGET);
            crate::record::new_record(args.game, args.table, args.players, target)
        });
        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            play_rack(args, r, breaker, &mut local_times, &mut record, observe)
        }));
        times.extend(local_times);
        let mut res = match res {
            Ok(res) => res,
            Err(_) => {
                panics += 1;
                RackResult { violations: vec![format!("rack {r}: panic")], ..RackResult::default() }
            }
        };
        if let (Some(dir), Some(rec)) = (&args.record_dir, &record)
            && let Err(e) = crate::record::save(dir, args.game, r, rec)
        {
            res.violations.push(format!("rack {r}: record not saved: {e}"));
        }
        if let Some(w) = res.winner {
            wins[w as usize & 1] += 1;
        }
        if res.break_and_run {
            bnr[breaker as usize] += 1;
        }
        fouls += res.fouls;
        stalemates += res.stalemates;
        ref_overlaps += res.referee_overlaps;
        for (k, n) in &res.fouls_by_rule {
            *by_rule.entry(k.clone()).or_insert(0) += n;
        }
        innings += res.innings;
        shots += res.shots;
        violations += res.violations.len() as u32;
        for v in res.violations {
            if examples.len() < 20 {
                examples.push(v);
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let pct = |q: f64| -> f64 {
        if times.is_empty() {
            return 0.0;
        }
        let i = ((times.len() as f64 - 1.0) * q).round() as usize;
        (times[i.min(times.len() - 1)] * 1000.0).round() / 1000.0
    };
    let n = args.racks.max(1) as f64;
    let rate = |i: usize| if broken[i] == 0 { 0.0 } else { bnr[i] as f64 / broken[i] as f64 };
    Summary {
        racks: args.racks,
        wins,
        fouls_per_rack: fouls as f64 / n,
        break_and_runs: bnr[0] + bnr[1],
        innings_per_rack: innings as f64 / n,
        decision_ms: DecisionMs { p50: pct(0.5), p95: pct(0.95), max: pct(1.0) },
        invariant_violations: violations,
        seed: args.seed,
        game: args.game.name().to_string(),
        players: [args.players[0].name().to_string(), args.players[1].name().to_string()],
        break_and_run_rate: [rate(0), rate(1)],
        racks_broken: broken,
        shots_per_rack: shots as f64 / n,
        decisions: times.len(),
        panics,
        stalemates,
        violation_examples: examples,
        referee_spot_overlaps: ref_overlaps,
        fouls_by_rule: by_rule,
        target_score: (args.game == Game::StraightPool).then_some(STRAIGHT_POOL_TARGET),
    }
}

fn objects(balls: &[(BallId, [f64; 2])]) -> BTreeSet<BallId> {
    balls.iter().map(|b| b.0).filter(|b| !b.is_cue()).collect()
}

/// Checks a table about to be played: distinct balls of the game, on the bed, not overlapping.
fn check_table(game: Game, table: &Table, balls: &[(BallId, [f64; 2])], out: &mut Vec<String>, at: &str) {
    // The physics' own test: inside the cushions or in a pocket's mouth short of the drop.
    let bed = biljardi_physics::Simulation::new(*table, Params::default(), Vec::new());
    let ids: BTreeSet<BallId> = balls.iter().map(|b| b.0).collect();
    if ids.len() != balls.len() {
        out.push(format!("{at}: a ball is on the table twice"));
    }
    for (i, (a, p)) in balls.iter().enumerate() {
        if !game.has_ball(*a) {
            out.push(format!("{at}: ball {a} is not in the game"));
        }
        if !bed.fits_on_bed(*p, 1e-6) {
            out.push(format!("{at}: ball {a} off the bed at {p:?}"));
        }
        for (b, q) in &balls[i + 1..] {
            if dist(*p, *q) < 2.0 * BALL_RADIUS_M - 1e-6 {
                out.push(format!("{at}: balls {a} and {b} overlap"));
            }
        }
    }
}

/// Checks a decision against itself and the running totals.
fn check_decision(game: Game, d: &Decision, score: [i32; 2], out: &mut Vec<String>, at: &str) {
    if d.next_shooter > 1 || d.state.shooter != d.next_shooter {
        out.push(format!("{at}: next shooter {} but state shooter {}", d.next_shooter, d.state.shooter));
    }
    if d.foul == d.fouls.is_empty() {
        out.push(format!("{at}: foul flag disagrees with the fouls"));
    }
    if d.game_over != d.winner.is_some() {
        out.push(format!("{at}: game over without a winner (or a winner without game over)"));
    }
    if d.options.len() != d.option_states.len() {
        out.push(format!("{at}: options without states"));
    }
    if game == Game::StraightPool {
        if d.state.score != score {
            out.push(format!("{at}: 14.1 score {:?} is not the sum of the points {:?}", d.state.score, score));
        }
        for (o, s) in &d.option_states {
            if s.score != score {
                out.push(format!("{at}: 14.1 score after {} is {:?}, points sum {:?}", o.name(), s.score, score));
            }
        }
    }
}

fn play_rack(
    args: &SelfplayArgs,
    rack: u32,
    breaker: u8,
    times: &mut Vec<f64>,
    record: &mut Option<biljardi_record::MatchRecord>,
    observe: &mut dyn FnMut(ShotLog),
) -> RackResult {
    let game = args.game;
    let table = args.table;
    let params = Params::default();
    let players = [Player::new(args.players[0]), Player::new(args.players[1])];
    let mut res = RackResult { innings: 1, ..RackResult::default() };
    let mut state = GameState::new_rack(breaker);
    if game == Game::StraightPool {
        state.target_score = Some(STRAIGHT_POOL_TARGET);
    }
    let mut balls = table_ops::fresh_rack(game, &table);
    let all: BTreeSet<BallId> = objects(&balls);
    let mut down: BTreeSet<BallId> = BTreeSet::new();
    let mut score = [0i32; 2];
    let mut last_shooter = breaker;
    let mut shooters: BTreeSet<u8> = BTreeSet::new();
    let mut pending: Option<(Decision, Vec<(BallId, [f64; 2])>)> = None;
    let ctx = Ctx::new(game, table, params, args.players[0].noise(), 0, 1);
    let v = &mut res.violations;
    // 1.12: shots since an object ball was pocketed, the innings count when the referee
    // announced no progress, and shots of this game (since its last replay).
    let (mut since_pot, mut announced, mut game_shots) = (0u32, None::<u32>, 0usize);
    for step in 0..MAX_SHOTS * 2 * (MAX_REPLAYS as usize + 1) {
        let at = format!("rack {rack} step {step}");
        let seed = mix(args.seed, rack as u64, step as u64);
        if let Some((d, resting)) = pending.take() {
            let view = TableView {
                game,
                table,
                params,
                state: d.state.clone(),
                balls: resting.clone(),
                pending: Some(d.clone()),
            };
            let t0 = Instant::now();
            let action = players[d.next_shooter as usize & 1].decide(&view, seed);
            times.push(t0.elapsed().as_secs_f64() * 1000.0);
            let (s, b) = match action {
                Action::ChooseOption(o) => {
                    if !d.options.contains(&o) {
                        v.push(format!("{at}: chose {} which was not offered", o.name()));
                    }
                    if let Some(r) = record.as_mut() {
                        r.choose_option(o, None);
                    }
                    table_ops::apply(game, &table, &d, &resting, Some(o))
                }
                Action::RequestSpot { ball } => {
                    if !d.request_spot.contains(&ball) {
                        v.push(format!("{at}: asked to spot {ball}, not a candidate"));
                    }
                    if let Some(r) = record.as_mut() {
                        r.choose_option(biljardi_rules::GameOption::RequestSpot, Some(ball));
                    }
                    let (s, b) =
                        table_ops::apply(game, &table, &d, &resting, Some(biljardi_rules::GameOption::RequestSpot));
                    let b = table_ops::request_spot(&table, &b, ball);
                    (s, b)
                }
                Action::Shoot { .. } => {
                    v.push(format!("{at}: shot when an option was due"));
                    table_ops::apply(game, &table, &d, &resting, None)
                }
            };
            if s.is_break {
                down.clear();
            }
            state = s;
            balls = b;
            check_table(game, &table, &balls, v, &at);
            continue;
        }
        if game_shots >= MAX_SHOTS {
            v.push(format!("{at}: no winner after {MAX_SHOTS} shots"));
            break;
        }
        if let Some(at_innings) = announced
            && res.innings >= at_innings + 6
        {
            // Three innings each without a ball down after the announcement: a stalemate.
            res.stalemates += 1;
            if res.stalemates > MAX_REPLAYS {
                v.push(format!("{at}: {} stalemates in a row", res.stalemates));
                break;
            }
            state = GameState::new_rack(breaker);
            if game == Game::StraightPool {
                state.target_score = Some(STRAIGHT_POOL_TARGET);
            }
            balls = table_ops::fresh_rack(game, &table);
            down.clear();
            score = [0, 0];
            (since_pot, announced, game_shots) = (0, None, 0);
            shooters.clear();
            last_shooter = breaker;
            continue;
        }
        // Conservation: every ball of the game is on the table or down, never both.
        let on = objects(&balls);
        if on.intersection(&down).next().is_some() || on.union(&down).count() != all.len() {
            v.push(format!("{at}: balls not conserved (on {} + down {} != {})", on.len(), down.len(), all.len()));
        }
        let shooter = state.shooter & 1;
        let view = TableView::shot(game, table, state.clone(), balls.clone());
        let t0 = Instant::now();
        let thought = players[shooter as usize].think(&view, seed);
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        let Action::Shoot { call, strike, cue_ball_placement } = thought.action.clone() else {
            v.push(format!("{at}: chose an option with none offered"));
            break;
        };
        let cue_on = balls.iter().any(|b| b.0.is_cue());
        let placement = state.placement();
        if placement != BallInHand::None || !cue_on {
            let bih = if placement == BallInHand::None { BallInHand::Anywhere } else { placement };
            balls.retain(|b| !b.0.is_cue());
            match cue_ball_placement {
                Some(p) if placement_ok(&table, &balls, bih, p) => balls.push((BallId::CUE, p)),
                other => {
                    v.push(format!("{at}: bad cue ball placement {other:?} ({bih:?})"));
                    let p =
                        crate::shots::placements(&ctx, &state, &balls, bih, 1).first().copied().unwrap_or([-1.0, 0.0]);
                    balls.push((BallId::CUE, p));
                }
            }
        } else if cue_ball_placement.is_some() {
            v.push(format!("{at}: placed the cue ball without ball in hand"));
        }
        check_table(game, &table, &balls, v, &at);
        // The stick clears the balls and the rail behind the cue ball: no stroke through them.
        let floor = crate::eval::playable(&table, &balls, strike).theta_rad;
        if floor > strike.theta_rad {
            v.push(format!(
                "{at}: struck at {:.1} deg, under the cue's clearance {:.1} deg",
                strike.theta_rad.to_degrees(),
                floor.to_degrees()
            ));
        }
        if shooter != last_shooter {
            res.innings += 1;
            last_shooter = shooter;
        }
        shooters.insert(shooter);
        res.shots += 1;
        game_shots += 1;
        let (played, d) = play_and_judge(&ctx, &state, &balls, strike, &call);
        observe(ShotLog { rack, state: &state, balls: &balls, thought: &thought, decision: &d });
        if let Some(r) = record.as_mut() {
            let in_hand = placement != BallInHand::None || !cue_on;
            r.push_shot(crate::record::shot(rack, &state, &balls, in_hand, &call, strike, &played, &d, &table));
        }
        // The physics conserves balls: each is resting, pocketed or off the table.
        let before = objects(&balls);
        let resting = played.resting();
        let after = objects(&resting);
        let gone: BTreeSet<BallId> = played
            .finals
            .iter()
            .filter(|(id, f)| !id.is_cue() && !matches!(f, biljardi_physics::BallFate::OnTable { .. }))
            .map(|f| f.0)
            .collect();
        if after.union(&gone).count() != before.len() || after.intersection(&gone).next().is_some() {
            v.push(format!("{at}: the shot lost or made balls"));
        }
        down.extend(gone.iter().copied());
        let potted = played
            .finals
            .iter()
            .any(|(id, f)| !id.is_cue() && matches!(f, biljardi_physics::BallFate::Pocketed { .. }));
        // Progress (1.12) is a ball pocketed legally.
        if potted && !d.foul {
            (since_pot, announced) = (0, None);
        } else {
            since_pot += 1;
            if since_pot >= STALL_SHOTS && announced.is_none() {
                announced = Some(res.innings);
            }
        }
        for (s, p) in score.iter_mut().zip(d.points) {
            *s += p;
        }
        if d.foul {
            res.fouls += 1;
            for f in &d.fouls {
                *res.fouls_by_rule.entry(f.rule.to_string()).or_insert(0) += 1;
            }
        }
        check_decision(game, &d, score, v, &at);
        if d.game_over {
            res.winner = d.winner;
            res.break_and_run = d.winner == Some(breaker) && shooters.len() == 1;
            return res;
        }
        for p in &d.placed {
            down.remove(&p.id);
        }
        for b in &d.rerack_balls {
            down.remove(b);
        }
        if !d.options.is_empty() {
            pending = Some((d, resting));
            continue;
        }
        let (s, b) = table_ops::apply(game, &table, &d, &resting, None);
        if s.is_break {
            down.clear();
        }
        if !s.is_break && !d.rerack {
            // Count the referee's own placements that overlapped (table_ops moves them).
            let mut raw = resting.clone();
            for p in &d.placed {
                raw.retain(|b| b.0 != p.id);
                raw.push((p.id, p.pos));
            }
            if d.placed.iter().any(|p| table_ops::overlaps(&raw, p.id)) {
                res.referee_overlaps += 1;
            }
        }
        state = s;
        balls = b;
        let n = v.len();
        check_table(game, &table, &balls, v, &at);
        if v.len() > n {
            v.push(format!(
                "{at}: after rules {:?} spot {:?} placed {:?} rerack {:?} resting {:?}",
                d.rules, d.spot, d.placed, d.rerack_balls, resting
            ));
        }
    }
    if res.winner.is_none() && !v.iter().any(|m| m.contains("no winner")) {
        v.push(format!("rack {rack}: ended without a winner"));
    }
    res
}

/// A random open table of `game`'s balls (none overlapping, none in a pocket's mouth), the
/// cue ball in hand: the start of a run-out trial.
pub fn random_open_table(game: Game, table: &Table, seed: u64) -> Vec<(BallId, [f64; 2])> {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (hl, hw) = (table.half_length() - 2.0 * BALL_RADIUS_M, table.half_width() - 2.0 * BALL_RADIUS_M);
    let mut out: Vec<(BallId, [f64; 2])> = Vec::new();
    for n in 1..=game.max_ball() {
        let Some(id) = BallId::object(n) else { continue };
        loop {
            let p = [rng.random_range(-hl..hl), rng.random_range(-hw..hw)];
            let near_pocket = table.pockets().iter().any(|pk| dist(pk.mouth_centre, p) < 0.12);
            if !near_pocket && out.iter().all(|(_, q)| dist(*q, p) > 2.0 * BALL_RADIUS_M + 0.005) {
                out.push((id, p));
                break;
            }
        }
    }
    out
}

/// One run-out trial: `level` has ball in hand on a random open table and plays until it wins
/// (true) or gives up the table (false).
pub fn runout_trial(game: Game, level: Level, seed: u64, times: &mut Vec<f64>) -> bool {
    let table = Table::default();
    let params = Params::default();
    let player = Player::new(level);
    let mut balls = random_open_table(game, &table, seed);
    let mut state =
        GameState { shooter: 0, ball_in_hand: BallInHand::Anywhere, breaker: Some(1), ..GameState::default() };
    let ctx = Ctx::new(game, table, params, level.noise(), 0, 1);
    for step in 0..40u64 {
        let view = TableView::shot(game, table, state.clone(), balls.clone());
        let t0 = Instant::now();
        let action = player.decide(&view, mix(seed, 77, step));
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        let Action::Shoot { call, strike, cue_ball_placement } = action else { return false };
        let (d, next) = play_on(&ctx, &state, &balls, &call, strike, cue_ball_placement);
        match next {
            Some((s, b)) => (state, balls) = (s, b),
            None => return d.game_over && d.winner == Some(0),
        }
    }
    false
}

/// One shot of a run-out by player 0: the cue ball put at `placement` (when in hand), the
/// stroke played and judged; with the decision, the position after it while player 0 stays at
/// the table (no foul, no option to choose, the game not over), else `None`. The run-out
/// trials and the examples that replay them (`diag`, `timing`, `quality`) step with it.
pub fn play_on(
    ctx: &Ctx,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    call: &Call,
    strike: Strike,
    placement: Option<[f64; 2]>,
) -> (Decision, Option<(GameState, Vec<(BallId, [f64; 2])>)>) {
    let mut balls = balls.to_vec();
    if let Some(p) = placement {
        balls.retain(|b| !b.0.is_cue());
        balls.push((BallId::CUE, p));
    }
    let (played, d) = play_and_judge(ctx, state, &balls, strike, call);
    if d.game_over || d.next_shooter != 0 || d.foul || !d.options.is_empty() {
        return (d, None);
    }
    let next = table_ops::apply(ctx.game, &ctx.table, &d, &played.resting(), None);
    (d, Some(next))
}

/// How one break-and-run trial went, for telling the break's share of the failures from the
/// run's (`examples/breaks.rs`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BreakRun {
    /// The breaker was still at the table after the break shot (and any option it chose).
    pub break_kept: bool,
    /// Shots the breaker played, the break included.
    pub shots: u32,
    /// The breaker won the rack without the opponent taking a shot or a choice.
    pub won: bool,
    /// The kind of the breaker's last shot and the value and success its search expected.
    pub last: Option<(crate::ShotKind, f64, f64)>,
}

/// One break-and-run trial: `level` breaks a fresh rack of `game` and plays on while it keeps
/// the table; true if it wins the rack without the opponent taking a shot or a choice.
pub fn break_and_run_trial(game: Game, level: Level, seed: u64, times: &mut Vec<f64>) -> bool {
    break_and_run_detail(game, level, seed, times).won
}

/// [`break_and_run_trial`] with how far the rack got.
pub fn break_and_run_detail(game: Game, level: Level, seed: u64, times: &mut Vec<f64>) -> BreakRun {
    let table = Table::default();
    let params = Params::default();
    let player = Player::new(level);
    let mut balls = table_ops::fresh_rack(game, &table);
    let mut state = GameState::new_rack(0);
    if game == Game::StraightPool {
        state.target_score = Some(STRAIGHT_POOL_TARGET);
    }
    let ctx = Ctx::new(game, table, params, level.noise(), 0, 1);
    let mut pending: Option<(Decision, Vec<(BallId, [f64; 2])>)> = None;
    let mut run = BreakRun::default();
    for step in 0..60u64 {
        let seed = mix(seed, 91, step);
        if let Some((d, resting)) = pending.take() {
            // The breaker's own choice (a push out after a pocketed break, for instance).
            if d.next_shooter != 0 {
                return run;
            }
            let view = TableView {
                game,
                table,
                params,
                state: d.state.clone(),
                balls: resting.clone(),
                pending: Some(d.clone()),
            };
            let (s, b) = match player.decide(&view, seed) {
                Action::ChooseOption(o) => table_ops::apply(game, &table, &d, &resting, Some(o)),
                Action::RequestSpot { ball } => {
                    let (s, b) =
                        table_ops::apply(game, &table, &d, &resting, Some(biljardi_rules::GameOption::RequestSpot));
                    (s, table_ops::request_spot(&table, &b, ball))
                }
                Action::Shoot { .. } => return run,
            };
            state = s;
            balls = b;
            continue;
        }
        let view = TableView::shot(game, table, state.clone(), balls.clone());
        let t0 = Instant::now();
        let thought = player.think(&view, seed);
        times.push(t0.elapsed().as_secs_f64() * 1000.0);
        run.last = thought.kind.map(|k| (k, thought.value, thought.success));
        let Action::Shoot { call, strike, cue_ball_placement } = thought.action else { return run };
        if let Some(p) = cue_ball_placement {
            balls.retain(|b| !b.0.is_cue());
            balls.push((BallId::CUE, p));
        }
        let (played, d) = play_and_judge(&ctx, &state, &balls, strike, &call);
        run.shots += 1;
        if d.game_over {
            run.won = d.winner == Some(0);
            run.break_kept |= run.won;
            return run;
        }
        if d.foul || d.next_shooter != 0 {
            return run;
        }
        // Kept after the break unless an option it must choose hands the table over.
        run.break_kept |= run.shots == 1;
        if !d.options.is_empty() {
            pending = Some((d, played.resting()));
            continue;
        }
        let (s, b) = table_ops::apply(game, &table, &d, &played.resting(), None);
        state = s;
        balls = b;
    }
    run
}

/// Racks played, on stderr when a person watches (stderr is a terminal); hidden otherwise, so
/// scripts get the JSON summary alone.
fn progress_bar(racks: u64, game: Game) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(racks);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} racks {msg} {eta}") {
        bar.set_style(style);
    }
    bar.set_message(game.name());
    bar
}
