//! `biljardi bench`: the game's per-frame logic timed headless (no renderer): the physics
//! advanced by a 60 Hz frame, its events as messages, the shot record and the referee at rest,
//! the bed following the session. Prints one JSON object; the target is under 1 ms per frame.

use crate::game::rack::RackKind;
use crate::game::session::SessionRes;
use crate::game::session::{Mode, Phase, Session};
use crate::game::table::{StartingRack, TableSpec};
use crate::game::turn::PlayerCommand;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use biljardi_physics::{Strike, Table};
use biljardi_rules::{Call, Game};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The timing figures.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FrameBench {
    pub frames: usize,
    pub shots: u32,
    pub frames_with_balls_moving: usize,
    pub mean_us: f64,
    pub p50_us: f64,
    pub p95_us: f64,
    pub max_us: f64,
    /// The same over the frames in which balls were moving.
    pub moving_p95_us: f64,
}

/// Plays 9-ball shots frame by frame and times each `App::update`.
pub fn measure(frames: usize) -> FrameBench {
    let session = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 99);
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(1.0 / 60.0)))
        .insert_resource(TableSpec(session.table))
        .insert_resource(StartingRack(RackKind::NineBall))
        .insert_resource(SessionRes(session));
    crate::app::logic_plugins(&mut app);
    app.update();
    let mut times = Vec::with_capacity(frames);
    let mut moving = Vec::new();
    let mut shot = 0u32;
    for _ in 0..frames {
        let s = app.world().resource::<SessionRes>().0.clone();
        match s.phase {
            Phase::PlaceCue { .. } => {
                app.world_mut().write_message(PlayerCommand::ConfirmCue);
            }
            Phase::Aim => {
                // The break hard, then firm strokes at the lowest ball.
                let (speed, phi) = if s.state.is_break {
                    (8.0, 0.0)
                } else {
                    let c = s.cue_pos().unwrap_or([0.0, 0.0]);
                    let t = s.lowest_ball().and_then(|b| s.balls.iter().find(|x| x.0 == b)).map_or([0.5, 0.0], |b| b.1);
                    (3.0 + f64::from(shot % 3), (t[1] - c[1]).atan2(t[0] - c[0]))
                };
                app.world_mut()
                    .write_message(PlayerCommand::Shoot { call: Call::None, strike: Strike::centre(speed, phi) });
                shot += 1;
            }
            Phase::Options => {
                if let Some(o) = s.last.as_ref().and_then(|d| d.options.first().copied()) {
                    app.world_mut().write_message(PlayerCommand::Choose(o));
                }
            }
            Phase::RackOver { .. } => {
                app.world_mut().write_message(PlayerCommand::NextRack);
            }
            Phase::Shooting | Phase::MatchOver { .. } | Phase::LagWon { .. } => {}
        }
        let t0 = Instant::now();
        app.update();
        let us = t0.elapsed().as_secs_f64() * 1e6;
        times.push(us);
        if app.world().resource::<crate::game::bed::Bed>().shot_running {
            moving.push(us);
        }
    }
    let stats = |v: &mut Vec<f64>, q: f64| -> f64 {
        if v.is_empty() {
            return 0.0;
        }
        v.sort_by(f64::total_cmp);
        let i = ((v.len() as f64 - 1.0) * q).round() as usize;
        (v[i] * 10.0).round() / 10.0
    };
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    let mut sorted = times.clone();
    FrameBench {
        frames,
        shots: shot,
        frames_with_balls_moving: moving.len(),
        mean_us: (mean * 10.0).round() / 10.0,
        p50_us: stats(&mut sorted, 0.5),
        p95_us: stats(&mut sorted, 0.95),
        max_us: stats(&mut sorted, 1.0),
        moving_p95_us: stats(&mut moving, 0.95),
    }
}

pub fn run(flags: &crate::cli::args::BenchFlags) -> ExitCode {
    let Ok(frames) = flags.frames.parse::<usize>() else {
        eprintln!("biljardi bench: --frames {:?} is not a whole number", flags.frames);
        return ExitCode::from(2);
    };
    if frames == 0 || frames > 1_000_000 {
        eprintln!("biljardi bench: --frames must be 1..=1000000");
        return ExitCode::from(2);
    }
    let result = measure(frames);
    match serde_json::to_string(&result) {
        Ok(s) => {
            println!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("biljardi bench: {e}");
            ExitCode::FAILURE
        }
    }
}
