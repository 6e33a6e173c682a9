//! The pockets as the AI aims at them: where to send a ball from where it lies, and within
//! what angle of that line it drops.
//!
//! Two models. [`PocketModel::Mouth`]: the middle of the mouth, and a tolerance from the
//! mouth's width narrowed by the approach angle (the weaker levels, whose fouls were measured
//! with it, issue 23). [`PocketModel::Measured`] (`pro` and `master`): the middle and the half
//! width of the window the physics really accepts, measured per approach angle with
//! `examples/window.rs` (release, seeds 1 to 6, 400 to 1500 layouts of a cue ball and one
//! object ball each, every direct pot's object ball line moved across the mouth in 1 mm steps,
//! refined and struck without noise at the first, second and fourth speeds of the ladder).

use crate::table_ops::{dist, unit};
use biljardi_physics::{BALL_RADIUS_M, PocketId, Table};

const R: f64 = BALL_RADIUS_M;

/// How the AI sees the pockets (module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PocketModel {
    Mouth,
    Measured,
}

/// The middle of a pocket's window across the ball's line, mm to the left of the line (seen
/// from the ball), against the approach angle to the pocket's axis in degrees, for a ball
/// coming in anticlockwise from the axis (mirrored for the other side). Up to 30 degrees both
/// kinds of pocket are nearly symmetric. Beyond, a corner pocket's window moves right, 11.5 mm
/// at 41 degrees and 16.6 at 44 (a ball along the rail had 17 mm to spare on one side of the
/// mouth's middle and 50 on the other); a side pocket's moves left, 8.6 mm at 41 degrees and
/// 12 at 61, where the window is 13 mm wide and the mouth's middle outside it (such a pot aimed
/// at the middle never dropped). Aimed at the window's middle, `master`'s pots at the ladder's
/// middle speed dropped 52.4 and 52.2 % of the time against 51.5 and 51.0 % (`calibrate`,
/// seeds 6 and 7, 2500 pots x 40 strikes), and those it rated 0.9 or more 93.9 and 94.5 %
/// against 93.3 and 92.9 %.
const CORNER_CENTRE_MM: [(f64, f64); 7] =
    [(0.0, 0.0), (31.25, 0.0), (33.75, -1.4), (36.25, -4.3), (38.75, -7.9), (41.25, -11.5), (43.75, -16.6)];
const SIDE_CENTRE_MM: [(f64, f64); 6] = [(0.0, 0.0), (20.0, 3.0), (30.0, 4.5), (40.0, 8.0), (45.0, 9.5), (60.0, 11.5)];

/// The window's half width, mm, against the approach angle (the middle speed; a corner pocket's
/// at 35 to 45 degrees is 34 to 39 mm struck softly and 22 struck firmly). The mouth model's
/// was 42 cos(angle) mm in a corner pocket and 43 cos(angle)^1.5 in a side pocket: a side pocket
/// straight on held as much as that model, at 60 degrees a quarter of it.
const CORNER_HALF_WIDTH_MM: [(f64, f64); 9] = [
    (2.5, 33.0),
    (7.5, 33.0),
    (12.5, 32.0),
    (17.5, 31.0),
    (22.5, 30.0),
    (27.5, 27.0),
    (32.5, 26.0),
    (37.5, 28.0),
    (42.5, 30.0),
];
const SIDE_HALF_WIDTH_MM: [(f64, f64); 14] = [
    (2.5, 42.0),
    (7.5, 41.0),
    (12.5, 40.0),
    (17.5, 38.0),
    (22.5, 37.0),
    (27.5, 35.0),
    (32.5, 32.0),
    (37.5, 29.0),
    (42.5, 25.0),
    (47.5, 21.0),
    (52.5, 15.0),
    (57.5, 10.0),
    (62.5, 4.0),
    (65.0, 0.0),
];

/// The measured half widths are scaled so that `eval::pot_chance` (its share of the tolerance
/// used, 0.73, fitted with the mouth model) fits the physics: maximum likelihood over 5000 pots
/// struck 40 times each with `master`'s noise (`calibrate --dump`, seed 11) gives 0.95 of the
/// noiseless window (a grid of 0.05), and the estimate is then within 0.03 of what dropped in
/// every band (the log-likelihood 86742 against 88124 with the mouth model): 0.95 / 0.73.
const WIDTH_SCALE: f64 = 1.3;

/// The mouths of the table the widths were measured on (`Table::default`), m: other tables'
/// windows are scaled by their mouths.
const MEASURED_CORNER_MOUTH_M: f64 = 0.116;
const MEASURED_SIDE_MOUTH_M: f64 = 0.129;

/// Piecewise linear through `pts` (sorted by x), constant beyond its ends.
fn interpolate(pts: &[(f64, f64)], x: f64) -> f64 {
    let Some(&(x0, y0)) = pts.first() else { return 0.0 };
    if x <= x0 {
        return y0;
    }
    for w in pts.windows(2) {
        let ((xa, ya), (xb, yb)) = (w[0], w[1]);
        if x <= xb {
            return ya + (yb - ya) * (x - xa) / (xb - xa);
        }
    }
    pts.last().map_or(0.0, |p| p.1)
}

/// Every pocket's mouth and axis, worked out once per decision (`Table::pocket` builds the jaws
/// on every call and the geometric evaluation asks thousands of times), with the model.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pockets {
    mouth: [[f64; 2]; 6],
    axis: [[f64; 2]; 6],
    corner_mouth_m: f64,
    side_mouth_m: f64,
    model: PocketModel,
}

impl Pockets {
    pub(crate) fn of(table: &Table, model: PocketModel) -> Pockets {
        let mut a = Pockets {
            mouth: [[0.0; 2]; 6],
            axis: [[0.0; 2]; 6],
            corner_mouth_m: table.corner.mouth_m,
            side_mouth_m: table.side.mouth_m,
            model,
        };
        for (i, p) in PocketId::ALL.into_iter().enumerate() {
            let pk = table.pocket(p);
            // Side pockets: a centimetre into the mouth (the ball must clear both points).
            let k = if p.is_side() { 0.01 } else { 0.0 };
            a.mouth[i] = [pk.mouth_centre[0] + pk.axis[0] * k, pk.mouth_centre[1] + pk.axis[1] * k];
            a.axis[i] = pk.axis;
        }
        a
    }

    /// The middle of pocket `p`'s mouth (a centimetre in for a side pocket).
    pub(crate) fn mouth(&self, p: PocketId) -> [f64; 2] {
        self.mouth[p as usize]
    }

    /// The approach angle of a ball at `from` to pocket `p`'s axis, radians, anticlockwise
    /// positive, and the unit vector from `from` to the mouth.
    fn approach(&self, p: PocketId, from: [f64; 2]) -> (f64, [f64; 2]) {
        let axis = self.axis[p as usize];
        let u = unit(from, self.mouth(p));
        ((axis[0] * u[1] - axis[1] * u[0]).atan2(axis[0] * u[0] + axis[1] * u[1]), u)
    }

    /// Where a ball at `from` should be sent to drop in pocket `p`.
    pub(crate) fn aim(&self, p: PocketId, from: [f64; 2]) -> [f64; 2] {
        let m = self.mouth(p);
        if self.model == PocketModel::Mouth {
            return m;
        }
        let (g, u) = self.approach(p, from);
        let pts: &[(f64, f64)] = if p.is_side() { &SIDE_CENTRE_MM } else { &CORNER_CENTRE_MM };
        let c = g.signum() * interpolate(pts, g.abs().to_degrees()) * 1e-3;
        [m[0] - u[1] * c, m[1] + u[0] * c]
    }

    /// Half-angle (radians) within which a ball at `from` sent along `aim` drops in pocket `p`.
    pub(crate) fn tolerance(&self, p: PocketId, from: [f64; 2]) -> f64 {
        let (g, _) = self.approach(p, from);
        let cos_g = g.cos();
        // Beyond these angles the jaw's point hides the drop.
        if cos_g < if p.is_side() { 0.42 } else { 0.6 } {
            return 0.0;
        }
        let deg = g.abs().to_degrees();
        let w = match (self.model, p.is_side()) {
            (PocketModel::Mouth, true) => (self.side_mouth_m / 2.0 - 0.75 * R) * cos_g.powf(1.5),
            (PocketModel::Mouth, false) => (self.corner_mouth_m / 2.0 - 0.55 * R) * cos_g,
            (PocketModel::Measured, true) => {
                WIDTH_SCALE * interpolate(&SIDE_HALF_WIDTH_MM, deg) * 1e-3 * self.side_mouth_m / MEASURED_SIDE_MOUTH_M
            }
            (PocketModel::Measured, false) => {
                WIDTH_SCALE * interpolate(&CORNER_HALF_WIDTH_MM, deg) * 1e-3 * self.corner_mouth_m
                    / MEASURED_CORNER_MOUTH_M
            }
        };
        (w.max(0.0) / dist(from, self.mouth(p)).max(0.05)).atan()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_measured_model_aims_off_the_mouths_middle_only_at_steep_angles() {
        let table = Table::default();
        let (mouth, measured) = (Pockets::of(&table, PocketModel::Mouth), Pockets::of(&table, PocketModel::Measured));
        let p = PocketId::FootLeft;
        let m = mouth.mouth(p);
        let axis = table.pocket(p).axis;
        // From along the axis, both aim at the middle with nearly the same tolerance.
        let on_axis = [m[0] - 0.8 * axis[0], m[1] - 0.8 * axis[1]];
        assert!(dist(measured.aim(p, on_axis), m) < 1e-9);
        assert_eq!(mouth.aim(p, on_axis), m);
        let (a, b) = (mouth.tolerance(p, on_axis), measured.tolerance(p, on_axis));
        assert!(a > 0.0 && (b / a - 1.0).abs() < 0.1, "{a} {b}");
        // 42 degrees off the axis (a ball along the rail): 14 mm off the middle.
        let g = 42f64.to_radians();
        let dir = [axis[0] * g.cos() - axis[1] * g.sin(), axis[0] * g.sin() + axis[1] * g.cos()];
        let from = [m[0] - 0.8 * dir[0], m[1] - 0.8 * dir[1]];
        let off = dist(measured.aim(p, from), m);
        assert!((0.012..0.016).contains(&off), "{off}");
        assert_eq!(mouth.aim(p, from), m);
        // A side pocket at 60 degrees: the window is narrow and off the middle.
        let s = PocketId::SideLeft;
        let (ms, sa) = (mouth.mouth(s), table.pocket(s).axis);
        let g = 60f64.to_radians();
        let dir = [sa[0] * g.cos() - sa[1] * g.sin(), sa[0] * g.sin() + sa[1] * g.cos()];
        let from = [ms[0] - 0.5 * dir[0], ms[1] - 0.5 * dir[1]];
        assert!(measured.tolerance(s, from) < 0.7 * mouth.tolerance(s, from));
        assert!(dist(measured.aim(s, from), ms) > 0.01);
    }

    /// The window a ball along the long rail (42 degrees off the corner pocket's axis) really
    /// has, struck as the AI strikes it: its middle is where the measured model aims, not the
    /// mouth's middle (the table above, checked here against the physics on one layout).
    #[test]
    fn a_pot_along_the_rail_drops_around_the_measured_aim() {
        use crate::eval::{Ctx, simulate};
        use crate::level::Level;
        use crate::shots::{self, Plan, ShotKind};
        use biljardi_physics::{BallFate, BallId, Params};
        use biljardi_rules::Call;
        let table = Table::default();
        let ctx = Ctx::new(biljardi_rules::Game::NineBall, table, Params::default(), Level::Master.noise(), 0, 2);
        let pockets = Pockets::of(&table, PocketModel::Measured);
        let p = PocketId::FootLeft;
        let (m, axis) = (pockets.mouth(p), table.pocket(p).axis);
        let g = 42f64.to_radians();
        let dir = [axis[0] * g.cos() - axis[1] * g.sin(), axis[0] * g.sin() + axis[1] * g.cos()];
        let one = [m[0] - 0.7 * dir[0], m[1] - 0.7 * dir[1]];
        let ob = BallId::object(1).expect("ball 1");
        // The cue ball 0.5 m behind the object ball's line, a small cut.
        let cue = [one[0] - 0.5 * dir[0] + 0.05 * dir[1], one[1] - 0.5 * dir[1] - 0.05 * dir[0]];
        let balls = vec![(BallId::CUE, cue), (ob, one)];
        let aim = pockets.aim(p, one);
        let ua = unit(one, aim);
        // Offsets across the line at the aim point, 2 mm apart, that drop.
        let drops: Vec<f64> = (-35..=35)
            .map(|k| f64::from(k) * 2e-3)
            .filter(|off| {
                let t = [aim[0] - ua[1] * off, aim[1] + ua[0] * off];
                let d = unit(one, t);
                let ghost = [one[0] - 2.0 * R * d[0], one[1] - 2.0 * R * d[1]];
                let plan = Plan {
                    kind: ShotKind::Pot,
                    call: Call::ball(ob, p),
                    target: ob,
                    dir: d,
                    phi0: (ghost[1] - cue[1]).atan2(ghost[0] - cue[0]),
                    travel: 1.2,
                    cut: 0.1,
                    est: 0.5,
                };
                shots::refine(&ctx, &balls, &plan, 1.5, 0.0, 0.0, 3).is_some_and(|s| {
                    simulate(&table, &ctx.params, &balls, s)
                        .finals
                        .iter()
                        .any(|(b, f)| *b == ob && matches!(f, BallFate::Pocketed { pocket } if *pocket == p))
                })
            })
            .collect();
        let (lo, hi) = (drops.first().copied().unwrap_or(1.0), drops.last().copied().unwrap_or(-1.0));
        assert!(hi - lo > 0.04, "a window of {lo}..{hi} m");
        // The middle of the window within 4 mm of the measured aim; the mouth's middle (13 mm
        // off the aim) is nearer one edge than the other by more than 15 mm.
        assert!(((lo + hi) / 2.0).abs() < 0.004, "window {lo}..{hi} m around the aim");
        let mouth_off = (m[0] - aim[0]) * -ua[1] + (m[1] - aim[1]) * ua[0];
        assert!(((hi - mouth_off) - (mouth_off - lo)).abs() > 0.015, "mouth {mouth_off} in {lo}..{hi}");
    }
}
