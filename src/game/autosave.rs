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
use std::sync::mpsc::Sender;

/// How long a shot is simulated at most when a record is replayed, s (the game's own shots run
/// until the balls rest; no shot on a real table lasts this long).
pub const MAX_SHOT_TIME_S: f64 = 120.0;

/// The record of the match being played.
#[derive(Resource, Debug)]
pub struct MatchLog {
    pub record: MatchRecord,
}

/// Autosave is on (the windowed game; tests and screenshots leave it off): the writer thread.
/// A save waits for the disk (15 ms typically, 600 ms seen on a busy machine), so it never runs
/// inside a frame: one thread writes, in order, always the newest record it was handed (an older
/// one still queued is skipped, never written over a newer).
#[derive(Resource, Debug)]
pub struct Autosave {
    to_writer: Sender<Write>,
}

/// What the writer thread does with a record.
#[derive(Debug)]
enum Write {
    Save(Box<MatchRecord>),
    /// Save, then archive it as a finished match.
    SaveAndArchive(Box<MatchRecord>),
}

impl Autosave {
    /// Starts the writer thread.
    pub fn start() -> Autosave {
        let (to_writer, from_game) = std::sync::mpsc::channel::<Write>();
        let spawned = std::thread::Builder::new().name("autosave".into()).spawn(move || {
            while let Ok(first) = from_game.recv() {
                // The newest of what is queued; an archive request is kept.
                let mut job = first;
                while let Ok(next) = from_game.try_recv() {
                    job = match (job, next) {
                        (Write::SaveAndArchive(_), Write::Save(r)) => Write::SaveAndArchive(r),
                        (_, next) => next,
                    };
                }
                let started = std::time::Instant::now();
                let result = match &job {
                    Write::Save(r) => store::save_autosave(r),
                    Write::SaveAndArchive(r) => {
                        store::save_autosave(r).and_then(|_| store::archive_autosave().map(|_| ()))
                    }
                };
                match result {
                    Ok(()) => debug!("autosave written in {:.1} ms", started.elapsed().as_secs_f64() * 1e3),
                    Err(e) => warn!("autosave failed: {e}; the match goes on"),
                }
            }
        });
        if let Err(e) = spawned {
            warn!("no autosave thread: {e}");
        }
        Autosave { to_writer }
    }
}

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
    let Some(autosave) = autosave else { return };
    let record = Box::new(log.record.clone());
    let job = if matches!(session.phase, Phase::MatchOver { .. }) {
        Write::SaveAndArchive(record)
    } else {
        Write::Save(record)
    };
    if autosave.to_writer.send(job).is_err() {
        warn!("the autosave thread has stopped; the match goes on unsaved");
    }
}
