//! Biljardi, the game: the Bevy app around the engine-independent crates
//! (`biljardi-physics`, `biljardi-rules`, `biljardi-ai`), and the command line.
//!
//! Each module exports `fn plugin(app: &mut App)`; `app::build` assembles them.

pub mod app;
pub mod bed;
pub mod camera;
pub mod cli;
pub mod commands;
pub mod frame;
pub mod hud;
pub mod lighting;
pub mod screenshot;
pub mod table;
