//! The shooter's hands: mouse and keyboard turned into [`PlayerCommand`]s.
//!
//! - Aim: drag with the right mouse button (Shift: fine), or Left/Right (Shift: fine).
//! - Elevation: Up/Down. Tip offset: I/J/K/L, C centres it (kept inside the miscue zone).
//! - Power: `[` and `]` set the cue speed in 0.25 m/s steps (Shift: 1 m/s); a tap of Space
//!   strikes at the set speed, holding Space charges the meter from zero until released; or
//!   press the left button, pull the mouse back (down: the farther, the harder) and push it
//!   through (up). A left click without a stroke calls a ball, then a pocket. The last stroke's
//!   power is kept for the next shot.
//! - S calls safety, P a push out (when allowed). Enter: place the cue ball / next rack.
//! - Ball in hand: the cue ball follows the mouse while the left button is held.
//! - Practice: M moves balls with the mouse, Backspace takes the shot back, R replays it.
//! - Number keys pick the referee's options.

use crate::game::session::SessionRes;
use crate::game::session::{Mode, Phase, Seat, Session};
use crate::game::turn::{PlayerCommand, TurnSystems};
use crate::input::aim::{
    Aim, CHARGE_S, COARSE_STEP_MPS, CallChoice, FINE_STEP_MPS, FULL_PULL_PX, MAX_CHARGE_STEP_S, TAP_S,
};
use crate::input::aiming::MAX_ELEVATION_RAD;
use crate::shared::camera_mode::MainCamera;
use crate::shared::settings::Settings;
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use biljardi_physics::{BALL_RADIUS_M, BallId};
use biljardi_rules::Call;

/// The point of the bed under the mouse, [x, y] m.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct BedCursor(pub Option<[f64; 2]>);

pub fn plugin(app: &mut App) {
    app.init_resource::<Aim>().init_resource::<BedCursor>().add_systems(
        Update,
        (update_cursor, reset_aim_on_new_turn, aim_input, stroke_input, place_input, table_keys)
            .chain()
            .in_set(TurnSystems::Input)
            .run_if(resource_exists::<SessionRes>),
    );
}

fn human_to_act(session: &Session) -> bool {
    session.seat_to_act() == Seat::Human
}

fn update_cursor(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut cursor: ResMut<BedCursor>,
) {
    cursor.0 = None;
    let (Ok(window), Ok((camera, cam_t))) = (window.single(), camera.single()) else { return };
    let Some(pos) = window.cursor_position() else { return };
    let Ok(ray) = camera.viewport_to_world(cam_t, pos) else { return };
    let plane_y = BALL_RADIUS_M as f32;
    if ray.direction.y.abs() < 1e-6 {
        return;
    }
    let t = (plane_y - ray.origin.y) / ray.direction.y;
    if t <= 0.0 {
        return;
    }
    let p = ray.origin + ray.direction * t;
    cursor.0 = Some([f64::from(p.x), -f64::from(p.z)]);
}

/// Each new turn starts aimed at the ball the shooter most likely wants (the lowest in 9/10-ball,
/// the nearest otherwise), centre ball, moderate power.
fn reset_aim_on_new_turn(session: Res<SessionRes>, mut aim: ResMut<Aim>) {
    let key = (session.shots, u8::from(session.phase == Phase::Aim));
    if aim.turn == Some(key) {
        return;
    }
    aim.turn = Some(key);
    aim.call = CallChoice::Auto;
    aim.charging = None;
    aim.pull = None;
    aim.theta_rad = 0.0;
    let Some(c) = session.cue_pos() else { return };
    if session.lagging() {
        // The lag goes straight up the table to the foot rail (1.2).
        aim.phi_rad = 0.0;
        aim.power = Aim::power_for_speed(LAG_SPEED_MPS);
        return;
    }
    let target = match session.game {
        biljardi_rules::Game::NineBall | biljardi_rules::Game::TenBall => session.lowest_ball(),
        _ => None,
    };
    let pos = |id: BallId| session.balls.iter().find(|b| b.0 == id).map(|b| b.1);
    let goal = target.and_then(pos).or_else(|| {
        session.balls.iter().filter(|b| !b.0.is_cue()).min_by(|x, y| dist(x.1, c).total_cmp(&dist(y.1, c))).map(|b| b.1)
    });
    if let Some(g) = goal {
        aim.phi_rad = (g[1] - c[1]).atan2(g[0] - c[0]);
    }
    // The last stroke's power is kept for the next shot (a break keeps the last break's).
    aim.power = if session.lagging() {
        // A lag is a soft stroke: up the table and back is about 1.25 m/s of cue speed.
        Aim::power_for_speed(LAG_SPEED_MPS)
    } else if session.state.is_break {
        aim.kept_break_power
    } else {
        aim.kept_power
    };
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

fn aim_input(
    session: Res<SessionRes>,
    mut aim: ResMut<Aim>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    time: Res<Time>,
    camera_mode: Res<crate::shared::camera_mode::CameraMode>,
) {
    if session.phase != Phase::Aim || !human_to_act(&session) {
        return;
    }
    let dt = f64::from(time.delta_secs());
    let fine = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let rate = if fine { 0.6f64.to_radians() } else { 12f64.to_radians() }; // per second
    if keys.pressed(KeyCode::ArrowLeft) {
        aim.phi_rad += rate * dt;
    }
    if keys.pressed(KeyCode::ArrowRight) {
        aim.phi_rad -= rate * dt;
    }
    if buttons.pressed(MouseButton::Right) && *camera_mode != crate::shared::camera_mode::CameraMode::Free {
        let per_px = if fine { 0.01f64 } else { 0.15 }.to_radians();
        aim.phi_rad -= f64::from(motion.delta.x) * per_px;
    }
    aim.phi_rad = aim.phi_rad.rem_euclid(std::f64::consts::TAU);
    let elev_rate = 20f64.to_radians();
    if keys.pressed(KeyCode::ArrowUp) {
        aim.theta_rad = (aim.theta_rad + elev_rate * dt).min(MAX_ELEVATION_RAD);
    }
    if keys.pressed(KeyCode::ArrowDown) {
        aim.theta_rad = (aim.theta_rad - elev_rate * dt).max(0.0);
    }
    let tip_rate = 0.6 * dt;
    let limit = session.params.miscue_limit;
    let (mut a, mut b) = (aim.a, aim.b);
    if keys.pressed(KeyCode::KeyJ) {
        a -= tip_rate;
    }
    if keys.pressed(KeyCode::KeyL) {
        a += tip_rate;
    }
    if keys.pressed(KeyCode::KeyI) {
        b += tip_rate;
    }
    if keys.pressed(KeyCode::KeyK) {
        b -= tip_rate;
    }
    if keys.just_pressed(KeyCode::KeyC) {
        (a, b) = (0.0, 0.0);
    }
    let r = a.hypot(b);
    if r > limit {
        (a, b) = (a * limit / r, b * limit / r);
    }
    (aim.a, aim.b) = (a, b);
    if keys.just_pressed(KeyCode::KeyS) {
        aim.call = if aim.call == CallChoice::Safety { CallChoice::Auto } else { CallChoice::Safety };
    }
    if keys.just_pressed(KeyCode::KeyP) && session.push_out_allowed() {
        aim.call = if aim.call == CallChoice::PushOut { CallChoice::Auto } else { CallChoice::PushOut };
    }
}

fn stroke_input(
    session: Res<SessionRes>,
    mut aim: ResMut<Aim>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cursor: Res<BedCursor>,
    time: Res<Time>,
    prediction: Option<Res<crate::input::prediction::AimPrediction>>,
    mut out: MessageWriter<PlayerCommand>,
) {
    if session.phase != Phase::Aim || !human_to_act(&session) || aim.move_mode {
        aim.charging = None;
        aim.pull = None;
        return;
    }
    let implied = prediction.map(|p| p.0.implied_call()).unwrap_or_default();
    // [ and ]: the cue speed in exact steps (Shift: 1 m/s).
    let step =
        if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) { COARSE_STEP_MPS } else { FINE_STEP_MPS };
    if keys.just_pressed(KeyCode::BracketLeft) {
        aim.step_speed(false, step);
    }
    if keys.just_pressed(KeyCode::BracketRight) {
        aim.step_speed(true, step);
    }
    // Space: a tap strikes at the set power; held, the meter charges from zero and the release
    // strikes. The meter's step per frame is capped, so a slow frame never fills it at once.
    if keys.just_pressed(KeyCode::Space) {
        aim.charging = Some(0.0);
    }
    if let Some(t) = aim.charging {
        let t = t + f64::from(time.delta_secs()).min(MAX_CHARGE_STEP_S);
        aim.charging = Some(t);
        let held = t > TAP_S;
        if held {
            aim.power = ((t - TAP_S) / CHARGE_S).min(1.0);
        }
        if keys.just_released(KeyCode::Space) || !keys.pressed(KeyCode::Space) {
            aim.charging = None;
            strike_now(&session, &mut aim, implied, &mut out);
        }
        return;
    }
    // Left button: pull back and push through; a click without a stroke makes a call.
    let y = window.single().ok().and_then(|w| w.cursor_position()).map(|p| p.y);
    if buttons.just_pressed(MouseButton::Left)
        && let Some(y) = y
    {
        aim.pull = Some((y, 0.0, 0.0));
    }
    if let (Some((start, _, best)), Some(y)) = (aim.pull, y) {
        let pull = (y - start).max(-40.0);
        let best = best.max(pull);
        aim.pull = Some((start, pull, best));
        if best > 8.0 {
            aim.power = f64::from((best / FULL_PULL_PX).min(1.0));
        }
        if best > 8.0 && pull <= 0.0 {
            // Pushed through past the address position: strike with the strongest pull.
            aim.pull = None;
            strike_now(&session, &mut aim, implied, &mut out);
            return;
        }
    }
    if buttons.just_released(MouseButton::Left)
        && let Some((_, _, best)) = aim.pull.take()
        && best <= 8.0
        && let Some(p) = cursor.0
    {
        click_call(&session, &mut aim, p);
    }
}

/// The lag's starting cue speed, m/s.
const LAG_SPEED_MPS: f64 = 1.25;

/// Strikes at the meter's power and keeps that power for the next shot of the same kind.
fn strike_now(session: &Session, aim: &mut Aim, implied: Call, out: &mut MessageWriter<PlayerCommand>) {
    if session.lagging() {
        // The lag's power is its own.
    } else if session.state.is_break {
        aim.kept_break_power = aim.power;
    } else {
        aim.kept_power = aim.power;
    }
    let strike = aim.strike(session, aim.power);
    let call = aim.resolve_call(session, implied);
    out.write(PlayerCommand::Shoot { call, strike });
}

/// A click on a ball calls it; a click near a pocket then names the pocket.
fn click_call(session: &Session, aim: &mut Aim, p: [f64; 2]) {
    if let Some((id, _)) = session.balls.iter().filter(|b| !b.0.is_cue()).find(|b| dist(b.1, p) < BALL_RADIUS_M * 1.6) {
        aim.call = CallChoice::Ball { ball: *id, pocket: None };
        return;
    }
    if let CallChoice::Ball { ball, .. } = aim.call
        && let Some(pocket) = session.table.pockets().iter().find(|k| dist(k.mouth_centre, p) < 0.12)
    {
        aim.call = CallChoice::Ball { ball, pocket: Some(pocket.id) };
        return;
    }
    // Elsewhere on the cloth: back to the automatic call.
    aim.call = CallChoice::Auto;
}

fn place_input(
    session: Res<SessionRes>,
    mut aim: ResMut<Aim>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    cursor: Res<BedCursor>,
    mut out: MessageWriter<PlayerCommand>,
) {
    if !human_to_act(&session) {
        return;
    }
    if let Phase::PlaceCue { .. } = session.phase {
        if buttons.pressed(MouseButton::Left)
            && let Some(p) = cursor.0
            && session.placement_ok(p)
            && session.cue_hand != Some(p)
        {
            out.write(PlayerCommand::HoldCue(p));
        }
        if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space) {
            out.write(PlayerCommand::ConfirmCue);
        }
        return;
    }
    // Practice: move balls with the mouse.
    if session.mode != Mode::Practice || session.phase != Phase::Aim {
        aim.move_mode = false;
        return;
    }
    if keys.just_pressed(KeyCode::KeyM) {
        aim.move_mode = !aim.move_mode;
    }
    if !aim.move_mode {
        return;
    }
    let Some(p) = cursor.0 else { return };
    if buttons.just_pressed(MouseButton::Left) {
        aim.moving = session.balls.iter().find(|b| dist(b.1, p) < BALL_RADIUS_M * 1.5).map(|b| b.0);
    }
    if buttons.just_released(MouseButton::Left) {
        aim.moving = None;
    }
    if let Some(id) = aim.moving
        && buttons.pressed(MouseButton::Left)
    {
        out.write(PlayerCommand::MoveBall(id, p));
    }
}

/// Keys that act on the table rather than the stroke.
fn table_keys(
    session: Res<SessionRes>,
    keys: Res<ButtonInput<KeyCode>>,
    mut settings: ResMut<Settings>,
    mut out: MessageWriter<PlayerCommand>,
) {
    if keys.just_pressed(KeyCode::KeyH) {
        settings.aim_aid = !settings.aim_aid;
    }
    match session.phase {
        Phase::RackOver { .. } if keys.just_pressed(KeyCode::Enter) => {
            out.write(PlayerCommand::NextRack);
        }
        Phase::LagWon { .. } if human_to_act(&session) => {
            // 1.2: the lag's winner breaks (1) or lets the other player break (2).
            if keys.any_just_pressed([KeyCode::Digit1, KeyCode::Numpad1]) {
                out.write(PlayerCommand::ChooseBreaker { winner_breaks: true });
            } else if keys.any_just_pressed([KeyCode::Digit2, KeyCode::Numpad2]) {
                out.write(PlayerCommand::ChooseBreaker { winner_breaks: false });
            }
        }
        Phase::Options if human_to_act(&session) => {
            if let Some(d) = &session.last {
                let digits = [
                    KeyCode::Digit1,
                    KeyCode::Digit2,
                    KeyCode::Digit3,
                    KeyCode::Digit4,
                    KeyCode::Digit5,
                    KeyCode::Digit6,
                ];
                for (o, k) in d.options.iter().zip(digits) {
                    if keys.just_pressed(k) {
                        out.write(PlayerCommand::Choose(*o));
                    }
                }
            }
        }
        _ => {}
    }
    if session.mode == Mode::Practice {
        if keys.just_pressed(KeyCode::Backspace) {
            out.write(PlayerCommand::Undo);
        }
        if keys.just_pressed(KeyCode::KeyR) && session.phase != Phase::Shooting {
            out.write(PlayerCommand::Replay);
        }
    }
}
