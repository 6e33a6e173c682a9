//! The cue stick over the table and the aiming aid: the stick lies along the stroke (raised to
//! clear balls and the rail behind), pulls back with the power meter, and the aid draws the ghost
//! ball, the first stretches of both paths from the physics, and the call.

use crate::game::ai_turn::AiAim;
use crate::game::session::SessionRes;
use crate::game::session::{Mode, Session};
use crate::game::shot_viewer::ShotViewer;
use crate::input::aim::{Aim, CallChoice};
use crate::input::prediction::{AimPrediction, shown_stroke};
use crate::shared::frame::bed_point;
use crate::shared::settings::Settings;
use bevy::prelude::*;
use biljardi_ai::Level;
use biljardi_physics::BALL_RADIUS_M;
use biljardi_rules::Call;

const CUE_LENGTH_M: f32 = 1.45;

#[derive(Component)]
pub struct CueStick;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_cue)
        .add_systems(Update, (place_cue, draw_aid).chain().after(crate::input::prediction::PredictionSystems));
}

fn spawn_cue(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    // A tapered look from two cylinders: the shaft (maple) and the butt (dark wood).
    let shaft = meshes.add(Cylinder::new(0.0065, CUE_LENGTH_M * 0.6));
    let butt = meshes.add(Cylinder::new(0.014, CUE_LENGTH_M * 0.4));
    let maple = materials.add(StandardMaterial { base_color: Color::srgb(0.86, 0.76, 0.58), ..default() });
    let ebony = materials.add(StandardMaterial { base_color: Color::srgb(0.16, 0.08, 0.05), ..default() });
    let tip = materials.add(StandardMaterial { base_color: Color::srgb(0.2, 0.35, 0.75), ..default() });
    let tip_mesh = meshes.add(Cylinder::new(0.0066, 0.012));
    commands.spawn((Name::new("cue stick"), CueStick, Transform::default(), Visibility::Hidden)).with_children(|c| {
        // Local frame: the tip at the origin, the stick along +Y.
        c.spawn((Mesh3d(tip_mesh), MeshMaterial3d(tip), Transform::from_xyz(0.0, 0.006, 0.0)));
        c.spawn((Mesh3d(shaft), MeshMaterial3d(maple), Transform::from_xyz(0.0, 0.012 + CUE_LENGTH_M * 0.3, 0.0)));
        c.spawn((Mesh3d(butt), MeshMaterial3d(ebony), Transform::from_xyz(0.0, 0.012 + CUE_LENGTH_M * 0.8, 0.0)));
    });
}

/// Whether the aid is shown: the player's setting, and never against pro or master.
fn aid_on(session: &Session, settings: &Settings) -> bool {
    let strong_ai = matches!(session.mode, Mode::VsAi(l) if l >= Level::Pro);
    settings.aim_aid && !strong_ai
}

fn place_cue(
    session: Option<Res<SessionRes>>,
    aim: Res<Aim>,
    ai: Res<AiAim>,
    viewer: Option<Res<ShotViewer>>,
    mut cue: Query<(&mut Transform, &mut Visibility), With<CueStick>>,
) {
    let Ok((mut t, mut vis)) = cue.single_mut() else { return };
    // The shot viewer shows a shot already struck: no stick, no aim.
    let session = session.filter(|_| viewer.is_none());
    let shown = session.as_ref().and_then(|s| shown_stroke(s, &aim, &ai).zip(s.cue_pos()));
    let Some(((strike, _), cue_pos)) = shown else {
        *vis = Visibility::Hidden;
        return;
    };
    *vis = Visibility::Visible;
    let (phi, theta) = (strike.phi_rad as f32, strike.theta_rad as f32);
    let r = BALL_RADIUS_M as f32;
    let d = Vec3::new(phi.cos(), 0.0, -phi.sin());
    let side = Vec3::Y.cross(d).normalize();
    // The contact point on the ball for the tip offset, and the stick's axis back and up.
    let centre = bed_point(cue_pos, BALL_RADIUS_M);
    let contact = centre - d * r * (1.0 - (strike.a * strike.a + strike.b * strike.b) as f32).max(0.0).sqrt()
        + side * (-(strike.a as f32) * r)
        + Vec3::Y * (strike.b as f32 * r);
    let back = (-d * theta.cos() + Vec3::Y * theta.sin()).normalize();
    let gap = 0.01 + if aim.stroking() { aim.power as f32 * 0.25 } else { 0.03 };
    t.translation = contact + back * gap;
    t.rotation = Quat::from_rotation_arc(Vec3::Y, back);
}

fn draw_aid(
    session: Option<Res<SessionRes>>,
    settings: Res<Settings>,
    aim: Res<Aim>,
    ai: Res<AiAim>,
    prediction: Res<AimPrediction>,
    viewer: Option<Res<ShotViewer>>,
    mut gizmos: Gizmos,
) {
    let Some(session) = session.filter(|_| viewer.is_none()) else { return };
    let Some((_, ai_call)) = shown_stroke(&session, &aim, &ai) else { return };
    let p = &prediction.0;
    let lift = BALL_RADIUS_M * 0.2;
    if aid_on(&session, &settings) || ai_call.is_some() {
        let to_world = |q: &[f64; 2]| bed_point(*q, lift);
        gizmos.linestrip(p.cue_path.iter().map(to_world), Color::srgba(1.0, 1.0, 1.0, 0.7));
        gizmos.linestrip(p.target_path.iter().map(to_world), Color::srgba(1.0, 0.85, 0.3, 0.8));
        if let Some(g) = p.ghost {
            let iso = Isometry3d::new(bed_point(g, BALL_RADIUS_M), Quat::IDENTITY);
            gizmos.sphere(iso, BALL_RADIUS_M as f32, Color::srgba(1.0, 1.0, 1.0, 0.5));
        }
    }
    // The call: a ring round the called ball and one in the pocket's mouth.
    let call = match (ai_call, aim.call) {
        (Some(c), _) => c,
        (None, CallChoice::Ball { ball, pocket }) => Call::Ball { ball, pocket },
        (None, CallChoice::Auto) if session.calls_shots() => p.implied_call(),
        _ => Call::None,
    };
    if let Call::Ball { ball, pocket } = call {
        if let Some(b) = session.balls.iter().find(|b| b.0 == ball) {
            let iso = Isometry3d::new(bed_point(b.1, 0.002), Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
            gizmos.circle(iso, BALL_RADIUS_M as f32 * 1.35, Color::srgb(0.2, 0.9, 1.0));
        }
        if let Some(k) = pocket.map(|id| session.table.pocket(id)) {
            let iso =
                Isometry3d::new(bed_point(k.mouth_centre, 0.002), Quat::from_rotation_x(std::f32::consts::FRAC_PI_2));
            gizmos.circle(iso, 0.06, Color::srgb(0.2, 0.9, 1.0));
        }
    }
}
