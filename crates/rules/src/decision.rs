//! The referee's ruling on one shot: the contract's `referee` output.

use crate::game::BallInHand;
use crate::state::GameState;
use crate::text::Text;
use biljardi_physics::BallId;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;

/// One foul: the rulebook number of the foul itself and what happened, in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Foul {
    pub rule: &'static str,
    /// The lettered clause where the rule has several (3.8 b, 3.3 g, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clause: Option<&'static str>,
    pub en: &'static str,
    pub fi: &'static str,
}

/// A choice the incoming player makes before shooting (contracts.md `options`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GameOption {
    Shoot,
    PassBack,
    AcceptTable,
    TakeBallInHand,
    RerackAndBreak,
    RebreakByBreaker,
    SpotEight,
    RequestSpot,
}

impl GameOption {
    pub fn name(self) -> &'static str {
        match self {
            GameOption::Shoot => "shoot",
            GameOption::PassBack => "pass_back",
            GameOption::AcceptTable => "accept_table",
            GameOption::TakeBallInHand => "take_ball_in_hand",
            GameOption::RerackAndBreak => "rerack_and_break",
            GameOption::RebreakByBreaker => "rebreak_by_breaker",
            GameOption::SpotEight => "spot_eight",
            GameOption::RequestSpot => "request_spot",
        }
    }
}

/// An option with the rule that gives it and what it means, in both languages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OptionDetail {
    pub option: GameOption,
    pub rule: &'static str,
    pub en: &'static str,
    pub fi: &'static str,
}

impl OptionDetail {
    pub fn new(option: GameOption, rule: &'static str) -> OptionDetail {
        let (en, fi) = match option {
            GameOption::Shoot => ("Play the position as it lies.", "Jatka pelitilanteesta sellaisenaan."),
            GameOption::PassBack => {
                ("Make the other player shoot this position.", "Anna toisen pelaajan lyödä tästä tilanteesta.")
            }
            GameOption::AcceptTable => ("Accept the table and shoot.", "Hyväksy pöytätilanne ja lyö."),
            GameOption::TakeBallInHand => {
                ("Take cue ball in hand behind the head string.", "Ota käsipallo aloituslinjan takaa.")
            }
            GameOption::RerackAndBreak => ("Rerack and break yourself.", "Kokoa pakka uudelleen ja aloita itse."),
            GameOption::RebreakByBreaker => (
                "Rerack and have the original breaker break again.",
                "Kokoa pakka uudelleen ja anna alkuperäisen aloittajan aloittaa uudestaan.",
            ),
            GameOption::SpotEight => ("Spot the 8 and play on.", "Spottaa kasi ja jatka peliä."),
            GameOption::RequestSpot => (
                "Have the object ball nearest the head string spotted on the foot spot.",
                "Pyydä aloituslinjaa lähin kohdepallo spotattavaksi alapisteelle.",
            ),
        };
        OptionDetail { option, rule, en, fi }
    }
}

/// A ball the referee puts on the table before the next shot, centre at `pos` [x, y] m.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Placed {
    pub id: BallId,
    pub pos: [f64; 2],
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    pub foul: bool,
    pub fouls: Vec<Foul>,
    /// Object balls pocketed on this shot, in order.
    pub pocketed: Vec<BallId>,
    /// Balls to be spotted (1.4), in spotting order.
    pub spot: Vec<BallId>,
    pub placed: Vec<Placed>,
    pub rerack: bool,
    /// With `rerack`: the object balls racked (4.2: 14 with the apex empty, or all 15), in
    /// number order; `rack::rerack_positions(table, n)` gives their spots.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rerack_balls: Vec<BallId>,
    pub next_shooter: u8,
    pub ball_in_hand: BallInHand,
    pub options: Vec<GameOption>,
    pub game_over: bool,
    pub winner: Option<u8>,
    pub points: [i32; 2],
    /// The state for the next shot; where there are `options`, the state after the first one.
    pub state: GameState,
    pub explanation: Text,
    /// Every rule applied to reach this decision, in the order applied.
    pub rules: Vec<&'static str>,
    /// The 6.14 warning, when the incoming player comes to the table with two fouls standing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub warning: Option<Text>,
    /// Each option in `options` with its rule number and meaning.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub option_details: Vec<OptionDetail>,
    /// The state for the next shot after each option in `options`, keyed by the option's name.
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "option_map")]
    pub option_states: Vec<(GameOption, GameState)>,
    /// 1.5: with `request_spot`, the balls the player may ask to be spotted (ties: his choice).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub request_spot: Vec<BallId>,
    /// Object balls that left the table on this shot (8.5).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub off_table: Vec<BallId>,
}

fn option_map<S: Serializer>(v: &[(GameOption, GameState)], s: S) -> Result<S::Ok, S::Error> {
    let map: BTreeMap<&str, &GameState> = v.iter().map(|(o, st)| (o.name(), st)).collect();
    map.serialize(s)
}

impl Decision {
    /// The state after the incoming player picks `option`, or `None` if it was not offered.
    pub fn state_after(&self, option: GameOption) -> Option<&GameState> {
        self.option_states.iter().find(|(o, _)| *o == option).map(|(_, s)| s)
    }
}
