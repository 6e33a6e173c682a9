//! The screens of the game: the title menu, a match at the table, and rules training.

use bevy::prelude::*;

#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    Playing,
    Training,
}

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}
