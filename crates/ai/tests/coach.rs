//! The coach: its advice's chances agree with what the stroke gives, its sentences, and
//! `coach_json`'s input checks (exit-2 errors name the field).

use biljardi_ai::eval::{Ctx, perturb, play_and_judge};
use biljardi_ai::{Level, ShotKind, TableView, coach, coach_json};
use biljardi_physics::{BallId, Params, Table};
use biljardi_rules::{BallInHand, Call, Game, GameState};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn b(n: u8) -> BallId {
    BallId::object(n).unwrap()
}

/// The advised stroke struck `n` times with the level's noise on errors of its own: the share
/// that keeps the table without a foul (or wins), judged by the referee.
fn measured_success(view: &TableView, level: Level, a: &biljardi_ai::Advice, n: usize, seed: u64) -> f64 {
    let ctx = Ctx::new(view.game, view.table, Params::default(), level.noise(), view.me(), 1);
    let mut balls = view.balls.clone();
    let mut state = view.state.clone();
    if let Some(p) = a.placement {
        balls.retain(|x| !x.0.is_cue());
        balls.push((BallId::CUE, p));
        if state.ball_in_hand == BallInHand::None {
            state.ball_in_hand = BallInHand::Anywhere;
        }
    }
    let strike = a.strike.expect("a stroke");
    let call: Call = a.call;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut ok = 0;
    for _ in 0..n {
        let s = perturb(&ctx.noise, &strike, &mut rng);
        let (_, d) = play_and_judge(&ctx, &state, &balls, s, &call);
        if !d.foul && (d.winner == Some(ctx.me) || (!d.game_over && d.next_shooter == ctx.me && d.options.is_empty())) {
            ok += 1;
        }
    }
    ok as f64 / n as f64
}

fn positions() -> Vec<(&'static str, Game, GameState, Vec<(BallId, [f64; 2])>)> {
    vec![
        // A long cut of the 1 with the 9 out of the way.
        (
            "long cut",
            Game::NineBall,
            GameState::default(),
            vec![(BallId::CUE, [-0.6, 0.1]), (b(1), [0.5, 0.3]), (b(9), [0.9, -0.3])],
        ),
        // A medium pot near the side pocket, three balls left.
        (
            "side",
            Game::NineBall,
            GameState::default(),
            vec![(BallId::CUE, [-0.3, -0.2]), (b(4), [0.05, 0.4]), (b(6), [0.7, -0.1]), (b(9), [1.0, 0.4])],
        ),
        // Ball in hand, 8-ball with groups, three solids and the 8.
        (
            "ball in hand",
            Game::EightBall,
            GameState {
                open_table: false,
                groups: [Some(biljardi_rules::Group::Solids), Some(biljardi_rules::Group::Stripes)],
                ball_in_hand: BallInHand::Anywhere,
                ..GameState::default()
            },
            vec![(b(2), [0.4, 0.2]), (b(5), [-0.5, -0.3]), (b(8), [0.9, 0.0]), (b(12), [0.2, -0.45])],
        ),
    ]
}

#[test]
fn the_coach_chance_agrees_with_200_noisy_rollouts_of_its_stroke() {
    for level in [Level::Amateur, Level::Pro, Level::Master] {
        for (name, game, state, balls) in positions() {
            let view = TableView::shot(game, Table::default(), state, balls);
            let a = coach(&view, level, 7);
            let est = a.chances.as_ref().expect("a shot's chances").success;
            let got = measured_success(&view, level, &a, 200, 99);
            eprintln!("{name} ({level}): coach {est:.2}, 200 rollouts {got:.2}: {}", a.sentence_en);
            assert!(
                (est - got).abs() <= 0.10,
                "{name} ({level}): the coach says {est:.2}, 200 rollouts gave {got:.2} ({:?}, {})",
                a.kind,
                a.sentence_en
            );
            assert!(!a.sentence_en.is_empty() && !a.sentence_fi.is_empty() && a.sentence_en != a.sentence_fi);
            assert_eq!(a.placement.is_some(), view.state.ball_in_hand != BallInHand::None, "{name}");
        }
    }
}

#[test]
fn a_pot_is_explained_with_its_ball_pocket_and_chance() {
    let (_, game, state, balls) = positions().remove(0);
    let view = TableView::shot(game, Table::default(), state, balls);
    let a = coach(&view, Level::Pro, 3);
    assert!(a.kind.is_some_and(ShotKind::is_pot), "{:?}", a.kind);
    let c = a.chances.as_ref().unwrap();
    let pct = format!("{} %", (100.0 * c.success).round() as i64);
    assert!(a.sentence_en.starts_with("Pot the 1 into the "), "{}", a.sentence_en);
    assert!(a.sentence_en.contains(&pct) && a.sentence_fi.contains(&pct.replace(" %", " %:n")), "{a:?}");
    assert!(a.sentence_fi.starts_with("Pussita 1 "), "{}", a.sentence_fi);
    assert!(a.aim.is_some(), "the aim line and ghost ball to draw");
}

#[test]
fn a_hidden_ball_gets_a_safety_or_a_kick_explained() {
    // The 1 frozen behind the 2 and 3 on the foot rail, the cue ball at the head: nothing to pot.
    let t = Table::default();
    let hw = t.half_width();
    let r = biljardi_physics::BALL_RADIUS_M;
    let balls = vec![
        (BallId::CUE, [-0.9, 0.0]),
        (b(1), [1.2, 0.0]),
        (b(2), [1.2 - 2.0 * r - 0.001, 0.02]),
        (b(3), [1.2 - 2.0 * r - 0.001, -0.04]),
        (b(9), [0.0, hw - 0.2]),
    ];
    let view = TableView::shot(Game::NineBall, t, GameState::default(), balls);
    let a = coach(&view, Level::Pro, 5);
    let k = a.kind.expect("a shot");
    assert!(matches!(k, ShotKind::Safety | ShotKind::Kick | ShotKind::Bank | ShotKind::Combination | ShotKind::Pot));
    if k == ShotKind::Safety {
        assert!(a.sentence_en.starts_with("Safety: no pot above "), "{}", a.sentence_en);
        assert!(a.sentence_fi.starts_with("Turvalyönti: "), "{}", a.sentence_fi);
    }
    assert!(!a.sentence_en.is_empty());
}

#[test]
fn coach_json_answers_in_the_contract_format() {
    let out = coach_json(
        r#"{"game":"9ball","table":"9ft","state":{"ball_in_hand":"anywhere"},
            "balls":[{"id":"1","pos":[0.5,0.3]},{"id":"9","pos":[0.9,-0.3]}],"level":"amateur","seed":4}"#,
    )
    .expect("valid input");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(v["level"], "amateur");
    let p = v["cue_ball_placement"].as_array().expect("in hand: a placement");
    assert_eq!(p.len(), 2);
    for k in ["speed", "phi", "theta", "a", "b"] {
        assert!(v["stroke"][k].is_number(), "stroke.{k}");
    }
    let s = v["chances"]["success"].as_f64().expect("chances.success");
    assert!((0.0..=1.0).contains(&s));
    assert!(v["explanation"]["en"].as_str().is_some_and(|t| !t.is_empty()));
    assert!(v["explanation"]["fi"].as_str().is_some_and(|t| !t.is_empty()));
    // The same input and seed give the same answer.
    let again = coach_json(
        r#"{"game":"9ball","table":"9ft","state":{"ball_in_hand":"anywhere"},
            "balls":[{"id":"1","pos":[0.5,0.3]},{"id":"9","pos":[0.9,-0.3]}],"level":"amateur","seed":4}"#,
    )
    .unwrap();
    assert_eq!(out, again);
}

#[test]
fn coach_json_names_the_bad_field() {
    let cases = [
        ("not json", ""),
        (r#"{"balls":[{"id":"cue","pos":[0,0]},{"id":"1","pos":[0.5,0]}]}"#, "game"),
        (r#"{"game":"snooker","balls":[]}"#, "game"),
        (r#"{"game":"9ball","level":"god","balls":[{"id":"cue","pos":[0,0]},{"id":"1","pos":[0.5,0]}]}"#, "level"),
        (r#"{"game":"9ball","seed":-1,"balls":[{"id":"cue","pos":[0,0]},{"id":"1","pos":[0.5,0]}]}"#, "seed"),
        (r#"{"game":"9ball","balls":[{"id":"cue","pos":[0,5]},{"id":"1","pos":[0.5,0]}]}"#, "balls[0].pos"),
        (r#"{"game":"9ball","balls":[{"id":"1","pos":[0.5,0]}]}"#, "balls"),
        (r#"{"game":"9ball","balls":[{"id":"cue","pos":[0,0]}]}"#, "balls"),
        (r#"{"game":"9ball","table":"13ft","balls":[{"id":"cue","pos":[0,0]},{"id":"1","pos":[0.5,0]}]}"#, "table"),
    ];
    for (input, field) in cases {
        let e = coach_json(input).expect_err(input);
        assert_eq!(e.field, field, "{input}: {e}");
    }
}
