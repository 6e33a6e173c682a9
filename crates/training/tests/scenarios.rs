//! Every scenario file parses, names itself after its file, speaks both languages, cites rules
//! that exist, replays with the real physics into the events and decision it expects, and the
//! coverage list of issue 7 is present.

use biljardi_rules::Game;
use biljardi_training::quiz::{self, Lang, Score, Topic};
use biljardi_training::scenario::{CueFate, PauseAt};
use biljardi_training::{cli, files, find, list, replay, rulebook, run, scenarios};
use std::collections::BTreeSet;

#[test]
fn every_scenario_replays_into_its_expected_events_and_decision() {
    let mut failed = Vec::new();
    for s in scenarios() {
        let r = run(&s);
        if !r.ok {
            failed.push(format!("{}:\n  {}", s.id, r.differences.join("\n  ")));
        }
    }
    assert!(failed.is_empty(), "{} scenario(s) failed:\n{}", failed.len(), failed.join("\n"));
}

#[test]
fn there_are_at_least_forty_scenarios_covering_all_four_games() {
    let all = scenarios();
    assert!(all.len() >= 40, "only {} scenarios", all.len());
    for g in Game::ALL {
        let n = all.iter().filter(|s| s.game == g).count();
        assert!(n >= 5, "{} has only {n} scenarios", g.name());
    }
}

#[test]
fn files_parse_and_ids_are_unique_and_match_the_file_names() {
    let mut ids = BTreeSet::new();
    for (name, text) in files() {
        let s = biljardi_training::Scenario::parse(text).unwrap_or_else(|e| panic!("{name}.json: {e}"));
        assert_eq!(&s.id, name, "the id must be the file name");
        assert!(ids.insert(s.id.clone()), "duplicate id {}", s.id);
        assert!(
            s.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '.'),
            "{}: ids are lowercase words joined by '-'",
            s.id
        );
        assert!(s.id.starts_with(s.game.name()), "{}: the id starts with the game", s.id);
        assert!(find(name).is_some());
    }
    assert_eq!(ids.len(), files().len());
    assert!(find("no-such-demo").is_none());
}

#[test]
fn both_languages_are_written_everywhere() {
    for s in scenarios() {
        for (what, t) in [("title", &s.title), ("before", &s.narration.before), ("after", &s.narration.after)] {
            assert!(!t.en.trim().is_empty(), "{}: empty English {what}", s.id);
            assert!(!t.fi.trim().is_empty(), "{}: empty Finnish {what}", s.id);
            assert_ne!(t.en, t.fi, "{}: the Finnish {what} is a copy of the English", s.id);
        }
        assert!(!s.group.is_empty(), "{}: no group", s.id);
    }
}

#[test]
fn every_cited_rule_exists_in_the_rulebook() {
    for s in scenarios() {
        assert!(!s.rules.is_empty(), "{}: teaches no rule", s.id);
        let d = &s.expected.decision;
        let cited = s.rules.iter().chain(d.fouls.iter().flatten()).chain(d.cites.iter().flatten());
        for r in cited {
            assert!(rulebook::exists(r), "{}: rule {r} is not in the rulebook", s.id);
            assert!(r.split('.').count() == 2 && !r.contains(' '), "{}: {r:?} is a bare rule number", s.id);
        }
    }
}

#[test]
fn every_scenario_states_the_decision_the_quiz_asks_about() {
    for s in scenarios() {
        let d = &s.expected.decision;
        let e = &s.expected.events;
        assert!(d.foul.is_some() && d.fouls.is_some(), "{}: foul and fouls", s.id);
        assert!(d.game_over.is_some(), "{}: game_over", s.id);
        if d.game_over == Some(true) {
            assert!(d.winner.flatten().is_some(), "{}: the winner", s.id);
        } else {
            assert!(
                d.next_shooter.is_some() && d.ball_in_hand.is_some() && d.options.is_some(),
                "{}: next shooter, ball in hand and options",
                s.id
            );
        }
        assert!(
            e.first_contact.is_some() && e.cue_ball.is_some() && e.pocketed.is_some(),
            "{}: first contact, balls pocketed and the cue ball",
            s.id
        );
        if s.game == Game::StraightPool && d.game_over != Some(true) {
            assert!(d.points.is_some(), "{}: 14.1 points", s.id);
        }
    }
}

#[test]
fn scripted_events_are_few_and_marked() {
    let all = scenarios();
    for s in &all {
        assert_eq!(s.scripted_events, s.script.is_some(), "{}: scripted_events and script go together", s.id);
        if s.scripted_events {
            assert!(s.narration.before.en.contains("[Scripted"), "{}: the narration says it is scripted", s.id);
            assert!(s.narration.before.fi.contains("[Käsikirjoitettu"), "{}: the narration says it is scripted", s.id);
        }
    }
    let scripted = all.iter().filter(|s| s.scripted_events).count();
    assert!(scripted <= 4, "{scripted} scripted scenarios: keep them few");
}

/// Issue 7's list, as (tag, game or any). Every item needs a scenario with that tag.
const REQUIRED: &[(&str, Option<&str>)] = &[
    ("legal_break", Some("8ball")),
    ("legal_break", Some("9ball")),
    ("legal_break", Some("10ball")),
    ("legal_break", Some("14.1")),
    ("illegal_break", Some("8ball")),
    ("illegal_break", Some("9ball")),
    ("illegal_break", Some("10ball")),
    ("break_foul_14_1", Some("14.1")),
    ("push_out", Some("9ball")),
    ("push_out", Some("10ball")),
    ("push_out_reply", Some("9ball")),
    ("push_out_reply", Some("10ball")),
    ("nine_on_break", Some("9ball")),
    ("ten_on_break", Some("10ball")),
    ("nine_on_foul", Some("9ball")),
    ("ten_on_foul", Some("10ball")),
    ("combination_on_9", Some("9ball")),
    ("three_fouls", None),
    ("eight_ball_break_foul_options", Some("8ball")),
    ("eight_on_break", Some("8ball")),
    ("scratch_on_eight", Some("8ball")),
    ("open_table_group", Some("8ball")),
    ("called_safety", None),
    ("ten_wrong_pocket", Some("10ball")),
    ("rerack_fifteenth", Some("14.1")),
    ("rerack_cue_ball", Some("14.1")),
    ("three_fouls_14_1", Some("14.1")),
    ("request_spot", None),
    ("no_rail", None),
    ("wrong_ball_first", None),
    ("cue_off_table", None),
    ("frozen_ball", None),
    ("double_hit", None),
    ("jump_shot", None),
    ("stalemate", None),
];

#[test]
fn the_issue_7_coverage_list_is_present() {
    let all = scenarios();
    for (tag, game) in REQUIRED {
        let found = all.iter().any(|s| s.tags.iter().any(|t| t == tag) && game.is_none_or(|g| s.game.name() == g));
        assert!(found, "no scenario tagged {tag}{}", game.map(|g| format!(" in {g}")).unwrap_or_default());
    }
}

#[test]
fn tags_say_what_the_referee_decides() {
    // The tags are claims about the decision; check the ones a wrong scenario could break.
    for s in scenarios() {
        let d = &s.expected.decision;
        let e = &s.expected.events;
        let has = |t: &str| s.tags.iter().any(|x| x == t);
        let fouls = d.fouls.clone().unwrap_or_default();
        let opts = d.options.clone().unwrap_or_default();
        if has("legal_break") {
            assert_eq!(d.foul, Some(false), "{}", s.id);
            assert!(s.state.is_break, "{}", s.id);
        }
        if has("illegal_break") || has("break_foul_14_1") {
            assert!(s.state.is_break && d.foul == Some(true), "{}", s.id);
        }
        if has("push_out") {
            assert!(s.call.is_push_out() && opts == ["shoot", "pass_back"], "{}", s.id);
        }
        if has("nine_on_break") {
            assert!(s.state.is_break && d.winner == Some(Some(s.state.shooter)), "{}", s.id);
        }
        if has("ten_on_break") {
            assert!(
                s.state.is_break && d.spot.as_deref() == Some(&[biljardi_physics::BallId::object(10).unwrap()][..])
            );
        }
        if has("nine_on_foul") || has("ten_on_foul") {
            assert!(d.foul == Some(true) && d.spot.as_ref().is_some_and(|v| !v.is_empty()), "{}", s.id);
        }
        if has("three_fouls") || has("three_fouls_14_1") {
            assert!(s.state.fouls[s.state.shooter()] == 2 && fouls.contains(&"6.14".to_string()), "{}", s.id);
        }
        if has("eight_ball_break_foul_options") {
            assert!(s.state.is_break && d.foul == Some(true), "{}", s.id);
        }
        if has("called_safety") {
            assert!(s.call.is_safety(), "{}", s.id);
        }
        if has("ten_wrong_pocket") {
            assert_eq!(opts, ["shoot", "pass_back"], "{}", s.id);
        }
        if has("rerack_fifteenth") || has("rerack_cue_ball") {
            assert_eq!(d.rerack, Some(true), "{}", s.id);
        }
        if has("request_spot") {
            assert!(opts.contains(&"request_spot".to_string()), "{}", s.id);
        }
        if has("no_rail") {
            assert!(fouls.contains(&"6.3".to_string()) && e.rail_after_contact == Some(false), "{}", s.id);
        }
        if has("wrong_ball_first") {
            assert!(fouls.contains(&"6.2".to_string()), "{}", s.id);
        }
        if has("cue_off_table") {
            assert!(e.cue_ball == Some(CueFate::OffTable) && fouls.contains(&"6.1".to_string()), "{}", s.id);
        }
        if has("object_off_table") {
            // 6.5: an object ball driven off the table by the physics (a lifted ball).
            let off = e.off_table.clone().unwrap_or_default();
            assert!(off.iter().any(|b| !b.is_cue()) && fouls.contains(&"6.5".to_string()), "{}", s.id);
        }
        if has("frozen_ball") {
            // 6.7: the tip may touch a frozen cue ball again as it pushes through; no foul either way.
            assert!(d.foul == Some(false) && !fouls.contains(&"6.7".to_string()), "{}", s.id);
        }
        if has("double_hit") {
            assert!(fouls.contains(&"6.7".to_string()) && e.strikes == Some(2), "{}", s.id);
        }
        if has("jump_shot") {
            assert!(e.airborne == Some(true) && d.foul == Some(false), "{}", s.id);
        }
        if has("stalemate") {
            assert!(d.stalemate.is_some(), "{}", s.id);
        }
    }
}

#[test]
fn the_timeline_has_the_key_moment() {
    for s in scenarios() {
        let r = replay(&s);
        let tl = &r.timeline;
        assert!(tl.key >= 0.0 && tl.key <= tl.end, "{}", s.id);
        match s.pause_at {
            PauseAt::FirstContact => assert_eq!(Some(tl.key), tl.first_contact, "{}", s.id),
            PauseAt::Rail => assert_eq!(Some(tl.key), tl.first_rail_after_contact, "{}", s.id),
            PauseAt::Pocket => {
                assert!(
                    tl.pockets.iter().any(|p| p.t == tl.key && s.pause_ball.is_none_or(|b| b == p.ball)),
                    "{}",
                    s.id
                )
            }
            PauseAt::OffTable => assert!(tl.off_table.iter().any(|(_, t)| *t == tl.key), "{}", s.id),
            PauseAt::End => assert_eq!(tl.key, tl.end, "{}", s.id),
        }
        if let (Some(c), Some(rail)) = (tl.first_contact, tl.first_rail_after_contact) {
            assert!(rail >= c, "{}", s.id);
        }
    }
}

#[test]
fn replays_are_deterministic() {
    for s in scenarios().iter().take(12) {
        assert_eq!(run(s), run(s), "{}", s.id);
    }
}

#[test]
fn scenarios_are_sorted_by_game_then_group_then_id() {
    let all = scenarios();
    let key = |s: &biljardi_training::Scenario| {
        (Game::ALL.iter().position(|g| *g == s.game).unwrap(), s.group.clone(), s.id.clone())
    };
    for w in all.windows(2) {
        assert!(key(&w[0]) < key(&w[1]), "{} before {}", w[0].id, w[1].id);
    }
    let ids: Vec<String> = list().into_iter().map(|d| d.id).collect();
    assert_eq!(ids, all.iter().map(|s| s.id.clone()).collect::<Vec<_>>());
    for g in Game::ALL {
        let groups = biljardi_training::groups(g);
        assert!(!groups.is_empty());
        let n: usize = groups.iter().map(|(_, v)| v.len()).sum();
        assert_eq!(n, all.iter().filter(|s| s.game == g).count());
    }
}

#[test]
fn demo_list_prints_the_contract_fields() {
    let v: serde_json::Value = serde_json::from_str(&cli::list_json()).unwrap();
    let items = v.as_array().unwrap();
    assert_eq!(items.len(), scenarios().len());
    for item in items {
        let obj = item.as_object().unwrap();
        let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 4, "{keys:?}");
        for k in ["id", "game", "rules", "title"] {
            assert!(obj.contains_key(k), "{k}");
        }
        assert!(["8ball", "9ball", "10ball", "14.1"].contains(&item["game"].as_str().unwrap()));
        assert!(item["rules"].as_array().unwrap().iter().all(|r| r.is_string()));
        assert!(item["title"]["en"].is_string() && item["title"]["fi"].is_string());
    }
}

#[test]
fn demo_run_prints_one_object_or_an_array_and_reports_unknown_ids() {
    let id = "9ball-legal-break";
    let (text, ok) = cli::run_json(cli::RunWhat::One(id.to_string())).unwrap();
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["id"], id);
    assert_eq!(v["ok"], true);
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["actual", "expected", "id", "ok"].into_iter().collect());
    let (text, ok) = cli::run_json(cli::RunWhat::All).unwrap();
    assert!(ok, "demo run --all: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v.as_array().unwrap().len(), scenarios().len());
    let err = cli::run_json(cli::RunWhat::One("nope".to_string())).unwrap_err();
    assert!(err.to_string().contains("nope"));
}

#[test]
fn quiz_questions_have_their_answer_among_the_choices_in_both_languages() {
    for s in scenarios() {
        for lang in [Lang::En, Lang::Fi] {
            let qs = quiz::questions(&s, lang);
            assert!(qs.len() >= 2, "{}: {} questions", s.id, qs.len());
            for q in &qs {
                assert!(!q.prompt.is_empty() && q.choices.len() >= 2, "{}: {:?}", s.id, q.topic);
                assert!(q.answer < q.choices.len(), "{}", s.id);
                let unique: BTreeSet<&String> = q.choices.iter().collect();
                assert_eq!(unique.len(), q.choices.len(), "{}: repeated choices {:?}", s.id, q.choices);
            }
        }
        let en = quiz::questions(&s, Lang::En);
        let fi = quiz::questions(&s, Lang::Fi);
        assert_eq!(en.len(), fi.len());
        for (a, b) in en.iter().zip(&fi) {
            assert_eq!((a.topic, a.answer), (b.topic, b.answer), "{}", s.id);
            assert_ne!(a.prompt, b.prompt);
        }
    }
}

#[test]
fn quiz_answers_follow_the_referee() {
    let s = find("9ball-nine-on-a-foul").unwrap();
    let qs = quiz::questions(&s, Lang::En);
    let q = |t: Topic| qs.iter().find(|q| q.topic == t).unwrap();
    assert_eq!(q(Topic::Foul).choices[q(Topic::Foul).answer], "Foul");
    assert!(q(Topic::FoulRule).choices[q(Topic::FoulRule).answer].starts_with("6.2"));
    assert_eq!(q(Topic::NextShooter).choices[q(Topic::NextShooter).answer], "Player 2");
    assert_eq!(q(Topic::BallInHand).choices[q(Topic::BallInHand).answer], "Ball in hand anywhere on the table");

    let s = find("8ball-illegal-break-options").unwrap();
    let qs = quiz::questions(&s, Lang::Fi);
    let o = qs.iter().find(|q| q.topic == Topic::Options).unwrap();
    assert_eq!(
        o.choices[o.answer],
        "Hyväksyä pöytätilanteen tai koota pakan ja aloittaa tai laittaa aloittajan aloittamaan uudestaan"
    );

    let s = find("14.1-three-fouls").unwrap();
    let qs = quiz::questions(&s, Lang::En);
    let p = qs.iter().find(|q| q.topic == Topic::Points).unwrap();
    assert_eq!(p.choices[p.answer], "-16");

    let s = find("9ball-combination-on-the-nine").unwrap();
    let qs = quiz::questions(&s, Lang::En);
    let n = qs.iter().find(|q| q.topic == Topic::NextShooter).unwrap();
    assert_eq!(n.choices[n.answer], "Nobody: the game is over");
    assert!(qs.iter().all(|q| q.topic != Topic::BallInHand), "no cue ball question once the game is over");

    let mut score = Score::default();
    assert!(score.answer(n, n.answer));
    assert!(!score.answer(n, (n.answer + 1) % n.choices.len()));
    assert_eq!((score.correct, score.asked, score.percent()), (1, 2, 50));
}

#[test]
fn layouts_have_every_ball_on_the_bed_and_apart() {
    let r = biljardi_physics::BALL_RADIUS_M;
    for s in scenarios() {
        let table = s.table();
        let balls = s.positions();
        assert!(balls.iter().any(|(b, _)| b.is_cue()), "{}: no cue ball", s.id);
        for (i, (a, p)) in balls.iter().enumerate() {
            assert!(s.game.has_ball(*a), "{}: ball {a} is not in {}", s.id, s.game.name());
            assert!(table.contains_ball(*p, r), "{}: ball {a} is off the bed", s.id);
            for (b, q) in &balls[i + 1..] {
                let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
                assert!(d >= 2.0 * r, "{}: balls {a} and {b} overlap ({d})", s.id);
            }
        }
    }
}

#[test]
fn a_wrong_expectation_is_reported() {
    let mut s = find("9ball-nine-on-a-foul").unwrap();
    s.expected.decision.next_shooter = Some(0);
    s.expected.events.pocketed = Some(vec![]);
    s.expected.events.object_balls_to_rail = Some(biljardi_training::scenario::Count { min: Some(5), max: None });
    s.expected.decision.cites = Some(vec!["4.8".to_string()]);
    let r = run(&s);
    assert!(!r.ok);
    assert_eq!(r.differences.len(), 4, "{:?}", r.differences);
    let (text, ok) = {
        let v = serde_json::to_value(&r).unwrap();
        (v.to_string(), v["ok"].as_bool().unwrap())
    };
    assert!(!ok && !text.contains("differences"));
}
