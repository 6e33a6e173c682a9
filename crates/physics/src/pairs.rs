//! The pair half of the event loop's candidate cache (`simulation`): each pair of balls' next
//! contact time, or until it is needed a lower bound on it (`events::ball_ball_bound`), with
//! each row's earliest entry kept, so the earliest pair is found in `n` steps instead of a scan
//! of all `n (n - 1) / 2` pairs after every event.

/// Pair times of `n` balls, row `i` holding the pairs `(i, j)` for `j > i`.
#[derive(Clone, Debug)]
pub(crate) struct Pairs {
    n: usize,
    /// Time of pair `(i, j)` at `n * i + j`.
    time: Vec<f64>,
    /// False while `time` is only a lower bound.
    exact: Vec<bool>,
    /// How often the pair's bound has been taken again from a later time since it was set.
    rebounds: Vec<u8>,
    /// Per row: its least time and the first `j` with it (`n` while the row has none).
    row: Vec<(f64, usize)>,
}

/// The earliest pair: its time (or bound), the two balls, and whether the time is exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Earliest {
    pub t: f64,
    pub i: usize,
    pub j: usize,
    pub exact: bool,
}

impl Pairs {
    /// `n` balls, no pair ever meeting.
    pub fn new(n: usize) -> Pairs {
        Pairs {
            n,
            time: vec![f64::INFINITY; n * n],
            exact: vec![true; n * n],
            rebounds: vec![0; n * n],
            row: vec![(f64::INFINITY, n); n],
        }
    }

    /// Sets pair `(i, j)`, `i < j`.
    pub fn set(&mut self, i: usize, j: usize, t: f64, exact: bool) {
        self.rebounds[self.n * i + j] = 0;
        self.put(i, j, t, exact);
    }

    /// A later lower bound (or the answer) for pair `(i, j)` found from its bound's time.
    pub fn rebound(&mut self, i: usize, j: usize, t: f64, exact: bool) {
        let k = self.n * i + j;
        self.rebounds[k] = self.rebounds[k].saturating_add(1);
        self.put(i, j, t, exact);
    }

    /// How often `rebound` has been called on pair `(i, j)` since it was `set`.
    pub fn rebounds(&self, i: usize, j: usize) -> u8 {
        self.rebounds[self.n * i + j]
    }

    #[inline]
    fn put(&mut self, i: usize, j: usize, t: f64, exact: bool) {
        let k = self.n * i + j;
        self.time[k] = t;
        self.exact[k] = exact;
        let (least, at) = self.row[i];
        if t < least || (t == least && j < at) {
            self.row[i] = (t, j);
        } else if at == j {
            // The row's earliest entry moved later: look the row over again.
            self.row[i] = self.least_in_row(i);
        }
    }

    fn least_in_row(&self, i: usize) -> (f64, usize) {
        let mut least = (f64::INFINITY, self.n);
        for j in i + 1..self.n {
            let t = self.time[self.n * i + j];
            if t < least.0 {
                least = (t, j);
            }
        }
        least
    }

    /// The pair a scan of all pairs in row order (`i`, then `j`) would pick as the first with a
    /// time below `below`, if any.
    pub fn earliest_below(&self, below: f64) -> Option<Earliest> {
        let mut best = None;
        let mut limit = below;
        for (i, &(t, j)) in self.row.iter().enumerate() {
            if t < limit {
                limit = t;
                best = Some(Earliest { t, i, j, exact: self.exact[self.n * i + j] });
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pair a plain scan in row order picks (the event loop's rule before the row minima).
    fn scan(p: &Pairs, below: f64) -> Option<(f64, usize, usize)> {
        let mut best = None;
        let mut limit = below;
        for i in 0..p.n {
            for j in i + 1..p.n {
                let t = p.time[p.n * i + j];
                if t < limit {
                    limit = t;
                    best = Some((t, i, j));
                }
            }
        }
        best
    }

    #[test]
    fn the_row_minima_pick_what_a_full_scan_picks_ties_included() {
        // Deterministic pseudo-random updates (a 64-bit LCG), with many equal times and
        // infinities, checked against the full scan after every update.
        let n = 7;
        let mut p = Pairs::new(n);
        let mut x: u64 = 12345;
        let mut next = || {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            x >> 33
        };
        for _ in 0..5000 {
            let i = (next() % (n as u64 - 1)) as usize;
            let j = i + 1 + (next() % (n - 1 - i) as u64) as usize;
            let t = match next() % 5 {
                0 => f64::INFINITY,
                1 => 1.0,
                _ => (next() % 8) as f64 * 0.25,
            };
            p.set(i, j, t, next() % 2 == 0);
            for below in [f64::INFINITY, 1.0, 0.5] {
                let got = p.earliest_below(below).map(|e| (e.t, e.i, e.j));
                assert_eq!(got, scan(&p, below), "below {below}");
                if let Some(e) = p.earliest_below(below) {
                    assert_eq!(e.exact, p.exact[n * e.i + e.j]);
                }
            }
        }
    }

    #[test]
    fn nothing_is_earliest_while_every_pair_is_infinite() {
        let mut p = Pairs::new(4);
        assert_eq!(p.earliest_below(f64::INFINITY), None);
        p.set(1, 3, 2.5, false);
        assert_eq!(p.earliest_below(f64::INFINITY), Some(Earliest { t: 2.5, i: 1, j: 3, exact: false }));
        assert_eq!(p.earliest_below(2.5), None);
        p.set(1, 3, f64::INFINITY, true);
        assert_eq!(p.earliest_below(f64::INFINITY), None);
    }
}
