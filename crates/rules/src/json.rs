//! `biljardi referee` (contracts.md): parse and check the JSON input, judge, print the decision.
//! The referee trusts nothing it is given: unknown games or balls, balls off the bed or on top
//! of each other, impossible states, events out of order or naming balls not in play, and events
//! that contradict the final positions are all bad input (exit 2 at the CLI).

use crate::ball_set::BallSet;
use crate::call::Call;
use crate::decision::Decision;
use crate::game::{BallInHand, Game, Group};
use crate::judge::judge;
use crate::record::{RecordBuilder, ShotRecord};
use crate::state::GameState;
use biljardi_physics::validate::{Bed, MAX_BALLS, clip, clip_text};
use biljardi_physics::{BALL_RADIUS_M, BallFate, BallId, Event, EventKind, FinalBall, InputError, PocketId, Table};
use biljardi_physics::{input::number, parse_table};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// Overlap allowed between two resting balls before the input is rejected, m. The physics keeps
/// overlaps under 1e-9 m; hand-written positions get a little more slack.
const OVERLAP_TOL_M: f64 = 1e-6;
/// Largest 14.1 score or target accepted; keeps the arithmetic far from overflow.
const MAX_SCORE: i32 = 1_000_000;
/// Most events accepted for one shot: five times the physics' own cut-off (20 000), so any
/// shot `sim` prints fits and a judged input stays far under a second.
const MAX_EVENTS: usize = 100_000;

/// A checked referee input.
#[derive(Clone, Debug)]
pub struct RefereeInput {
    pub game: Game,
    pub table: Table,
    pub state: GameState,
    /// Every ball on the bed before the shot.
    pub balls: Vec<(BallId, [f64; 2])>,
    pub call: Call,
    pub record: ShotRecord,
}

/// The whole `biljardi referee`: JSON text in, the decision as JSON text (with a trailing
/// newline) out, or the bad input's field and what is wrong with it.
pub fn run(text: &str) -> Result<String, InputError> {
    let v: Value = serde_json::from_str(text).map_err(|e| InputError::new("", format!("invalid JSON: {e}")))?;
    let input = parse(&v)?;
    let d = decide(&input);
    if let Some(b) = d.spot.iter().find(|b| !d.placed.iter().any(|p| p.id == **b)) {
        // 1.4 on a table too small for its balls: a clear refusal, not two balls on one spot.
        return Err(InputError::new(
            "table",
            format!("the table cannot hold the balls: no free place to spot ball {b} (1.4)"),
        ));
    }
    let mut out = serde_json::to_string_pretty(&d).map_err(|e| InputError::new("", e.to_string()))?;
    out.push('\n');
    Ok(out)
}

/// Judges a checked input.
pub fn decide(input: &RefereeInput) -> Decision {
    judge(input.game, &input.table, &input.state, &input.record, &input.call)
}

/// Parses and checks the contract's input.
pub fn parse(v: &Value) -> Result<RefereeInput, InputError> {
    let root = v.as_object().ok_or_else(|| InputError::new("", "expected a JSON object"))?;
    let game = match root.get("game") {
        Some(Value::String(s)) => Game::parse(s).ok_or_else(|| {
            InputError::new(
                "game",
                format!("unknown game {s:?} (expected \"8ball\", \"9ball\", \"10ball\" or \"14.1\")"),
            )
        })?,
        Some(other) => return Err(InputError::new("game", format!("expected a game name, got {other}"))),
        None => return Err(InputError::new("game", "missing")),
    };
    let table = parse_table(root.get("table"), "table")?;
    // The same check of positions as `sim` (1e-9 m off the bed), with the referee's slack for
    // hand-written touching balls.
    let bed = Bed::new(&table, BALL_RADIUS_M).with_overlap_tolerance(OVERLAP_TOL_M);
    let state = parse_state(root.get("state"), game)?;
    let (balls, moving) = parse_balls(root.get("balls"), game, &bed)?;
    let on_table: BallSet = balls.iter().map(|(b, _)| *b).collect();
    check_position(game, &state, on_table)?;
    let call = parse_call(root.get("call"), game, &state, on_table)?;

    let mut builder = RecordBuilder::new(&table, &balls);
    for id in moving.iter() {
        builder.moving(id);
    }
    for (i, id) in call.frozen.iter().enumerate() {
        if !builder.frozen(*id) {
            return Err(InputError::new(
                format!("call.frozen[{i}]"),
                format!("ball {id} touches neither a rail nor the cue ball, so it cannot be frozen (6.7, 8.4)"),
            ));
        }
    }
    if let Some(t) = root.get("shot_time").filter(|t| !t.is_null()) {
        let t = number(t, "shot_time")?;
        if t < 0.0 {
            return Err(InputError::new("shot_time", "must not be negative"));
        }
        builder.time_used(t);
    }
    let present = |k: &str| root.get(k).is_some_and(|v| !v.is_null());
    let (events, finals) = match root.get("shot").filter(|s| !s.is_null()) {
        Some(shot) => simulate(root, shot)?,
        // contracts.md: `events` and `final` come together, or a `shot` instead; neither is bad.
        None if !present("events") => {
            return Err(InputError::new(
                "events",
                "missing: give `events` and `final` as printed by `sim`, or a `shot`",
            ));
        }
        None if !present("final") => {
            return Err(InputError::new("final", "missing: `events` and `final` are required together"));
        }
        None => (
            parse_events(root.get("events"), on_table, [BallId::CUE].into_iter().collect())?,
            parse_final(root.get("final"), on_table, &bed)?,
        ),
    };
    check_consistency(&events, &finals)?;
    for e in &events {
        builder.push(e);
    }
    let record = builder.finish(&finals);
    check_after(&record, &bed)?;
    let call = if call.obvious { Call::obvious(&record) } else { call.call };
    Ok(RefereeInput { game, table, state, balls, call, record })
}

fn field<T: DeserializeOwned>(v: &Value, name: &str) -> Result<T, InputError> {
    // serde's message quotes the bad value whole: cut it.
    serde_json::from_value(v.clone()).map_err(|e| InputError::new(name, clip_text(&e.to_string(), 160)))
}

fn parse_state(v: Option<&Value>, game: Game) -> Result<GameState, InputError> {
    let mut s = GameState::default();
    let obj = match v {
        None | Some(Value::Null) => return Ok(s),
        Some(Value::Object(o)) => o,
        Some(other) => return Err(InputError::new("state", format!("expected an object, got {other}"))),
    };
    let get = |k: &str| obj.get(k).filter(|x| !x.is_null());
    if let Some(x) = get("shooter") {
        s.shooter = player(x, "state.shooter")?;
    }
    if let Some(x) = get("break") {
        s.is_break = field(x, "state.break")?;
    }
    if let Some(x) = get("push_out_allowed") {
        s.push_out_allowed = field(x, "state.push_out_allowed")?;
    }
    if let Some(x) = get("open_table") {
        s.open_table = field(x, "state.open_table")?;
    }
    if let Some(x) = get("groups") {
        s.groups = field::<[Option<Group>; 2]>(x, "state.groups")?;
    }
    if let Some(x) = get("fouls") {
        s.fouls = field(x, "state.fouls")?;
    }
    if let Some(x) = get("score") {
        s.score = field(x, "state.score")?;
        if s.score.iter().any(|p| p.abs() > MAX_SCORE) {
            return Err(InputError::new("state.score", format!("scores beyond +-{MAX_SCORE} are not a game")));
        }
    }
    if let Some(x) = get("ball_in_hand") {
        s.ball_in_hand = field::<BallInHand>(x, "state.ball_in_hand")?;
    }
    if let Some(x) = get("breaker") {
        s.breaker = Some(player(x, "state.breaker")?);
    }
    if let Some(x) = get("target_score") {
        let t: i32 = field(x, "state.target_score")?;
        if t <= 0 || t > MAX_SCORE {
            return Err(InputError::new("state.target_score", format!("must be between 1 and {MAX_SCORE}")));
        }
        s.target_score = Some(t);
    }
    if let Some(x) = get("warned") {
        s.warned = field(x, "state.warned")?;
    }
    if let Some(x) = get("shot_clock_s") {
        let t = number(x, "state.shot_clock_s")?;
        if t <= 0.0 {
            return Err(InputError::new("state.shot_clock_s", "must be positive"));
        }
        s.shot_clock_s = Some(t);
    }
    // Impossible states.
    if game.three_foul_rule() && s.fouls.iter().any(|f| *f >= 3) {
        return Err(InputError::new("state.fouls", "three consecutive fouls already ended the game (6.14)"));
    }
    let rotation = matches!(game, Game::NineBall | Game::TenBall);
    if s.push_out_allowed && !rotation {
        return Err(InputError::new("state.push_out_allowed", "only 9-ball and 10-ball have a push out"));
    }
    if s.push_out_allowed && s.is_break {
        return Err(InputError::new("state.push_out_allowed", "the push out is the shot after the break"));
    }
    if s.push_out_allowed && s.ball_in_hand != BallInHand::None {
        return Err(InputError::new(
            "state.ball_in_hand",
            "a push out follows a break without a foul, so the cue ball is not in hand",
        ));
    }
    if game == Game::EightBall {
        match (s.open_table, s.groups) {
            (true, [None, None]) => {}
            (true, _) => return Err(InputError::new("state.groups", "groups are set only once the table is closed")),
            (false, [Some(a), Some(b)]) if a != b && !s.is_break => {}
            (false, _) if s.is_break => {
                return Err(InputError::new("state.open_table", "the table is open on the break (3.3 c)"));
            }
            (false, _) => return Err(InputError::new("state.groups", "a closed table needs one group per player")),
        }
    }
    Ok(s)
}

fn player(v: &Value, name: &str) -> Result<u8, InputError> {
    match v.as_u64() {
        Some(n @ 0..=1) => Ok(n as u8),
        _ => Err(InputError::new(name, format!("expected 0 or 1, got {v}"))),
    }
}

fn vec_n(v: &Value, n: usize, name: &str) -> Result<Vec<f64>, InputError> {
    let arr = v.as_array().filter(|a| a.len() == n || (n == 2 && a.len() == 3));
    let arr = arr.ok_or_else(|| InputError::new(name, format!("expected {n} numbers, got {v}")))?;
    arr.iter().enumerate().map(|(i, x)| number(x, &format!("{name}[{i}]"))).collect()
}

fn ball_id(v: Option<&Value>, game: Game, name: &str) -> Result<BallId, InputError> {
    let s = v.and_then(Value::as_str).ok_or_else(|| InputError::new(name, "expected a ball id"))?;
    let id = BallId::parse(s)
        .ok_or_else(|| InputError::new(name, format!("unknown ball {s:?} (expected \"cue\" or \"1\"..\"15\")")))?;
    if !game.has_ball(id) {
        return Err(InputError::new(name, format!("ball {s} is not used in {}", game.name())));
    }
    Ok(id)
}

fn parse_balls(v: Option<&Value>, game: Game, bed: &Bed) -> Result<(Vec<(BallId, [f64; 2])>, BallSet), InputError> {
    let arr = v.and_then(Value::as_array).ok_or_else(|| InputError::new("balls", "expected an array of balls"))?;
    if arr.len() > MAX_BALLS {
        return Err(InputError::new("balls", format!("at most {MAX_BALLS} balls, got {}", arr.len())));
    }
    let mut out: Vec<(BallId, [f64; 2])> = Vec::with_capacity(arr.len());
    let mut seen = BallSet::EMPTY;
    let mut moving = BallSet::EMPTY;
    for (i, b) in arr.iter().enumerate() {
        let name = format!("balls[{i}]");
        let obj = b.as_object().ok_or_else(|| InputError::new(&name, "expected an object"))?;
        let id = ball_id(obj.get("id"), game, &format!("{name}.id"))?;
        if seen.contains(id) {
            return Err(InputError::new(format!("{name}.id"), format!("ball {id} is listed twice")));
        }
        seen.insert(id);
        let pos_name = format!("{name}.pos");
        let p = vec_n(obj.get("pos").unwrap_or(&Value::Null), 2, &pos_name)?;
        let p = [p[0], p[1]];
        // The physics' one check (the same as `sim`): on the bed or in a pocket's mouth, apart.
        bed.check(&pos_name, id, p, &out)?;
        for key in ["v", "w"] {
            if let Some(x) = obj.get(key).filter(|x| !x.is_null()) {
                let vv = vec_n(x, 3, &format!("{name}.{key}"))?;
                if vv.iter().any(|c| *c != 0.0) {
                    moving.insert(id);
                }
            }
        }
        out.push((id, p));
    }
    Ok((out, moving))
}

/// The balls before the shot must make a position the game can reach.
fn check_position(game: Game, state: &GameState, on: BallSet) -> Result<(), InputError> {
    if !on.contains(BallId::CUE) {
        return Err(InputError::new("balls", "the cue ball is not on the table (place it where it is played from)"));
    }
    if on.objects().is_empty() {
        return Err(InputError::new("balls", "no object ball is on the table"));
    }
    if let Some(gb) = game.game_ball()
        && !on.contains(gb)
    {
        return Err(InputError::new("balls", format!("the {gb} is not on the table: the game is over")));
    }
    if game == Game::StraightPool {
        if on.objects().len() < 2 {
            return Err(InputError::new("balls", "14.1 reracks before a single object ball is left (4.8)"));
        }
        if state.score.iter().any(|s| *s >= state.target()) {
            return Err(InputError::new("state.score", "a player already has the target score: the game is over"));
        }
    }
    if state.is_break && on.objects().len() < game.max_ball() as usize {
        return Err(InputError::new("balls", format!("a break needs the full rack of {} balls", game.max_ball())));
    }
    Ok(())
}

/// The `call` object as given: the call itself, whether it was the obvious one left unnamed
/// (resolved once the shot is known), and the balls declared frozen.
struct ParsedCall {
    call: Call,
    obvious: bool,
    frozen: Vec<BallId>,
}

fn parse_call(v: Option<&Value>, game: Game, state: &GameState, on: BallSet) -> Result<ParsedCall, InputError> {
    let obj = match v {
        None | Some(Value::Null) => return Ok(ParsedCall { call: Call::None, obvious: false, frozen: Vec::new() }),
        Some(Value::Object(o)) => o,
        Some(other) => {
            return Err(InputError::new("call", format!("expected an object or null, got {}", clip(other))));
        }
    };
    let flag = |k: &str| -> Result<bool, InputError> {
        match obj.get(k) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => {
                Err(InputError::new(format!("call.{k}"), format!("expected true or false, got {}", clip(other))))
            }
        }
    };
    let frozen = match obj.get("frozen") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(a)) => {
            let mut out: Vec<BallId> = Vec::with_capacity(a.len().min(MAX_BALLS));
            for (i, b) in a.iter().enumerate() {
                let name = format!("call.frozen[{i}]");
                let id = ball_id(Some(b), game, &name)?;
                if !on.contains(id) {
                    return Err(InputError::new(name, format!("ball {id} is not on the table")));
                }
                if out.contains(&id) {
                    return Err(InputError::new(name, format!("ball {id} is listed twice")));
                }
                out.push(id);
            }
            out
        }
        Some(other) => {
            return Err(InputError::new("call.frozen", format!("expected an array of ball ids, got {}", clip(other))));
        }
    };
    let named = |k: &str| obj.get(k).is_some_and(|x| !x.is_null());
    let done = |call: Call, obvious: bool| Ok(ParsedCall { call, obvious, frozen: frozen.clone() });
    if flag("push_out")? {
        if !matches!(game, Game::NineBall | Game::TenBall) {
            return Err(InputError::new("call.push_out", "only 9-ball and 10-ball have a push out (2.4, 9.4)"));
        }
        if !state.push_out_allowed {
            return Err(InputError::new(
                "call.push_out",
                "a push out is only allowed on the shot after a break without a foul (state.push_out_allowed)",
            ));
        }
        return done(Call::push_out(), false);
    }
    if flag("safety")? {
        return done(Call::safety(), false);
    }
    if flag("obvious")? {
        // 1.6: the obvious ball and pocket are left unnamed; naming them too says two things.
        if named("ball") || named("pocket") {
            return Err(InputError::new("call.obvious", "an obvious call names no ball or pocket (1.6)"));
        }
        return done(Call::None, true);
    }
    match obj.get("ball").filter(|b| !b.is_null()) {
        None if named("pocket") => {
            Err(InputError::new("call.pocket", "a called pocket needs a called ball (1.6: ball and pocket)"))
        }
        None => done(Call::None, false),
        Some(b) => {
            let ball = ball_id(Some(b), game, "call.ball")?;
            if ball.is_cue() || !on.contains(ball) {
                return Err(InputError::new("call.ball", format!("ball {ball} is not an object ball on the table")));
            }
            let pocket = match obj.get("pocket").filter(|p| !p.is_null()) {
                None => None,
                Some(p) => Some(p.as_str().and_then(PocketId::parse).ok_or_else(|| {
                    InputError::new(
                        "call.pocket",
                        format!("unknown pocket {} (expected head_left, ..., foot_right)", clip(p)),
                    )
                })?),
            };
            done(Call::Ball { ball, pocket }, false)
        }
    }
}

/// `struck`: the balls the cue may strike (the cue ball; in a lag both lag balls).
pub(crate) fn parse_events(v: Option<&Value>, on: BallSet, struck: BallSet) -> Result<Vec<Event>, InputError> {
    let arr = match v {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(a)) => a,
        Some(other) => return Err(InputError::new("events", format!("expected an array, got {}", clip(other)))),
    };
    if arr.len() > MAX_EVENTS {
        return Err(InputError::new("events", format!("at most {MAX_EVENTS} events, got {}", arr.len())));
    }
    let mut out: Vec<Event> = Vec::with_capacity(arr.len());
    let mut gone = BallSet::EMPTY;
    let mut last_t = 0.0;
    for (i, e) in arr.iter().enumerate() {
        let name = format!("events[{i}]");
        let ev: Event = field(e, &name)?;
        if !ev.t.is_finite() || ev.t < 0.0 {
            return Err(InputError::new(format!("{name}.t"), format!("bad time {}", ev.t)));
        }
        if ev.t < last_t {
            return Err(InputError::new(
                format!("{name}.t"),
                format!("time {} is before the previous event's {last_t}", ev.t),
            ));
        }
        last_t = ev.t;
        let balls = ev.kind.balls();
        for b in &balls {
            if !on.contains(*b) {
                return Err(InputError::new(&name, format!("ball {b} is not on the table")));
            }
            if gone.contains(*b) {
                return Err(InputError::new(&name, format!("ball {b} already left play earlier in the shot")));
            }
        }
        for (b, k) in &ev.state {
            if !on.contains(*b) {
                return Err(InputError::new(format!("{name}.state"), format!("ball {b} is not on the table")));
            }
            if k.pos.iter().chain(&k.v).chain(&k.w).any(|x| !x.is_finite()) {
                return Err(InputError::new(format!("{name}.state.{b}"), "numbers must be finite"));
            }
        }
        match ev.kind {
            EventKind::BallBall { balls: [a, b] } if a == b => {
                return Err(InputError::new(format!("{name}.balls"), "a ball cannot hit itself"));
            }
            EventKind::Strike { ball } | EventKind::Miscue { ball } if !struck.contains(ball) => {
                return Err(InputError::new(format!("{name}.ball"), "the cue may only strike the cue ball (6.6)"));
            }
            EventKind::Pocket { ball, .. } | EventKind::OffTable { ball } => gone.insert(ball),
            _ => {}
        }
        out.push(ev);
    }
    Ok(out)
}

pub(crate) fn parse_final(v: Option<&Value>, on: BallSet, bed: &Bed) -> Result<Vec<FinalBall>, InputError> {
    let arr = match v {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(a)) => a,
        Some(other) => return Err(InputError::new("final", format!("expected an array, got {}", clip(other)))),
    };
    let mut out: Vec<FinalBall> = Vec::with_capacity(arr.len());
    let mut seen = BallSet::EMPTY;
    for (i, f) in arr.iter().enumerate() {
        let name = format!("final[{i}]");
        let fb: FinalBall = field(f, &name)?;
        if !on.contains(fb.id) {
            return Err(InputError::new(format!("{name}.id"), format!("ball {} was not on the table", fb.id)));
        }
        if seen.contains(fb.id) {
            return Err(InputError::new(format!("{name}.id"), format!("ball {} is listed twice", fb.id)));
        }
        seen.insert(fb.id);
        if let BallFate::OnTable { pos } = fb.fate {
            if !pos.iter().all(|x| x.is_finite()) || !bed.fits(pos) {
                return Err(InputError::new(format!("{name}.pos"), format!("ball {} is off the bed", fb.id)));
            }
            let clash = out.iter().find(|o| matches!(o.fate, BallFate::OnTable { pos: q } if bed.overlap(pos, q)));
            if let Some(o) = clash {
                return Err(InputError::new(format!("{name}.pos"), format!("ball {} overlaps ball {}", fb.id, o.id)));
            }
        }
        out.push(fb);
    }
    Ok(out)
}

/// How far a ball's final position may lie from where its last `stop` event put it, m (hand
/// edits of printed numbers; the physics itself gives the same numbers).
const FINAL_POSITION_TOL_M: f64 = 1e-6;

/// Events and final positions must tell the same story, both ways: a ball pocketed in the events
/// is pocketed (in that pocket) in `final`, one that left the table is off it; and a ball the
/// events bring to rest on the table (its last event is a `stop`) is on the table in `final`,
/// where that `stop` left it. A ball `final` reports pocketed with no events of its own is taken
/// as the final says (8.3: the events may leave things out).
pub(crate) fn check_consistency(events: &[Event], finals: &[FinalBall]) -> Result<(), InputError> {
    for (i, f) in finals.iter().enumerate() {
        let clash = |what: String| Err(InputError::new(format!("final[{i}]"), format!("ball {}: {what}", f.id)));
        for e in events {
            let differs = match (e.kind, f.fate) {
                (EventKind::Pocket { ball, pocket }, fate) if ball == f.id => fate != BallFate::Pocketed { pocket },
                (EventKind::OffTable { ball }, fate) if ball == f.id => fate != BallFate::OffTable,
                _ => false,
            };
            if differs {
                return clash(format!("the events end it at t = {} differently from what `final` says", e.t));
            }
        }
        let last = events.iter().rev().find(|e| e.kind.balls().contains(&f.id));
        let Some(stop @ Event { kind: EventKind::Stop { .. }, .. }) = last else { continue };
        match f.fate {
            BallFate::OnTable { pos } => {
                if let Some(k) = stop.state.get(&f.id) {
                    let d = ((k.pos[0] - pos[0]).powi(2) + (k.pos[1] - pos[1]).powi(2)).sqrt();
                    if d > FINAL_POSITION_TOL_M {
                        return clash(format!(
                            "`final` puts it {d:.6} m from where the events stop it (t = {})",
                            stop.t
                        ));
                    }
                }
            }
            _ => return clash(format!("the events stop it on the table (t = {}), `final` says it left it", stop.t)),
        }
    }
    Ok(())
}

/// Where the shot leaves the balls (`final`, else where the events last put them, else where they
/// stood) must be a position: on the bed and apart, as before the shot.
fn check_after(record: &ShotRecord, bed: &Bed) -> Result<(), InputError> {
    let rest: Vec<(BallId, [f64; 2])> = record.resting().collect();
    for (i, (id, p)) in rest.iter().enumerate() {
        if !bed.fits(*p) {
            return Err(InputError::new("final", format!("ball {id} ends the shot off the bed (give it in `final`)")));
        }
        if let Some((other, _)) = rest[..i].iter().find(|(_, q)| bed.overlap(*p, *q)) {
            return Err(InputError::new(
                "final",
                format!("balls {other} and {id} end the shot on top of each other (give where they rest in `final`)"),
            ));
        }
    }
    Ok(())
}

/// The `shot` input: simulate with the physics engine, the same input as `biljardi sim`
/// (`table`, `params`, `balls`, `shot`, `max_time` from the referee's input).
fn simulate(root: &Map<String, Value>, shot: &Value) -> Result<(Vec<Event>, Vec<FinalBall>), InputError> {
    let mut req = Map::new();
    for key in ["table", "params", "balls", "max_time"] {
        if let Some(v) = root.get(key) {
            req.insert(key.to_string(), v.clone());
        }
    }
    req.insert("shot".to_string(), shot.clone());
    let sim = biljardi_physics::json::simulate_json(&Value::Object(req))?;
    Ok((sim.events, sim.balls))
}
