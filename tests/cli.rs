//! The `biljardi` binary as users and outside checks run it (contracts.md).

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn biljardi(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_biljardi"))
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    child.wait_with_output().expect("the binary finishes")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn help_lists_the_subcommands_that_exist() {
    let out = biljardi(&["--help"], "");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for word in
        ["sim", "referee", "lag", "coach", "replay", "diagram", "selfplay", "--screenshot", "--game", "--graphics"]
    {
        assert!(text.contains(word), "--help mentions {word}:\n{text}");
    }
}

#[test]
fn without_a_display_the_game_says_how_to_run_it_and_exits_1() {
    let out = biljardi(&[], "");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("xvfb-run"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"));
}

#[test]
fn a_bad_screenshot_path_is_a_usage_error() {
    let out = biljardi(&["--screenshot", "/no/such/folder/shot.png"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = biljardi(&["--game", "snooker"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn sim_runs_a_shot_and_repeats_it_byte_for_byte() {
    let input = r#"{"table": "9ft", "balls": [{"id": "cue", "pos": [-0.635, 0.0]}, {"id": "1", "pos": [0.635, 0.0]}],
                   "shot": {"ball": "cue", "speed": 2.0, "phi": 0.0, "theta": 0.0, "a": 0.0, "b": 0.0}}"#;
    let first = biljardi(&["sim"], input);
    assert!(first.status.success(), "{}", stderr(&first));
    let json: serde_json::Value = serde_json::from_slice(&first.stdout).expect("JSON out");
    let events = json["events"].as_array().expect("events");
    assert_eq!(events[0]["type"], "strike");
    assert!(events.iter().any(|e| e["type"] == "ball_ball"), "the cue ball reaches the 1");
    assert_eq!(json["balls"].as_array().map(Vec::len), Some(2));
    let second = biljardi(&["sim"], input);
    assert_eq!(first.stdout, second.stdout, "identical input, identical output");
}

#[test]
fn sim_bad_input_exits_2_naming_the_field() {
    for (input, field) in [
        ("{not json", ""),
        (r#"{"balls": [{"id": "16", "pos": [0, 0]}]}"#, "balls"),
        (r#"{"table": "6ft", "balls": []}"#, "table"),
        (r#"{"balls": [{"id": "cue", "pos": [0, 0]}], "shot": {"ball": "cue", "speed": 99}}"#, "speed"),
    ] {
        let out = biljardi(&["sim"], input);
        assert_eq!(out.status.code(), Some(2), "{input}: {}", stderr(&out));
        let err = stderr(&out);
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
        assert!(err.contains(field), "{input}: {err} names {field}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn sim_reads_an_input_file_and_reports_a_missing_one() {
    let dir = std::env::temp_dir().join(format!("biljardi-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("shot.json");
    std::fs::write(&path, r#"{"balls": [{"id": "cue", "pos": [0.0, 0.0]}]}"#).expect("write");
    let out = biljardi(&["sim", "--input", path.to_str().expect("utf-8 path")], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let missing = biljardi(&["sim", "--input", "/no/such/file.json"], "");
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("/no/such/file.json"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn referee_judges_a_shot_and_rejects_an_unknown_game() {
    let input = r#"{"game": "9ball", "state": {"shooter": 0},
        "balls": [{"id": "cue", "pos": [-0.635, 0.0]}, {"id": "1", "pos": [0.635, 0.0]}, {"id": "9", "pos": [0.9, 0.3]}],
        "call": null, "events": [{"t": 0.0, "type": "strike", "ball": "cue"}, {"t": 2.0, "type": "stop", "ball": "cue"}],
        "final": [{"id": "cue", "state": "on_table", "pos": [0.0, 0.0]}, {"id": "1", "state": "on_table", "pos": [0.635, 0.0]},
                  {"id": "9", "state": "on_table", "pos": [0.9, 0.3]}]}"#;
    let out = biljardi(&["referee"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON out");
    assert_eq!(json["foul"], true, "the cue ball hit nothing: {json}");
    assert_eq!(json["next_shooter"], 1);
    assert_eq!(json["ball_in_hand"], "anywhere");

    let bad = biljardi(&["referee"], &input.replace("9ball", "snooker"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("game"), "{}", stderr(&bad));
}

#[test]
fn lag_judges_two_strokes_and_names_the_field_of_bad_input() {
    let input = r#"{"table": "9ft", "strokes": [
        {"player": 0, "pos": [-0.7, 0.3], "strike": {"speed": 1.25, "phi": 0}},
        {"player": 1, "pos": [-0.7, -0.3], "strike": {"speed": 4.0, "phi": 0}}]}"#;
    let out = biljardi(&["lag"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON out");
    // Player 2's ball runs into the foot rail twice: a bad lag (1.2 b); player 1 wins.
    assert_eq!(json["winner"], 0, "{json}");
    assert_eq!(json["relag"], false);
    assert_eq!(json["bad"][0]["player"], 1, "{json}");

    let bad = biljardi(&["lag"], &input.replace("-0.7, -0.3", "-0.7, 9.0"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("strokes[1]"), "{}", stderr(&bad));
}

#[test]
fn selfplay_records_replay_exactly_and_draw() {
    let dir = std::env::temp_dir().join(format!("biljardi-cli-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_string_lossy().into_owned();
    let out = biljardi(
        &[
            "selfplay",
            "--game",
            "8ball",
            "--players",
            "amateur,beginner",
            "--racks",
            "2",
            "--seed",
            "5",
            "--record",
            &d,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let records: Vec<_> = std::fs::read_dir(&dir).expect("records written").flatten().collect();
    assert_eq!(records.len(), 2);
    let replay = biljardi(&["replay", "--summary", &d], "");
    assert!(replay.status.success(), "a self-play record must replay exactly: {}", stderr(&replay));
    assert!(stderr(&replay).contains("0 differ"), "{}", stderr(&replay));
    let first = records[0].path().to_string_lossy().into_owned();
    let svg = dir.join("shot1.svg");
    let drawn = biljardi(&["diagram", &first, "--shot", "1", "-o", &svg.to_string_lossy(), "--lang", "fi"], "");
    assert!(drawn.status.success(), "{}", stderr(&drawn));
    let text = std::fs::read_to_string(&svg).expect("svg written");
    assert!(text.starts_with("<svg") && text.contains("</svg>"));
    // A damaged record is bad input, never a panic; the file is left alone.
    std::fs::write(dir.join("bad.json"), "{\"format\": \"biljardi-match\", \"version\": 999}").unwrap();
    let bad = biljardi(&["replay", &dir.join("bad.json").to_string_lossy()], "");
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(dir.join("bad.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_training_scenario_is_drawn_as_a_shot_diagram() {
    let dir = std::env::temp_dir().join(format!("biljardi-demo-diagram-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let svg = dir.join("combination.svg");
    let out = biljardi(
        &["demo", "diagram", "9ball-combination-on-the-nine", "-o", &svg.to_string_lossy(), "--lang", "fi"],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = std::fs::read_to_string(&svg).expect("svg written");
    // The caption in Finnish.
    assert!(text.starts_with("<svg") && text.contains("</svg>") && text.contains("lyönti"), "{text}");
    let unknown = biljardi(&["demo", "diagram", "no-such-scenario"], "");
    assert_eq!(unknown.status.code(), Some(2), "{}", stderr(&unknown));
    assert!(stderr(&unknown).contains("no-such-scenario"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn coach_recommends_a_stroke_with_a_sentence_in_both_languages() {
    let input = r#"{"game": "9ball", "level": "amateur", "state": {"shooter": 0},
        "balls": [{"id": "cue", "pos": [-0.3, 0.0]}, {"id": "1", "pos": [0.3, 0.05]}, {"id": "9", "pos": [0.9, -0.3]}]}"#;
    let out = biljardi(&["coach"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON out");
    assert!(json["explanation"]["en"].as_str().is_some_and(|s| !s.is_empty()), "{json}");
    assert!(json["explanation"]["fi"].as_str().is_some_and(|s| !s.is_empty()), "{json}");
    assert!(json["stroke"]["speed"].as_f64().is_some_and(|v| v > 0.0), "{json}");
    let bad = biljardi(&["coach"], &input.replace("amateur", "grandmaster"));
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("level"), "{}", stderr(&bad));
}

#[test]
fn selfplay_prints_the_summary_and_repeats_it_for_a_seed() {
    let args = ["selfplay", "--game", "9ball", "--players", "beginner,beginner", "--racks", "1", "--seed", "7"];
    let out = biljardi(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON out");
    for key in [
        "racks",
        "wins",
        "fouls_per_rack",
        "break_and_runs",
        "innings_per_rack",
        "decision_ms",
        "invariant_violations",
        "seed",
    ] {
        assert!(json.get(key).is_some(), "summary has {key}: {json}");
    }
    assert_eq!(json["racks"], 1);
    assert_eq!(json["seed"], 7);
    let again: serde_json::Value = serde_json::from_slice(&biljardi(&args, "").stdout).expect("JSON out");
    assert_eq!(json["wins"], again["wins"], "same seed, same result");
    let bad = biljardi(&["selfplay", "--players", "pro,grandmaster"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--players"), "{}", stderr(&bad));
}

#[test]
fn demo_list_names_every_scenario_in_both_languages() {
    let out = biljardi(&["demo", "list"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let list = list.as_array().expect("an array");
    assert!(list.len() >= 40, "{} scenarios", list.len());
    for d in list {
        for key in ["id", "game", "rules"] {
            assert!(d.get(key).is_some(), "{key} in {d}");
        }
        assert!(d["title"]["en"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(d["title"]["fi"].as_str().is_some_and(|t| !t.is_empty()));
    }
}

#[test]
fn demo_run_all_replays_every_scenario_ok_and_an_unknown_id_exits_2() {
    let out = biljardi(&["demo", "run", "--all"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let runs: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for r in runs.as_array().expect("an array") {
        assert_eq!(r["ok"], serde_json::Value::Bool(true), "{r}");
        assert!(r.get("expected").is_some() && r.get("actual").is_some());
    }
    let one = biljardi(&["demo", "run", "9ball-push-out"], "");
    assert_eq!(one.status.code(), Some(0), "{}", stderr(&one));
    let r: serde_json::Value = serde_json::from_slice(&one.stdout).expect("JSON");
    assert_eq!(r["id"], "9ball-push-out");
    let bad = biljardi(&["demo", "run", "no-such-demo"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("no-such-demo"));
}

#[test]
fn bench_prints_frame_times_and_rejects_a_bad_count() {
    let out = biljardi(&["bench", "--frames", "200"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let b: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(b["frames"], 200);
    assert!(b["p95_us"].as_f64().is_some_and(|t| t > 0.0));
    let bad = biljardi(&["bench", "--frames", "lots"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn an_unknown_demo_for_the_window_is_a_usage_error() {
    let out = biljardi(&["--demo", "no-such-demo"], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}
