//! The impact integrated over the cushion impulse: midpoint steps, each cut short where a slip
//! closes, a stuck contact's friction leaves its cone or a phase ends, so that no step straddles
//! a change of the friction law (the midpoint rule is second order only where the rates are
//! smooth; a step across a closing slip is what made the fixed steps chatter).

use super::friction::{Contacts, Grip, Local, Model, Rates, norm};

/// What ended a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cut {
    Full,
    PhaseEnd,
    /// Contact 0 (cushion) or 1 (cloth): its slip closed.
    Close(usize),
    /// Contact 0 or 1: the friction holding it left its cone.
    Exit(usize),
}

/// A step turns a slip's direction by at most about this (radians): where a slip passes close
/// by zero without closing its direction swings round, and the midpoint rule misses the swing.
const TURN: f64 = 0.3;

/// A closing slip is cut at again (each cut lands closer, the rates being smooth before it)
/// at most this many times before it is taken as closed.
const CLOSE_TRIES: u8 = 3;

struct Stepper<'a> {
    model: &'a Model,
    s: Local,
    c: Contacts,
    /// The rates at `s` with the grips `c`.
    r: Rates,
    evals: usize,
    tries: [u8; 2],
    /// Each contact's slip at the start of the last step.
    closing: [f64; 2],
}

#[inline(always)]
fn dot(a: [f64; 2], b: [f64; 2]) -> f64 {
    a[0] * b[0] + a[1] * b[1]
}

/// The step `(h, cut)` cut short where contact `k`'s slip `u`, changing at `a` per unit impulse,
/// closes (`Cut::Close(k)`), or where its direction would turn by more than `TURN`. With
/// `q = u.u'` the slip closes at `|u|^2 / -q` (no square root on the way: this runs every step).
#[inline(always)]
fn cut_at_slip(u: [f64; 2], a: [f64; 2], k: usize, (h, cut): (f64, Cut)) -> (f64, Cut) {
    let (n2, q, turn) = (dot(u, u), dot(u, a), (u[0] * a[1] - u[1] * a[0]).abs());
    if q < 0.0 && n2 < -q * h {
        (n2 / -q, Cut::Close(k))
    } else if turn * h > TURN * n2 {
        (TURN * n2 / turn, Cut::Full)
    } else {
        (h, cut)
    }
}

/// The first root in `(0, h]` of `g0 + g1 t + g2 t^2`, given `g0 > 0` and a root there.
fn first_root(g0: f64, g1: f64, g2: f64, h: f64) -> f64 {
    let t = if g2.abs() * h < 1e-9 * g1.abs() {
        -g0 / g1
    } else {
        let disc = g1 * g1 - 4.0 * g2 * g0;
        if disc < 0.0 {
            h
        } else {
            // The smaller positive root, in the form without cancellation.
            let q = -0.5 * (g1 + g1.signum() * disc.sqrt());
            let (a, b) = (q / g2, g0 / q);
            let mut best = h;
            for x in [a, b] {
                if x > 0.0 && x < best {
                    best = x;
                }
            }
            best
        }
    };
    if t.is_finite() && t > 0.0 { t.min(h) } else { h }
}

impl Stepper<'_> {
    fn eval(&mut self, s: &Local) -> Rates {
        self.evals += 1;
        self.model.rates(s, &self.c)
    }

    /// Contact `j`'s slip (given a state) or its rate (given rates).
    fn slip_of(&self, j: usize, s: &Local) -> [f64; 2] {
        if j == 0 { self.model.slip_i(s) } else { self.model.slip_c(s) }
    }

    fn slip(j: usize, r: &Rates) -> [f64; 2] {
        if j == 0 { r.slip_i } else { r.slip_c }
    }

    /// One midpoint step of impulse `h` from `s`: the rates at the midpoint and the end state.
    fn midpoint(&mut self, h: f64) -> (Rates, Local) {
        let mid = self.s.add(&self.r.d, 0.5 * h);
        let rm = self.eval(&mid);
        let end = self.s.add(&rm.d, h);
        (rm, end)
    }

    /// One step of at most `dp`, cut at `h_end` (the phase's end as the start's rates foresee it)
    /// and at every change of a contact's friction law. Moves to the step's end; returns the
    /// impulse, the rates of vy at the start and at the midpoint, and what cut it.
    #[inline(always)]
    fn advance(&mut self, dp: f64, h_end: f64, compression: bool) -> (f64, f64, f64, Cut) {
        let model = self.model;
        let (mut h, mut cut) = if h_end <= dp { (h_end, Cut::PhaseEnd) } else { (dp, Cut::Full) };
        let (slip_i, slip_c) = (self.c.grip[0] == Grip::Slip, self.c.grip[1] == Grip::Slip);
        let (ui, uc) = (self.r.slip_i, self.r.slip_c);
        // A slip closing at its present rate within the step: cut there.
        if slip_i {
            (h, cut) = cut_at_slip(ui, model.slip_i(&self.r.d), 0, (h, cut));
        }
        if slip_c {
            (h, cut) = cut_at_slip(uc, model.slip_c(&self.r.d), 1, (h, cut));
        }
        let (mut rm, mut end) = self.midpoint(h);
        let mut re = self.eval(&end);
        // What the start's rates did not foresee: a slip reversed, a holding friction out of its
        // cone, the compression over. Rare, so found here and cut in `recut`.
        let unforeseen = (slip_i && cut != Cut::Close(0) && dot(ui, re.slip_i) <= 0.0)
            || (slip_c && cut != Cut::Close(1) && dot(uc, re.slip_c) <= 0.0)
            || (!slip_i && re.excess[0] < 0.0 && self.r.excess[0] > 1e-9)
            || (!slip_c && re.excess[1] < 0.0 && self.r.excess[1] > 1e-9)
            || (compression && cut != Cut::PhaseEnd && end.vy <= 0.0);
        if unforeseen {
            self.recut(&mut h, &mut cut, &mut rm, &mut end, &mut re, compression);
        }
        if let Cut::Close(j) = cut {
            self.closing[j] = norm(Self::slip(j, &self.r));
        }
        let dv0 = self.r.d.vy;
        self.s = end;
        self.r = re;
        (h, dv0, rm.d.vy, cut)
    }

    /// The step `advance` took (impulse `h`, cut by `cut`, midpoint rates `rm`, end `end` with
    /// rates `re`) cut again at the earliest change it did not foresee, found by a quadratic
    /// model of the quantity that crosses zero: from the start's value and rate and the end's
    /// value (a slip along its start direction, vy), or from the start's, midpoint's and end's
    /// values (a holding friction's excess).
    #[cold]
    #[inline(never)]
    fn recut(
        &mut self,
        h: &mut f64,
        cut: &mut Cut,
        rm: &mut Rates,
        end: &mut Local,
        re: &mut Rates,
        compression: bool,
    ) {
        let (step, was) = (*h, *cut);
        let mut first: Option<(f64, Cut)> = None;
        let mut earlier = |t: f64, c: Cut| {
            if first.is_none_or(|(f, _)| t < f) {
                first = Some((t, c));
            }
        };
        for j in 0..2 {
            match self.c.grip[j] {
                Grip::Slip if was != Cut::Close(j) => {
                    let (u, ue) = (Self::slip(j, &self.r), Self::slip(j, re));
                    let n = norm(u);
                    if dot(u, ue) <= 0.0 && n > 0.0 {
                        let (g_h, g1) = (dot(u, ue) / n, dot(u, self.slip_of(j, &self.r.d)) / n);
                        let g2 = (g_h - n - g1 * step) / (step * step);
                        earlier(first_root(n, g1, g2, step), Cut::Close(j));
                    }
                }
                Grip::Stick => {
                    // Where the holding friction leaves the cone the rates kink: cut there.
                    let (g0, gm, g_h) = (self.r.excess[j], rm.excess[j], re.excess[j]);
                    if g0 > 1e-9 && g_h < 0.0 {
                        let g1 = (4.0 * gm - 3.0 * g0 - g_h) / step;
                        let g2 = (2.0 * g_h - 4.0 * gm + 2.0 * g0) / (step * step);
                        earlier(first_root(g0, g1, g2, step), Cut::Exit(j));
                    }
                }
                Grip::Slip => {}
            }
        }
        if compression && was != Cut::PhaseEnd && end.vy <= 0.0 {
            let (g0, g1) = (self.s.vy, self.r.d.vy);
            earlier(first_root(g0, g1, (end.vy - g0 - g1 * step) / (step * step), step), Cut::PhaseEnd);
        }
        match first {
            Some((t, c)) if t < step => {
                (*rm, *end) = self.midpoint(t);
                *re = self.eval(end);
                (*h, *cut) = (t, c);
            }
            Some((_, c)) if was == Cut::Full => *cut = c,
            _ => {}
        }
    }

    /// After a step that `cut` ended: a closed slip sticks (if it has closed, else the next step
    /// cuts at it again); a stuck contact whose slip has grown past its floor slips.
    #[inline(always)]
    fn regrip(&mut self, cut: Cut) {
        if cut == Cut::Full && self.c.grip == [Grip::Slip; 2] {
            self.tries = [0, 0];
            return;
        }
        self.regrip_slow(cut);
    }

    #[inline(never)]
    fn regrip_slow(&mut self, cut: Cut) {
        let mut changed = false;
        if let Cut::Close(j) = cut {
            // Closed when the step took most of the slip away (the holding friction takes the
            // rest), else cut at it again.
            let n = norm(Self::slip(j, &self.r));
            self.tries[j] += 1;
            if n <= self.model.zero || n <= self.closing[j] || self.tries[j] >= CLOSE_TRIES {
                self.c.grip[j] = Grip::Stick;
                self.c.floor[j] = self.model.zero.max(2.0 * n);
                changed = true;
            }
        } else {
            self.tries = [0, 0];
        }
        for j in 0..2 {
            if self.c.grip[j] == Grip::Stick && norm(Self::slip(j, &self.r)) > self.c.floor[j] {
                self.c.grip[j] = Grip::Slip;
                changed = true;
            }
        }
        if changed {
            let s = self.s;
            self.r = self.eval(&s);
        }
    }
}

/// `h/2 (v0 + v1) - h^2/6 (v'm - v'0)`: the integral of `vy` over a step, `vy` quadratic in the
/// impulse with the midpoint's rate (exact where the rates are constant, as between changes of
/// the friction law in a straight hit).
fn integral(h: f64, v0: f64, v1: f64, dv0: f64, dvm: f64) -> f64 {
    0.5 * h * (v0 + v1) - h * h / 6.0 * (dvm - dv0)
}

/// Integrates the impact in the cushion frame with `steps` steps per phase (more where the
/// friction law changes); also returns the number of rate evaluations.
pub(super) fn impact(model: &Model, s: Local, e: f64, steps: usize) -> (Local, usize) {
    if s.vy <= 0.0 {
        return (s, 0);
    }
    let dp = model.m * s.vy / steps as f64;
    // A contact that starts with no slip starts stuck (held to its cone if it cannot stick).
    let grip = |u: [f64; 2]| if norm(u) <= model.zero { Grip::Stick } else { Grip::Slip };
    let c = Contacts { grip: [grip(model.slip_i(&s)), grip(model.slip_c(&s))], floor: [model.zero; 2] };
    let r = model.rates(&s, &c);
    let mut st = Stepper { model, s, c, r, evals: 1, tries: [0, 0], closing: [0.0; 2] };
    let guard = 40 * steps + 100;
    // Compression: until the ball stops moving into the cushion. The work done at the cushion
    // is `cos(theta)` times the integral of vy over the impulse; `cos` cancels in the ratio.
    let mut work = 0.0;
    for _ in 0..guard {
        let h_end = if st.r.d.vy < 0.0 { st.s.vy / -st.r.d.vy } else { f64::INFINITY };
        let v0 = st.s.vy;
        let (h, dv0, dvm, cut) = st.advance(dp, h_end, true);
        work += integral(h, v0, st.s.vy, dv0, dvm);
        // The end foreseen by the start's rate lands on vy = 0 but where the rate changes over
        // the step; then the next step lands closer.
        if cut == Cut::PhaseEnd && st.s.vy <= model.zero {
            st.s.vy = 0.0;
            break;
        }
        st.regrip(cut);
    }
    // Restitution: until the cushion has returned e^2 of the work.
    let target = e * e * work;
    let mut done = 0.0;
    for _ in 0..guard {
        let left = target - done;
        if left <= 0.0 {
            break;
        }
        // |vy| grows from `v` at `a` per unit impulse: the impulse that returns `left`.
        let (v, a) = (-st.s.vy, -st.r.d.vy);
        let disc = v * v + 2.0 * a * left;
        let h_end = if disc >= 0.0 && v + disc.sqrt() > 0.0 { 2.0 * left / (v + disc.sqrt()) } else { f64::INFINITY };
        let v0 = st.s.vy;
        let (h, dv0, dvm, cut) = st.advance(dp, h_end, false);
        done -= integral(h, v0, st.s.vy, dv0, dvm);
        if cut == Cut::PhaseEnd {
            break;
        }
        st.regrip(cut);
    }
    (st.s, st.evals)
}
