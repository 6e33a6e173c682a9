//! The games the referee knows and the small enums of the contract's `state`.

use biljardi_physics::BallId;
use serde::{Deserialize, Serialize};

/// The four games, with the contract's JSON names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Game {
    #[serde(rename = "8ball")]
    EightBall,
    #[serde(rename = "9ball")]
    NineBall,
    #[serde(rename = "10ball")]
    TenBall,
    #[serde(rename = "14.1")]
    StraightPool,
}

impl Game {
    pub const ALL: [Game; 4] = [Game::EightBall, Game::NineBall, Game::TenBall, Game::StraightPool];

    pub fn name(self) -> &'static str {
        match self {
            Game::EightBall => "8ball",
            Game::NineBall => "9ball",
            Game::TenBall => "10ball",
            Game::StraightPool => "14.1",
        }
    }

    pub fn parse(s: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.name() == s)
    }

    /// The highest object ball number in the game's rack (2.2, 3.2, 4.2, 9.2).
    pub fn max_ball(self) -> u8 {
        match self {
            Game::NineBall => 9,
            Game::TenBall => 10,
            Game::EightBall | Game::StraightPool => 15,
        }
    }

    /// The ball that wins the game when pocketed legally (none in 14.1, which is played to points).
    pub fn game_ball(self) -> Option<BallId> {
        match self {
            Game::NineBall => BallId::object(9),
            Game::TenBall => BallId::object(10),
            Game::EightBall => BallId::object(8),
            Game::StraightPool => None,
        }
    }

    /// Whether 6.14 (three consecutive fouls) applies: 2.8, 4.11, 9.11; not in 8-ball (3.10, 6.14).
    pub fn three_foul_rule(self) -> bool {
        self != Game::EightBall
    }

    /// Whether the game may be played with `id`.
    pub fn has_ball(self, id: BallId) -> bool {
        id.number() <= self.max_ball()
    }
}

/// An 8-ball group (3.x: "colour", väri).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Group {
    /// Balls 1-7.
    Solids,
    /// Balls 9-15.
    Stripes,
}

impl Group {
    pub fn of(id: BallId) -> Option<Group> {
        match id.number() {
            1..=7 => Some(Group::Solids),
            9..=15 => Some(Group::Stripes),
            _ => None,
        }
    }

    pub fn other(self) -> Group {
        match self {
            Group::Solids => Group::Stripes,
            Group::Stripes => Group::Solids,
        }
    }

    pub fn contains(self, id: BallId) -> bool {
        Group::of(id) == Some(self)
    }
}

/// How the cue ball is placed for a shot (1.5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BallInHand {
    /// The cue ball is played from where it lies.
    #[default]
    None,
    /// Anywhere on the bed (1.5).
    Anywhere,
    /// Behind the head string, i.e. strictly on the head side of it (1.5, 8.1).
    BehindHeadString,
}
