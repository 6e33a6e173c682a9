//! A small match played with the real physics and referee, for the tests: 9-ball, a break
//! and then strokes at the lowest ball, recorded as the game records them.
#![allow(dead_code)] // each test file uses its own part

use biljardi_physics::{BallFate, BallId, Event, Params, Simulation, Strike, Table, rack};
use biljardi_record::{BallPos, MatchRecord, PlayerInfo, Resume, ResumePhase, Settings, ShotEntry};
use biljardi_rules::match_play::{Match, MatchSettings};
use biljardi_rules::{BallInHand, Call, Game, GameState, ShotRecord, judge};

pub fn settings(game: Game) -> Settings {
    Settings {
        game,
        table: Table::default(),
        params: Params::default(),
        race_to: 3,
        break_order: Default::default(),
        mode: "hotseat".into(),
        target_score: None,
        max_time_s: 120.0,
    }
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// A free spot for the cue ball in hand, searched along the head string's side.
fn free_spot(table: &Table, balls: &[(BallId, [f64; 2])]) -> [f64; 2] {
    for k in 0..200 {
        for sign in [1.0, -1.0] {
            let p = [table.head_string_x() - 0.1, sign * k as f64 * 0.01];
            if balls.iter().all(|b| dist(b.1, p) > 0.07) {
                return p;
            }
        }
    }
    [table.head_string_x() - 0.1, 0.0]
}

/// Plays up to `n` shots of 9-ball (fewer if the rack ends) and records them, with the
/// resume point after each as the game would autosave it.
pub fn play_match(n: usize, seed: u64) -> MatchRecord {
    let s = settings(Game::NineBall);
    let table = s.table;
    let mut record = MatchRecord::new(s.clone(), [PlayerInfo::human("Aino"), PlayerInfo::ai("Computer", "amateur")]);
    let match_state = Match::start(
        MatchSettings { game: Game::NineBall, race_to: 3, break_order: Default::default(), shot_clock_s: None },
        0,
    );
    let mut state = GameState::new_rack(0);
    let mut balls: Vec<(BallId, [f64; 2])> =
        rack::nine_ball(&table).iter().map(|b| (b.id, [b.state.pos.x, b.state.pos.y])).collect();
    let mut placed = None;
    for i in 0..n {
        if !balls.iter().any(|b| b.0.is_cue()) || state.placement() != BallInHand::None {
            balls.retain(|b| !b.0.is_cue());
            let p = free_spot(&table, &balls);
            balls.push((BallId::CUE, p));
            placed = Some(p);
        }
        let cue = balls.iter().find(|b| b.0.is_cue()).map(|b| b.1).unwrap_or([0.0, 0.0]);
        let strike = if state.is_break {
            Strike { speed_mps: 7.5, phi_rad: (0.01 * (seed as f64)).sin() * 0.01, theta_rad: 0.05, a: 0.0, b: -0.1 }
        } else {
            let target = balls.iter().filter(|b| !b.0.is_cue()).min_by_key(|b| b.0).map(|b| b.1).unwrap_or([1.0, 0.0]);
            let phi = (target[1] - cue[1]).atan2(target[0] - cue[0]) + 0.002 * ((i as f64 + seed as f64).sin());
            Strike { speed_mps: 2.0 + 0.1 * (i % 5) as f64, phi_rad: phi, theta_rad: 0.1, a: 0.05, b: 0.1 }
        };
        let bs: Vec<biljardi_physics::Ball> =
            balls.iter().map(|(id, p)| biljardi_physics::Ball::at_rest(*id, *p)).collect();
        let mut sim = Simulation::new(table, s.params, bs);
        let mut events: Vec<Event> = sim.strike(BallId::CUE, strike).into_iter().collect();
        events.extend(sim.run_until(s.max_time_s));
        let finals = sim.final_balls();
        let rec = ShotRecord::from_events(&table, &balls, &events, &finals);
        let call = Call::None;
        let d = judge(Game::NineBall, &table, &state, &rec, &call);
        record.push_shot(ShotEntry::new(0, &state, &balls, placed.take(), call, strike, &events, &finals, &d));
        if d.game_over || d.rerack {
            break;
        }
        let mut next: Vec<(BallId, [f64; 2])> = finals
            .iter()
            .filter_map(|f| match f.fate {
                BallFate::OnTable { pos } => Some((f.id, pos)),
                _ => None,
            })
            .collect();
        for p in &d.placed {
            next.retain(|b| b.0 != p.id);
            next.push((p.id, p.pos));
        }
        balls = next;
        state = d.state.clone();
        if let Some(o) = d.options.first() {
            record.choose_option(*o, None);
        }
        let phase = if state.placement() != BallInHand::None { ResumePhase::PlaceCue } else { ResumePhase::Aim };
        let shown: Vec<BallPos> = balls
            .iter()
            .filter(|b| phase == ResumePhase::Aim || !b.0.is_cue())
            .map(|&(id, pos)| BallPos { id, pos })
            .collect();
        record.set_resume(Resume { match_state: match_state.clone(), state: state.clone(), balls: shown, phase });
    }
    record
}
