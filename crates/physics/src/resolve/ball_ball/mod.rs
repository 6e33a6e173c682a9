//! Ball-ball collisions.

pub mod frictional_inelastic;
pub mod frictional_mathavan;

use crate::ball::BallState;
use crate::params::{BallBallModel, Params};

/// The states just after balls `a` and `b` touch, by the model `p.ball_ball_model` names. Mathavan
/// 2014 is planar, for two balls on the bed; a ball in flight is always resolved by
/// `frictional_inelastic` (3D).
pub fn resolve(a: &BallState, b: &BallState, p: &Params) -> (BallState, BallState) {
    match p.ball_ball_model {
        BallBallModel::FrictionalMathavan if a.motion.on_bed() && b.motion.on_bed() => {
            frictional_mathavan::resolve(a, b, p)
        }
        _ => frictional_inelastic::resolve(a, b, p),
    }
}
