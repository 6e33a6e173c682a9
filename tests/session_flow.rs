//! The turn flow of a match without frames: breaks, fouls, ball in hand, options, racks, undo.

use biljardi::game::session::{Mode, Phase, Refusal, Session};
use biljardi_physics::{BALL_RADIUS_M, BallId, PocketId, Strike, Table};
use biljardi_rules::{BallInHand, Call, Game, GameOption};

fn aim_at(s: &Session, id: BallId) -> f64 {
    let c = s.cue_pos().unwrap();
    let p = s.balls.iter().find(|b| b.0 == id).unwrap().1;
    (p[1] - c[1]).atan2(p[0] - c[0])
}

fn one(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

#[test]
fn a_match_starts_with_ball_in_hand_behind_the_head_string() {
    let s = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 3);
    assert_eq!(s.phase, Phase::PlaceCue { zone: BallInHand::BehindHeadString });
    assert_eq!(s.to_act(), 0);
    assert_eq!(s.object_balls().len(), 9);
    let c = s.cue_pos().unwrap();
    assert!(c[0] < s.table.head_string_x());
}

#[test]
fn the_cue_ball_cannot_be_placed_past_the_head_string_on_the_break() {
    let mut s = Session::new(Game::EightBall, Table::default(), Mode::Hotseat, 3);
    let past = [s.table.head_string_x() + 0.05, 0.0];
    assert_eq!(s.hold_cue_at(past), Err(Refusal::IllegalPlacement));
    let behind = [s.table.head_string_x() - 0.3, 0.2];
    assert_eq!(s.hold_cue_at(behind), Ok(()));
    assert_eq!(s.cue_pos(), Some(behind));
    s.confirm_cue().unwrap();
    assert_eq!(s.phase, Phase::Aim);
}

#[test]
fn a_scratch_gives_the_opponent_ball_in_hand_anywhere() {
    // 9-ball, after the break: put the 1 near a corner and shoot the cue ball straight into a pocket.
    let mut s = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 3);
    s.play_instantly(Call::None, Strike::centre(8.0, 0.0)).unwrap();
    // Whatever the break did, set up a clean scratch for whoever shoots.
    s.phase = Phase::Aim;
    s.state.is_break = false;
    s.state.push_out_allowed = false;
    s.state.ball_in_hand = BallInHand::None;
    let shooter = s.state.shooter;
    let t = s.table;
    let corner = t.pocket(PocketId::FootLeft).mouth_centre;
    s.balls = vec![(BallId::CUE, [corner[0] - 0.5, corner[1] - 0.5]), (one(1), [0.0, -0.3]), (one(9), [-0.5, -0.3])];
    let phi = (corner[1] - (corner[1] - 0.5)).atan2(0.5);
    let d = s.play_instantly(Call::None, Strike::centre(2.0, phi)).unwrap();
    assert!(d.foul, "{:?}", d.explanation);
    assert_eq!(d.next_shooter, 1 - shooter);
    assert_eq!(s.to_act(), 1 - shooter);
    assert_eq!(s.phase, Phase::PlaceCue { zone: BallInHand::Anywhere });
    assert!(d.fouls.iter().any(|f| f.rule.starts_with("6.")), "{:?}", d.fouls);
}

#[test]
fn a_legal_pot_keeps_the_shooter_at_the_table() {
    let mut s = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 3);
    s.play_instantly(Call::None, Strike::centre(8.0, 0.0)).unwrap();
    s.phase = Phase::Aim;
    s.state.is_break = false;
    s.state.push_out_allowed = false;
    s.state.ball_in_hand = BallInHand::None;
    let shooter = s.state.shooter;
    // The 1 a hand's width in front of the foot-left corner, the cue ball straight behind it.
    let mouth = s.table.pocket(PocketId::FootLeft).mouth_centre;
    let dir = [mouth[0], mouth[1]];
    let len = dir[0].hypot(dir[1]);
    let u = [dir[0] / len, dir[1] / len];
    let ball = [mouth[0] - u[0] * 0.3, mouth[1] - u[1] * 0.3];
    let cue = [ball[0] - u[0] * 0.4, ball[1] - u[1] * 0.4];
    s.balls = vec![(BallId::CUE, cue), (one(1), ball), (one(5), [-0.8, -0.4]), (one(9), [-0.9, 0.4])];
    let phi = aim_at(&s, one(1));
    let d = s.play_instantly(Call::None, Strike::centre(1.6, phi)).unwrap();
    assert_eq!(d.pocketed, vec![one(1)], "{:?}", d.explanation);
    assert!(!d.foul);
    assert_eq!(s.to_act(), shooter);
    assert_eq!(s.phase, Phase::Aim);
    assert!(!s.object_balls().contains(&one(1)));
    let _ = BALL_RADIUS_M;
}

#[test]
fn hotseat_turns_pass_on_a_miss() {
    let mut s = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 3);
    s.play_instantly(Call::None, Strike::centre(8.0, 0.0)).unwrap();
    s.phase = Phase::Aim;
    s.state.is_break = false;
    s.state.push_out_allowed = false;
    s.state.ball_in_hand = BallInHand::None;
    let shooter = s.state.shooter;
    s.balls = vec![(BallId::CUE, [-0.6, 0.0]), (one(1), [0.3, 0.1]), (one(9), [0.6, -0.3])];
    // Hit the 1 softly, far from any pocket: a legal shot with a rail, no pot: the other plays.
    let phi = aim_at(&s, one(1));
    let d = s.play_instantly(Call::None, Strike::centre(2.5, phi)).unwrap();
    if !d.foul && d.pocketed.is_empty() {
        assert_eq!(s.to_act(), 1 - shooter);
        assert_eq!(s.phase, Phase::Aim);
    }
    assert_ne!(d.next_shooter, shooter, "a miss or a foul passes the table: {:?}", d.explanation);
}

#[test]
fn a_push_out_must_be_allowed_and_the_reply_is_an_option() {
    let mut s = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 3);
    s.confirm_cue().unwrap();
    assert!(!s.push_out_allowed(), "never on the break");
    assert_eq!(s.begin_shot(Call::push_out(), Strike::centre(1.0, 0.0)), Err(Refusal::NotOffered));
    // After a legal break without a foul, the next shot may be a push out (2.4).
    s.phase = Phase::Aim;
    s.state.is_break = false;
    s.state.push_out_allowed = true;
    s.state.ball_in_hand = BallInHand::None;
    s.balls = vec![(BallId::CUE, [-0.6, 0.0]), (one(1), [0.3, 0.1]), (one(9), [0.6, -0.3])];
    let shooter = s.state.shooter;
    let d = s.play_instantly(Call::push_out(), Strike::centre(0.6, 1.2)).unwrap();
    assert!(!d.foul, "{:?}", d.explanation);
    assert_eq!(s.phase, Phase::Options);
    assert_eq!(s.to_act(), 1 - shooter);
    assert!(d.options.contains(&GameOption::PassBack), "{:?}", d.options);
    s.choose(GameOption::PassBack).unwrap();
    assert_eq!(s.to_act(), shooter, "passed back: the pusher shoots");
    assert_eq!(s.choose(GameOption::PassBack), Err(Refusal::NotOffered));
}

#[test]
fn undo_restores_the_table_and_replay_plays_the_same_shot_again() {
    let mut s = Session::new(Game::EightBall, Table::default(), Mode::Practice, 1);
    let before = s.clone();
    let d1 = s.play_instantly(Call::None, Strike::centre(8.0, 0.0)).unwrap();
    let after = s.balls.clone();
    s.undo().unwrap();
    assert_eq!(s.object_balls(), before.object_balls());
    assert_eq!(s.cue_pos(), before.cue_pos());
    assert_eq!(s.state, before.state);
    assert_eq!(s.phase, Phase::Aim, "the cue ball stays where it was placed");
    let d2 = s.play_instantly(Call::None, Strike::centre(8.0, 0.0)).unwrap();
    assert_eq!(d1, d2, "the physics is deterministic");
    assert_eq!(s.balls, after);
    assert_eq!(s.undo(), Ok(()));
    assert_eq!(s.undo(), Err(Refusal::NothingToUndo));
}

#[test]
fn practice_may_move_balls_but_not_onto_another_ball() {
    let mut s = Session::new(Game::NineBall, Table::default(), Mode::Practice, 1);
    s.confirm_cue().unwrap();
    assert_eq!(s.move_ball(one(9), [-0.5, 0.3]), Ok(()));
    assert!(s.balls.contains(&(one(9), [-0.5, 0.3])));
    let one_pos = s.balls.iter().find(|b| b.0 == one(1)).unwrap().1;
    assert_eq!(s.move_ball(one(9), one_pos), Err(Refusal::IllegalPlacement));
    let mut h = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 1);
    assert_eq!(h.move_ball(one(9), [-0.5, 0.3]), Err(Refusal::NotNow));
}

#[test]
fn a_nine_ball_rack_ends_and_the_next_is_racked_for_the_other_breaker() {
    let mut s = Session::new(Game::NineBall, Table::default(), Mode::Hotseat, 2);
    s.play_instantly(Call::None, Strike::centre(8.0, 0.0)).unwrap();
    s.phase = Phase::Aim;
    s.state.is_break = false;
    s.state.push_out_allowed = false;
    s.state.ball_in_hand = BallInHand::None;
    let shooter = s.state.shooter;
    let mouth = s.table.pocket(PocketId::FootLeft).mouth_centre;
    let len = mouth[0].hypot(mouth[1]);
    let u = [mouth[0] / len, mouth[1] / len];
    let nine = [mouth[0] - u[0] * 0.3, mouth[1] - u[1] * 0.3];
    s.balls = vec![(BallId::CUE, [nine[0] - u[0] * 0.4, nine[1] - u[1] * 0.4]), (one(9), nine)];
    let phi = aim_at(&s, one(9));
    let d = s.play_instantly(Call::None, Strike::centre(1.6, phi)).unwrap();
    assert!(d.game_over && d.winner == Some(shooter), "{:?}", d.explanation);
    assert_eq!(s.phase, Phase::RackOver { winner: shooter });
    assert_eq!(s.match_.racks_won[shooter as usize], 1);
    s.next_rack().unwrap();
    assert_eq!(s.state.shooter, 1, "breaks alternate (2.1)");
    assert_eq!(s.object_balls().len(), 9);
    assert!(matches!(s.phase, Phase::PlaceCue { .. }));
}
