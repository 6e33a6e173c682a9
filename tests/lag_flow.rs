//! The lag (1.2) opening a match, and Regulation 15's break order over a race, without frames:
//! the session's lag strokes run in the real physics and `biljardi_rules::lag` judges them.

use biljardi::game::lag::{self, FirstBreak};
use biljardi::game::session::{BreakReason, Mode, Phase, Refusal, Session};
use biljardi_ai::Level;
use biljardi_physics::{Params, Strike, Table};
use biljardi_rules::lag::{LagOutcome, Relag};
use biljardi_rules::match_play::BreakOrder;
use biljardi_rules::{BallInHand, Game};

fn up_the_table(speed_mps: f64) -> Strike {
    Strike { speed_mps, phi_rad: 0.0, theta_rad: 0.05, a: 0.0, b: 0.0 }
}

/// Both players stroke, the balls run together in one simulation, and the session judges.
fn play_lag(s: &mut Session, strokes: [Strike; 2]) -> LagOutcome {
    assert_eq!(s.lag_stroke(strokes[0]), Ok(None), "the first stroke waits for the second");
    assert_eq!(s.to_act(), 1, "then player 2 strokes");
    let both = s.lag_stroke(strokes[1]).unwrap().expect("both strokes played");
    assert_eq!(s.phase, Phase::Shooting);
    let mut sim = lag::lag_simulation(&s.table, s.params, both);
    let mut events = Vec::new();
    events.extend(sim.run_to_rest());
    s.finish_lag(&events, &sim.final_balls()).unwrap()
}

/// The speed of a good lag on the default table, and a shorter one.
fn good() -> f64 {
    lag::best_speed(&Table::default(), Params::default(), 0)
}

fn lag_match(mode: Mode, order: BreakOrder) -> Session {
    Session::start(Game::NineBall, Table::default(), mode, 3, FirstBreak::Lag, order)
}

#[test]
fn a_hotseat_match_opens_with_the_lag_and_the_winner_chooses_to_break() {
    let mut s = lag_match(Mode::Hotseat, BreakOrder::Alternating);
    assert!(s.lagging());
    assert_eq!((s.phase.clone(), s.to_act()), (Phase::Aim, 0));
    // No break shot yet: the lag balls only.
    assert_eq!(s.balls.len(), 2);
    // Player 1 rolls a little softer, so rests farther from the head rail (both reach the foot rail).
    let out = play_lag(&mut s, [up_the_table(good() - 0.15), up_the_table(good())]);
    let LagOutcome::Winner { player, faults } = out else { panic!("{out:?}") };
    assert!(faults[0].is_empty() && faults[1].is_empty(), "{faults:?}");
    assert_eq!(s.phase, Phase::LagWon { winner: player });
    assert_eq!(s.to_act(), player, "the winner chooses");
    s.choose_breaker(true).unwrap();
    assert!(!s.lagging());
    assert_eq!(s.state.shooter, player, "the winner breaks");
    assert!(s.state.is_break);
    assert_eq!(s.phase, Phase::PlaceCue { zone: BallInHand::BehindHeadString });
    assert_eq!(s.object_balls().len(), 9);
    assert_eq!(s.break_reason(), BreakReason::WonLagAndBreaks);
}

#[test]
fn the_lag_winner_may_let_the_other_player_break() {
    let mut s = lag_match(Mode::Hotseat, BreakOrder::Alternating);
    let LagOutcome::Winner { player, .. } = play_lag(&mut s, [up_the_table(good()), up_the_table(good() - 0.15)])
    else {
        panic!("no winner")
    };
    let mut t = lag_match(Mode::Hotseat, BreakOrder::Alternating);
    let _ = play_lag(&mut t, [up_the_table(good()), up_the_table(good() - 0.15)]);
    t.choose_breaker(false).unwrap();
    assert_eq!(t.state.shooter, 1 - player);
    assert_eq!(t.break_reason(), BreakReason::LagWinnerPassed);
    // Choosing again, or before a lag was won, is refused.
    assert_eq!(t.choose_breaker(true), Err(Refusal::NotNow));
}

#[test]
fn identical_lags_are_a_tie_and_are_played_again() {
    let mut s = lag_match(Mode::Hotseat, BreakOrder::Alternating);
    // Mirror-image spots and the same stroke: the balls end level (1.2 relag b).
    let out = play_lag(&mut s, [up_the_table(good()), up_the_table(good())]);
    assert_eq!(out, LagOutcome::Relag(Relag::Tie));
    assert!(s.lagging());
    assert_eq!((s.phase.clone(), s.to_act()), (Phase::Aim, 0), "both lag again");
    assert_eq!(s.lag.as_ref().map(|l| l.rounds), Some(2));
}

#[test]
fn a_lag_struck_too_hard_is_bad_and_the_other_player_wins() {
    let mut s = lag_match(Mode::Hotseat, BreakOrder::Alternating);
    // Player 1's ball runs up, back and into the head rail again: more than one foot rail or
    // into the head end; player 2's is a normal lag.
    let out = play_lag(&mut s, [up_the_table(4.0), up_the_table(good())]);
    let LagOutcome::Winner { player, faults } = out else { panic!("{out:?}") };
    assert_eq!(player, 1);
    assert!(!faults[0].is_empty());
}

#[test]
fn the_computer_lags_with_its_level_and_practice_and_player_one_starts_skip_the_lag() {
    let table = Table::default();
    // The computer's stroke, played alone, is a good lag ending near the head rail.
    let strike = lag::computer_stroke(&table, Params::default(), 1, Level::Pro, 7);
    let mut s = lag_match(Mode::VsAi(Level::Pro), BreakOrder::Alternating);
    let out = play_lag(&mut s, [up_the_table(good()), strike]);
    assert!(matches!(out, LagOutcome::Winner { .. } | LagOutcome::Relag(_)), "{out:?}");
    if let LagOutcome::Winner { faults, .. } = &out {
        assert!(faults[1].is_empty(), "the computer's lag was bad: {faults:?}");
    }
    let p = Session::start(Game::NineBall, table, Mode::Practice, 3, FirstBreak::Lag, BreakOrder::Alternating);
    assert!(!p.lagging(), "one person at both seats: no lag");
    let h = Session::start(Game::EightBall, table, Mode::Hotseat, 3, FirstBreak::Player1, BreakOrder::Alternating);
    assert!(!h.lagging());
    assert_eq!((h.state.shooter, h.break_reason()), (0, BreakReason::PlayerOneFirst));
}

/// Ends the current rack with `winner` winning it (as a judged 9 on the break would).
fn win_rack(s: &mut Session, winner: u8) {
    s.match_.record_rack(winner);
    s.phase = match s.match_.winner {
        Some(w) => Phase::MatchOver { winner: w },
        None => Phase::RackOver { winner },
    };
    if s.match_.winner.is_none() {
        s.next_rack().unwrap();
    }
}

#[test]
fn regulation_15_break_order_is_followed_over_a_race_to_3() {
    for (order, expected_reason) in
        [(BreakOrder::Alternating, BreakReason::Alternate), (BreakOrder::WinnerBreaks, BreakReason::WinnerBreaks)]
    {
        let mut s = lag_match(Mode::Hotseat, order);
        let _ = play_lag(&mut s, [up_the_table(good() - 0.15), up_the_table(good())]);
        let Phase::LagWon { winner } = s.phase else { panic!("no winner") };
        s.choose_breaker(true).unwrap();
        let mut breaker = winner;
        // Racks won by: the breaker, the other, the other, the breaker ... until someone has 3.
        for rack_winner in [winner, 1 - winner, 1 - winner, winner, winner] {
            if s.match_.winner.is_some() {
                break;
            }
            assert_eq!(s.state.shooter, breaker, "{order:?}");
            assert!(s.state.is_break);
            win_rack(&mut s, rack_winner);
            if s.match_.winner.is_none() {
                breaker = match order {
                    BreakOrder::Alternating => 1 - breaker,
                    BreakOrder::WinnerBreaks => rack_winner,
                };
                assert_eq!(s.break_reason(), expected_reason);
            }
        }
        assert!(s.match_.winner.is_some());
        assert_eq!(s.phase, Phase::MatchOver { winner: s.match_.winner.unwrap() });
    }
}
