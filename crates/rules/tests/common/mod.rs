//! Shared by the integration tests: loading a fixture and comparing a decision with the
//! fields a fixture expects.

use serde_json::Value;
use std::path::PathBuf;

pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("fixtures").join(format!("{name}.json"))
}

/// Runs the fixture's input through `biljardi referee` and checks the expectation.
pub fn check_fixture(name: &str) {
    let text = std::fs::read_to_string(fixture_path(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    let fx: Value = serde_json::from_str(&text).unwrap();
    let input = serde_json::to_string(&fx["input"]).unwrap();
    let result = biljardi_rules::json::run(&input);
    if let Some(field) = fx.get("expect_error") {
        let err = result.expect_err("bad input must be rejected");
        assert_eq!(err.field, field.as_str().unwrap(), "{name}: rejected for the wrong field: {err}");
        return;
    }
    let out = result.unwrap_or_else(|e| panic!("{name}: rejected: {e}"));
    assert!(out.ends_with('\n'));
    let actual: Value = serde_json::from_str(&out).unwrap();
    let mut path = String::new();
    if let Err(msg) = subset(&fx["expect"], &actual, &mut path) {
        panic!("{name}: {msg}\nactual decision:\n{out}");
    }
}

/// `expected` is contained in `actual`: objects may have more keys, arrays match element by
/// element, numbers within 1e-9.
pub fn subset(expected: &Value, actual: &Value, path: &mut String) -> Result<(), String> {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let len = path.len();
                path.push('.');
                path.push_str(k);
                let av = a.get(k).ok_or_else(|| format!("{path}: missing"))?;
                subset(ev, av, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                return Err(format!("{path}: expected {} items, got {}", e.len(), a.len()));
            }
            for (i, (ev, av)) in e.iter().zip(a).enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                subset(ev, av, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        (Value::Number(e), Value::Number(a)) => {
            let (e, a) = (e.as_f64().unwrap(), a.as_f64().unwrap());
            if (e - a).abs() <= 1e-9 { Ok(()) } else { Err(format!("{path}: expected {e}, got {a}")) }
        }
        (e, a) if e == a => Ok(()),
        (e, a) => Err(format!("{path}: expected {e}, got {a}")),
    }
}
