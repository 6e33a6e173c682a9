//! Mutations of valid JSON inputs for the property tests of every JSON tool (`sim` here,
//! `referee` and `lag` in the rules crate, which include this file): drop a field, put a value
//! of the wrong type, an extreme number or a number-like string in its place, duplicate an array
//! entry, add an unknown field. Each mutation is chosen by three numbers, so proptest draws,
//! shrinks and replays them from its seed.

use serde_json::{Value, json};

/// One mutation: `at` picks the place (modulo the number of places), `kind` what to do, `arg`
/// which replacement.
#[derive(Clone, Copy, Debug)]
pub struct Mutation {
    pub at: u32,
    pub kind: u8,
    pub arg: u32,
}

/// The replacements a value may get: wrong types, extreme and odd numbers, strings that look
/// like numbers or like IEEE specials.
pub fn replacement(arg: u32) -> Value {
    let all = [
        json!(null),
        json!(true),
        json!("x"),
        json!([]),
        json!({}),
        json!([1, 2, 3, 4]),
        json!(1e308),
        json!(-1e308),
        json!(5e-324),
        json!(-0.0),
        json!(0),
        json!(-1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1e-300),
        json!(3.5),
        json!(1e6),
        json!("NaN"),
        json!("Infinity"),
        json!("-inf"),
        json!("1e999"),
        json!("0.5"),
        json!("cue"),
        json!("16"),
        json!("foot_left"),
        json!([0.0, 1e308]),
        json!([1e308, 1e308, 1e308]),
        json!(["NaN", 0]),
        json!("a".repeat(5000)),
    ];
    all[arg as usize % all.len()].clone()
}

/// Every place in `v`: a path of object keys and array indices (the root is not a place).
fn places(v: &Value, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match v {
        Value::Object(o) => {
            for (k, x) in o {
                path.push(Step::Key(k.clone()));
                out.push(path.clone());
                places(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Step::Index(i));
                out.push(path.clone());
                places(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

fn parent_mut<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    let mut cur = v;
    for s in path {
        cur = match s {
            Step::Key(k) => cur.get_mut(k.as_str())?,
            Step::Index(i) => cur.get_mut(*i)?,
        };
    }
    Some(cur)
}

/// Applies `m` to `v` (nothing if `v` has no places).
pub fn apply(v: &mut Value, m: Mutation) {
    let mut all = Vec::new();
    places(v, &mut Vec::new(), &mut all);
    if all.is_empty() {
        return;
    }
    let path = &all[m.at as usize % all.len()];
    let (last, parent) = path.split_last().expect("a place has a path");
    let Some(parent) = parent_mut(v, parent) else { return };
    match (m.kind % 5, last, parent) {
        // Drop the field or entry.
        (0, Step::Key(k), Value::Object(o)) => {
            o.remove(k);
        }
        (0, Step::Index(i), Value::Array(a)) => {
            a.remove(*i);
        }
        // Duplicate it (an array entry twice; an object's field copied under another name too).
        (1, Step::Index(i), Value::Array(a)) => {
            let x = a[*i].clone();
            a.insert(*i, x);
        }
        (1, Step::Key(k), Value::Object(o)) => {
            let x = o[k].clone();
            o.insert(format!("{k}_copy"), x);
        }
        // Scale a number by an extreme factor, or replace anything.
        (2, step, parent) => {
            let slot = match (step, parent) {
                (Step::Key(k), Value::Object(o)) => o.get_mut(k),
                (Step::Index(i), Value::Array(a)) => a.get_mut(*i),
                _ => None,
            };
            if let Some(slot) = slot {
                let factor = [1e300, -1e300, 1e-300, -1.0, 1.0 + 1e-15, 1e3][m.arg as usize % 6];
                *slot = match slot.as_f64() {
                    Some(x) => serde_json::Number::from_f64(x * factor).map_or(json!(null), Value::Number),
                    None => replacement(m.arg),
                };
            }
        }
        // An unknown field next to the known ones.
        (3, _, Value::Object(o)) => {
            o.insert("unknown_field".into(), replacement(m.arg));
        }
        (_, step, parent) => {
            let slot = match (step, parent) {
                (Step::Key(k), Value::Object(o)) => o.get_mut(k),
                (Step::Index(i), Value::Array(a)) => a.get_mut(*i),
                _ => None,
            };
            if let Some(slot) = slot {
                *slot = replacement(m.arg);
            }
        }
    }
}
