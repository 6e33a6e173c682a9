//! The camera: for now the player's view from the head end, looking down the table.

use crate::table::TableSpec;
use bevy::prelude::*;

/// The main 3D camera.
#[derive(Component, Debug, Default)]
pub struct MainCamera;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
}

/// Where a player standing behind the head rail sees the whole table from.
pub fn head_end_view(spec: &TableSpec) -> Transform {
    let hx = spec.half_length() as f32;
    Transform::from_xyz(-hx - 1.05, 1.25, 0.0).looking_at(Vec3::new(hx * 0.22, -0.05, 0.0), Vec3::Y)
}

fn spawn_camera(mut commands: Commands, spec: Res<TableSpec>) {
    commands.spawn((
        Name::new("main camera"),
        MainCamera,
        Camera3d::default(),
        Projection::Perspective(PerspectiveProjection { fov: 50f32.to_radians(), ..default() }),
        head_end_view(&spec),
    ));
}
