//! Shots chain: the `state` a decision prints is the next input's `state`.

use serde_json::{Value, json};

fn referee(input: Value) -> Value {
    serde_json::from_str(&biljardi_rules::json::run(&input.to_string()).expect("valid input")).unwrap()
}

fn rack9() -> Vec<Value> {
    let mut balls = vec![json!({"id": "cue", "pos": [-0.9, 0.0]})];
    for n in 1..=9 {
        let i = (n - 1) as f64;
        balls.push(json!({"id": n.to_string(), "pos": [0.1 + 0.1 * (i % 5.0), -0.3 + 0.15 * (i / 5.0).floor()]}));
    }
    balls
}

#[test]
fn nine_ball_break_push_out_pass_back_and_fouls_chain_through_the_state() {
    // Break: the 3 drops, so the breaker continues and may push out (2.3, 2.4, 2.5).
    let d = referee(json!({
        "game": "9ball", "state": {"shooter": 0, "break": true}, "balls": rack9(),
        "events": [{"t": 0, "type": "strike", "ball": "cue"}, {"t": 0.2, "type": "ball_ball", "balls": ["cue", "1"]},
                   {"t": 0.8, "type": "pocket", "ball": "3", "pocket": "foot_left"}],
        "final": []
    }));
    assert_eq!(d["next_shooter"], 0);
    assert_eq!(d["state"]["push_out_allowed"], true);
    let mut balls: Vec<Value> = rack9().into_iter().filter(|b| b["id"] != "3").collect();

    // Push out: the opponent (1) chooses; he passes it back to 0.
    let d = referee(json!({
        "game": "9ball", "state": d["state"], "balls": balls, "call": {"push_out": true},
        "events": [{"t": 0, "type": "strike", "ball": "cue"}], "final": [{"id": "cue", "state": "on_table", "pos": [-0.5, 0.3]}]
    }));
    assert_eq!(d["options"], json!(["shoot", "pass_back"]));
    let state = d["option_states"]["pass_back"].clone();
    assert_eq!(state["shooter"], 0);
    balls[0] = json!({"id": "cue", "pos": [-0.5, 0.3]});

    // Player 0 misses everything twice and player 1 fouls in between: counts stand per player.
    let miss = |state: &Value| {
        referee(
            json!({"game": "9ball", "state": state, "balls": balls, "events": [{"t": 0, "type": "strike", "ball": "cue"}], "final": []}),
        )
    };
    let d = miss(&state);
    assert_eq!(d["state"]["fouls"], json!([1, 0]));
    assert_eq!(d["state"]["ball_in_hand"], "anywhere");
    let d = miss(&d["state"]);
    assert_eq!(d["state"]["fouls"], json!([1, 1]));
    let d = miss(&d["state"]);
    assert_eq!(d["state"]["fouls"], json!([2, 1]));
    let d = miss(&d["state"]);
    assert_eq!(d["state"]["fouls"], json!([2, 2]));
    assert!(d["warning"].is_object(), "player 0 comes to the table with two fouls (6.14)");
    let d = miss(&d["state"]);
    assert_eq!(d["game_over"], true);
    assert_eq!(d["winner"], 1);
    assert_eq!(d["fouls"][1]["rule"], "6.14");
}

#[test]
fn straight_pool_scores_accumulate_through_the_state() {
    let mut balls = vec![json!({"id": "cue", "pos": [-0.9, 0.0]})];
    for n in 1..=15 {
        let i = (n - 1) as f64;
        balls.push(json!({"id": n.to_string(), "pos": [0.1 + 0.1 * (i % 5.0), -0.3 + 0.15 * (i / 5.0).floor()]}));
    }
    let mut state = json!({"shooter": 0, "score": [0, 0], "target_score": 3});
    for (n, expect) in [(1, 1), (2, 2)] {
        let d = referee(json!({
            "game": "14.1", "state": state, "balls": balls, "call": {"ball": n.to_string(), "pocket": "foot_left"},
            "events": [{"t": 0, "type": "strike", "ball": "cue"}, {"t": 0.3, "type": "ball_ball", "balls": ["cue", n.to_string()]},
                       {"t": 0.9, "type": "pocket", "ball": n.to_string(), "pocket": "foot_left"}],
            "final": []
        }));
        assert_eq!(d["state"]["score"], json!([expect, 0]));
        state = d["state"].clone();
        let id = n.to_string();
        balls.retain(|b| b["id"] != id.as_str());
    }
    let d = referee(json!({
        "game": "14.1", "state": state, "balls": balls, "call": {"ball": "3", "pocket": "foot_left"},
        "events": [{"t": 0, "type": "strike", "ball": "cue"}, {"t": 0.3, "type": "ball_ball", "balls": ["cue", "3"]},
                   {"t": 0.9, "type": "pocket", "ball": "3", "pocket": "foot_left"}],
        "final": []
    }));
    assert_eq!(d["game_over"], true);
    assert_eq!(d["winner"], 0);
}

#[test]
fn a_real_break_simulated_by_the_physics_is_judged() {
    let r = 0.028575;
    let d = 2.0 * r + 1e-4;
    let step = d * 3f64.sqrt() / 2.0;
    let rows: [&[u8]; 5] = [&[1], &[2, 3], &[4, 9, 5], &[6, 7], &[8]];
    let mut balls = vec![json!({"id": "cue", "pos": [-0.9, 0.01]})];
    for (k, row) in rows.iter().enumerate() {
        let start = -(row.len() as f64 - 1.0) / 2.0;
        for (j, n) in row.iter().enumerate() {
            balls.push(json!({"id": n.to_string(), "pos": [0.635 + k as f64 * step, (start + j as f64) * d]}));
        }
    }
    let d = referee(json!({
        "game": "9ball", "state": {"break": true}, "balls": balls,
        "shot": {"ball": "cue", "speed": 8.0, "phi": 0.0, "theta": 0.0, "a": 0.0, "b": 0.0}
    }));
    assert_eq!(d["foul"], !d["fouls"].as_array().unwrap().is_empty());
    assert_eq!(d["rules"][0], "2.3");
    if d["foul"] == false && d["game_over"] == false {
        assert_eq!(d["state"]["push_out_allowed"], true, "{d}");
    }
}
