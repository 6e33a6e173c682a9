//! Biljardi's referee: the rules of 8-ball, 9-ball, 10-ball and 14.1 straight pool as pure
//! functions (no clocks, no randomness, no I/O), citing the Finnish Billiards Association's
//! rulebook (`../shared/rules/rules-fi.txt`, WPA world rules) by number.
//!
//! Flow: physics events -> [`ShotRecord`] ([`RecordBuilder`]) -> [`judge()`] -> [`Decision`]
//! (fouls with rule numbers, spots, next shooter, ball in hand, options, score, winner, and the
//! [`GameState`] for the next shot). [`json::run`] is the whole `biljardi referee` subcommand.

pub mod ball_set;
pub mod call;
pub mod decision;
pub mod eight_ball;
pub mod fouls;
pub mod game;
pub mod general;
pub mod json;
pub mod judge;
pub mod lag;
pub mod match_play;
pub mod nine_ball;
pub mod not_applicable;
pub mod rack;
pub mod record;
pub(crate) mod rotation;
pub mod spot;
pub mod state;
pub mod straight_pool;
pub mod ten_ball;
pub mod text;

pub use ball_set::BallSet;
pub use call::Call;
pub use decision::{Decision, Foul, GameOption, OptionDetail, Placed};
pub use game::{BallInHand, Game, Group};
pub use judge::judge;
pub use record::{BallWhere, RecordBuilder, ShotRecord};
pub use state::GameState;
pub use text::Text;
