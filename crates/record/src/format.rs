//! The match record: what `docs/record-format.md` describes, as serde types. Everything the
//! physics and the referee already write as JSON (events, final balls, game state, call,
//! decision, match) is stored in their own format; only the strike and the table are stored in
//! SI units and radians (not the `sim` contract's degrees) so that a record replays bit for bit.

use biljardi_physics::{BallId, Event, FinalBall, Params, Strike, Table};
use biljardi_rules::match_play::{BreakOrder, Match};
use biljardi_rules::{Call, Decision, Game, GameOption, GameState};
use serde::{Deserialize, Serialize};

/// The `format` value every record carries.
pub const FORMAT_NAME: &str = "biljardi-match";
/// The version this build writes and the newest it reads. Raise it when a field changes
/// meaning; readers refuse newer versions rather than guess.
pub const FORMAT_VERSION: u32 = 1;

/// One match: its settings, its players, every shot played, and where it stands now.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// Always [`FORMAT_NAME`].
    pub format: String,
    /// [`FORMAT_VERSION`] when written by this build.
    pub version: u32,
    /// When the match began and when the record last changed, seconds since 1970 (UTC).
    #[serde(default)]
    pub started_unix_s: u64,
    #[serde(default)]
    pub updated_unix_s: u64,
    pub settings: Settings,
    pub players: [PlayerInfo; 2],
    /// Every judged shot in order, across racks.
    #[serde(default)]
    pub shots: Vec<ShotEntry>,
    /// Where the match stands for the next shot; what "Continue match" restores.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resume: Option<Resume>,
}

/// How the match is played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub game: Game,
    /// The table in the physics crate's own units (metres, radians).
    pub table: Table,
    /// The physics parameters the shots were simulated with.
    pub params: Params,
    /// Racks to win (14.1: points to reach).
    pub race_to: u32,
    #[serde(default)]
    pub break_order: BreakOrder,
    /// `practice`, `hotseat`, `ai` or `selfplay`.
    pub mode: String,
    /// 14.1: the points that win a game, if the match sets them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_score: Option<i32>,
    /// How long a shot is simulated at most, s (the game: 120, self-play: 60). A replay uses it.
    pub max_time_s: f64,
}

impl Settings {
    /// One rack (or one shot) of `game` on `table` with the default physics: self-play's racks,
    /// the training's and documentation's set-up positions.
    pub fn single_rack(game: Game, table: Table, mode: &str, max_time_s: f64) -> Settings {
        Settings {
            game,
            table,
            params: Params::default(),
            race_to: 1,
            break_order: BreakOrder::default(),
            mode: mode.into(),
            target_score: None,
            max_time_s,
        }
    }
}

/// A seat: a person or the computer at a level.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub name: String,
    /// `human` or `ai`.
    pub kind: String,
    /// The AI's level (`beginner`, `amateur`, `pro`, `master`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

impl PlayerInfo {
    pub fn human(name: impl Into<String>) -> PlayerInfo {
        PlayerInfo { name: name.into(), kind: "human".into(), level: None }
    }

    pub fn ai(name: impl Into<String>, level: impl Into<String>) -> PlayerInfo {
        PlayerInfo { name: name.into(), kind: "ai".into(), level: Some(level.into()) }
    }
}

/// A ball at rest: the contract's `{"id", "pos"}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct BallPos {
    pub id: BallId,
    /// Centre [x, y], m.
    pub pos: [f64; 2],
}

/// The stroke as the physics received it (noise and the stick's clearance already applied).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct StrikeRec {
    pub speed_mps: f64,
    pub phi_rad: f64,
    pub theta_rad: f64,
    pub a: f64,
    pub b: f64,
}

impl From<Strike> for StrikeRec {
    fn from(s: Strike) -> StrikeRec {
        StrikeRec { speed_mps: s.speed_mps, phi_rad: s.phi_rad, theta_rad: s.theta_rad, a: s.a, b: s.b }
    }
}

impl From<StrikeRec> for Strike {
    fn from(s: StrikeRec) -> Strike {
        Strike { speed_mps: s.speed_mps, phi_rad: s.phi_rad, theta_rad: s.theta_rad, a: s.a, b: s.b }
    }
}

/// The option the incoming player picked after a decision that offered some.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChosenOption {
    /// The contract's option name (`accept_table`, `pass_back`, `request_spot`, ...).
    pub option: OptionName,
    /// With `request_spot`: the ball asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ball: Option<BallId>,
}

/// A [`GameOption`] written with its contract name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionName(pub GameOption);

impl Serialize for OptionName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

impl<'de> Deserialize<'de> for OptionName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        option_by_name(&s).map(OptionName).ok_or_else(|| serde::de::Error::custom(format!("unknown option {s:?}")))
    }
}

/// Every option, for reading names back.
pub const ALL_OPTIONS: [GameOption; 8] = [
    GameOption::Shoot,
    GameOption::PassBack,
    GameOption::AcceptTable,
    GameOption::TakeBallInHand,
    GameOption::RerackAndBreak,
    GameOption::RebreakByBreaker,
    GameOption::SpotEight,
    GameOption::RequestSpot,
];

/// The option called `name` in the contract.
pub fn option_by_name(name: &str) -> Option<GameOption> {
    ALL_OPTIONS.into_iter().find(|o| o.name() == name)
}

/// One judged shot: what went in and what came out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShotEntry {
    /// The rack (game) of the match this shot belongs to, from 0.
    pub rack: u32,
    /// Player 0 or 1 (the same as `state.shooter`).
    pub shooter: u8,
    /// The referee's state before the shot.
    pub state: GameState,
    /// Every ball on the bed when the cue struck, the cue ball included.
    pub balls: Vec<BallPos>,
    /// Where the cue ball was placed from hand for this shot, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cue_ball_placement: Option<[f64; 2]>,
    pub call: Call,
    pub strike: StrikeRec,
    /// The physics' events, as `biljardi sim` prints them.
    pub events: Vec<Event>,
    /// Where every ball ended (`sim`'s `balls`).
    #[serde(rename = "final")]
    pub finals: Vec<FinalBall>,
    /// The referee's decision, as `biljardi referee` prints it.
    pub decision: serde_json::Value,
    /// What the incoming player chose, when the decision offered options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option: Option<ChosenOption>,
}

/// The table waiting for the next shot: what the game restores on "Continue match".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Resume {
    #[serde(rename = "match")]
    pub match_state: Match,
    /// The referee's state for the next shot (with options pending: of the shot just judged).
    pub state: GameState,
    /// Balls at rest; without the cue ball while it is in hand.
    pub balls: Vec<BallPos>,
    pub phase: ResumePhase,
}

/// What the table waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResumePhase {
    /// The shooter places the cue ball in hand.
    PlaceCue,
    Aim,
    /// The incoming player picks one of the last shot's options (re-judge it for the decision:
    /// [`MatchRecord::last_decision`]).
    Options,
    RackOver,
    MatchOver,
}

impl ShotEntry {
    /// The record of one judged shot. `balls` are those the physics held when the cue struck,
    /// `strike` the stroke it received, `events`/`finals` what it reported, `decision` the
    /// referee's ruling on them.
    pub fn new(
        rack: u32,
        state: &GameState,
        balls: &[(BallId, [f64; 2])],
        cue_ball_placement: Option<[f64; 2]>,
        call: Call,
        strike: Strike,
        events: &[Event],
        finals: &[FinalBall],
        decision: &Decision,
    ) -> ShotEntry {
        ShotEntry {
            rack,
            shooter: state.shooter & 1,
            state: state.clone(),
            balls: balls.iter().map(|&(id, pos)| BallPos { id, pos }).collect(),
            cue_ball_placement,
            call,
            strike: strike.into(),
            events: events.to_vec(),
            finals: finals.to_vec(),
            // A Decision is plain data; its serialisation cannot fail.
            decision: serde_json::to_value(decision).unwrap_or(serde_json::Value::Null),
            option: None,
        }
    }

    /// The balls before the shot as the physics and the referee take them.
    pub fn layout(&self) -> Vec<(BallId, [f64; 2])> {
        self.balls.iter().map(|b| (b.id, b.pos)).collect()
    }

    /// A text of the decision (`explanation.en` / `.fi`).
    pub fn explanation(&self, lang: crate::Lang) -> Option<&str> {
        self.decision.get("explanation")?.get(lang.code())?.as_str()
    }
}

/// The table as the contract's `table` object (degrees), for the referee's input checks.
pub fn table_json(t: &Table) -> serde_json::Value {
    serde_json::json!({
        "length": t.length_m,
        "width": t.width_m,
        "cushion_height": t.cushion_height_m,
        "cushion_depth": t.cushion_depth_m,
        "rail_width": t.rail_width_m,
        "corner_mouth": t.corner.mouth_m,
        "corner_cut_angle": t.corner.cut_angle_rad.to_degrees(),
        "corner_shelf": t.corner.shelf_m,
        "corner_drop_radius": t.corner.drop_radius_m,
        "side_mouth": t.side.mouth_m,
        "side_cut_angle": t.side.cut_angle_rad.to_degrees(),
        "side_shelf": t.side.shelf_m,
        "side_drop_radius": t.side.drop_radius_m,
    })
}

/// The physics' checks of a table (sizes positive, pockets that fit, angles that close).
pub fn validate_table(t: &Table) -> Result<(), biljardi_physics::InputError> {
    let dims = [t.length_m, t.width_m, t.cushion_height_m, t.cushion_depth_m, t.rail_width_m];
    if dims.iter().any(|x| !(x.is_finite() && *x > 0.0 && *x <= 4.0)) {
        return Err(biljardi_physics::InputError::new("table", "every size must be positive and at most 4 m"));
    }
    biljardi_physics::parse_table(Some(&table_json(t)), "table").map(|_| ())
}
