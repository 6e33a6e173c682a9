//! Object balls in the air: a ball in flight lifts the ball it strikes (pooltool 0.6's 3D
//! ball-ball impulse, then the slate's bounce of the ball pressed into it), a lifted ball flies
//! and can leave the table, a ball coming to rest on top of another slides off it, and no
//! contact adds energy. The expected numbers are worked out by hand from momentum and the
//! restitutions (equal masses, no ball-ball friction where stated): along the line of centres
//! `n` each ball's velocity changes by `(1 + e_ball) / 2` of the closing speed, the slate throws
//! back `e_table` of what a ball on the bed took downwards, and that repeats while the two close.

use biljardi_physics::resolve::ball_ball::{flying_press, frictional_inelastic_3d, roll_off};
use biljardi_physics::{
    Ball, BallFate, BallId, BallState, Event, EventKind, Motion, Params, Simulation, Strike, Table, V3, rack,
};
use proptest::prelude::*;

fn one() -> BallId {
    BallId::object(1).unwrap()
}

/// The events of a stroke from the layout, and the states of the cue ball and `target` just
/// before their first contact (a second run stopped short of it).
fn first_contact(p: Params, balls: Vec<Ball>, strike: Strike, target: BallId) -> (Vec<Event>, Event, [BallState; 2]) {
    let mut sim = Simulation::new(Table::default(), p, balls.clone());
    let mut events: Vec<Event> = sim.strike(BallId::CUE, strike).into_iter().collect();
    events.extend(sim.run_to_rest());
    let hit = events.iter().find(|e| matches!(e.kind, EventKind::BallBall { .. })).cloned().expect("a contact");
    assert_eq!(hit.kind, EventKind::BallBall { balls: [BallId::CUE, target] });
    let mut before = Simulation::new(Table::default(), p, balls);
    before.strike(BallId::CUE, strike);
    before.advance_to(hit.t - 1e-9);
    let t = hit.t;
    let at = |id| before.ball(id, t).unwrap();
    let states = [at(BallId::CUE), at(target)];
    (events, hit, states)
}

/// The hand calculation: a free contact along `n` (from `a` to `b`), the slate under `b`
/// (on the bed), repeated while they close. No ball-ball friction.
fn by_hand(a: V3, b: V3, n: V3, p: &Params) -> (V3, V3) {
    let (mut a, mut b) = (a, b);
    loop {
        let closing = (a - b).dot(n);
        if closing <= 0.0 {
            return (a, b);
        }
        let k = 0.5 * (1.0 + p.e_ball) * closing;
        a -= k * n;
        b += k * n;
        if b.z < 0.0 {
            b.z *= -p.e_table;
        }
    }
}

#[test]
fn a_jump_shot_into_an_object_ball_lifts_it_off_the_table() {
    // The layout of the training demo `9ball-object-ball-off-the-table`, without ball-ball
    // friction so the hand numbers are exact: the cue ball jumps and catches the 1 high.
    let p = Params { mu_ball: Some(0.0), ..Params::default() };
    let balls = vec![rack::cue_at([-0.6, 0.2]), Ball::at_rest(one(), [0.0, 0.45])];
    let phi = 0.25f64.atan2(0.6) - 1.5f64.to_radians();
    let strike = Strike { speed_mps: 4.0, phi_rad: phi, theta_rad: 17.5f64.to_radians(), a: 0.0, b: 0.0 };
    let (events, hit, [cue, ball]) = first_contact(p, balls, strike, one());
    assert_eq!(cue.motion, Motion::Airborne);
    let n = (ball.pos - cue.pos) / (2.0 * p.ball_radius_m);
    assert!(n.z < -0.3, "the cue ball meets the 1 above its equator: n = {n:?}");
    let (cue_after, ball_after) = by_hand(cue.vel, ball.vel, n, &p);
    let k = hit.state[&one()];
    for i in 0..3 {
        assert!((k.v[i] - ball_after.to_array()[i]).abs() < 1e-12, "{:?} vs {ball_after:?}", k.v);
        assert!((hit.state[&BallId::CUE].v[i] - cue_after.to_array()[i]).abs() < 1e-12);
    }
    // The 1 leaves the slate at 1.0 m/s: a 51 mm hop, far above the 5 mm minimum.
    assert!(k.v[2] > 0.9 && k.v[2] * k.v[2] / (2.0 * p.g) > p.min_hop_height_m, "{:?}", k.v);
    let up = events.iter().position(|e| e.kind == EventKind::Airborne { ball: one() }).expect("the 1 flies");
    assert_eq!(events[up].t, hit.t);
    // It crosses the long rail's nose line with its bottom above the nose: off the table (6.5).
    let off = events.iter().find(|e| e.kind == EventKind::OffTable { ball: one() }).expect("off the table");
    let table = Table::default();
    let at = off.state[&one()];
    assert!((at.pos[1] - table.half_width()).abs() < 1e-9, "{at:?}");
    assert!(at.pos[2] - p.ball_radius_m >= table.cushion_height_m, "{at:?}");
    // Energy: the contact only took some away (the slate keeps half the 1's downward speed).
    let (m, i) = (p.ball_mass_kg, p.inertia());
    let after = BallState { vel: V3::from_array(k.v), ..ball }.kinetic_energy(m, i)
        + BallState { vel: V3::from_array(hit.state[&BallId::CUE].v), ..cue }.kinetic_energy(m, i);
    assert!(after < cue.kinetic_energy(m, i) + ball.kinetic_energy(m, i));
}

#[test]
fn a_steep_jump_lands_on_an_object_ball_and_drives_it_into_the_slate() {
    // A 70 degree stroke at 2.2 m/s: the ball leaves at 1.346 * 2.2 = 2.96 m/s, 1.01 m/s level and
    // (slate) 0.5 * 2.78 = 1.39 m/s up, so it would land 0.287 m on, where the 1 is: it comes down
    // on the 1 at about 48 degrees, its path through the 1's centre. By hand (no friction): the
    // first exchange leaves the cue ball (1 - e) / 2 of its closing speed, the 1 takes the rest
    // into the slate, which throws e_table of it back up into the cue ball, and so on.
    let p = Params { mu_ball: Some(0.0), ..Params::default() };
    let theta = 70f64.to_radians();
    let v = (1.0 + p.e_tip) * 2.2 / (1.0 + p.ball_mass_kg / p.cue_mass_kg);
    let (vx, vz) = (v * theta.cos(), p.e_table * v * theta.sin());
    let range = vx * 2.0 * vz / p.g;
    let balls = vec![rack::cue_at([-0.5, 0.0]), Ball::at_rest(one(), [-0.5 + range, 0.0])];
    let strike = Strike { speed_mps: 2.2, phi_rad: 0.0, theta_rad: theta, a: 0.0, b: 0.0 };
    let (events, hit, [cue, ball]) = first_contact(p, balls, strike, one());
    let n = (ball.pos - cue.pos) / (2.0 * p.ball_radius_m);
    assert!(cue.vel.z < 0.0 && n.z < -0.7, "coming down on top of the 1: n = {n:?}, v = {:?}", cue.vel);
    let (cue_after, ball_after) = by_hand(cue.vel, ball.vel, n, &p);
    let k = hit.state[&one()];
    let c = hit.state[&BallId::CUE];
    for i in 0..3 {
        assert!((c.v[i] - cue_after.to_array()[i]).abs() < 1e-12, "{:?} vs {cue_after:?}", c.v);
    }
    // The cue ball goes back up; the 1 keeps its level push and its lift only if it hops 5 mm.
    assert!(c.v[2] > 0.0, "{c:?}");
    let hop = ball_after.z * ball_after.z / (2.0 * p.g);
    if hop >= p.min_hop_height_m {
        assert!((k.v[2] - ball_after.z).abs() < 1e-12);
        assert!(events.iter().any(|e| e.t == hit.t && e.kind == EventKind::Airborne { ball: one() }));
    } else {
        assert_eq!(k.v[2], 0.0);
    }
    assert!((k.v[0] - ball_after.x).abs() < 1e-12 && k.v[0] > 0.0);
}

#[test]
fn a_ball_dropped_on_top_of_another_slides_off_and_both_come_to_rest_apart_on_the_bed() {
    // The cue ball released 1 mm above the very top of the 1: it lands at 0.14 m/s, rebounds
    // too little to count (under min_hop_height along the line of centres) and slides off; it
    // must neither hang there nor bounce without end.
    let p = Params::default();
    let r = p.ball_radius_m;
    let mut above = BallState::at_rest([0.3, 0.1], r);
    above.pos.z = 3.0 * r + 0.001;
    above.motion = Motion::Airborne;
    let balls = vec![Ball { id: BallId::CUE, state: above }, Ball::at_rest(one(), [0.3, 0.1])];
    let mut sim = Simulation::new(Table::default(), p, balls);
    let events = sim.run_to_rest();
    assert!(events.len() < 60, "{} events", events.len());
    assert!(sim.is_at_rest());
    let end = sim.snapshot(sim.time());
    for b in &end {
        assert_eq!(b.state.pos.z, r, "{:?}", b.state);
    }
    assert!((end[0].state.pos - end[1].state.pos).norm() >= 2.0 * r - 1e-9);
    assert!(matches!(end[0].fate(), BallFate::OnTable { .. }));
}

fn any_state(on_bed: bool, pos: V3, vel: V3, w: V3) -> BallState {
    let r = Params::default().ball_radius_m;
    let mut s = BallState::at_rest([pos.x, pos.y], r);
    s.pos.z = if on_bed { r } else { r + pos.z };
    s.vel = if on_bed { V3::new(vel.x, vel.y, 0.0) } else { vel };
    s.ang_vel = w;
    s.motion = if on_bed { Motion::Sliding } else { Motion::Airborne };
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, rng_seed: proptest::test_runner::RngSeed::Fixed(21), ..ProptestConfig::default() })]

    /// No contact of a ball in flight adds energy: the 3D impulse with friction, the slate, the
    /// slide off the top and the press rule, for any pair of states that touch.
    #[test]
    fn no_contact_in_the_air_adds_energy(
        elev in -0.2f64..1.0, azim in 0.0f64..6.3, both_fly in proptest::bool::ANY,
        va in proptest::array::uniform3(-4.0f64..4.0), vb in proptest::array::uniform3(-2.0f64..2.0),
        wa in proptest::array::uniform3(-150.0f64..150.0), wb in proptest::array::uniform3(-40.0f64..40.0),
    ) {
        let p = Params::default();
        let r = p.ball_radius_m;
        // b on the bed (or flying too), a in flight at 2R along the direction (azim, elev) from b.
        let b = any_state(!both_fly, V3::new(0.0, 0.0, 0.02), V3::from_array(vb), V3::from_array(wb));
        let d = V3::new(elev.cos() * azim.cos(), elev.cos() * azim.sin(), elev.sin());
        let a_pos = b.pos + 2.0 * r * d;
        prop_assume!(a_pos.z > r);
        let a = BallState { pos: a_pos, ..any_state(false, V3::ZERO, V3::from_array(va), V3::from_array(wa)) };
        let (m, i) = (p.ball_mass_kg, p.inertia());
        let e = |s: &BallState| s.mechanical_energy(m, i, p.g, r);
        let before = e(&a) + e(&b);
        let (a2, b2) = frictional_inelastic_3d::resolve(&a, &b, &p);
        let (a2, b2) = roll_off::resolve(&a2, &b2, &p, |_| true);
        let (a2, b2) = flying_press::resolve(&a2, &b2, &p);
        let after = e(&a2) + e(&b2);
        prop_assert!(after <= before * (1.0 + 1e-12) + 1e-15, "{before} -> {after}");
        // And they part (or at least stop closing) along their line of centres.
        let n = (b2.pos - a2.pos).unit_or_zero();
        prop_assert!((a2.vel - b2.vel).dot(n) <= 1e-9 || a2.pos != a.pos);
    }
}

/// Jumps into a rack that went wrong while this was built (found by `tests/properties.rs` with
/// 3000 cases at other seeds): a ball settling in the hollow between two racked balls (20 000
/// events, then frozen overlapping), a flier pressed against a sliding ball (1000 contacts 2 us
/// apart), a slide off the top whose fallback added 2.5e-4 J. Each now ends in 104, 129 and 120
/// events (under 500 asserted) with no overlap and no energy gained at any event.
#[test]
fn jumps_into_a_rack_that_once_looped_or_gained_energy() {
    let cases: [(fn(&Table) -> Vec<Ball>, [f64; 6]); 3] = [
        (
            rack::eight_ball,
            [
                -0.921720859508691,
                0.1627309702416591,
                7.281010498228477,
                0.025795439838283002,
                0.24906790869650697,
                -0.11347499728769381,
            ],
        ),
        (
            rack::ten_ball,
            [
                -0.8076716700522129,
                -0.4199309265596394,
                4.975713212534335,
                -0.0017050715066283394,
                0.5972384301487431,
                0.38330315009042876,
            ],
        ),
        (
            rack::eight_ball,
            [
                -0.8942268012597973,
                0.4126297598327998,
                5.941536241105134,
                0.03160004089171896,
                0.3268723791986407,
                0.3687673781311532,
            ],
        ),
    ];
    let p = Params::default();
    let r = p.ball_radius_m;
    let energy = |sim: &Simulation, t: f64| -> f64 {
        sim.snapshot(t)
            .iter()
            .filter(|b| b.on_table())
            .map(|b| b.state.mechanical_energy(p.ball_mass_kg, p.inertia(), p.g, r))
            .sum::<f64>()
            + sim.cue_energy(t)
    };
    for (make, [x, y, speed, aim, theta, b]) in cases {
        let table = Table::default();
        let mut balls = make(&table);
        balls.insert(0, rack::cue_at([x, y]));
        let [fx, fy] = table.foot_spot();
        let phi = (fy - y).atan2(fx - x) + aim;
        let mut sim = Simulation::new(table, p, balls);
        sim.strike(BallId::CUE, Strike { speed_mps: speed, phi_rad: phi, theta_rad: theta, a: 0.0, b });
        let mut steps = 0;
        while let Some(t) = sim.next_event_time() {
            steps += 1;
            assert!(steps < 500, "{x}: too many events");
            let before = energy(&sim, t);
            sim.advance_to(t);
            let after = energy(&sim, t);
            assert!(after <= before * (1.0 + 1e-9) + 1e-12, "{x}: energy rose at {t}: {before} -> {after}");
            let snap = sim.snapshot(t);
            for (i, u) in snap.iter().enumerate() {
                for v in snap[i + 1..].iter().filter(|v| u.on_table() && v.on_table()) {
                    assert!(
                        (u.state.pos - v.state.pos).norm() >= 2.0 * r - 1e-9,
                        "{x}: {} {} overlap at {t}",
                        u.id,
                        v.id
                    );
                }
            }
        }
        assert!(sim.is_at_rest(), "{x}");
    }
}
