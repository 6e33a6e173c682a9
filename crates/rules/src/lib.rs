//! Biljardi's referee: the rules of 8-ball, 9-ball, 10-ball and 14.1 straight pool as pure
//! functions (no clocks, no randomness, no I/O), citing the Finnish Billiards Association's
//! rulebook (`../shared/rules/rules-fi.txt`, WPA world rules) by number.
//!
//! Flow: physics events -> [`ShotRecord`] ([`RecordBuilder`]) -> [`judge()`] -> [`Decision`]
//! (fouls with rule numbers, spots, next shooter, ball in hand, options, score, winner, and the
//! [`GameState`] for the next shot).
//!
//! - [`json::run`]: the whole `biljardi referee` subcommand (contracts.md), text in, text out;
//!   [`lag_json::lag_json`] the same for `biljardi lag` (1.2, both strokes simulated together).
//! - [`judge()`]`(game, &table, &state, &record, &call) -> Decision`: about a microsecond per shot.
//! - [`RecordBuilder`]: `new(&table, &balls_before)`, `push(&event)` / `push_kind(t, kind)`,
//!   `cue_at(pos)`, `moving(id)`, `time_used(s)`, `finish(&final_balls)`; or
//!   [`ShotRecord::from_events`] for a whole shot.
//! - [`Decision::state_after`] gives the next state for each option the incoming player may pick.
//! - [`match_play::Match`]: race to N, alternating or winner breaks, the lag ([`lag::judge_lag`]),
//!   concession and stalemate ([`general::stalemate`]).
//! - [`spot::spot_balls`] (1.4), [`rack::rerack_positions`] and [`rack::ball_in_rack`] (4.2, 4.8)
//!   for the game to place balls; [`not_applicable::NOT_APPLICABLE`] lists rules that cannot
//!   happen in a simulator, with reasons.
//! - [`rulebook::title`]: a rule's title in English and Finnish for the referee banner
//!   (`"3.3 g"` -> 3.3 Break Shot / Aloituslyönti); [`rulebook::all`] lists them.

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
pub mod lag_json;
pub mod match_play;
pub mod nine_ball;
pub mod not_applicable;
pub mod rack;
pub mod record;
pub(crate) mod rotation;
pub mod rulebook;
pub mod spot;
pub mod state;
pub mod straight_pool;
pub mod ten_ball;
pub mod text;
pub(crate) mod verdict;

pub use ball_set::BallSet;
pub use call::Call;
pub use decision::{Decision, Foul, GameOption, OptionDetail, Placed};
pub use game::{BallInHand, Game, Group};
pub use judge::judge;
pub use record::{BallWhere, RecordBuilder, ShotRecord};
pub use state::GameState;
pub use text::Text;
