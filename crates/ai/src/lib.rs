//! Biljardi's AI opponent: it generates shots (ghost-ball pots corrected against the physics,
//! banks, kicks, combinations, safeties, push outs, breaks), rolls each forward with
//! `biljardi-physics` under its level's execution noise, judges every rollout with
//! `biljardi-rules`, and picks the shot with the best expected value, counting where the cue
//! ball ends (the next shot's chance). It also makes every choice the rules ask of a player.
//!
//! - [`Player::decide`]`(&TableView, seed) -> Action`: pure and deterministic for a seed
//!   (rayon with per-candidate seeds and ordered reductions); `Player` is `Send + Sync`.
//! - [`Level`]: `beginner`, `amateur`, `pro`, `master` (noise and search budget).
//! - [`table_ops::apply`]: the table and state after a referee decision and a chosen option.
//! - [`coach`]`(&TableView, Level, seed) -> Advice` and [`coach_json`]: the shot the AI would
//!   play for the player, its measured chances and a sentence of why (English and Finnish).
//! - [`selfplay::run`]: the `biljardi selfplay` subcommand (contracts.md).

pub mod coach;
pub mod eval;
pub mod level;
pub mod player;
pub mod pockets;
pub mod record;
pub mod rollout;
pub mod selfplay;
pub mod shots;
pub mod table_ops;
pub mod view;

pub use coach::{Advice, Chances, coach, coach_json, explain};
pub use level::{Budget, Level, Noise};
pub use player::{Aim, Player, Thought};
pub use selfplay::{SelfplayArgs, Summary};
pub use shots::ShotKind;
pub use view::{Action, TableView};
