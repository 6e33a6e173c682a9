//! Ball-table (slate) collisions: a ball driven into the bed by an elevated cue, or landing on it.

pub mod frictionless_inelastic;
