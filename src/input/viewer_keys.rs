//! The shot viewer's keys. V opens it at the match's last shot (whenever no shot is running)
//! and closes it (Esc still leaves for the menu, which closes it too). While it is open: Left/Right the previous and next shot,
//! Space pause and play, S a quarter speed or full, `,` and `.` step back and on from event to
//! event, Home the strike again. It opens looking down on the table; Tab still changes the
//! camera (free: orbit with the right button, zoom with the wheel).

use crate::game::autosave::MatchLog;
use crate::game::bed::BedClock;
use crate::game::session::{Phase, SessionRes};
use crate::game::shot_viewer::{ShotViewer, close_viewer, open_viewer};
use crate::shared::camera_mode::CameraMode;
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
    mut camera: ResMut<CameraMode>,
) {
    let Some(mut viewer) = viewer else {
        // Not while a shot or the lag runs: the bed is the match's then.
        if keys.just_pressed(KeyCode::KeyV) && session.phase != Phase::Shooting && !session.lagging() {
            open_viewer(&mut commands, log.as_deref(), &mut clock, &mut camera);
        }
        return;
    };
    if keys.just_pressed(KeyCode::KeyV) {
        close_viewer(&mut commands, &viewer, &mut clock, &mut camera);
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
