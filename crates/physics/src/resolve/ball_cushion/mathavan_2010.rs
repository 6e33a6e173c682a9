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
//! The slip directions are taken from the velocity components directly (no trigonometry). A
//! contact whose slip reaches zero sticks while the friction that holds it lies within `mu N`
//! (Coulomb's law; `Model::friction`). Each phase is integrated in classical Runge-Kutta steps
//! sized by step doubling (error per step at most 1e-9 of the impact's speed scale); within a
//! step each contact keeps the slip direction it started with, and a step is cut where a slip
//! reaches zero or the phase ends (Newton's step, then Illinois root finding), so no step
//! straddles a stick-slip change, where the rates have a kink. The former 32 fixed midpoint steps
//! let the friction chatter about a stick and missed a rolling ball's converged rebound by
//! 1.1e-3 m/s (issue 21); now it is within 1e-7 m/s, in 5-40 steps, a few microseconds a hit
//! (the `cushion` bench).
//!
//! The restitution `e` falls with the ball's speed into the cushion
//! (`Params::cushion_restitution`), fitted to measured rebounds of rolling balls (Mathavan et al.
//! 2009, Sudo and Shibata 2002).

use crate::ball::BallState;
use crate::evolve::settle;
use crate::math::V3;
use crate::params::Params;

/// Error allowed per accepted step, as a fraction of the impact's velocity scale (the ball's speed
/// plus `R` times its spin). Steps that meet it keep the rolling perpendicular rebound within
/// 1e-7 m/s of its converged value (`the_rolling_perpendicular_rebound_is_converged`).
const STEP_TOL: f64 = 1e-9;

/// Slip below this fraction of the velocity scale counts as none: the contact may stick.
const STICK_EPS: f64 = 1e-10;

/// Upper bound on the steps of one phase (a guard; a hit takes 5-40 steps over both phases).
const MAX_STEPS: usize = 2_000;

/// Velocities in the cushion frame: `y` into the cushion, `x` along it, `z` up, and `w`, the
/// work the cushion's normal force has done (compression) or returned (restitution).
#[derive(Clone, Copy, Debug)]
struct Local {
    vx: f64,
    vy: f64,
    wx: f64,
    wy: f64,
    wz: f64,
    w: f64,
}

struct Model {
    m: f64,
    r: f64,
    sin: f64,
    cos: f64,
    mu_w: f64,
    mu_s: f64,
    /// Slip that counts as none, m/s.
    eps: f64,
    /// +1 while compressing (work done on the cushion), -1 while restoring (work returned).
    work_sign: f64,
}

/// The unit slip of each contact (cushion, cloth) sliding at a step's start.
type Slide = [Option<(f64, f64)>; 2];

/// Friction per unit of normal impulse at the cushion: at the cushion contact I (`ix`, `iy`, its
/// normal force being the unit) and at the cloth C (`cx`, `cy`).
#[derive(Clone, Copy, Debug)]
struct Friction {
    ix: f64,
    iy: f64,
    cx: f64,
    cy: f64,
}

fn norm(x: f64, y: f64) -> f64 {
    (x * x + y * y).sqrt()
}

/// `(x, y)` scaled to length `len` (zero stays zero).
fn scaled(x: f64, y: f64, len: f64) -> (f64, f64) {
    let n = norm(x, y);
    if n > 0.0 { (x * len / n, y * len / n) } else { (0.0, 0.0) }
}

impl Model {
    /// Slip at the cushion contact I and at the cloth contact C.
    fn slips(&self, s: &Local) -> ((f64, f64), (f64, f64)) {
        let (sin, cos, r) = (self.sin, self.cos, self.r);
        ((s.vx + s.wy * r * sin - s.wz * r * cos, -s.vy * sin + s.wx * r), (s.vx - s.wy * r, s.vy + s.wx * r))
    }

    /// Coulomb friction at both contacts. A slipping contact takes `mu N` against its slip (the
    /// model of Mathavan et al. 2010). A contact that does not slip sticks if the friction that
    /// keeps its slip at zero lies within `mu N`, else it takes `mu N` in that friction's
    /// direction and starts to slip. Explicit steps across a stick instead make the friction
    /// chatter about zero slip, and converge only as the first power of the step (the 1e-3 m/s
    /// error of the former 32 fixed steps on a rolling ball, issue 21).
    ///
    /// The slip rates are affine in the friction (`K = 5/2`, a solid ball, per unit impulse and
    /// mass): `dI_x = F_Ix (1 + K) + F_Cx (1 - K sin)`, `dI_y = sin cos + F_Iy (sin^2 + K) +
    /// F_Cy (K - sin)`, `dC_x = F_Ix (1 - K sin) + F_Cx (1 + K)`, `dC_y = -cos + F_Iy (K - sin) +
    /// F_Cy (1 + K)`, and the cloth's normal force is `sin - F_Iy cos`; the sticking friction
    /// solves these for zero.
    ///
    /// `slide` holds the unit slip, at the step's start, of each contact (cushion, cloth) that
    /// slid there. Within the step such a contact keeps sliding, and should its slip pass zero it
    /// keeps that direction: the rates stay smooth, the step is cut at the zero (`phase`), and
    /// the next step decides whether it sticks.
    fn friction(&self, s: &Local, slide: &Slide) -> Friction {
        let (sin, cos, mu_w, mu_s) = (self.sin, self.cos, self.mu_w, self.mu_s);
        const K: f64 = 2.5;
        let ((ix, iy), (cx, cy)) = self.slips(s);
        let eps = self.eps;
        let direction = |x: f64, y: f64, start: Option<(f64, f64)>| match start {
            Some(u) if x * u.0 + y * u.1 <= eps => Some(u),
            Some(_) => Some(scaled(x, y, 1.0)),
            None => (norm(x, y) > eps).then(|| scaled(x, y, 1.0)),
        };
        let i_dir = direction(ix, iy, slide[0]);
        let c_dir = direction(cx, cy, slide[1]);
        // Cloth friction with the cushion's given: sliding against (cx, cy), or sticking.
        let cloth = |fix: f64, fiy: f64| -> (f64, f64) {
            let n = sin - fiy * cos;
            if let Some((ux, uy)) = c_dir {
                return (-mu_s * n * ux, -mu_s * n * uy);
            }
            let (fcx, fcy) = (-fix * (1.0 - K * sin) / (1.0 + K), (cos - fiy * (K - sin)) / (1.0 + K));
            if norm(fcx, fcy) <= mu_s * n { (fcx, fcy) } else { scaled(fcx, fcy, mu_s * n.max(0.0)) }
        };
        if let Some((ux, uy)) = i_dir {
            let (fix, fiy) = (-mu_w * ux, -mu_w * uy);
            let (fcx, fcy) = cloth(fix, fiy);
            return Friction { ix: fix, iy: fiy, cx: fcx, cy: fcy };
        }
        // The cushion contact does not slip: the friction that keeps it so.
        let (fix, fiy) = if let Some((ux, uy)) = c_dir {
            // Cloth sliding: F_C = -mu_s (sin - F_Iy cos) u_C, u_C the unit slip.
            let (ax, ay) = (mu_s * ux, mu_s * uy);
            let fiy = -(sin * cos - (K - sin) * ay * sin) / (sin * sin + K + (K - sin) * ay * cos);
            let fcx = -ax * (sin - fiy * cos);
            (-fcx * (1.0 - K * sin) / (1.0 + K), fiy)
        } else {
            // Both sticking: no friction along the cushion; across it, the 2 x 2 system.
            let (a11, a12, a22) = (sin * sin + K, K - sin, 1.0 + K);
            let det = a11 * a22 - a12 * a12;
            (0.0, (-sin * cos * a22 - a12 * cos) / det)
        };
        let (fix, fiy) = if norm(fix, fiy) <= mu_w { (fix, fiy) } else { scaled(fix, fiy, mu_w) };
        let (fcx, fcy) = cloth(fix, fiy);
        Friction { ix: fix, iy: fiy, cx: fcx, cy: fcy }
    }

    /// Rates of change of the velocities (and the work) per unit of normal impulse at the cushion.
    fn rates(&self, s: &Local, slide: &Slide) -> Local {
        let f = self.friction(s, slide);
        let (sin, cos, m) = (self.sin, self.cos, self.m);
        let k = 5.0 / (2.0 * m * self.r);
        Local {
            vx: (f.ix + f.cx) / m,
            vy: (-cos - f.iy * sin + f.cy) / m,
            wx: k * (f.iy + f.cy),
            wy: k * (f.ix * sin - f.cx),
            wz: -k * f.ix * cos,
            // Work at the cushion: the normal speed at the contact, vy cos(theta), over the impulse.
            w: self.work_sign * s.vy * cos,
        }
    }

    /// One classical Runge-Kutta step of impulse `dp`, `k1` the rates at `s`.
    fn rk4(&self, s: &Local, k1: &Local, dp: f64, slide: &Slide) -> Local {
        let k2 = self.rates(&add(s, k1, 0.5 * dp), slide);
        let k3 = self.rates(&add(s, &k2, 0.5 * dp), slide);
        let k4 = self.rates(&add(s, &k3, dp), slide);
        let slope = add(&add(k1, &k4, 1.0), &add(&k2, &k3, 1.0), 2.0);
        add(s, &slope, dp / 6.0)
    }
}

fn add(s: &Local, d: &Local, h: f64) -> Local {
    Local {
        vx: s.vx + h * d.vx,
        vy: s.vy + h * d.vy,
        wx: s.wx + h * d.wx,
        wy: s.wy + h * d.wy,
        wz: s.wz + h * d.wz,
        w: s.w + h * d.w,
    }
}

/// Where a phase ends within a step: `g` is positive at the step's start (`g0`) and not at its
/// end (`g1`); the impulse at which it reaches zero, by the Illinois method.
fn crossing(g: impl Fn(f64) -> f64, g0: f64, g1: f64, h: f64, tol: f64) -> f64 {
    let (mut a, mut ga, mut b, mut gb) = (0.0, g0, h, g1);
    let mut side = 0;
    for _ in 0..60 {
        let c = (a * gb - b * ga) / (gb - ga);
        if !c.is_finite() || b - a <= 1e-15 * h {
            break;
        }
        let gc = g(c);
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

/// Integrates one phase from `s` until `end(state)` falls to zero (within `end_tol`), in
/// classical Runge-Kutta steps of impulse `h` set by step doubling: each step is also taken as
/// two of `h/2`, their difference estimates its error, which sets the next step and rejects a
/// step above `tol`.
///
/// No step crosses a stick, where the rates have a kink and the steps would shrink towards it
/// without end: within a step the contacts keep the slip directions they started it with
/// (`Model::friction`), so the rates stay smooth, and a step in which a sliding contact's slip
/// passes zero, or the phase ends, is cut there by root finding. A step first goes no further
/// than where a sliding contact's slip would reach zero at its present rate (Newton's step;
/// exact while the slip keeps its direction, as in a straight hit).
fn phase(model: &Model, mut s: Local, mut h: f64, end: impl Fn(&Local) -> f64, end_tol: f64, tol: f64) -> Local {
    let r = model.r;
    let h_min = 1e-9 * h;
    let eps = model.eps;
    for _ in 0..MAX_STEPS {
        let slip0 = model.slips(&s);
        let slip0 = [slip0.0, slip0.1];
        let slide: Slide = slip0.map(|q| (norm(q.0, q.1) > eps).then(|| scaled(q.0, q.1, 1.0)));
        let k1 = model.rates(&s, &slide);
        // The slips are linear in the velocities, so their rates are the slips of the rates.
        let rate0 = model.slips(&k1);
        let mut step = h;
        let mut to_stick = false;
        for (q, dq) in [(slip0[0], rate0.0), (slip0[1], rate0.1)] {
            let closing = -(q.0 * dq.0 + q.1 * dq.1);
            if norm(q.0, q.1) > eps && closing > 0.0 {
                let x = (q.0 * q.0 + q.1 * q.1) / closing;
                if x <= step {
                    (step, to_stick) = (x, true);
                }
            }
        }
        let full = model.rk4(&s, &k1, step, &slide);
        let half = model.rk4(&s, &k1, 0.5 * step, &slide);
        let two = model.rk4(&half, &model.rates(&half, &slide), 0.5 * step, &slide);
        let d = |a: f64, b: f64| (a - b).abs();
        let err = [
            d(full.vx, two.vx),
            d(full.vy, two.vy),
            r * d(full.wx, two.wx),
            r * d(full.wy, two.wy),
            r * d(full.wz, two.wz),
        ]
        .into_iter()
        .fold(0.0, f64::max);
        // Fifth order locally: the factor the step can grow or must shrink by.
        let factor = if err > 0.0 { (0.9 * (tol / err).powf(0.2)).clamp(0.2, 4.0) } else { 4.0 };
        if err > tol && step > h_min {
            h = step * factor;
            continue;
        }
        // The first impulse in the step where a sliding contact's slip passes zero (its part
        // along its starting direction) or the phase ends.
        let slip1 = model.slips(&two);
        let slip1 = [slip1.0, slip1.1];
        let mut cut = step;
        let mut ends = false;
        for c in 0..2 {
            let Some(u) = slide[c] else { continue };
            let along = |q: (f64, f64)| q.0 * u.0 + q.1 * u.1;
            let g1 = along(slip1[c]);
            if g1 < -0.25 * eps {
                let g = |x: f64| {
                    let q = model.slips(&model.rk4(&s, &k1, x, &slide));
                    along(if c == 0 { q.0 } else { q.1 })
                };
                cut = cut.min(crossing(g, along(slip0[c]), g1, step, 0.25 * eps));
            }
        }
        let (e0, e1) = (end(&s), end(&two));
        if e1 < -end_tol {
            let at = crossing(|x| end(&model.rk4(&s, &k1, x, &slide)), e0, e1, step, end_tol);
            if at <= cut {
                (cut, ends) = (at, true);
            }
        }
        if cut < step {
            s = model.rk4(&s, &k1, cut, &slide);
            if ends {
                return s;
            }
            continue;
        }
        s = two;
        if e1 <= end_tol {
            return s;
        }
        if !to_stick {
            h = step * factor;
        }
    }
    s
}

/// Integrates the impact in the cushion frame.
fn impact(model: &mut Model, s: Local, e: f64) -> Local {
    if s.vy <= 0.0 {
        return s;
    }
    let scale = norm(s.vx, s.vy) + model.r * (s.wx * s.wx + s.wy * s.wy + s.wz * s.wz).sqrt();
    model.eps = STICK_EPS * scale;
    let tol = STEP_TOL * scale;
    // A first step of an eighth of the impulse that would stop the ball's normal speed alone.
    let h = model.m * s.vy / 8.0;
    // Compression: until the ball stops moving into the cushion.
    model.work_sign = 1.0;
    let mut s = phase(model, Local { w: 0.0, ..s }, h, |q| q.vy, 1e-13 * scale, tol);
    s.vy = s.vy.max(0.0);
    // Restitution: until the cushion has returned e^2 of the work (Stronge's energetic
    // restitution).
    let target = e * e * s.w;
    model.work_sign = -1.0;
    phase(model, Local { w: 0.0, ..s }, h, |q| target - q.w, 1e-13 * target, tol)
}

/// The state just after `s` hits a cushion whose nose is `height_m` above the bed. `normal` is the
/// horizontal unit normal of the contact, pointing from the cushion towards the ball.
pub fn resolve(s: &BallState, normal: V3, height_m: f64, p: &Params) -> BallState {
    let r = p.ball_radius_m;
    let sin = ((height_m - r) / r).clamp(-1.0, 1.0);
    let cos = (1.0 - sin * sin).sqrt();
    let mut model =
        Model { m: p.ball_mass_kg, r, sin, cos, mu_w: p.mu_cushion, mu_s: p.mu_slide, eps: 0.0, work_sign: 1.0 };
    let y = -normal.xy().unit_or_zero();
    let x = y.cross(V3::Z);
    let local = Local {
        vx: s.vel.dot(x),
        vy: s.vel.dot(y),
        wx: s.ang_vel.dot(x),
        wy: s.ang_vel.dot(y),
        wz: s.ang_vel.z,
        w: 0.0,
    };
    let out = impact(&mut model, local, p.cushion_restitution(local.vy));
    let mut after = *s;
    after.vel = out.vx * x + out.vy * y;
    after.ang_vel = out.wx * x + out.wy * y + V3::new(0.0, 0.0, out.wz);
    settle(after, p)
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

    fn hit(p: &Params, v: V3, w: V3) -> BallState {
        // Cushion at +x (the foot rail): its normal points to -x.
        resolve(&state(p, v, w), V3::new(-1.0, 0.0, 0.0), Table::default().cushion_height_m, p)
    }

    /// The former integration, kept as the reference: the midpoint rule in `steps` fixed steps
    /// per phase, friction `mu N` against the slip and none at exactly zero slip. Across a stick
    /// its friction chatters, so it converges only as 1/steps, but it knows nothing of the
    /// stick logic it checks.
    mod fixed {
        use super::super::Local;
        use crate::params::Params;

        fn rates(p: &Params, sin: f64, cos: f64, s: &Local) -> Local {
            let (r, m, mu_w, mu_s) = (p.ball_radius_m, p.ball_mass_kg, p.mu_cushion, p.mu_slide);
            let (ix, iy) = (s.vx + s.wy * r * sin - s.wz * r * cos, -s.vy * sin + s.wx * r);
            let (cx, cy) = (s.vx - s.wy * r, s.vy + s.wx * r);
            let unit = |x: f64, y: f64| {
                let n = (x * x + y * y).sqrt();
                if n > 1e-12 { (x / n, y / n) } else { (0.0, 0.0) }
            };
            let (ci, si) = unit(ix, iy);
            let (cc, sc) = unit(cx, cy);
            let table = sin + mu_w * si * cos;
            let k = 5.0 / (2.0 * m * r);
            Local {
                vx: -(mu_w * ci + mu_s * cc * table) / m,
                vy: -(cos - mu_w * sin * si + mu_s * sc * table) / m,
                wx: -k * (mu_w * si + mu_s * sc * table),
                wy: -k * (mu_w * ci * sin - mu_s * cc * table),
                wz: k * mu_w * ci * cos,
                w: 0.0,
            }
        }

        fn step(p: &Params, sin: f64, cos: f64, s: &Local, dp: f64) -> Local {
            let k1 = rates(p, sin, cos, s);
            let mid = super::super::add(s, &k1, 0.5 * dp);
            super::super::add(s, &rates(p, sin, cos, &mid), dp)
        }

        /// The impact in the cushion frame, as `impact` (work: vy cos over the impulse).
        pub fn impact(p: &Params, sin: f64, cos: f64, mut s: Local, e: f64, steps: usize) -> Local {
            if s.vy <= 0.0 {
                return s;
            }
            let dp = p.ball_mass_kg * s.vy / steps as f64;
            let mut work = 0.0;
            for _ in 0..10 * steps {
                let next = step(p, sin, cos, &s, dp);
                if next.vy <= 0.0 {
                    let frac = s.vy / (s.vy - next.vy);
                    let last = step(p, sin, cos, &s, frac * dp);
                    work += frac * dp * cos * 0.5 * s.vy.max(0.0);
                    s = last;
                    s.vy = 0.0;
                    break;
                }
                work += dp * cos * 0.5 * (s.vy + next.vy);
                s = next;
            }
            let target = e * e * work;
            let mut done = 0.0;
            for _ in 0..10 * steps {
                let next = step(p, sin, cos, &s, dp);
                let dw = dp * cos * 0.5 * (s.vy.abs() + next.vy.abs());
                if done + dw >= target {
                    let frac = if dw > 0.0 { (target - done) / dw } else { 1.0 };
                    return step(p, sin, cos, &s, frac * dp);
                }
                done += dw;
                s = next;
            }
            s
        }
    }

    /// `hit` integrated by the former fixed-step midpoint rule.
    fn hit_fixed(p: &Params, v: V3, w: V3, steps: usize) -> BallState {
        let s = state(p, v, w);
        let r = p.ball_radius_m;
        let sin = ((Table::default().cushion_height_m - r) / r).clamp(-1.0, 1.0);
        let cos = (1.0 - sin * sin).sqrt();
        // Cushion at +x: the frame's y is +x, its x is -y.
        let local = Local { vx: -s.vel.y, vy: s.vel.x, wx: -s.ang_vel.y, wy: s.ang_vel.x, wz: s.ang_vel.z, w: 0.0 };
        let out = fixed::impact(p, sin, cos, local, p.cushion_restitution(local.vy), steps);
        let mut after = s;
        after.vel = V3::new(out.vy, -out.vx, 0.0);
        after.ang_vel = V3::new(out.wy, -out.wx, out.wz);
        settle(after, p)
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

    /// Issue 21: a ball rolling straight into the cushion at 1 m/s, the model of Mathavan, Jackson
    /// and Parkin (2010) integrated to its converged rebound. The converged figures are those of
    /// the former midpoint rule at 2 000 000 fixed steps per phase (0.808416356 and 0.904423677;
    /// 200 000 steps give 0.808416219 and 0.904423701), which the 32 fixed steps missed by
    /// 1.1e-3 and 1.2e-4 m/s (0.809531 and 0.904307). The issue quoted 0.74731 m/s, which
    /// these inputs do not give.
    #[test]
    fn the_rolling_perpendicular_rebound_is_converged() {
        let cases = [
            // The inputs of the case (`rolling_ball_rebounds_straight_back_too`, the
            // defaults before the speed-dependent restitution): constant e 0.85.
            (constant(0.85), 0.808_416_36),
            // The current defaults: e_cushion 0.969, e_cushion_speed 3.6.
            (Params::default(), 0.904_423_68),
        ];
        for (p, converged) in cases {
            let (v, w) = (V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / p.ball_radius_m, 0.0));
            let out = hit(&p, v, w);
            let rebound = -out.vel.x;
            assert!((rebound - converged).abs() < 1e-5, "rebound {rebound:.9}, converged {converged}");
            // The fine fixed-step reference agrees with the figure quoted.
            let fine = -hit_fixed(&p, v, w, 200_000).vel.x;
            assert!((fine - converged).abs() < 1e-6, "fixed-step reference {fine:.9}");
            eprintln!("rebound {rebound:.9} converged {converged} error {:.2e}", rebound - converged);
        }
    }

    #[test]
    fn the_adaptive_integration_agrees_with_fine_fixed_steps() {
        let p = constant(0.85);
        let r = p.ball_radius_m;
        let cases = [
            (V3::new(1.0, 0.0, 0.0), V3::ZERO),
            (V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / r, 0.0)),
            (V3::new(1.2, 1.0, 0.0), V3::new(-1.0 / r, 1.2 / r, 20.0)),
            (V3::new(2.0, -0.5, 0.0), V3::new(0.0, -30.0, -40.0)),
            (V3::new(0.3, 2.0, 0.0), V3::new(0.0, 0.0, 60.0)),
            (V3::new(1.414, 1.414, 0.0), V3::new(-1.414 / r, 1.414 / r, 60.0)),
        ];
        for (v, w) in cases {
            let fast = hit(&p, v, w);
            let fine = hit_fixed(&p, v, w, 200_000);
            eprintln!("{v:?}: {:.2e} {:.2e}", (fast.vel - fine.vel).norm(), (fast.ang_vel - fine.ang_vel).norm() * r);
            assert!((fast.vel - fine.vel).norm() < 1e-5 * v.norm(), "{:?} vs {:?}", fast.vel, fine.vel);
            assert!(
                (fast.ang_vel - fine.ang_vel).norm() * r < 1e-5 * v.norm(),
                "{:?} vs {:?}",
                fast.ang_vel,
                fine.ang_vel
            );
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
}
