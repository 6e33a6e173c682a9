//! `--event-log FILE`: one JSON line per judged shot and per lag, appended as it happens, so a
//! script driving the window (tools/play_by_input.sh) can tell what the referee decided without
//! reading pixels. Writing never stops the game: a failure is logged once and the log stops.
//!
//! Lines: `{"kind": "start", "game": "9ball", "mode": "hotseat", "lag": true, "shots": 0,
//! "shooter": 0, "racks_won": [0, 0]}` when a match starts or is continued, `{"kind": "lag", "winner": 0|1|null, "relag": bool, "rules": ["1.2"]}` and
//! `{"kind": "shot", "n": 1, "shooter": 0, "foul": false, "rules": ["2.3", ...],
//!   "fouls": ["6.3", ...], "pocketed": ["1", ...], "next_shooter": 1, "game_over": false,
//!   "winner": null}`; a `"kind": "breaker"` line says who breaks the first rack after the lag.
//! The shot viewer writes `{"kind": "viewer", "shot": 2, "of": 5, "marks": 7, "end_s": 3.1,
//! "rules": ["2.5"]}` for each shot it shows and `{"kind": "viewer_closed"}`.

use crate::game::session::{Mode, Phase, SessionRes};
use crate::game::shot_viewer::ShotViewer;
use crate::game::turn::{LagJudged, ShotJudged};
use bevy::prelude::*;
use biljardi_rules::lag::LagOutcome;
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;

/// Where the lines go (present only when asked for).
#[derive(Resource, Clone, Debug)]
pub struct EventLog {
    pub path: PathBuf,
    /// Shots written so far.
    shots: u32,
    failed: bool,
}

impl EventLog {
    pub fn new(path: PathBuf) -> EventLog {
        EventLog { path, shots: 0, failed: false }
    }

    fn append(&mut self, line: &Value) {
        if self.failed {
            return;
        }
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .and_then(|mut f| writeln!(f, "{line}").and_then(|_| f.flush()));
        if let Err(e) = written {
            warn!("--event-log {}: {e}; no more lines are written", self.path.display());
            self.failed = true;
        }
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (write_lines, write_viewer_lines).run_if(resource_exists::<EventLog>));
}

/// A line each time the viewer shows another shot, and one when it closes.
fn write_viewer_lines(mut log: ResMut<EventLog>, viewer: Option<Res<ShotViewer>>, mut shown: Local<Option<usize>>) {
    let now = viewer.as_ref().map(|v| v.index);
    if now == *shown {
        return;
    }
    *shown = now;
    let line = match viewer {
        Some(v) => json!({
            "kind": "viewer",
            "shot": v.index + 1,
            "of": v.shot_count(),
            "marks": v.marks.len(),
            "end_s": v.end_s,
            "rules": v.decision.rules,
        }),
        None => json!({"kind": "viewer_closed"}),
    };
    log.append(&line);
}

fn write_lines(
    mut log: ResMut<EventLog>,
    mut shots: MessageReader<ShotJudged>,
    mut lags: MessageReader<LagJudged>,
    session: Option<Res<SessionRes>>,
    mut last_choice: Local<Option<(u8, bool)>>,
) {
    if let Some(s) = &session
        && s.is_added()
    {
        let mode = match s.mode {
            Mode::Practice => "practice",
            Mode::Hotseat => "hotseat",
            Mode::VsAi(_) => "ai",
        };
        log.append(&json!({
            "kind": "start",
            "game": s.game.name(),
            "mode": mode,
            "lag": s.lagging(),
            "shots": s.shots,
            "shooter": s.to_act(),
            "racks_won": s.match_.racks_won,
        }));
    }
    for lag in lags.read() {
        let line = match &lag.0 {
            LagOutcome::Winner { player, .. } => {
                json!({"kind": "lag", "winner": player, "relag": false, "rules": ["1.2"]})
            }
            LagOutcome::Relag(_) => json!({"kind": "lag", "winner": null, "relag": true, "rules": ["1.2"]}),
        };
        log.append(&line);
    }
    for ShotJudged(d, shooter) in shots.read() {
        log.shots += 1;
        let line = json!({
            "kind": "shot",
            "n": log.shots,
            "shooter": shooter,
            "foul": d.foul,
            "rules": d.rules,
            "fouls": d.fouls.iter().map(|f| f.rule).collect::<Vec<_>>(),
            "pocketed": d.pocketed.iter().map(|b| b.to_string()).collect::<Vec<_>>(),
            "next_shooter": d.next_shooter,
            "game_over": d.game_over,
            "winner": d.winner,
        });
        log.append(&line);
    }
    if let Some(s) = session
        && s.lag_choice != *last_choice
        && !matches!(s.phase, Phase::LagWon { .. })
    {
        *last_choice = s.lag_choice;
        if let Some((winner, winner_breaks)) = s.lag_choice {
            log.append(&json!({"kind": "breaker", "lag_winner": winner, "winner_breaks": winner_breaks, "breaker": s.state.shooter}));
        }
    }
}
