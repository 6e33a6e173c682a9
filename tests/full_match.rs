//! Whole matches through the session, as hotseat players would play them: both seats driven by
//! the amateur AI's decisions (placing the cue ball, calling, choosing options), every shot
//! judged by the referee, until the match is decided.

use biljardi::game::session::{Mode, Phase, Session};
use biljardi_ai::{Action, Level, Player, TableView};
use biljardi_physics::Table;
use biljardi_rules::Game;

/// Plays `session` to its end; returns (shots, fouls, racks played).
fn play_out(mut s: Session, max_shots: u32) -> (Session, u32, u32) {
    let player = Player::new(Level::Amateur);
    let mut fouls = 0;
    let mut racks = 1;
    let mut step = 0u64;
    loop {
        step += 1;
        assert!(s.shots <= max_shots, "no result after {max_shots} shots");
        match s.phase.clone() {
            Phase::MatchOver { .. } => return (s, fouls, racks),
            Phase::LagWon { .. } => s.choose_breaker(true).expect("the lag's winner chooses"),
            Phase::RackOver { .. } => {
                s.next_rack().expect("next rack");
                racks += 1;
            }
            Phase::Options => {
                let d = s.last.clone().expect("a decision offers the options");
                let mut view = TableView::shot(s.game, s.table, d.state.clone(), s.balls.clone());
                view.pending = Some(d.clone());
                match player.decide(&view, step) {
                    Action::ChooseOption(o) => s.choose(o).expect("an offered option"),
                    Action::RequestSpot { ball } => s.request_spot(ball).expect("a spot candidate"),
                    Action::Shoot { .. } => s.choose(d.options[0]).expect("the first option"),
                }
            }
            Phase::PlaceCue { .. } | Phase::Aim => {
                let view = TableView::shot(s.game, s.table, s.state.clone(), s.balls.clone());
                let Action::Shoot { call, strike, cue_ball_placement } = player.decide(&view, step) else {
                    panic!("the AI must shoot when no option is pending");
                };
                if let Some(p) = cue_ball_placement {
                    // An illegal spot is refused; the proposed spot stays.
                    let _ = s.hold_cue_at(p);
                }
                let d = s.play_instantly(call, strike).expect("a shot in turn");
                if d.foul {
                    fouls += 1;
                    assert!(d.fouls.iter().all(|f| !f.rule.is_empty()), "every foul cites its rule");
                }
                assert!(!d.rules.is_empty(), "every decision cites the rules it applied");
            }
            Phase::Shooting => unreachable!("play_instantly finishes the shot"),
        }
    }
}

#[test]
fn a_nine_ball_race_to_two_is_played_to_the_end() {
    let s = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 2);
    let (s, _fouls, racks) = play_out(s, 600);
    let Phase::MatchOver { winner } = s.phase else { unreachable!() };
    assert_eq!(s.match_.racks_won[winner as usize], 2);
    assert!((2..=3).contains(&racks));
}

#[test]
fn an_eight_ball_race_to_two_is_played_to_the_end() {
    let s = Session::new(Game::EightBall, Table::default(), Mode::Hotseat, 2);
    let (s, _, _) = play_out(s, 800);
    let Phase::MatchOver { winner } = s.phase else { unreachable!() };
    assert_eq!(s.match_.racks_won[winner as usize], 2);
}

#[test]
fn a_fourteen_one_game_to_25_points_is_played_to_the_end() {
    let s = Session::new(Game::StraightPool, Table::default(), Mode::Hotseat, 25);
    let (s, _, _) = play_out(s, 800);
    let Phase::MatchOver { winner } = s.phase else { unreachable!() };
    assert!(
        s.state.score[winner as usize] >= 25 || s.last.as_ref().is_some_and(|d| d.state.score[winner as usize] >= 25)
    );
}
