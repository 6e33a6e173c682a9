//! The racks of 2.2, 3.2, 4.2 and 9.2 as the physics crate builds them, checked against the
//! rulebook (the referee relies on them for 4.8 and the break rules).

use biljardi_physics::rack;
use biljardi_physics::{BALL_RADIUS_M, BallId, Table};
use biljardi_rules::Group;
use biljardi_rules::rack::ball_in_rack;

fn at(balls: &[biljardi_physics::Ball], n: u8) -> [f64; 2] {
    let b = balls.iter().find(|b| b.id == BallId::object(n).unwrap()).expect("ball in the rack");
    [b.state.pos.x, b.state.pos.y]
}

fn close(a: [f64; 2], b: [f64; 2]) -> bool {
    (a[0] - b[0]).abs() < 1e-3 && (a[1] - b[1]).abs() < 1e-3
}

#[test]
fn rule_2_2_nine_ball_diamond_with_the_one_on_the_foot_spot_and_the_nine_in_the_middle() {
    let t = Table::default();
    let r = rack::nine_ball(&t);
    assert_eq!(r.len(), 9);
    assert!(close(at(&r, 1), t.foot_spot()));
    let cx = r.iter().map(|b| b.state.pos.x).sum::<f64>() / 9.0;
    assert!(close(at(&r, 9), [cx, 0.0]));
}

#[test]
fn rule_3_2_eight_ball_triangle_eight_in_the_third_row_one_of_each_group_in_the_back_corners() {
    let t = Table::default();
    let r = rack::eight_ball(&t);
    assert_eq!(r.len(), 15);
    let fs = t.foot_spot();
    let xs: Vec<f64> = r.iter().map(|b| b.state.pos.x).collect();
    let back = xs.iter().cloned().fold(f64::MIN, f64::max);
    assert!(r.iter().any(|b| close([b.state.pos.x, b.state.pos.y], fs)), "apex on the foot spot");
    let eight = at(&r, 8);
    assert!(eight[1].abs() < 1e-9 && eight[0] > fs[0] + 2.0 * BALL_RADIUS_M, "8 in the middle of the third row");
    let corners: Vec<Group> = r
        .iter()
        .filter(|b| (b.state.pos.x - back).abs() < 1e-9)
        .filter(|b| b.state.pos.y.abs() > 3.0 * BALL_RADIUS_M)
        .filter_map(|b| Group::of(b.id))
        .collect();
    assert_eq!(corners.len(), 2);
    assert_ne!(corners[0], corners[1]);
}

#[test]
fn rule_4_2_straight_pool_triangle_inside_the_rack_outline() {
    let t = Table::default();
    let r = rack::straight_pool(&t);
    assert_eq!(r.len(), 15);
    assert!(r.iter().any(|b| close([b.state.pos.x, b.state.pos.y], t.foot_spot())));
    for b in &r {
        assert!(ball_in_rack(&t, [b.state.pos.x, b.state.pos.y]), "{} inside the outline", b.id);
    }
}

#[test]
fn rule_9_2_ten_ball_triangle_one_on_the_foot_spot_ten_in_the_middle() {
    let t = Table::default();
    let r = rack::ten_ball(&t);
    assert_eq!(r.len(), 10);
    assert!(close(at(&r, 1), t.foot_spot()));
    let ten = at(&r, 10);
    assert!(ten[1].abs() < 1e-9 && ten[0] > t.foot_spot()[0] + 2.0 * BALL_RADIUS_M);
}
