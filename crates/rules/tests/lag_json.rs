//! `biljardi lag` (contracts.md, rule 1.2) end to end: each `tests/lag_fixtures/NAME.json` holds
//! a request, the story it tells, and the output fields it must produce (or the field it must
//! reject). The example `lag` runs a request (a fixture's `input` field) from the command line.

// Only `subset` is used here.
#[allow(dead_code)]
mod common;

use biljardi_rules::lag_json::lag_json;
use serde_json::Value;
use std::path::PathBuf;

fn check(name: &str) {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("lag_fixtures").join(format!("{name}.json"));
    let fx: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let result = lag_json(&fx["input"].to_string());
    if let Some(field) = fx.get("expect_error") {
        let err = result.expect_err("bad input must be rejected");
        assert_eq!(err.field, field.as_str().unwrap(), "{name}: rejected for the wrong field: {err}");
        assert!(err.to_string().len() < 200, "{name}: {err}");
        return;
    }
    let out = result.unwrap_or_else(|e| panic!("{name}: rejected: {e}"));
    let actual: Value = serde_json::from_str(&out).unwrap();
    if let Err(msg) = common::subset(&fx["expect"], &actual, &mut String::new()) {
        panic!("{name}: {msg}\nactual:\n{out}");
    }
    // Whatever the case: two good lags are won by the ball nearer the head rail (1.2).
    if actual["bad"].as_array().unwrap().is_empty() && actual["relag"] == false {
        let d: Vec<f64> = actual["distances"].as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect();
        assert_eq!(actual["winner"], if d[0] < d[1] { 0 } else { 1 }, "{name}");
    }
    assert!(!actual["explanation"]["en"].as_str().unwrap().is_empty());
    assert!(!actual["explanation"]["fi"].as_str().unwrap().is_empty());
    // The same input gives byte-identical output.
    assert_eq!(out, lag_json(&fx["input"].to_string()).unwrap(), "{name}");
}

macro_rules! lag_fixture {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
    };
}

lag_fixture! {
    lag_player_nearer_the_head_rail_wins,
    lag_struck_after_the_other_ball_reached_the_foot_rail_is_a_relag,
    lag_crossing_the_long_string_is_bad,
    lag_never_reaching_the_foot_rail_is_bad,
    lag_from_events_and_final,
    lag_bad_input_neither_strokes_nor_events,
    lag_bad_input_ball_past_the_head_string,
    lag_bad_input_both_balls_on_one_side,
    lag_bad_input_ball_off_the_bed,
    lag_bad_input_speed_beyond_any_cue,
    lag_bad_input_one_player_twice,
    lag_bad_input_negative_delay,
    lag_bad_input_events_without_final,
    lag_bad_input_table_too_long,
}
