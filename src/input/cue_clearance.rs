//! Where the cue stick can go: rapier sensor colliders stand for the balls and the rails, and a
//! shape cast of the shaft (a sphere of the shaft's radius swept from the tip back to the bridge)
//! finds the lowest elevation at which the stick passes clear. The aim uses it as the floor of
//! its elevation, so the stick stops at balls and rails instead of passing through them.
//! Headless (no rapier), `aiming::min_elevation` gives the same floor in closed form
//! (`biljardi_physics::cue_clearance`, the model the AI raises its strokes to).

use crate::game::bed::Bed;
use crate::game::session::SessionRes;
use crate::game::session::{Phase, Seat};
use crate::game::table::{Ball, TableSpec};
use crate::input::aim::Aim;
use crate::input::aiming::{CUE_RADIUS_M, MAX_ELEVATION_RAD};
use bevy::prelude::*;
use bevy_rapier3d::parry::shape::Ball as SphereShape;
use bevy_rapier3d::prelude::*;
use biljardi_physics::cue_clearance::{CUE_BRIDGE_M, RAIL_ABOVE_CUSHION_M};
use biljardi_physics::{BALL_RADIUS_M, BallId};

/// How far behind the tip the stick must be clear: the bridge hand, m.
const BRIDGE_M: f32 = CUE_BRIDGE_M as f32;

/// A collider the cue must not pass through.
#[derive(Component)]
struct CueObstacle;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (add_ball_colliders, build_rail_colliders, find_clearance).chain());
}

fn add_ball_colliders(mut commands: Commands, balls: Query<Entity, Added<Ball>>) {
    for e in &balls {
        commands.entity(e).insert((CueObstacle, Collider::ball(BALL_RADIUS_M as f32), Sensor));
    }
}

#[derive(Component)]
struct RailObstacle;

/// The cushions (up to the nose's height, from the nose line back) and the wooden rails behind
/// them (up to the rail's top), a box each on every side.
fn build_rail_colliders(mut commands: Commands, spec: Res<TableSpec>, old: Query<Entity, With<RailObstacle>>) {
    // True on the system's first run too (the resource is newer than its last run).
    if !spec.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let t = spec.0;
    let (hx, hy) = (t.half_length() as f32, t.half_width() as f32);
    let cushion = t.cushion_depth_m as f32;
    let outer = (t.cushion_depth_m + t.rail_width_m) as f32;
    // (distance of the box's inner face from the nose line, its depth, its top)
    let rail_top = (t.cushion_height_m + RAIL_ABOVE_CUSHION_M) as f32;
    let layers = [(0.0, cushion, t.cushion_height_m as f32), (cushion, outer - cushion, rail_top)];
    for (from, depth, top) in layers {
        let mid = from + depth / 2.0;
        let boxes = [
            (Vec3::new(0.0, top / 2.0, -(hy + mid)), Vec3::new(hx + outer, top / 2.0, depth / 2.0)),
            (Vec3::new(0.0, top / 2.0, hy + mid), Vec3::new(hx + outer, top / 2.0, depth / 2.0)),
            (Vec3::new(-(hx + mid), top / 2.0, 0.0), Vec3::new(depth / 2.0, top / 2.0, hy + outer)),
            (Vec3::new(hx + mid, top / 2.0, 0.0), Vec3::new(depth / 2.0, top / 2.0, hy + outer)),
        ];
        for (at, half) in boxes {
            commands.spawn((
                RailObstacle,
                CueObstacle,
                Name::new("rail obstacle"),
                Collider::cuboid(half.x, half.y, half.z),
                Sensor,
                Transform::from_translation(at),
            ));
        }
    }
}

/// Raises the allowed elevation degree by degree until the swept shaft hits nothing.
fn find_clearance(
    session: Option<Res<SessionRes>>,
    bed: Res<Bed>,
    mut aim: ResMut<Aim>,
    rapier: ReadRapierContext,
    obstacles: Query<(Entity, Option<&Ball>, Option<&Visibility>), With<CueObstacle>>,
) {
    let Some(session) = session else { return };
    let human_aims = session.phase == Phase::Aim && session.seat_to_act() == Seat::Human;
    let Some(cue) = session.cue_pos().filter(|_| human_aims) else {
        aim.min_theta_rad = None;
        return;
    };
    let Ok(context) = rapier.single() else { return };
    // Balls off the bed keep their last transform: only balls the bed holds now count.
    let now = bed.sim.time();
    let on_bed = |id: BallId| bed.sim.ball(id, now).is_some_and(|s| s.motion.on_table());
    let allowed: Vec<Entity> = obstacles
        .iter()
        .filter(|(_, ball, vis)| match ball {
            Some(b) => !b.0.is_cue() && on_bed(b.0) && vis.is_none_or(|v| *v != Visibility::Hidden),
            None => true,
        })
        .map(|(e, _, _)| e)
        .collect();
    let predicate = |e: Entity| allowed.contains(&e);
    let filter = QueryFilter::default().predicate(&predicate);
    let phi = aim.phi_rad as f32;
    let d = Vec3::new(phi.cos(), 0.0, -phi.sin());
    // The shooter's right (the bed's y is the scene's -z).
    let right = Vec3::new(phi.sin(), 0.0, phi.cos());
    let centre = crate::shared::frame::bed_point(cue, BALL_RADIUS_M);
    let r = BALL_RADIUS_M as f32;
    let (a, b) = (aim.a as f32, aim.b as f32);
    // From the foot of the axis (beside the centre) back to the tip on the ball's surface.
    let tip = r * (1.0 - a * a - b * b).max(0.0).sqrt();
    let shaft = SphereShape::new(CUE_RADIUS_M as f32);
    let mut theta = 0.0f32;
    let step = 1f32.to_radians();
    while theta < MAX_ELEVATION_RAD as f32 {
        let back = -d * theta.cos() + Vec3::Y * theta.sin();
        let up = d * theta.sin() + Vec3::Y * theta.cos();
        // The stroke's axis passes `a r` right of and `b r` above the centre (perpendicular to
        // itself), as in the physics' strike and `cue_clearance`'s closed form; the sweep starts
        // a little behind the tip.
        let start = centre + right * (a * r) + up * (b * r) + back * (tip + 0.004);
        let options = ShapeCastOptions::with_max_time_of_impact(BRIDGE_M);
        if context.cast_shape(start, Quat::IDENTITY, back, &shaft, options, filter).is_none() {
            break;
        }
        theta += step;
    }
    aim.min_theta_rad = Some(f64::from(theta.min(MAX_ELEVATION_RAD as f32)));
}
