//! The shot viewer's keys. V opens it at the match's last shot (whenever no shot is running)
//! and closes it (Esc still leaves for the menu, which closes it too). While it is open:
//! Left/Right the previous and next shot, Space pause and play, S a quarter speed or full, `,`
//! and `.` step back and on from event to event, Home the strike again. It opens looking down on the table; Tab still changes the
//! camera (free: orbit with the right button, zoom with the wheel).

use crate::game::autosave::MatchLog;
use crate::game::bed::BedClock;
use crate::game::session::{Phase, SessionRes};
use crate::game::shot_viewer::{ShotViewer, close_viewer, open_viewer};
use crate::shared::camera_mode::CameraMode;
use bevy::prelude::*;

/// What each key does while the viewer is open.
const ACTIONS: [(KeyCode, fn(&mut ShotViewer)); 7] = [
    (KeyCode::ArrowLeft, ShotViewer::previous_shot),
    (KeyCode::ArrowRight, ShotViewer::next_shot),
    (KeyCode::Space, ShotViewer::toggle_pause),
    (KeyCode::KeyS, ShotViewer::toggle_rate),
    (KeyCode::Comma, ShotViewer::previous_mark),
    (KeyCode::Period, ShotViewer::next_mark),
    (KeyCode::Home, ShotViewer::restart),
];

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
    for (key, act) in ACTIONS {
        if keys.just_pressed(key) {
            act(&mut viewer);
        }
    }
}
