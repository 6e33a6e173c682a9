//! The lamp over the table: a long shade with three bulbs, and a dim room around it.

use crate::game::table::TableSpec;
use crate::shared::camera_mode::CameraMode;
use crate::view::graphics::LampLight;
use bevy::prelude::*;

/// Height of the lamp's bulbs above the bed, m.
pub const LAMP_HEIGHT_M: f32 = 0.95;

/// Half the lamp shade's length (along the table) and width, m.
pub fn lamp_half_extent(spec: &TableSpec) -> (f32, f32) {
    (spec.half_length() as f32 * 0.65, 0.18)
}

pub fn plugin(app: &mut App) {
    app.insert_resource(GlobalAmbientLight { color: Color::srgb(0.9, 0.9, 1.0), brightness: 250.0, ..default() })
        .insert_resource(ClearColor(Color::srgb(0.05, 0.045, 0.04)))
        .add_systems(Startup, spawn_lamp)
        .add_systems(Update, hide_lamp_from_above);
}

/// The lamp's shade and bulbs (hidden in the overhead view, which looks down through them).
#[derive(Component)]
pub struct LampPart;

fn hide_lamp_from_above(mode: Res<CameraMode>, mut parts: Query<&mut Visibility, With<LampPart>>) {
    let v = if *mode == CameraMode::Overhead { Visibility::Hidden } else { Visibility::Inherited };
    for mut vis in &mut parts {
        vis.set_if_neq(v);
    }
}

fn spawn_lamp(
    mut commands: Commands,
    spec: Res<TableSpec>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let hx = spec.half_length() as f32;
    let shade = materials.add(StandardMaterial {
        base_color: Color::srgb(0.10, 0.22, 0.12),
        perceptual_roughness: 0.4,
        ..default()
    });
    let glow = materials.add(StandardMaterial {
        base_color: Color::WHITE,
        emissive: LinearRgba::rgb(8.0, 7.5, 6.5),
        ..default()
    });
    commands.spawn((
        Name::new("lamp shade"),
        LampPart,
        Mesh3d(meshes.add(Cuboid::new(2.0 * lamp_half_extent(&spec).0, 0.06, 2.0 * lamp_half_extent(&spec).1))),
        MeshMaterial3d(shade),
        Transform::from_xyz(0.0, LAMP_HEIGHT_M + 0.05, 0.0),
    ));
    for x in [-0.45, 0.0, 0.45] {
        let at = Vec3::new(x * hx * 1.1, LAMP_HEIGHT_M, 0.0);
        commands.spawn((
            Name::new("bulb"),
            LampPart,
            Mesh3d(meshes.add(Cuboid::new(0.30, 0.01, 0.26))),
            MeshMaterial3d(glow.clone()),
            Transform::from_translation(at + Vec3::Y * 0.015),
        ));
        // `graphics` turns the shadows and the outer lights off on the lower presets.
        let intensity = 120_000.0;
        commands.spawn((
            Name::new("lamp light"),
            LampLight { middle: x == 0.0, intensity },
            PointLight { intensity, range: 6.0, radius: 0.12, shadow_maps_enabled: x == 0.0, ..default() },
            Transform::from_translation(at),
        ));
    }
}
