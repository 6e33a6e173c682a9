//! Ball-cushion collisions (straight rails, jaw faces and jaw points alike).

pub mod han_2005;
pub mod mathavan_2010;

use crate::ball::BallState;
use crate::math::V3;
use crate::params::{CushionModel, Params};

/// The state just after `s` hits a cushion (nose `height_m` above the bed; `normal` from the
/// cushion towards the ball), by the model `p.cushion_model` names.
pub fn resolve(s: &BallState, normal: V3, height_m: f64, p: &Params) -> BallState {
    match p.cushion_model {
        CushionModel::Mathavan2010 => mathavan_2010::resolve(s, normal, height_m, p),
        CushionModel::Han2005 => han_2005::resolve(s, normal, height_m, p),
    }
}
