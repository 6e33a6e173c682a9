//! Replay: every shot of a record simulated again from its recorded balls and strike, judged
//! again from its recorded state and call, and compared with what was recorded, field by field
//! in the records' JSON. Physics and referee are deterministic, so any difference is a change
//! in one of them (or a game that recorded something else than it played).

use crate::format::{MatchRecord, Settings, ShotEntry};
use crate::parse::{RecordError, parse_record};
use biljardi_physics::{Ball, BallId, Event, FinalBall, Simulation};
use biljardi_rules::{Decision, ShotRecord, judge};
use serde::Serialize;
use serde_json::Value;

/// A shot played and judged again.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub events: Vec<Event>,
    pub finals: Vec<FinalBall>,
    pub decision: Decision,
}

/// Simulates `shot` as the game and self-play do (strike, then run until every ball rests or
/// `settings.max_time_s`) and judges it.
pub fn play_shot(settings: &Settings, shot: &ShotEntry) -> Replayed {
    let (mut sim, strike) = start_shot(settings, shot);
    let mut events: Vec<Event> = strike.into_iter().collect();
    events.extend(sim.run_until(settings.max_time_s));
    let finals = sim.final_balls();
    let rec = ShotRecord::from_events(&settings.table, &shot.layout(), &events, &finals);
    let decision = judge(settings.game, &settings.table, &shot.state, &rec, &shot.call);
    Replayed { events, finals, decision }
}

/// The bed of `shot` at the moment of the strike, struck: the simulation at time 0 and the strike
/// event (none if the cue ball was not on the bed). A viewer advances it to any moment of the
/// shot; going back means starting again from here, which costs well under a millisecond.
pub fn start_shot(settings: &Settings, shot: &ShotEntry) -> (Simulation, Option<Event>) {
    let balls: Vec<Ball> = shot.balls.iter().map(|b| Ball::at_rest(b.id, b.pos)).collect();
    let mut sim = Simulation::new(settings.table, settings.params, balls);
    let strike = sim.strike(BallId::CUE, shot.strike.into());
    (sim, strike)
}

/// The first place where a replayed shot differs from its record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    /// Index of the shot in `shots`.
    pub shot: usize,
    /// The rack it belongs to.
    pub rack: u32,
    /// The first differing field, as a path into the record (`shots[12].events[4].t`).
    pub field: String,
    /// Its recorded and replayed values (`null` where one side has no such field).
    pub recorded: Value,
    pub replayed: Value,
}

/// What `replay` found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayReport {
    /// Shots replayed (up to and including the first difference).
    pub shots: usize,
    /// Events compared.
    pub events: usize,
    pub identical: bool,
    pub first_difference: Option<Difference>,
}

/// Replays every shot in order and stops at the first difference.
pub fn replay(record: &MatchRecord) -> ReplayReport {
    let mut report = ReplayReport { shots: 0, events: 0, identical: true, first_difference: None };
    for (i, shot) in record.shots.iter().enumerate() {
        report.shots += 1;
        report.events += shot.events.len();
        let played = std::panic::catch_unwind(|| play_shot(&record.settings, shot));
        let diff = match played {
            Ok(p) => compare(shot, &p),
            Err(_) => Some(("".to_string(), Value::Null, Value::String("the replay panicked".into()))),
        };
        if let Some((field, recorded, replayed)) = diff {
            report.identical = false;
            report.first_difference =
                Some(Difference { shot: i, rack: shot.rack, field: format!("shots[{i}]{field}"), recorded, replayed });
            break;
        }
    }
    report
}

/// The first difference between a recorded shot and its replay: events, then final
/// positions, then the decision.
pub fn compare(shot: &ShotEntry, p: &Replayed) -> Option<(String, Value, Value)> {
    let pairs = [
        (".events", serde_json::to_value(&shot.events), serde_json::to_value(&p.events)),
        (".final", serde_json::to_value(&shot.finals), serde_json::to_value(&p.finals)),
        (".decision", Ok(shot.decision.clone()), serde_json::to_value(&p.decision)),
    ];
    for (name, a, b) in pairs {
        let (a, b) = (a.unwrap_or(Value::Null), b.unwrap_or(Value::Null));
        if let Some(d) = first_difference(&a, &b, name.to_string()) {
            return Some(d);
        }
    }
    None
}

/// The first path where `a` and `b` differ, depth first in document order.
pub fn first_difference(a: &Value, b: &Value, path: String) -> Option<(String, Value, Value)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                match y.get(k) {
                    Some(vb) => {
                        if let Some(d) = first_difference(va, vb, format!("{path}.{k}")) {
                            return Some(d);
                        }
                    }
                    None => return Some((format!("{path}.{k}"), va.clone(), Value::Null)),
                }
            }
            y.iter().find(|(k, _)| !x.contains_key(*k)).map(|(k, vb)| (format!("{path}.{k}"), Value::Null, vb.clone()))
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                if let Some(d) = first_difference(va, vb, format!("{path}[{i}]")) {
                    return Some(d);
                }
            }
            let n = x.len().min(y.len());
            (x.len() != y.len()).then(|| {
                (
                    format!("{path}[{n}]"),
                    x.get(n).cloned().unwrap_or(Value::Null),
                    y.get(n).cloned().unwrap_or(Value::Null),
                )
            })
        }
        _ => (a != b).then(|| (path, a.clone(), b.clone())),
    }
}

/// `biljardi replay FILE`'s result: the report as one JSON line, and whether every shot
/// replayed identically (exit 0) or not (exit 1).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayOutput {
    pub json: String,
    pub identical: bool,
}

/// The whole `biljardi replay`: the record's text in; the report, or the bad input's field
/// (exit 2).
pub fn replay_json(text: &str) -> Result<ReplayOutput, RecordError> {
    let record = parse_record(text)?;
    let report = replay(&record);
    let mut json = serde_json::to_string(&report).map_err(|e| RecordError::new("", e.to_string()))?;
    json.push('\n');
    Ok(ReplayOutput { json, identical: report.identical })
}

/// Every `.json` record among `named`: files as given, folders expanded (sorted, so runs
/// compare). An unreadable folder is an error naming it.
pub fn record_files(named: &[std::path::PathBuf]) -> Result<Vec<std::path::PathBuf>, String> {
    let mut files = Vec::new();
    for p in named {
        if p.is_dir() {
            let dir = std::fs::read_dir(p).map_err(|e| format!("{}: cannot read the folder: {e}", p.display()))?;
            let mut v: Vec<std::path::PathBuf> =
                dir.flatten().map(|e| e.path()).filter(|f| f.extension().is_some_and(|e| e == "json")).collect();
            v.sort();
            files.extend(v);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}
