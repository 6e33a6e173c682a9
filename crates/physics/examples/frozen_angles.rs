//! `cargo run --release -p biljardi-physics --example frozen_angles [SPEED]`: a cue ball frozen
//! to an object ball, struck level through its centre at Alciatore's seven aims (TP A.15), with
//! the whole `Simulation::strike` (cue speed SPEED m/s, default 2). Prints one JSON object: per
//! aim the cue ball's departure angle from the line of centres and the film's, the object ball's
//! direction (its throw off the line) and the two balls' speeds.

use biljardi_physics::{BALL_RADIUS_M, Ball, BallId, EventKind, Params, Simulation, Strike, Table};

/// TP A.15: aim from the line of centres and the cue ball's measured departure angle, degrees.
const TP_A15: [(f64, f64); 7] =
    [(8.0, 13.0), (20.0, 34.0), (34.0, 50.0), (46.0, 61.0), (57.0, 70.0), (67.0, 78.0), (77.0, 87.0)];

fn main() {
    let speed: f64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(2.0);
    let one = BallId::object(1).expect("ball 1 exists");
    let mut rows = Vec::new();
    let mut worst: f64 = 0.0;
    for (aim, film) in TP_A15 {
        let balls = vec![Ball::at_rest(BallId::CUE, [0.0, 0.0]), Ball::at_rest(one, [2.0 * BALL_RADIUS_M, 0.0])];
        let mut sim = Simulation::new(Table::default(), Params::default(), balls);
        let strike = sim.strike(BallId::CUE, Strike::centre(speed, aim.to_radians()));
        // The strike's pushes on the frozen ball come first at the same instant.
        let contact = sim.advance(0.0).into_iter().find(|e| matches!(e.kind, EventKind::BallBall { .. }));
        let (Some(_), Some(contact)) = (strike, contact) else {
            eprintln!("aim {aim}: no frozen contact");
            std::process::exit(1);
        };
        let cue = contact.state[&BallId::CUE].v;
        let obj = contact.state[&one].v;
        let angle = cue[1].atan2(cue[0]).to_degrees();
        worst = worst.max((angle - film).abs());
        rows.push(format!(
            "{{\"aim_deg\":{aim},\"film_deg\":{film},\"cue_ball_deg\":{angle:.2},\"object_ball_deg\":{:.2},\"cue_ball_mps\":{:.3},\"object_ball_mps\":{:.3}}}",
            obj[1].atan2(obj[0]).to_degrees(),
            cue[0].hypot(cue[1]),
            obj[0].hypot(obj[1]),
        ));
    }
    println!("{{\"cue_speed_mps\":{speed},\"max_diff_deg\":{worst:.2},\"aims\":[{}]}}", rows.join(","));
}
