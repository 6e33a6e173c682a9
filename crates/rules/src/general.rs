//! General rules of section 1 that are not about a single foul: 1.5 (the request to spot an
//! object ball when all are behind the head string), 1.11 (concession), 1.12 (stalemate), and the
//! geometry of "behind the head string" (8.1, 8.13).

use crate::game::Game;
use crate::state::GameState;
use biljardi_physics::{BallId, Table};

/// 8.1 with 8.13: a ball is behind the head string when its centre is strictly on the head side;
/// a ball exactly on the string is playable from behind it (1.5).
pub fn behind_head_string(table: &Table, p: [f64; 2]) -> bool {
    p[0] < table.head_string_x()
}

/// 1.5: with cue ball in hand behind the head string and every object ball behind it, the player
/// may ask for the object ball nearest the head string to be spotted on the foot spot. Returns
/// the candidates (several when equally near: the player chooses), or none if the request is
/// not available.
pub fn request_spot_candidates(table: &Table, objects: Vec<(BallId, [f64; 2])>) -> Vec<BallId> {
    if objects.is_empty() || !objects.iter().all(|(_, p)| behind_head_string(table, *p)) {
        return Vec::new();
    }
    let nearest = objects.iter().map(|(_, p)| p[0]).fold(f64::NEG_INFINITY, f64::max);
    let mut out: Vec<BallId> = objects.iter().filter(|(_, p)| nearest - p[0] <= 1e-9).map(|(b, _)| *b).collect();
    out.sort();
    out
}

/// 1.11: a player who concedes loses the match; returns the winner.
pub fn concede(conceding_player: u8) -> u8 {
    1 - (conceding_player & 1)
}

/// What happens after the referee declares a stalemate (1.12).
#[derive(Clone, Debug, PartialEq)]
pub enum StalemateOutcome {
    /// The original breaker breaks a new rack (2.9, 3.11, 9.12); the state of that break.
    Rebreak(GameState),
    /// 14.1: the players lag for the break (4.12, 1.2).
    Lag,
}

/// 1.12 and each game's stalemate rule. `state` is the current state (its `breaker` is the
/// original breaker; without one, the current shooter's opponent is taken to have broken).
pub fn stalemate(game: Game, state: &GameState) -> StalemateOutcome {
    match game {
        Game::StraightPool => StalemateOutcome::Lag,
        _ => {
            let breaker = state.breaker.unwrap_or((state.shooter & 1) ^ 1);
            let mut s = GameState::new_rack(breaker);
            s.shot_clock_s = state.shot_clock_s;
            StalemateOutcome::Rebreak(s)
        }
    }
}

/// 1.12: after the referee's announcement each player has three more innings; only then may a
/// stalemate be declared (unless both agree at once).
pub const STALEMATE_INNINGS_EACH: u32 = 3;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_1_12_stalemate_rebreak_by_original_breaker_or_lag_in_14_1() {
        let s = GameState { shooter: 0, breaker: Some(1), ..GameState::default() };
        match stalemate(Game::NineBall, &s) {
            StalemateOutcome::Rebreak(n) => {
                assert_eq!(n.shooter, 1);
                assert!(n.is_break);
            }
            StalemateOutcome::Lag => panic!("9-ball rebreaks (2.9)"),
        }
        assert!(matches!(stalemate(Game::EightBall, &s), StalemateOutcome::Rebreak(n) if n.shooter == 1));
        assert!(matches!(stalemate(Game::TenBall, &s), StalemateOutcome::Rebreak(n) if n.shooter == 1));
        assert_eq!(stalemate(Game::StraightPool, &s), StalemateOutcome::Lag);
    }

    #[test]
    fn rule_1_11_concession_loses_the_match() {
        assert_eq!(concede(0), 1);
        assert_eq!(concede(1), 0);
    }

    #[test]
    fn rule_1_5_request_spot_only_when_all_object_balls_are_behind_the_head_string() {
        let t = Table::default();
        let hs = t.head_string_x();
        let b = |n| BallId::object(n).unwrap();
        let c = request_spot_candidates(&t, vec![(b(3), [hs - 0.1, 0.0]), (b(5), [hs - 0.3, 0.2])]);
        assert_eq!(c, vec![b(3)]);
        let c = request_spot_candidates(&t, vec![(b(3), [hs - 0.1, 0.0]), (b(5), [hs - 0.1, 0.2])]);
        assert_eq!(c, vec![b(3), b(5)]);
        // A ball exactly on the head string is playable from behind it: no request.
        assert!(request_spot_candidates(&t, vec![(b(3), [hs, 0.0]), (b(5), [hs - 0.3, 0.2])]).is_empty());
    }
}
