//! The `biljardi sim` contract (`../shared/contracts.md`): request parsing with field-named
//! errors, the simulation, and the response. The root binary only reads stdin and calls `run`.

use crate::ball::{Ball, BallState};
use crate::event::{Event, FinalBall};
use crate::ids::BallId;
use crate::input::{InputError, number, parse_table};
use crate::math::V3;
use crate::params::{BallBallModel, BallTableModel, CushionModel, Params};
use crate::resolve::stick_ball::instantaneous_point::Strike;
use crate::simulation::Simulation;
use crate::table::Table;
use crate::validate::{Bed, MAX_BALLS, clip, short};
use serde::Serialize;
use serde_json::{Map, Value};

/// Fastest cue or ball speed accepted, m/s.
pub const MAX_SPEED_MPS: f64 = 15.0;
/// Default `max_time`, s.
pub const DEFAULT_MAX_TIME_S: f64 = 120.0;
/// Overlap (and distance outside the bed) tolerated in input positions, m.
pub const POSITION_TOLERANCE_M: f64 = 1e-9;

/// The `sim` output, fields in the contract's order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimResponse {
    pub events: Vec<Event>,
    pub balls: Vec<FinalBall>,
    pub duration: f64,
}

/// The `shot` of a request.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shot {
    pub ball: BallId,
    pub strike: Strike,
}

/// A validated `sim` request.
#[derive(Clone, Debug, PartialEq)]
pub struct SimRequest {
    pub table: Table,
    pub params: Params,
    pub balls: Vec<Ball>,
    pub shot: Option<Shot>,
    pub max_time_s: f64,
}

/// Parses `text`, simulates, and returns the response as JSON with a trailing newline.
pub fn run(text: &str) -> Result<String, InputError> {
    let value: Value = serde_json::from_str(text).map_err(|e| InputError::new("", format!("invalid JSON: {e}")))?;
    let response = simulate_json(&value)?;
    let mut out = serde_json::to_string(&response).map_err(|e| InputError::new("", e.to_string()))?;
    out.push('\n');
    Ok(out)
}

/// Validates a request and simulates it.
pub fn simulate_json(input: &Value) -> Result<SimResponse, InputError> {
    Ok(simulate(&parse_request(input)?))
}

/// Simulates a validated request.
pub fn simulate(req: &SimRequest) -> SimResponse {
    let mut sim = Simulation::new(req.table, req.params, req.balls.clone());
    let mut events = Vec::new();
    if let Some(shot) = req.shot {
        events.extend(sim.strike(shot.ball, shot.strike));
    }
    events.extend(sim.run_until(req.max_time_s));
    let duration = if sim.is_at_rest() { events.last().map_or(0.0, |e| e.t) } else { req.max_time_s };
    SimResponse { events, balls: sim.final_balls(), duration }
}

fn object<'a>(v: &'a Value, field: &str) -> Result<&'a Map<String, Value>, InputError> {
    v.as_object().ok_or_else(|| InputError::new(field, format!("expected an object, got {}", clip(v))))
}

fn vector<const N: usize>(v: &Value, field: &str, lens: &[usize]) -> Result<[f64; N], InputError> {
    let items = v.as_array().filter(|a| lens.contains(&a.len())).ok_or_else(|| {
        let want = lens.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" or ");
        InputError::new(field, format!("expected an array of {want} numbers, got {}", clip(v)))
    })?;
    let mut out = [0.0; N];
    for (k, item) in items.iter().enumerate().take(N) {
        out[k] = number(item, &format!("{field}[{k}]"))?;
    }
    Ok(out)
}

/// Reads and validates the contract's request.
pub fn parse_request(input: &Value) -> Result<SimRequest, InputError> {
    let obj = object(input, "")?;
    let table = parse_table(obj.get("table"), "table")?;
    let params = parse_params(obj.get("params"))?;
    let r = params.ball_radius_m;
    let list = obj
        .get("balls")
        .ok_or_else(|| InputError::new("balls", "missing"))?
        .as_array()
        .ok_or_else(|| InputError::new("balls", "expected an array of balls"))?;
    if list.len() > MAX_BALLS {
        return Err(InputError::new("balls", format!("at most {MAX_BALLS} balls, got {}", list.len())));
    }
    let bed = Bed::new(&table, r).with_tolerance(POSITION_TOLERANCE_M);
    let mut balls: Vec<Ball> = Vec::with_capacity(list.len());
    let mut placed: Vec<(BallId, [f64; 2])> = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        let f = |k: &str| format!("balls[{i}].{k}");
        let b = object(item, &format!("balls[{i}]"))?;
        let id_value = b.get("id").ok_or_else(|| InputError::new(f("id"), "missing"))?;
        let id = id_value.as_str().and_then(BallId::parse).ok_or_else(|| {
            InputError::new(f("id"), format!("unknown ball id {} (expected \"cue\" or \"1\"..\"15\")", clip(id_value)))
        })?;
        if balls.iter().any(|o| o.id == id) {
            return Err(InputError::new(f("id"), format!("duplicate ball id \"{id}\"")));
        }
        let pos_value = b.get("pos").ok_or_else(|| InputError::new(f("pos"), "missing"))?;
        let pos: [f64; 3] = vector(pos_value, &f("pos"), &[2, 3])?;
        let (x, y) = (pos[0], pos[1]);
        bed.check(&f("pos"), id, [x, y], &placed)?;
        placed.push((id, [x, y]));
        let mut state = BallState::at_rest([x, y], r);
        if let Some(v) = b.get("v").filter(|v| !v.is_null()) {
            let v = V3::from_array(vector(v, &f("v"), &[3])?);
            if v.norm() > MAX_SPEED_MPS {
                return Err(InputError::new(f("v"), format!("speed {} m/s is above {MAX_SPEED_MPS}", short(v.norm()))));
            }
            state.vel = v;
        }
        if let Some(w) = b.get("w").filter(|w| !w.is_null()) {
            state.ang_vel = V3::from_array(vector(w, &f("w"), &[3])?);
            if state.ang_vel.norm() * r > 2.0 * MAX_SPEED_MPS {
                return Err(InputError::new(f("w"), "spin is beyond anything a cue can give"));
            }
        }
        balls.push(Ball { id, state });
    }
    let shot = match obj.get("shot") {
        None | Some(Value::Null) => None,
        Some(v) => Some(parse_shot(v, &balls)?),
    };
    let max_time_s = match obj.get("max_time") {
        None | Some(Value::Null) => DEFAULT_MAX_TIME_S,
        Some(v) => {
            let t = number(v, "max_time")?;
            if t <= 0.0 {
                return Err(InputError::new("max_time", format!("must be positive, got {}", short(t))));
            }
            t
        }
    };
    Ok(SimRequest { table, params, balls, shot, max_time_s })
}

fn parse_shot(v: &Value, balls: &[Ball]) -> Result<Shot, InputError> {
    let s = object(v, "shot")?;
    let ball_value = s.get("ball").ok_or_else(|| InputError::new("shot.ball", "missing"))?;
    let ball = ball_value
        .as_str()
        .and_then(BallId::parse)
        .ok_or_else(|| InputError::new("shot.ball", format!("unknown ball id {}", clip(ball_value))))?;
    if !balls.iter().any(|b| b.id == ball) {
        return Err(InputError::new("shot.ball", format!("ball \"{ball}\" is not in balls")));
    }
    let opt = |k: &str, default: f64| {
        s.get(k).filter(|v| !v.is_null()).map_or(Ok(default), |v| number(v, &format!("shot.{k}")))
    };
    let speed = s.get("speed").ok_or_else(|| InputError::new("shot.speed", "missing"))?;
    let speed = number(speed, "shot.speed")?;
    if !(speed > 0.0 && speed <= MAX_SPEED_MPS) {
        return Err(InputError::new(
            "shot.speed",
            format!("must be above 0 and at most {MAX_SPEED_MPS} m/s, got {}", short(speed)),
        ));
    }
    let phi = opt("phi", 0.0)?;
    let theta = opt("theta", 0.0)?;
    if !(0.0..=90.0).contains(&theta) {
        return Err(InputError::new("shot.theta", format!("must be between 0 and 90 degrees, got {}", short(theta))));
    }
    let a = opt("a", 0.0)?;
    let b = opt("b", 0.0)?;
    for (k, x) in [("a", a), ("b", b)] {
        if x.abs() > 1.0 {
            return Err(InputError::new(
                format!("shot.{k}"),
                format!("must be within one ball radius (-1..1), got {}", short(x)),
            ));
        }
    }
    let strike = Strike { speed_mps: speed, phi_rad: phi.to_radians(), theta_rad: theta.to_radians(), a, b };
    Ok(Shot { ball, strike })
}

/// The `params` object: the contract's names plus `ball_radius`, `ball_mass`, `cue_mass`,
/// `cue_end_mass`, `miscue_limit` (in ball radii), `e_tip`, `e_cushion_speed`, `cushion_model` (`"mathavan_2010"`, the
/// default, or `"han_2005"`), `ball_ball_model` (`"frictional_inelastic"`, the default, or
/// `"frictional_mathavan"`), `ball_table_model` (`"frictionless_inelastic"`, the default, or
/// `"frictional_inelastic"`), `e_table`, `min_hop_height` (m) and `follow_through` (m). Unknown names are ignored.
pub fn parse_params(v: Option<&Value>) -> Result<Params, InputError> {
    let mut p = Params::default();
    let obj = match v {
        None | Some(Value::Null) => return Ok(p),
        Some(v) => object(v, "params")?,
    };
    // (name, slot, lowest allowed, whether the lowest itself is allowed, highest)
    let set = |key: &str, slot: &mut f64, lo: f64, lo_ok: bool, hi: f64| -> Result<(), InputError> {
        if let Some(value) = obj.get(key) {
            let field = format!("params.{key}");
            let x = number(value, &field)?;
            if x < lo || (x == lo && !lo_ok) || x > hi {
                let open = if lo_ok { "[" } else { "(" };
                return Err(InputError::new(field, format!("must be in {open}{lo}, {hi}], got {}", short(x))));
            }
            *slot = x;
        }
        Ok(())
    };
    set("g", &mut p.g, 0.0, false, 100.0)?;
    set("mu_slide", &mut p.mu_slide, 0.0, false, 2.0)?;
    set("mu_roll", &mut p.mu_roll, 0.0, false, 1.0)?;
    set("mu_spin", &mut p.mu_spin, 0.0, false, 1.0)?;
    set("e_ball", &mut p.e_ball, 0.0, false, 1.0)?;
    set("e_cushion", &mut p.e_cushion, 0.0, false, 1.0)?;
    set("mu_cushion", &mut p.mu_cushion, 0.0, true, 2.0)?;
    set("e_cushion_speed", &mut p.e_cushion_speed, 0.0, true, 100.0)?;
    set("ball_radius", &mut p.ball_radius_m, 0.01, true, 0.05)?;
    set("ball_mass", &mut p.ball_mass_kg, 0.0, false, 10.0)?;
    set("cue_mass", &mut p.cue_mass_kg, 0.0, false, 10.0)?;
    set("cue_end_mass", &mut p.cue_end_mass_kg, 0.0, false, 10.0)?;
    set("miscue_limit", &mut p.miscue_limit, 0.0, false, 1.0)?;
    set("e_tip", &mut p.e_tip, 0.0, true, 1.0)?;
    set("e_table", &mut p.e_table, 0.0, true, 1.0)?;
    set("min_hop_height", &mut p.min_hop_height_m, 0.0, true, 1.0)?;
    set("follow_through", &mut p.follow_through_m, 0.0, true, 1.0)?;
    // A model by its name; absent or null keeps the default.
    fn choose<T: Copy>(
        obj: &Map<String, Value>,
        key: &str,
        slot: &mut T,
        names: &[(&str, T)],
    ) -> Result<(), InputError> {
        let value = match obj.get(key) {
            None | Some(Value::Null) => return Ok(()),
            Some(v) => v,
        };
        match names.iter().find(|(n, _)| value.as_str() == Some(*n)) {
            Some((_, model)) => {
                *slot = *model;
                Ok(())
            }
            None => {
                let expected: Vec<String> = names.iter().map(|(n, _)| format!("\"{n}\"")).collect();
                Err(InputError::new(
                    format!("params.{key}"),
                    format!("expected {}, got {}", expected.join(" or "), clip(value)),
                ))
            }
        }
    }
    choose(
        obj,
        "cushion_model",
        &mut p.cushion_model,
        &[("mathavan_2010", CushionModel::Mathavan2010), ("han_2005", CushionModel::Han2005)],
    )?;
    choose(
        obj,
        "ball_ball_model",
        &mut p.ball_ball_model,
        &[
            ("frictional_inelastic", BallBallModel::FrictionalInelastic),
            ("frictional_mathavan", BallBallModel::FrictionalMathavan),
        ],
    )?;
    choose(
        obj,
        "ball_table_model",
        &mut p.ball_table_model,
        &[
            ("frictional_inelastic", BallTableModel::FrictionalInelastic),
            ("frictionless_inelastic", BallTableModel::FrictionlessInelastic),
        ],
    )?;
    match obj.get("mu_ball") {
        None | Some(Value::Null) => {}
        Some(v) => {
            let x = number(v, "params.mu_ball")?;
            if !(0.0..=2.0).contains(&x) {
                return Err(InputError::new("params.mu_ball", format!("must be in [0, 2], got {}", short(x))));
            }
            p.mu_ball = Some(x);
        }
    }
    Ok(p)
}
