//! The lag (1.2) that opens a match: two balls behind the head string, one on each side, shot
//! together to the foot rail and back; the ball resting nearest the head rail wins, and its
//! player chooses who breaks (2.1, 3.1, 4.1, 9.1). `biljardi_rules::lag` judges it.
//!
//! In the game both players stroke in turn (the first stroke waits for the second), then both
//! balls run in one simulation, struck at the same moment: "almost simultaneously" with no late
//! strike (1.2's relag a). Player 1's ball is the contract's `cue`, player 2's the `1`.

use biljardi_ai::Level;
use biljardi_physics::{
    BALL_RADIUS_M, Ball, BallFate, BallId, Event, EventKind, FinalBall, Params, RailId, Simulation, Strike, Table,
};
use biljardi_rules::lag::{LagOutcome, LagShot, judge_lag};
use rand::SeedableRng;

/// How the first rack's breaker is chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FirstBreak {
    /// 1.2: the players lag; the winner chooses.
    #[default]
    Lag,
    /// Player 1 breaks (a friendly game, or practice).
    Player1,
}

impl FirstBreak {
    /// `lag` or `player1` (the settings' names).
    pub fn from_setting(name: &str) -> FirstBreak {
        if name == "player1" { FirstBreak::Player1 } else { FirstBreak::Lag }
    }
}

/// The lag ball of each player (contracts.md, `biljardi lag`).
pub fn lag_ball(player: u8) -> BallId {
    if player & 1 == 0 { BallId::CUE } else { ball_one() }
}

fn ball_one() -> BallId {
    BallId::object(1).expect("1 is a ball number")
}

/// Where the lag balls are placed: behind the head string and close to it, one on each side of
/// the long string, a quarter of the width out (player 1 on the left, +y).
pub fn lag_spots(table: &Table) -> [[f64; 2]; 2] {
    let x = table.head_string_x() - 2.0 * BALL_RADIUS_M;
    let y = table.half_width() / 2.0;
    [[x, y], [x, -y]]
}

/// The lag in progress.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lag {
    /// Each player's stroke once played.
    pub strokes: [Option<Strike>; 2],
    /// The ruling of the last lag (kept through a relag, to say why).
    pub outcome: Option<LagOutcome>,
    /// Lags played (a relag adds one).
    pub rounds: u32,
}

/// The balls on the bed while `aiming` (0 or 1) sets up: the aiming player's ball is the cue
/// ball (so the aim, the aid and the stick work as for any shot), the other player's is the 1.
pub fn aiming_layout(table: &Table, aiming: u8) -> Vec<(BallId, [f64; 2])> {
    let spots = lag_spots(table);
    let (mine, theirs) = (spots[(aiming & 1) as usize], spots[((aiming + 1) & 1) as usize]);
    vec![(BallId::CUE, mine), (ball_one(), theirs)]
}

/// Both lag balls at their spots, struck together: the simulation to play.
pub fn lag_simulation(table: &Table, params: Params, strokes: [Strike; 2]) -> Simulation {
    let spots = lag_spots(table);
    let balls = vec![Ball::at_rest(lag_ball(0), spots[0]), Ball::at_rest(lag_ball(1), spots[1])];
    let mut sim = Simulation::new(*table, params, balls);
    for (p, s) in strokes.iter().enumerate() {
        let _ = sim.strike(lag_ball(p as u8), *s);
    }
    sim
}

/// 1.2's ruling on a played lag, from the simulation's events and where the balls ended.
pub fn judge(table: &Table, events: &[Event], finals: &[FinalBall]) -> LagOutcome {
    let spots = lag_spots(table);
    let shot = |p: u8| {
        let ball = lag_ball(p);
        LagShot {
            ball,
            start: spots[p as usize],
            events: events.iter().filter(|e| e.kind.balls().contains(&ball)).cloned().collect(),
            fate: finals.iter().find(|f| f.id == ball).map(|f| f.fate).unwrap_or(BallFate::OffTable),
        }
    };
    judge_lag(table, &[shot(0), shot(1)])
}

/// The computer's lag: the best speed (`best_speed`) struck with the level's noise.
pub fn computer_stroke(table: &Table, params: Params, player: u8, level: Level, seed: u64) -> Strike {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    biljardi_ai::eval::perturb(&level.noise(), &straight(best_speed(table, params, player)), &mut rng)
}

fn straight(speed_mps: f64) -> Strike {
    Strike { speed_mps, phi_rad: 0.0, theta_rad: 0.05, a: 0.0, b: 0.0 }
}

/// The cue speed that brings `player`'s lag ball back nearest the head rail after exactly one
/// foot rail and no head rail, found by simulating a ladder of speeds straight up the table
/// (about 1.25 m/s on a 9-foot table with the default cloth).
pub fn best_speed(table: &Table, params: Params, player: u8) -> f64 {
    let spot = lag_spots(table)[(player & 1) as usize];
    let head = -table.half_length();
    let rest_x = |s: Strike| {
        let mut sim = Simulation::new(*table, params, vec![Ball::at_rest(BallId::CUE, spot)]);
        let _ = sim.strike(BallId::CUE, s);
        let events = sim.run_to_rest();
        let rail_hits = |rail: RailId| {
            events.iter().filter(|e| matches!(e.kind, EventKind::Cushion { rail: r, .. } if r == rail)).count()
        };
        let once = rail_hits(RailId::Foot) == 1;
        let head_rail = rail_hits(RailId::Head) > 0;
        match sim.final_balls().first().map(|f| f.fate) {
            Some(BallFate::OnTable { pos }) if once && !head_rail => Some(pos[0] - head),
            _ => None,
        }
    };
    (0..150)
        .map(|k| 0.4 + 0.02 * f64::from(k))
        .filter_map(|v| rest_x(straight(v)).map(|d| (d, v)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map_or(1.25, |(_, v)| v)
}
