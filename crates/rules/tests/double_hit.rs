//! 6.7 Double Hit / Frozen Balls with the physics' follow-through: the cue tip catching the cue
//! ball again is a double hit, except when the cue ball was frozen to the ball it was shot at
//! ("if the cue ball is touching the required object ball prior to the shot, the player may
//! shoot toward it, providing that any normal stroke is employed").

use biljardi_physics::{BALL_RADIUS_M, Ball, BallId, Params, Simulation, Strike, Table};
use biljardi_rules::{Call, Game, GameState, ShotRecord, judge};

fn b(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

/// The cue ball `gap_m` behind the 1 (the 9 out of the way), a firm centre stroke at the 1.
fn play(gap_m: f64, object_y: f64, speed: f64) -> (ShotRecord, bool) {
    let table = Table::default();
    let before = vec![(BallId::CUE, [0.0, 0.0]), (b(1), [2.0 * BALL_RADIUS_M + gap_m, object_y]), (b(9), [-0.5, -0.4])];
    let balls = before.iter().map(|(id, p)| Ball::at_rest(*id, *p)).collect();
    let mut sim = Simulation::new(table, Params::default(), balls);
    let mut events = vec![sim.strike(BallId::CUE, Strike::centre(speed, 0.0)).unwrap()];
    events.extend(sim.run_to_rest());
    let rec = ShotRecord::from_events(&table, &before, &events, &sim.final_balls());
    let state = GameState { breaker: Some(1), ..GameState::default() };
    let d = judge(Game::NineBall, &table, &state, &rec, &Call::default());
    let double_hit = d.fouls.iter().any(|f| f.rule == "6.7");
    (rec, double_hit)
}

#[test]
fn rule_6_7_cue_ball_five_mm_from_the_one_struck_firmly_straight_through_is_a_double_hit() {
    let (rec, double_hit) = play(0.005, 0.0, 3.0);
    assert_eq!(rec.strikes, 2);
    assert!(rec.frozen_to_cue.is_empty());
    assert!(double_hit);
}

#[test]
fn rule_6_7_cue_ball_three_tenths_from_the_one_is_struck_once_and_no_foul() {
    let (rec, double_hit) = play(0.3, 0.0, 3.0);
    assert_eq!(rec.strikes, 1);
    assert!(!double_hit);
}

#[test]
fn rule_6_7_shooting_into_a_frozen_ball_with_a_normal_stroke_is_no_double_hit() {
    for speed in [0.5, 1.5, 3.0, 6.0] {
        let (rec, double_hit) = play(0.0, 0.0, speed);
        assert!(rec.frozen_to_cue.contains(b(1)));
        // The tip follows the cue ball into the 1 and touches it again: legal by 6.7.
        assert!(rec.strikes >= 2, "{speed}");
        assert!(!double_hit, "{speed}");
    }
}

#[test]
fn rule_6_7_a_ball_a_millimetre_away_is_not_frozen() {
    let (rec, double_hit) = play(0.001, 0.0, 3.0);
    assert!(rec.frozen_to_cue.is_empty());
    assert_eq!(rec.strikes > 1, double_hit);
}

#[test]
fn rule_6_7_a_half_ball_cut_at_a_near_ball_escapes_the_tip() {
    let (rec, double_hit) = play(0.005, BALL_RADIUS_M, 3.0);
    assert_eq!(rec.strikes, 1);
    assert!(!double_hit);
}
