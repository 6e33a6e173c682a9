//! The screens around the table: the title menu (settings, starting a match) and rules training.

pub mod menu;
pub mod training;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((menu::plugin, training::plugin));
}
