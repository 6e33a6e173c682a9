//! `biljardi lag` (contracts.md): the lag (1.2) as a tool. Both players' strokes are played in
//! one simulation with the physics (`delay`: seconds after the first stroke), or the events and
//! final positions `sim` printed are given; the lag rules (`lag::judge_lag`) decide.

use crate::ball_set::BallSet;
use crate::json::{check_consistency, parse_events, parse_final};
use crate::lag::{LagFault, LagOutcome, LagShot, Relag, judge_lag};
use crate::text::Text;
use biljardi_physics::input::number;
use biljardi_physics::json::{parse_params, parse_request};
use biljardi_physics::validate::{Bed, clip};
use biljardi_physics::{
    BALL_RADIUS_M, Ball, BallFate, BallId, BallState, Event, FinalBall, InputError, Simulation, Strike, Table,
    parse_table,
};
use serde::Serialize;
use serde_json::{Map, Value, json};

/// Longest `delay` accepted, s: a lag is struck "almost simultaneously" (1.2); a minute is far
/// past any lag and keeps the simulation short.
pub const MAX_DELAY_S: f64 = 60.0;
/// How long the lag balls are simulated at most, s (they rest long before).
const MAX_TIME_S: f64 = 120.0;

/// One bad lag in the output.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BadLag {
    pub player: u8,
    pub rule: &'static str,
    pub clause: &'static str,
    pub en: String,
    pub fi: String,
}

/// The `lag` output, fields in the contract's order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LagResponse {
    pub winner: Option<u8>,
    pub relag: bool,
    pub bad: Vec<BadLag>,
    /// Per player, the gap between the ball and the head cushion's nose line where it rests, m
    /// (0 when frozen to it); `null` for a ball that did not stay on the table.
    pub distances: [Option<f64>; 2],
    pub explanation: Text,
}

/// The player's ball: `"cue"` for player 0, `"1"` for player 1 (contracts.md).
pub fn lag_ball(player: usize) -> BallId {
    if player == 0 { BallId::CUE } else { BallId::object(1).unwrap_or(BallId::CUE) }
}

/// The whole `biljardi lag`: JSON text in, the outcome as JSON text (with a trailing newline)
/// out, or the bad input's field and what is wrong with it.
pub fn lag_json(input: &str) -> Result<String, InputError> {
    let v: Value = serde_json::from_str(input).map_err(|e| InputError::new("", format!("invalid JSON: {e}")))?;
    let out = lag_value(&v)?;
    let mut text = serde_json::to_string_pretty(&out).map_err(|e| InputError::new("", e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// Checks a parsed input, plays or reads both lags and judges them.
pub fn lag_value(v: &Value) -> Result<LagResponse, InputError> {
    let root = v.as_object().ok_or_else(|| InputError::new("", "expected a JSON object"))?;
    let table = parse_table(root.get("table"), "table")?;
    let present = |k: &str| root.get(k).is_some_and(|x| !x.is_null());
    let shots = if present("strokes") {
        play(root, &table)?
    } else if present("events") || present("final") {
        read(root, &table)?
    } else {
        return Err(InputError::new("strokes", "missing: give `strokes`, or `events` and `final` with `balls`"));
    };
    Ok(respond(&table, &shots))
}

/// 1.2: the referee places one ball on each side of the long string, behind the head string.
fn check_start(bed: &Bed, starts: &[(BallId, [f64; 2])], fields: [&str; 2]) -> Result<(), InputError> {
    let table = bed.table();
    for (k, (id, p)) in starts.iter().enumerate() {
        bed.check(fields[k], *id, *p, &starts[..k])?;
        if p[0] >= table.head_string_x() {
            return Err(InputError::new(fields[k], "a lag ball starts behind the head string (1.2)"));
        }
    }
    if starts[0].1[1] * starts[1].1[1] >= 0.0 {
        return Err(InputError::new(fields[1], "the two lag balls start on opposite sides of the long string (1.2)"));
    }
    Ok(())
}

/// `strokes`: both balls played in one simulation.
fn play(root: &Map<String, Value>, table: &Table) -> Result<[LagShot; 2], InputError> {
    let params = parse_params(root.get("params"))?;
    let list = root.get("strokes").and_then(Value::as_array).ok_or_else(|| {
        let got = root.get("strokes").map_or_else(|| "nothing".to_string(), clip);
        InputError::new("strokes", format!("expected an array of two strokes, got {got}"))
    })?;
    if list.len() != 2 {
        return Err(InputError::new("strokes", format!("expected two strokes, one per player, got {}", list.len())));
    }
    let mut starts = [(BallId::CUE, [0.0; 2]); 2];
    let mut strikes: Vec<(f64, BallId, Strike)> = Vec::with_capacity(2);
    let mut seen = [false; 2];
    for (i, s) in list.iter().enumerate() {
        let name = format!("strokes[{i}]");
        let obj = s.as_object().ok_or_else(|| InputError::new(&name, "expected an object"))?;
        let player = match obj.get("player").and_then(Value::as_u64) {
            Some(p @ 0..=1) => p as usize,
            _ => return Err(InputError::new(format!("{name}.player"), "expected 0 or 1")),
        };
        if seen[player] {
            return Err(InputError::new(format!("{name}.player"), format!("player {player} has two strokes")));
        }
        seen[player] = true;
        let ball = lag_ball(player);
        let pos = obj.get("pos").and_then(Value::as_array).filter(|a| a.len() == 2 || a.len() == 3);
        let pos = pos.ok_or_else(|| InputError::new(format!("{name}.pos"), "expected [x, y]"))?;
        let p = [number(&pos[0], &format!("{name}.pos[0]"))?, number(&pos[1], &format!("{name}.pos[1]"))?];
        starts[player] = (ball, p);
        let strike = obj.get("strike").ok_or_else(|| InputError::new(format!("{name}.strike"), "missing"))?;
        let delay = match strike.get("delay").filter(|d| !d.is_null()) {
            None => 0.0,
            Some(d) => number(d, &format!("{name}.strike.delay"))?,
        };
        if !(0.0..=MAX_DELAY_S).contains(&delay) {
            return Err(InputError::new(
                format!("{name}.strike.delay"),
                format!("must be between 0 and {MAX_DELAY_S} s after the first stroke"),
            ));
        }
        strikes.push((delay, ball, parse_strike(strike, &format!("{name}.strike"))?));
    }
    let bed = Bed::new(table, params.ball_radius_m);
    let field = |player: usize| {
        let i = if list[0].get("player").and_then(Value::as_u64) == Some(player as u64) { 0 } else { 1 };
        format!("strokes[{i}].pos")
    };
    check_start(&bed, &starts, [&field(0), &field(1)])?;
    let balls: Vec<Ball> =
        starts.iter().map(|(id, p)| Ball { id: *id, state: BallState::at_rest(*p, params.ball_radius_m) }).collect();
    let mut sim = Simulation::new(*table, params, balls);
    strikes.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut events: Vec<Event> = Vec::new();
    for (delay, ball, strike) in strikes {
        events.extend(sim.advance_to(delay));
        // A ball already knocked off the table before its stroke is simply not struck.
        events.extend(sim.strike(ball, strike));
    }
    events.extend(sim.run_until(MAX_TIME_S));
    let finals = sim.final_balls();
    Ok(shots_of(&starts, &events, &finals))
}

/// A `strike` object checked by the physics' own reading of a `sim` shot; errors renamed to
/// the stroke's fields.
fn parse_strike(v: &Value, field: &str) -> Result<Strike, InputError> {
    let mut shot = match v {
        Value::Object(o) => o.clone(),
        other => return Err(InputError::new(field, format!("expected an object, got {}", clip(other)))),
    };
    shot.remove("delay");
    shot.insert("ball".into(), json!("cue"));
    let req = json!({"balls": [{"id": "cue", "pos": [0.0, 0.0]}], "shot": Value::Object(shot)});
    let parsed = parse_request(&req).map_err(|e| {
        let rest = e.field.strip_prefix("shot").unwrap_or("");
        InputError::new(format!("{field}{rest}"), e.message)
    })?;
    parsed.shot.map(|s| s.strike).ok_or_else(|| InputError::new(field, "missing"))
}

/// `events`, `final` and `balls` as `sim` printed and read them.
fn read(root: &Map<String, Value>, table: &Table) -> Result<[LagShot; 2], InputError> {
    if root.get("events").is_none_or(Value::is_null) {
        return Err(InputError::new("events", "missing: `events` and `final` are required together"));
    }
    if root.get("final").is_none_or(Value::is_null) {
        return Err(InputError::new("final", "missing: `events` and `final` are required together"));
    }
    let list = root.get("balls").and_then(Value::as_array).ok_or_else(|| {
        InputError::new("balls", "expected the two lag balls: \"cue\" for player 0 and \"1\" for player 1")
    })?;
    if list.len() != 2 {
        return Err(InputError::new("balls", format!("expected the two lag balls, got {}", list.len())));
    }
    let mut starts = [(BallId::CUE, [0.0; 2]); 2];
    let mut seen = [false; 2];
    let mut fields = [String::new(), String::new()];
    for (i, b) in list.iter().enumerate() {
        let id = b.get("id").and_then(Value::as_str).and_then(BallId::parse);
        let player = match id {
            Some(id) if id == lag_ball(0) => 0,
            Some(id) if id == lag_ball(1) => 1,
            _ => {
                return Err(InputError::new(
                    format!("balls[{i}].id"),
                    "expected \"cue\" (player 0's ball) or \"1\" (player 1's)",
                ));
            }
        };
        if seen[player] {
            return Err(InputError::new(format!("balls[{i}].id"), "listed twice"));
        }
        seen[player] = true;
        let pos = b.get("pos").and_then(Value::as_array).filter(|a| a.len() == 2 || a.len() == 3);
        let pos = pos.ok_or_else(|| InputError::new(format!("balls[{i}].pos"), "expected [x, y]"))?;
        let p = [number(&pos[0], &format!("balls[{i}].pos[0]"))?, number(&pos[1], &format!("balls[{i}].pos[1]"))?];
        starts[player] = (lag_ball(player), p);
        fields[player] = format!("balls[{i}].pos");
    }
    let bed = Bed::new(table, BALL_RADIUS_M).with_overlap_tolerance(1e-6);
    check_start(&bed, &starts, [&fields[0], &fields[1]])?;
    let on: BallSet = starts.iter().map(|(b, _)| *b).collect();
    let events = parse_events(root.get("events"), on, on)?;
    let finals = parse_final(root.get("final"), on, &bed)?;
    check_consistency(&events, &finals)?;
    Ok(shots_of(&starts, &events, &finals))
}

/// Each player's ball with its own events (on the shared clock) and its fate.
fn shots_of(starts: &[(BallId, [f64; 2]); 2], events: &[Event], finals: &[FinalBall]) -> [LagShot; 2] {
    let shot = |(ball, start): (BallId, [f64; 2])| {
        let own: Vec<Event> = events.iter().filter(|e| e.kind.balls().contains(&ball)).cloned().collect();
        // A ball `final` leaves out ends where its events last put it (as the referee reads it).
        let fate = finals.iter().find(|f| f.id == ball).map(|f| f.fate).unwrap_or_else(|| {
            let last = own.iter().rev().find_map(|e| e.state.get(&ball).map(|k| [k.pos[0], k.pos[1]]));
            BallFate::OnTable { pos: last.unwrap_or(start) }
        });
        LagShot { ball, start, events: own, fate }
    };
    [shot(starts[0]), shot(starts[1])]
}

fn fault_text(f: LagFault) -> (&'static str, &'static str) {
    match f {
        LagFault::CrossedLongString => ("The ball crossed the long string.", "Pallo ylitti pitkittäisen keskilinjan."),
        LagFault::FootRailNotOnce => {
            ("The ball did not touch the foot rail exactly once.", "Pallo ei osunut päätyvalliin tasan kerran.")
        }
        LagFault::PocketedOrOffTable => {
            ("The ball was pocketed or left the table.", "Pallo meni pussiin tai pelialueen ulkopuolelle.")
        }
        LagFault::SideRail => ("The ball touched a side rail.", "Pallo osui sivuvalliin."),
        LagFault::InHeadPocket => (
            "The ball came to rest in a head corner pocket, past the head rail's cushion line.",
            "Pallo pysähtyi yläpään kulmapussiin yläpäädyn vallin linjan taakse.",
        ),
        LagFault::Foul => {
            ("A foul: the cue struck the ball more than once.", "Virhe: keppi osui palloon useammin kuin kerran.")
        }
    }
}

fn respond(table: &Table, shots: &[LagShot; 2]) -> LagResponse {
    let outcome = judge_lag(table, shots);
    let distances = shots.clone().map(|s| match s.fate {
        BallFate::OnTable { pos } => Some((pos[0] + table.half_length() - BALL_RADIUS_M).max(0.0)),
        _ => None,
    });
    let mut bad = Vec::new();
    let mut say = Vec::new();
    let faults = match &outcome {
        LagOutcome::Winner { faults, .. } => faults.clone(),
        LagOutcome::Relag(_) => [0, 1].map(|k| crate::lag::lag_faults(table, &shots[k])),
    };
    for (player, list) in faults.iter().enumerate() {
        for f in list {
            let (en, fi) = fault_text(*f);
            let n = player + 1;
            bad.push(BadLag {
                player: player as u8,
                rule: "1.2",
                clause: f.clause(),
                en: en.to_string(),
                fi: fi.to_string(),
            });
            say.push(Text::new(
                format!("1.2 {}: player {n}'s lag is bad. {en}", f.clause()),
                format!("1.2 {}: pelaajan {n} teikkaus hylätään. {fi}", f.clause()),
            ));
        }
    }
    let (winner, relag) = match outcome {
        LagOutcome::Winner { player, .. } => {
            let n = player + 1;
            say.push(Text::new(
                format!("1.2: player {n} wins the lag and chooses who breaks."),
                format!("1.2: pelaaja {n} voittaa teikkauksen ja valitsee aloittajan."),
            ));
            (Some(player), false)
        }
        LagOutcome::Relag(why) => {
            say.push(match why {
                Relag::LateStrike => Text::new(
                    "1.2 a: a ball was struck after the other had touched the foot rail: the players lag again.",
                    "1.2 a: pallo lyötiin vasta toisen pallon osuttua päätyvalliin: teikataan uudelleen.",
                ),
                Relag::Tie => Text::new(
                    "1.2 b: the balls are equally near the head rail: the players lag again.",
                    "1.2 b: pallot ovat yhtä lähellä yläpäätyä: teikataan uudelleen.",
                ),
                Relag::BothBad => Text::new(
                    "1.2 c: both lags are bad: the players lag again.",
                    "1.2 c: molemmat teikkaukset hylätään: teikataan uudelleen.",
                ),
            });
            (None, true)
        }
    };
    LagResponse { winner, relag, bad, distances, explanation: Text::join(&say) }
}
