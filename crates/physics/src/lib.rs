//! Biljardi's billiards physics: the authoritative model of everything on the bed.
//!
//! Engine-independent (never depends on bevy) so it builds and tests in seconds and the AI can
//! roll shots forward thousands of times a second.

pub mod event;
pub mod ids;
pub mod input;
pub mod table;

pub use event::{BallFate, Event, EventKind, FinalBall, Kinematics};
pub use ids::{BallId, PocketId, RailId};
pub use input::{InputError, parse_table};
pub use table::{BALL_RADIUS_M, Pocket, PocketSpec, RailSegment, Table, TableSize};
