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
    play_layout(&[(b(1), [2.0 * BALL_RADIUS_M + gap_m, object_y])], speed)
}

/// The cue ball at the origin with `balls` (the 9 out of the way), a centre stroke along +x.
fn play_layout(balls: &[(BallId, [f64; 2])], speed: f64) -> (ShotRecord, bool) {
    let table = Table::default();
    let mut before = vec![(BallId::CUE, [0.0, 0.0]), (b(9), [-0.5, -0.4])];
    before.extend_from_slice(balls);
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
        // The tip pushes the frozen pair as one (`stick_ball::frozen`) and is left behind: one
        // strike, and the 1 moved by the shot counts as hit first (6.7).
        assert_eq!(rec.strikes, 1, "{speed}");
        assert_eq!(rec.first_contact, Some(b(1)), "{speed}");
        assert!(!double_hit, "{speed}");
    }
}

#[test]
fn rule_6_7_shooting_partly_towards_a_frozen_ball_is_legal() {
    // 6.7: "legal to shoot partly or fully towards that ball". The 1 frozen at 30 degrees off the
    // stroke: pushed at the strike's instant, the 1 is the first contact; one strike.
    let (rec, double_hit) = play_layout(&[(b(1), [2.0 * BALL_RADIUS_M * 0.866_025_403_784_438_6, BALL_RADIUS_M])], 2.0);
    assert!(rec.frozen_to_cue.contains(b(1)));
    assert_eq!((rec.strikes, rec.first_contact), (1, Some(b(1))));
    assert!(!double_hit);
}

#[test]
fn rule_6_7_a_frozen_ball_beside_does_not_excuse_a_double_hit_on_a_near_ball() {
    // The 1 frozen beside the cue ball (the stroke runs along it, pushing nothing), the 2 five
    // millimetres ahead: the cue ball nearly stops on the 2 and the tip catches it: 6.7.
    let layout = [(b(1), [0.0, 2.0 * BALL_RADIUS_M]), (b(2), [2.0 * BALL_RADIUS_M + 0.005, 0.0])];
    let (rec, double_hit) = play_layout(&layout, 3.0);
    assert!(rec.frozen_to_cue.contains(b(1)) && !rec.frozen_to_cue.contains(b(2)));
    assert_eq!((rec.strikes, rec.first_contact), (2, Some(b(2))));
    assert!(double_hit);
}

#[test]
fn rule_6_7_two_strikes_with_the_cue_ball_frozen_to_the_ball_hit_first_are_no_foul() {
    // The referee's half of 6.7 on its own (a record as a real cue's longer push could give it):
    // a second touch of a cue ball frozen to the ball it hit first is a normal stroke; frozen to
    // another ball, it is a double hit.
    let table = Table::default();
    let state = GameState { breaker: Some(1), ..GameState::default() };
    let mut rec = play(0.0, 0.0, 1.5).0;
    rec.strikes = 2;
    let d = judge(Game::NineBall, &table, &state, &rec, &Call::default());
    assert!(!d.fouls.iter().any(|f| f.rule == "6.7"));
    rec.first_contact = Some(b(9));
    rec.first_contacts = Default::default();
    let d = judge(Game::NineBall, &table, &state, &rec, &Call::default());
    assert!(d.fouls.iter().any(|f| f.rule == "6.7"));
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
