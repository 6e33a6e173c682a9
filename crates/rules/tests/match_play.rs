//! Match play: race to N racks (points in 14.1), alternating or winner breaks, the lag winner's
//! choice of breaker, concession and stalemate.

use biljardi_rules::general::StalemateOutcome;
use biljardi_rules::match_play::{BreakOrder, Match, MatchSettings};
use biljardi_rules::{BallInHand, Game, GameState};

fn settings(game: Game, race_to: u32, break_order: BreakOrder) -> MatchSettings {
    MatchSettings { game, race_to, break_order, shot_clock_s: None }
}

#[test]
fn rule_2_1_lag_winner_chooses_the_first_breaker_and_breaks_alternate() {
    let mut m = Match::start(settings(Game::NineBall, 3, BreakOrder::Alternating), 1);
    let s = m.rack_state();
    assert_eq!((s.shooter, s.is_break, s.ball_in_hand), (1, true, BallInHand::BehindHeadString));
    assert_eq!(m.record_rack(1), None);
    assert_eq!(m.breaker, 0);
    assert_eq!(m.record_rack(1), None);
    assert_eq!(m.breaker, 1);
    assert_eq!(m.record_rack(1), Some(1));
    assert!(m.is_over());
    assert_eq!(m.racks_won, [0, 3]);
}

#[test]
fn regulation_15_winner_breaks() {
    let mut m = Match::start(settings(Game::EightBall, 2, BreakOrder::WinnerBreaks), 0);
    m.record_rack(1);
    assert_eq!(m.breaker, 1);
    m.record_rack(1);
    assert_eq!(m.winner, Some(1));
}

#[test]
fn rule_4_4_straight_pool_is_a_race_to_points() {
    let m = Match::start(settings(Game::StraightPool, 50, BreakOrder::Alternating), 0);
    assert_eq!(m.rack_state().target_score, Some(50));
    let mut m2 = m.clone();
    assert_eq!(m2.record_rack(0), Some(0));
}

#[test]
fn rule_1_11_conceding_loses_the_match() {
    let mut m = Match::start(settings(Game::TenBall, 5, BreakOrder::Alternating), 0);
    assert_eq!(m.concede(0), 1);
    assert_eq!(m.winner, Some(1));
}

#[test]
fn rule_9_12_stalemate_rebreak_by_the_original_breaker() {
    let mut m = Match::start(settings(Game::TenBall, 5, BreakOrder::Alternating), 0);
    let playing = GameState { shooter: 1, breaker: Some(0), ..GameState::default() };
    match m.stalemate(&playing) {
        StalemateOutcome::Rebreak(s) => assert_eq!((s.shooter, s.is_break), (0, true)),
        StalemateOutcome::Lag => panic!("10-ball rebreaks"),
    }
}

#[test]
fn rule_4_12_stalemate_in_14_1_means_a_new_lag() {
    let mut m = Match::start(settings(Game::StraightPool, 100, BreakOrder::Alternating), 0);
    assert_eq!(m.stalemate(&GameState::default()), StalemateOutcome::Lag);
}

#[test]
fn rule_2_9_and_3_11_stalemate_rebreak() {
    for game in [Game::NineBall, Game::EightBall] {
        let mut m = Match::start(settings(game, 5, BreakOrder::Alternating), 0);
        let playing = GameState { shooter: 0, breaker: Some(1), ..GameState::default() };
        assert!(matches!(m.stalemate(&playing), StalemateOutcome::Rebreak(s) if s.shooter == 1));
        assert_eq!(m.breaker, 1);
    }
}

#[test]
fn rule_3_1_lag_winner_decides_the_first_eight_ball_breaker() {
    let m = Match::start(settings(Game::EightBall, 5, BreakOrder::Alternating), 1);
    assert_eq!(m.rack_state().shooter, 1);
}

#[test]
fn rule_4_1_the_lag_decides_the_straight_pool_breaker() {
    let m = Match::start(settings(Game::StraightPool, 100, BreakOrder::Alternating), 0);
    let s = m.rack_state();
    assert_eq!((s.shooter, s.is_break, s.breaker), (0, true, Some(0)));
}

#[test]
fn rule_9_1_lag_winner_chooses_and_breaks_alternate() {
    let mut m = Match::start(settings(Game::TenBall, 4, BreakOrder::Alternating), 0);
    m.record_rack(0);
    assert_eq!(m.rack_state().shooter, 1);
}

#[test]
fn rule_8_9_a_match_is_won_by_the_racks_set_for_it() {
    let mut m = Match::start(settings(Game::NineBall, 2, BreakOrder::Alternating), 0);
    assert_eq!(m.record_rack(0), None);
    assert_eq!(m.record_rack(1), None);
    assert_eq!(m.record_rack(0), Some(0));
    assert_eq!(m.racks_won, [2, 1]);
    // A finished match takes no more racks.
    assert_eq!(m.record_rack(1), Some(0));
    assert_eq!(m.racks_won, [2, 1]);
}

#[test]
fn rule_1_2_the_match_starts_from_the_lag() {
    use biljardi_rules::lag::{LagOutcome, Relag};
    let s = settings(Game::NineBall, 3, BreakOrder::Alternating);
    let won = LagOutcome::Winner { player: 1, faults: [vec![], vec![]] };
    assert_eq!(Match::from_lag(s.clone(), &won, true).unwrap().breaker, 1);
    assert_eq!(Match::from_lag(s.clone(), &won, false).unwrap().breaker, 0);
    assert!(Match::from_lag(s, &LagOutcome::Relag(Relag::Tie), true).is_none());
}
