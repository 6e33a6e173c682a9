//! The two contacts' friction laws and the velocities' rates per unit of cushion impulse.
//!
//! Mathavan et al. (2010) (pooltool's `mathavan_2010/model.py`) for a slipping contact:
//! friction `mu N` against the slip. A contact whose slip has closed sticks while the
//! friction that keeps its slip at zero lies inside its cone `mu N` (Coulomb's stick-slip law,
//! as Stronge, "Impact Mechanics" (2000), ch. 5, integrates impacts with slip that stops or
//! reverses). Every rate is linear in the friction forces, so that friction comes in closed form.

/// Velocities in the cushion frame: `y` into the cushion, `x` along it, `z` up.
#[derive(Clone, Copy, Debug)]
pub(super) struct Local {
    pub vx: f64,
    pub vy: f64,
    pub wx: f64,
    pub wy: f64,
    pub wz: f64,
}

impl Local {
    /// `self + h d`.
    #[inline(always)]
    pub fn add(&self, d: &Local, h: f64) -> Local {
        Local {
            vx: self.vx + h * d.vx,
            vy: self.vy + h * d.vy,
            wx: self.wx + h * d.wx,
            wy: self.wy + h * d.wy,
            wz: self.wz + h * d.wz,
        }
    }
}

/// A contact's state: slipping (friction `mu N` against the slip) or stuck (the friction that
/// holds the slip where it is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Grip {
    Slip,
    Stick,
}

/// Both contacts' grips.
#[derive(Clone, Copy, Debug)]
pub(super) struct Contacts {
    /// The cushion contact I's and the cloth contact C's.
    pub grip: [Grip; 2],
    /// A stuck contact slips again once its slip passes this (cushion, cloth; m/s): twice what
    /// was left when it closed (or `Model::zero`). Below it the friction is the holding one
    /// held to the cone, which is the direction a slip starting from rest takes (Coulomb's law
    /// at zero slip); a slip that small gives no direction of its own (taking it turned the
    /// friction about at every step).
    pub floor: [f64; 2],
}

/// One evaluation at a state: the velocities' rates and what they came from.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rates {
    pub d: Local,
    /// Slip at the cushion contact I and at the cloth contact C (m/s, `x`, `y` of the frame).
    pub slip_i: [f64; 2],
    pub slip_c: [f64; 2],
    /// For a stuck contact, how far inside its cone the friction that holds it is (negative:
    /// outside, and the friction is held to the cone), per unit cushion impulse.
    pub excess: [f64; 2],
}

pub(super) struct Model {
    pub m: f64,
    pub r: f64,
    pub sin: f64,
    pub cos: f64,
    pub mu_w: f64,
    pub mu_s: f64,
    /// `5 / (2 m R)`, the spin's rate per unit of friction impulse (taken once per hit).
    pub k: f64,
    /// A slip below this (m/s) is closed: it gives no direction.
    pub zero: f64,
    // A stuck contact's slip is driven to zero at `kappa` per unit impulse (1/(N s)): a step
    // that ends at a closing slip lands near zero, not on it (in 2D the slip turns as it
    // closes), and what is left is taken out over the next steps by the friction that holds
    // the contact. The state depends on the friction only through its total impulse, so this
    // is the state the exact closure gives, to second order in what was left.
    // Taken once per hit: `R sin`, `R cos`, `1/m`, `-kappa m`, and `a`, `b`, `D` of `rates`.
    r_sin: f64,
    r_cos: f64,
    inv_m: f64,
    km: f64,
    a: f64,
    b: f64,
    dd: f64,
}

#[inline(always)]
pub(super) fn norm(u: [f64; 2]) -> f64 {
    (u[0] * u[0] + u[1] * u[1]).sqrt()
}

impl Model {
    /// The model of a hit with the contact `theta` above the equator (`sin`, `cos`).
    pub fn new(m: f64, r: f64, sin: f64, cos: f64, mu_w: f64, mu_s: f64, zero: f64, kappa: f64) -> Model {
        Model {
            m,
            r,
            sin,
            cos,
            mu_w,
            mu_s,
            k: 5.0 / (2.0 * m * r),
            zero,
            r_sin: r * sin,
            r_cos: r * cos,
            inv_m: 1.0 / m,
            km: -kappa * m,
            a: 1.0 - 2.5 * sin,
            b: 2.5 - sin,
            dd: sin * sin + 2.5,
        }
    }

    /// Slip at the cushion contact of the velocities `s` (also the slip's rate, given rates).
    #[inline(always)]
    pub fn slip_i(&self, s: &Local) -> [f64; 2] {
        [s.vx + s.wy * self.r_sin - s.wz * self.r_cos, s.wx * self.r - s.vy * self.sin]
    }

    /// Slip at the cloth contact (also its rate, given rates).
    #[inline(always)]
    pub fn slip_c(&self, s: &Local) -> [f64; 2] {
        [s.vx - s.wy * self.r, s.vy + s.wx * self.r]
    }

    /// Unit direction of a slipping contact's friction: against its slip.
    #[inline(always)]
    fn against(&self, u: [f64; 2]) -> [f64; 2] {
        let n = norm(u);
        let f = if n > 0.0 { -1.0 / n } else { 0.0 };
        [f * u[0], f * u[1]]
    }

    /// The rates at `s` with the contacts' grips `c`.
    ///
    /// Per unit cushion impulse, with friction `f_i` at I and `f_c` at C, the cloth's normal force
    /// is `N_c = sin - cos f_iy` and (times m, with `a = 1 - 5/2 sin`, `b = 5/2 - sin`,
    /// `D = sin^2 + 5/2`) the slips change at
    /// `I': (7/2 f_ix + a f_cx, sin cos + D f_iy + b f_cy)`,
    /// `C': (a f_ix + 7/2 f_cx, -cos + b f_iy + 7/2 f_cy)`;
    /// a stuck contact's friction is the one that gives its pair of rates `-kappa` times its slip.
    #[inline(always)]
    pub fn rates(&self, s: &Local, c: &Contacts) -> Rates {
        let (sin, cos) = (self.sin, self.cos);
        let slip_i = self.slip_i(s);
        let slip_c = self.slip_c(s);
        let (a, b, dd) = (self.a, self.b, self.dd);
        // A stuck contact's slip rate (times m): `-kappa m` times its slip.
        let km = self.km;
        let target = |u: [f64; 2]| [km * u[0], km * u[1]];
        // The cloth's holding friction given the cushion's.
        let hold_c = |f_i: [f64; 2]| {
            let tc = target(slip_c);
            [(tc[0] - a * f_i[0]) / 3.5, (tc[1] + cos - b * f_i[1]) / 3.5]
        };
        let mut excess = [f64::INFINITY; 2];
        // A slipping contact's friction: the cushion's `mu_w` along `di`; the cloth's its cone
        // `mu_s N_c` along `dc`, `N_c = sin - cos f_iy` with `fy` the cushion's `f_iy`.
        let slips_i = |di: [f64; 2]| [self.mu_w * di[0], self.mu_w * di[1]];
        let cone_c = |fy: f64| self.mu_s * (sin - cos * fy);
        let slips_c = |fy: f64, dc: [f64; 2]| {
            let g = cone_c(fy);
            [g * dc[0], g * dc[1]]
        };
        // The cushion holding (its rates `ti`, times m) with the cloth slipping, its friction
        // `mu_s N_c` along `dc`: I's y rate with `f_c = mu_s (sin - cos f_iy) dc`, then its x.
        // The cushion's friction is not yet held to its cone.
        let i_holds = |ti: [f64; 2], dc: [f64; 2]| {
            let g = self.mu_s * dc[1];
            let fy = (ti[1] - sin * (cos + b * g)) / (dd - b * g * cos);
            let f_c = slips_c(fy, dc);
            [(ti[0] - a * f_c[0]) / 3.5, fy]
        };
        let unit = |f: [f64; 2]| {
            let n = norm(f);
            if n > 0.0 { [f[0] / n, f[1] / n] } else { [0.0, 0.0] }
        };
        let (f_i, f_c) = match (c.grip[0], c.grip[1]) {
            (Grip::Slip, Grip::Slip) => {
                let f_i = slips_i(self.against(slip_i));
                (f_i, slips_c(f_i[1], self.against(slip_c)))
            }
            (Grip::Stick, Grip::Slip) => {
                let dc = self.against(slip_c);
                let f_i = i_holds(target(slip_i), dc);
                excess[0] = self.mu_w - norm(f_i);
                let f_i = to_cone(f_i, self.mu_w);
                (f_i, slips_c(f_i[1], dc))
            }
            (Grip::Slip, Grip::Stick) => {
                let f_i = slips_i(self.against(slip_i));
                let f_c = hold_c(f_i);
                excess[1] = cone_c(f_i[1]) - norm(f_c);
                (f_i, to_cone(f_c, cone_c(f_i[1])))
            }
            (Grip::Stick, Grip::Stick) => {
                let (ti, tc) = (target(slip_i), target(slip_c));
                let det_x = 12.25 - a * a;
                let det = 3.5 * dd - b * b;
                let (ry, rc) = (ti[1] - sin * cos, tc[1] + cos);
                let mut f_i = [(3.5 * ti[0] - a * tc[0]) / det_x, (3.5 * ry - b * rc) / det];
                let mut f_c = [(3.5 * tc[0] - a * ti[0]) / det_x, (dd * rc - b * ry) / det];
                excess = [self.mu_w - norm(f_i), cone_c(f_i[1]) - norm(f_c)];
                // Not both: the cloth slipping (friction along the one that would hold it) with
                // the cushion holding, if the cushion then fits its cone; else the cushion held
                // to its cone with the cloth holding what it can (Coulomb's law picks the
                // combination that is consistent).
                if excess[0] < 0.0 || excess[1] < 0.0 {
                    let dc = unit(f_c);
                    let hi = i_holds(ti, dc);
                    if norm(hi) <= self.mu_w {
                        (f_i, f_c) = (hi, slips_c(hi[1], dc));
                    } else {
                        f_i = to_cone(f_i, self.mu_w);
                        f_c = to_cone(hold_c(f_i), cone_c(f_i[1]));
                    }
                }
                (f_i, f_c)
            }
        };
        let (inv_m, k) = (self.inv_m, self.k);
        let d = Local {
            vx: (f_i[0] + f_c[0]) * inv_m,
            vy: (f_c[1] - cos - sin * f_i[1]) * inv_m,
            wx: k * (f_i[1] + f_c[1]),
            wy: k * (sin * f_i[0] - f_c[0]),
            wz: -k * cos * f_i[0],
        };
        Rates { d, slip_i, slip_c, excess }
    }
}

/// `f` held to the cone of radius `limit`.
#[inline(always)]
fn to_cone(f: [f64; 2], limit: f64) -> [f64; 2] {
    let n = norm(f);
    if n > limit { [f[0] * limit / n, f[1] * limit / n] } else { f }
}
