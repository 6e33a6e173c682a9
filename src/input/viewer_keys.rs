//! The shot viewer's keys. V opens it at the match's last shot (whenever no shot is running)
//! and closes it, as does Escape. While it is open: Left/Right the previous and next shot,
//! Space pause and play, S a quarter speed or full, `,` and `.` step back and on from event to
//! event, Home the strike again. Tab still changes the camera (free: orbit with the right
//! button, zoom with the wheel).

use crate::game::autosave::MatchLog;
use crate::game::bed::BedClock;
use crate::game::session::{Phase, SessionRes};
use crate::game::shot_viewer::{ShotViewer, close_viewer, open_viewer};
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, viewer_keys.run_if(resource_exists::<SessionRes>));
}

fn viewer_keys(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<SessionRes>,
    log: Option<Res<MatchLog>>,
    viewer: Option<ResMut<ShotViewer>>,
    mut clock: ResMut<BedClock>,
) {
    let Some(mut viewer) = viewer else {
        // Not while a shot or the lag runs: the bed is the match's then.
        if keys.just_pressed(KeyCode::KeyV) && session.phase != Phase::Shooting && !session.lagging() {
            open_viewer(&mut commands, log.as_deref(), &mut clock);
        }
        return;
    };
    if keys.just_pressed(KeyCode::KeyV) || keys.just_pressed(KeyCode::Escape) {
        close_viewer(&mut commands, &viewer, &mut clock);
        return;
    }
    if keys.just_pressed(KeyCode::ArrowLeft) {
        viewer.previous_shot();
    }
    if keys.just_pressed(KeyCode::ArrowRight) {
        viewer.next_shot();
    }
    if keys.just_pressed(KeyCode::Space) {
        viewer.toggle_pause();
    }
    if keys.just_pressed(KeyCode::KeyS) {
        viewer.toggle_rate();
    }
    if keys.just_pressed(KeyCode::Comma) {
        viewer.previous_mark();
    }
    if keys.just_pressed(KeyCode::Period) {
        viewer.next_mark();
    }
    if keys.just_pressed(KeyCode::Home) {
        viewer.seek(0.0);
        viewer.paused = false;
    }
}
