//! What happens off the bed, carried by bevy_rapier3d: a pocketed ball drops through its hole
//! onto the ball return's slope under the bed and rolls to the tray at the foot end; a ball that
//! leaves the table falls to the floor. The bed itself stays with `biljardi-physics`.

use crate::game::bed::{Bed, LeftTable, Pocketed};
use crate::game::table::{Ball, TableSpec};
use crate::shared::frame::bed_to_world;
use crate::view::ball_material::BallMaterial;
use crate::view::simple_material::Detailed;
use bevy::prelude::*;
use bevy_rapier3d::prelude::*;
use biljardi_physics::{BALL_RADIUS_M, BallId};

/// A copy of a ball that has left the bed, moved by rapier.
#[derive(Component, Clone, Copy, Debug)]
pub struct DroppedBall(pub BallId);

/// The ball return's colliders (rebuilt with the table).
#[derive(Component)]
struct ReturnPart;

pub fn plugin(app: &mut App) {
    app.add_plugins(RapierPhysicsPlugin::<NoUserData>::default())
        .add_systems(Update, (build_ball_return, drop_balls, forget_returned).chain());
}

/// Slope under the bed towards the foot end, a tray outside the foot end, and the floor.
fn build_ball_return(mut commands: Commands, spec: Res<TableSpec>, parts: Query<Entity, With<ReturnPart>>) {
    // True on the system's first run too (the resource is newer than its last run).
    if !spec.is_changed() {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    let (hx, hy) = (spec.half_length() as f32, spec.half_width() as f32);
    let tilt = 0.06f32; // radians, down towards +x
    commands.spawn((
        ReturnPart,
        Name::new("ball return slope"),
        Collider::cuboid(hx + 0.1, 0.01, hy + 0.1),
        Friction::coefficient(0.2),
        Transform::from_xyz(0.0, -0.2, 0.0).with_rotation(Quat::from_rotation_z(-tilt)),
    ));
    let tray_y = -0.2 - (hx + 0.1) * tilt.tan() - 0.08;
    commands.spawn((
        ReturnPart,
        Name::new("ball return tray"),
        Collider::cuboid(0.2, 0.01, 0.25),
        Transform::from_xyz(hx + 0.25, tray_y, 0.0),
    ));
    for (x, z, hx2, hz2) in [(hx + 0.45, 0.0, 0.01, 0.25), (hx + 0.25, 0.25, 0.2, 0.01), (hx + 0.25, -0.25, 0.2, 0.01)]
    {
        commands.spawn((ReturnPart, Collider::cuboid(hx2, 0.06, hz2), Transform::from_xyz(x, tray_y + 0.06, z)));
    }
    commands.spawn((
        ReturnPart,
        Name::new("floor"),
        Collider::cuboid(8.0, 0.05, 8.0),
        Transform::from_xyz(0.0, -0.81, 0.0),
    ));
}

fn drop_balls(
    mut commands: Commands,
    mut pocketed: MessageReader<Pocketed>,
    mut off: MessageReader<LeftTable>,
    bed: Res<Bed>,
    balls: Query<(&Ball, &Mesh3d, Option<&MeshMaterial3d<BallMaterial>>, Option<&Detailed>, &Transform)>,
) {
    let gone: Vec<(BallId, f64)> =
        pocketed.read().map(|p| (p.ball, p.t)).chain(off.read().map(|o| (o.ball, o.t))).collect();
    for (id, t) in gone {
        let Some((_, mesh, material, detailed, transform)) = balls.iter().find(|b| b.0.0 == id) else { continue };
        // At the low preset the ball wears a simple material; the dropped copy starts detailed
        // and is simplified like any new mesh.
        let Some(material) = material.map(|m| m.0.clone()).or_else(|| detailed.and_then(|d| d.ball().cloned())) else {
            continue;
        };
        // Where and how fast the ball was just before it dropped.
        let state = bed.sim.ball(id, t - 1e-4);
        let (pos, vel) = match state {
            Some(s) => (bed_to_world(s.pos.to_array()), bed_to_world(s.vel.to_array())),
            None => (transform.translation, Vec3::ZERO),
        };
        commands.spawn((
            DroppedBall(id),
            Name::new(format!("dropped ball {id}")),
            Mesh3d(mesh.0.clone()),
            MeshMaterial3d(material),
            Transform::from_translation(pos).with_rotation(transform.rotation),
            RigidBody::Dynamic,
            Collider::ball(BALL_RADIUS_M as f32),
            Velocity { linear: vel * 0.6 + Vec3::NEG_Y * 0.3, angular: Vec3::ZERO },
            Restitution::coefficient(0.3),
            Friction::coefficient(0.3),
            Ccd::enabled(),
        ));
    }
}

/// A ball back on the bed (spotted, reracked, a shot taken back) is no longer in the return.
fn forget_returned(mut commands: Commands, bed: Res<Bed>, dropped: Query<(Entity, &DroppedBall)>) {
    if dropped.is_empty() {
        return;
    }
    let now = bed.sim.time();
    for (e, d) in &dropped {
        if bed.sim.ball(d.0, now).is_some_and(|s| s.motion.on_table()) {
            commands.entity(e).despawn();
        }
    }
}
