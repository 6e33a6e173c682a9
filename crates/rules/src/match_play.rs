//! Match play (1.2, 1.11, 1.12, 2.1, 3.1, 4.1, 9.1, 8.9, Regulation 15): the lag decides who
//! breaks first, racks are raced to N (14.1: points to N), breaks alternate or go to the winner.

use crate::decision::Decision;
use crate::game::Game;
use crate::general::{StalemateOutcome, stalemate};
use crate::lag::LagOutcome;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// Who breaks the racks after the first (2.1, 3.1, 9.1: alternating is standard; Regulation 15
/// lets the organiser choose winner breaks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakOrder {
    #[default]
    Alternating,
    WinnerBreaks,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSettings {
    pub game: Game,
    /// Racks to win (8-ball, 9-ball, 10-ball) or points to reach (14.1).
    pub race_to: u32,
    #[serde(default)]
    pub break_order: BreakOrder,
    /// Optional shot clock (6.15), seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shot_clock_s: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Match {
    pub settings: MatchSettings,
    /// Racks won per player (14.1: 1 for the winner of the match).
    pub racks_won: [u32; 2],
    /// Who breaks the current rack.
    pub breaker: u8,
    pub winner: Option<u8>,
}

impl Match {
    /// 1.2: the winner of the lag chooses who breaks first (`first_breaker`).
    pub fn start(settings: MatchSettings, first_breaker: u8) -> Match {
        Match { settings, racks_won: [0, 0], breaker: first_breaker & 1, winner: None }
    }

    /// Starts the match from the lag (1.2): `None` while the players must lag again. The winner
    /// breaks first if `winner_breaks`, else lets the other player break (his choice, 2.1).
    pub fn from_lag(settings: MatchSettings, lag: &LagOutcome, winner_breaks: bool) -> Option<Match> {
        match lag {
            LagOutcome::Winner { player, .. } => {
                let first = if winner_breaks { *player } else { 1 - (*player & 1) };
                Some(Match::start(settings, first))
            }
            LagOutcome::Relag(_) => None,
        }
    }

    /// The state for the break of the current rack (8.11).
    pub fn rack_state(&self) -> GameState {
        let mut s = GameState::new_rack(self.breaker);
        s.shot_clock_s = self.settings.shot_clock_s;
        if self.settings.game == Game::StraightPool {
            s.target_score = Some(self.settings.race_to as i32);
        }
        s
    }

    /// Records a finished rack won by `winner`; returns the match winner once decided.
    pub fn record_rack(&mut self, winner: u8) -> Option<u8> {
        let w = (winner & 1) as usize;
        if self.winner.is_some() {
            return self.winner;
        }
        self.racks_won[w] += 1;
        // 14.1 is one game to the target score (4.4): its winner wins the match.
        if self.settings.game == Game::StraightPool || self.racks_won[w] >= self.settings.race_to {
            self.winner = Some(w as u8);
        }
        self.breaker = match self.settings.break_order {
            BreakOrder::Alternating => 1 - self.breaker,
            BreakOrder::WinnerBreaks => w as u8,
        };
        self.winner
    }

    /// Carries a referee decision into the match: the next shot's state, or `None` when the
    /// match is over.
    pub fn after(&mut self, d: &Decision) -> Option<GameState> {
        match d.winner {
            Some(w) if d.game_over => {
                self.record_rack(w);
                self.winner.is_none().then(|| self.rack_state())
            }
            _ => Some(d.state.clone()),
        }
    }

    /// 1.11: a player who concedes loses the match.
    pub fn concede(&mut self, player: u8) -> u8 {
        let w = 1 - (player & 1);
        self.winner = Some(w);
        w
    }

    /// 1.12 and 2.9 / 3.11 / 4.12 / 9.12: a stalemate replays the rack.
    pub fn stalemate(&mut self, state: &GameState) -> StalemateOutcome {
        let out = stalemate(self.settings.game, state);
        if let StalemateOutcome::Rebreak(s) = &out {
            self.breaker = s.shooter;
        }
        out
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
}
