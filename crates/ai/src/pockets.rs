//! The pockets as the AI aims at them: where to send a ball from where it lies, and within
//! what angle of that line it drops.
//!
//! Two models. [`PocketModel::Mouth`]: the middle of the mouth, and a tolerance from the
//! mouth's width narrowed by the approach angle (the weaker levels, whose fouls were measured
//! with it, issue 23). [`PocketModel::Measured`] (`pro` and `master`): the middle and the half
//! width of the window the physics really accepts, measured per approach angle and distance with
//! `examples/window.rs` (release, seeds 1 to 3, 1000 layouts of a cue ball and one object ball
//! each, every direct pot's object ball line moved across the mouth in 1 mm steps around the
//! aim, refined and struck without noise at the first, second and fourth speeds of the ladder:
//! some 14600 windows; session 23 measured by angle alone).

use crate::table_ops::{dist, unit};
use biljardi_physics::{BALL_RADIUS_M, PocketId, Table};

const R: f64 = BALL_RADIUS_M;

/// How the AI sees the pockets (module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PocketModel {
    Mouth,
    Measured,
}

/// One approach angle's row of a pocket's measured windows: the angle to the pocket's axis in
/// degrees, and at each of the kind's distances (`CORNER_DIST_M`, `SIDE_DIST_M`) the middle of
/// the window across the ball's line (mm to the left of the line, seen from the ball, for a
/// ball coming in anticlockwise from the axis; mirrored for the other side) and its half width
/// (mm).
type WindowRow<const N: usize> = (f64, [f64; N], [f64; N]);

/// The object ball's distances from the mouth the columns were measured at (each column the
/// mean of its band: under 0.3 m, 0.3 to 0.6, 0.6 to 1.0 and beyond for a corner pocket; the
/// side pockets' last band from 0.6 m on, since few pots there come from farther).
const CORNER_DIST_M: [f64; 4] = [0.2, 0.46, 0.8, 1.45];
const SIDE_DIST_M: [f64; 3] = [0.21, 0.45, 0.86];

/// Corner pockets. Up to 30 degrees the window is nearly centred on the mouth (within 2.5 mm).
/// Beyond, it moves right, and the more the farther the ball: at 40 to 45 degrees 5.5 mm from
/// 0.2 m but 17 from 1.5 m (a ball along the rail from afar has 17 mm to spare on one side of
/// the mouth's middle and 50 on the other), and it widens with the distance there (25 mm half
/// width close, 36 far). Session 23's table, by angle alone, aimed 9 mm off for the close
/// balls. The middles pool the first, second and fourth speeds of the ladder (one aim serves
/// every speed); the half widths are the middle speed's (`WIDTH_SCALE` was fitted to them).
const CORNER_WINDOWS: [WindowRow<4>; 10] = [
    (0.0, [0.0, 0.0, 0.0, 0.0], [34.0, 34.0, 34.0, 32.0]),
    (2.5, [-0.5, 0.0, 0.0, 0.0], [34.0, 34.0, 34.0, 32.0]),
    (7.5, [-1.0, 0.0, 0.5, 1.0], [35.0, 33.0, 33.0, 31.0]),
    (12.5, [-2.5, 0.5, 1.0, 2.0], [34.0, 32.0, 32.0, 31.0]),
    (17.5, [0.0, 0.5, 1.0, 2.5], [32.0, 31.0, 31.0, 30.0]),
    (22.5, [-1.5, 0.5, 1.5, 1.0], [30.0, 29.0, 29.0, 29.0]),
    (27.5, [-1.0, 1.0, 1.5, 2.0], [30.0, 27.0, 28.0, 27.0]),
    (32.5, [-1.5, 0.5, -0.5, -0.5], [27.0, 25.0, 26.0, 26.0]),
    (37.5, [-2.0, -3.5, -6.0, -7.5], [28.0, 28.0, 30.0, 32.0]),
    (42.5, [-5.5, -11.0, -15.0, -17.0], [25.0, 32.0, 36.0, 36.0]),
];

/// Side pockets. The window moves left with the angle (from a metre 2.5 mm at 12 degrees, 9 at
/// 42, 12 at 62, where it is a few millimetres wide and the mouth's middle outside it: such a
/// pot aimed at the middle never dropped) and narrows from 43 mm half width straight on to 3 to
/// 6 mm at 62 degrees. Within 0.3 m it moves less (none up to 40 degrees). Where the mouth
/// model's tolerance (43 cos(angle)^1.5 mm) was three quarters of a straight-on window, at 60
/// degrees it was twice the window.
const SIDE_WINDOWS: [WindowRow<3>; 15] = [
    (0.0, [0.0, 0.0, 0.0], [43.0, 43.0, 42.0]),
    (2.5, [-0.5, 0.0, 0.5], [43.0, 43.0, 42.0]),
    (7.5, [2.5, 1.0, 1.5], [41.0, 41.0, 41.0]),
    (12.5, [-0.5, 1.5, 2.5], [41.0, 40.0, 40.0]),
    (17.5, [0.0, 2.5, 3.5], [41.0, 39.0, 39.0]),
    (22.5, [2.5, 3.0, 4.0], [38.0, 37.0, 37.0]),
    (27.5, [-2.0, 4.0, 7.0], [37.0, 35.0, 34.0]),
    (32.5, [-1.0, 5.5, 6.0], [35.0, 32.0, 32.0]),
    (37.5, [1.5, 6.5, 7.5], [30.0, 29.0, 28.0]),
    (42.5, [5.5, 8.0, 9.0], [25.0, 25.0, 25.0]),
    (47.5, [6.0, 8.5, 10.0], [21.0, 20.0, 21.0]),
    (52.5, [6.5, 9.5, 9.5], [15.0, 15.0, 15.0]),
    (57.5, [9.0, 10.0, 10.5], [8.0, 9.0, 9.0]),
    (62.5, [11.0, 11.0, 12.0], [3.0, 4.0, 6.0]),
    (65.0, [11.0, 11.0, 12.0], [0.0, 0.0, 0.0]),
];

/// The measured half widths are scaled so that `eval::pot_chance` (its share of the tolerance
/// used, 0.73, fitted with the mouth model) fits the physics: maximum likelihood over 5000 pots
/// struck 40 times each with `master`'s noise (`calibrate --dump`, seed 11) gives 0.95 of the
/// noiseless window (a grid of 0.05), and the estimate is then within 0.03 of what dropped in
/// every band (the log-likelihood 86742 against 88124 with the mouth model): 0.95 / 0.73.
/// With the widths by distance too (session 24) 0.73 of the tolerance is still the best share
/// (seed 11, 4943 pots: -17.28 a pot against -17.27 by angle alone). Session 26 refitted the
/// share and the cut's power for these windows (`eval::MEASURED_FIT`: 0.80 and 1.25) and kept
/// this scale.
const WIDTH_SCALE: f64 = 1.3;

/// The mouths of the table the widths were measured on (`Table::default`), m: other tables'
/// windows are scaled by their mouths.
const MEASURED_CORNER_MOUTH_M: f64 = 0.116;
const MEASURED_SIDE_MOUTH_M: f64 = 0.129;

/// Where `x` falls among `n` sorted points (`at(i)` the i-th): the index of the lower
/// neighbour and the weight of the upper one, constant beyond the ends.
fn bracket(n: usize, at: impl Fn(usize) -> f64, x: f64) -> (usize, f64) {
    match (0..n).find(|&i| x <= at(i)) {
        Some(0) => (0, 0.0),
        Some(i) => (i - 1, (x - at(i - 1)) / (at(i) - at(i - 1))),
        None => (n.saturating_sub(1), 0.0),
    }
}

/// The window (middle, half width; mm) at `deg` degrees and `d` m, bilinear in the table's rows
/// and columns and constant beyond its ends.
fn window_mm<const N: usize>(rows: &[WindowRow<N>], dists: &[f64; N], deg: f64, d: f64) -> (f64, f64) {
    let (r, fr) = bracket(rows.len(), |i| rows[i].0, deg);
    let (c, fc) = bracket(N, |i| dists[i], d);
    let r1 = (r + 1).min(rows.len() - 1);
    let c1 = (c + 1).min(N - 1);
    let at = |col: fn(&WindowRow<N>) -> &[f64; N]| {
        let (a, b) = (col(&rows[r]), col(&rows[r1]));
        let lo = a[c] + (b[c] - a[c]) * fr;
        let hi = a[c1] + (b[c1] - a[c1]) * fr;
        lo + (hi - lo) * fc
    };
    (at(|row| &row.1), at(|row| &row.2))
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

    /// How these pockets are seen (`eval::pot_chance` rates a pot by a fit of its model).
    pub(crate) fn model(&self) -> PocketModel {
        self.model
    }

    /// The middle of pocket `p`'s mouth (a centimetre in for a side pocket).
    pub(crate) fn mouth(&self, p: PocketId) -> [f64; 2] {
        self.mouth[p as usize]
    }

    /// Where a ball at `from` should be sent to drop in pocket `p`, and the half-angle
    /// (radians) within which it drops when sent there (0 when the jaw's point hides the drop).
    /// One call works out the approach once: the geometric evaluation asks for both thousands of
    /// times a decision.
    pub(crate) fn window(&self, p: PocketId, from: [f64; 2]) -> ([f64; 2], f64) {
        let (m, axis) = (self.mouth(p), self.axis[p as usize]);
        let d = dist(from, m);
        let u = unit(from, m);
        // The approach angle to the pocket's axis, anticlockwise positive.
        let g = (axis[0] * u[1] - axis[1] * u[0]).atan2(axis[0] * u[0] + axis[1] * u[1]);
        let cos_g = g.cos();
        // Beyond these angles the jaw's point hides the drop.
        let hidden = cos_g < if p.is_side() { 0.42 } else { 0.6 };
        let (centre_m, half_m) = match self.model {
            PocketModel::Mouth => {
                let w = if p.is_side() {
                    (self.side_mouth_m / 2.0 - 0.75 * R) * cos_g.powf(1.5)
                } else {
                    (self.corner_mouth_m / 2.0 - 0.55 * R) * cos_g
                };
                (0.0, w)
            }
            PocketModel::Measured => {
                let deg = g.abs().to_degrees();
                let ((c, w), scale) = if p.is_side() {
                    (window_mm(&SIDE_WINDOWS, &SIDE_DIST_M, deg, d), self.side_mouth_m / MEASURED_SIDE_MOUTH_M)
                } else {
                    (window_mm(&CORNER_WINDOWS, &CORNER_DIST_M, deg, d), self.corner_mouth_m / MEASURED_CORNER_MOUTH_M)
                };
                (g.signum() * c * 1e-3, WIDTH_SCALE * w * 1e-3 * scale)
            }
        };
        let aim = [m[0] - u[1] * centre_m, m[1] + u[0] * centre_m];
        let tolerance = if hidden { 0.0 } else { (half_m.max(0.0) / d.max(0.05)).atan() };
        (aim, tolerance)
    }

    /// Where a ball at `from` should be sent to drop in pocket `p` (`window`).
    pub(crate) fn aim(&self, p: PocketId, from: [f64; 2]) -> [f64; 2] {
        self.window(p, from).0
    }

    /// Half-angle (radians) within which a ball at `from` sent towards `aim` drops (`window`).
    pub(crate) fn tolerance(&self, p: PocketId, from: [f64; 2]) -> f64 {
        self.window(p, from).1
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
        // From 0.2 m at the same angle the window is nearly centred (5 mm off) and narrower;
        // from 1.5 m it is 17 mm off.
        let near = [m[0] - 0.2 * dir[0], m[1] - 0.2 * dir[1]];
        let far = [m[0] - 1.5 * dir[0], m[1] - 1.5 * dir[1]];
        let (off_near, off_far) = (dist(measured.aim(p, near), m), dist(measured.aim(p, far), m));
        assert!((0.004..0.007).contains(&off_near), "{off_near}");
        assert!((0.015..0.018).contains(&off_far), "{off_far}");
        let half_width = |from: [f64; 2]| measured.tolerance(p, from).tan() * dist(from, m);
        assert!(half_width(near) < 0.85 * half_width(far), "{} {}", half_width(near), half_width(far));
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
