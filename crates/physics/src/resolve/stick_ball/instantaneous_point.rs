//! The cue strike as an instantaneous point impulse.
//!
//! Sources: D. Alciatore, TP A-30 (impulse of a cue of mass `M` on a ball, tip offset `a`, `b`) and
//! TP A-31 (squirt, from the cue's end mass); pooltool's `resolve/stick_ball/instantaneous_point`
//! and `squirt.py`, with the cue's effective mass written as in TP A-30 (pooltool 0.3.3's
//! formula is off, its issue #162). With the tip-to-ball restitution `e_tip` (`Params::e_tip`),
//! a level cue at speed `V0` gives the ball `v = (1 + e_tip) V0 / (1 + m/M + 5 (a^2 + b^2) / (2 R^2))`
//! and the spin likewise (TP A-30's eqs. 7-9). A leather tip's `e_tip` of 0.75 makes a centre hit
//! 1.346 V0, inside the 1.28-1.36 ball/cue speed ratios measured (TP A-30).
//!
//! Elevation tilts the impulse down into the cloth: the ball is driven into the slate, whose
//! reaction (`resolve::ball_table::strike_bounce`, restitution `e_table`) throws it up
//! at `e_table` times its downward speed: a jump shot, as in pooltool's 3D strike
//! (`InstantaneousPoint3D`, then a ball-table collision at once), with the cloth's friction
//! during that bounce (`ball_table_model`). A throw that would rise less than
//! `min_hop_height_m` leaves the ball on the bed, its vertical velocity absorbed without
//! friction; the moment of the impulse still gives the massé spin either way.

use crate::ball::BallState;
use crate::evolve::settle;
use crate::math::V3;
use crate::params::Params;
use crate::resolve::ball_table;

/// One stroke of the cue.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strike {
    /// Speed of the cue stick at impact, m/s.
    pub speed_mps: f64,
    /// Stroke direction, radians counter-clockwise from `+x`.
    pub phi_rad: f64,
    /// Cue elevation above horizontal, radians.
    pub theta_rad: f64,
    /// Tip offset right (+) or left (-) of centre, in ball radii.
    pub a: f64,
    /// Tip offset above (+) or below (-) centre, in ball radii.
    pub b: f64,
}

impl Strike {
    /// A level centre-ball stroke at `speed_mps` towards `phi_rad`.
    pub fn centre(speed_mps: f64, phi_rad: f64) -> Strike {
        Strike { speed_mps, phi_rad, theta_rad: 0.0, a: 0.0, b: 0.0 }
    }
}

/// What the strike did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    pub state: BallState,
    /// The tip slid off the ball (offset beyond `miscue_limit`).
    pub miscue: bool,
    /// The stick's speed along its stroke just after the impulse, m/s: `V0 - J / M_cue` by
    /// momentum, i.e. `V0 - (m / M_cue) dv` with `dv = J / m` the ball's speed change along the
    /// stroke (the same masses as the impulse; TP A-30). A level centre hit leaves the stick
    /// `(M - m) / (M + m)` of its speed. Zero after a miscue (the tip skids off). For a ball
    /// already moving, `speed_mps` is the closing speed and so is this (in the ball's frame).
    pub cue_speed_after: f64,
}

/// Speed the cue keeps through a miscue: the tip skids off and passes on about half the stroke.
const MISCUE_SPEED_FACTOR: f64 = 0.5;

/// The stroke's frame: the unit direction the cue moves in (down by the elevation), the cue's
/// up and its right.
pub fn frame(k: &Strike) -> (V3, V3, V3) {
    let (sp, cp) = k.phi_rad.sin_cos();
    let (st, ct) = k.theta_rad.sin_cos();
    let dir = V3::new(ct * cp, ct * sp, -st);
    let up = V3::new(st * cp, st * sp, ct);
    (dir, up, dir.cross(up))
}

/// Where the tip touches a ball centred at the origin, for a strike that is no miscue.
pub fn contact_point(k: &Strike, r: f64) -> V3 {
    let (dir, up, right) = frame(k);
    let c = (1.0 - k.a * k.a - k.b * k.b).max(0.0).sqrt();
    r * (k.a * right + k.b * up - c * dir)
}

/// Strikes the ball in state `s`.
pub fn strike(s: &BallState, k: &Strike, p: &Params) -> Outcome {
    impulse(s, k, p, true)
}

/// The cue's tip catching a ball already moving (the follow-through's second hit): the same
/// impulse at the closing speed `k.speed_mps`, without squirt. Squirt is fitted for a ball at
/// rest; turning a moving ball's velocity change would let the touch add energy, and without it
/// the impulse along the stroke (restitution `e_tip` <= 1) never adds to the stick's and ball's
/// energy (it keeps it exactly at `e_tip` = 1).
pub fn catch(s: &BallState, k: &Strike, p: &Params) -> Outcome {
    impulse(s, k, p, false)
}

fn impulse(s: &BallState, k: &Strike, p: &Params, with_squirt: bool) -> Outcome {
    let (m, r, inertia) = (p.ball_mass_kg, p.ball_radius_m, p.inertia());
    let (mut a, mut b, mut speed) = (k.a, k.b, k.speed_mps);
    let offset = (a * a + b * b).sqrt();
    let miscue = offset > p.miscue_limit;
    if miscue {
        // Model the tip skidding off at the edge of the good contact area with a weaker push.
        let scale = p.miscue_limit / offset;
        a *= scale;
        b *= scale;
        speed *= MISCUE_SPEED_FACTOR;
    }
    let (dir, up, right) = frame(k);
    let c = (1.0 - a * a - b * b).max(0.0).sqrt();
    let contact = r * (a * right + b * up - c * dir);
    // Effective mass of the ball at the contact along the stroke, then an impulse of restitution
    // `e_tip` (TP A-30).
    let lever = contact.cross(dir);
    let inv_eff = 1.0 / m + lever.norm_sq() / inertia;
    let j = (1.0 + p.e_tip) * speed / (1.0 / p.cue_mass_kg + inv_eff);
    let mut dv = (j / m) * dir;
    let dw = contact.cross(j * dir) / inertia;
    // Squirt (TP A-31): side english pushes the ball off the stroke line, away from the side hit.
    let squirt = (2.5 * a * (1.0 - a * a).max(0.0).sqrt()).atan2(1.0 + m / p.cue_end_mass_kg + 2.5 * (1.0 - a * a));
    let (ss, cs) = if with_squirt { squirt.sin_cos() } else { (0.0, 1.0) };
    dv = V3::new(dv.x * cs - dv.y * ss, dv.x * ss + dv.y * cs, dv.z);
    let mut out = *s;
    out.vel = s.vel + dv;
    out.ang_vel = s.ang_vel + dw;
    let state = if out.vel.z < 0.0 { ball_table::strike_bounce(&out, p) } else { settle(out, p) };
    let cue_speed_after = if miscue { 0.0 } else { speed - j / p.cue_mass_kg };
    Outcome { state, miscue, cue_speed_after }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ball::Motion;

    fn hit(k: Strike) -> Outcome {
        hit_with(k, &Params::default())
    }

    fn hit_with(k: Strike, p: &Params) -> Outcome {
        strike(&BallState::at_rest([0.0, 0.0], p.ball_radius_m), &k, p)
    }

    #[test]
    fn level_centre_strike_gives_one_plus_e_tip_v0_over_one_plus_mass_ratio() {
        let out = hit(Strike::centre(2.0, 0.0));
        assert!((out.state.vel.x - 2.0 * 1.75 / (1.0 + 0.170 / 0.567)).abs() < 1e-12);
        assert!(out.state.ang_vel.norm() < 1e-12 && !out.miscue);
        assert_eq!(out.state.motion, Motion::Sliding);
        // TP A-30: real leather tips leave the ball at 1.28-1.36 times the cue's speed.
        let ratio = out.state.vel.x / 2.0;
        assert!((1.28..=1.36).contains(&ratio), "{ratio}");
        // The perfectly elastic tip gives 2 V0 / (1 + m/M), 3.077 m/s at 2 m/s.
        let elastic = hit_with(Strike::centre(2.0, 0.0), &Params { e_tip: 1.0, ..Params::default() });
        assert!((elastic.state.vel.x - 3.077).abs() < 5e-4, "{}", elastic.state.vel.x);
    }

    #[test]
    fn level_cue_strike_speed_and_spin_follow_tp_a30() {
        for e_tip in [0.75, 1.0, 0.5] {
            let p = Params { e_tip, ..Params::default() };
            let (r, m, big_m) = (p.ball_radius_m, p.ball_mass_kg, p.cue_mass_kg);
            for (a, b) in [(0.0, 0.4), (0.3, 0.0), (-0.2, -0.3), (0.25, 0.25)] {
                let out = hit_with(Strike { speed_mps: 2.0, phi_rad: 0.7, theta_rad: 0.0, a, b }, &p);
                let (ar, br) = (a * r, b * r);
                // TP A-30: v = (1 + e) V / (1 + m/M + 5 (a^2 + b^2) / (2 R^2)), and the spin
                // about the axes across and along the stroke is 5 v b / (2 R^2), 5 v a / (2 R^2)
                // (here a, b in metres).
                let v = (1.0 + e_tip) * 2.0 / (1.0 + m / big_m + 5.0 * (ar * ar + br * br) / (2.0 * r * r));
                assert!((out.state.vel.norm() - v).abs() < 1e-12, "e {e_tip} a {a} b {b}");
                let w = 5.0 * v * (ar * ar + br * br).sqrt() / (2.0 * r * r);
                assert!((out.state.ang_vel.norm() - w).abs() < 1e-9 * w.max(1.0), "e {e_tip} a {a} b {b}");
            }
        }
    }

    #[test]
    fn the_cue_keeps_what_the_impulse_leaves_it() {
        // Momentum along the stroke: M V0 = M V_after + m v for a level centre hit.
        let p = Params::default();
        let out = hit(Strike::centre(2.0, 0.0));
        let after = 2.0 - p.ball_mass_kg / p.cue_mass_kg * out.state.vel.x;
        assert!((out.cue_speed_after - after).abs() < 1e-12);
        // Restitution along the stroke: the ball separates at e_tip times the closing speed.
        assert!((out.state.vel.x - out.cue_speed_after - p.e_tip * 2.0).abs() < 1e-12);
    }

    #[test]
    fn top_spin_is_forward_roll_and_right_english_spins_counter_clockwise() {
        let p = Params::default();
        let out = hit(Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: 0.0, a: 0.0, b: 0.4 });
        // Forward roll towards +x is w_y > 0; a b = 0.4 hit is exactly natural roll (2/5 R).
        assert!(out.state.ang_vel.y > 0.0);
        assert!((out.state.ang_vel.y * p.ball_radius_m - out.state.vel.x).abs() < 1e-12);
        assert_eq!(out.state.motion, Motion::Rolling);
        let out = hit(Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: 0.0, a: 0.3, b: 0.0 });
        assert!(out.state.ang_vel.z > 0.0);
        // Squirt: right english sends the ball left of the stroke (+y here), by a degree or two.
        let squirt = out.state.vel.y.atan2(out.state.vel.x).to_degrees();
        assert!((0.5..3.0).contains(&squirt), "{squirt}");
    }

    #[test]
    fn offsets_past_half_a_radius_miscue() {
        let out = hit(Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: 0.0, a: 0.0, b: 0.6 });
        assert!(out.miscue);
        let good = hit(Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: 0.0, a: 0.0, b: 0.5 });
        assert!(!good.miscue && out.state.vel.x < good.state.vel.x);
    }

    #[test]
    fn slightly_elevated_cue_keeps_the_ball_on_the_bed() {
        // 3 degrees at a firm 4 m/s: the slate would throw the ball up by well under 5 mm.
        let out = hit(Strike { speed_mps: 4.0, phi_rad: 0.0, theta_rad: 3f64.to_radians(), a: 0.0, b: 0.0 });
        assert_eq!(out.state.vel.z, 0.0);
        assert_eq!(out.state.motion, Motion::Sliding);
        assert!(out.state.vel.x > 0.0);
    }

    #[test]
    fn steeply_elevated_cue_jumps_the_ball_at_e_table_times_its_downward_speed() {
        let p = Params::default();
        let k = Strike { speed_mps: 3.0, phi_rad: 0.0, theta_rad: 30f64.to_radians(), a: 0.0, b: 0.0 };
        let out = hit(k);
        assert_eq!(out.state.motion, Motion::Airborne);
        // A centre hit drives the ball along the cue: down at sin 30 of its speed.
        let v = (1.0 + p.e_tip) * 3.0 / (1.0 + 0.170 / 0.567);
        assert!((out.state.vel.x - v * 30f64.to_radians().cos()).abs() < 1e-12);
        assert!((out.state.vel.z - p.e_table * v * 0.5).abs() < 1e-12, "{}", out.state.vel.z);
        assert_eq!(out.state.pos.z, p.ball_radius_m);
        assert_eq!(out.state.ang_vel, V3::ZERO);
        // With the cloth's friction during the bounce (`ball_table::frictional_inelastic`), mu
        // (1 + e_table) v sin 30 = 0.15 v of the forward speed goes (the stun ball's slip, v cos
        // 30, is more than 7/2 of that) and turns into topspin, 5 / (2R) times as much.
        let pf = Params { ball_table_model: crate::params::BallTableModel::FrictionalInelastic, ..p };
        let rough = hit_with(k, &pf);
        let friction = p.mu_slide * (1.0 + p.e_table) * v * 0.5;
        assert!((rough.state.vel.x - (v * 30f64.to_radians().cos() - friction)).abs() < 1e-12);
        assert!((rough.state.ang_vel.y - 2.5 * friction / p.ball_radius_m).abs() < 1e-9);
        assert_eq!(rough.state.vel.z, out.state.vel.z);
    }
}
