//! Whole shots: the break, pockets, and stepping frame by frame.

use biljardi_physics::{
    Ball, BallFate, BallId, BallState, EventKind, Params, PocketId, Simulation, Strike, Table, V3, rack,
};

fn rolling(id: BallId, pos: [f64; 2], v: V3) -> Ball {
    let p = Params::default();
    let mut s = BallState::at_rest(pos, p.ball_radius_m);
    s.vel = v;
    s.ang_vel = V3::new(-v.y, v.x, 0.0) / p.ball_radius_m;
    Ball { id, state: s }
}

fn break_sim(balls: Vec<Ball>, speed: f64) -> Simulation {
    let table = Table::default();
    let mut all = vec![rack::cue_at(table.head_spot())];
    all.extend(balls);
    let mut sim = Simulation::new(table, Params::default(), all);
    sim.strike(BallId::CUE, Strike::centre(speed, 0.0)).unwrap();
    sim
}

fn assert_no_overlap(sim: &Simulation, t: f64) {
    let r = sim.params().ball_radius_m;
    let snap = sim.snapshot(t);
    for (i, a) in snap.iter().enumerate() {
        for b in &snap[i + 1..] {
            if a.on_table() && b.on_table() {
                let d = (a.state.pos - b.state.pos).norm();
                assert!(d >= 2.0 * r - 1e-9, "{} and {} overlap by {} at {t}", a.id, b.id, 2.0 * r - d);
            }
        }
    }
}

#[test]
fn fifteen_ball_break_scatters_the_rack_and_everything_comes_to_rest() {
    let table = Table::default();
    let start = rack::eight_ball(&table);
    let mut sim = break_sim(start.clone(), 8.0);
    let events = sim.run_to_rest();
    assert!(sim.is_at_rest());
    assert!(events.len() > 40, "{} events", events.len());
    assert!(events.iter().filter(|e| matches!(e.kind, EventKind::Cushion { .. })).count() >= 8);
    assert_no_overlap(&sim, sim.time());
    let end = sim.snapshot(sim.time());
    let moved = start
        .iter()
        .filter(|b| {
            let s = end.iter().find(|e| e.id == b.id).unwrap();
            !s.on_table() || (s.state.pos - b.state.pos).norm() > 0.1
        })
        .count();
    assert!(moved >= 10, "only {moved} balls left the rack");
    for b in &end {
        if b.on_table() {
            assert!(sim.fits_on_bed([b.state.pos.x, b.state.pos.y], 1e-9), "{} at {:?}", b.id, b.state.pos);
        }
    }
}

#[test]
fn advancing_frame_by_frame_gives_the_same_events_as_one_run() {
    let table = Table::default();
    let mut whole = break_sim(rack::nine_ball(&table), 8.0);
    let expected = whole.run_to_rest();
    let mut framed = break_sim(rack::nine_ball(&table), 8.0);
    let mut got = Vec::new();
    let mut frames = 0;
    while !framed.is_at_rest() {
        got.extend(framed.advance(1.0 / 60.0));
        frames += 1;
        assert!(frames < 60 * 120);
        assert_no_overlap(&framed, framed.time());
    }
    assert_eq!(got, expected);
    // The snapshot at the final time agrees too.
    assert_eq!(framed.final_balls(), whole.final_balls());
}

#[test]
fn a_ball_rolled_down_a_corner_pockets_centreline_drops() {
    let table = Table::default();
    for id in [PocketId::FootLeft, PocketId::HeadRight] {
        let pocket = table.pocket(id);
        let (m, a) = (pocket.mouth_centre, pocket.axis);
        let start = [m[0] - a[0] * 0.6, m[1] - a[1] * 0.6];
        let ball = rolling(BallId::object(1).unwrap(), start, V3::new(a[0], a[1], 0.0));
        let mut sim = Simulation::new(table, Params::default(), vec![ball]);
        let events = sim.run_to_rest();
        assert!(
            events.iter().any(|e| e.kind == EventKind::Pocket { ball: BallId::object(1).unwrap(), pocket: id }),
            "{id}: {events:?}"
        );
        assert!(!events.iter().any(|e| matches!(e.kind, EventKind::Cushion { .. })), "{id}: clean");
    }
}

#[test]
fn a_ball_rolled_straight_into_a_side_pocket_drops() {
    let ball = rolling(BallId::CUE, [0.0, 0.0], V3::new(0.0, 1.0, 0.0));
    let mut sim = Simulation::new(Table::default(), Params::default(), vec![ball]);
    let events = sim.run_to_rest();
    assert_eq!(events.last().unwrap().kind, EventKind::Pocket { ball: BallId::CUE, pocket: PocketId::SideLeft });
    assert!(!sim.snapshot(sim.time())[0].on_table());
}

#[test]
fn a_ball_aimed_at_the_jaw_point_rattles_out() {
    let table = Table::default();
    let pocket = table.pocket(PocketId::FootLeft);
    let a = pocket.axis;
    // Parallel to the pocket's axis, centred on the long rail's jaw point: it strikes the jaw.
    let jaw = pocket.jaws[1].point;
    let start = [jaw[0] - a[0] * 0.6, jaw[1] - a[1] * 0.6];
    let ball = rolling(BallId::object(2).unwrap(), start, V3::new(a[0] * 0.8, a[1] * 0.8, 0.0));
    let mut sim = Simulation::new(table, Params::default(), vec![ball]);
    let events = sim.run_to_rest();
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Cushion { .. })), "{events:?}");
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::Pocket { .. })), "{events:?}");
    assert!(sim.snapshot(sim.time())[0].on_table());
}

#[test]
fn angled_cushion_hit_with_running_english_comes_off_wider_than_with_reverse() {
    let p = Params::default();
    let angle_off = |wz: f64| {
        let mut s = BallState::at_rest([0.9, 0.0], p.ball_radius_m);
        s.vel = V3::new(1.0, 1.0, 0.0);
        s.ang_vel = V3::new(-1.0, 1.0, 0.0) / p.ball_radius_m + V3::new(0.0, 0.0, wz);
        let mut sim = Simulation::new(Table::default(), p, vec![Ball { id: BallId::CUE, state: s }]);
        let events = sim.advance(1.0);
        let hit = events.iter().find(|e| matches!(e.kind, EventKind::Cushion { .. })).unwrap();
        let v = hit.state[&BallId::CUE].v;
        assert!(v[0] < 0.0, "comes off the foot rail");
        v[1].atan2(-v[0]).to_degrees()
    };
    let plain = angle_off(0.0);
    // Moving +y into the foot rail (+x): running english spins clockwise seen from above.
    let running = angle_off(-40.0);
    let reverse = angle_off(40.0);
    assert!(running > plain + 2.0 && reverse < plain - 2.0, "{running} {plain} {reverse}");
}

#[test]
fn advance_stops_exactly_at_the_requested_time_mid_trajectory() {
    let p = Params::default();
    let ball = rolling(BallId::CUE, [-1.0, 0.0], V3::new(1.0, 0.0, 0.0));
    let mut sim = Simulation::new(Table::default(), p, vec![ball]);
    assert!(sim.advance(0.25).is_empty());
    assert_eq!(sim.time(), 0.25);
    let snap = sim.snapshot(sim.time())[0];
    let expected = -1.0 + 0.25 - 0.5 * 0.01 * 9.81 * 0.25 * 0.25;
    assert!((snap.pos()[0] - expected).abs() < 1e-12);
    // The numbers roll: the quaternion stays unit and has turned.
    let q = snap.orientation();
    assert!(((q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]) - 1.0).abs() < 1e-12);
    assert!(q[0] < 0.99);
}

#[test]
fn a_game_can_place_and_remove_balls_between_shots_and_the_event_guard_resets() {
    let table = Table::default();
    let mut sim = break_sim(rack::nine_ball(&table), 6.0);
    sim.run_to_rest();
    let nine = BallId::object(9).unwrap();
    // A line up the table that the break left clear (its layout moves with the physics): the
    // cue ball goes at y = 0.2, the nine at y = 0.5, no other ball within 2.2 R of the path.
    let r = Params::default().ball_radius_m;
    let others: Vec<[f64; 2]> = sim
        .final_balls()
        .iter()
        .filter(|b| b.id != nine && b.id != BallId::CUE)
        .filter_map(|b| match b.fate {
            BallFate::OnTable { pos } => Some(pos),
            _ => None,
        })
        .collect();
    let clear =
        |x: f64| others.iter().all(|p| (p[0] - x).abs() > 2.2 * r || p[1] < 0.2 - 2.2 * r || p[1] > 0.5 + 2.2 * r);
    let x = (0..20).map(|i| 0.1 * i as f64 * if i % 2 == 0 { 1.0 } else { -1.0 }).find(|&x| clear(x)).unwrap();
    sim.remove(nine, PocketId::FootLeft);
    assert!(!sim.snapshot(sim.time()).iter().find(|b| b.id == nine).unwrap().on_table());
    // Spot it again on a clear spot and shoot at it with ball in hand.
    sim.place(Ball::at_rest(nine, [x, 0.5]));
    sim.place(rack::cue_at([x, 0.2]));
    let e = sim.strike(BallId::CUE, Strike::centre(2.0, std::f64::consts::FRAC_PI_2)).unwrap();
    assert_eq!(e.t, sim.time());
    let events = sim.run_to_rest();
    assert!(events.iter().any(|e| e.kind == EventKind::BallBall { balls: [BallId::CUE, nine] }));
}

#[test]
fn a_ball_frozen_to_a_rail_and_shot_along_it_with_side_runs_out_cleanly() {
    let p = Params::default();
    let table = Table::default();
    let y = table.half_width() - p.ball_radius_m;
    for a in [-0.4, 0.0, 0.4] {
        let mut sim = Simulation::new(table, p, vec![rack::cue_at([-0.5, y])]);
        sim.strike(BallId::CUE, Strike { speed_mps: 2.0, phi_rad: 0.0, theta_rad: 0.0, a, b: 0.1 }).unwrap();
        let events = sim.run_to_rest();
        assert!(events.len() < 200, "a {a}: {} events", events.len());
        let end = sim.snapshot(sim.time())[0];
        assert!(!end.on_table() || sim.fits_on_bed([end.state.pos.x, end.state.pos.y], 1e-9), "a {a}");
    }
}

#[test]
fn frozen_balls_shot_straight_through_part_at_once() {
    let p = Params::default();
    let r = p.ball_radius_m;
    let balls = vec![rack::cue_at([-0.3, 0.0]), Ball::at_rest(BallId::object(1).unwrap(), [-0.3 + 2.0 * r, 0.0])];
    // Without the follow-through: the contact at once and nothing else at that instant.
    let still = Params { follow_through_m: 0.0, ..p };
    let mut sim = Simulation::new(Table::default(), still, balls.clone());
    sim.strike(BallId::CUE, Strike::centre(1.0, 0.0)).unwrap();
    let events = sim.advance(0.0);
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].kind, EventKind::BallBall { balls: [BallId::CUE, BallId::object(1).unwrap()] });
    assert_eq!(events[0].t, 0.0);
    sim.run_to_rest();
    assert!(sim.is_at_rest());
    // The strike pushes the pair as one (`stick_ball::frozen`): the 1 leaves a little faster than
    // the cue ball, and the following-through tip, left at a third of the cue ball's speed,
    // never meets it again (before, the cue ball nearly stopped on the 1 and was caught).
    let mut sim = Simulation::new(Table::default(), p, balls);
    sim.strike(BallId::CUE, Strike::centre(1.0, 0.0)).unwrap();
    let events = sim.run_to_rest();
    assert_eq!(events[0].kind, EventKind::BallBall { balls: [BallId::CUE, BallId::object(1).unwrap()] });
    assert_eq!(events[0].t, 0.0);
    let (cue, one) = (events[0].state[&BallId::CUE].v[0], events[0].state[&BallId::object(1).unwrap()].v[0]);
    assert!(0.9 < cue && cue < one && one < 1.2, "{cue} {one}");
    assert!(!events.iter().any(|e| e.kind == EventKind::Strike { ball: BallId::CUE }));
    assert!(sim.is_at_rest());
}
