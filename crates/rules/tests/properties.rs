//! Property tests over random shot records: whatever happens on the table, the decision keeps
//! the invariants the game and the AI rely on.

use biljardi_physics::{BALL_RADIUS_M, BallFate, BallId, Event, EventKind, FinalBall, PocketId, RailId, Table};
use biljardi_rules::{BallInHand, Call, Game, GameState, Group, ShotRecord, judge};
use proptest::prelude::*;
use std::collections::BTreeMap;

fn pos(n: u8) -> [f64; 2] {
    let i = (n - 1) as f64;
    [0.1 + 0.1 * (i % 5.0), -0.3 + 0.15 * (i / 5.0).floor()]
}

fn ev(t: f64, kind: EventKind) -> Event {
    Event { t, kind, state: BTreeMap::new() }
}

#[derive(Debug, Clone)]
struct Case {
    game: Game,
    state: GameState,
    before: Vec<(BallId, [f64; 2])>,
    call: Call,
    events: Vec<Event>,
    finals: Vec<FinalBall>,
}

fn game() -> impl Strategy<Value = Game> {
    prop::sample::select(Game::ALL.to_vec())
}

fn pocket() -> impl Strategy<Value = PocketId> {
    prop::sample::select(PocketId::ALL.to_vec())
}

fn case() -> impl Strategy<Value = Case> {
    (
        game(),
        any::<u16>(),
        any::<[u8; 8]>(),
        prop::collection::vec((any::<u8>(), pocket(), 0u8..8), 0..6),
        any::<u64>(),
        -20i32..120,
    )
        .prop_map(|(game, mask, k, outcomes, bits, score)| {
            let max = game.max_ball();
            let mut on: Vec<u8> = (1..=max).filter(|n| mask & (1 << n) != 0).collect();
            if let Some(gb) = game.game_ball()
                && !on.contains(&gb.number())
            {
                on.push(gb.number());
            }
            if on.is_empty() {
                on.push(1);
            }
            on.sort();
            let obj = |i: u8| BallId::object(on[i as usize % on.len()]).unwrap();
            let bit = |i: u32| bits & (1 << i) != 0;
            let mut before = vec![(BallId::CUE, [-0.9, 0.0])];
            before.extend(on.iter().map(|n| (BallId::object(*n).unwrap(), pos(*n))));

            let mut state = GameState { shooter: k[0] & 1, ..GameState::default() };
            state.is_break = bit(0) && on.len() == max as usize;
            if matches!(game, Game::NineBall | Game::TenBall) && !state.is_break {
                state.push_out_allowed = bit(1);
            }
            if game.three_foul_rule() {
                state.fouls = [k[1] % 3, k[2] % 3];
            } else {
                state.fouls = [k[1] % 5, k[2] % 5];
            }
            if game == Game::StraightPool {
                state.score = [score, score / 2];
            }
            if game == Game::EightBall && !state.is_break && bit(2) {
                state.open_table = false;
                let g = if bit(3) { Group::Solids } else { Group::Stripes };
                state.groups = [Some(g), Some(g.other())];
            }
            state.ball_in_hand = match k[3] % 3 {
                0 => BallInHand::None,
                1 => BallInHand::Anywhere,
                _ => BallInHand::BehindHeadString,
            };
            if bit(4) {
                state.shot_clock_s = Some(30.0);
            }
            let call = match k[4] % 4 {
                0 => Call::None,
                1 => Call::safety(),
                2 if state.push_out_allowed => Call::push_out(),
                _ => Call::Ball {
                    ball: obj(k[5]),
                    pocket: if bit(5) { None } else { Some(PocketId::ALL[k[6] as usize % 6]) },
                },
            };

            let mut events = vec![ev(0.0, EventKind::Strike { ball: BallId::CUE })];
            if bit(6) {
                events.push(ev(0.01, EventKind::Strike { ball: BallId::CUE }));
            }
            let mut t = 0.1;
            if !bit(7) {
                events.push(ev(t, EventKind::BallBall { balls: [BallId::CUE, obj(k[7])] }));
                if bit(8) {
                    events.push(ev(t, EventKind::BallBall { balls: [BallId::CUE, obj(k[7] / 3)] }));
                }
            }
            let mut gone: Vec<BallId> = Vec::new();
            let mut finals = Vec::new();
            for (who, p, what) in outcomes {
                t += 0.1;
                let b = if what == 7 { BallId::CUE } else { obj(who) };
                if gone.contains(&b) {
                    continue;
                }
                match what {
                    0..=2 => events.push(ev(t, EventKind::Cushion { ball: b, rail: RailId::ALL[who as usize % 6] })),
                    3..=5 | 7 => {
                        events.push(ev(t, EventKind::Pocket { ball: b, pocket: p }));
                        finals.push(FinalBall { id: b, fate: BallFate::Pocketed { pocket: p } });
                        gone.push(b);
                    }
                    _ => {
                        events.push(ev(t, EventKind::OffTable { ball: b }));
                        finals.push(FinalBall { id: b, fate: BallFate::OffTable });
                        gone.push(b);
                    }
                }
            }
            if !gone.contains(&BallId::CUE) {
                // Somewhere the cue ball may rest: near the foot spot, in the rack, or at the head.
                let spots = [[-0.9, 0.0], [0.635, 0.0], [0.7, 0.05], [-0.635, 0.0], [0.0, 0.5]];
                let p = spots[k[0] as usize / 2 % spots.len()];
                let free = before
                    .iter()
                    .filter(|(b, _)| !b.is_cue() && !gone.contains(b))
                    .all(|(_, q)| ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt() >= 2.0 * BALL_RADIUS_M);
                let p = if free { p } else { [-0.9, 0.0] };
                finals.push(FinalBall { id: BallId::CUE, fate: BallFate::OnTable { pos: p } });
            }
            Case { game, state, before, call, events, finals }
        })
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn decisions_keep_their_invariants(c in case()) {
        let table = Table::default();
        let rec = ShotRecord::from_events(&table, &c.before, &c.events, &c.finals);
        let d = judge(c.game, &table, &c.state, &rec, &c.call);

        // Exactly one shooter next, and the state agrees with the decision.
        prop_assert!(d.next_shooter <= 1);
        prop_assert_eq!(d.state.shooter, d.next_shooter);
        prop_assert_eq!(d.state.ball_in_hand, d.ball_in_hand);
        for (_, s) in &d.option_states {
            prop_assert!(s.shooter <= 1);
        }
        prop_assert_eq!(d.options.len(), d.option_states.len());
        prop_assert_eq!(d.options.len(), d.option_details.len());
        for o in &d.option_details {
            prop_assert!(d.rules.contains(&o.rule), "option rule {} not cited", o.rule);
        }
        if let Some((_, first)) = d.option_states.first() {
            prop_assert_eq!(first, &d.state);
        }

        // Ball in hand only after a foul or where a rule gives it: the next break (8.11) and the
        // 14.1 rerack (4.8 b, d).
        if d.ball_in_hand != BallInHand::None {
            prop_assert!(d.foul || d.game_over || (c.game == Game::StraightPool && d.rerack), "{:?}", d);
        }
        if d.ball_in_hand == BallInHand::Anywhere {
            prop_assert!(d.foul);
        }

        // A rerack names its balls: 14 with the apex empty or all 15 (4.2, 4.8, 4.11).
        prop_assert_eq!(d.rerack, !d.rerack_balls.is_empty());
        if d.rerack {
            prop_assert!(d.rerack_balls.len() == 14 || d.rerack_balls.len() == 15);
        }

        // game_over exactly when there is a winner.
        prop_assert_eq!(d.game_over, d.winner.is_some());

        // A pocketed object ball is either down or spotted; only balls that went down are spotted,
        // and in 8-, 9- and 10-ball only the game ball.
        let lost: Vec<BallId> = d.pocketed.iter().chain(d.off_table.iter()).copied().collect();
        for b in &d.spot {
            prop_assert!(lost.contains(b), "spotted {} that never went down", b);
            if let Some(gb) = c.game.game_ball() {
                prop_assert_eq!(*b, gb);
            }
        }
        // Every spotted ball is placed on the bed, clear of the others.
        let table_ok = |p: [f64; 2]| table.contains_ball(p, BALL_RADIUS_M - 1e-9);
        for b in &d.spot {
            let p = d.placed.iter().find(|p| p.id == *b);
            prop_assert!(p.is_some());
            prop_assert!(table_ok(p.unwrap().pos));
        }
        let resting: Vec<[f64; 2]> = rec.resting().filter(|(b, _)| !d.spot.contains(b)).map(|(_, p)| p).collect();
        for (i, p) in d.placed.iter().enumerate() {
            for q in d.placed.iter().skip(i + 1) {
                prop_assert!(dist(p.pos, q.pos) >= 2.0 * BALL_RADIUS_M - 1e-9);
            }
            if d.spot.contains(&p.id) {
                for r in &resting {
                    prop_assert!(dist(p.pos, *r) >= 2.0 * BALL_RADIUS_M - 1e-9);
                }
            }
        }

        // 14.1 points add up; no points elsewhere.
        if c.game == Game::StraightPool {
            prop_assert_eq!(d.state.score[0], c.state.score[0] + d.points[0]);
            prop_assert_eq!(d.state.score[1], c.state.score[1] + d.points[1]);
        } else {
            prop_assert_eq!(d.points, [0, 0]);
        }

        // Fouls: each cites its rule; the count stays below three where 6.14 applies.
        prop_assert_eq!(d.foul, !d.fouls.is_empty());
        for f in &d.fouls {
            prop_assert!(d.rules.contains(&f.rule), "{} not cited", f.rule);
            prop_assert!(!f.en.is_empty() && !f.fi.is_empty());
        }
        if c.game.three_foul_rule() {
            prop_assert!(d.state.fouls.iter().all(|f| *f <= 2));
        }
        prop_assert!(!d.explanation.en.is_empty() && !d.explanation.fi.is_empty());

        // The output state reads back as input (shots chain).
        let json = serde_json::to_value(&d).unwrap();
        let back: GameState = serde_json::from_value(json["state"].clone()).unwrap();
        prop_assert_eq!(back, d.state.clone());
    }

    #[test]
    fn referee_json_never_panics_on_mangled_input(cut in 0usize..2000, byte in any::<u8>()) {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/rule_4_7_every_ball_on_a_legal_called_shot_scores.json")).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let mut input = serde_json::to_string(&v["input"]).unwrap().into_bytes();
        if !input.is_empty() {
            let i = cut % input.len();
            input[i] = byte;
        }
        let _ = biljardi_rules::json::run(&String::from_utf8_lossy(&input));
    }
}
