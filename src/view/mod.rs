//! What the window shows: the table and balls dressed, pocketed balls dropping, the camera, the
//! lamp, the cue stick and aiming aid, the HUD, the shot viewer's panel and labels, and
//! screenshots.

pub mod ball_material;
pub mod camera;
pub mod cue;
pub mod drops;
pub mod graphics;
pub mod hud;
pub mod lag_text;
pub mod lighting;
pub mod screenshot;
pub mod simple_material;
pub mod table_visuals;
pub mod viewer_hud;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        graphics::plugin,
        table_visuals::plugin,
        drops::plugin,
        camera::plugin,
        lighting::plugin,
        cue::plugin,
        hud::plugin,
        screenshot::plugin,
        simple_material::plugin,
        viewer_hud::plugin,
    ));
}
