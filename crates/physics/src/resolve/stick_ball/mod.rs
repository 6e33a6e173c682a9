//! The cue strike.

pub mod instantaneous_point;
