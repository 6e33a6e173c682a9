//! The contract's `state`: everything the referee must know about the game beyond where the balls
//! lie. Every field optional in JSON; the output carries the next shot's state so shots chain.

use crate::game::{BallInHand, Group};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameState {
    /// The player taking this shot, 0 or 1.
    pub shooter: u8,
    /// This shot is a break (8.11).
    #[serde(rename = "break")]
    pub is_break: bool,
    /// 9-ball / 10-ball: this is the shot after a break without a foul and may be a push out (2.4, 9.4).
    pub push_out_allowed: bool,
    /// 8-ball: groups not yet chosen (3.4).
    pub open_table: bool,
    /// 8-ball: each player's group once chosen.
    pub groups: [Option<Group>; 2],
    /// Consecutive fouls standing per player (6.14).
    pub fouls: [u8; 2],
    /// 14.1 score per player (4.7); may be negative.
    pub score: [i32; 2],
    /// How the cue ball came to be placed for this shot (1.5).
    pub ball_in_hand: BallInHand,
    /// Who broke this game: the original breaker rebreaks after a stalemate (2.9, 3.11, 9.12).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub breaker: Option<u8>,
    /// 14.1: the points that win (4.4). Missing means [`DEFAULT_TARGET_SCORE`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_score: Option<i32>,
    /// Optional shot clock in seconds (6.15); a match setting, off when missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shot_clock_s: Option<f64>,
    /// 6.14: whether each player was warned on coming to the table with two fouls standing;
    /// without the warning a third foul counts only as the second. Default (and in every
    /// output, since the referee gives the warning) `[true, true]`; printed only when not.
    #[serde(skip_serializing_if = "both_warned")]
    pub warned: [bool; 2],
}

fn both_warned(w: &[bool; 2]) -> bool {
    w[0] && w[1]
}

/// The customary 14.1 target when a match sets none.
pub const DEFAULT_TARGET_SCORE: i32 = 100;

impl Default for GameState {
    fn default() -> Self {
        GameState {
            shooter: 0,
            is_break: false,
            push_out_allowed: false,
            open_table: true,
            groups: [None, None],
            fouls: [0, 0],
            score: [0, 0],
            ball_in_hand: BallInHand::None,
            breaker: None,
            target_score: None,
            shot_clock_s: None,
            warned: [true, true],
        }
    }
}

impl GameState {
    /// The state of a new rack broken by `breaker` (8.11): cue ball in hand behind the head string.
    pub fn new_rack(breaker: u8) -> GameState {
        GameState {
            shooter: breaker & 1,
            is_break: true,
            ball_in_hand: BallInHand::BehindHeadString,
            breaker: Some(breaker & 1),
            ..GameState::default()
        }
    }

    /// The shooter as 0 or 1 whatever was given.
    pub fn shooter(&self) -> usize {
        (self.shooter & 1) as usize
    }

    pub fn opponent(&self) -> usize {
        1 - self.shooter()
    }

    pub fn target(&self) -> i32 {
        self.target_score.unwrap_or(DEFAULT_TARGET_SCORE)
    }

    /// How the cue ball is placed for this shot: a break is always from behind the head string.
    pub fn placement(&self) -> BallInHand {
        if self.is_break { BallInHand::BehindHeadString } else { self.ball_in_hand }
    }
}
