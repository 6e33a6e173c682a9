//! The player's hands: aiming, the call, the stroke and ball in hand from mouse and keyboard, the
//! stick's clearance over balls and rails, and the physics' prediction of the aim.

pub mod aim;
pub mod aiming;
pub mod coach;
pub mod controls;
pub mod cue_clearance;
pub mod prediction;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((controls::plugin, cue_clearance::plugin, prediction::plugin, coach::plugin));
}
