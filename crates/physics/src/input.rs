//! Reading the contract's JSON inputs that more than one subcommand shares: the table and
//! the error type that names the offending field (exit code 2 at the CLI).

use crate::error::{clip, short};
use crate::table::{Table, TableSize};
use crate::validate::table_length;
use serde_json::Value;

pub use crate::error::InputError;

/// A finite number at `field`.
pub fn number(v: &Value, field: &str) -> Result<f64, InputError> {
    match v.as_f64() {
        Some(x) if x.is_finite() => Ok(x),
        _ => Err(InputError::new(field, format!("expected a finite number, got {}", clip(v)))),
    }
}

/// The `table` field: a preset name (`"7ft"`, `"8ft"`, `"9ft"`), or an object overriding the
/// fields of a preset (the one named by its `size`, default `"9ft"`). Missing means `"9ft"`.
/// Object fields (metres, angles in degrees): `length`, `width`, `cushion_height`,
/// `cushion_depth`, `rail_width`, `corner_mouth`, `corner_cut_angle`, `corner_shelf`,
/// `corner_drop_radius`, and the same four `side_*`.
pub fn parse_table(v: Option<&Value>, field: &str) -> Result<Table, InputError> {
    let preset = |name: &str, f: &str| {
        TableSize::parse(name).map(Table::preset).ok_or_else(|| {
            InputError::new(
                f,
                format!(
                    "unknown table {} (expected \"7ft\", \"8ft\" or \"9ft\")",
                    clip(&Value::String(name.to_string()))
                ),
            )
        })
    };
    let obj = match v {
        None | Some(Value::Null) => return Ok(Table::default()),
        Some(Value::String(name)) => return preset(name, field),
        Some(Value::Object(obj)) => obj,
        Some(other) => {
            return Err(InputError::new(field, format!("expected a table name or object, got {}", clip(other))));
        }
    };
    let mut t = match obj.get("size") {
        None => Table::default(),
        Some(Value::String(name)) => preset(name, &format!("{field}.size"))?,
        Some(other) => {
            return Err(InputError::new(format!("{field}.size"), format!("expected a name, got {}", clip(other))));
        }
    };
    let set = |key: &str, slot: &mut f64, degrees: bool| -> Result<(), InputError> {
        if let Some(value) = obj.get(key) {
            let name = format!("{field}.{key}");
            let x = number(value, &name)?;
            if degrees {
                // The range itself is checked below, with the table as a whole.
                if x <= 0.0 {
                    return Err(InputError::new(name, format!("must be positive, got {}", short(x))));
                }
                *slot = x.to_radians();
            } else {
                // contracts.md: every length, width and pocket size positive and at most 4 m.
                *slot = table_length(x, &name)?;
            }
        }
        Ok(())
    };
    set("length", &mut t.length_m, false)?;
    set("width", &mut t.width_m, false)?;
    set("cushion_height", &mut t.cushion_height_m, false)?;
    set("cushion_depth", &mut t.cushion_depth_m, false)?;
    set("rail_width", &mut t.rail_width_m, false)?;
    set("corner_mouth", &mut t.corner.mouth_m, false)?;
    set("corner_cut_angle", &mut t.corner.cut_angle_rad, true)?;
    set("corner_shelf", &mut t.corner.shelf_m, false)?;
    set("corner_drop_radius", &mut t.corner.drop_radius_m, false)?;
    set("side_mouth", &mut t.side.mouth_m, false)?;
    set("side_cut_angle", &mut t.side.cut_angle_rad, true)?;
    set("side_shelf", &mut t.side.shelf_m, false)?;
    set("side_drop_radius", &mut t.side.drop_radius_m, false)?;
    validate_table(&t, field)?;
    Ok(t)
}

/// Rejects tables that could not hold a game: pockets wider than their rails, cut angles that
/// open the jaws outwards, a bed too small for a rack.
fn validate_table(t: &Table, field: &str) -> Result<(), InputError> {
    let ball = 2.0 * crate::table::BALL_RADIUS_M;
    if t.width_m < 6.0 * ball || t.length_m < 12.0 * ball {
        return Err(InputError::new(format!("{field}.length"), "the bed is too small for a rack of balls"));
    }
    let corner_offset = t.corner.mouth_m / std::f64::consts::SQRT_2;
    if 2.0 * corner_offset + t.side.mouth_m >= t.length_m / 2.0 + corner_offset || 2.0 * corner_offset >= t.width_m {
        return Err(InputError::new(format!("{field}.corner_mouth"), "pockets leave no cushion between them"));
    }
    for (key, angle) in [("corner_cut_angle", t.corner.cut_angle_rad), ("side_cut_angle", t.side.cut_angle_rad)] {
        let deg = angle.to_degrees();
        if !(90.0..180.0).contains(&deg) {
            return Err(InputError::new(
                format!("{field}.{key}"),
                format!("must be between 90 and 180 degrees, got {}", short(deg)),
            ));
        }
    }
    if t.cushion_height_m >= ball {
        return Err(InputError::new(format!("{field}.cushion_height"), "must be below the ball's diameter"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn table_names_and_overrides() {
        assert_eq!(parse_table(None, "table").unwrap(), Table::default());
        assert_eq!(parse_table(Some(&json!("7ft")), "table").unwrap(), Table::preset(TableSize::SevenFoot));
        let t = parse_table(Some(&json!({"length": 2.6, "width": 1.3, "side_cut_angle": 100})), "table").unwrap();
        assert_eq!((t.length_m, t.width_m), (2.6, 1.3));
        assert!((t.side.cut_angle_rad.to_degrees() - 100.0).abs() < 1e-12);
        let t = parse_table(Some(&json!({"size": "8ft", "unknown": 1})), "table").unwrap();
        assert_eq!(t, Table::preset(TableSize::EightFoot));
    }

    #[test]
    fn bad_tables_name_the_field() {
        let err = |v: Value| parse_table(Some(&v), "table").unwrap_err().field;
        assert_eq!(err(json!("6ft")), "table");
        assert_eq!(err(json!(9)), "table");
        assert_eq!(err(json!({"length": -1})), "table.length");
        assert_eq!(err(json!({"width": "wide"})), "table.width");
        assert_eq!(err(json!({"size": "11ft"})), "table.size");
        assert_eq!(err(json!({"corner_cut_angle": 200})), "table.corner_cut_angle");
        assert_eq!(err(json!({"length": 0.3, "width": 0.15})), "table.length");
        // Issue 24: a 1e308 m table was accepted by the referee; every size is bounded.
        assert_eq!(err(json!({"length": 1e308})), "table.length");
        assert_eq!(err(json!({"width": 4.5})), "table.width");
        assert_eq!(err(json!({"side_drop_radius": 5})), "table.side_drop_radius");
        assert_eq!(err(json!({"corner_mouth": 0})), "table.corner_mouth");
        let e = parse_table(Some(&json!({"length": 1e308})), "table").unwrap_err();
        assert!(e.to_string().len() < 100, "{e}");
    }
}
