//! How fast `judge` is (the AI calls it for every candidate shot):
//! `cargo run --release -p biljardi-rules --example judge_speed`
use biljardi_physics::{BallFate, BallId, Event, EventKind, FinalBall, PocketId, RailId, Table};
use biljardi_rules::{Call, Game, GameState, ShotRecord, judge};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let table = Table::default();
    let b = |n| BallId::object(n).unwrap();
    let before: Vec<(BallId, [f64; 2])> =
        std::iter::once((BallId::CUE, [-0.9, 0.0])).chain((1..=9).map(|n| (b(n), [0.1 * n as f64, 0.3]))).collect();
    let ev = |t, kind| Event { t, kind, state: BTreeMap::new() };
    let events = vec![
        ev(0.0, EventKind::Strike { ball: BallId::CUE }),
        ev(0.3, EventKind::BallBall { balls: [BallId::CUE, b(1)] }),
        ev(0.6, EventKind::Cushion { ball: b(1), rail: RailId::Foot }),
        ev(0.9, EventKind::Pocket { ball: b(9), pocket: PocketId::FootLeft }),
    ];
    let finals = [FinalBall { id: b(9), fate: BallFate::Pocketed { pocket: PocketId::FootLeft } }];
    let state = GameState::default();
    let n = 200_000;
    let start = Instant::now();
    let mut wins = 0;
    for _ in 0..n {
        let rec = ShotRecord::from_events(&table, &before, &events, &finals);
        let d = judge(Game::NineBall, &table, &state, &rec, &Call::None);
        wins += d.game_over as u32;
    }
    let per = start.elapsed().as_secs_f64() / n as f64;
    println!("record + judge: {:.2} us per shot ({} wins)", per * 1e6, wins);
}
