//! Ball-cushion impact with the contact above the ball's centre.
//!
//! Source: S. Mathavan, M. R. Jackson and R. M. Parkin (2010), "A theoretical analysis of
//! billiard ball dynamics under cushion impacts", Proc. IMechE Part C 224; the same equations as
//! pooltool's `resolve/ball_cushion/mathavan_2010`. The cushion touches the ball at height `h`
//! (angle `theta` above the equator, `sin theta = (h - R) / R`) while the cloth holds it from
//! below. Both contacts slip with Coulomb friction (`mu_cushion` at the cushion, `mu_slide` at the
//! cloth); the velocities are integrated over the normal impulse `P` at the cushion through a
//! compression phase (until the ball stops moving into the cushion) and a restitution phase
//! that returns `e^2` of the compression work (Stronge's energetic restitution).
//!
//! The impulse is integrated with the midpoint rule in a fixed number of steps per phase, as
//! before, but a contact whose slip reaches zero sticks (Coulomb: the friction that holds it, while
//! that lies within `mu N`) instead of chattering about zero, and a step is cut where a slip closes
//! (Newton's step on the slip), where a sticking contact's friction leaves its cone, and where the
//! phase ends. Without sticking, the friction's direction flips every step near a stick and the
//! result converges only as `1 / steps` (1.1e-3 m/s off on a rolling perpendicular hit at 32 steps);
//! with it, hits whose slips keep their directions (perpendicular ones) come out exact and the
//! others converge as `steps^-2`.
//!
//! The restitution `e` falls with the ball's speed into the cushion
//! (`Params::cushion_restitution`), fitted to measured rebounds of rolling balls (Mathavan et al.
//! 2009, Sudo and Shibata 2002).

use crate::ball::BallState;
use crate::evolve::settle;
use crate::math::V3;
use crate::params::Params;

/// `m R^2 / I` for a solid ball.
const K: f64 = 2.5;

/// Slip below this fraction of the speed scale counts as none: the contact may stick.
const STICK: f64 = 1e-8;

/// The state in the cushion frame (`y` into the cushion, `x` along it, `z` up): `[vx, vy, R wx,
/// R wy, R wz, work]`, all velocities in m/s; `work` is the work of the cushion's normal force per
/// unit mass. The independent variable is `p`, the normal impulse at the cushion per unit mass.
type Y = [f64; 6];

/// What a contact does over a step.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    /// Slides against its slip; the unit slip at the step's start, kept should the slip pass zero
    /// within the step (the rates stay smooth, the step is cut at the zero).
    Slide(f64, f64),
    /// No slip; the friction that keeps it so (Coulomb's law, while within `mu N`).
    Stick,
}

fn norm(x: f64, y: f64) -> f64 {
    (x * x + y * y).sqrt()
}

fn unit(x: f64, y: f64) -> (f64, f64) {
    let n = norm(x, y);
    if n > 0.0 { (x / n, y / n) } else { (0.0, 0.0) }
}

struct Model {
    sin: f64,
    cos: f64,
    mu_w: f64,
    mu_s: f64,
    /// Slip that counts as none, m/s.
    eps: f64,
}

impl Model {
    /// Slip at the cushion contact I and at the cloth contact C.
    fn slips(&self, y: &Y) -> [(f64, f64); 2] {
        let (sin, cos) = (self.sin, self.cos);
        [(y[0] + y[3] * sin - y[4] * cos, -y[1] * sin + y[2]), (y[0] - y[3], y[1] + y[2])]
    }

    /// Friction per unit normal impulse at the cushion, `[F_Ix, F_Iy, F_Cx, F_Cy]`, the cushion's
    /// normal force being the unit and the cloth's `sin - F_Iy cos`.
    ///
    /// A sliding contact takes `mu N` against its slip (Mathavan et al. 2010). A sticking one
    /// takes the friction that keeps its slip at zero: the slip rates are affine in the friction
    /// (per unit impulse and mass): `dI_x = F_Ix (1 + K) + F_Cx (1 - K sin)`, `dI_y = sin cos +
    /// F_Iy (sin^2 + K) + F_Cy (K - sin)`, `dC_x = F_Ix (1 - K sin) + F_Cx (1 + K)`, `dC_y = -cos +
    /// F_Iy (K - sin) + F_Cy (1 + K)`, solved for zero.
    fn friction(&self, y: &Y, modes: &[Mode; 2]) -> [f64; 4] {
        let (sin, cos, mu_w, mu_s) = (self.sin, self.cos, self.mu_w, self.mu_s);
        let [si, sc] = self.slips(y);
        // The unit slip of a sliding contact; its starting one once the slip has passed zero.
        let dir = |q: (f64, f64), ux: f64, uy: f64| if q.0 * ux + q.1 * uy > 0.0 { unit(q.0, q.1) } else { (ux, uy) };
        // The cloth's friction that keeps it from slipping, with the cushion's given.
        let cloth_stick =
            |fix: f64, fiy: f64| (-fix * (1.0 - K * sin) / (1.0 + K), (cos - fiy * (K - sin)) / (1.0 + K));
        match *modes {
            [Mode::Slide(ux, uy), cloth] => {
                let (dx, dy) = dir(si, ux, uy);
                let (fix, fiy) = (-mu_w * dx, -mu_w * dy);
                let (fcx, fcy) = match cloth {
                    Mode::Slide(vx, vy) => {
                        let (ex, ey) = dir(sc, vx, vy);
                        let n = sin - fiy * cos;
                        (-mu_s * n * ex, -mu_s * n * ey)
                    }
                    Mode::Stick => cloth_stick(fix, fiy),
                };
                [fix, fiy, fcx, fcy]
            }
            [Mode::Stick, Mode::Slide(vx, vy)] => {
                // F_C = -mu_s (sin - F_Iy cos) u_C, and dI = 0.
                let (ex, ey) = dir(sc, vx, vy);
                let (ax, ay) = (mu_s * ex, mu_s * ey);
                let fiy = -(sin * cos - (K - sin) * ay * sin) / (sin * sin + K + (K - sin) * ay * cos);
                let n = sin - fiy * cos;
                let (fcx, fcy) = (-ax * n, -ay * n);
                [-fcx * (1.0 - K * sin) / (1.0 + K), fiy, fcx, fcy]
            }
            [Mode::Stick, Mode::Stick] => {
                // Along the cushion nothing; across it the 2 x 2 system.
                let (a11, a12, a22) = (sin * sin + K, K - sin, 1.0 + K);
                let fiy = (-sin * cos * a22 - a12 * cos) / (a11 * a22 - a12 * a12);
                let (fcx, fcy) = cloth_stick(0.0, fiy);
                [0.0, fiy, fcx, fcy]
            }
        }
    }

    /// Rates of change of the state per unit of `p`.
    fn rates(&self, y: &Y, modes: &[Mode; 2]) -> Y {
        let [fix, fiy, fcx, fcy] = self.friction(y, modes);
        let (sin, cos) = (self.sin, self.cos);
        [fix + fcx, -cos - fiy * sin + fcy, K * (fiy + fcy), K * (fix * sin - fcx), -K * fix * cos, y[1] * cos]
    }

    /// How far each contact's friction is inside its cone (`mu N - |F|`), for sticking contacts.
    fn cone_margins(&self, y: &Y, modes: &[Mode; 2]) -> [f64; 2] {
        let f = self.friction(y, modes);
        let n = self.sin - f[1] * self.cos;
        [self.mu_w - norm(f[0], f[1]), self.mu_s * n - norm(f[2], f[3])]
    }

    /// The modes at `y`. A contact that slips slides. One that does not sticks if the friction
    /// that holds it lies within `mu N` (Coulomb's law), else it slides from zero in the
    /// direction its slip then takes. With both contacts at zero slip (a stun ball at the end of
    /// compression) the four choices are tried, sticking first, and the first consistent one is
    /// taken: a sticking contact's friction within its cone, a sliding one's slip growing along its
    /// direction.
    fn modes(&self, y: &Y) -> [Mode; 2] {
        let slips = self.slips(y);
        let zero = slips.map(|q| norm(q.0, q.1) <= self.eps);
        let base = slips.map(|q| {
            let (ux, uy) = unit(q.0, q.1);
            if norm(q.0, q.1) > self.eps { Mode::Slide(ux, uy) } else { Mode::Stick }
        });
        if !zero[0] && !zero[1] {
            return base;
        }
        let mut last = base;
        for slide in [[false, false], [false, true], [true, false], [true, true]] {
            if (slide[0] && !zero[0]) || (slide[1] && !zero[1]) {
                continue;
            }
            let mut modes = base;
            // A contact starting to slide: first against the friction that would hold it, then
            // along the slip rate that gives, until the two agree.
            for c in (0..2).filter(|&c| slide[c]) {
                let f = self.friction(y, &modes);
                let (ux, uy) = unit(-f[2 * c], -f[2 * c + 1]);
                modes[c] = Mode::Slide(ux, uy);
            }
            for _ in 0..3 {
                let rate = self.slips(&self.rates(y, &modes));
                for c in (0..2).filter(|&c| slide[c]) {
                    if norm(rate[c].0, rate[c].1) > 0.0 {
                        let (ux, uy) = unit(rate[c].0, rate[c].1);
                        modes[c] = Mode::Slide(ux, uy);
                    }
                }
            }
            let rate = self.slips(&self.rates(y, &modes));
            let margins = self.cone_margins(y, &modes);
            let consistent = (0..2).all(|c| match modes[c] {
                Mode::Slide(ux, uy) => !zero[c] || rate[c].0 * ux + rate[c].1 * uy > 0.0,
                Mode::Stick => margins[c] >= -1e-12,
            });
            if consistent {
                return modes;
            }
            last = modes;
        }
        last
    }
}

fn axpy(y: &Y, terms: &[(f64, &Y)]) -> Y {
    let mut out = *y;
    for (a, k) in terms {
        for i in 0..6 {
            out[i] += a * k[i];
        }
    }
    out
}

/// Impulse steps per phase (midpoint rule).
const STEPS: usize = 32;

/// A slip closing on zero whose rate points within this cosine of straight against it is stepped
/// to its zero in one Newton step; one still turning in half steps, so its direction settles.
const SETTLED: f64 = 0.999;

/// A guard on the steps of one phase, cuts included, beyond its `steps` (2 000 random hits take
/// at most 180 for both phases at 32).
const EXTRA_STEPS: usize = 1000;

/// One midpoint step of `h` from `y` (`k1` its rates) with the contacts' modes held.
fn midpoint(m: &Model, y: &Y, k1: &Y, h: f64, modes: &[Mode; 2]) -> Y {
    let k2 = m.rates(&axpy(y, &[(0.5 * h, k1)]), modes);
    axpy(y, &[(h, &k2)])
}

/// Integrates one phase from `y` until `end` falls to zero, in midpoint steps of `big`, cut short
/// where a slip closes, a stick's friction leaves its cone, or the phase ends (so no step straddles
/// a change of the equations).
fn phase(m: &Model, mut y: Y, big: f64, steps: usize, end: &dyn Fn(&Y) -> f64, end_tol: f64) -> Y {
    // The modes carried over from a full step that changed none of them (a stick still within its
    // cone, a slip still clear of zero): `Model::modes` would find the same, at the cost of its
    // search whenever a contact sticks.
    let mut held: Option<[Mode; 2]> = None;
    for _ in 0..2 * steps + EXTRA_STEPS {
        let e0 = end(&y);
        if e0 <= end_tol {
            return y;
        }
        let modes = held.take().unwrap_or_else(|| m.modes(&y));
        let k1 = m.rates(&y, &modes);
        let mut h = big;
        let rate = m.slips(&k1);
        for (c, q) in m.slips(&y).iter().enumerate() {
            if let Mode::Slide(..) = modes[c] {
                let closing = -(q.0 * rate[c].0 + q.1 * rate[c].1);
                let to_zero = (q.0 * q.0 + q.1 * q.1) / closing;
                if closing > 0.0 && to_zero < h {
                    let settled = closing > SETTLED * norm(q.0, q.1) * norm(rate[c].0, rate[c].1);
                    h = if settled { to_zero } else { 0.5 * to_zero };
                }
            }
        }
        let full = h == big;
        let mut keep = full;
        let mut y1 = midpoint(m, &y, &k1, h, &modes);
        // A sticking contact whose friction would leave its cone: cut where it does (linearly).
        for c in 0..2 {
            if modes[c] == Mode::Stick {
                let g0 = m.cone_margins(&y, &modes)[c];
                let g1 = m.cone_margins(&y1, &modes)[c];
                if g1 < 0.0 {
                    keep = false;
                }
                if g1 < 0.0 && g0 >= 0.0 {
                    h *= (g0 / (g0 - g1)).max(1e-3);
                    y1 = midpoint(m, &y, &k1, h, &modes);
                }
            }
        }
        let e1 = end(&y1);
        if e1 < -end_tol {
            // The phase's end within the step: regula falsi on the step's length.
            let (mut a, mut ga, mut b, mut gb) = (0.0, e0, h, e1);
            let mut yc = y1;
            for _ in 0..4 {
                let c = (a * gb - b * ga) / (gb - ga);
                yc = midpoint(m, &y, &k1, c, &modes);
                let gc = end(&yc);
                if gc.abs() <= end_tol {
                    break;
                }
                if gc > 0.0 {
                    (a, ga) = (c, gc);
                } else {
                    (b, gb) = (c, gc);
                }
            }
            return yc;
        }
        if keep {
            let slips = m.slips(&y1);
            let mut next = modes;
            for c in 0..2 {
                if let Mode::Slide(ux, uy) = modes[c] {
                    let q = slips[c];
                    if norm(q.0, q.1) > m.eps && q.0 * ux + q.1 * uy > 0.0 {
                        let (vx, vy) = unit(q.0, q.1);
                        next[c] = Mode::Slide(vx, vy);
                    } else {
                        keep = false;
                    }
                }
            }
            if keep {
                held = Some(next);
            }
        }
        y = y1;
    }
    y
}

/// Integrates the impact in the cushion frame: `[vx, vy, R wx, R wy, R wz]` in, the same out;
/// `scale` is the hit's speed scale.
fn impact(m: &Model, v: [f64; 5], e: f64, scale: f64, steps: usize) -> [f64; 5] {
    let [vx, vy, wx, wy, wz] = v;
    if vy <= 0.0 {
        return v;
    }
    let big = vy / steps as f64;
    // Compression: until the ball stops moving into the cushion.
    let y = [vx, vy, wx, wy, wz, 0.0];
    let mut y = phase(m, y, big, steps, &|q: &Y| q[1], 1e-13 * scale);
    y[1] = y[1].min(0.0);
    // Restitution: until the cushion has returned e^2 of the work (Stronge's energetic
    // restitution); the work falls as the ball moves out.
    let target = (1.0 - e * e) * y[5];
    let y = phase(m, y, big, steps, &|q: &Y| q[5] - target, 1e-13 * scale * scale);
    [y[0], y[1], y[2], y[3], y[4]]
}

/// The state just after `s` hits a cushion whose nose is `height_m` above the bed. `normal` is the
/// horizontal unit normal of the contact, pointing from the cushion towards the ball.
pub fn resolve(s: &BallState, normal: V3, height_m: f64, p: &Params) -> BallState {
    resolve_with_steps(s, normal, height_m, p, STEPS)
}

fn resolve_with_steps(s: &BallState, normal: V3, height_m: f64, p: &Params, steps: usize) -> BallState {
    let r = p.ball_radius_m;
    let sin = ((height_m - r) / r).clamp(-1.0, 1.0);
    let cos = (1.0 - sin * sin).sqrt();
    let y = -normal.xy().unit_or_zero();
    let x = y.cross(V3::Z);
    let v = [s.vel.dot(x), s.vel.dot(y), r * s.ang_vel.dot(x), r * s.ang_vel.dot(y), r * s.ang_vel.z];
    let scale = norm(v[0], v[1]) + (v[2] * v[2] + v[3] * v[3] + v[4] * v[4]).sqrt();
    let model = Model { sin, cos, mu_w: p.mu_cushion, mu_s: p.mu_slide, eps: STICK * scale };
    let out = impact(&model, v, p.cushion_restitution(v[1]), scale, steps);
    let mut after = *s;
    after.vel = out[0] * x + out[1] * y;
    after.ang_vel = (out[2] * x + out[3] * y + V3::new(0.0, 0.0, out[4])) * (1.0 / r);
    settle(after, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    fn hit(p: &Params, v: V3, w: V3, steps: usize) -> BallState {
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = v;
        s.ang_vel = w;
        let s = settle(s, p);
        // Cushion at +x (the foot rail): its normal points to -x.
        resolve_with_steps(&s, V3::new(-1.0, 0.0, 0.0), Table::default().cushion_height_m, p, steps)
    }

    /// An independent reference: Mathavan et al. (2010)'s equations as pooltool's
    /// `resolve/ball_cushion/mathavan_2010/model.py` writes them (slip angles by `atan2`, friction
    /// `mu N` along them, no sticking), integrated with the midpoint rule in `n` equal impulse
    /// steps per unit of the normal speed, the compression's end and the returned work found
    /// by linear interpolation within the last step. Without sticking the friction chatters
    /// about a stick and the result converges as `1/n`; 2 000 000 steps put it within about
    /// 1e-9 m/s of its limit. Returns the velocity and `R` times the spin, table frame.
    fn reference(p: &Params, v: V3, w: V3, n: usize) -> (V3, V3) {
        let (m, r) = (p.ball_mass_kg, p.ball_radius_m);
        let h = Table::default().cushion_height_m;
        let (sin, cos) = ((h - r) / r, (1.0 - ((h - r) / r).powi(2)).sqrt());
        let (mu_w, mu_s) = (p.mu_cushion, p.mu_slide);
        // Cushion frame: y into the cushion (+x of the table), x along it (table -y).
        let to_local = |a: V3| [-a.y, a.x, a.z];
        let (lv, lw) = (to_local(v), to_local(w));
        let e = p.cushion_restitution(lv[1]);
        let rates = |s: &[f64; 5]| -> [f64; 5] {
            let [vx, vy, wx, wy, wz] = *s;
            let (ix, iy) = (vx + wy * r * sin - wz * r * cos, -vy * sin + wx * r);
            let (cx, cy) = (vx - wy * r, vy + wx * r);
            let angle = |x: f64, y: f64| if x == 0.0 && y == 0.0 { None } else { Some(y.atan2(x)) };
            let (ca, sa) = angle(ix, iy).map_or((0.0, 0.0), |a| (a.cos(), a.sin()));
            let (cb, sb) = angle(cx, cy).map_or((0.0, 0.0), |b| (b.cos(), b.sin()));
            let t = sin + mu_w * sa * cos;
            let k = 5.0 / (2.0 * m * r);
            [
                -(mu_w * ca + mu_s * cb * t) / m,
                -(cos - mu_w * sin * sa + mu_s * sb * t) / m,
                -k * (mu_w * sa + mu_s * sb * t),
                -k * (mu_w * ca * sin - mu_s * cb * t),
                k * mu_w * ca * cos,
            ]
        };
        let step = |s: &[f64; 5], dp: f64| {
            let k1 = rates(s);
            let mid: [f64; 5] = std::array::from_fn(|i| s[i] + 0.5 * dp * k1[i]);
            let k2 = rates(&mid);
            std::array::from_fn::<f64, 5, _>(|i| s[i] + dp * k2[i])
        };
        let mut s = [lv[0], lv[1], lw[0], lw[1], lw[2]];
        let dp = m * lv[1] / n as f64;
        let mut work = 0.0;
        loop {
            let next = step(&s, dp);
            if next[1] <= 0.0 {
                let frac = s[1] / (s[1] - next[1]);
                work += frac * dp * cos * 0.5 * s[1];
                s = step(&s, frac * dp);
                break;
            }
            work += dp * cos * 0.5 * (s[1] + next[1]);
            s = next;
        }
        let target = e * e * work;
        let mut done = 0.0;
        loop {
            let next = step(&s, dp);
            let dw = dp * cos * 0.5 * (s[1].abs() + next[1].abs());
            if done + dw >= target {
                s = step(&s, (target - done) / dw * dp);
                break;
            }
            done += dw;
            s = next;
        }
        let to_table = |a: [f64; 3]| V3::new(a[1], -a[0], a[2]);
        (to_table([s[0], s[1], 0.0]), to_table([s[2] * r, s[3] * r, s[4] * r]))
    }

    /// The constant restitution of the paper.
    fn constant(e: f64) -> Params {
        Params { e_cushion: e, e_cushion_speed: 0.0, ..Params::default() }
    }

    #[test]
    fn perpendicular_cushion_hit_rebounds_at_e_cushion() {
        let p = constant(0.85);
        for v in [0.5, 1.0, 2.0, 4.0] {
            let out = hit(&p, V3::new(v, 0.0, 0.0), V3::ZERO, STEPS);
            assert!(out.vel.y.abs() < 1e-12, "stays on its line");
            // Table friction takes some of what the cushion returns: Mathavan's perpendicular
            // rebound is 0.898 e at the default parameters (0.763 v), the same at every speed.
            let ratio = -out.vel.x / v;
            assert!((ratio - 0.763).abs() < 0.002, "v {v}: rebound {ratio}");
            assert!(ratio > 0.88 * p.e_cushion && ratio < p.e_cushion, "about e_cushion x v");
        }
    }

    /// Mathavan et al. (2009), "Application of high-speed imaging to determine the dynamics of
    /// billiards", Am. J. Phys. 77: a ball rolling straight into a cushion at v comes back at
    /// `-0.0877 v^2 + 1.131 v - 0.0953` m/s (their fit, 0.5-3.4 m/s).
    fn mathavan_2009(v: f64) -> f64 {
        -0.0877 * v * v + 1.131 * v - 0.0953
    }

    #[test]
    fn rolling_perpendicular_rebound_agrees_with_the_measurements() {
        let p = Params::default();
        let r = p.ball_radius_m;
        let rebound = |v: f64| -hit(&p, V3::new(v, 0.0, 0.0), V3::new(0.0, v / r, 0.0), STEPS).vel.x / v;
        // Within 0.05 of Mathavan 2009's fitted rebound ratio at every speed they measured.
        let mut worst: f64 = 0.0;
        let speeds: Vec<f64> = (0..=29).map(|i| 0.5 + 0.1 * i as f64).collect();
        for &v in &speeds {
            let diff = rebound(v) - mathavan_2009(v) / v;
            worst = worst.max(diff.abs());
        }
        assert!(worst < 0.05, "worst {worst}");
        // Sudo and Shibata (2002), pool cushion: 0.856 of the speed below 1.8 m/s (their mean).
        // Mathavan's rig comes back higher there (0.90-0.95); the fit sits between the two.
        let low: Vec<f64> = speeds.iter().copied().filter(|v| *v <= 1.8 + 1e-9).collect();
        let mean = low.iter().map(|&v| rebound(v)).sum::<f64>() / low.len() as f64;
        assert!((mean - 0.856).abs() < 0.05, "mean below 1.8 m/s {mean}");
        // The rebound falls with speed, as measured, but a harder hit still comes back faster.
        for w in speeds.windows(2) {
            assert!(rebound(w[1]) < rebound(w[0]) + 1e-12);
            assert!(rebound(w[1]) * w[1] > rebound(w[0]) * w[0]);
        }
        for v in [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.4] {
            eprintln!("v {v}: rebound {:.4} Mathavan 2009 {:.4}", rebound(v), mathavan_2009(v) / v);
        }
        eprintln!("mean below 1.8 m/s {mean:.4} (Sudo and Shibata 0.856), worst vs Mathavan {worst:.4}");
    }

    #[test]
    fn rolling_ball_rebounds_straight_back_too() {
        let p = constant(0.85);
        let v = 1.0;
        let out = hit(&p, V3::new(v, 0.0, 0.0), V3::new(0.0, v / p.ball_radius_m, 0.0), STEPS);
        assert!(out.vel.y.abs() < 1e-12);
        let ratio = -out.vel.x / v;
        assert!((0.7..=0.9).contains(&ratio), "{ratio}");
    }

    #[test]
    fn mathavan_paper_parameters_reproduce_its_rebound() {
        // Mathavan et al. 2010, Fig. 8-10 setup: M = 0.1406, R = 0.02625, e = 0.98,
        // mu_w = 0.14, mu_s = 0.212, h = 0.7 * 2R... (nose at 7/5 R); a stun ball straight in.
        let p = Params {
            ball_mass_kg: 0.1406,
            ball_radius_m: 0.02625,
            e_cushion: 0.98,
            e_cushion_speed: 0.0,
            mu_cushion: 0.14,
            mu_slide: 0.212,
            ..Params::default()
        };
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = V3::new(2.0, 0.0, 0.0);
        let out = resolve(&settle(s, &p), V3::new(-1.0, 0.0, 0.0), 1.4 * p.ball_radius_m, &p);
        let ratio = -out.vel.x / 2.0;
        // e = 0.98 of the work at the cushion, less what the cloth's friction takes.
        assert!((0.82..=0.86).contains(&ratio), "{ratio}");
    }

    #[test]
    fn the_fixed_step_count_converges() {
        let p = constant(0.85);
        let r = p.ball_radius_m;
        let cases = [
            (V3::new(1.0, 0.0, 0.0), V3::ZERO),
            (V3::new(1.2, 1.0, 0.0), V3::new(-1.0 / r, 1.2 / r, 20.0)),
            (V3::new(2.0, -0.5, 0.0), V3::new(0.0, -30.0, -40.0)),
            (V3::new(0.3, 2.0, 0.0), V3::new(0.0, 0.0, 60.0)),
        ];
        for (v, w) in cases {
            let fast = hit(&p, v, w, STEPS);
            let fine = hit(&p, v, w, 20_000);
            assert!((fast.vel - fine.vel).norm() < 2e-3 * v.norm(), "{:?} vs {:?}", fast.vel, fine.vel);
            assert!(
                (fast.ang_vel - fine.ang_vel).norm() * r < 5e-3 * v.norm(),
                "{:?} vs {:?}",
                fast.ang_vel,
                fine.ang_vel
            );
        }
    }

    /// Issue 21's case, a ball rolling straight in at 1 m/s, against `reference` at 2 000 000
    /// steps: 0.808416356 m/s with a constant e 0.85 and 0.904423677 m/s at the defaults (200 000
    /// steps give the same within 2.5e-7, checked here). Main's former 32 chattering midpoint steps
    /// were 1.1e-3 and 1.2e-4 m/s off (the error fell only as 1/steps); with sticking the slips keep
    /// their directions here, the rates are piecewise constant and the 32 steps are exact but for the
    /// cuts' rounding; the issue asks for 1e-5. No input tried gives the 0.74731 m/s the issue quoted
    /// (pooltool's defaults: 0.8042837; the paper's parameters: 0.9106591; stun hits 0.7634522
    /// and 0.7591161; pooltool's own Euler steps 0.8038).
    #[test]
    fn the_rolling_perpendicular_rebound_is_the_converged_one_within_1e_7() {
        let r = Params::default().ball_radius_m;
        for (p, converged) in [(constant(0.85), 0.808_416_356), (Params::default(), 0.904_423_677)] {
            let rebound = -hit(&p, V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0), STEPS).vel.x;
            eprintln!("rebound {rebound:.9} converged {converged} error {:.3e}", rebound - converged);
            assert!((rebound - converged).abs() < 1e-7, "rebound {rebound:.9}");
            let (fine, _) = reference(&p, V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0), 200_000);
            assert!((-fine.x - converged).abs() < 1e-6, "reference {:.9}", -fine.x);
        }
    }

    /// Oblique hits with spin against the independent `reference` (200 000 chattering steps per
    /// unit normal speed, itself about 1e-6 m/s from its limit): the largest difference in the
    /// velocity and in `R` times the spin, with the bound each meets (measured, with headroom).
    #[test]
    fn oblique_spinning_hits_agree_with_the_reference() {
        let p = Params::default();
        let r = p.ball_radius_m;
        let cases = [
            (V3::new(1.2, 1.0, 0.0), V3::new(-1.0 / r, 1.2 / r, 20.0), 2e-5), // measured 8.2e-6
            (V3::new(2.0, -0.5, 0.0), V3::new(0.0, -30.0, -40.0), 2e-4),      // 9.0e-5: a slip closing while it turns
            (V3::new(0.3, 2.0, 0.0), V3::new(0.0, 0.0, 60.0), 3e-6),          // 9.1e-7
            (V3::new(3.0, 3.0, 0.0), V3::new(-3.0 / r, 3.0 / r, 0.0), 5e-5),  // 2.5e-5
        ];
        for (v, w, bound) in cases {
            let out = hit(&p, v, w, STEPS);
            let (rv, rw) = reference(&p, v, w, 200_000);
            let err = (out.vel - rv).norm().max((out.ang_vel * r - rw).norm());
            eprintln!("v {v:?} w {w:?}: {err:.3e}");
            assert!(err < bound, "v {v:?} w {w:?}: {err:.3e}");
        }
    }

    /// 300 seeded random hits (speeds 0.05-8 m/s, any angle into the cushion, `R` times the spin
    /// up to 1.5 times the speed about each horizontal axis, up to 100 rad/s about the vertical):
    /// the 32 steps against 4 096 (converged as `steps^-2`), velocity and `R` times the spin.
    #[test]
    fn random_hits_converge() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let p = Params::default();
        let r = p.ball_radius_m;
        let mut rng = StdRng::seed_from_u64(21);
        let mut errs: Vec<f64> = (0..300)
            .map(|_| {
                let speed = rng.random_range(0.05..8.0);
                let angle: f64 = rng.random_range(-1.55..1.55);
                let v = V3::new(speed * angle.cos(), speed * angle.sin(), 0.0);
                let w = V3::new(
                    rng.random_range(-1.5..1.5) * speed / r,
                    rng.random_range(-1.5..1.5) * speed / r,
                    rng.random_range(-100.0..100.0),
                );
                let (a, b) = (hit(&p, v, w, STEPS), hit(&p, v, w, 4096));
                (a.vel - b.vel).norm().max((a.ang_vel - b.ang_vel).norm() * r)
            })
            .collect();
        errs.sort_by(f64::total_cmp);
        let (median, p99, max) = (errs[150], errs[297], errs[299]);
        eprintln!("32 vs 4096 steps over 300 random hits: median {median:.2e} p99 {p99:.2e} max {max:.2e}");
        // Measured: median 1.50e-5, 99th percentile 1.71e-3, max 1.58e-2 (the worst are slips that
        // stay small while they turn, their direction relaxing faster than a step resolves).
        assert!(median < 3e-5, "median {median:.2e}");
        assert!(p99 < 4e-3, "99th percentile {p99:.2e}");
        assert!(max < 3e-2, "max {max:.2e}");
    }

    #[test]
    fn running_and_reverse_english_change_the_rebound_angle() {
        let p = constant(0.85);
        let v = 1.5;
        let a = 45f64.to_radians();
        let vin = V3::new(v * a.cos(), v * a.sin(), 0.0);
        let angle = |s: &BallState| s.vel.y.atan2(-s.vel.x).to_degrees();
        let plain = hit(&p, vin, V3::ZERO, STEPS);
        // Moving +y into the +x cushion: running english is spin that rolls the ball along +y
        // on the cushion; with the cushion at +x that is w_z < 0.
        let running = hit(&p, vin, V3::new(0.0, 0.0, -60.0), STEPS);
        let reverse = hit(&p, vin, V3::new(0.0, 0.0, 60.0), STEPS);
        assert!(angle(&running) > angle(&plain) + 3.0, "{} vs {}", angle(&running), angle(&plain));
        assert!(angle(&reverse) < angle(&plain) - 3.0, "{} vs {}", angle(&reverse), angle(&plain));
        // Energy never rises.
        let (m, i) = (p.ball_mass_kg, p.inertia());
        for (w, out) in [(V3::ZERO, plain), (V3::new(0.0, 0.0, -60.0), running), (V3::new(0.0, 0.0, 60.0), reverse)] {
            let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
            s.vel = vin;
            s.ang_vel = w;
            assert!(out.kinetic_energy(m, i) < s.kinetic_energy(m, i));
        }
    }
}
