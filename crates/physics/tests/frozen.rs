//! A cue ball frozen to object balls, through `Simulation::strike`: the strike pushes the touching
//! balls at its own instant (`stick_ball::frozen`), with a `ball_ball` event for each.

use biljardi_physics::{
    BALL_RADIUS_M, Ball, BallId, Event, EventKind, FROZEN_TOLERANCE_M, Params, Simulation, Strike, Table,
};

const R: f64 = BALL_RADIUS_M;

fn b(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

/// The events of the strike's instant (the strike, then what `advance(0)` reports).
fn strike_at(balls: &[(BallId, [f64; 2])], strike: Strike) -> Vec<Event> {
    let balls = balls.iter().map(|(id, p)| Ball::at_rest(*id, *p)).collect();
    let mut sim = Simulation::new(Table::default(), Params::default(), balls);
    let mut events = vec![sim.strike(BallId::CUE, strike).unwrap()];
    events.extend(sim.advance(0.0));
    events
}

#[test]
fn tp_a15_departure_angles_through_the_simulation() {
    // Alciatore, TP A.15 (high-speed film): aim from the line of centres -> the cue ball's
    // departure angle from it, degrees. The line of centres here points along +y.
    let film = [(8.0, 13.0), (20.0, 34.0), (34.0, 50.0), (46.0, 61.0), (57.0, 70.0), (67.0, 78.0), (77.0, 87.0)];
    for (aim, measured) in film {
        let phi = std::f64::consts::FRAC_PI_2 - f64::to_radians(aim);
        let events = strike_at(&[(BallId::CUE, [0.0, 0.0]), (b(1), [0.0, 2.0 * R])], Strike::centre(2.0, phi));
        assert_eq!(events[0].kind, EventKind::Strike { ball: BallId::CUE });
        assert_eq!(events[1].kind, EventKind::BallBall { balls: [BallId::CUE, b(1)] });
        assert_eq!(events[1].t, 0.0);
        let v = events[1].state[&BallId::CUE].v;
        let angle = v[0].atan2(v[1]).to_degrees();
        assert!((angle - measured).abs() <= 5.0, "aim {aim}: {angle:.2} (film {measured})");
    }
}

#[test]
fn a_ball_within_the_frozen_tolerance_is_pushed_at_the_strike_and_one_beyond_it_later() {
    let strike = Strike::centre(2.0, 0.3);
    let frozen = strike_at(&[(BallId::CUE, [0.0, 0.0]), (b(1), [2.0 * R + 0.9 * FROZEN_TOLERANCE_M, 0.0])], strike);
    assert_eq!(frozen.len(), 2, "{frozen:?}");
    assert_eq!(frozen[1].kind, EventKind::BallBall { balls: [BallId::CUE, b(1)] });
    // 0.5 mm away: the ordinary strike, the contact a fraction of a millisecond later.
    let apart = strike_at(&[(BallId::CUE, [0.0, 0.0]), (b(1), [2.0 * R + 5e-4, 0.0])], strike);
    assert_eq!(apart.len(), 1, "{apart:?}");
}

#[test]
fn two_frozen_balls_ahead_are_both_pushed_at_once_and_energy_does_not_rise() {
    // The cue ball frozen to the 1 and the 2, 30 degrees either side of the stroke: both are
    // contacts of the strike's instant, sent off symmetrically.
    let (c, s) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    let layout = [(BallId::CUE, [0.0, 0.0]), (b(1), [2.0 * R * c, 2.0 * R * s]), (b(2), [2.0 * R * c, -2.0 * R * s])];
    let events = strike_at(&layout, Strike::centre(3.0, 0.0));
    let contacts: Vec<_> = events.iter().filter(|e| matches!(e.kind, EventKind::BallBall { .. })).collect();
    assert_eq!(contacts.len(), 2);
    let (v1, v2) = (contacts[0].state[&b(1)].v, contacts[1].state[&b(2)].v);
    assert!((v1[0] - v2[0]).abs() < 1e-6 && (v1[1] + v2[1]).abs() < 1e-6, "{v1:?} {v2:?}");
    let cue = contacts[1].state[&BallId::CUE].v;
    assert!(cue[1].abs() < 1e-6 && cue[0] > 0.0, "{cue:?}");
    let p = Params::default();
    let energy = |v: [f64; 3]| 0.5 * p.ball_mass_kg * (v[0] * v[0] + v[1] * v[1]);
    // Translational energy of the balls under the stick's 0.5 M V^2.
    assert!(energy(v1) + energy(v2) + energy(cue) < 0.5 * p.cue_mass_kg * 9.0);
}
