//! 1.4 Spotting balls: on the long string as close to the foot spot as possible, first between
//! the foot spot and the foot rail, frozen to the ball in the way (with a small gap if that is
//! the cue ball), else on the head side of the foot spot, as close to it as possible.
//!
//! When the long string is full (a small table, or many balls on it), 1.4's two places are kept
//! and only "on the long string" is let go: the free place nearest the foot spot between the foot
//! spot and the foot rail, else the free place nearest it on the head side (the Finnish text's
//! second sentence, "alapisteen yläpuolelle mahdollisimman lähelle sitä", names no string). A
//! ball that fits nowhere is [`NoRoom`]; on a table the referee accepts (a bed of at least 12 x 6
//! ball diameters) with at most 16 balls that never happens.

use crate::decision::Placed;
use biljardi_physics::{BALL_RADIUS_M, BallId, Table};
use std::fmt;

/// The gap left to the cue ball (1.4: "a small gap"), m.
pub const CUE_GAP_M: f64 = 0.002;
/// Two resting balls closer than 2R minus this overlap.
const OVERLAP_TOL_M: f64 = 1e-9;
/// Added to every contact distance of a computed place, so that rounding never leaves a spotted
/// ball a hair inside another, m.
const CLEAR_M: f64 = 1e-12;

/// No free place on the bed for `ball`: the table cannot hold the balls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoRoom {
    pub ball: BallId,
}

impl fmt::Display for NoRoom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no free place on the bed to spot ball {} (1.4): the table cannot hold the balls", self.ball)
    }
}

impl std::error::Error for NoRoom {}

/// Places `balls` (lowest number nearest the foot spot, as WPA spots several balls) among the
/// balls resting at `occupied`. Returns where each went, or the first ball that fits nowhere.
pub fn try_spot_balls(table: &Table, occupied: &[(BallId, [f64; 2])], balls: &[BallId]) -> Result<Vec<Placed>, NoRoom> {
    let mut taken: Vec<(BallId, [f64; 2])> = occupied.to_vec();
    let mut order = balls.to_vec();
    order.sort();
    let mut out = Vec::with_capacity(order.len());
    for id in order {
        let pos = spot_one(table, &taken).ok_or(NoRoom { ball: id })?;
        taken.push((id, pos));
        out.push(Placed { id, pos });
    }
    Ok(out)
}

/// [`try_spot_balls`] for callers on accepted tables, where every ball finds a place; a ball
/// that finds none (only on a table too small for its balls) is left out of the result.
pub fn spot_balls(table: &Table, occupied: &[(BallId, [f64; 2])], balls: &[BallId]) -> Vec<Placed> {
    let mut taken: Vec<(BallId, [f64; 2])> = occupied.to_vec();
    let mut order = balls.to_vec();
    order.sort();
    let mut out = Vec::with_capacity(order.len());
    for id in order {
        if let Some(pos) = spot_one(table, &taken) {
            taken.push((id, pos));
            out.push(Placed { id, pos });
        }
    }
    out
}

/// Where one ball goes: on the long string (y = 0) if it has room, else the nearest free place
/// to the foot spot as the module's note says; `None` if the bed has no room at all.
pub fn spot_one(table: &Table, taken: &[(BallId, [f64; 2])]) -> Option<[f64; 2]> {
    on_long_string(table, taken).or_else(|| {
        let foot = table.foot_spot()[0];
        nearest_free(table, taken, |x| x >= foot).or_else(|| nearest_free(table, taken, |x| x <= foot))
    })
}

/// The place on the long string: walk from the foot spot towards the foot rail, then towards the
/// head rail; at each step the next candidate is frozen to (or a gap from) what blocks it.
fn on_long_string(table: &Table, taken: &[(BallId, [f64; 2])]) -> Option<[f64; 2]> {
    let r = BALL_RADIUS_M;
    let foot = table.foot_spot()[0];
    let max_x = table.half_length() - r;
    let min_x = -table.half_length() + r;
    for dir in [1.0, -1.0] {
        let mut x = foot;
        // Each step passes one ball for good, so 16 balls need at most 17 steps.
        for _ in 0..=2 * taken.len() + 1 {
            if !(min_x..=max_x).contains(&x) {
                break;
            }
            match blocker(taken, x) {
                None => return Some([x, 0.0]),
                Some((id, p)) => {
                    // The gap to the cue ball widens the reach itself, not the step along the
                    // string: otherwise an off-string cue ball still blocks the new spot.
                    let gap = if id.is_cue() { CUE_GAP_M } else { 0.0 };
                    let d2 = (2.0 * r + gap).powi(2) - p[1] * p[1];
                    x = p[0] + dir * (d2.max(0.0).sqrt() + 1e-12);
                }
            }
        }
    }
    None
}

/// The blocking ball nearest the direction of travel (the one overlapping x furthest along).
fn blocker(taken: &[(BallId, [f64; 2])], x: f64) -> Option<(BallId, [f64; 2])> {
    taken.iter().copied().find(|(id, p)| {
        let gap = if id.is_cue() { CUE_GAP_M } else { 0.0 };
        ((p[0] - x).powi(2) + p[1].powi(2)).sqrt() < 2.0 * BALL_RADIUS_M - OVERLAP_TOL_M + gap
    })
}

/// The free place nearest the foot spot among those whose `x` passes `side`, inside the cushion
/// noses. The nearest point of a region bounded by circles (the balls' reach) and straight lines
/// (the noses, the foot spot's cross line) is one of: the foot spot's projection on a line or
/// circle, or a crossing of two of them; every such candidate is tried.
fn nearest_free(table: &Table, taken: &[(BallId, [f64; 2])], side: impl Fn(f64) -> bool) -> Option<[f64; 2]> {
    let r = BALL_RADIUS_M;
    let f = table.foot_spot();
    let (hx, hy) = (table.half_length() - r, table.half_width() - r);
    let reach = |id: &BallId| 2.0 * r + if id.is_cue() { CUE_GAP_M } else { 0.0 } + CLEAR_M;
    let circles: Vec<([f64; 2], f64)> = taken.iter().map(|(id, p)| (*p, reach(id))).collect();
    // Lines as (a, b, c): a x + b y = c.
    let lines = [(1.0, 0.0, hx), (1.0, 0.0, -hx), (0.0, 1.0, hy), (0.0, 1.0, -hy), (1.0, 0.0, f[0])];
    let mut cand: Vec<[f64; 2]> = vec![f];
    for (c, rho) in &circles {
        let (dx, dy) = (f[0] - c[0], f[1] - c[1]);
        let d = (dx * dx + dy * dy).sqrt();
        if d > 0.0 {
            cand.push([c[0] + rho * dx / d, c[1] + rho * dy / d]);
        } else {
            cand.extend([[c[0] + rho, c[1]], [c[0] - rho, c[1]], [c[0], c[1] + rho], [c[0], c[1] - rho]]);
        }
        for &(a, b, k) in &lines {
            cand.extend(circle_line(*c, *rho, a, b, k));
        }
    }
    for (i, (c1, r1)) in circles.iter().enumerate() {
        for (c2, r2) in &circles[i + 1..] {
            cand.extend(circle_circle(*c1, *r1, *c2, *r2));
        }
    }
    for &(a, b, k) in &lines {
        // The foot spot's projection on the line.
        let t = (k - a * f[0] - b * f[1]) / (a * a + b * b);
        cand.push([f[0] + a * t, f[1] + b * t]);
        for &(a2, b2, k2) in &lines {
            let det = a * b2 - a2 * b;
            if det != 0.0 {
                cand.push([(k * b2 - k2 * b) / det, (a * k2 - a2 * k) / det]);
            }
        }
    }
    let free = |p: &[f64; 2]| {
        p[0].abs() <= hx
            && p[1].abs() <= hy
            && side(p[0])
            && circles
                .iter()
                .all(|(c, rho)| ((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2)).sqrt() >= rho - 2.0 * CLEAR_M)
    };
    let dist = |p: &[f64; 2]| ((p[0] - f[0]).powi(2) + (p[1] - f[1]).powi(2)).sqrt();
    // Nearest first; on a tie the one nearer the long string, then the left (+y) one.
    cand.into_iter()
        .filter(|p| p.iter().all(|v| v.is_finite()) && free(p))
        .min_by(|a, b| dist(a).total_cmp(&dist(b)).then(a[1].abs().total_cmp(&b[1].abs())).then(b[1].total_cmp(&a[1])))
}

/// Where the circle (centre `c`, radius `rho`) crosses the line `a x + b y = k`.
fn circle_line(c: [f64; 2], rho: f64, a: f64, b: f64, k: f64) -> Vec<[f64; 2]> {
    let n = (a * a + b * b).sqrt();
    let (a, b, k) = (a / n, b / n, k / n);
    let d = k - (a * c[0] + b * c[1]);
    if d.abs() > rho {
        return Vec::new();
    }
    let foot = [c[0] + a * d, c[1] + b * d];
    let h = (rho * rho - d * d).max(0.0).sqrt();
    vec![[foot[0] - b * h, foot[1] + a * h], [foot[0] + b * h, foot[1] - a * h]]
}

/// Where two circles cross.
fn circle_circle(c1: [f64; 2], r1: f64, c2: [f64; 2], r2: f64) -> Vec<[f64; 2]> {
    let (dx, dy) = (c2[0] - c1[0], c2[1] - c1[1]);
    let d = (dx * dx + dy * dy).sqrt();
    if d == 0.0 || d > r1 + r2 || d < (r1 - r2).abs() {
        return Vec::new();
    }
    let a = (r1 * r1 - r2 * r2 + d * d) / (2.0 * d);
    let h = (r1 * r1 - a * a).max(0.0).sqrt();
    let m = [c1[0] + a * dx / d, c1[1] + a * dy / d];
    vec![[m[0] - h * dy / d, m[1] + h * dx / d], [m[0] + h * dy / d, m[1] - h * dx / d]]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(n: u8) -> BallId {
        BallId::object(n).unwrap()
    }

    #[test]
    fn rule_1_4_spot_clears_an_off_string_cue_ball_and_the_ball_it_blocks() {
        // Found by AI self-play: the walk stuck on the cue ball and fell back onto the foot spot.
        let t = Table::default();
        let taken = [(b(9), [0.60061205, 0.00465242]), (BallId::CUE, [0.67588469, -0.03171013])];
        let p = spot_one(&t, &taken).unwrap();
        for (id, q) in taken {
            let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
            assert!(d >= 2.0 * BALL_RADIUS_M - 1e-9, "spotted ball overlaps {id}: {d}");
        }
        assert_eq!(p[1], 0.0, "on the long string");
        assert!(p[0] > 0.67588469, "past the cue ball towards the foot rail");
    }

    #[test]
    fn free_foot_spot_takes_the_ball() {
        let t = Table::default();
        let p = spot_balls(&t, &[], &[b(9)]);
        assert_eq!(p[0].pos, t.foot_spot());
    }

    #[test]
    fn blocked_foot_spot_freezes_towards_the_foot_rail() {
        let t = Table::default();
        let fs = t.foot_spot();
        let p = spot_balls(&t, &[(b(3), fs)], &[b(9)]);
        assert!((p[0].pos[0] - (fs[0] + 2.0 * BALL_RADIUS_M)).abs() < 1e-9);
        let p = spot_balls(&t, &[(BallId::CUE, fs)], &[b(9)]);
        assert!(p[0].pos[0] > fs[0] + 2.0 * BALL_RADIUS_M + CUE_GAP_M * 0.99);
    }

    /// The smallest bed the referee accepts: 12 x 6 ball diameters.
    fn small_table() -> Table {
        Table { length_m: 0.70, width_m: 0.36, ..Table::default() }
    }

    /// Eight balls across the whole long string, 3.2 R apart: no room anywhere on it.
    fn full_string(t: &Table) -> Vec<(BallId, [f64; 2])> {
        let end = t.half_length() - BALL_RADIUS_M - 1e-6;
        (0..8u8)
            .map(|k| {
                let id = if k == 0 { BallId::CUE } else { b(k) };
                (id, [-end + f64::from(k) * 2.0 * end / 7.0, 0.0])
            })
            .collect()
    }

    fn clear_of(p: [f64; 2], taken: &[(BallId, [f64; 2])]) -> bool {
        taken.iter().all(|(id, q)| {
            let gap = if id.is_cue() { CUE_GAP_M } else { 0.0 };
            ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt() >= 2.0 * BALL_RADIUS_M + gap - 1e-9
        })
    }

    #[test]
    fn rule_1_4_full_long_string_takes_the_nearest_free_place_towards_the_foot_rail() {
        // Issue 24: this put the ball on the foot spot, on top of another.
        let t = small_table();
        let taken = full_string(&t);
        let p = spot_one(&t, &taken).unwrap();
        let f = t.foot_spot();
        assert!(clear_of(p, &taken), "{p:?} overlaps");
        assert!(p[0] >= f[0] && p[0].abs() <= t.half_length() - BALL_RADIUS_M, "{p:?}");
        assert!(p[1].abs() <= t.half_width() - BALL_RADIUS_M && p[1] != 0.0, "{p:?}");
        // Against a brute-force search on a 0.25 mm grid: nothing free on the foot side is
        // nearer the foot spot.
        let d = ((p[0] - f[0]).powi(2) + (p[1] - f[1]).powi(2)).sqrt();
        let step = 0.00025;
        let (hx, hy) = (t.half_length() - BALL_RADIUS_M, t.half_width() - BALL_RADIUS_M);
        let mut best = f64::INFINITY;
        let mut x = f[0];
        while x <= hx {
            let mut y = -hy;
            while y <= hy {
                if clear_of([x, y], &taken) {
                    best = best.min(((x - f[0]).powi(2) + (y - f[1]).powi(2)).sqrt());
                }
                y += step;
            }
            x += step;
        }
        assert!(d <= best + 1e-12 && best - d < 2.0 * step, "spotted at {d}, grid finds {best}");
    }

    #[test]
    fn rule_1_4_spotting_many_balls_on_a_small_table_never_overlaps() {
        let t = small_table();
        let taken = full_string(&t);
        let spots: Vec<BallId> = (8..=15).map(b).collect();
        let placed = try_spot_balls(&t, &taken, &spots).unwrap();
        let mut all = taken.clone();
        for p in &placed {
            assert!(clear_of(p.pos, &all), "{} at {:?} overlaps", p.id, p.pos);
            assert!(p.pos[0].abs() <= t.half_length() - BALL_RADIUS_M + 1e-12);
            assert!(p.pos[1].abs() <= t.half_width() - BALL_RADIUS_M + 1e-12);
            all.push((p.id, p.pos));
        }
        assert_eq!(all.len(), 16);
    }

    #[test]
    fn a_bed_with_no_room_is_a_clear_error() {
        // Not a table the referee accepts: a bed two balls long and one wide, with two balls on it.
        let t = Table { length_m: 4.0 * BALL_RADIUS_M + 1e-6, width_m: 2.0 * BALL_RADIUS_M + 1e-6, ..Table::default() };
        let taken = [(b(1), [-BALL_RADIUS_M, 0.0]), (b(2), [BALL_RADIUS_M, 0.0])];
        let err = try_spot_balls(&t, &taken, &[b(9)]).unwrap_err();
        assert_eq!(err, NoRoom { ball: b(9) });
        assert!(err.to_string().contains("cannot hold"));
        assert!(spot_balls(&t, &taken, &[b(9)]).is_empty());
    }
}
