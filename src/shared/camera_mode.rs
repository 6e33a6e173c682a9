//! Which view the player looks through: shared by the camera, the controls (the mouse aims
//! only outside the free view) and the lighting (the lamp hides from above).

use bevy::prelude::*;

/// The main 3D camera.
#[derive(Component, Debug, Default)]
pub struct MainCamera;

/// Which view the player chose.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CameraMode {
    /// Behind the cue ball along the aim (follows the shot while balls roll).
    #[default]
    Aim,
    /// Straight down on the whole table.
    Overhead,
    /// Orbit the table with the mouse.
    Free,
}
