//! The one check of tables and ball positions that every input goes through: `sim` and
//! `referee` (contracts.md), the lag tool, records, the game's ball placement and the AI's
//! self-play. A table's sizes are positive and at most [`MAX_TABLE_M`]; a ball lies on the bed
//! inside the cushions' nose lines (a ball in a pocket's mouth is fine, one over a drop hole or
//! beyond a rail is not), never on another ball; at most [`MAX_BALLS`] balls. Errors name the
//! field (`table.length`, `balls[2].pos`) and print numbers short (`1.0e308`, not 309 digits).

use crate::error::InputError;
use crate::events::Geometry;
use crate::ids::BallId;
use crate::math::V3;
use crate::table::Table;

/// The largest table length, width or pocket size accepted, m. The largest real table (a 12 ft
/// snooker table) has a 3.57 m bed; beyond this, a bed is not a pool table and the arithmetic of
/// the events gets nowhere near trouble.
pub const MAX_TABLE_M: f64 = 4.0;
/// Balls on a table at most: the cue ball and fifteen object balls.
pub const MAX_BALLS: usize = 16;
/// How far a position may sit outside the bed or inside another ball and still be accepted, m.
/// The physics keeps its own overlaps and positions within 1e-9 m.
pub const DEFAULT_TOLERANCE_M: f64 = 1e-9;

pub use crate::error::{clip, clip_text, short};

/// Checks one of a table's lengths: positive and at most [`MAX_TABLE_M`].
pub fn table_length(x: f64, field: &str) -> Result<f64, InputError> {
    if !x.is_finite() || x <= 0.0 || x > MAX_TABLE_M {
        return Err(InputError::new(
            field,
            format!("must be a length above 0 and at most {MAX_TABLE_M} m, got {}", short(x)),
        ));
    }
    Ok(x)
}

/// Where balls may lie on one table: the table's geometry built once, for many checks.
#[derive(Clone, Debug)]
pub struct Bed {
    table: Table,
    geometry: Geometry,
    radius_m: f64,
    tolerance_m: f64,
    overlap_tolerance_m: f64,
}

impl Bed {
    /// The bed of `table` for balls of radius `radius_m`, with [`DEFAULT_TOLERANCE_M`].
    pub fn new(table: &Table, radius_m: f64) -> Bed {
        Bed {
            table: *table,
            geometry: Geometry::new(table),
            radius_m,
            tolerance_m: DEFAULT_TOLERANCE_M,
            overlap_tolerance_m: DEFAULT_TOLERANCE_M,
        }
    }

    /// The same bed with another tolerance for positions outside it and for overlaps, m.
    pub fn with_tolerance(mut self, tolerance_m: f64) -> Bed {
        self.tolerance_m = tolerance_m;
        self.overlap_tolerance_m = tolerance_m;
        self
    }

    /// The same bed with another tolerance for overlaps only, m (hand-written positions of
    /// touching balls, rounded to a few decimals, need more than the physics' 1e-9 m).
    pub fn with_overlap_tolerance(mut self, tolerance_m: f64) -> Bed {
        self.overlap_tolerance_m = tolerance_m;
        self
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// True if a ball centred at `p` lies on the bed: inside the cushion noses, or in a pocket's
    /// mouth clear of the jaws and short of the drop hole.
    pub fn fits(&self, p: [f64; 2]) -> bool {
        self.geometry.fits(&self.table, V3::new(p[0], p[1], 0.0), self.radius_m, self.tolerance_m)
    }

    /// True if balls centred at `a` and `b` overlap by more than the tolerance.
    pub fn overlap(&self, a: [f64; 2], b: [f64; 2]) -> bool {
        let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
        d < 2.0 * self.radius_m - self.overlap_tolerance_m
    }

    /// Checks ball `id` at `p` (the input's `field`) against the bed and the balls already placed.
    pub fn check(&self, field: &str, id: BallId, p: [f64; 2], placed: &[(BallId, [f64; 2])]) -> Result<(), InputError> {
        if !(p[0].is_finite() && p[1].is_finite()) {
            return Err(InputError::new(field, format!("ball \"{id}\": the position must be finite numbers")));
        }
        if !self.fits(p) {
            let (hx, hy) = (self.table.half_length() - self.radius_m, self.table.half_width() - self.radius_m);
            return Err(InputError::new(
                field,
                format!(
                    "ball \"{id}\" at [{}, {}] is off the bed (|x| <= {hx:.6}, |y| <= {hy:.6}, or in a pocket's mouth short of the drop hole)",
                    short(p[0]),
                    short(p[1])
                ),
            ));
        }
        if let Some((other, q)) = placed.iter().find(|(_, q)| self.overlap(p, *q)) {
            let d = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
            return Err(InputError::new(
                field,
                format!("ball \"{id}\" overlaps ball \"{other}\" (centres {d:.6} m apart, less than two radii)"),
            ));
        }
        Ok(())
    }

    /// Checks a whole position, naming each ball's field as `{list}[i].pos`: at most
    /// [`MAX_BALLS`], each id once, each on the bed and apart from the others.
    pub fn check_all(&self, list: &str, balls: &[(BallId, [f64; 2])]) -> Result<(), InputError> {
        if balls.len() > MAX_BALLS {
            return Err(InputError::new(list, format!("at most {MAX_BALLS} balls, got {}", balls.len())));
        }
        for (i, (id, p)) in balls.iter().enumerate() {
            if balls[..i].iter().any(|(o, _)| o == id) {
                return Err(InputError::new(format!("{list}[{i}].id"), format!("ball \"{id}\" is listed twice")));
            }
            self.check(&format!("{list}[{i}].pos"), *id, *p, &balls[..i])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{BALL_RADIUS_M, TableSize};

    const R: f64 = BALL_RADIUS_M;

    fn bed(size: TableSize) -> Bed {
        Bed::new(&Table::preset(size), R)
    }

    #[test]
    fn numbers_in_messages_stay_short() {
        assert_eq!(short(1e308), "1.000e308");
        assert_eq!(short(-0.3), "-0.3");
        assert_eq!(short(0.0), "0");
        assert!(short(f64::MIN_POSITIVE).len() < 12);
    }

    #[test]
    fn table_lengths_are_positive_and_at_most_four_metres() {
        assert!(table_length(2.54, "table.length").is_ok());
        assert!(table_length(4.0, "table.length").is_ok());
        for bad in [0.0, -1.0, 4.0001, 1e308, f64::NAN] {
            let e = table_length(bad, "table.length").unwrap_err();
            assert_eq!(e.field, "table.length");
            assert!(e.message.len() < 80, "{e}");
        }
    }

    #[test]
    fn a_ball_far_off_the_bed_is_refused_with_a_short_message() {
        let b = bed(TableSize::NineFoot);
        let e = b.check("balls[0].pos", BallId::CUE, [0.0, 1e308], &[]).unwrap_err();
        assert_eq!(e.field, "balls[0].pos");
        assert!(e.message.len() < 160, "{e}");
    }

    #[test]
    fn beyond_a_long_rail_is_off_the_bed_on_every_table() {
        // Issue 24: [0.3, -1.0] on the 7 ft table was accepted through a corner pocket's fan.
        for size in TableSize::ALL {
            let b = bed(size);
            let t = *b.table();
            for x in [-0.9, -0.6, -0.3, 0.0, 0.3, 0.6, 0.9].map(|f| f * t.half_length()) {
                for y in [t.half_width() + 0.01, t.half_width() + 0.2, 1.0, 10.0] {
                    assert!(!b.fits([x, y]) && !b.fits([x, -y]), "{} [{x}, {y}]", size.name());
                }
            }
            for y in [-0.9, -0.3, 0.0, 0.3, 0.9].map(|f| f * t.half_width()) {
                assert!(!b.fits([t.half_length() + 0.1, y]) && !b.fits([-t.half_length() - 0.1, y]));
            }
        }
    }

    #[test]
    fn no_ball_rests_over_a_drop_hole_but_one_may_sit_in_a_mouth() {
        let b = bed(TableSize::NineFoot);
        let t = *b.table();
        for p in t.pockets() {
            assert!(!b.fits(p.drop_centre), "{} hole", p.id);
            // A hair past the mouth line, on the pocket's axis: in the mouth, clear of the hole.
            let m = [p.mouth_centre[0] + 0.002 * p.axis[0], p.mouth_centre[1] + 0.002 * p.axis[1]];
            assert!(b.fits(m), "{} mouth", p.id);
        }
        // The side pocket's hole a ball's width in: refused (it was accepted, issue 24).
        let side = t.pocket(crate::ids::PocketId::SideLeft);
        assert!(!b.fits([side.drop_centre[0], side.drop_centre[1] - 0.03]));
    }

    #[test]
    fn positions_are_checked_together() {
        let b = bed(TableSize::NineFoot);
        let one = BallId::object(1).unwrap();
        assert!(b.check_all("balls", &[(BallId::CUE, [0.0, 0.0]), (one, [0.1, 0.0])]).is_ok());
        let e = b.check_all("balls", &[(BallId::CUE, [0.0, 0.0]), (one, [0.05, 0.0])]).unwrap_err();
        assert_eq!(e.field, "balls[1].pos");
        let e = b.check_all("balls", &[(one, [0.0, 0.0]), (one, [0.5, 0.0])]).unwrap_err();
        assert_eq!(e.field, "balls[1].id");
        let many: Vec<_> = (0..17).map(|k| (BallId::CUE, [k as f64 * 0.06 - 1.0, 0.0])).collect();
        assert_eq!(b.check_all("balls", &many).unwrap_err().field, "balls");
    }
}
