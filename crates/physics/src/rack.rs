//! Standard racks with the apex ball on the foot spot and rows running towards the foot rail.
//! Neighbouring balls sit `RACK_GAP_M` apart so no two start overlapping and the break's
//! collisions happen in a definite order.

use crate::ball::Ball;
use crate::ids::BallId;
use crate::table::{BALL_RADIUS_M, Table};

/// Gap between neighbouring balls in a rack, m (a tight rack).
pub const RACK_GAP_M: f64 = 1e-4;

/// Places `rows` (apex first; each row listed from the right side, `-y`, to the left) as a
/// triangle from the foot spot.
fn triangle(table: &Table, rows: &[&[u8]]) -> Vec<Ball> {
    let d = 2.0 * BALL_RADIUS_M + RACK_GAP_M;
    let row_step = d * 3f64.sqrt() / 2.0;
    let [fx, fy] = table.foot_spot();
    let mut out = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        let start = -(row.len() as f64 - 1.0) / 2.0;
        for (j, &n) in row.iter().enumerate() {
            let id = BallId::object(n).unwrap_or(BallId::CUE);
            out.push(Ball::at_rest(id, [fx + k as f64 * row_step, fy + (start + j as f64) * d]));
        }
    }
    out
}

/// 9-ball: a diamond, 1 at the apex, 9 in the middle.
pub fn nine_ball(table: &Table) -> Vec<Ball> {
    triangle(table, &[&[1], &[2, 3], &[4, 9, 5], &[6, 7], &[8]])
}

/// 10-ball: a four-row triangle, 1 at the apex, 10 in the middle of the third row.
pub fn ten_ball(table: &Table) -> Vec<Ball> {
    triangle(table, &[&[1], &[2, 3], &[4, 10, 5], &[6, 7, 8, 9]])
}

/// 8-ball: fifteen balls, 8 in the middle of the third row, a solid and a stripe in the back
/// corners.
pub fn eight_ball(table: &Table) -> Vec<Ball> {
    triangle(table, &[&[1], &[9, 2], &[10, 8, 3], &[11, 4, 12, 5], &[6, 13, 7, 14, 15]])
}

/// 14.1 continuous: fifteen balls, 15 at the apex, 1 and 5 in the back corners.
pub fn straight_pool(table: &Table) -> Vec<Ball> {
    triangle(table, &[&[15], &[8, 3], &[4, 14, 9], &[11, 7, 10, 12], &[1, 13, 6, 2, 5]])
}

/// The cue ball at rest at `pos`.
pub fn cue_at(pos: [f64; 2]) -> Ball {
    Ball::at_rest(BallId::CUE, pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn racks_have_their_balls_apart_on_the_bed_with_the_apex_on_the_foot_spot() {
        let t = Table::default();
        for (rack, n) in [(nine_ball(&t), 9), (ten_ball(&t), 10), (eight_ball(&t), 15), (straight_pool(&t), 15)] {
            assert_eq!(rack.len(), n);
            let apex = rack[0].state.pos;
            assert_eq!([apex.x, apex.y], t.foot_spot());
            for (i, a) in rack.iter().enumerate() {
                assert!(t.contains_ball([a.state.pos.x, a.state.pos.y], BALL_RADIUS_M));
                for b in &rack[i + 1..] {
                    assert_ne!(a.id, b.id);
                    let d = (a.state.pos - b.state.pos).norm();
                    assert!(d >= 2.0 * BALL_RADIUS_M, "{} {} at {d}", a.id, b.id);
                }
            }
        }
        assert_eq!(nine_ball(&t)[4].id, BallId::object(9).unwrap());
        assert_eq!(eight_ball(&t)[4].id, BallId::object(8).unwrap());
    }
}
