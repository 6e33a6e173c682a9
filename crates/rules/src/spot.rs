//! 1.4 Spotting balls: on the long string as close to the foot spot as possible, first between
//! the foot spot and the foot rail, frozen to the ball in the way (with a small gap if that is
//! the cue ball), else on the head side of the foot spot, as close to it as possible.

use crate::decision::Placed;
use biljardi_physics::{BALL_RADIUS_M, BallId, Table};

/// The gap left to the cue ball (1.4: "a small gap"), m.
pub const CUE_GAP_M: f64 = 0.002;
/// Two resting balls closer than 2R minus this overlap.
const OVERLAP_TOL_M: f64 = 1e-9;

/// Places `balls` (lowest number nearest the foot spot, as WPA spots several balls) among the
/// balls resting at `occupied`. Returns where each went.
pub fn spot_balls(table: &Table, occupied: &[(BallId, [f64; 2])], balls: &[BallId]) -> Vec<Placed> {
    let mut taken: Vec<(BallId, [f64; 2])> = occupied.to_vec();
    let mut order = balls.to_vec();
    order.sort();
    let mut out = Vec::with_capacity(order.len());
    for id in order {
        let pos = spot_one(table, &taken);
        taken.push((id, pos));
        out.push(Placed { id, pos });
    }
    out
}

/// Where one ball goes on the long string (y = 0).
pub fn spot_one(table: &Table, taken: &[(BallId, [f64; 2])]) -> [f64; 2] {
    let r = BALL_RADIUS_M;
    let foot = table.foot_spot()[0];
    let max_x = table.half_length() - r;
    let min_x = -table.half_length() + r;
    // Walk towards the foot rail, then from the foot spot towards the head rail: at each step
    // the next candidate is frozen to (or a gap from) whatever blocks the current one.
    for dir in [1.0, -1.0] {
        let mut x = foot;
        for _ in 0..64 {
            if !(min_x..=max_x).contains(&x) {
                break;
            }
            match blocker(taken, x) {
                None => return [x, 0.0],
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
    // A bed full along the whole string cannot happen with 16 balls; keep the foot spot.
    [foot, 0.0]
}

/// The blocking ball nearest the direction of travel (the one overlapping x furthest along).
fn blocker(taken: &[(BallId, [f64; 2])], x: f64) -> Option<(BallId, [f64; 2])> {
    let r2 = 2.0 * BALL_RADIUS_M - OVERLAP_TOL_M;
    let mut found: Option<(BallId, [f64; 2])> = None;
    for (id, p) in taken {
        let gap = if id.is_cue() { CUE_GAP_M } else { 0.0 };
        let d = ((p[0] - x).powi(2) + p[1].powi(2)).sqrt();
        if d < r2 + gap {
            // Any blocker will do: the walk repeats until the spot is free.
            found = Some((*id, *p));
            break;
        }
    }
    found
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
        let p = spot_one(&t, &taken);
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
}
