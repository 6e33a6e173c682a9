//! Biljardi's billiards physics: the authoritative model of everything on the bed.
//!
//! Engine-independent (never depends on bevy) so it builds and tests in seconds and the AI can
//! roll shots forward thousands of times a second.
//!
//! Layout (after pooltool): `evolve` (closed-form motion between events) apart from
//! `resolve/<event kind>/<model>` (what an event does), `events` (when the next event happens),
//! `simulation` (the event loop), `params` (every model parameter), `json` (the `sim` contract),
//! `rack` (standard racks), `validate` (the one check of tables and positions every input
//! passes), `cue_clearance` (how high the stick must rise over balls and rails).

pub mod ball;
pub mod cue_clearance;
pub mod error;
pub mod event;
pub mod events;
pub mod evolve;
pub mod ids;
pub mod input;
pub mod json;
pub mod math;
mod pairs;
pub mod params;
pub mod poly;
pub mod rack;
pub mod resolve;
pub mod simulation;
pub mod table;
pub mod validate;

pub use ball::{Ball, BallState, Motion};
pub use cue_clearance::{CUE_SHAFT_RADIUS_M, MAX_CUE_ELEVATION_RAD, min_cue_elevation_rad, raised_to_clear};
pub use event::{BallFate, Event, EventKind, FinalBall, Kinematics};
pub use ids::{BallId, PocketId, RailId};
pub use input::{InputError, parse_table};
pub use math::{Quat, V3};
pub use params::{BallBallModel, BallTableModel, CushionModel, Params};
pub use resolve::stick_ball::frozen::FROZEN_TOLERANCE_M;
pub use resolve::stick_ball::instantaneous_point::Strike;
pub use simulation::{BallSnapshot, Simulation};
pub use table::{BALL_RADIUS_M, Pocket, PocketSpec, RailSegment, Table, TableSize};
pub use validate::{Bed, MAX_BALLS, MAX_TABLE_M};
