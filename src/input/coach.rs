//! The coach (G): the shot the computer would play for the player, from `biljardi_ai::coach`
//! at `pro` level, thought on a background task. The advice is set up as the player's own aim
//! (direction, elevation, tip, power, the call and the cue ball's place when in hand), so the
//! aiming aid draws its line and ghost ball and the stroke panel its tip and speed; the HUD
//! shows the estimated chances and the sentence of why. The player strikes it, or changes it.
//! Offered in practice and against the computer when the aiming aid is on.

use crate::game::session::{Mode, Phase, Seat, SessionRes};
use crate::game::turn::{PlayerCommand, TurnSystems};
use crate::input::aim::{Aim, CallChoice};
use crate::shared::settings::Settings;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use biljardi_ai::coach::{Advice, coach};
use biljardi_ai::{Level, TableView};
use biljardi_rules::Call;

/// The level the coach plays at: strong, and quick enough to answer in about a second.
const COACH_LEVEL: Level = Level::Pro;

/// The coach's state for the current turn.
#[derive(Resource, Default)]
pub struct Coach {
    task: Option<Task<Advice>>,
    /// The advice for the turn it was asked in (shot count), shown until the turn changes.
    pub advice: Option<(u32, Advice)>,
}

impl Coach {
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }

    /// The advice for the turn being played, if the player asked for it.
    pub fn current(&self, shots: u32) -> Option<&Advice> {
        self.advice.as_ref().filter(|(n, _)| *n == shots).map(|(_, a)| a)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Coach>().add_systems(
        Update,
        (ask_coach, take_advice).chain().in_set(TurnSystems::Input).run_if(resource_exists::<SessionRes>),
    );
}

/// Whether the coach is offered now: a person to act at the table, in practice or against the
/// computer, with the aiming aid on.
pub fn offered(session: &crate::game::session::Session, settings: &Settings) -> bool {
    let mode_ok = matches!(session.mode, Mode::Practice | Mode::VsAi(_));
    let phase_ok = matches!(session.phase, Phase::Aim | Phase::PlaceCue { .. });
    mode_ok && phase_ok && settings.aim_aid && session.seat_to_act() == Seat::Human && !session.lagging()
}

fn ask_coach(
    keys: Res<ButtonInput<KeyCode>>,
    session: Res<SessionRes>,
    settings: Res<Settings>,
    mut coach_state: ResMut<Coach>,
) {
    if !keys.just_pressed(KeyCode::KeyG) || coach_state.thinking() || !offered(&session, &settings) {
        return;
    }
    let s = &session.0;
    let mut balls = s.balls.clone();
    if let Some(p) = s.cue_hand {
        balls.push((biljardi_physics::BallId::CUE, p));
    }
    let view = TableView::shot(s.game, s.table, s.state.clone(), balls);
    let seed = 0xC0AC ^ u64::from(s.shots);
    coach_state.task = Some(AsyncComputeTaskPool::get().spawn(async move { coach(&view, COACH_LEVEL, seed) }));
}

/// When the advice is ready: the aim becomes the advised stroke.
fn take_advice(
    session: Res<SessionRes>,
    mut coach_state: ResMut<Coach>,
    mut aim: ResMut<Aim>,
    mut out: MessageWriter<PlayerCommand>,
) {
    let Some(task) = &mut coach_state.task else { return };
    let Some(advice) = block_on(poll_once(task)) else { return };
    coach_state.task = None;
    if let (Some(p), Phase::PlaceCue { .. }) = (advice.placement, &session.phase) {
        out.write(PlayerCommand::HoldCue(p));
        out.write(PlayerCommand::ConfirmCue);
        // The aim that follows the placement is the advice's, not a fresh one.
        aim.turn = Some((session.shots, 1));
    }
    if let Some(strike) = advice.strike {
        aim.phi_rad = strike.phi_rad;
        aim.theta_rad = strike.theta_rad;
        aim.a = strike.a;
        aim.b = strike.b;
        aim.power = Aim::power_for_speed(strike.speed_mps);
    }
    aim.call = match advice.call {
        Call::Ball { ball, pocket } => CallChoice::Ball { ball, pocket },
        c if c.is_safety() => CallChoice::Safety,
        c if c.is_push_out() => CallChoice::PushOut,
        _ => CallChoice::Auto,
    };
    coach_state.advice = Some((session.shots, advice));
}
