//! Biljardi, the game: the Bevy app around the engine-independent crates
//! (`biljardi-physics`, `biljardi-rules`, `biljardi-ai`, `biljardi-training`), and the command line.
//!
//! One folder a concern, each exporting `fn plugin(app: &mut App)`; `app` assembles them. A folder
//! imports only the folders listed before it (`tools/module_cycles.py` checks that no two modules
//! import each other):
//! - `shared`: types several plugins use (language, names, the bed frame, screens, settings);
//! - `game`: the match (session, turns, the AI's turn), the table and the bridge to the physics;
//! - `input`: the player's aim, call and stroke from mouse and keys, and its prediction;
//! - `view`: what the window shows (table, balls, camera, lighting, cue stick, HUD, screenshots);
//! - `screens`: the title menu and rules training;
//! - `app`: the plugins assembled and the window run; `cli`: the command line on top.

pub mod app;
pub mod cli;
pub mod game;
pub mod input;
pub mod screens;
pub mod shared;
pub mod view;
