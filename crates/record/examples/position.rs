//! `cargo run -p biljardi-record --example position -- POSITION.json -o record.json`: a one-shot
//! match record from a set-up position, simulated and judged here. The position is a training
//! scenario's file (`assets/demos/*.json`) or the same fields: `game`, `table` (optional, as in
//! `sim`), `layout.balls` (`[{"id", "pos"}]`), `state` (as in `referee`), `call`, and `strike`
//! as `sim`'s `shot` (`speed` m/s, `phi` and `theta` in degrees, `a`, `b`). Exit 2 naming the
//! field on bad input.

use biljardi_physics::{BallId, Strike, parse_table};
use biljardi_record::{BallPos, PlayerInfo, Settings, one_shot_record};
use biljardi_rules::{Call, Game, GameState};
use serde_json::Value;
use std::process::ExitCode;

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("position: {msg}");
    ExitCode::from(2)
}

fn field<T: serde::de::DeserializeOwned>(v: &Value, name: &str) -> Result<T, String> {
    serde_json::from_value(v.clone()).map_err(|e| format!("{name}: {e}"))
}

fn build(v: &Value) -> Result<biljardi_record::MatchRecord, String> {
    let game: Game = field(&v["game"], "game")?;
    let table = parse_table(v.get("table"), "table").map_err(|e| e.to_string())?;
    let balls: Vec<BallPos> = field(&v["layout"]["balls"], "layout.balls")?;
    let state: GameState = if v["state"].is_null() { GameState::default() } else { field(&v["state"], "state")? };
    let call: Call = if v["call"].is_null() { Call::None } else { field(&v["call"], "call")? };
    let s = &v["strike"];
    let num = |k: &str, d: f64| -> Result<f64, String> {
        match s.get(k) {
            None | Some(Value::Null) => Ok(d),
            Some(x) => x.as_f64().filter(|x| x.is_finite()).ok_or(format!("strike.{k}: expected a number")),
        }
    };
    let strike = Strike {
        speed_mps: num("speed", f64::NAN)?,
        phi_rad: num("phi", 0.0)?.to_radians(),
        theta_rad: num("theta", 0.0)?.to_radians(),
        a: num("a", 0.0)?,
        b: num("b", 0.0)?,
    };
    let settings = Settings::single_rack(game, table, "practice", 120.0);
    let layout: Vec<(BallId, [f64; 2])> = balls.iter().map(|b| (b.id, b.pos)).collect();
    let players = [PlayerInfo::human("Player 1"), PlayerInfo::human("Player 2")];
    let record = one_shot_record(settings, players, &state, &layout, call, strike);
    // The record's own checks: balls on the bed and apart, the strike within the limits.
    biljardi_record::parse::check(&record).map_err(|e| e.to_string())?;
    Ok(record)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first().filter(|a| !a.starts_with('-')) else {
        return fail("usage: position POSITION.json [-o record.json]");
    };
    let out = args.iter().position(|a| a == "-o").and_then(|i| args.get(i + 1));
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return fail(format!("{file}: {e}")),
    };
    let v: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return fail(format!("invalid JSON: {e}")),
    };
    let record = match build(&v) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let json = match serde_json::to_string(&record) {
        Ok(j) => j,
        Err(e) => return fail(e),
    };
    match out {
        Some(path) => match std::fs::write(path, json) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(format!("{path}: {e}")),
        },
        None => {
            println!("{json}");
            ExitCode::SUCCESS
        }
    }
}
