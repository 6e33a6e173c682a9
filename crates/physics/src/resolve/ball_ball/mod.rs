//! Ball-ball collisions.

pub mod flying_press;
pub mod frictional_inelastic;
pub mod frictional_inelastic_3d;
pub mod roll_off;
