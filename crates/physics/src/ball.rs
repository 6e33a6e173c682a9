//! A ball's state: where it is, how it moves and spins, how it is turned, and which of the
//! motion states of Leckie and Greenspan (2005) it is in.

use crate::ids::{BallId, PocketId};
use crate::math::{Quat, V3};

/// The motion states. Between events a ball stays in one, following its closed-form trajectory
/// (see `evolve`): four on the cloth, one in the air, two out of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// At rest on the bed.
    Stationary,
    /// Turning about the vertical in place, no other motion.
    Spinning,
    /// The contact point slips over the cloth: sliding friction acts.
    Sliding,
    /// Natural roll: the contact point is at rest; rolling resistance acts.
    Rolling,
    /// Off the cloth (a jump, a bounce): ballistic flight under gravity, spin constant
    /// (`evolve::airborne`). Still in play.
    Airborne,
    /// Dropped into a pocket; out of play.
    Pocketed(PocketId),
    /// Left the table; out of play.
    OffTable,
}

impl Motion {
    /// True while the ball is in play: on the bed or in flight above it.
    pub fn on_table(self) -> bool {
        !matches!(self, Motion::Pocketed(_) | Motion::OffTable)
    }

    /// True if the ball's centre moves.
    pub fn translates(self) -> bool {
        matches!(self, Motion::Sliding | Motion::Rolling | Motion::Airborne)
    }

    /// True while the ball's bottom is on the cloth (in play and not in flight).
    pub fn on_bed(self) -> bool {
        self.on_table() && self != Motion::Airborne
    }
}

/// The full state of one ball at one instant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BallState {
    /// Centre, m (z = R on the bed).
    pub pos: V3,
    /// Linear velocity, m/s.
    pub vel: V3,
    /// Angular velocity, rad/s.
    pub ang_vel: V3,
    /// Body-to-table rotation, so the game can draw the numbers rolling.
    pub orient: Quat,
    pub motion: Motion,
}

impl BallState {
    /// A ball at rest on the bed at `[x, y]`.
    pub fn at_rest(pos: [f64; 2], radius_m: f64) -> BallState {
        BallState {
            pos: V3::new(pos[0], pos[1], radius_m),
            vel: V3::ZERO,
            ang_vel: V3::ZERO,
            orient: Quat::IDENTITY,
            motion: Motion::Stationary,
        }
    }

    /// Kinetic energy (translation plus rotation), J.
    pub fn kinetic_energy(&self, mass_kg: f64, inertia: f64) -> f64 {
        0.5 * mass_kg * self.vel.norm_sq() + 0.5 * inertia * self.ang_vel.norm_sq()
    }

    /// Kinetic plus potential energy above the bed (`m g (z - R)`), J: what can only fall
    /// during a shot once balls fly.
    pub fn mechanical_energy(&self, mass_kg: f64, inertia: f64, g: f64, radius_m: f64) -> f64 {
        self.kinetic_energy(mass_kg, inertia) + mass_kg * g * (self.pos.z - radius_m)
    }
}

/// A ball handed to `Simulation::new`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ball {
    pub id: BallId,
    pub state: BallState,
}

impl Ball {
    /// Ball `id` at rest at `[x, y]` with the default radius.
    pub fn at_rest(id: BallId, pos: [f64; 2]) -> Ball {
        Ball { id, state: BallState::at_rest(pos, crate::table::BALL_RADIUS_M) }
    }
}
