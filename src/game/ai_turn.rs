//! The AI at the table: it thinks on a background task (frames never wait for it), shows its
//! aim for a moment, then acts through the same [`PlayerCommand`]s a person's input writes.

use crate::game::lag;
use crate::game::session::{Phase, Seat, Session, SessionRes};
use crate::game::turn::{PlayerCommand, TurnSystems};
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use biljardi_ai::coach::{Advice, explain};
use biljardi_ai::{Action, Level, Player, TableView, Thought};
use biljardi_physics::Strike;
use biljardi_rules::{Call, Game};

/// How long the AI's aim stays on screen before it strikes, seconds.
const SHOW_AIM_S: f32 = 1.2;

/// The AI's progress on the current turn.
#[derive(Resource, Default)]
pub struct AiTurn {
    task: Option<Task<(Thought, Advice)>>,
    /// Why the computer plays what it plays (the coach's sentence and chances for its own
    /// decision), for the turn (shot count) it was made in.
    said: Option<(u32, Advice)>,
    /// The decision being acted out and the seconds left showing it.
    acting: Option<(Thought, f32)>,
    /// The turn (shot count and phase) the AI has answered, so it asks once per turn.
    answered: Option<(u32, u8)>,
    /// Its lag stroke being shown, the seconds left, and the lag round it answers.
    lag: Option<(Strike, f32)>,
    lag_answered: Option<u32>,
}

/// What the AI means to play, for the cue and the aiming aid to draw while it shows its aim.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct AiAim(pub Option<(Call, Strike)>);

impl AiTurn {
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }

    /// What the computer said of its decision in the turn of `shots`, while it acts it out.
    pub fn said(&self, shots: u32) -> Option<&Advice> {
        self.said.as_ref().filter(|(n, _)| *n == shots).map(|(_, a)| a)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<AiTurn>()
        .init_resource::<AiAim>()
        .add_systems(Update, drive_ai.in_set(TurnSystems::Input).run_if(resource_exists::<SessionRes>));
}

fn phase_key(phase: &Phase) -> u8 {
    match phase {
        Phase::PlaceCue { .. } => 1,
        Phase::Aim => 2,
        Phase::Options => 3,
        _ => 0,
    }
}

fn drive_ai(
    session: Res<SessionRes>,
    mut turn: ResMut<AiTurn>,
    mut aim: ResMut<AiAim>,
    time: Res<Time>,
    mut out: MessageWriter<PlayerCommand>,
) {
    let Seat::Ai(level) = session.seat_to_act() else {
        turn.task = None;
        turn.acting = None;
        aim.0 = None;
        return;
    };
    if session.lagging() {
        drive_lag(&session, level, &mut turn, &mut aim, time.delta_secs(), &mut out);
        return;
    }
    let key = (session.shots, phase_key(&session.phase));
    if key.1 == 0 {
        return;
    }
    if let Some((thought, left)) = &mut turn.acting {
        *left -= time.delta_secs();
        if *left > 0.0 {
            return;
        }
        match thought.action {
            Action::Shoot { call, strike, .. } => out.write(PlayerCommand::Shoot { call, strike }),
            Action::ChooseOption(o) => out.write(PlayerCommand::Choose(o)),
            Action::RequestSpot { ball } => out.write(PlayerCommand::RequestSpot(ball)),
        };
        turn.acting = None;
        aim.0 = None;
        return;
    }
    if let Some(task) = &mut turn.task {
        let Some((thought, advice)) = block_on(poll_once(task)) else { return };
        turn.task = None;
        turn.said = Some((session.shots, advice));
        if let Action::Shoot { cue_ball_placement: Some(p), .. } = thought.action {
            out.write(PlayerCommand::HoldCue(p));
            out.write(PlayerCommand::ConfirmCue);
        }
        if let (Action::Shoot { call, .. }, Some(intended)) = (&thought.action, thought.intended) {
            aim.0 = Some((*call, intended));
        }
        turn.acting = Some((thought, SHOW_AIM_S));
        return;
    }
    if turn.answered == Some(key) {
        return;
    }
    turn.answered = Some(key);
    let s = &session.0;
    let mut view = TableView::shot(s.game, s.table, s.state.clone(), s.balls.clone());
    if s.phase == Phase::Options
        && let Some(d) = &s.last
    {
        view.state = d.state.clone();
        view.pending = Some(d.clone());
    }
    let seed = 0x5EED ^ (u64::from(s.shots) << 8) ^ u64::from(key.1);
    let player = Player::new(level);
    // The sentence costs a hundred more noisy strokes of the chosen shot: milliseconds.
    turn.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        let thought = player.think(&view, seed);
        let advice = explain(&view, level, thought.clone(), seed);
        (thought, advice)
    }));
}

/// The computer's part in the lag (1.2): its stroke (shown for a moment like any aim), and when
/// it won, its choice: break in 8-, 9- and 10-ball, where the break is worth having, and let the
/// other player break in 14.1, where the opening break gives away the table.
fn drive_lag(
    session: &Session,
    level: Level,
    turn: &mut AiTurn,
    aim: &mut AiAim,
    dt: f32,
    out: &mut MessageWriter<PlayerCommand>,
) {
    if let Phase::LagWon { .. } = session.phase {
        out.write(PlayerCommand::ChooseBreaker { winner_breaks: session.game != Game::StraightPool });
        return;
    }
    if session.phase != Phase::Aim {
        return;
    }
    if let Some((strike, left)) = &mut turn.lag {
        *left -= dt;
        if *left <= 0.0 {
            out.write(PlayerCommand::Shoot { call: Call::None, strike: *strike });
            turn.lag = None;
            aim.0 = None;
        }
        return;
    }
    let round = session.lag.as_ref().map_or(0, |l| l.rounds * 2 + u32::from(session.state.shooter));
    if turn.lag_answered == Some(round) {
        return;
    }
    turn.lag_answered = Some(round);
    let seed = 0x1A6 ^ u64::from(round);
    let strike = lag::computer_stroke(&session.table, session.params, session.state.shooter, level, seed);
    aim.0 = Some((Call::None, strike));
    turn.lag = Some((strike, SHOW_AIM_S));
}
