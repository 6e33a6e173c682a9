//! Ball-ball collisions.

pub mod frictional_inelastic;
