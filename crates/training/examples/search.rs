//! Authoring aid for break-like shots whose outcome is hard to aim by hand: varies the cue ball's
//! `y`, the stroke direction, the speed and the draw/follow of a scenario file's strike and prints
//! the variants whose replay meets every expectation of the file.
//! `cargo run -p biljardi-training --example search -- assets/demos/9ball-nine-on-the-break.json [max]`
//! `--aim` varies the direction alone, nearest first (0.01 degree steps up to 2 degrees either
//! way), for re-aiming a scenario after a physics change as slightly as can be.

use biljardi_physics::BallId;
use biljardi_training::{Scenario, run};

fn main() {
    let aim = std::env::args().any(|a| a == "--aim");
    let mut args = std::env::args().skip(1).filter(|a| !a.starts_with("--"));
    let path = args.next().expect("a scenario file");
    let max: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    let base = Scenario::parse(&std::fs::read_to_string(&path).expect("read")).expect("parse");
    if aim {
        let mut found = 0;
        for k in (1..=200).flat_map(|k| [k, -k]) {
            let mut s = base.clone();
            s.strike.phi = base.strike.phi + k as f64 * 0.01;
            let r = run(&s);
            if r.ok {
                println!(
                    "phi {} (by {:+.2} deg): {}",
                    s.strike.phi,
                    k as f64 * 0.01,
                    serde_json::to_string(&r.actual.events).unwrap_or_default()
                );
                found += 1;
                if found >= max {
                    break;
                }
            }
        }
        println!("{found} found");
        return;
    }
    let cue = base.layout.balls.iter().position(|b| b.id == BallId::CUE).expect("a cue ball in layout.balls");
    let [x0, y0] = base.layout.balls[cue].pos;
    let mut found = 0;
    for dy in (-12..=12).map(|k| k as f64 * 0.02) {
        for dphi in (-8..=8).map(|k| k as f64 * 0.25) {
            for speed in [base.strike.speed, base.strike.speed * 0.8, base.strike.speed * 1.15] {
                for b in [base.strike.b, -0.3, 0.3] {
                    let mut s = base.clone();
                    let y = y0 + dy;
                    if y.abs() > 0.5 {
                        continue;
                    }
                    s.layout.balls[cue].pos = [x0, y];
                    // Keep aiming at the same point as the file's stroke, plus the offset.
                    let target_dist = 2.0;
                    let (tx, ty) = (
                        x0 + target_dist * base.strike.phi.to_radians().cos(),
                        y0 + target_dist * base.strike.phi.to_radians().sin(),
                    );
                    s.strike.phi = (ty - y).atan2(tx - x0).to_degrees() + dphi;
                    s.strike.speed = speed;
                    s.strike.b = b;
                    let r = run(&s);
                    if r.ok {
                        println!(
                            "pos [{x0}, {y}] phi {} speed {speed} b {b}: {}",
                            s.strike.phi,
                            serde_json::to_string(&r.actual.events).unwrap_or_default()
                        );
                        found += 1;
                        if found >= max {
                            return;
                        }
                    }
                }
            }
        }
    }
    println!("{found} found");
}
