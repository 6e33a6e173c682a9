//! Records: written and read back unchanged, replayed identically, and a changed record
//! caught at the first differing field.

mod common;

use biljardi_record::replay::{replay, replay_json};
use biljardi_record::{FORMAT_VERSION, Lang, parse_record};

#[test]
fn a_record_reads_back_unchanged_and_replays_identically() {
    let r = common::play_match(12, 1);
    assert!(r.shots.len() >= 3, "the test match is too short: {} shots", r.shots.len());
    let text = serde_json::to_string(&r).unwrap();
    let back = parse_record(&text).unwrap();
    assert_eq!(back, r);
    // Byte-identical when written again: every f64 read back exactly (float_roundtrip).
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    let report = replay(&back);
    assert!(report.identical, "{:?}", report.first_difference);
    assert_eq!(report.shots, r.shots.len());
    let out = replay_json(&text).unwrap();
    assert!(out.identical);
    assert!(out.json.contains("\"identical\":true"));
}

#[test]
fn a_changed_record_is_caught_at_the_first_differing_field() {
    let r = common::play_match(6, 2);
    // A strike changed in the last bit: the events change from the strike on.
    let mut v: serde_json::Value = serde_json::to_value(&r).unwrap();
    let speed = v["shots"][1]["strike"]["speed_mps"].as_f64().unwrap();
    v["shots"][1]["strike"]["speed_mps"] = serde_json::json!(f64::from_bits(speed.to_bits() + 1));
    let out = replay_json(&v.to_string()).unwrap();
    assert!(!out.identical);
    let report: serde_json::Value = serde_json::from_str(&out.json).unwrap();
    let diff = &report["first_difference"];
    assert_eq!(diff["shot"], 1);
    assert!(diff["field"].as_str().unwrap().starts_with("shots[1].events["), "{diff}");

    // A decision edited by hand: the replay names the field.
    let mut v: serde_json::Value = serde_json::to_value(&r).unwrap();
    v["shots"][2]["decision"]["next_shooter"] = serde_json::json!(7);
    let out = replay_json(&v.to_string()).unwrap();
    let report: serde_json::Value = serde_json::from_str(&out.json).unwrap();
    assert_eq!(report["first_difference"]["field"], "shots[2].decision.next_shooter");
    assert_eq!(report["first_difference"]["recorded"], 7);
}

#[test]
fn bad_records_name_the_field() {
    let r = common::play_match(3, 3);
    let v: serde_json::Value = serde_json::to_value(&r).unwrap();
    let err = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut w = v.clone();
        f(&mut w);
        parse_record(&w.to_string()).unwrap_err()
    };
    assert_eq!(err(&|w| w["version"] = "1".into()).field, "version");
    assert_eq!(err(&|w| w["format"] = "other".into()).field, "format");
    assert_eq!(err(&|w| w["shots"] = serde_json::json!({})).field, "shots");
    assert_eq!(err(&|w| w["shots"][0]["strike"]["speed_mps"] = 99.0.into()).field, "shots[0].strike.speed_mps");
    assert_eq!(
        err(&|w| w["shots"][0]["balls"][0]["pos"] = serde_json::json!([5.0, 0.0])).field,
        "shots[0].balls[0].pos"
    );
    assert_eq!(err(&|w| w["shots"][0]["call"] = serde_json::json!({"ball": "22"})).field, "shots[0].call");
    assert_eq!(err(&|w| w["settings"]["table"]["length_m"] = (-1.0).into()).field, "settings.table");
    assert_eq!(err(&|w| w["players"][1]["kind"] = "robot".into()).field, "players[1].kind");
    let newer = err(&|w| w["version"] = (FORMAT_VERSION + 1).into());
    assert_eq!(newer.field, "version");
    assert!(newer.message.contains("newer"), "{}", newer.message);
}

#[test]
fn the_summary_and_the_last_decision_for_continue_match() {
    let r = common::play_match(4, 4);
    let s = r.summary();
    assert_eq!(s.shots, r.shots.len());
    assert_eq!(s.players, ["Aino".to_string(), "Computer".to_string()]);
    let en = s.text(Lang::En);
    assert!(en.starts_with("9-ball, Aino 0 - 0 Computer (race to 3), "), "{en}");
    assert!(s.text(Lang::Fi).starts_with("Ysipallo, Aino 0 - 0 Computer (3 voittoon), "));
    // The decision judged again from the recorded events is the recorded one.
    let d = r.last_decision().unwrap();
    assert_eq!(serde_json::to_value(&d).unwrap(), r.shots.last().unwrap().decision);
}
