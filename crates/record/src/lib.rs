//! Biljardi's match records: a versioned JSON format of a whole match (settings, players, every
//! shot's input and outcome), saved atomically to the platform's data folder, replayed shot by
//! shot to check that the physics and the referee still give the very same result, and drawn as
//! shot diagrams (SVG, PNG). Format: `docs/record-format.md`. Depends on the physics and the
//! referee only, never on Bevy.
//!
//! - Building: [`MatchRecord::new`], [`ShotEntry::new`] per judged shot, [`MatchRecord::push_shot`],
//!   [`MatchRecord::choose_option`], [`MatchRecord::set_resume`].
//! - Saving and loading: [`store::autosave_path`], [`store::save`], [`store::load`] ->
//!   [`store::LoadOutcome`] (with `message(Lang)` in English and Finnish).
//! - Reading text: [`parse_record`] (field-named [`RecordError`]; newer versions refused).
//! - Replay: [`replay::replay`], [`replay::replay_json`] (`biljardi replay FILE`).
//! - Diagrams: [`diagram::diagram`] (SVG document), [`diagram::render_png`].

pub mod diagram;
pub mod format;
pub mod lang;
pub mod match_record;
pub mod parse;
pub mod replay;
pub mod store;
pub mod time;

pub use format::{
    BallPos, ChosenOption, FORMAT_NAME, FORMAT_VERSION, MatchRecord, PlayerInfo, Resume, ResumePhase, Settings,
    ShotEntry, StrikeRec,
};
pub use lang::Lang;
pub use match_record::{Summary, now_unix_s, one_shot_record};
pub use parse::{RecordError, RecordErrorKind, parse_record};
