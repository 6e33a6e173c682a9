//! Ball-ball collisions.

pub mod flying_press;
pub mod frictional_inelastic;
pub mod frictional_inelastic_3d;
pub mod frictional_mathavan;
pub mod roll_off;

use crate::ball::BallState;
use crate::params::{BallBallModel, Params};

/// The states just after balls `a` and `b` touch, by the model `p.ball_ball_model` names. Mathavan
/// 2014 is planar, for two balls on the bed; a ball in flight meets another through
/// `frictional_inelastic_3d` (the simulation calls it directly).
pub fn resolve(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    match p.ball_ball_model {
        BallBallModel::FrictionalMathavan if a.motion.on_bed() && b.motion.on_bed() => {
            frictional_mathavan::resolve(a, b, p)
        }
        _ => frictional_inelastic::resolve(a, b, p),
    }
}
