//! The scenario file format (`assets/demos/<id>.json`): the game, the balls, the game state, the
//! call and the strike the real physics plays, the narration in both languages, the rules taught,
//! and the events and decision the referee must reach. See the crate README for a worked example.

use biljardi_physics::{Ball, BallId, Event, FinalBall, Strike, Table, TableSize, rack};
use biljardi_rules::{BallInHand, Call, Game, GameState, Text};
use serde::{Deserialize, Deserializer, Serialize};

/// One training scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Also the file name: `assets/demos/<id>.json`.
    pub id: String,
    pub game: Game,
    pub title: Text,
    /// The rule topic the menu groups it under (`break`, `push_out`, `fouls`, ...).
    pub group: String,
    /// The rulebook numbers it teaches, most important first.
    pub rules: Vec<String>,
    /// Topic tags of issue 7's coverage list (`legal_break`, `push_out_reply`, `jump_shot`, ...).
    #[serde(default)]
    pub tags: Vec<String>,
    /// `"7ft"`, `"8ft"` or `"9ft"` (default).
    #[serde(default = "nine_foot")]
    pub table: String,
    pub layout: Layout,
    /// The rules crate's `GameState` before the shot (the contract's `state`).
    pub state: GameState,
    /// The shooter's call (the contract's `call`; `null` for none).
    #[serde(default)]
    pub call: Call,
    pub strike: StrikeSpec,
    /// True when the events are not produced by the physics but given in `script` (a second cue
    /// contact: something the physics does not model).
    #[serde(default)]
    pub scripted_events: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub script: Option<Script>,
    pub narration: Narration,
    /// Where the game pauses to explain.
    pub pause_at: PauseAt,
    /// With `pause_at: "pocket"`: the ball whose drop is the key moment (default: the first drop).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pause_ball: Option<BallId>,
    pub expected: Expected,
}

fn nine_foot() -> String {
    "9ft".to_string()
}

/// The balls before the shot: an optional standard rack (apex on the foot spot) and balls added
/// or moved on top of it, then balls taken away.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// `"9ball"`, `"10ball"`, `"8ball"` or `"14.1"`: the physics crate's standard rack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rack: Option<Game>,
    /// Balls at `pos` [x, y] m in the physics table frame (origin at the centre, head at -x,
    /// left at +y); a ball already in the rack is moved.
    #[serde(default)]
    pub balls: Vec<Placement>,
    /// Balls taken out of the rack.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remove: Vec<BallId>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    pub id: BallId,
    pub pos: [f64; 2],
}

/// The cue strike as the `sim` contract spells it: cue speed m/s, direction and elevation in
/// degrees, tip offsets in ball radii.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrikeSpec {
    pub speed: f64,
    pub phi: f64,
    #[serde(default)]
    pub theta: f64,
    #[serde(default)]
    pub a: f64,
    #[serde(default)]
    pub b: f64,
}

impl StrikeSpec {
    pub fn to_strike(&self) -> Strike {
        Strike {
            speed_mps: self.speed,
            phi_rad: self.phi.to_radians(),
            theta_rad: self.theta.to_radians(),
            a: self.a,
            b: self.b,
        }
    }
}

/// Events given as input for a scenario the physics cannot play (`scripted_events`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    /// The `sim` contract's events, in time order.
    pub events: Vec<Event>,
    /// The `sim` contract's `balls`: where the balls ended.
    #[serde(rename = "final")]
    pub final_balls: Vec<FinalBall>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Narration {
    /// Read before the shot: the situation and what to watch.
    pub before: Text,
    /// Read after the referee's decision: what happened and why the rule rules so.
    pub after: Text,
}

/// The key moment to pause at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PauseAt {
    /// The cue ball's first contact with an object ball (or the end, if it touches none).
    FirstContact,
    /// The first rail (cushion, pocket or leaving the table) after the first contact.
    Rail,
    /// A ball dropping (`pause_ball`, or the first drop).
    Pocket,
    /// A ball leaving the table.
    OffTable,
    /// When every ball rests.
    End,
}

/// The events and the decision a scenario must produce. Every field is optional: only what is
/// given is checked. In a [`crate::DemoResult`]'s `actual`, every field is filled.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expected {
    pub events: ExpectedEvents,
    pub decision: ExpectedDecision,
}

/// Deserialises a present field (even `null`) as `Some`, so `null` and absent differ.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// What the narration says happened on the table.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedEvents {
    /// The object ball the cue ball touched first; `null`: none.
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub first_contact: Option<Option<BallId>>,
    /// Balls pocketed (cue ball as `"cue"`), compared as a set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pocketed: Option<Vec<BallId>>,
    /// Some ball reached a rail (or a pocket, or left the table) after the first contact (6.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rail_after_contact: Option<bool>,
    /// Distinct object balls that reached a rail during the shot (the break rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object_balls_to_rail: Option<Count>,
    /// `on_table`, `pocketed` or `off_table`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cue_ball: Option<CueFate>,
    /// Balls that left the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub off_table: Option<Vec<BallId>>,
    /// The cue ball crossed the head string before its first contact (6.11).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cue_crossed_head_string: Option<bool>,
    /// Times the cue struck the cue ball (2 is a double hit, 6.7).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strikes: Option<u8>,
    /// Some ball left the cloth (a jump, 8.16).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub airborne: Option<bool>,
}

/// A count that must lie in `min..=max` (either bound may be left out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Count {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u8>,
}

impl Count {
    pub fn exactly(n: u8) -> Count {
        Count { min: Some(n), max: Some(n) }
    }

    pub fn admits(&self, n: u8) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CueFate {
    OnTable,
    Pocketed,
    OffTable,
}

/// What the referee must decide.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExpectedDecision {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub foul: Option<bool>,
    /// The rule numbers of the fouls, in the referee's order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fouls: Option<Vec<String>>,
    /// Player 0 or 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_shooter: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ball_in_hand: Option<BallInHand>,
    /// The incoming player's options by their contract names (`shoot`, `pass_back`, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_over: Option<bool>,
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub winner: Option<Option<u8>>,
    /// 14.1: points scored on this shot per player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<[i32; 2]>,
    /// 14.1: the score after the shot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<[i32; 2]>,
    /// Consecutive fouls standing after the shot, per player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fouls_standing: Option<[u8; 2]>,
    /// Balls spotted, in order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spot: Option<Vec<BallId>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rerack: Option<bool>,
    /// With `rerack`: how many balls go into the new rack (14 or 15 in 14.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rerack_count: Option<u8>,
    /// Balls the referee puts on a spot (the 15th ball or the cue ball in 4.8), by id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed: Option<Vec<BallId>>,
    /// 1.5: the balls the incoming player may ask to be spotted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_spot: Option<Vec<BallId>>,
    /// 8-ball: the shooter's group after the shot (`solids`, `stripes`; `null`: still open).
    #[serde(default, deserialize_with = "present", skip_serializing_if = "Option::is_none")]
    pub shooter_group: Option<Option<biljardi_rules::Group>>,
    /// Rules the decision must cite (a subset of the referee's `rules`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cites: Option<Vec<String>>,
    /// After this shot the referee declares a stalemate (1.12): what follows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stalemate: Option<Stalemate>,
}

/// What follows a stalemate (1.12 with 2.9, 3.11, 4.12, 9.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stalemate {
    /// The original breaker breaks a new rack.
    Rebreak { breaker: u8 },
    /// 14.1: the players lag for the break.
    Lag,
}

impl Scenario {
    /// Reads one scenario file's text.
    pub fn parse(text: &str) -> Result<Scenario, serde_json::Error> {
        serde_json::from_str(text)
    }

    pub fn table(&self) -> Table {
        TableSize::parse(&self.table).map(Table::preset).unwrap_or_default()
    }

    /// The balls before the shot, cue ball first, then by number.
    pub fn balls(&self) -> Vec<Ball> {
        let table = self.table();
        let mut balls = match self.layout.rack {
            Some(Game::NineBall) => rack::nine_ball(&table),
            Some(Game::TenBall) => rack::ten_ball(&table),
            Some(Game::EightBall) => rack::eight_ball(&table),
            Some(Game::StraightPool) => rack::straight_pool(&table),
            None => Vec::new(),
        };
        for p in &self.layout.balls {
            balls.retain(|b| b.id != p.id);
            balls.push(Ball::at_rest(p.id, p.pos));
        }
        balls.retain(|b| !self.layout.remove.contains(&b.id));
        balls.sort_by_key(|b| b.id);
        balls
    }

    /// Centres of the balls before the shot, cue ball first.
    pub fn positions(&self) -> Vec<(BallId, [f64; 2])> {
        self.balls().iter().map(|b| (b.id, [b.state.pos.x, b.state.pos.y])).collect()
    }

    /// The state as the referee reads it (`break` implies cue ball in hand behind the head string).
    pub fn placement(&self) -> BallInHand {
        self.state.placement()
    }
}
