//! Every model parameter in one value. The first eight carry the names of the `sim` contract's
//! `params` object; defaults are design.md's ("Physics models and reference numbers"), and
//! pooltool's (`objects/ball/params.py`, `physics/resolve/resolver.py`) for the ball-table ones.

use serde::{Deserialize, Serialize};

/// Which ball-cushion model resolves cushion and jaw hits (`resolve::ball_cushion::resolve`
/// dispatches on it; this module only holds the choice, so it imports no model).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CushionModel {
    /// Mathavan et al. 2010: impulse integrated over compression and restitution.
    #[default]
    Mathavan2010,
    /// Han 2005: one closed-form impulse (pooltool 0.3.3's model, for comparisons).
    Han2005,
}

/// Which ball-ball model resolves contacts of two balls on the bed (`resolve::ball_ball::resolve`
/// dispatches on it; a ball in flight always meets another by `frictional_inelastic`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BallBallModel {
    /// One impulse with restitution and Coulomb friction (Alciatore's throw; pooltool's default).
    #[default]
    FrictionalInelastic,
    /// Mathavan et al. 2014: the impulse integrated, cloth friction on both balls during it.
    FrictionalMathavan,
}

/// Which ball-table model resolves a ball bouncing on the slate (`resolve::ball_table::resolve`
/// dispatches on it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BallTableModel {
    /// Restitution and cloth friction during the bounce (pooltool 0.6's default).
    FrictionalInelastic,
    /// Restitution only: horizontal velocity and spin pass through a bounce unchanged. The
    /// default until the flight model handles what the frictional bounce reaches (a ball
    /// descending onto a cushion's nose, a ball coming to rest on top of another; see
    /// docs/validation.md).
    #[default]
    FrictionlessInelastic,
}

/// Model parameters, SI units.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Params {
    /// Gravity, m/s^2.
    pub g: f64,
    /// Cloth sliding friction (dimensionless).
    pub mu_slide: f64,
    /// Rolling resistance (dimensionless): a rolling ball decelerates at `mu_roll * g`.
    pub mu_roll: f64,
    /// Spinning friction in pooltool's `u_sp` convention (metres): spin about the vertical
    /// decays at `5 mu_spin g / (2 R)` rad/s^2. Default 0.444 R.
    pub mu_spin: f64,
    /// Ball-ball restitution.
    pub e_ball: f64,
    /// Constant ball-ball friction; `None` uses Alciatore's speed-dependent fit (TP A-14).
    pub mu_ball: Option<f64>,
    /// Cushion restitution (Mathavan et al. 2010's `e`) of a touch (normal impact speed 0); it
    /// falls with the ball's speed into the cushion (`cushion_restitution`).
    pub e_cushion: f64,
    /// The normal impact speed, m/s, that sets how fast the cushion restitution falls:
    /// `e = e_cushion (1 + (v / e_cushion_speed)^2)^(-1/8)` (`cushion_restitution`). Fitted with
    /// `e_cushion` to the measured rebounds of rolling balls (Mathavan et al. 2009, Sudo and
    /// Shibata 2002; `docs/validation.md`). 0 keeps `e_cushion` at every speed.
    pub e_cushion_speed: f64,
    /// Ball-cushion sliding friction (Mathavan et al. 2010's `mu_w`).
    pub mu_cushion: f64,
    /// Ball radius, m.
    pub ball_radius_m: f64,
    /// Ball mass, kg.
    pub ball_mass_kg: f64,
    /// Cue stick mass, kg.
    pub cue_mass_kg: f64,
    /// Effective mass of the cue's end (tip and ferrule) that sets squirt, kg (pooltool's 0.170/30).
    pub cue_end_mass_kg: f64,
    /// Tip offset from the ball's centre, in ball radii, beyond which the tip slides off.
    pub miscue_limit: f64,
    /// Cue tip restitution (Alciatore TP A-30's `e`): the strike's impulse is `(1 + e_tip)`
    /// times the closing speed over the inverse masses. Default 0.75, a leather tip: a level
    /// centre hit then leaves the ball at `1.75 / (1 + m/M)` = 1.346 times the cue's speed,
    /// within the 1.28-1.36 measured for real tips (TP A-30); 1 is the perfectly elastic tip.
    pub e_tip: f64,
    pub cushion_model: CushionModel,
    /// The ball-ball model for two balls on the bed (absent in older records: the one they used).
    #[serde(default)]
    pub ball_ball_model: BallBallModel,
    /// The ball-table model of slate bounces (absent in older records: the frictionless one they
    /// were played with).
    #[serde(default)]
    pub ball_table_model: BallTableModel,
    /// Ball-table (slate) restitution: a ball driven into or landing on the bed leaves it at
    /// `e_table` times the speed it came in with (pooltool's `e_t`, default 0.5).
    pub e_table: f64,
    /// Lowest hop that counts as leaving the cloth, m (height of the ball's bottom above the bed).
    /// A slate bounce that would rise less keeps the ball on the bed (pooltool's
    /// `min_bounce_height`, default 0.005 m). Such a hop lasts under 64 ms and can clear nothing on
    /// the table (a cushion nose is 36 mm up, a ball 57 mm), and it keeps the few degrees of
    /// elevation ordinary shots use on the cloth up to about 12 m/s of ball speed.
    pub min_hop_height_m: f64,
    /// How far the cue tip travels on past the point where it struck the ball before the stick
    /// stops, m (the follow-through). While it moves it can catch the cue ball again (a double
    /// hit, 6.7). Default 0.15 m: coaching asks for a smooth finish at least four inches (10 cm)
    /// past the cue ball (Cuemaster Pool School), about six inches with a slip stroke (Tom Ross).
    /// A soft stroke follows through less: the simulation also stops the tip after 0.1 s.
    pub follow_through_m: f64,
}

impl Default for Params {
    fn default() -> Self {
        let r = crate::table::BALL_RADIUS_M;
        Params {
            g: 9.81,
            mu_slide: 0.2,
            mu_roll: 0.01,
            mu_spin: 0.444 * r,
            e_ball: 0.95,
            mu_ball: None,
            e_cushion: 0.969,
            e_cushion_speed: 3.6,
            mu_cushion: 0.2,
            ball_radius_m: r,
            ball_mass_kg: 0.170,
            cue_mass_kg: 0.567,
            cue_end_mass_kg: 0.170 / 30.0,
            miscue_limit: 0.5,
            e_tip: 0.75,
            cushion_model: CushionModel::Mathavan2010,
            ball_ball_model: BallBallModel::FrictionalInelastic,
            ball_table_model: BallTableModel::FrictionlessInelastic,
            e_table: 0.5,
            min_hop_height_m: 0.005,
            follow_through_m: 0.15,
        }
    }
}

impl Params {
    /// Ball-ball friction for a contact sliding at `slip` m/s: the constant `mu_ball`, or
    /// Alciatore's fit `0.009951 + 0.108 exp(-1.088 v)` (TP A-14, as used by pooltool).
    pub fn ball_friction(&self, slip: f64) -> f64 {
        match self.mu_ball {
            Some(mu) => mu,
            None => 0.009951 + 0.108 * (-1.088 * slip).exp(),
        }
    }

    /// Cushion restitution for a ball coming into the cushion at `normal_speed` m/s:
    /// `e_cushion (1 + (v / e_cushion_speed)^2)^(-1/8)`. The shape is that of an impact turning
    /// plastic, restitution falling as `v^(-1/4)` at high speed (K. L. Johnson, Contact
    /// Mechanics, 1985, section 11.5), so a harder hit always comes back faster; its two
    /// constants are fitted to the measured cushion rebounds.
    pub fn cushion_restitution(&self, normal_speed: f64) -> f64 {
        if self.e_cushion_speed <= 0.0 {
            return self.e_cushion;
        }
        let x = normal_speed.max(0.0) / self.e_cushion_speed;
        self.e_cushion * (1.0 + x * x).powf(-0.125)
    }

    /// Angular deceleration of spin about the vertical, rad/s^2.
    pub fn spin_decel(&self) -> f64 {
        5.0 * self.mu_spin * self.g / (2.0 * self.ball_radius_m)
    }

    /// Moment of inertia of a solid ball, kg m^2.
    pub fn inertia(&self) -> f64 {
        0.4 * self.ball_mass_kg * self.ball_radius_m * self.ball_radius_m
    }
}
