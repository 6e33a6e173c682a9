//! The airborne state through the whole simulation: jumps off the slate, flight, landing
//! bounces, jump shots over a ball, balls flying off the table, pockets from the air.

use biljardi_physics::{
    Ball, BallFate, BallId, Event, EventKind, Motion, Params, PocketId, Simulation, Strike, Table, rack,
};

fn obj(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

fn deg(x: f64) -> f64 {
    x.to_radians()
}

fn shoot(balls: Vec<Ball>, strike: Strike) -> (Simulation, Vec<Event>) {
    let mut sim = Simulation::new(Table::default(), Params::default(), balls);
    let mut events: Vec<Event> = sim.strike(BallId::CUE, strike).into_iter().collect();
    events.extend(sim.run_to_rest());
    (sim, events)
}

fn cue_events(events: &[Event]) -> Vec<&Event> {
    events.iter().filter(|e| e.kind.balls().contains(&BallId::CUE)).collect()
}

#[test]
fn jump_flight_lasts_two_vz_over_g_and_rises_vz_squared_over_two_g() {
    let p = Params::default();
    let mut sim = Simulation::new(Table::default(), p, vec![rack::cue_at([-0.9, 0.0])]);
    let strike = sim.strike(BallId::CUE, Strike { speed_mps: 1.5, phi_rad: 0.0, theta_rad: deg(45.0), a: 0.0, b: 0.0 });
    assert!(matches!(strike.unwrap().kind, EventKind::Strike { .. }));
    let first = sim.advance(0.0);
    assert_eq!(first.len(), 1, "{first:?}");
    assert_eq!(first[0].kind, EventKind::Airborne { ball: BallId::CUE });
    let vz = first[0].state[&BallId::CUE].v[2];
    // A centre hit at 45 degrees drives the ball down at sin 45 of (1 + e_tip) V0 / (1 + m/M).
    let v = (1.0 + p.e_tip) * 1.5 / (1.0 + p.ball_mass_kg / p.cue_mass_kg);
    assert!((vz - p.e_table * v * deg(45.0).sin()).abs() < 1e-12, "{vz}");
    let top = sim.ball(BallId::CUE, vz / p.g).unwrap();
    assert_eq!(top.motion, Motion::Airborne);
    assert!((top.pos.z - p.ball_radius_m - vz * vz / (2.0 * p.g)).abs() < 1e-12, "{}", top.pos.z);
    let events = sim.run_to_rest();
    let land = events.iter().find(|e| matches!(e.kind, EventKind::Land { .. })).unwrap();
    assert!((land.t - 2.0 * vz / p.g).abs() < 1e-12, "{} vs {}", land.t, 2.0 * vz / p.g);
    let at = land.state[&BallId::CUE];
    assert!((at.pos[2] - p.ball_radius_m).abs() < 1e-15);
    // No cloth in the air: the horizontal velocity is what the strike gave.
    assert!((at.v[0] - v * deg(45.0).cos()).abs() < 1e-12);
    assert!((at.pos[0] + 0.9 - v * deg(45.0).cos() * land.t).abs() < 1e-12);
}

#[test]
fn landing_bounces_at_e_table_times_the_landing_speed_until_the_hop_is_too_low() {
    let p = Params::default();
    let (sim, events) = shoot(
        vec![rack::cue_at([-1.0, 0.0])],
        Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: deg(60.0), a: 0.0, b: 0.0 },
    );
    let mut launch =
        events.iter().find(|e| matches!(e.kind, EventKind::Airborne { .. })).unwrap().state[&BallId::CUE].v[2];
    let lands: Vec<&Event> = events.iter().filter(|e| matches!(e.kind, EventKind::Land { .. })).collect();
    assert!(lands.len() >= 2, "{} landings", lands.len());
    for (k, land) in lands.iter().enumerate() {
        // A ball launched at vz comes down at vz and leaves at e vz, or stays on the cloth.
        let up = land.state[&BallId::CUE].v[2];
        let expected = p.e_table * launch;
        if k + 1 < lands.len() {
            assert!((up - expected).abs() < 1e-12, "bounce {k}: {up} vs {expected}");
            assert!(up * up / (2.0 * p.g) >= p.min_hop_height_m);
            launch = up;
        } else {
            assert_eq!(up, 0.0, "the last landing stays on the cloth");
            assert!(expected * expected / (2.0 * p.g) < p.min_hop_height_m, "{expected}");
        }
    }
    // Every bounce but the last is followed by its own `airborne`.
    let ups = events.iter().filter(|e| matches!(e.kind, EventKind::Airborne { .. })).count();
    assert_eq!(ups, lands.len());
    // It carries on across the cloth with its spin and comes to rest on the bed.
    assert!(matches!(sim.final_balls()[0].fate, BallFate::OnTable { .. }));
}

#[test]
fn a_jump_shot_clears_a_blocking_ball_and_hits_the_object_ball_beyond() {
    let layout =
        vec![rack::cue_at([-0.3, 0.2]), Ball::at_rest(obj(2), [-0.05, 0.2]), Ball::at_rest(obj(3), [0.5, 0.2])];
    // 2 m/s of cue speed with the elastic tip, scaled by 2 / (1 + e_tip) so the ball leaves at
    // the same speed with the leather one.
    let jump = Strike { speed_mps: 2.0 * 2.0 / 1.75, phi_rad: 0.0, theta_rad: deg(50.0), a: 0.0, b: -0.2 };
    let (_, events) = shoot(layout.clone(), jump);
    let first = events.iter().find(|e| matches!(e.kind, EventKind::BallBall { .. })).unwrap();
    assert_eq!(first.kind, EventKind::BallBall { balls: [BallId::CUE, obj(3)] });
    let before: Vec<_> = events.iter().take_while(|e| e.t < first.t).map(|e| e.kind).collect();
    assert!(before.contains(&EventKind::Airborne { ball: BallId::CUE }), "{before:?}");
    assert!(before.contains(&EventKind::Land { ball: BallId::CUE }), "{before:?}");
    // The blocker was flown over, never touched on the way.
    assert!(events.iter().take_while(|e| e.t <= first.t).all(|e| !e.kind.balls().contains(&obj(2))));
    // Over the blocker the cue ball's centre is more than 2R from the blocker's.
    let mut sim = Simulation::new(Table::default(), Params::default(), layout.clone());
    sim.strike(BallId::CUE, jump);
    let mut t = 0.0;
    while t < first.t {
        let cue = sim.ball(BallId::CUE, t).unwrap();
        let blocker = sim.ball(obj(2), t).unwrap();
        assert!((cue.pos - blocker.pos).norm() >= 2.0 * 0.028575 - 1e-9, "at {t}");
        sim.advance_to(t);
        t += 1e-3;
    }
    // The same stroke with a level cue runs into the blocker.
    let (_, level) = shoot(layout, Strike { theta_rad: 0.0, ..jump });
    let first = level.iter().find(|e| matches!(e.kind, EventKind::BallBall { .. })).unwrap();
    assert_eq!(first.kind, EventKind::BallBall { balls: [BallId::CUE, obj(2)] });
    assert!(!level.iter().any(|e| matches!(e.kind, EventKind::Airborne { .. })));
}

#[test]
fn a_hard_elevated_shot_flies_over_the_cushion_and_off_the_table_but_level_it_stays_on() {
    let p = Params::default();
    let table = Table::default();
    let hard = Strike { speed_mps: 4.0, phi_rad: 0.0, theta_rad: deg(30.0), a: 0.0, b: 0.0 };
    let (sim, events) = shoot(vec![rack::cue_at([0.9, 0.0])], hard);
    let off = events.iter().find(|e| e.kind == EventKind::OffTable { ball: BallId::CUE }).expect("off the table");
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::Cushion { .. })));
    assert_eq!(sim.final_balls()[0].fate, BallFate::OffTable);
    // It left where its centre crossed the foot cushion's nose, its bottom above the nose, and
    // keeps that state (position and velocity) for the game's fall to the floor.
    let k = off.state[&BallId::CUE];
    assert!((k.pos[0] - table.half_length()).abs() < 1e-9, "{:?}", k.pos);
    assert!(k.pos[2] - p.ball_radius_m >= table.cushion_height_m, "{:?}", k.pos);
    assert!(k.v[0] > 0.0);
    let end = sim.ball(BallId::CUE, sim.time() + 1.0).unwrap();
    assert_eq!(end.motion, Motion::OffTable);
    assert_eq!(end.pos.to_array(), k.pos);
    assert_eq!(end.vel.to_array(), k.v);
    // Level, the same stroke comes off the foot cushion and stays on the table.
    let (sim, events) = shoot(vec![rack::cue_at([0.9, 0.0])], Strike { theta_rad: 0.0, ..hard });
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Cushion { .. })));
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::OffTable { .. } | EventKind::Airborne { .. })));
    assert!(matches!(sim.final_balls()[0].fate, BallFate::OnTable { .. }));
}

#[test]
fn a_low_flying_ball_strikes_the_cushion_and_comes_back() {
    let p = Params::default();
    // A small hop towards a near cushion: still in the air at the cushion, but well below its nose.
    let (sim, events) = shoot(
        vec![rack::cue_at([1.15, 0.0])],
        Strike { speed_mps: 1.6, phi_rad: 0.0, theta_rad: deg(25.0), a: 0.0, b: 0.0 },
    );
    let cue = cue_events(&events);
    let hit = cue.iter().position(|e| matches!(e.kind, EventKind::Cushion { .. })).expect("a cushion");
    assert!(cue[..hit].iter().all(|e| !matches!(e.kind, EventKind::Land { .. })), "still flying at the cushion");
    let k = cue[hit].state[&BallId::CUE];
    assert!(k.pos[2] > p.ball_radius_m, "{:?}", k.pos);
    assert!(k.v[0] < 0.0, "rebounds: {:?}", k.v);
    assert!(matches!(sim.final_balls()[0].fate, BallFate::OnTable { .. }));
}

#[test]
fn a_ball_flying_into_a_pocket_drops_in_from_the_air() {
    let (sim, events) = shoot(
        vec![rack::cue_at([0.9, 0.3])],
        Strike { speed_mps: 2.5, phi_rad: (0.375f64).atan2(0.41), theta_rad: deg(30.0), a: 0.0, b: 0.0 },
    );
    let kinds: Vec<EventKind> = events.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        vec![
            EventKind::Strike { ball: BallId::CUE },
            EventKind::Airborne { ball: BallId::CUE },
            EventKind::Pocket { ball: BallId::CUE, pocket: PocketId::FootLeft },
        ]
    );
    assert_eq!(sim.final_balls()[0].fate, BallFate::Pocketed { pocket: PocketId::FootLeft });
}

#[test]
fn a_slightly_elevated_ordinary_shot_never_leaves_the_cloth() {
    // The AI's few degrees of elevation over a rail, at an ordinary speed.
    let (_, events) = shoot(
        rack::nine_ball(&Table::default()).into_iter().chain([rack::cue_at([-0.635, 0.0])]).collect(),
        Strike { speed_mps: 6.0, phi_rad: 0.0, theta_rad: deg(3.0), a: 0.0, b: 0.2 },
    );
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::Airborne { .. } | EventKind::Land { .. })));
}

/// The slate's friction during a jump's launch (`ball_table_model` `"frictional_inelastic"`,
/// pooltool's ball-table model): at 45 degrees mu (1 + e) v sin 45 = 0.212 v is more than 2/7 of
/// the stun ball's slip v cos 45 (0.202 v), so the ball leaves the slate rolling, at 5/7 v cos 45
/// (frictionless: v cos 45); in the air it keeps that, and the flight's height and time are the
/// frictionless ones.
#[test]
fn with_the_slates_friction_a_45_degree_jump_leaves_rolling_at_five_sevenths() {
    let p = Params { ball_table_model: biljardi_physics::BallTableModel::FrictionalInelastic, ..Params::default() };
    let mut sim = Simulation::new(Table::default(), p, vec![rack::cue_at([-0.9, 0.0])]);
    sim.strike(BallId::CUE, Strike { speed_mps: 1.5, phi_rad: 0.0, theta_rad: deg(45.0), a: 0.0, b: 0.0 });
    let first = sim.advance(0.0);
    let v = (1.0 + p.e_tip) * 1.5 / (1.0 + p.ball_mass_kg / p.cue_mass_kg);
    let launch = first[0].state[&BallId::CUE];
    assert!((launch.v[0] - 5.0 / 7.0 * v * deg(45.0).cos()).abs() < 1e-12, "{:?}", launch.v);
    assert!((launch.v[2] - p.e_table * v * deg(45.0).sin()).abs() < 1e-12);
    assert!((launch.w[1] - launch.v[0] / p.ball_radius_m).abs() < 1e-9, "rolling: {:?}", launch.w);
    let events = sim.run_to_rest();
    let land = events.iter().find(|e| matches!(e.kind, EventKind::Land { .. })).unwrap();
    assert!((land.t - 2.0 * launch.v[2] / p.g).abs() < 1e-12);
    let at = land.state[&BallId::CUE];
    // Landing rolling, the bounce's friction has no slip to act on.
    assert_eq!(at.v[0], launch.v[0]);
}
