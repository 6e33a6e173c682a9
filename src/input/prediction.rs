//! What the aim will do: the physics' prediction for the human's aim or the computer's intended
//! stroke, kept as a resource for the cue stick, the aiming aid and the HUD.

use crate::game::ai_turn::AiAim;
use crate::game::session::SessionRes;
use crate::game::session::{Phase, Seat, Session};
use crate::input::aim::Aim;
use crate::input::aiming::{Prediction, predict};
use bevy::prelude::*;
use biljardi_physics::Strike;
use biljardi_rules::Call;

/// The aid's prediction for the current aim (human) or the AI's intended stroke.
#[derive(Resource, Default, Clone, Debug)]
pub struct AimPrediction(pub Prediction);

/// Runs after the turn's input, before anything draws the prediction.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PredictionSystems;

pub fn plugin(app: &mut App) {
    app.init_resource::<AimPrediction>()
        .add_systems(Update, update_prediction.in_set(PredictionSystems).after(crate::game::turn::TurnSystems::Input));
}

/// The stroke being shown now: the AI's intended one, or the human's aim.
pub fn shown_stroke(session: &Session, aim: &Aim, ai: &AiAim) -> Option<(Strike, Option<Call>)> {
    if let Some((call, strike)) = ai.0 {
        return Some((strike, Some(call)));
    }
    (session.phase == Phase::Aim && session.seat_to_act() == Seat::Human)
        .then(|| (aim.strike(session, aim.power), None))
}

fn update_prediction(
    session: Option<Res<SessionRes>>,
    aim: Res<Aim>,
    ai: Res<AiAim>,
    mut prediction: ResMut<AimPrediction>,
    mut last: Local<Option<Strike>>,
) {
    let Some(session) = session else { return };
    let Some((strike, _)) = shown_stroke(&session, &aim, &ai) else {
        *last = None;
        return;
    };
    if *last == Some(strike) && !session.is_changed() {
        return;
    }
    *last = Some(strike);
    prediction.0 = predict(&session, strike);
}
