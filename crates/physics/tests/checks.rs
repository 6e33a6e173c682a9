//! design.md's table of checks, run through the whole simulation (strike, events, evolve).

use biljardi_physics::{Ball, BallId, BallState, EventKind, Motion, Params, Simulation, Strike, Table, V3};

fn obj(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

fn moving(id: BallId, pos: [f64; 2], v: V3, w: V3) -> Ball {
    let mut s = BallState::at_rest(pos, Params::default().ball_radius_m);
    s.vel = v;
    s.ang_vel = w;
    Ball { id, state: s }
}

#[test]
fn stun_ball_reaches_natural_roll_at_five_sevenths() {
    let mut sim = Simulation::new(
        Table::default(),
        Params::default(),
        vec![moving(BallId::CUE, [-1.0, 0.0], V3::new(2.0, 0.0, 0.0), V3::ZERO)],
    );
    let events = sim.run_to_rest();
    let roll = events.iter().find(|e| matches!(e.kind, EventKind::Rolling { .. })).unwrap();
    let t = 2.0 * 2.0 / (7.0 * 0.2 * 9.81);
    assert!((roll.t - t).abs() < 1e-12, "{}", roll.t);
    let k = roll.state[&BallId::CUE];
    assert!((k.v[0] - 2.0 * 5.0 / 7.0).abs() < 1e-12);
    assert!((k.pos[0] + 1.0 - 12.0 * 4.0 / (49.0 * 0.2 * 9.81)).abs() < 1e-12);
}

#[test]
fn rolling_ball_stops_after_v_over_mu_r_g() {
    let p = Params::default();
    let v = 0.5;
    let ball = moving(BallId::CUE, [-1.0, 0.3], V3::new(v, 0.0, 0.0), V3::new(0.0, v / p.ball_radius_m, 0.0));
    let mut sim = Simulation::new(Table::default(), p, vec![ball]);
    let events = sim.run_to_rest();
    assert_eq!(events.len(), 1);
    assert!(matches!(events[0].kind, EventKind::Stop { .. }));
    assert!((events[0].t - v / (0.01 * 9.81)).abs() < 1e-9);
    assert!((events[0].state[&BallId::CUE].pos[0] + 1.0 - v * v / (2.0 * 0.01 * 9.81)).abs() < 1e-9);
}

#[test]
fn head_on_stun_hit_leaves_cue_ball_at_0_025_and_object_ball_at_0_975() {
    let p = Params::default();
    let balls = vec![
        moving(BallId::CUE, [-0.5, 0.0], V3::new(1.0, 0.0, 0.0), V3::ZERO),
        Ball::at_rest(obj(1), [-0.5 + 2.0 * p.ball_radius_m + 1e-12, 0.0]),
    ];
    let mut sim = Simulation::new(Table::default(), p, balls);
    let e = sim.advance(0.01).into_iter().find(|e| matches!(e.kind, EventKind::BallBall { .. })).unwrap();
    assert!((e.state[&BallId::CUE].v[0] - 0.025).abs() < 1e-9);
    assert!((e.state[&obj(1)].v[0] - 0.975).abs() < 1e-9);
}

#[test]
fn head_on_rolling_hit_leaves_the_cue_ball_rolling_at_five_sevenths_of_its_share_plus_two_sevenths() {
    // Without ball friction (which would take some of the top spin through the vertical slip).
    let p = Params { mu_roll: 1e-9, mu_ball: Some(0.0), ..Params::default() };
    let e = p.e_ball;
    let v = 1.0;
    let balls = vec![
        moving(BallId::CUE, [-0.8, 0.0], V3::new(v, 0.0, 0.0), V3::new(0.0, v / p.ball_radius_m, 0.0)),
        Ball::at_rest(obj(1), [-0.8 + 2.0 * p.ball_radius_m + 1e-12, 0.0]),
    ];
    let mut sim = Simulation::new(Table::default(), p, balls);
    let events = sim.advance(1.0);
    let roll = events.iter().find(|ev| ev.kind == EventKind::Rolling { ball: BallId::CUE }).unwrap();
    let expected = (5.0 / 7.0) * (1.0 - e) / 2.0 + 2.0 / 7.0;
    assert!((roll.state[&BallId::CUE].v[0] - expected * v).abs() < 1e-6, "{:?}", roll.state[&BallId::CUE].v);
}

fn cut(p: Params, rolling: bool, fullness: f64) -> f64 {
    // fullness 1 = full ball; offset of the line of centres from the cue ball's path = 2R(1-f).
    let r = p.ball_radius_m;
    let v = 1.0;
    let w = if rolling { V3::new(0.0, v / r, 0.0) } else { V3::ZERO };
    let b = 2.0 * r * (1.0 - fullness);
    let balls = vec![moving(BallId::CUE, [-0.8, 0.0], V3::new(v, 0.0, 0.0), w), Ball::at_rest(obj(1), [-0.8 + 0.2, b])];
    let mut sim = Simulation::new(Table::default(), p, balls);
    let events = sim.advance(0.25);
    let hit = events.iter().find(|e| matches!(e.kind, EventKind::BallBall { .. })).unwrap();
    if !rolling {
        let a = hit.state[&BallId::CUE].v;
        let o = hit.state[&obj(1)].v;
        return (a[0] * o[0] + a[1] * o[1]) / (a[0].hypot(a[1]) * o[0].hypot(o[1]));
    }
    // Rolling: the final direction once the cue ball has rolled again.
    let after = events.iter().filter(|e| e.t > hit.t).find(|e| e.kind == EventKind::Rolling { ball: BallId::CUE });
    let vf = match after {
        Some(e) => e.state[&BallId::CUE].v,
        None => {
            sim.run_to_rest().iter().find(|e| e.kind == EventKind::Rolling { ball: BallId::CUE }).unwrap().state
                [&BallId::CUE]
                .v
        }
    };
    vf[1].atan2(vf[0]).to_degrees().abs()
}

#[test]
fn stun_cut_leaves_at_ninety_degrees() {
    let p = Params { e_ball: 1.0, mu_ball: Some(0.0), ..Params::default() };
    for f in [0.25, 0.5, 0.75] {
        let cos = cut(p, false, f);
        assert!(cos.abs() < 1e-9, "fullness {f}: cos {cos}");
    }
}

#[test]
fn rolling_cut_follows_the_thirty_degree_rule() {
    let p = Params { e_ball: 1.0, mu_ball: Some(0.0), mu_roll: 1e-9, ..Params::default() };
    for (f, expected) in [(0.75, 27.6), (0.5, 33.7), (0.25, 27.3)] {
        let got = cut(p, true, f);
        assert!((got - expected).abs() < 0.1, "fullness {f}: {got} vs {expected}");
    }
    // The formula's maximum.
    let phi = 28.1f64.to_radians();
    let max = (phi.sin() * phi.cos() / (phi.sin().powi(2) + 0.4)).atan().to_degrees();
    assert!((max - 33.75).abs() < 0.01);
}

#[test]
fn cue_strike_centre_hit_at_two_metres_per_second_gives_3_077() {
    // The perfectly elastic tip (e_tip = 1): 2 V0 / (1 + m/M).
    let p = Params { e_tip: 1.0, ..Params::default() };
    let mut sim = Simulation::new(Table::default(), p, vec![Ball::at_rest(BallId::CUE, [0.0, 0.0])]);
    let e = sim.strike(BallId::CUE, Strike::centre(2.0, 0.0)).unwrap();
    assert!((e.state[&BallId::CUE].v[0] - 2.0 * 2.0 / (1.0 + 0.170 / 0.567)).abs() < 1e-12);
    assert!((e.state[&BallId::CUE].v[0] - 3.077).abs() < 5e-4);
}

#[test]
fn cue_strike_centre_hit_with_a_leather_tip_is_1_28_to_1_36_times_the_cue_speed() {
    // Alciatore TP A-30: measured ball/cue speed ratios of a centre hit are 1.28-1.36, which
    // (1 + e_tip) / (1 + m/M) meets with the default e_tip 0.75 (1.346).
    let p = Params::default();
    let mut sim = Simulation::new(Table::default(), p, vec![Ball::at_rest(BallId::CUE, [0.0, 0.0])]);
    let e = sim.strike(BallId::CUE, Strike::centre(2.0, 0.0)).unwrap();
    let v = e.state[&BallId::CUE].v[0];
    assert!((v - 2.0 * (1.0 + p.e_tip) / (1.0 + 0.170 / 0.567)).abs() < 1e-12);
    assert!((1.28..=1.36).contains(&(v / 2.0)), "{}", v / 2.0);
}

#[test]
fn perpendicular_cushion_hit_rebounds_along_its_line() {
    let p = Params::default();
    let mut sim = Simulation::new(
        Table::default(),
        p,
        vec![moving(BallId::CUE, [1.0, 0.1], V3::new(1.0, 0.0, 0.0), V3::new(0.0, 1.0 / p.ball_radius_m, 0.0))],
    );
    let events = sim.advance(1.0);
    let hit = events.iter().find(|e| matches!(e.kind, EventKind::Cushion { .. })).unwrap();
    assert_eq!(hit.kind, EventKind::Cushion { ball: BallId::CUE, rail: biljardi_physics::RailId::Foot });
    let k = hit.state[&BallId::CUE];
    assert!((k.pos[0] - (1.27 - p.ball_radius_m)).abs() < 1e-12);
    assert!(k.v[1].abs() < 1e-12 && k.v[0] < 0.0);
    let s = sim.run_to_rest();
    let last = s.last().unwrap();
    assert!((last.state[&BallId::CUE].pos[1] - 0.1).abs() < 1e-12, "stays on its line");
    assert_eq!(sim.snapshot(sim.time())[0].state.motion, Motion::Stationary);
}
