//! Reading a record: JSON text to a checked [`MatchRecord`], or an error naming the field.
//! The version is read before anything else so that a newer format is refused, never misread;
//! every shot is then checked with the referee's own input checks (balls on the bed and apart,
//! a possible state, events that agree with the final positions) and the strike against the
//! physics' limits, so that nothing read from a file can make the physics or referee panic.

use crate::format::{FORMAT_NAME, FORMAT_VERSION, MatchRecord, ShotEntry};
use biljardi_physics::json::MAX_SPEED_MPS;
use biljardi_physics::{BALL_RADIUS_M, InputError, Params, Simulation, Table};
use biljardi_physics::{BallFate, BallId, EventKind};
use biljardi_rules::GameState;
use serde_json::Value;
use std::fmt;

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordError {
    /// The JSON path of the offending field (`shots[3].strike.speed_mps`), or empty.
    pub field: String,
    pub message: String,
    pub kind: RecordErrorKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// Not JSON, not a match record, or a field that is missing or wrong.
    Invalid,
    /// Written by a newer version of the game (`version` above [`FORMAT_VERSION`]).
    TooNew { version: u64 },
}

impl RecordError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> RecordError {
        RecordError { field: field.into(), message: message.into(), kind: RecordErrorKind::Invalid }
    }

    fn input(prefix: &str, e: InputError) -> RecordError {
        let field = if e.field.is_empty() { prefix.to_string() } else { format!("{prefix}.{}", e.field) };
        RecordError::new(field, e.message)
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() { f.write_str(&self.message) } else { write!(f, "{}: {}", self.field, self.message) }
    }
}

impl std::error::Error for RecordError {}

/// Parses and checks a record's JSON text.
pub fn parse_record(text: &str) -> Result<MatchRecord, RecordError> {
    let value: Value = serde_json::from_str(text).map_err(|e| RecordError::new("", format!("invalid JSON: {e}")))?;
    let root = value.as_object().ok_or_else(|| RecordError::new("", "expected a JSON object (a match record)"))?;
    match root.get("format") {
        Some(Value::String(s)) if s == FORMAT_NAME => {}
        Some(other) => {
            return Err(RecordError::new(
                "format",
                format!("expected {FORMAT_NAME:?}, got {other}: not a match record"),
            ));
        }
        None => return Err(RecordError::new("format", "missing: not a match record")),
    }
    let version = match root.get("version") {
        Some(v) => v
            .as_u64()
            .filter(|n| *n >= 1)
            .ok_or_else(|| RecordError::new("version", format!("expected a whole number from 1, got {v}")))?,
        None => return Err(RecordError::new("version", "missing")),
    };
    if version > u64::from(FORMAT_VERSION) {
        return Err(RecordError {
            field: "version".into(),
            message: format!(
                "the record is of format version {version}, written by a newer Biljardi; this one reads up to version {FORMAT_VERSION}"
            ),
            kind: RecordErrorKind::TooNew { version },
        });
    }
    let record: MatchRecord = serde_path_to_error::deserialize(&value).map_err(|e| {
        let path = e.path().to_string();
        RecordError::new(if path == "." { String::new() } else { path }, e.into_inner().to_string())
    })?;
    check(&record)?;
    Ok(record)
}

/// The checks serde's types cannot express.
pub fn check(r: &MatchRecord) -> Result<(), RecordError> {
    let s = &r.settings;
    crate::format::validate_table(&s.table).map_err(|e| RecordError::input("settings", e))?;
    check_params(&s.params)?;
    if !(s.max_time_s > 0.0 && s.max_time_s <= 600.0) {
        return Err(RecordError::new("settings.max_time_s", format!("must be in (0, 600] s, got {}", s.max_time_s)));
    }
    if s.race_to == 0 {
        return Err(RecordError::new("settings.race_to", "must be at least 1"));
    }
    if !["practice", "hotseat", "ai", "selfplay"].contains(&s.mode.as_str()) {
        return Err(RecordError::new(
            "settings.mode",
            format!("unknown mode {:?} (expected practice, hotseat, ai or selfplay)", s.mode),
        ));
    }
    for (i, p) in r.players.iter().enumerate() {
        if p.kind != "human" && p.kind != "ai" {
            return Err(RecordError::new(
                format!("players[{i}].kind"),
                format!("expected human or ai, got {:?}", p.kind),
            ));
        }
    }
    for (i, shot) in r.shots.iter().enumerate() {
        check_shot(r, shot, &format!("shots[{i}]"))?;
    }
    if let Some(res) = &r.resume {
        if res.state.shooter > 1 {
            return Err(RecordError::new("resume.state.shooter", "must be 0 or 1"));
        }
        let layout: Vec<_> = res.balls.iter().map(|b| (b.id, b.pos)).collect();
        check_layout(&s.table, &s.params, &layout, "resume.balls")?;
    }
    Ok(())
}

fn check_params(p: &Params) -> Result<(), RecordError> {
    let v = serde_json::to_value(p).map_err(|e| RecordError::new("settings.params", e.to_string()))?;
    if let Some(obj) = v.as_object() {
        for (k, x) in obj {
            if let Some(n) = x.as_f64()
                && !(n.is_finite() && n >= 0.0)
            {
                return Err(RecordError::new(
                    format!("settings.params.{k}"),
                    format!("must be finite and >= 0, got {n}"),
                ));
            }
        }
    }
    let positive = [
        ("g", p.g),
        ("ball_radius_m", p.ball_radius_m),
        ("ball_mass_kg", p.ball_mass_kg),
        ("cue_mass_kg", p.cue_mass_kg),
    ];
    for (k, x) in positive {
        if x.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            return Err(RecordError::new(format!("settings.params.{k}"), format!("must be positive, got {x}")));
        }
    }
    if (p.ball_radius_m - BALL_RADIUS_M).abs() > 0.01 {
        return Err(RecordError::new("settings.params.ball_radius_m", "not a pool ball's radius"));
    }
    Ok(())
}

/// Balls on the bed, distinct and not overlapping (the referee's tolerance, 1e-6 m).
fn check_layout(
    table: &Table,
    params: &Params,
    balls: &[(biljardi_physics::BallId, [f64; 2])],
    field: &str,
) -> Result<(), RecordError> {
    let bed = Simulation::new(*table, *params, Vec::new());
    for (i, (id, p)) in balls.iter().enumerate() {
        if !bed.fits_on_bed(*p, 1e-6) {
            return Err(RecordError::new(format!("{field}[{i}].pos"), format!("ball {id} at {p:?} is off the bed")));
        }
        for (other, q) in &balls[..i] {
            if other == id {
                return Err(RecordError::new(format!("{field}[{i}].id"), format!("ball {id} is on the table twice")));
            }
            if (p[0] - q[0]).hypot(p[1] - q[1]) < 2.0 * params.ball_radius_m - 1e-6 {
                return Err(RecordError::new(format!("{field}[{i}].pos"), format!("ball {id} overlaps ball {other}")));
            }
        }
    }
    Ok(())
}

fn check_shot(r: &MatchRecord, shot: &ShotEntry, at: &str) -> Result<(), RecordError> {
    let s = &r.settings;
    if shot.shooter > 1 || shot.shooter != shot.state.shooter {
        return Err(RecordError::new(format!("{at}.shooter"), "must be 0 or 1 and equal state.shooter"));
    }
    let k = &shot.strike;
    let finite = [k.speed_mps, k.phi_rad, k.theta_rad, k.a, k.b].iter().all(|x| x.is_finite());
    if !(finite && k.speed_mps > 0.0 && k.speed_mps <= MAX_SPEED_MPS) {
        return Err(RecordError::new(format!("{at}.strike.speed_mps"), format!("must be in (0, {MAX_SPEED_MPS}] m/s")));
    }
    if !(0.0..=std::f64::consts::FRAC_PI_2).contains(&k.theta_rad) {
        return Err(RecordError::new(format!("{at}.strike.theta_rad"), "elevation must be between 0 and pi/2"));
    }
    if k.phi_rad.abs() > 100.0 {
        return Err(RecordError::new(format!("{at}.strike.phi_rad"), "direction out of range"));
    }
    if k.a.hypot(k.b) > 1.0 {
        return Err(RecordError::new(format!("{at}.strike.a"), "tip offset beyond the ball's edge"));
    }
    if !shot.balls.iter().any(|b| b.id.is_cue()) {
        return Err(RecordError::new(format!("{at}.balls"), "no cue ball on the table"));
    }
    if !shot.decision.is_object() {
        return Err(RecordError::new(format!("{at}.decision"), "expected the referee's decision object"));
    }
    check_state(&shot.state, &format!("{at}.state"))?;
    check_outcome(r, shot, at)?;
    check_layout(&s.table, &s.params, &shot.layout(), &format!("{at}.balls"))?;
    Ok(())
}

/// Largest 14.1 score or target accepted (the referee's bound).
const MAX_SCORE: i32 = 1_000_000;
/// Most consecutive fouls accepted.
const MAX_FOULS: u8 = 200;

fn check_state(st: &GameState, at: &str) -> Result<(), RecordError> {
    if st.breaker.is_some_and(|b| b > 1) {
        return Err(RecordError::new(format!("{at}.breaker"), "must be 0 or 1"));
    }
    // 8-ball has no three-foul rule, so the count may pass 3; the bound keeps the referee's
    // `+ 1` far from overflow.
    if st.fouls.iter().any(|f| *f > MAX_FOULS) {
        return Err(RecordError::new(format!("{at}.fouls"), format!("more than {MAX_FOULS} fouls standing")));
    }
    if st.score.iter().any(|p| p.abs() > MAX_SCORE) {
        return Err(RecordError::new(format!("{at}.score"), format!("scores beyond +-{MAX_SCORE} are not a game")));
    }
    if st.target_score.is_some_and(|t| t <= 0 || t > MAX_SCORE) {
        return Err(RecordError::new(format!("{at}.target_score"), format!("must be between 1 and {MAX_SCORE}")));
    }
    if st.shot_clock_s.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        return Err(RecordError::new(format!("{at}.shot_clock_s"), "must be positive"));
    }
    Ok(())
}

/// Events and final positions that the referee can read: balls of the game that were on the
/// table, times in order, finite states, resting balls on the bed (a pocket's mouth included,
/// as the physics allows) and finals that agree with the pocket and off-table events.
fn check_outcome(r: &MatchRecord, shot: &ShotEntry, at: &str) -> Result<(), RecordError> {
    let game = r.settings.game;
    let on: Vec<BallId> = shot.balls.iter().map(|b| b.id).collect();
    for (i, b) in shot.balls.iter().enumerate() {
        if !game.has_ball(b.id) {
            return Err(RecordError::new(
                format!("{at}.balls[{i}].id"),
                format!("ball {} is not in {}", b.id, game.name()),
            ));
        }
    }
    let mut last_t = 0.0;
    for (i, e) in shot.events.iter().enumerate() {
        let f = format!("{at}.events[{i}]");
        if !(e.t.is_finite() && e.t >= last_t) {
            return Err(RecordError::new(format!("{f}.t"), "times must be finite and in order"));
        }
        last_t = e.t;
        if let Some(b) = e.kind.balls().into_iter().find(|b| !on.contains(b)) {
            return Err(RecordError::new(f, format!("ball {b} was not on the table")));
        }
        for (id, k) in &e.state {
            let finite = k.pos.iter().chain(&k.v).chain(&k.w).all(|x| x.is_finite());
            if !on.contains(id) || !finite {
                return Err(RecordError::new(format!("{f}.state.{id}"), "unknown ball or a state that is not finite"));
            }
        }
    }
    let bed = Simulation::new(r.settings.table, r.settings.params, Vec::new());
    let mut seen: Vec<BallId> = Vec::new();
    for (i, fb) in shot.finals.iter().enumerate() {
        let f = format!("{at}.final[{i}]");
        if !on.contains(&fb.id) || seen.contains(&fb.id) {
            return Err(RecordError::new(
                format!("{f}.id"),
                format!("ball {} was not on the table or is listed twice", fb.id),
            ));
        }
        seen.push(fb.id);
        if let BallFate::OnTable { pos } = fb.fate
            && !(pos.iter().all(|x| x.is_finite()) && bed.fits_on_bed(pos, 1e-6))
        {
            return Err(RecordError::new(format!("{f}.pos"), format!("ball {} is off the bed", fb.id)));
        }
        for e in &shot.events {
            let clash = match e.kind {
                EventKind::Pocket { ball, pocket } if ball == fb.id => fb.fate != BallFate::Pocketed { pocket },
                EventKind::OffTable { ball } if ball == fb.id => fb.fate != BallFate::OffTable,
                _ => false,
            };
            if clash {
                return Err(RecordError::new(
                    format!("{f}.state"),
                    format!("disagrees with the events for ball {}", fb.id),
                ));
            }
        }
    }
    Ok(())
}
