//! Ball-table (slate) collisions: a ball driven into the bed by an elevated cue, or landing on it.

pub mod frictional_inelastic;
pub mod frictionless_inelastic;

use crate::ball::{BallState, Motion};
use crate::params::{BallTableModel, Params};

/// The state just after the ball in `s` (its bottom on the bed plane, moving down) meets the
/// slate, by the model `p.ball_table_model` names.
pub fn resolve(s: &BallState, p: &Params) -> BallState {
    match p.ball_table_model {
        BallTableModel::FrictionalInelastic => frictional_inelastic::resolve(s, p),
        BallTableModel::FrictionlessInelastic => frictionless_inelastic::resolve(s, p),
    }
}

/// The slate's reaction to the cue driving the ball into it. A throw too low to leave the cloth
/// (under `min_hop_height_m`, every ordinary stroke's few degrees of elevation) is the
/// frictionless one, as before the frictional model: only the vertical velocity is absorbed, so
/// those strokes keep the strike model's speed and spin exactly (pooltool's default strike is
/// planar and has no slate reaction at all). A jump or massé stroke that leaves the cloth gets
/// the model's bounce, friction included.
pub fn strike_bounce(s: &BallState, p: &Params) -> BallState {
    let plain = frictionless_inelastic::resolve(s, p);
    if plain.motion == Motion::Airborne { resolve(s, p) } else { plain }
}
