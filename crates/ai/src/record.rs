//! Self-play's match records (`selfplay --record DIR`): one `biljardi_record::MatchRecord` per
//! rack, so `biljardi replay` over them checks that physics and referee replay exactly.

use crate::eval::{Played, playable};
use crate::level::Level;
use biljardi_physics::{BallId, FinalBall, Strike, Table};
use biljardi_record::{MatchRecord, PlayerInfo, Settings, ShotEntry};
use biljardi_rules::{Call, Decision, Game, GameState};
use std::path::Path;

/// How long self-play simulates a shot at most (`eval::simulate`), s.
pub const SELFPLAY_MAX_TIME_S: f64 = 60.0;

/// An empty record of one self-play rack of `game` between `players` (14.1: to `target_score`).
pub fn new_record(game: Game, table: Table, players: [Level; 2], target_score: Option<i32>) -> MatchRecord {
    let settings = Settings { target_score, ..Settings::single_rack(game, table, "selfplay", SELFPLAY_MAX_TIME_S) };
    let player = |i: usize| PlayerInfo::ai(format!("Player {}", i + 1), players[i].name());
    MatchRecord::new(settings, [player(0), player(1)])
}

/// The record of one shot as `eval::play_and_judge` played it: the strike raised to clear the
/// balls (`playable`), as the physics received it.
pub fn shot(
    rack: u32,
    state: &GameState,
    balls: &[(BallId, [f64; 2])],
    cue_in_hand: bool,
    call: &Call,
    strike: Strike,
    played: &Played,
    d: &Decision,
    table: &Table,
) -> ShotEntry {
    let finals: Vec<FinalBall> = played.finals.iter().map(|(id, fate)| FinalBall { id: *id, fate: *fate }).collect();
    let placed = balls.iter().find(|b| b.0.is_cue()).map(|b| b.1).filter(|_| cue_in_hand);
    ShotEntry::new(rack, state, balls, placed, *call, playable(table, balls, strike), &played.events, &finals, d)
}

/// Writes `<dir>/<game>-rack<NNNNN>.json`.
pub fn save(dir: &Path, game: Game, rack: u32, record: &MatchRecord) -> std::io::Result<()> {
    biljardi_record::store::save(&dir.join(format!("{}-rack{rack:05}.json", game.name())), record)
}
