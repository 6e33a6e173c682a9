//! The cue strike.

pub mod frozen;
pub mod instantaneous_point;
