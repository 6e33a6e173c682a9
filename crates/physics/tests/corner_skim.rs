//! A ball skimming past a jaw's rounded corner inside the line of the cushion's nose (in the
//! pocket's mouth), then curving into the straight cushion under its spin, meets the cushion: it
//! once passed through it and came to rest on the rail (two shots found by AI self-play).

use biljardi_physics::{Ball, BallFate, BallId, EventKind, Params, Simulation, Strike, Table};

const R: f64 = biljardi_physics::BALL_RADIUS_M;

fn rest_on_the_bed(balls: &[(u8, [f64; 2])], strike: Strike) -> Vec<EventKind> {
    let table = Table::default();
    let bs =
        balls.iter().map(|&(n, p)| Ball::at_rest(if n == 0 { BallId::CUE } else { BallId::object(n).unwrap() }, p));
    let mut sim = Simulation::new(table, Params::default(), bs.collect());
    let mut events = vec![sim.strike(BallId::CUE, strike).unwrap()];
    events.extend(sim.run_to_rest());
    for b in sim.final_balls() {
        if let BallFate::OnTable { pos } = b.fate {
            // A hair of rounding allowed at a cushion.
            assert!(table.contains_ball(pos, R - 1e-9), "{} rests off the bed at {pos:?}", b.id);
        }
    }
    events.into_iter().map(|e| e.kind).collect()
}

#[test]
fn cue_ball_pushed_past_the_foot_corner_jaw_meets_the_foot_cushion() {
    let balls = [
        (0, [0.26608446704574557, 0.581361668227873]),
        (4, [1.1209385408942705, -0.6062830652922807]),
        (5, [0.629743412596292, -0.07840052726521153]),
        (7, [-0.3213038524997621, -0.12251699969829907]),
        (8, [0.5684204472483787, -0.024435574394144056]),
        (11, [-1.204292657934532, -0.49624195248648106]),
        (13, [1.2198886275417313, -0.616741791270285]),
    ];
    let strike = Strike {
        speed_mps: 1.5127990455038332,
        phi_rad: -0.8666655723307172,
        theta_rad: 0.04711282206499842,
        a: -0.03542648107870416,
        b: 0.038953703133465745,
    };
    let kinds = rest_on_the_bed(&balls, strike);
    let foot_hits =
        kinds.iter().filter(|k| matches!(k, EventKind::Cushion { ball, .. } if *ball == BallId::CUE)).count();
    assert!(foot_hits >= 2, "{kinds:?}");
}

#[test]
fn cue_ball_past_the_head_corner_jaw_meets_the_head_cushion() {
    let balls = [
        (0, [-0.7861760511678251, 0.4925369755582319]),
        (7, [0.6673242197898887, -0.597238474580952]),
        (11, [-1.2174064319555808, -0.6164490355907174]),
        (13, [0.7978923778849953, -0.5870606033520368]),
    ];
    let strike = Strike {
        speed_mps: 1.0925855926708228,
        phi_rad: -1.9781429255426273,
        theta_rad: 0.05519237929555249,
        a: 0.052217742247896895,
        b: -0.07380303575482183,
    };
    rest_on_the_bed(&balls, strike);
}
