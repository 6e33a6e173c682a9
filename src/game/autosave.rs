//! Autosave: the match kept as a `biljardi_record::MatchRecord` (docs/record-format.md) and
//! written atomically to the platform's data folder after every judged shot and every option
//! chosen, so closing the window or a crash loses at most the shot being played. The title
//! menu's "Continue match" resumes it (`Session::resume`); a finished match is archived.

use crate::game::session::{Mode, Phase, Seat, Session, SessionRes};
use crate::game::turn::{OptionChosen, ShotRecorded};
use bevy::prelude::*;
use biljardi_record::format::{BallPos, Resume, ResumePhase};
use biljardi_record::{MatchRecord, PlayerInfo, Settings, store};
use biljardi_rules::Game;

/// How long a shot is simulated at most when a record is replayed, s (the game's own shots run
/// until the balls rest; no shot on a real table lasts this long).
pub const MAX_SHOT_TIME_S: f64 = 120.0;

/// The record of the match being played.
#[derive(Resource, Debug)]
pub struct MatchLog {
    pub record: MatchRecord,
}

/// Autosave is on (the windowed game); tests and screenshots leave it off.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Autosave;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (start_record, record_shots).chain().run_if(resource_exists::<SessionRes>));
}

/// The names the record gives the players.
fn players(session: &Session, names: &[String; 2]) -> [PlayerInfo; 2] {
    let one = |p: usize| match session.seats[p] {
        Seat::Ai(level) => PlayerInfo::ai(format!("Computer ({})", level.name()), level.name()),
        Seat::Human => PlayerInfo::human(names[p].clone()),
    };
    [one(0), one(1)]
}

/// A new, empty record for the session's match.
pub fn new_record(session: &Session, names: &[String; 2]) -> MatchRecord {
    let settings = Settings {
        game: session.game,
        table: session.table,
        params: session.params,
        race_to: session.match_.settings.race_to,
        break_order: session.match_.settings.break_order,
        mode: mode_name(session.mode).into(),
        target_score: (session.game == Game::StraightPool).then_some(session.match_.settings.race_to as i32),
        max_time_s: MAX_SHOT_TIME_S,
    };
    MatchRecord::new(settings, players(session, names))
}

pub fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Practice => "practice",
        Mode::Hotseat => "hotseat",
        Mode::VsAi(_) => "ai",
    }
}

/// Where the match stands now, for resuming it.
pub fn resume_of(session: &Session) -> Resume {
    let phase = match session.phase {
        Phase::PlaceCue { .. } => ResumePhase::PlaceCue,
        Phase::Options => ResumePhase::Options,
        Phase::RackOver { .. } => ResumePhase::RackOver,
        Phase::MatchOver { .. } => ResumePhase::MatchOver,
        _ => ResumePhase::Aim,
    };
    let mut balls: Vec<BallPos> = session.balls.iter().map(|&(id, pos)| BallPos { id, pos }).collect();
    if let Some(pos) = session.cue_hand {
        balls.push(BallPos { id: biljardi_physics::BallId::CUE, pos });
    }
    Resume { match_state: session.match_.clone(), state: session.state.clone(), balls, phase }
}

/// Set with a resumed session: its record came with it.
#[derive(Resource, Clone, Copy, Debug)]
pub struct ResumedMatch;

/// A new match gets a new record (a resumed one brings its own, inserted with the session).
fn start_record(
    mut commands: Commands,
    session: Res<SessionRes>,
    settings: Option<Res<crate::shared::settings::Settings>>,
    resumed: Option<Res<ResumedMatch>>,
) {
    if !session.is_added() {
        return;
    }
    if resumed.is_some() {
        commands.remove_resource::<ResumedMatch>();
        return;
    }
    let names = settings.map_or_else(|| ["Player 1".to_string(), "Player 2".to_string()], |s| s.names.clone());
    commands.insert_resource(MatchLog { record: new_record(&session, &names) });
}

fn record_shots(
    session: Res<SessionRes>,
    log: Option<ResMut<MatchLog>>,
    autosave: Option<Res<Autosave>>,
    mut shots: MessageReader<ShotRecorded>,
    mut options: MessageReader<OptionChosen>,
) {
    let Some(mut log) = log else { return };
    let mut changed = false;
    for ShotRecorded(entry) in shots.read() {
        log.record.push_shot(entry.clone());
        changed = true;
    }
    for OptionChosen(option, ball) in options.read() {
        log.record.choose_option(*option, *ball);
        changed = true;
    }
    if !changed {
        return;
    }
    let resume = resume_of(&session);
    log.record.set_resume(resume);
    if autosave.is_none() {
        return;
    }
    let started = std::time::Instant::now();
    let saved = if matches!(session.phase, Phase::MatchOver { .. }) {
        store::save_autosave(&log.record).and_then(|_| store::archive_autosave().map(|_| ()))
    } else {
        store::save_autosave(&log.record)
    };
    match saved {
        Ok(()) => {
            debug!("autosave: {} shots in {:.1} ms", log.record.shots.len(), started.elapsed().as_secs_f64() * 1e3)
        }
        Err(e) => warn!("autosave failed: {e}; the match goes on unsaved"),
    }
}
