//! Biljardi, the game: the Bevy app around the engine-independent crates
//! (`biljardi-physics`, `biljardi-rules`, `biljardi-ai`), and the command line.
//!
//! Each module exports `fn plugin(app: &mut App)`; `app::build` assembles them.

pub mod aiming;
pub mod app;
pub mod bed;
pub mod bench;
pub mod camera;
pub mod cli;
pub mod commands;
pub mod controls;
pub mod cue;
pub mod cue_clearance;
pub mod frame;
pub mod game;
pub mod hud;
pub mod lighting;
pub mod menu;
pub mod rule_text;
pub mod screen;
pub mod screenshot;
pub mod session;
pub mod settings;
pub mod table;
pub mod training;
