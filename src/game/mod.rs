//! The game itself, without a renderer: the match (`session`: turns, the referee's decisions),
//! the turn flow in the app (`turn`: player commands in, decisions out), the computer's turn, the
//! table as entities (`table`, `rack`) and the bridge to the physics (`bed`). Runs headless in
//! tests and `biljardi bench`.

pub mod ai_turn;
pub mod autosave;
pub mod bed;
pub mod event_log;
pub mod lag;
pub mod rack;
pub mod session;
pub mod shot_viewer;
pub mod table;
pub mod turn;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((turn::plugin, ai_turn::plugin, event_log::plugin, autosave::plugin, shot_viewer::plugin));
}
