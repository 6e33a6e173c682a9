//! The rack outline of 4.2 / 4.8 (8.1: "the outer outline of the triangle"): a tight 15-ball
//! triangle with its apex on the foot spot, pointing at the head rail.

use biljardi_physics::{BALL_RADIUS_M, Table};

/// Centres of the 15 rack positions, apex first, row by row towards the foot rail.
pub fn positions(table: &Table) -> [[f64; 2]; 15] {
    let r = BALL_RADIUS_M;
    let fs = table.foot_spot();
    let mut out = [[0.0; 2]; 15];
    let mut i = 0;
    for row in 0..5 {
        for j in 0..=row {
            out[i] = [fs[0] + row as f64 * 3f64.sqrt() * r, (j as f64 - row as f64 / 2.0) * 2.0 * r];
            i += 1;
        }
    }
    out
}

/// Where `n` reracked 14.1 balls go (4.2): all 15 positions for a full rack, or the 14 behind
/// the apex with the apex left empty for a 14-ball rack. Fewer than 14 take the rear positions.
pub fn rerack_positions(table: &Table, n: usize) -> Vec<[f64; 2]> {
    let all = positions(table);
    let skip = 15usize.saturating_sub(n.min(15));
    all[skip..].to_vec()
}

/// The three corners of the outline drawn around the rack.
pub fn outline(table: &Table) -> [[f64; 2]; 3] {
    let r = BALL_RADIUS_M;
    let p = positions(table);
    let (a, b, c) = (p[0], p[10], p[14]);
    let g = [(a[0] + b[0] + c[0]) / 3.0, 0.0];
    // Offsetting every side of an equilateral triangle outwards by R scales it about its centre.
    let inradius = (g[0] - a[0]) / 2.0;
    let s = (inradius + r) / inradius;
    [a, b, c].map(|v| [g[0] + s * (v[0] - g[0]), g[1] + s * (v[1] - g[1])])
}

/// 4.8: a ball is inside the rack if its centre is inside the outline or any part of it, seen from
/// above, is over the line.
pub fn ball_in_rack(table: &Table, p: [f64; 2]) -> bool {
    let tri = outline(table);
    inside(tri, p) || (0..3).any(|i| segment_distance(p, tri[i], tri[(i + 1) % 3]) < BALL_RADIUS_M)
}

fn inside(t: [[f64; 2]; 3], p: [f64; 2]) -> bool {
    let cross = |a: [f64; 2], b: [f64; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    let (d1, d2, d3) = (cross(t[0], t[1]), cross(t[1], t[2]), cross(t[2], t[0]));
    (d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0) || (d1 <= 0.0 && d2 <= 0.0 && d3 <= 0.0)
}

fn segment_distance(p: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let ab = [b[0] - a[0], b[1] - a[1]];
    let ap = [p[0] - a[0], p[1] - a[1]];
    let t = ((ap[0] * ab[0] + ap[1] * ab[1]) / (ab[0] * ab[0] + ab[1] * ab[1])).clamp(0.0, 1.0);
    ((ap[0] - t * ab[0]).powi(2) + (ap[1] - t * ab[1]).powi(2)).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_4_2_fourteen_ball_rerack_leaves_the_apex_empty() {
        let t = Table::default();
        let p = rerack_positions(&t, 14);
        assert_eq!(p.len(), 14);
        assert!(p.iter().all(|q| q != &t.foot_spot()));
        assert_eq!(rerack_positions(&t, 15)[0], t.foot_spot());
    }

    #[test]
    fn rack_positions_are_inside_and_far_balls_are_not() {
        let t = Table::default();
        for p in positions(&t) {
            assert!(ball_in_rack(&t, p));
        }
        assert!(!ball_in_rack(&t, t.head_spot()));
        assert!(!ball_in_rack(&t, t.centre_spot()));
        // The outline's apex is 2R in front of the apex ball's centre; a ball touches it at 3R.
        let fs = t.foot_spot();
        assert!(ball_in_rack(&t, [fs[0] - 3.0 * BALL_RADIUS_M + 1e-4, 0.0]));
        assert!(!ball_in_rack(&t, [fs[0] - 3.0 * BALL_RADIUS_M - 1e-4, 0.0]));
    }
}
