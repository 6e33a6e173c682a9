//! The AI's decisions: legal calls, push outs, option choices, placements, determinism.

use biljardi_ai::eval::{Ctx, perturb, play_and_judge};
use biljardi_ai::{Action, Level, Player, SelfplayArgs, ShotKind, TableView};
use biljardi_physics::{BallId, Params, PocketId, Strike, Table};
use biljardi_rules::{BallInHand, Call, Game, GameOption, GameState, Group};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn b(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

fn ctx(game: Game, level: Level) -> Ctx {
    Ctx::new(game, Table::default(), Params::default(), level.noise(), 0, 1)
}

#[test]
fn eight_ball_calls_a_ball_of_its_own_group() {
    let state = GameState {
        shooter: 0,
        open_table: false,
        groups: [Some(Group::Solids), Some(Group::Stripes)],
        ..GameState::default()
    };
    let balls = vec![
        (BallId::CUE, [-0.6, 0.1]),
        (b(3), [0.3, 0.3]),
        (b(5), [0.6, -0.2]),
        (b(8), [0.0, -0.3]),
        (b(11), [0.5, 0.1]),
        (b(12), [-0.3, -0.4]),
    ];
    let view = TableView::shot(Game::EightBall, Table::default(), state, balls);
    let t = Player::new(Level::Amateur).think(&view, 3);
    let Action::Shoot { call, cue_ball_placement, .. } = t.action else { panic!("must shoot: {:?}", t.action) };
    assert!(cue_ball_placement.is_none());
    match call {
        Call::Ball { ball, pocket } => {
            assert!(Group::Solids.contains(ball), "called {ball}");
            assert!(pocket.is_some());
        }
        Call::Safety { .. } => {}
        other => panic!("8-ball needs a call, got {other:?}"),
    }
}

/// The 1 a foot from the corner and the cue ball 0.4 m straight behind it, moved `across` m
/// sideways (a small cut).
fn one_a_foot_from_the_corner(across: f64) -> (Table, [f64; 2], [f64; 2]) {
    let t = Table::default();
    let p = t.pocket(PocketId::FootLeft).mouth_centre;
    let u = [p[0] - 0.9, p[1] - 0.35];
    let n = u[0].hypot(u[1]);
    let one = [p[0] - u[0] / n * 0.3, p[1] - u[1] / n * 0.3];
    let cue = [one[0] - u[0] / n * 0.4, one[1] - u[1] / n * 0.4 + across];
    (t, one, cue)
}

#[test]
fn an_easy_pot_is_taken_and_usually_made() {
    let (t, one, cue) = one_a_foot_from_the_corner(0.0);
    let state = GameState::default();
    let view = TableView::shot(Game::NineBall, t, state, vec![(BallId::CUE, cue), (b(1), one), (b(9), [-0.8, -0.4])]);
    let th = Player::new(Level::Pro).think(&view, 1);
    // In 9-ball nothing is called: a full hit that pots is a pot whatever the plan was named.
    assert!(matches!(th.kind, Some(ShotKind::Pot | ShotKind::Safety)), "{th:?}");
    assert!(th.success > 0.7, "{th:?}");
}

/// `examples/quality.rs` compares budgets through `think_with` and `stroke_value`: with the
/// level's own budget `think_with` is `think`, and the value of a stroke made a foot from the
/// pocket is high and agrees with what the search expected of it.
#[test]
fn think_with_the_levels_budget_is_think_and_stroke_value_values_the_stroke() {
    let (t, one, cue) = one_a_foot_from_the_corner(0.05);
    let balls = vec![(BallId::CUE, cue), (b(1), one), (b(2), [0.2, 0.1]), (b(9), [-0.8, -0.4])];
    let view = TableView::shot(Game::NineBall, t, GameState::default(), balls);
    let player = Player::new(Level::Pro);
    let th = player.think(&view, 5);
    let with = player.think_with(&view, &Level::Pro.budget(), 5);
    assert_eq!(format!("{:?}", th.action), format!("{:?}", with.action));
    let (value, success, foul) = player.stroke_value(&view, &th, 60, 9).expect("a stroke");
    assert!(success > 0.8 && foul < 0.1, "success {success}, foul {foul}");
    assert!((value - th.value).abs() < 0.15, "valued {value}, the search expected {}", th.value);
    // The same seed, the same value.
    assert_eq!(player.stroke_value(&view, &th, 60, 9), Some((value, success, foul)));
}

/// A 9-ball position after a push out: the 1 hidden behind the 2 and 3, or hanging in a pocket.
fn after_push_out(hidden: bool) -> (TableView, biljardi_rules::Decision) {
    let table = Table::default();
    let balls = if hidden {
        vec![
            (BallId::CUE, [-0.9, 0.0]),
            (b(2), [-0.8, 0.02]),
            (b(3), [-0.85, 0.09]),
            (b(4), [-0.85, -0.08]),
            (b(1), [1.0, 0.5]),
        ]
    } else {
        let p = table.pocket(PocketId::FootLeft).mouth_centre;
        vec![(BallId::CUE, [0.5, 0.3]), (b(1), [p[0] - 0.1, p[1] - 0.1]), (b(2), [-0.8, -0.4])]
    };
    let state = GameState { shooter: 0, push_out_allowed: true, ..GameState::default() };
    let c = ctx(Game::NineBall, Level::Pro);
    // A push out that barely moves the cue ball.
    let (played, d) = play_and_judge(&c, &state, &balls, Strike::centre(0.05, 3.0), &Call::push_out());
    assert!(!d.foul);
    assert_eq!(d.options, vec![GameOption::Shoot, GameOption::PassBack]);
    let view = TableView {
        game: Game::NineBall,
        table,
        params: Params::default(),
        state: d.state.clone(),
        balls: played.resting(),
        pending: Some(d.clone()),
    };
    (view, d)
}

#[test]
fn a_hard_push_out_is_passed_back_and_an_easy_one_is_shot() {
    let (view, _) = after_push_out(true);
    assert_eq!(view.me(), 1);
    assert_eq!(Player::new(Level::Amateur).decide(&view, 0), Action::ChooseOption(GameOption::PassBack));
    let (view, _) = after_push_out(false);
    assert_eq!(Player::new(Level::Amateur).decide(&view, 0), Action::ChooseOption(GameOption::Shoot));
}

#[test]
fn a_push_out_is_never_played_into_an_avoidable_foul() {
    // The 1 hidden: a push out is attractive. Whatever the AI plays must not foul when struck
    // as intended.
    let balls = vec![
        (BallId::CUE, [-0.9, 0.0]),
        (b(2), [-0.8, 0.02]),
        (b(3), [-0.85, 0.09]),
        (b(4), [-0.85, -0.08]),
        (b(1), [1.0, 0.5]),
    ];
    let state = GameState { shooter: 0, push_out_allowed: true, ..GameState::default() };
    let view = TableView::shot(Game::NineBall, Table::default(), state.clone(), balls.clone());
    for seed in 0..2 {
        let th = Player::new(Level::Amateur).think(&view, seed);
        let Action::Shoot { call, .. } = th.action else { panic!() };
        let (_, d) = play_and_judge(&ctx(Game::NineBall, Level::Amateur), &state, &balls, th.intended.unwrap(), &call);
        if call.is_push_out() {
            assert!(!d.foul, "push out fouls: {:?}", d.fouls);
        }
    }
}

#[test]
fn request_spot_when_every_ball_is_behind_the_head_string() {
    // 14.1: a scratch leaves ball in hand behind the head string with every ball behind it (1.5).
    let t = Table::default();
    let pocket = t.pocket(PocketId::HeadLeft).mouth_centre;
    let cue = [pocket[0] + 0.15, pocket[1] - 0.15];
    let balls = vec![(BallId::CUE, cue), (b(1), [-0.9, -0.3]), (b(2), [-1.0, 0.0])];
    let state = GameState { shooter: 0, target_score: Some(50), ..GameState::default() };
    let phi = (pocket[1] - cue[1]).atan2(pocket[0] - cue[0]);
    let (played, d) =
        play_and_judge(&ctx(Game::StraightPool, Level::Pro), &state, &balls, Strike::centre(1.0, phi), &Call::None);
    assert!(d.foul);
    assert!(d.options.contains(&GameOption::RequestSpot), "{:?}", d.options);
    let view = TableView {
        game: Game::StraightPool,
        table: t,
        params: Params::default(),
        state: d.state.clone(),
        balls: played.resting(),
        pending: Some(d.clone()),
    };
    match Player::new(Level::Amateur).decide(&view, 0) {
        Action::RequestSpot { ball } => assert!(d.request_spot.contains(&ball)),
        other => panic!("expected a spot request, got {other:?}"),
    }
}

#[test]
fn ball_in_hand_is_placed_legally_and_break_from_behind_the_head_string() {
    let t = Table::default();
    let state = GameState { shooter: 1, ball_in_hand: BallInHand::Anywhere, ..GameState::default() };
    let balls = vec![(BallId::CUE, [0.2, 0.2]), (b(4), [0.4, 0.1]), (b(6), [-0.3, 0.3]), (b(9), [0.9, -0.4])];
    let view = TableView::shot(Game::NineBall, t, state, balls.clone());
    let Action::Shoot { cue_ball_placement: Some(p), .. } = Player::new(Level::Amateur).decide(&view, 5) else {
        panic!("ball in hand needs a placement")
    };
    let others: Vec<_> = balls.iter().copied().filter(|x| !x.0.is_cue()).collect();
    assert!(biljardi_ai::table_ops::placement_ok(&t, &others, BallInHand::Anywhere, p));

    for game in Game::ALL {
        let view = TableView::shot(game, t, GameState::new_rack(0), biljardi_ai::table_ops::fresh_rack(game, &t));
        let Action::Shoot { cue_ball_placement: Some(p), .. } = Player::new(Level::Beginner).decide(&view, 1) else {
            panic!("break needs a placement")
        };
        assert!(p[0] < t.head_string_x(), "{game:?} {p:?}");
    }
}

#[test]
fn same_seed_same_decision() {
    let balls = vec![(BallId::CUE, [-0.6, 0.1]), (b(1), [0.3, 0.3]), (b(2), [0.6, -0.2]), (b(9), [0.0, -0.3])];
    let view = TableView::shot(Game::NineBall, Table::default(), GameState::default(), balls);
    for level in [Level::Pro, Level::Master] {
        let p = Player::new(level);
        assert_eq!(p.decide(&view, 11), p.decide(&view, 11), "{level}");
    }
}

#[test]
fn selfplay_args_name_the_bad_flag() {
    assert!(SelfplayArgs::parse("9ball", "pro,amateur", "100", "7").is_ok());
    assert_eq!(SelfplayArgs::parse("snooker", "pro,amateur", "1", "7").unwrap_err().flag, "game");
    assert_eq!(SelfplayArgs::parse("9ball", "pro", "1", "7").unwrap_err().flag, "players");
    assert_eq!(SelfplayArgs::parse("9ball", "pro,god", "1", "7").unwrap_err().flag, "players");
    assert_eq!(SelfplayArgs::parse("9ball", "pro,pro", "0", "7").unwrap_err().flag, "racks");
    assert_eq!(SelfplayArgs::parse("9ball", "pro,pro", "1", "-1").unwrap_err().flag, "seed");
}

#[test]
fn short_selfplay_of_every_game_keeps_the_invariants_and_repeats() {
    for game in ["9ball", "8ball", "10ball", "14.1"] {
        let args = SelfplayArgs::parse(game, "beginner,amateur", "1", "4").unwrap();
        let s = biljardi_ai::selfplay::summarize(&args);
        assert_eq!(s.invariant_violations, 0, "{game}: {:?}", s.violation_examples);
        assert_eq!(s.wins[0] + s.wins[1], 1, "{game}");
        let again = biljardi_ai::selfplay::summarize(&args);
        assert_eq!(
            (s.wins, s.shots_per_rack, s.fouls_per_rack),
            (again.wins, again.shots_per_rack, again.fouls_per_rack)
        );
    }
}

#[test]
fn player_is_send_and_sync() {
    fn check<T: Send + Sync + 'static>() {}
    check::<Player>();
    check::<TableView>();
    check::<Action>();
}

#[test]
fn options_after_an_illegal_break_are_among_those_offered() {
    let t = Table::default();
    for game in [Game::EightBall, Game::StraightPool] {
        let mut balls = biljardi_ai::table_ops::fresh_rack(game, &t);
        balls.push((BallId::CUE, [t.head_string_x() - 0.1, 0.0]));
        let state = GameState::new_rack(0);
        // A feeble break: nothing reaches a rail.
        let (played, d) =
            play_and_judge(&ctx(game, Level::Pro), &state, &balls, Strike::centre(0.4, 0.0), &Call::safety());
        assert!(d.options.len() >= 2, "{game:?}: {:?}", d.options);
        let view = TableView {
            game,
            table: t,
            params: Params::default(),
            state: d.state.clone(),
            balls: played.resting(),
            pending: Some(d.clone()),
        };
        assert_eq!(view.me(), 1);
        match Player::new(Level::Amateur).decide(&view, 2) {
            Action::ChooseOption(o) => assert!(d.options.contains(&o), "{game:?}: {o:?} not in {:?}", d.options),
            other => panic!("{game:?}: expected an option, got {other:?}"),
        }
    }
}

#[test]
fn ten_ball_calls_the_ball_it_plays_for() {
    let balls = vec![(BallId::CUE, [-0.5, 0.0]), (b(2), [0.2, 0.2]), (b(5), [0.6, -0.3]), (b(10), [0.9, 0.4])];
    let view = TableView::shot(Game::TenBall, Table::default(), GameState::default(), balls);
    let Action::Shoot { call, .. } = Player::new(Level::Amateur).decide(&view, 9) else { panic!() };
    match call {
        Call::Ball { ball, pocket } => {
            assert!([b(2), b(5), b(10)].contains(&ball));
            assert!(pocket.is_some());
        }
        Call::Safety { safety: true } => {}
        other => panic!("10-ball needs a called ball or a safety: {other:?}"),
    }
}

#[test]
fn thought_is_send_and_its_aim_is_the_intended_stroke() {
    fn check<T: Send + Sync + 'static>() {}
    check::<biljardi_ai::Thought>();
    check::<biljardi_ai::Aim>();
    // The 1 a foot from the corner, the cue ball straight behind it: the aim is the ghost ball
    // behind the 1 and the pot is called (or planned) into that corner.
    let t = Table::default();
    let p = t.pocket(PocketId::FootLeft).mouth_centre;
    let u = [p[0] - 0.9, p[1] - 0.35];
    let n = u[0].hypot(u[1]);
    let one = [p[0] - u[0] / n * 0.3, p[1] - u[1] / n * 0.3];
    let cue = [one[0] - u[0] / n * 0.4, one[1] - u[1] / n * 0.4];
    let view = TableView::shot(
        Game::TenBall,
        t,
        GameState::default(),
        vec![(BallId::CUE, cue), (b(1), one), (b(10), [-0.8, -0.4])],
    );
    // The view is plain data: think on another thread as the game's background task does.
    let th = std::thread::spawn(move || Player::new(Level::Pro).think(&view, 4)).join().unwrap();
    let aim = th.aim.expect("a shot has an aim");
    assert_eq!(aim.target, b(1));
    assert_eq!(aim.cue, cue);
    let d = ((aim.ghost[0] - aim.target_pos[0]).powi(2) + (aim.ghost[1] - aim.target_pos[1]).powi(2)).sqrt();
    assert!((d - 2.0 * biljardi_physics::BALL_RADIUS_M).abs() < 1e-3, "ghost {d}");
    if let Some((ball, _)) = aim.pot {
        assert_eq!(ball, b(1));
    }
    assert!(th.intended.is_some());
}

/// 10-ball 9.7: the 2 called into a head pocket drops in the foot corner instead; the
/// incoming player shoots or passes back. The table he is offered is then set to `after`.
fn wrong_pocket(after: Vec<(BallId, [f64; 2])>) -> (TableView, biljardi_rules::Decision) {
    let t = Table::default();
    let p = t.pocket(PocketId::FootLeft).mouth_centre;
    let two = [p[0] - 0.08, p[1] - 0.08];
    let cue = [two[0] - 0.3, two[1] - 0.3];
    let balls = vec![(BallId::CUE, cue), (b(2), two), (b(3), [-0.5, -0.3]), (b(10), [-0.8, 0.4])];
    let c = ctx(Game::TenBall, Level::Pro);
    let phi = (two[1] - cue[1]).atan2(two[0] - cue[0]);
    let (_, d) = play_and_judge(
        &c,
        &GameState::default(),
        &balls,
        Strike { speed_mps: 1.2, phi_rad: phi, theta_rad: 0.03, a: 0.0, b: -0.5 },
        &Call::ball(b(2), PocketId::HeadLeft),
    );
    assert!(d.pocketed.contains(&b(2)) && !d.foul, "{:?}", d.rules);
    assert_eq!(d.options, vec![GameOption::Shoot, GameOption::PassBack], "{:?}", d.rules);
    let view = TableView {
        game: Game::TenBall,
        table: t,
        params: Params::default(),
        state: d.state.clone(),
        balls: after,
        pending: Some(d.clone()),
    };
    (view, d)
}

#[test]
fn after_a_wrongly_pocketed_ball_an_easy_table_is_shot_and_a_hidden_one_passed_back() {
    let t = Table::default();
    let p = t.pocket(PocketId::SideLeft).mouth_centre;
    // Easy: the 3 hangs in the side pocket, the cue ball straight behind it.
    let easy = vec![(BallId::CUE, [p[0], p[1] - 0.35]), (b(3), [p[0], p[1] - 0.08]), (b(10), [-0.8, 0.4])];
    let (view, _) = wrong_pocket(easy);
    assert_eq!(view.me(), 1);
    assert_eq!(Player::new(Level::Amateur).decide(&view, 1), Action::ChooseOption(GameOption::Shoot));
    // Hidden: the cue ball frozen in a cluster at the head rail, the 3 far away behind it.
    let hidden = vec![
        (BallId::CUE, [-0.9, 0.0]),
        (b(4), [-0.8, 0.02]),
        (b(5), [-0.85, 0.09]),
        (b(6), [-0.85, -0.08]),
        (b(3), [1.0, 0.5]),
        (b(10), [-0.8, 0.4]),
    ];
    let (view, _) = wrong_pocket(hidden);
    assert_eq!(Player::new(Level::Amateur).decide(&view, 1), Action::ChooseOption(GameOption::PassBack));
}

#[test]
fn ball_in_hand_behind_the_head_string_is_placed_there() {
    // 14.1 after a scratch: ball in hand behind the head string with balls up the table.
    let t = Table::default();
    let state = GameState {
        shooter: 1,
        ball_in_hand: BallInHand::BehindHeadString,
        target_score: Some(50),
        ..GameState::default()
    };
    let balls = vec![(b(1), [0.3, 0.2]), (b(2), [0.7, -0.3]), (b(3), [0.1, -0.4]), (b(4), [-0.9, 0.1])];
    let view = TableView::shot(Game::StraightPool, t, state, balls.clone());
    let Action::Shoot { cue_ball_placement: Some(p), call, .. } = Player::new(Level::Amateur).decide(&view, 2) else {
        panic!("ball in hand needs a placement")
    };
    assert!(p[0] < t.head_string_x(), "{p:?}");
    assert!(biljardi_ai::table_ops::placement_ok(&t, &balls, BallInHand::BehindHeadString, p));
    // 14.1 is call shot: a ball and a pocket, or a safety.
    assert!(matches!(call, Call::Ball { pocket: Some(_), .. } | Call::Safety { safety: true }), "{call:?}");
}

/// 9-ball, the 1 hidden from the cue ball behind the 2, 3 and 4, no push out.
fn hidden_one() -> (GameState, Vec<(BallId, [f64; 2])>) {
    let balls = vec![
        (BallId::CUE, [-0.9, 0.0]),
        (b(2), [-0.8, 0.02]),
        (b(3), [-0.85, 0.09]),
        (b(4), [-0.85, -0.08]),
        (b(1), [1.0, 0.5]),
        (b(9), [0.2, -0.3]),
    ];
    (GameState { shooter: 0, ..GameState::default() }, balls)
}

#[test]
fn a_ball_hidden_from_one_cushion_kicks_is_kicked_off_two_and_a_beginner_never_calls_safety() {
    let (state, balls) = hidden_one();
    let view = TableView::shot(Game::NineBall, Table::default(), state.clone(), balls.clone());
    for level in [Level::Amateur, Level::Pro] {
        let th = Player::new(level).think(&view, 1);
        let Action::Shoot { call, .. } = th.action else { panic!("must shoot: {:?}", th.action) };
        // Struck as meant, the cue ball reaches the 1 first (and no rule is broken).
        let (_, d) = play_and_judge(&ctx(Game::NineBall, level), &state, &balls, th.intended.unwrap(), &call);
        assert!(!d.foul, "{level:?}: {:?} fouls {:?}", th.kind, d.fouls);
    }
    for seed in 0..3 {
        let th = Player::new(Level::Beginner).think(&view, seed);
        let Action::Shoot { call, .. } = th.action else { panic!("must shoot: {:?}", th.action) };
        assert!(!matches!(call, Call::Safety { .. }), "beginner called {call:?}");
    }
}

#[test]
fn the_stick_clears_a_ball_behind_the_cue_ball_and_the_rail() {
    // The 1 straight ahead of the cue ball towards the foot corner, the 2 just behind the cue
    // ball on that line; then the same shot with the cue ball frozen to the head cushion.
    let t = Table::default();
    let corner = t.pocket(PocketId::FootRight).mouth_centre;
    for (cue, behind) in [([0.2, 0.1], true), ([-t.half_length() + 0.0286, 0.1], false)] {
        let u = [corner[0] - cue[0], corner[1] - cue[1]];
        let n = u[0].hypot(u[1]);
        let one = [cue[0] + u[0] / n * 0.4, cue[1] + u[1] / n * 0.4];
        let mut balls = vec![(BallId::CUE, cue), (b(1), one), (b(9), [-0.2, -0.5])];
        if behind {
            balls.push((b(2), [cue[0] - u[0] / n * 0.09, cue[1] - u[1] / n * 0.09]));
        }
        let view = TableView::shot(Game::NineBall, t, GameState::default(), balls.clone());
        for level in [Level::Amateur, Level::Pro] {
            let th = Player::new(level).think(&view, 5);
            let Action::Shoot { strike, .. } = th.action else { panic!("must shoot: {:?}", th.action) };
            for s in [strike, th.intended.unwrap()] {
                let others = balls.iter().filter(|(id, _)| !id.is_cue()).map(|(_, p)| *p);
                let floor = biljardi_physics::min_cue_elevation_rad(&t, cue, others, s.phi_rad, s.a, s.b);
                // Over the 2 nine centimetres behind, or the cushion's nose: well above level.
                assert!(floor > 10f64.to_radians(), "floor {} deg", floor.to_degrees());
                assert!(
                    s.theta_rad >= floor,
                    "{level:?}: {} deg under {} deg",
                    s.theta_rad.to_degrees(),
                    floor.to_degrees()
                );
            }
        }
    }
}

/// 14.1 self-play (seed 51, game 236): the shooter on two fouls, the rack nearly whole with
/// one ball in front of it, the cue ball 0.3 m short of it, and one ball near a foot corner.
fn two_fouls_on_in_straight_pool() -> (GameState, Vec<(BallId, [f64; 2])>) {
    let state = GameState {
        shooter: 0,
        fouls: [2, 0],
        score: [9, 0],
        breaker: Some(0),
        target_score: Some(15),
        ..GameState::default()
    };
    let balls = vec![
        (BallId::CUE, [0.3522, -0.0481]),
        (b(1), [0.6848, -0.0308]),
        (b(2), [0.6845, 0.0286]),
        (b(3), [0.7348, -0.0585]),
        (b(4), [0.7340, 0.0]),
        (b(5), [0.7340, 0.0572]),
        (b(6), [0.7846, -0.0874]),
        (b(7), [0.7835, -0.0286]),
        (b(8), [0.7835, 0.0286]),
        (b(9), [0.7835, 0.0857]),
        (b(10), [0.6323, -0.0062]),
        (b(11), [1.2094, -0.4887]),
        (b(12), [0.8331, -0.0572]),
        (b(13), [0.8330, 0.0]),
        (b(14), [0.8330, 0.0572]),
        (b(15), [0.8330, 0.1143]),
    ];
    (state, balls)
}

#[test]
fn on_two_fouls_in_straight_pool_the_third_is_avoided() {
    // 4.11: a third successive foul costs 15 points more. The strokes the amateur chooses here,
    // each struck 25 times with its own execution errors, must all but never foul.
    let (state, balls) = two_fouls_on_in_straight_pool();
    let c = ctx(Game::StraightPool, Level::Amateur);
    let player = Player::new(Level::Amateur);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut fouls, mut strokes) = (0, 0);
    for seed in 0..12 {
        let view = TableView::shot(Game::StraightPool, Table::default(), state.clone(), balls.clone());
        let th = player.think(&view, seed);
        let (Some(intended), Action::Shoot { call, .. }) = (th.intended, th.action) else { panic!("must shoot") };
        for _ in 0..25 {
            let (_, d) = play_and_judge(&c, &state, &balls, perturb(&c.noise, &intended, &mut rng), &call);
            fouls += u32::from(d.foul);
            strokes += 1;
        }
    }
    assert!(fouls * 25 <= strokes, "{fouls} of {strokes} strokes fouled on two fouls");
}
