//! Where the cue stick can go: the lowest elevation at which the stick passes clear of the balls
//! and the rail behind the cue ball. A player raises the butt to clear them; the game floors a
//! person's aim with it and the AI raises its strokes to it, so neither plays a stroke the stick
//! could not make.
//!
//! The stick is a cylinder of the shaft's radius along the stroke's axis (through the tip's
//! contact point, offset `a`, `b` from the centre as in [`Strike`]), clear for [`CUE_BRIDGE_M`]
//! behind the cue ball; beyond that the bridge hand and the rising butt take it over the rest.
//! Each obstacle gives its own floor in closed form and the largest wins.

use crate::resolve::stick_ball::instantaneous_point::Strike;
use crate::table::{BALL_RADIUS_M, Table};

/// Radius of the cue's shaft near the tip, m (a 13 mm tip).
pub const CUE_SHAFT_RADIUS_M: f64 = 0.0065;
/// How far behind the cue ball (horizontally) the stick must be clear: the bridge hand, m.
pub const CUE_BRIDGE_M: f64 = 1.0;
/// The wooden rail's top above the cushion's nose, m (as on a real table).
pub const RAIL_ABOVE_CUSHION_M: f64 = 0.012;
/// The steepest elevation a stroke can have (a masse), radians.
pub const MAX_CUE_ELEVATION_RAD: f64 = 80.0 * std::f64::consts::PI / 180.0;

/// The lowest elevation (radians, 0 to [`MAX_CUE_ELEVATION_RAD`]) at which a stick striking the
/// cue ball at `cue` towards `phi_rad` with tip offsets `a`, `b` (ball radii) clears the balls at
/// `others` (centres on the bed; the cue ball itself left out) and the cushion and wooden rail
/// behind the cue ball.
pub fn min_cue_elevation_rad(
    table: &Table,
    cue: [f64; 2],
    others: impl IntoIterator<Item = [f64; 2]>,
    phi_rad: f64,
    a: f64,
    b: f64,
) -> f64 {
    let r = BALL_RADIUS_M;
    let back = [-phi_rad.cos(), -phi_rad.sin()];
    // The shooter's right, looking along the stroke.
    let right = [phi_rad.sin(), -phi_rad.cos()];
    // The axis runs `b r` above the centre (perpendicular to itself, in the stroke's vertical
    // plane) and `a r` to the right of it.
    let lift = b * r;
    // A ball's centre this close to the axis touches the shaft.
    let reach = r + CUE_SHAFT_RADIUS_M;
    let mut need: f64 = 0.0;
    for p in others {
        let v = [p[0] - cue[0], p[1] - cue[1]];
        let along = v[0] * back[0] + v[1] * back[1];
        if along <= 0.0 || along > CUE_BRIDGE_M + r {
            continue;
        }
        let side = v[0] * right[0] + v[1] * right[1] - a * r;
        if side.abs() >= reach {
            continue;
        }
        // The axis's distance from the ball's centre in the stroke's plane is
        // `along sin(theta) + lift`; with `side` across it, the shaft clears once that reaches
        // `k`.
        let k = (reach * reach - side * side).sqrt();
        need = need.max(asin_or_max((k - lift) / along));
    }
    if let Some(nose) = nose_distance(table, cue, back) {
        // The shaft's underside, `CUE_SHAFT_RADIUS_M / cos(theta)` below the axis, must pass over
        // the cushion from its nose and the wooden rail from the cushion's back; the axis's
        // height at `x` behind the centre is `r + lift / cos(theta) + x tan(theta)`.
        let layers = [
            (nose, table.cushion_height_m),
            (nose + table.cushion_depth_m, table.cushion_height_m + RAIL_ABOVE_CUSHION_M),
        ];
        for (x, top) in layers.into_iter().filter(|(x, _)| *x <= CUE_BRIDGE_M) {
            // x sin(theta) + (r - top) cos(theta) >= shaft - lift, i.e.
            // rho sin(theta + alpha) >= shaft - lift.
            let rho = x.hypot(r - top);
            let alpha = (r - top).atan2(x);
            need = need.max(asin_or_max((CUE_SHAFT_RADIUS_M - lift) / rho) - alpha);
        }
    }
    need.clamp(0.0, MAX_CUE_ELEVATION_RAD)
}

/// `strike` with its elevation raised to the stick's floor for the cue ball at `cue` among
/// `others` (unchanged if it is already steep enough).
pub fn raised_to_clear(
    table: &Table,
    cue: [f64; 2],
    others: impl IntoIterator<Item = [f64; 2]>,
    strike: Strike,
) -> Strike {
    let floor = min_cue_elevation_rad(table, cue, others, strike.phi_rad, strike.a, strike.b);
    Strike { theta_rad: strike.theta_rad.max(floor), ..strike }
}

/// `asin`, or the steepest elevation where no angle is enough.
fn asin_or_max(s: f64) -> f64 {
    if s >= 1.0 { MAX_CUE_ELEVATION_RAD } else { s.max(-1.0).asin() }
}

/// The horizontal distance from the cue ball's centre back along `back` to the nearest cushion
/// nose line (`None` only for a zero direction).
fn nose_distance(table: &Table, cue: [f64; 2], back: [f64; 2]) -> Option<f64> {
    let half = [table.half_length(), table.half_width()];
    (0..2)
        .filter(|&i| back[i].abs() > 1e-9)
        .map(|i| (half[i].copysign(back[i]) - cue[i]) / back[i])
        .min_by(f64::total_cmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    const R: f64 = BALL_RADIUS_M;

    fn deg(rad: f64) -> f64 {
        rad.to_degrees()
    }

    #[test]
    fn a_ball_behind_needs_the_angle_whose_sine_is_the_clearance_over_the_distance() {
        let t = Table::default();
        // Stroke towards +x from the middle; a ball 10 cm behind on the line.
        let theta = min_cue_elevation_rad(&t, [0.0, 0.0], [[-0.10, 0.0]], 0.0, 0.0, 0.0);
        let want = ((R + CUE_SHAFT_RADIUS_M) / 0.10).asin();
        assert!((theta - want).abs() < 1e-12, "{} vs {}", deg(theta), deg(want));
        assert!((deg(theta) - 20.6).abs() < 0.1, "{}", deg(theta));
        // Draw (tip low) needs more, follow less.
        let draw = min_cue_elevation_rad(&t, [0.0, 0.0], [[-0.10, 0.0]], 0.0, 0.0, -0.4);
        let follow = min_cue_elevation_rad(&t, [0.0, 0.0], [[-0.10, 0.0]], 0.0, 0.0, 0.4);
        assert!(draw > theta + 0.05 && follow < theta - 0.05, "{} {} {}", deg(draw), deg(theta), deg(follow));
    }

    #[test]
    fn balls_off_the_line_ahead_or_beyond_the_bridge_do_not_count() {
        let t = Table::default();
        let free = min_cue_elevation_rad(&t, [0.0, 0.0], [], 0.0, 0.0, 0.0);
        let others = [
            [0.10, 0.0],                            // ahead
            [-0.10, R + CUE_SHAFT_RADIUS_M + 1e-4], // just wide of the shaft
            [-(CUE_BRIDGE_M + R + 0.01), 0.0],      // behind the bridge hand
        ];
        assert_eq!(min_cue_elevation_rad(&t, [0.0, 0.0], others, 0.0, 0.0, 0.0), free);
        // Left english moves the shaft towards a ball on the left (+y when striking towards +x).
        let left = [[-0.10, R + CUE_SHAFT_RADIUS_M + 0.002]];
        assert_eq!(min_cue_elevation_rad(&t, [0.0, 0.0], left, 0.0, 0.0, 0.0), free);
        assert!(min_cue_elevation_rad(&t, [0.0, 0.0], left, 0.0, -0.3, 0.0) > free + 0.1);
    }

    #[test]
    fn a_cue_ball_at_the_rail_needs_the_butt_raised_and_one_far_from_it_barely() {
        let t = Table::default();
        // Frozen to the head cushion, struck away from it, then a diamond out.
        let frozen = [-t.half_length() + R, 0.0];
        let at_rail = min_cue_elevation_rad(&t, frozen, [], 0.0, 0.0, 0.0);
        let diamond = min_cue_elevation_rad(&t, [-t.half_length() + 0.3175, 0.0], [], 0.0, 0.0, 0.0);
        // Frozen, the shaft under a centre-ball tip (28.6 mm up) must pass over the cushion's
        // nose (36.3 mm up, a ball radius behind the centre): about 28 degrees; striking higher
        // (as players do there) needs less. A diamond out, the wooden rail (12 mm above the
        // nose, 5 cm further back) sets a few degrees.
        assert!((26.0..30.0).contains(&deg(at_rail)), "{}", deg(at_rail));
        let high = min_cue_elevation_rad(&t, frozen, [], 0.0, 0.0, 0.5);
        assert!(deg(high) < deg(at_rail) - 10.0, "{}", deg(high));
        assert!((1.0..5.0).contains(&deg(diamond)), "{}", deg(diamond));
        // Struck along the rail, the rail behind is a table length away: beyond the bridge.
        assert_eq!(min_cue_elevation_rad(&t, [0.0, -t.half_width() + R], [], 0.0, 0.0, 0.0), 0.0);
        // The shaft's underside at the wooden rail's top: the floor is exact.
        let x = 0.3175 + t.cushion_depth_m;
        let th = diamond;
        let underside = R + x * th.tan() - CUE_SHAFT_RADIUS_M / th.cos();
        assert!((underside - (t.cushion_height_m + RAIL_ABOVE_CUSHION_M)).abs() < 1e-12);
    }

    #[test]
    fn raising_keeps_a_steeper_stroke_and_lifts_a_level_one() {
        let t = Table::default();
        let s = Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: 0.03, a: 0.0, b: 0.0 };
        let raised = raised_to_clear(&t, [0.0, 0.0], [[-0.08, 0.0]], s);
        assert!(raised.theta_rad > 0.4 && raised.phi_rad == s.phi_rad && raised.speed_mps == s.speed_mps);
        let steep = Strike { theta_rad: 1.0, ..s };
        assert_eq!(raised_to_clear(&t, [0.0, 0.0], [[-0.08, 0.0]], steep), steep);
        // Touching balls: the stick cannot reach at all below the steepest masse.
        let touching = min_cue_elevation_rad(&t, [0.0, 0.0], [[-2.0 * R, 0.0]], 0.0, 0.0, -0.5);
        assert!(touching > 0.5 && touching <= MAX_CUE_ELEVATION_RAD);
    }
}
