//! The match at the table inside the app: player commands in (from the mouse and keyboard, the
//! AI, or a test), the bed's events collected into the shot, the referee's decision out.
//!
//! Every actor uses the same path: a [`PlayerCommand`] message. Headless tests write them too.

use crate::game::bed::{BallsAtRest, Bed, BedEvent, BedSystems, StrikeCue};
use crate::game::lag::lag_ball;
use crate::game::session::{Refusal, Session, SessionRes};
use bevy::prelude::*;
use biljardi_physics::{Ball, BallId, Event, Simulation, Strike};
use biljardi_record::ShotEntry;
use biljardi_rules::lag::LagOutcome;
use biljardi_rules::{Call, Decision, GameOption};

/// What a player (or the AI, or a test) asks the table to do.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub enum PlayerCommand {
    /// Strike the cue ball with a call (ball and pocket, safety, push out, or none).
    Shoot { call: Call, strike: Strike },
    /// Hold the cue ball in hand at a point.
    HoldCue([f64; 2]),
    /// Put the held cue ball down where it is.
    ConfirmCue,
    /// The incoming player's choice among the decision's options.
    Choose(GameOption),
    /// 1.5: spot this ball.
    RequestSpot(BallId),
    /// After a rack ends: rack the next.
    NextRack,
    /// 1.2: the lag's winner breaks (`true`) or lets the other player break.
    ChooseBreaker { winner_breaks: bool },
    /// Practice: move a ball.
    MoveBall(BallId, [f64; 2]),
    /// Practice: take back the last shot.
    Undo,
    /// Practice: play the last shot again from the same table.
    Replay,
}

/// The referee has judged a shot; `shooter` played it.
#[derive(Message, Clone, Debug)]
pub struct ShotJudged(pub Decision, pub u8);

/// A judged shot as the match record keeps it (input and outcome).
#[derive(Message, Clone, Debug)]
pub struct ShotRecorded(pub ShotEntry);

/// The incoming player chose one of the decision's options (with the ball of a 1.5 spot).
#[derive(Message, Clone, Copy, Debug)]
pub struct OptionChosen(pub GameOption, pub Option<BallId>);

/// The referee has judged a lag (1.2).
#[derive(Message, Clone, Debug)]
pub struct LagJudged(pub LagOutcome);

/// A command the table refused, for the HUD to explain.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct Refused(pub Refusal);

/// Physics events of the shot being played, in order.
#[derive(Resource, Default, Debug)]
pub struct ShotLog {
    pub events: Vec<Event>,
}

/// Ordering within a frame: commands, then the bed, then judging.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum TurnSystems {
    /// Input and the AI write commands.
    Input,
    /// Commands change the session.
    Commands,
    /// Events recorded; at rest the referee judges; the bed follows the session.
    Judge,
}

pub fn plugin(app: &mut App) {
    app.add_message::<PlayerCommand>()
        .add_message::<ShotJudged>()
        .add_message::<LagJudged>()
        .add_message::<ShotRecorded>()
        .add_message::<OptionChosen>()
        .add_message::<Refused>()
        .init_resource::<ShotLog>()
        .configure_sets(
            Update,
            (TurnSystems::Input, TurnSystems::Commands, BedSystems::Advance, TurnSystems::Judge, BedSystems::Sync)
                .chain(),
        )
        .add_systems(Update, handle_commands.in_set(TurnSystems::Commands).run_if(resource_exists::<SessionRes>))
        .add_systems(
            Update,
            (record_and_judge, mirror_session_to_bed)
                .chain()
                .in_set(TurnSystems::Judge)
                .run_if(resource_exists::<SessionRes>),
        );
}

/// Builds the physics of the session's table, keeping each ball's orientation from `old`.
pub fn simulation_for(session: &Session, old: Option<&Simulation>) -> Simulation {
    let mut balls: Vec<Ball> = session.bed_balls();
    if let Some(old) = old {
        let now = old.time();
        for b in &mut balls {
            if let Some(s) = old.ball(b.id, now) {
                b.state.orient = s.orient;
            }
        }
    }
    Simulation::new(session.table, session.params, balls)
}

fn handle_commands(
    mut commands: MessageReader<PlayerCommand>,
    mut session: ResMut<SessionRes>,
    mut bed: ResMut<Bed>,
    mut log: ResMut<ShotLog>,
    mut strikes: MessageWriter<StrikeCue>,
    mut refused: MessageWriter<Refused>,
    mut chosen: MessageWriter<OptionChosen>,
) {
    for c in commands.read() {
        let result = match *c {
            PlayerCommand::Shoot { strike, .. } if session.lagging() => {
                lag_stroke(&mut session, &mut bed, &mut log, strike, &mut strikes)
            }
            PlayerCommand::Shoot { call, strike } => {
                shoot(&mut session, &mut bed, &mut log, call, strike, &mut strikes)
            }
            PlayerCommand::ChooseBreaker { winner_breaks } => session.choose_breaker(winner_breaks),
            PlayerCommand::HoldCue(p) => session.hold_cue_at(p),
            PlayerCommand::ConfirmCue => session.confirm_cue(),
            PlayerCommand::Choose(o) => session.choose(o).inspect(|_| {
                chosen.write(OptionChosen(o, None));
            }),
            PlayerCommand::RequestSpot(b) => session.request_spot(b).inspect(|_| {
                chosen.write(OptionChosen(GameOption::RequestSpot, Some(b)));
            }),
            PlayerCommand::NextRack => session.next_rack(),
            PlayerCommand::MoveBall(id, p) => session.move_ball(id, p),
            PlayerCommand::Undo => session.undo(),
            PlayerCommand::Replay => match session.replay() {
                Ok(stroke) => {
                    // Same table, same stroke (the cue ball, if it was in hand, where it was put).
                    if matches!(session.phase, crate::game::session::Phase::PlaceCue { .. }) {
                        let _ = session.confirm_cue();
                    }
                    shoot(&mut session, &mut bed, &mut log, stroke.call, stroke.strike, &mut strikes)
                }
                Err(e) => Err(e),
            },
        };
        if let Err(e) = result {
            refused.write(Refused(e));
        }
    }
}

fn shoot(
    session: &mut Session,
    bed: &mut Bed,
    log: &mut ShotLog,
    call: Call,
    strike: Strike,
    strikes: &mut MessageWriter<StrikeCue>,
) -> Result<(), Refusal> {
    session.begin_shot(call, strike)?;
    bed.sim = simulation_for(session, Some(&bed.sim));
    bed.shot_running = false;
    log.events.clear();
    strikes.write(StrikeCue { ball: BallId::CUE, strike });
    Ok(())
}

/// A lag stroke: the first waits for the second, then both balls are struck together.
fn lag_stroke(
    session: &mut Session,
    bed: &mut Bed,
    log: &mut ShotLog,
    strike: Strike,
    strikes: &mut MessageWriter<StrikeCue>,
) -> Result<(), Refusal> {
    let Some(both) = session.lag_stroke(strike)? else { return Ok(()) };
    bed.sim = simulation_for(session, Some(&bed.sim));
    bed.shot_running = false;
    log.events.clear();
    for (player, strike) in (0u8..).zip(both) {
        strikes.write(StrikeCue { ball: lag_ball(player), strike });
    }
    Ok(())
}

fn record_and_judge(
    mut events: MessageReader<BedEvent>,
    mut rest: MessageReader<BallsAtRest>,
    mut log: ResMut<ShotLog>,
    mut session: ResMut<SessionRes>,
    bed: Res<Bed>,
    mut judged: MessageWriter<ShotJudged>,
    mut lags: MessageWriter<LagJudged>,
    mut recorded: MessageWriter<ShotRecorded>,
) {
    log.events.extend(events.read().map(|e| e.0.clone()));
    if rest.read().next().is_none() {
        return;
    }
    let finals = bed.sim.final_balls();
    if session.lagging() {
        if let Ok(outcome) = session.finish_lag(&log.events, &finals) {
            lags.write(LagJudged(outcome));
        }
    } else {
        let shooter = session.state.shooter & 1;
        let state = session.state.clone();
        let rack = session.match_.racks_won[0] + session.match_.racks_won[1] + 1;
        let (balls, call, strike) = (session.shot_start_balls().to_vec(), session.pending_call(), session.last_stroke);
        if let Ok(d) = session.finish_shot(&log.events, &finals) {
            if let Some(stroke) = strike {
                let in_hand = state.placement() != biljardi_rules::BallInHand::None;
                let placed = balls.iter().find(|b| b.0.is_cue()).map(|b| b.1).filter(|_| in_hand);
                let entry = ShotEntry::new(rack, &state, &balls, placed, call, stroke.strike, &log.events, &finals, &d);
                recorded.write(ShotRecorded(entry));
            }
            judged.write(ShotJudged(d, shooter));
        }
    }
    log.events.clear();
}

/// Between shots the bed holds exactly the session's balls (placements, spots, reracks, undo).
fn mirror_session_to_bed(session: Res<SessionRes>, mut bed: ResMut<Bed>) {
    if !session.is_changed() || session.phase == crate::game::session::Phase::Shooting || bed.shot_running {
        return;
    }
    let sim = simulation_for(&session, Some(&bed.sim));
    *bed = Bed::new(sim);
}
