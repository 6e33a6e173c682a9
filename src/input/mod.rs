//! The player's hands: aiming, the call, the stroke and ball in hand from mouse and keyboard, the
//! stick's clearance over balls and rails, the physics' prediction of the aim, the coach and the
//! shot viewer's keys.

pub mod aim;
pub mod aiming;
pub mod coach;
pub mod controls;
pub mod cue_clearance;
pub mod prediction;
pub mod viewer_keys;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((controls::plugin, cue_clearance::plugin, prediction::plugin, coach::plugin, viewer_keys::plugin));
}
