//! Root finding for event times: the first time a gap polynomial of degree <= 4 closes.
//!
//! Critical points come from the derivative's roots (recursively, down to a linear polynomial),
//! which split the interval into pieces where the polynomial is monotone; a sign change in a
//! piece is then bracketed and refined with the Illinois method. No fixed step, so a fast ball
//! can never jump over a contact.

/// Up to four roots, ascending, without allocating.
#[derive(Clone, Copy, Debug, Default)]
pub struct Roots {
    v: [f64; 4],
    n: usize,
}

impl Roots {
    pub fn push(&mut self, t: f64) {
        if self.n < 4 {
            self.v[self.n] = t;
            self.n += 1;
        }
    }

    pub fn as_slice(&self) -> &[f64] {
        &self.v[..self.n]
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }
}

/// Real roots of `c[0] + c[1] t + ... + c[n] t^n` (degree <= 4) strictly inside `(lo, hi)`,
/// ascending. Double roots (touching without crossing) are not reported.
pub fn roots_in(c: &[f64], lo: f64, hi: f64, out: &mut Roots) {
    let mut n = c.len();
    while n > 0 && c[n - 1] == 0.0 {
        n -= 1;
    }
    if n <= 1 {
        return;
    }
    if n == 2 {
        let t = -c[0] / c[1];
        if t > lo && t < hi {
            out.push(t);
        }
        return;
    }
    let mut d = [0.0; 4];
    for i in 1..n {
        d[i - 1] = c[i] * i as f64;
    }
    let mut crit = Roots::default();
    roots_in(&d[..n - 1], lo, hi, &mut crit);
    let f = |t: f64| horner(&c[..n], t);
    let mut a = lo;
    let mut fa = f(a);
    for &b in crit.as_slice().iter().chain(std::iter::once(&hi)) {
        let fb = f(b);
        if (fa < 0.0 && fb > 0.0) || (fa > 0.0 && fb < 0.0) {
            out.push(refine(&f, a, b, fa, fb));
        } else if fb == 0.0 && b < hi {
            out.push(b);
        }
        a = b;
        fa = fb;
    }
}

pub fn horner(c: &[f64], t: f64) -> f64 {
    c.iter().rev().fold(0.0, |acc, &x| acc * t + x)
}

/// A root of `f` in `[a, b]` given a sign change between the ends.
fn refine(f: &impl Fn(f64) -> f64, mut a: f64, mut b: f64, mut fa: f64, mut fb: f64) -> f64 {
    let mut side = 0;
    for _ in 0..200 {
        let mut x = b - fb * (b - a) / (fb - fa);
        if !(x > a && x < b) {
            x = 0.5 * (a + b);
            if !(x > a && x < b) {
                break;
            }
        }
        let fx = f(x);
        if fx == 0.0 {
            return x;
        }
        if (fx < 0.0) == (fa < 0.0) {
            a = x;
            fa = fx;
            if side == -1 {
                fb *= 0.5;
            }
            side = -1;
        } else {
            b = x;
            fb = fx;
            if side == 1 {
                fa *= 0.5;
            }
            side = 1;
        }
        if b - a <= 1e-15 * (1.0 + b.abs()) {
            break;
        }
    }
    if fa.abs() < fb.abs() { a } else { b }
}

/// The first time in `[0, h]` where a gap that is positive before it becomes `<= 0`, i.e. the
/// first contact. `coeffs` (ascending powers, degree <= 4) locate the monotone pieces; `gap`
/// evaluates the same function in a better-conditioned geometric form. The returned time has
/// `gap >= 0` (never a hair past the contact), so contacts never overlap.
///
/// A gap already `<= 0` at `t = 0` is not a contact (the caller decides about that case); the
/// search then looks for the gap opening and closing again.
pub fn first_closing(coeffs: &[f64], gap: impl Fn(f64) -> f64, h: f64) -> Option<f64> {
    if h.is_nan() || h <= 0.0 {
        return None;
    }
    let mut d = [0.0; 4];
    let n = coeffs.len();
    for i in 1..n {
        d[i - 1] = coeffs[i] * i as f64;
    }
    let mut crit = Roots::default();
    roots_in(&d[..n - 1], 0.0, h, &mut crit);
    let mut a = 0.0;
    let mut ga = gap(a);
    for &b in crit.as_slice().iter().chain(std::iter::once(&h)) {
        let gb = gap(b);
        if ga > 0.0 && gb <= 0.0 {
            return Some(closing_time(&gap, a, b, ga, gb));
        }
        a = b;
        ga = gb;
    }
    None
}

/// Brackets the closing in `[a, b]` (`gap(a) > 0 >= gap(b)`) down to adjacent floats and returns
/// the last time the gap is still open.
fn closing_time(gap: &impl Fn(f64) -> f64, mut a: f64, mut b: f64, mut ga: f64, mut gb: f64) -> f64 {
    let mut side = 0;
    for i in 0..300 {
        let mut x = if i % 4 == 3 { 0.5 * (a + b) } else { b - gb * (b - a) / (gb - ga) };
        if !(x > a && x < b) {
            x = 0.5 * (a + b);
            if !(x > a && x < b) {
                break;
            }
        }
        let gx = gap(x);
        if gx > 0.0 {
            a = x;
            ga = gx;
            if side == -1 {
                gb *= 0.5;
            }
            side = -1;
        } else {
            b = x;
            gb = gx;
            if side == 1 {
                ga *= 0.5;
            }
            side = 1;
        }
        if b - a <= 1e-14 * (1.0 + b) {
            break;
        }
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_simple_root_of_a_quartic() {
        // (t - 0.5)(t - 1)(t - 2)(t - 3)
        let c = [3.0, -11.5, 14.0, -6.5, 1.0];
        let mut out = Roots::default();
        roots_in(&c, 0.0, 10.0, &mut out);
        let expected = [0.5, 1.0, 2.0, 3.0];
        assert_eq!(out.len(), 4, "{out:?}");
        for (r, e) in out.as_slice().iter().zip(expected) {
            assert!((r - e).abs() < 1e-12, "{r} vs {e}");
        }
    }

    #[test]
    fn first_closing_skips_an_opening_gap() {
        // Gap (t - 1)(t - 2)... negative between 1 and 2: closes at 1.
        let c = [2.0, -3.0, 1.0];
        let t = first_closing(&c, |t| horner(&c, t), 5.0).unwrap();
        assert!((t - 1.0).abs() < 1e-13 && horner(&c, t) >= 0.0);
        // Starting closed and opening: no closing until the gap closes again.
        let c = [-1.0, 1.0];
        assert_eq!(first_closing(&c, |t| horner(&c, t), 5.0), None);
        let c = [0.1, -1.0];
        assert_eq!(first_closing(&c, |t| horner(&c, t), 0.05), None);
    }
}
