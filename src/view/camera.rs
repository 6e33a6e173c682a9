//! The camera: aiming view behind the cue ball, overhead view, free orbit, and a follow view
//! while the balls roll. Every change glides (the transform eases towards its target).
//!
//! Tab cycles the views; in the free view the right mouse button orbits and the wheel zooms.

use crate::game::session::Phase;
use crate::game::session::SessionRes;
use crate::game::table::TableSpec;
use crate::input::aim::Aim;
use crate::shared::camera_mode::{CameraMode, MainCamera};
use crate::shared::frame::bed_point;
use crate::view::lighting::{LAMP_HEIGHT_M, lamp_half_extent};
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use biljardi_physics::BALL_RADIUS_M;

/// The free view's orbit: yaw and pitch in radians, distance in metres.
#[derive(Resource, Clone, Copy, Debug)]
pub struct Orbit {
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

impl Default for Orbit {
    fn default() -> Self {
        Orbit { yaw: -2.4, pitch: 0.75, distance: 3.2 }
    }
}

/// Set when the view must jump rather than glide (a screenshot, the first frame).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct SnapCamera(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<CameraMode>()
        .init_resource::<Orbit>()
        .insert_resource(SnapCamera(true))
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, (switch_view, orbit_input, move_camera).chain());
}

/// Where a player standing behind the head rail sees the whole table from.
pub fn head_end_view(spec: &TableSpec) -> Transform {
    let hx = spec.half_length() as f32;
    Transform::from_xyz(-hx - 1.05, 1.25, 0.0).looking_at(Vec3::new(hx * 0.22, -0.05, 0.0), Vec3::Y)
}

/// Looking straight down on the table: the head end on the left, the foot end on the right.
pub fn overhead_view(spec: &TableSpec) -> Transform {
    let h = spec.half_length() as f32 * 1.35 + 0.2;
    Transform::from_xyz(0.0, h, 0.0).looking_at(Vec3::ZERO, Vec3::NEG_Z)
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

fn switch_view(keys: Res<ButtonInput<KeyCode>>, mut mode: ResMut<CameraMode>) {
    if keys.just_pressed(KeyCode::Tab) {
        *mode = match *mode {
            CameraMode::Aim => CameraMode::Overhead,
            CameraMode::Overhead => CameraMode::Free,
            CameraMode::Free => CameraMode::Aim,
        };
    }
}

fn orbit_input(
    mode: Res<CameraMode>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    mut orbit: ResMut<Orbit>,
) {
    if *mode != CameraMode::Free {
        return;
    }
    if buttons.pressed(MouseButton::Right) {
        orbit.yaw -= motion.delta.x * 0.005;
        orbit.pitch = (orbit.pitch + motion.delta.y * 0.004).clamp(0.08, 1.5);
    }
    orbit.distance = (orbit.distance * (1.0 - scroll.delta.y * 0.08)).clamp(0.6, 8.0);
}

/// The view the camera glides to this frame.
fn target_view(
    mode: CameraMode,
    spec: &TableSpec,
    orbit: &Orbit,
    session: Option<&SessionRes>,
    aim: &Aim,
    cue_world: Option<Vec3>,
) -> Transform {
    let Some(session) = session else {
        // Training: the guided view from above. Title screen: a slow look around the table.
        return if mode == CameraMode::Overhead { overhead_view(spec) } else { orbit_view(orbit) };
    };
    match mode {
        CameraMode::Overhead => overhead_view(spec),
        CameraMode::Free => orbit_view(orbit),
        CameraMode::Aim => {
            let shooting = session.phase == Phase::Shooting;
            match (cue_world, shooting) {
                (Some(cue), false) if matches!(session.phase, Phase::Aim | Phase::PlaceCue { .. }) => {
                    let d = Vec3::new(aim.phi_rad.cos() as f32, 0.0, -(aim.phi_rad.sin() as f32));
                    let eye = cue - d * 0.85 + Vec3::Y * 0.32;
                    Transform::from_translation(eye).looking_at(cue + d * 0.9, Vec3::Y)
                }
                (Some(cue), true) => {
                    // Follow: from behind the head rail, under the lamp, turning with the cue ball.
                    let eye = Vec3::new(cue.x * 0.35 - spec.half_length() as f32 - 0.9, 1.15, cue.z * 0.3);
                    Transform::from_translation(eye).looking_at(Vec3::new(cue.x * 0.6, 0.0, cue.z * 0.6), Vec3::Y)
                }
                _ => head_end_view(spec),
            }
        }
    }
}

/// Moves an eye point out of the table and the lamp: never lower than `EYE_OVER_TABLE_M` above
/// the cloth over the table and its rails (the cushions and rails are a few centimetres tall),
/// and never inside the lamp's shade, from which it rises above the lamp.
pub fn clear_of_table_and_lamp(eye: Vec3, spec: &TableSpec) -> Vec3 {
    const EYE_OVER_TABLE_M: f32 = 0.14;
    const MARGIN_M: f32 = 0.12;
    let (hx, hy) = (spec.half_length() as f32, spec.half_width() as f32);
    let mut e = eye;
    let over_table = e.x.abs() <= hx + 0.25 && e.z.abs() <= hy + 0.25;
    if over_table && e.y < EYE_OVER_TABLE_M {
        e.y = EYE_OVER_TABLE_M;
    }
    let (lamp_hx, lamp_hz) = lamp_half_extent(spec);
    let lamp_y = LAMP_HEIGHT_M;
    let in_lamp = e.x.abs() <= lamp_hx + MARGIN_M
        && e.z.abs() <= lamp_hz + MARGIN_M
        && e.y >= lamp_y - MARGIN_M
        && e.y <= lamp_y + 0.08 + MARGIN_M;
    if in_lamp {
        e.y = lamp_y + 0.08 + MARGIN_M;
    }
    e
}

fn orbit_view(orbit: &Orbit) -> Transform {
    let eye = Vec3::new(
        orbit.distance * orbit.pitch.cos() * orbit.yaw.cos(),
        orbit.distance * orbit.pitch.sin() + 0.1,
        orbit.distance * orbit.pitch.cos() * orbit.yaw.sin(),
    );
    Transform::from_translation(eye).looking_at(Vec3::new(0.0, 0.0, 0.0), Vec3::Y)
}

fn move_camera(
    mode: Res<CameraMode>,
    spec: Res<TableSpec>,
    mut orbit: ResMut<Orbit>,
    session: Option<Res<SessionRes>>,
    aim: Res<Aim>,
    bed: Option<Res<crate::game::bed::Bed>>,
    time: Res<Time>,
    mut snap: ResMut<SnapCamera>,
    mut camera: Query<&mut Transform, With<MainCamera>>,
) {
    let Ok(mut transform) = camera.single_mut() else { return };
    if session.is_none() {
        orbit.yaw += time.delta_secs() * 0.05;
    }
    let cue_world = bed.as_ref().and_then(|b| {
        let t = b.sim.time();
        b.sim
            .ball(biljardi_physics::BallId::CUE, t)
            .filter(|s| s.motion.on_table())
            .map(|s| bed_point([s.pos.x, s.pos.y], BALL_RADIUS_M))
    });
    let mut target = target_view(*mode, &spec, &orbit, session.as_deref(), &aim, cue_world);
    let eye = clear_of_table_and_lamp(target.translation, &spec);
    if eye != target.translation {
        let ahead = target.translation + target.forward() * 1.0;
        target = Transform::from_translation(eye).looking_at(ahead, Vec3::Y);
    }
    let k = if snap.0 { 1.0 } else { 1.0 - (-time.delta_secs() * 4.0).exp() };
    snap.0 = false;
    transform.translation = transform.translation.lerp(target.translation, k);
    transform.rotation = transform.rotation.slerp(target.rotation, k);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eye_never_sits_in_a_cushion_or_the_lamp() {
        let spec = TableSpec::default();
        let hx = spec.half_length() as f32;
        // Low behind a cue ball frozen to the foot rail: lifted clear of the rail.
        let e = clear_of_table_and_lamp(Vec3::new(hx + 0.05, 0.03, 0.0), &spec);
        assert!(e.y >= 0.14);
        // Inside the shade: above it.
        let e = clear_of_table_and_lamp(Vec3::new(0.2, LAMP_HEIGHT_M, 0.05), &spec);
        assert!(e.y > LAMP_HEIGHT_M + 0.08);
        // An ordinary aiming eye is left alone.
        let p = Vec3::new(-0.5, 0.32, 0.1);
        assert_eq!(clear_of_table_and_lamp(p, &spec), p);
        // Every orbit the mouse can reach ends clear of the lamp.
        for yaw in 0..36 {
            for pitch in 0..30 {
                for d in [0.6f32, 1.0, 1.5, 3.0] {
                    let o = Orbit { yaw: yaw as f32 * 0.17, pitch: 0.08 + pitch as f32 * 0.048, distance: d };
                    let e = clear_of_table_and_lamp(orbit_view(&o).translation, &spec);
                    let (lx, lz) = lamp_half_extent(&spec);
                    let inside = e.x.abs() <= lx
                        && e.z.abs() <= lz
                        && (LAMP_HEIGHT_M - 0.02..=LAMP_HEIGHT_M + 0.08).contains(&e.y);
                    assert!(!inside, "{e:?}");
                }
            }
        }
    }
}
