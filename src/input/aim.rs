//! The stroke being set up: direction, elevation, tip offset, power and call. The controls change
//! it; the prediction, the cue stick and the HUD read it.

use crate::game::session::Session;
use crate::input::aiming::{MAX_ELEVATION_RAD, min_elevation};
use bevy::prelude::*;
use biljardi_physics::{BallId, PocketId, Strike};
use biljardi_rules::Call;

/// Slowest and fastest cue speeds the power meter maps to, m/s.
pub const MIN_SPEED_MPS: f64 = 0.25;
pub const MAX_SPEED_MPS: f64 = 10.0;
/// Soft, medium and hard strokes on the power scale, m/s of cue speed (the HUD marks them).
pub const POWER_MARKS: [(f64, &str, &str); 3] =
    [(1.5, "soft", "pehmeä"), (3.5, "medium", "keski"), (6.5, "hard", "kova")];
/// `[` and `]` change the cue speed by this much (Shift: `COARSE_STEP_MPS`), m/s.
pub const FINE_STEP_MPS: f64 = 0.25;
pub const COARSE_STEP_MPS: f64 = 1.0;
/// A Space press shorter than this strikes at the set power; held longer it charges the meter.
pub(super) const TAP_S: f64 = 0.3;
/// The meter never moves more than this per frame while charging, so a slow frame (a software
/// renderer draws a frame a second) cannot turn a tap into full power.
pub(super) const MAX_CHARGE_STEP_S: f64 = 1.0 / 20.0;
/// Seconds for Space to fill the power meter.
pub(super) const CHARGE_S: f64 = 1.6;
/// Screen pixels of pull-back for full power.
pub(super) const FULL_PULL_PX: f32 = 220.0;

/// What the shooter has called.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CallChoice {
    /// The ball the aim hits first, into the pocket it is sent towards.
    #[default]
    Auto,
    Ball {
        ball: BallId,
        pocket: Option<PocketId>,
    },
    Safety,
    PushOut,
}

/// The stroke being set up.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Aim {
    pub phi_rad: f64,
    pub theta_rad: f64,
    /// Tip offset right (+) / above (+) centre, ball radii.
    pub a: f64,
    pub b: f64,
    /// Power meter, 0..1 (`speed_mps` maps it to the cue speed).
    pub power: f64,
    /// The power of the last stroke, kept for the next shot, and of the last break.
    pub kept_power: f64,
    pub kept_break_power: f64,
    pub call: CallChoice,
    /// Space held for this long.
    pub(super) charging: Option<f64>,
    /// Left button stroke: start y, pull in px, strongest pull.
    pub(super) pull: Option<(f32, f32, f32)>,
    /// The turn the aim was last reset for.
    pub(super) turn: Option<(u32, u8)>,
    /// Practice: a ball being dragged.
    pub moving: Option<BallId>,
    pub move_mode: bool,
    /// The lowest elevation at which the stick clears balls and rails (rapier's shape cast, see
    /// `cue_clearance`); `None` falls back to the analytic `aiming::min_elevation`.
    pub min_theta_rad: Option<f64>,
}

impl Default for Aim {
    fn default() -> Self {
        Aim {
            phi_rad: 0.0,
            theta_rad: 0.0,
            a: 0.0,
            b: 0.0,
            power: 0.35,
            kept_power: 0.35,
            kept_break_power: 0.85,
            call: CallChoice::Auto,
            charging: None,
            pull: None,
            turn: None,
            moving: None,
            move_mode: false,
            min_theta_rad: None,
        }
    }
}

impl Aim {
    /// Cue speed for a power setting (finer at the soft end, where position play lives).
    pub fn speed_mps(power: f64) -> f64 {
        MIN_SPEED_MPS + (MAX_SPEED_MPS - MIN_SPEED_MPS) * power.clamp(0.0, 1.0).powf(1.7)
    }

    /// The power setting that gives cue speed `v` (the inverse of `speed_mps`).
    pub fn power_for_speed(v: f64) -> f64 {
        ((v - MIN_SPEED_MPS) / (MAX_SPEED_MPS - MIN_SPEED_MPS)).clamp(0.0, 1.0).powf(1.0 / 1.7)
    }

    /// One step of `[` (`up` false) or `]`: the cue speed to the next multiple of `step` that
    /// way, so steps land on exact speeds (1.00, 1.25, ... m/s).
    pub fn step_speed(&mut self, up: bool, step: f64) {
        let k = Aim::speed_mps(self.power) / step;
        let next = if up { (k + 1e-6).floor() + 1.0 } else { (k - 1e-6).ceil() - 1.0 };
        self.power = Aim::power_for_speed((next * step).clamp(MIN_SPEED_MPS, MAX_SPEED_MPS));
    }

    /// The stroke as the physics takes it, at `power`, raised to clear what lies behind.
    pub fn strike(&self, session: &Session, power: f64) -> Strike {
        let floor = self.min_theta_rad.unwrap_or_else(|| min_elevation(session, self.phi_rad, self.a, self.b));
        let theta = self.theta_rad.max(floor).min(MAX_ELEVATION_RAD);
        Strike { speed_mps: Aim::speed_mps(power), phi_rad: self.phi_rad, theta_rad: theta, a: self.a, b: self.b }
    }

    /// The call to send with the stroke.
    pub fn resolve_call(&self, session: &Session, implied: Call) -> Call {
        match self.call {
            CallChoice::Safety => Call::safety(),
            CallChoice::PushOut => Call::push_out(),
            CallChoice::Ball { ball, pocket } => Call::Ball { ball, pocket },
            CallChoice::Auto if session.calls_shots() => implied,
            CallChoice::Auto => Call::None,
        }
    }

    /// Whether the power meter is being worked now.
    pub fn stroking(&self) -> bool {
        self.charging.is_some() || self.pull.is_some_and(|p| p.2 > 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn power_and_speed_are_inverse_and_steps_land_on_exact_speeds() {
        for v in [0.25, 0.5, 1.0, 2.75, 6.5, 10.0] {
            assert!((Aim::speed_mps(Aim::power_for_speed(v)) - v).abs() < 1e-9, "{v}");
        }
        let mut aim = Aim { power: Aim::power_for_speed(1.1), ..Aim::default() };
        aim.step_speed(true, FINE_STEP_MPS);
        assert!((Aim::speed_mps(aim.power) - 1.25).abs() < 1e-9);
        aim.step_speed(true, FINE_STEP_MPS);
        assert!((Aim::speed_mps(aim.power) - 1.5).abs() < 1e-9);
        aim.step_speed(false, COARSE_STEP_MPS);
        assert!((Aim::speed_mps(aim.power) - 1.0).abs() < 1e-9);
        aim.power = 0.0;
        aim.step_speed(false, FINE_STEP_MPS);
        assert_eq!(Aim::speed_mps(aim.power), MIN_SPEED_MPS);
        aim.power = 1.0;
        aim.step_speed(true, COARSE_STEP_MPS);
        assert_eq!(Aim::speed_mps(aim.power), MAX_SPEED_MPS);
    }

    #[test]
    fn the_marks_are_in_order_inside_the_scale() {
        let speeds: Vec<f64> = POWER_MARKS.iter().map(|m| m.0).collect();
        assert!(speeds.windows(2).all(|w| w[0] < w[1]));
        assert!(speeds.iter().all(|v| (MIN_SPEED_MPS..MAX_SPEED_MPS).contains(v)));
    }
}
