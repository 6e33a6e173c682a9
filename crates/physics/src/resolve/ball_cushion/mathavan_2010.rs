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
//! The slip directions are taken from the velocity components directly (no trigonometry) and the
//! impulse is integrated with the midpoint rule in a fixed number of steps per phase, with the
//! last step cut to land exactly on the phase's end, so a cushion hit costs a few microseconds.
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

/// Error allowed per accepted step, as a fraction of the hit's speed scale (the ball's speed plus
/// `R` times its spin).
const TOL: f64 = 1e-9;

/// Slip below this fraction of the speed scale counts as none: the contact may stick.
const STICK: f64 = 1e-8;

/// A slip closes on zero in log-slip steps only while it closes at least this fast, per unit
/// of its size and of `p` (slower, `tau` would run away from `p`).
const APPROACH: f64 = 0.01;

/// A guard on the steps of one hit (both phases).
const MAX_STEPS: usize = 400;

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

/// Dormand and Prince's 5(4) pair (J. R. Dormand, P. J. Prince 1980, "A family of embedded
/// Runge-Kutta formulae", J. Comp. Appl. Math. 6): the fifth-order step of `h` from `y` (rates
/// `k1` there), and its stages for the error estimate.
fn dopri_stages(f: &dyn Fn(&Y) -> Y, y: &Y, k1: &Y, h: f64) -> (Y, [Y; 6]) {
    let k2 = f(&axpy(y, &[(h / 5.0, k1)]));
    let k3 = f(&axpy(y, &[(h * 3.0 / 40.0, k1), (h * 9.0 / 40.0, &k2)]));
    let k4 = f(&axpy(y, &[(h * 44.0 / 45.0, k1), (-h * 56.0 / 15.0, &k2), (h * 32.0 / 9.0, &k3)]));
    let k5 = f(&axpy(
        y,
        &[
            (h * 19372.0 / 6561.0, k1),
            (-h * 25360.0 / 2187.0, &k2),
            (h * 64448.0 / 6561.0, &k3),
            (-h * 212.0 / 729.0, &k4),
        ],
    ));
    let k6 = f(&axpy(
        y,
        &[
            (h * 9017.0 / 3168.0, k1),
            (-h * 355.0 / 33.0, &k2),
            (h * 46732.0 / 5247.0, &k3),
            (h * 49.0 / 176.0, &k4),
            (-h * 5103.0 / 18656.0, &k5),
        ],
    ));
    let y1 = axpy(
        y,
        &[
            (h * 35.0 / 384.0, k1),
            (h * 500.0 / 1113.0, &k3),
            (h * 125.0 / 192.0, &k4),
            (-h * 2187.0 / 6784.0, &k5),
            (h * 11.0 / 84.0, &k6),
        ],
    );
    (y1, [*k1, k2, k3, k4, k5, k6])
}

/// The fifth-order step alone (for root finding within a step).
fn dopri(f: &dyn Fn(&Y) -> Y, y: &Y, k1: &Y, h: f64) -> Y {
    dopri_stages(f, y, k1, h).0
}

/// The largest error estimate over the velocities and spins of a step (`k7` the rates at its end).
fn dopri_error(k: &[Y; 6], k7: &Y, h: f64) -> f64 {
    const E: [f64; 7] =
        [71.0 / 57600.0, 0.0, -71.0 / 16695.0, 71.0 / 1920.0, -17253.0 / 339200.0, 22.0 / 525.0, -1.0 / 40.0];
    (0..5)
        .map(|i| (h * (E.iter().zip(k.iter().chain(std::iter::once(k7))).map(|(e, k)| e * k[i]).sum::<f64>())).abs())
        .fold(0.0, f64::max)
}

/// Where `g` crosses zero within a step of `h` from `y`: `g0 >= 0` at the start, `g1 < 0` at the
/// end; the Illinois method on the step's length, to `|g| <= tol`.
fn crossing(f: &dyn Fn(&Y) -> Y, y: &Y, k1: &Y, g: &dyn Fn(&Y) -> f64, g0: f64, g1: f64, h: f64, tol: f64) -> f64 {
    let (mut a, mut ga, mut b, mut gb) = (0.0, g0, h, g1);
    let mut side = 0;
    for _ in 0..60 {
        let c = (a * gb - b * ga) / (gb - ga);
        if !c.is_finite() || b - a <= 1e-14 * h {
            break;
        }
        let gc = g(&dopri(f, y, k1, c));
        if gc.abs() <= tol {
            return c;
        }
        if gc > 0.0 {
            (a, ga) = (c, gc);
            if side == 1 {
                gb *= 0.5;
            }
            side = 1;
        } else {
            (b, gb) = (c, gc);
            if side == -1 {
                ga *= 0.5;
            }
            side = -1;
        }
    }
    b
}

/// Integrates one phase from `y` until `end` falls to zero (within `end_tol`), in Dormand-Prince
/// steps sized by their error estimate. A step in which a sliding contact's slip passes zero, a
/// sticking contact's friction leaves its cone, or the phase ends, is cut there, so no step
/// straddles a change of the equations (where the rates have a kink).
fn phase(m: &Model, mut y: Y, h: &mut f64, end: &dyn Fn(&Y) -> f64, end_tol: f64, tol: f64, steps: &mut usize) -> Y {
    let h_guard = *h;
    // The step in log-slip while a contact's slip closes on zero (`approach`).
    let mut h_log = 0.5;
    loop {
        if end(&y) <= end_tol {
            return y;
        }
        *steps += 1;
        // A guard against a hit that would not end: past MAX_STEPS the steps are taken as they
        // come, with no error control and no cuts but the phase's end.
        let guard = *steps > MAX_STEPS;
        if guard {
            *h = h.max(0.05 * h_guard);
        }
        let modes = m.modes(&y);
        let plain = |q: &Y| m.rates(q, &modes);
        let k1 = plain(&y);
        // A sliding contact whose slip would reach zero within a few steps: if its slip turns as
        // it closes (the anisotropic friction makes the direction go as a power of the slip, so
        // steps in `p` would have to shrink towards the zero without end) the step is taken in
        // `tau = -ln |slip|` instead, where that approach is smooth; if it closes straight, the
        // step ends where it reaches zero (Newton's step; exact while the direction holds).
        let rate = m.slips(&k1);
        let mut approach = None;
        for (c, q) in m.slips(&y).iter().enumerate() {
            if let (Mode::Slide(..), false) = (modes[c], guard) {
                let r2 = q.0 * q.0 + q.1 * q.1;
                let closing = -(q.0 * rate[c].0 + q.1 * rate[c].1);
                let turning = (q.0 * rate[c].1 - q.1 * rate[c].0).abs();
                if closing > 0.0 && r2 / closing < 4.0 * *h {
                    if turning > 1e-3 * closing && closing > APPROACH * r2.sqrt() {
                        approach = Some(c);
                    } else if r2 / closing < *h {
                        *h = r2 / closing;
                    }
                }
            }
        }
        let scaled = move |q: &Y, c: usize| {
            let k = m.rates(q, &modes);
            let s = m.slips(q)[c];
            let ds = m.slips(&k)[c];
            let dp_dtau = (s.0 * s.0 + s.1 * s.1) / (-(s.0 * ds.0 + s.1 * ds.1));
            k.map(|x| x * dp_dtau)
        };
        let f: Box<dyn Fn(&Y) -> Y> = match approach {
            Some(c) => Box::new(move |q: &Y| scaled(q, c)),
            None => Box::new(plain),
        };
        let k1 = f(&y);
        let step = if approach.is_some() { h_log } else { *h };
        let (y1, k) = dopri_stages(&*f, &y, &k1, step);
        let k7 = f(&y1);
        let err = dopri_error(&k, &k7, step);
        let factor = if err > 0.0 { (0.9 * (tol / err).powf(0.2)).clamp(0.2, 5.0) } else { 5.0 };
        let bad = !y1.iter().all(|x| x.is_finite());
        if (err > tol || bad) && !guard {
            match approach {
                Some(_) => h_log = step * if bad { 0.25 } else { factor },
                None => *h = step * factor,
            }
            continue;
        }
        // The first point in the step where the equations change, or (approaching) where the
        // slip is down to half the stick threshold.
        let mut cut = step;
        let mut ends = false;
        for c in (0..2).filter(|_| !guard) {
            let g: Box<dyn Fn(&Y) -> f64> = match modes[c] {
                Mode::Slide(..) if approach == Some(c) => Box::new(move |q: &Y| {
                    let s = m.slips(q)[c];
                    norm(s.0, s.1) - 0.5 * m.eps
                }),
                Mode::Slide(ux, uy) => Box::new(move |q: &Y| {
                    let s = m.slips(q)[c];
                    s.0 * ux + s.1 * uy
                }),
                Mode::Stick => Box::new(move |q: &Y| m.cone_margins(q, &modes)[c]),
            };
            let g1 = g(&y1);
            if g1 < -0.25 * m.eps {
                let x = crossing(&*f, &y, &k1, &*g, g(&y), g1, step, 0.25 * m.eps);
                if x > 1e-9 * step {
                    cut = cut.min(x);
                }
            }
        }
        let e1 = end(&y1);
        if e1 < -end_tol {
            let x = crossing(&*f, &y, &k1, end, end(&y), e1, step, end_tol);
            if x <= cut {
                (cut, ends) = (x, true);
            }
        }
        if cut < step {
            y = dopri(&*f, &y, &k1, cut);
            if ends {
                return y;
            }
            continue;
        }
        y = y1;
        match approach {
            Some(_) => h_log = step * factor,
            None => *h = step * factor,
        }
    }
}

/// Integrates the impact in the cushion frame: `[vx, vy, R wx, R wy, R wz]` in, the same out;
/// `scale` is the hit's speed scale. Returns the state and the steps it took.
fn impact(m: &Model, v: [f64; 5], e: f64, scale: f64) -> ([f64; 5], usize) {
    let [vx, vy, wx, wy, wz] = v;
    if vy <= 0.0 {
        return (v, 0);
    }
    let tol = TOL * scale;
    let mut steps = 0;
    // A first step of a quarter of the impulse that would stop the ball's normal speed alone.
    let mut h = 0.25 * vy;
    // Compression: until the ball stops moving into the cushion.
    let y = [vx, vy, wx, wy, wz, 0.0];
    let mut y = phase(m, y, &mut h, &|q: &Y| q[1], 1e-14 * scale, tol, &mut steps);
    y[1] = y[1].min(0.0);
    // Restitution: until the cushion has returned e^2 of the work (Stronge's energetic
    // restitution); the work falls as the ball moves out.
    let target = (1.0 - e * e) * y[5];
    let end_tol = 1e-14 * scale * scale;
    let y = phase(m, y, &mut h, &|q: &Y| q[5] - target, end_tol, tol, &mut steps);
    ([y[0], y[1], y[2], y[3], y[4]], steps)
}

/// The state just after `s` hits a cushion whose nose is `height_m` above the bed. `normal` is the
/// horizontal unit normal of the contact, pointing from the cushion towards the ball.
pub fn resolve(s: &BallState, normal: V3, height_m: f64, p: &Params) -> BallState {
    resolve_counting(s, normal, height_m, p).0
}

/// `resolve` and the integration steps it took.
fn resolve_counting(s: &BallState, normal: V3, height_m: f64, p: &Params) -> (BallState, usize) {
    let r = p.ball_radius_m;
    let sin = ((height_m - r) / r).clamp(-1.0, 1.0);
    let cos = (1.0 - sin * sin).sqrt();
    let y = -normal.xy().unit_or_zero();
    let x = y.cross(V3::Z);
    let v = [s.vel.dot(x), s.vel.dot(y), r * s.ang_vel.dot(x), r * s.ang_vel.dot(y), r * s.ang_vel.z];
    let scale = norm(v[0], v[1]) + (v[2] * v[2] + v[3] * v[3] + v[4] * v[4]).sqrt();
    let model = Model { sin, cos, mu_w: p.mu_cushion, mu_s: p.mu_slide, eps: STICK * scale };
    let (out, steps) = impact(&model, v, p.cushion_restitution(v[1]), scale);
    let mut after = *s;
    after.vel = out[0] * x + out[1] * y;
    after.ang_vel = (out[2] * x + out[3] * y + V3::new(0.0, 0.0, out[4])) * (1.0 / r);
    (settle(after, p), steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    fn state(p: &Params, v: V3, w: V3) -> BallState {
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = v;
        s.ang_vel = w;
        settle(s, p)
    }

    /// The hit on the foot rail (normal -x) and the steps it took.
    fn hit_counting(p: &Params, v: V3, w: V3) -> (BallState, usize) {
        resolve_counting(&state(p, v, w), V3::new(-1.0, 0.0, 0.0), Table::default().cushion_height_m, p)
    }

    fn hit(p: &Params, v: V3, w: V3) -> BallState {
        hit_counting(p, v, w).0
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
            let out = hit(&p, V3::new(v, 0.0, 0.0), V3::ZERO);
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
        let rebound = |v: f64| -hit(&p, V3::new(v, 0.0, 0.0), V3::new(0.0, v / r, 0.0)).vel.x / v;
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
        let out = hit(&p, V3::new(v, 0.0, 0.0), V3::new(0.0, v / p.ball_radius_m, 0.0));
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

    /// Issue 21's case: a ball rolling straight in at 1 m/s. The converged rebounds are
    /// `reference` (the paper's equations as pooltool writes them, midpoint rule) at 2 000 000
    /// steps: 0.808416356 m/s with a constant e 0.85 and 0.904423677 m/s at the defaults (200 000
    /// steps give 0.808416219 and 0.904423701; the former 32 fixed midpoint steps gave 0.809531
    /// and 0.904307, 1.1e-3 and 1.2e-4 off). The issue quoted 0.74731 m/s, which no input tried
    /// gives (see the module's README section).
    #[test]
    fn the_rolling_perpendicular_rebound_is_converged() {
        let r = Params::default().ball_radius_m;
        for (p, converged) in [(constant(0.85), 0.808_416_356), (Params::default(), 0.904_423_677)] {
            let (out, steps) = hit_counting(&p, V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0));
            let rebound = -out.vel.x;
            eprintln!("rebound {rebound:.9} converged {converged} error {:.2e} steps {steps}", rebound - converged);
            assert!((rebound - converged).abs() < 1e-7, "rebound {rebound:.9}, converged {converged}");
            assert!(out.vel.y.abs() < 1e-12);
            // The reference itself at 200 000 steps, as a check of the figure above.
            let (fine, _) = reference(&p, V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0), 200_000);
            assert!((-fine.x - converged).abs() < 1e-6, "reference {:.9}", -fine.x);
        }
    }

    /// Hits at other angles and spins against `reference` at 400 000 steps (within about 1e-6 m/s
    /// of its limit): velocity and `R` times the spin within 1e-5 m/s.
    #[test]
    fn other_angles_and_spins_agree_with_the_reference() {
        let p = Params::default();
        let r = p.ball_radius_m;
        let a = std::f64::consts::FRAC_1_SQRT_2;
        let cases = [
            (V3::new(1.0, 0.0, 0.0), V3::ZERO),
            (V3::new(2.0 * a, 2.0 * a, 0.0), V3::new(-2.0 * a / r, 2.0 * a / r, 60.0)),
            (V3::new(1.2, 1.0, 0.0), V3::new(-1.0 / r, 1.2 / r, 20.0)),
            (V3::new(2.0, -0.5, 0.0), V3::new(0.0, -30.0, -40.0)),
            (V3::new(0.3, 2.0, 0.0), V3::new(0.0, 0.0, 60.0)),
            (V3::new(3.0, 1.0, 0.0), V3::new(-1.0 / r, 3.0 / r, -80.0)),
            (V3::new(0.5, -0.2, 0.0), V3::new(0.2 / r, 0.5 / r, 0.0)),
        ];
        for (v, w) in cases {
            let (out, steps) = hit_counting(&p, v, w);
            let (rv, rw) = reference(&p, v, w, 400_000);
            let dv = (out.vel - rv).norm();
            let dw = (out.ang_vel * r - rw).norm();
            eprintln!("{v:?} {w:?}: |dv| {dv:.2e} |R dw| {dw:.2e} steps {steps}");
            assert!(dv < 1e-5 && dw < 1e-5, "{:?} vs {:?}, {:?} vs {:?}", out.vel, rv, out.ang_vel * r, rw);
        }
    }

    #[test]
    fn running_and_reverse_english_change_the_rebound_angle() {
        let p = constant(0.85);
        let v = 1.5;
        let a = 45f64.to_radians();
        let vin = V3::new(v * a.cos(), v * a.sin(), 0.0);
        let angle = |s: &BallState| s.vel.y.atan2(-s.vel.x).to_degrees();
        let plain = hit(&p, vin, V3::ZERO);
        // Moving +y into the +x cushion: running english is spin that rolls the ball along +y
        // on the cushion; with the cushion at +x that is w_z < 0.
        let running = hit(&p, vin, V3::new(0.0, 0.0, -60.0));
        let reverse = hit(&p, vin, V3::new(0.0, 0.0, 60.0));
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

    /// Many seeded random hits (speeds 0.05-8 m/s, any angle into the cushion, spins up to
    /// rolling plus 100 rad/s of side): the steps a hit takes stay few (the adaptive attempt of
    /// commit 4b90bb4 took thousands on some hits in shots), and energy never rises.
    #[test]
    fn random_hits_take_few_steps() {
        use rand::rngs::StdRng;
        use rand::{Rng, SeedableRng};
        let p = Params::default();
        let r = p.ball_radius_m;
        let mut rng = StdRng::seed_from_u64(21);
        let (m, i) = (p.ball_mass_kg, p.inertia());
        let mut counts = Vec::new();
        for _ in 0..2000 {
            let speed = rng.random_range(0.05..8.0);
            let angle: f64 = rng.random_range(-1.55..1.55);
            let v = V3::new(speed * angle.cos(), speed * angle.sin(), 0.0);
            let w = V3::new(
                rng.random_range(-1.5..1.5) * speed / r,
                rng.random_range(-1.5..1.5) * speed / r,
                rng.random_range(-100.0..100.0),
            );
            let (out, steps) = hit_counting(&p, v, w);
            assert!(out.kinetic_energy(m, i) <= state(&p, v, w).kinetic_energy(m, i) * (1.0 + 1e-12));
            counts.push(steps);
        }
        counts.sort();
        let (median, p99, max) = (counts[1000], counts[1980], counts[1999]);
        eprintln!("steps per hit over 2000 random hits: median {median}, 99th percentile {p99}, max {max}");
        assert!(max < MAX_STEPS, "max {max}");
    }
}
