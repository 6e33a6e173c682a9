//! The cue's follow-through: a cue ball a few millimetres from the ball it is struck at is caught
//! again by the tip (a double hit, rule 6.7); one further away, or deflected aside, is not.

use biljardi_physics::{Ball, BallId, Event, EventKind, Params, Simulation, Strike, Table};

const R: f64 = biljardi_physics::BALL_RADIUS_M;

fn shot(gap_m: f64, strike: Strike, object_y: f64) -> (Vec<Event>, Simulation) {
    let balls = vec![
        Ball::at_rest(BallId::CUE, [0.0, 0.0]),
        Ball::at_rest(BallId::object(1).unwrap(), [2.0 * R + gap_m, object_y]),
    ];
    let mut sim = Simulation::new(Table::default(), Params::default(), balls);
    let mut events = vec![sim.strike(BallId::CUE, strike).unwrap()];
    events.extend(sim.run_to_rest());
    (events, sim)
}

fn strikes(events: &[Event]) -> usize {
    events.iter().filter(|e| matches!(e.kind, EventKind::Strike { ball } if ball == BallId::CUE)).count()
}

#[test]
fn cue_ball_five_mm_from_the_one_struck_firmly_straight_through_is_struck_twice() {
    let (events, _) = shot(0.005, Strike::centre(3.0, 0.0), 0.0);
    assert_eq!(strikes(&events), 2, "{:#?}", events);
    // The second strike comes after the cue ball met the 1, within the follow-through.
    let hit = events.iter().position(|e| matches!(e.kind, EventKind::BallBall { .. })).unwrap();
    let second = events.iter().rposition(|e| matches!(e.kind, EventKind::Strike { .. })).unwrap();
    assert!(second > hit);
    let p = Params::default();
    let cue_after = 3.0 * (p.cue_mass_kg - p.ball_mass_kg) / (p.cue_mass_kg + p.ball_mass_kg);
    assert!(events[second].t < p.follow_through_m / cue_after);
}

#[test]
fn cue_ball_three_tenths_from_the_one_is_struck_once() {
    for speed in [1.0, 3.0, 8.0] {
        let (events, _) = shot(0.3, Strike::centre(speed, 0.0), 0.0);
        assert_eq!(strikes(&events), 1, "{speed}");
    }
}

#[test]
fn cue_ball_frozen_to_the_one_is_struck_once_and_runs_away_from_the_tip() {
    // The tip, the cue ball and the 1 are solved together (`stick_ball::frozen`): the pair takes
    // the push as one body of mass 2m, (1 + e_tip) V / (1 + 2m/M) each (TP A-30 with the pair's
    // mass), and the ball contact's restitution parts them by a few per cent. The stick is left
    // at a third of the cue ball's speed, so its follow-through never reaches it again: one
    // strike, as R. Shepard describes frozen shots ("a single tip-ball contact", rec.sport.billiard
    // 2003, after the Jacksonville Project's high-speed video). Before, strike and ball-ball
    // contact one after the other left the cue ball nearly stopped and the tip caught it (two).
    let p = Params::default();
    for speed in [0.5, 1.5, 3.0, 6.0] {
        let (events, _) = shot(0.0, Strike::centre(speed, 0.0), 0.0);
        assert_eq!(strikes(&events), 1, "{speed}");
        let contact = &events[1];
        assert_eq!(contact.kind, EventKind::BallBall { balls: [BallId::CUE, BallId::object(1).unwrap()] });
        assert_eq!(contact.t, 0.0);
        let pair = (1.0 + p.e_tip) * speed / (1.0 + 2.0 * p.ball_mass_kg / p.cue_mass_kg);
        let cue = contact.state[&BallId::CUE].v[0];
        let one = contact.state[&BallId::object(1).unwrap()].v[0];
        assert!(cue < pair && one > pair, "{speed}: {cue} {one} {pair}");
        assert!((cue / pair - 1.0).abs() < 0.06 && (one / pair - 1.0).abs() < 0.06, "{speed}: {cue} {one} {pair}");
    }
}

#[test]
fn cut_at_a_near_ball_deflects_the_cue_ball_out_of_the_tips_way() {
    // Half-ball cut, 5 mm gap: the cue ball leaves at about 30 degrees sideways.
    let (events, _) = shot(0.005, Strike::centre(3.0, 0.0), R);
    assert_eq!(strikes(&events), 1, "{:#?}", events);
}

#[test]
fn a_slow_push_into_a_near_ball_is_caught_but_never_endlessly() {
    for speed in [0.3, 1.0, 5.0, 10.0] {
        for gap in [0.0, 0.001, 0.005, 0.02] {
            let (events, _) = shot(gap, Strike::centre(speed, 0.0), 0.0);
            assert!((1..=4).contains(&strikes(&events)), "{speed} {gap}");
        }
    }
}

#[test]
fn double_hit_repeats_bit_for_bit() {
    let run = || {
        let (events, sim) = shot(0.005, Strike { speed_mps: 3.0, phi_rad: 0.01, theta_rad: 0.02, a: 0.1, b: 0.2 }, 0.0);
        (format!("{events:?}"), format!("{:?}", sim.final_balls()))
    };
    assert_eq!(run(), run());
}

#[test]
fn no_follow_through_means_no_double_hit() {
    let balls =
        vec![Ball::at_rest(BallId::CUE, [0.0, 0.0]), Ball::at_rest(BallId::object(1).unwrap(), [2.0 * R + 0.005, 0.0])];
    let p = Params { follow_through_m: 0.0, ..Params::default() };
    let mut sim = Simulation::new(Table::default(), p, balls);
    let mut events = vec![sim.strike(BallId::CUE, Strike::centre(3.0, 0.0)).unwrap()];
    events.extend(sim.run_to_rest());
    assert_eq!(strikes(&events), 1);
}
