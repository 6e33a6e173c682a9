//! What the AI sees ([`TableView`]) and what it answers ([`Action`]).

use biljardi_physics::{BallId, Params, Strike, Table};
use biljardi_rules::{Call, Decision, Game, GameOption, GameState};

/// Everything the AI needs to decide. Plain data: cheap to clone onto a background task.
#[derive(Clone, Debug)]
pub struct TableView {
    pub game: Game,
    pub table: Table,
    pub params: Params,
    /// The state of the shot to be played (after any option has been applied).
    pub state: GameState,
    /// Balls on the bed now (the cue ball absent or ignored when it is in hand). When
    /// `pending` is set: the balls resting after the judged shot, before the referee's
    /// placements (`table_ops::apply` makes the table of each option).
    pub balls: Vec<(BallId, [f64; 2])>,
    /// The referee's last decision when the AI (its `next_shooter`) must pick one of its
    /// `options` (push out, break foul, 1.5 spot request, ...); `None` when it just shoots.
    pub pending: Option<Decision>,
}

impl TableView {
    /// A view for a shot to play: `state` and the balls on the bed.
    pub fn shot(game: Game, table: Table, state: GameState, balls: Vec<(BallId, [f64; 2])>) -> TableView {
        TableView { game, table, params: Params::default(), state, balls, pending: None }
    }

    /// The player the AI plays for.
    pub fn me(&self) -> u8 {
        match &self.pending {
            Some(d) => d.next_shooter,
            None => self.state.shooter & 1,
        }
    }
}

/// The AI's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Strike the cue ball. `cue_ball_placement` is set exactly when the cue ball is in hand
    /// (break, foul, scratch): put it there first (it lies on the bed, clear of every ball,
    /// behind the head string when the rules ask).
    Shoot { call: Call, strike: Strike, cue_ball_placement: Option<[f64; 2]> },
    /// One of the pending decision's options (shoot, pass back, accept table, ...).
    ChooseOption(GameOption),
    /// The 1.5 option `request_spot`, naming the ball to spot (one of `Decision::request_spot`).
    RequestSpot { ball: BallId },
}
