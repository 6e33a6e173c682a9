//! The one table description everything is built from: the physics' cushions and pockets,
//! the referee's strings and spots, and the game's scene.
//!
//! Frame (contracts.md): origin at the centre of the bed, `x` towards the foot rail, `y` to the
//! left seen from the head, `z` up. All lengths in metres, angles in radians.

use crate::ids::{PocketId, RailId};
use serde::{Deserialize, Serialize};

/// A point or direction on the bed plane, metres.
pub type Vec2 = [f64; 2];

/// What is built into one kind of pocket (corner or side). WPA equipment specifications.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PocketSpec {
    /// Distance between the two jaw points (where the cushion noses turn into the pocket), m.
    pub mouth_m: f64,
    /// Angle between a cushion's nose line and its jaw face, radians (WPA: corner 142, side 104 deg).
    pub cut_angle_rad: f64,
    /// From the middle of the mouth line to the edge of the slate cut (the drop edge), m.
    pub shelf_m: f64,
    /// Radius of the hole in the slate; a ball drops once its centre passes the hole's edge, m.
    pub drop_radius_m: f64,
}

/// The table: the bed between the cushion noses, the cushions and the six pockets.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Table {
    /// Playing length between the head and foot cushion noses, m.
    pub length_m: f64,
    /// Playing width between the side cushion noses, m.
    pub width_m: f64,
    /// Height of the cushion nose above the bed, m (WPA 62.5-64.5 % of the ball's diameter).
    pub cushion_height_m: f64,
    /// From the cushion nose back to the wooden rail, m.
    pub cushion_depth_m: f64,
    /// Width of the wooden rail's top (with the diamond sights), m.
    pub rail_width_m: f64,
    pub corner: PocketSpec,
    pub side: PocketSpec,
}

/// The named sizes of contracts.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TableSize {
    #[serde(rename = "7ft")]
    SevenFoot,
    #[serde(rename = "8ft")]
    EightFoot,
    #[serde(rename = "9ft")]
    NineFoot,
}

impl TableSize {
    pub const ALL: [TableSize; 3] = [TableSize::SevenFoot, TableSize::EightFoot, TableSize::NineFoot];

    pub fn name(self) -> &'static str {
        match self {
            TableSize::SevenFoot => "7ft",
            TableSize::EightFoot => "8ft",
            TableSize::NineFoot => "9ft",
        }
    }

    pub fn parse(s: &str) -> Option<TableSize> {
        TableSize::ALL.into_iter().find(|t| t.name() == s)
    }
}

/// A straight cushion between two pockets: the nose line from `start` to `end`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RailSegment {
    pub id: RailId,
    pub start: Vec2,
    pub end: Vec2,
    /// Unit normal pointing from the cushion into the bed.
    pub normal: Vec2,
}

/// One jaw of a pocket: the cushion nose point where the rail ends and the straight jaw face
/// that runs from it back into the rail.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Jaw {
    /// The rail segment this jaw ends (a jaw hit counts as a hit on it).
    pub rail: RailId,
    /// The nose point where the straight cushion turns into the jaw.
    pub point: Vec2,
    /// The far end of the jaw face, at the back of the cushion.
    pub back: Vec2,
}

/// A pocket's geometry on the bed plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pocket {
    pub id: PocketId,
    pub jaws: [Jaw; 2],
    /// Middle of the mouth line between the two jaw points.
    pub mouth_centre: Vec2,
    /// Unit vector from the mouth into the pocket.
    pub axis: Vec2,
    /// Centre of the drop hole.
    pub drop_centre: Vec2,
    pub drop_radius: f64,
}

/// Ball radius of the WPA ball, m (contracts.md).
pub const BALL_RADIUS_M: f64 = 0.028575;

impl Table {
    /// The WPA table of the given size, with mid-tolerance pockets.
    pub fn preset(size: TableSize) -> Table {
        let (length_m, width_m) = match size {
            TableSize::NineFoot => (2.54, 1.27),
            TableSize::EightFoot => (2.34, 1.17),
            TableSize::SevenFoot => (1.98, 0.99),
        };
        Table {
            length_m,
            width_m,
            cushion_height_m: 0.635 * 2.0 * BALL_RADIUS_M,
            cushion_depth_m: 0.05,
            rail_width_m: 0.10,
            corner: PocketSpec {
                mouth_m: 0.116,
                cut_angle_rad: 142f64.to_radians(),
                shelf_m: 0.0381,
                drop_radius_m: 0.062,
            },
            side: PocketSpec {
                mouth_m: 0.129,
                cut_angle_rad: 104f64.to_radians(),
                shelf_m: 0.00635,
                drop_radius_m: 0.066,
            },
        }
    }

    pub fn half_length(&self) -> f64 {
        self.length_m / 2.0
    }

    pub fn half_width(&self) -> f64 {
        self.width_m / 2.0
    }

    /// `x` of the head string (a quarter of the length from the head rail).
    pub fn head_string_x(&self) -> f64 {
        -self.length_m / 4.0
    }

    pub fn head_spot(&self) -> Vec2 {
        [self.head_string_x(), 0.0]
    }

    pub fn foot_spot(&self) -> Vec2 {
        [self.length_m / 4.0, 0.0]
    }

    pub fn centre_spot(&self) -> Vec2 {
        [0.0, 0.0]
    }

    /// How far from the bed's corner each corner jaw point sits along its rail.
    fn corner_jaw_offset(&self) -> f64 {
        self.corner.mouth_m / std::f64::consts::SQRT_2
    }

    /// The six cushion segments (nose lines between the jaw points), in `RailId::ALL` order.
    pub fn rails(&self) -> [RailSegment; 6] {
        let (hx, hy) = (self.half_length(), self.half_width());
        let d = self.corner_jaw_offset();
        let s = self.side.mouth_m / 2.0;
        let seg = |id, start, end, normal| RailSegment { id, start, end, normal };
        [
            seg(RailId::Head, [-hx, -(hy - d)], [-hx, hy - d], [1.0, 0.0]),
            seg(RailId::Foot, [hx, -(hy - d)], [hx, hy - d], [-1.0, 0.0]),
            seg(RailId::LeftHead, [-(hx - d), hy], [-s, hy], [0.0, -1.0]),
            seg(RailId::LeftFoot, [s, hy], [hx - d, hy], [0.0, -1.0]),
            seg(RailId::RightHead, [-(hx - d), -hy], [-s, -hy], [0.0, 1.0]),
            seg(RailId::RightFoot, [s, -hy], [hx - d, -hy], [0.0, 1.0]),
        ]
    }

    pub fn rail(&self, id: RailId) -> RailSegment {
        self.rails()[RailId::ALL.iter().position(|r| *r == id).unwrap_or(0)]
    }

    /// The six pockets, in `PocketId::ALL` order.
    pub fn pockets(&self) -> [Pocket; 6] {
        PocketId::ALL.map(|id| self.pocket(id))
    }

    pub fn pocket(&self, id: PocketId) -> Pocket {
        let (hx, hy) = (self.half_length(), self.half_width());
        // sx: +1 at the foot, -1 at the head (0 for the side pockets); sy: +1 left, -1 right.
        let (sx, sy): (f64, f64) = match id {
            PocketId::HeadLeft => (-1.0, 1.0),
            PocketId::HeadRight => (-1.0, -1.0),
            PocketId::SideLeft => (0.0, 1.0),
            PocketId::SideRight => (0.0, -1.0),
            PocketId::FootLeft => (1.0, 1.0),
            PocketId::FootRight => (1.0, -1.0),
        };
        let left = sy > 0.0;
        if sx == 0.0 {
            let spec = self.side;
            let s = spec.mouth_m / 2.0;
            let (head_rail, foot_rail) =
                if left { (RailId::LeftHead, RailId::LeftFoot) } else { (RailId::RightHead, RailId::RightFoot) };
            let axis = [0.0, sy];
            let jaws = [
                self.jaw(head_rail, [-s, sy * hy], [1.0, 0.0], axis, spec),
                self.jaw(foot_rail, [s, sy * hy], [-1.0, 0.0], axis, spec),
            ];
            let mouth_centre = [0.0, sy * hy];
            return self.finish_pocket(id, jaws, mouth_centre, axis, spec);
        }
        let spec = self.corner;
        let d = self.corner_jaw_offset();
        let end_rail = if sx > 0.0 { RailId::Foot } else { RailId::Head };
        let long_rail = match (sx > 0.0, left) {
            (true, true) => RailId::LeftFoot,
            (true, false) => RailId::RightFoot,
            (false, true) => RailId::LeftHead,
            (false, false) => RailId::RightHead,
        };
        let r = std::f64::consts::FRAC_1_SQRT_2;
        let axis = [sx * r, sy * r];
        let jaws = [
            self.jaw(end_rail, [sx * hx, sy * (hy - d)], [0.0, sy], axis, spec),
            self.jaw(long_rail, [sx * (hx - d), sy * hy], [sx, 0.0], axis, spec),
        ];
        let mouth_centre = [sx * (hx - d / 2.0), sy * (hy - d / 2.0)];
        self.finish_pocket(id, jaws, mouth_centre, axis, spec)
    }

    /// A jaw at `point` on a rail running in direction `along` (towards the pocket): the face
    /// turns away from the bed by (180 deg - cut angle) and runs back to the cushion's depth.
    fn jaw(&self, rail: RailId, point: Vec2, along: Vec2, axis: Vec2, spec: PocketSpec) -> Jaw {
        let turn = std::f64::consts::PI - spec.cut_angle_rad;
        // The outward normal of this rail (away from the bed) is the component of the pocket
        // axis perpendicular to `along`.
        let dot = axis[0] * along[0] + axis[1] * along[1];
        let out = normalize([axis[0] - dot * along[0], axis[1] - dot * along[1]]);
        let dir = [along[0] * turn.cos() + out[0] * turn.sin(), along[1] * turn.cos() + out[1] * turn.sin()];
        let len = self.cushion_depth_m / turn.sin();
        Jaw { rail, point, back: [point[0] + dir[0] * len, point[1] + dir[1] * len] }
    }

    fn finish_pocket(&self, id: PocketId, jaws: [Jaw; 2], mouth_centre: Vec2, axis: Vec2, spec: PocketSpec) -> Pocket {
        let reach = spec.shelf_m + spec.drop_radius_m;
        Pocket {
            id,
            jaws,
            mouth_centre,
            axis,
            drop_centre: [mouth_centre[0] + axis[0] * reach, mouth_centre[1] + axis[1] * reach],
            drop_radius: spec.drop_radius_m,
        }
    }

    /// True if a ball of radius `r` centred at `p` lies on the bed, inside the cushion noses.
    pub fn contains_ball(&self, p: Vec2, r: f64) -> bool {
        p[0].abs() <= self.half_length() - r && p[1].abs() <= self.half_width() - r
    }

    /// Distance in metres from the surface of a ball of radius `r` at `p` to the nearest cushion
    /// nose line (negative when it overlaps one); pockets are not taken into account.
    pub fn cushion_gap_m(&self, p: Vec2, r: f64) -> f64 {
        (self.half_length() - p[0].abs()).min(self.half_width() - p[1].abs()) - r
    }
}

impl Default for Table {
    fn default() -> Self {
        Table::preset(TableSize::NineFoot)
    }
}

fn normalize(v: Vec2) -> Vec2 {
    let n = (v[0] * v[0] + v[1] * v[1]).sqrt();
    [v[0] / n, v[1] / n]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dist(a: Vec2, b: Vec2) -> f64 {
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt()
    }

    #[test]
    fn cushion_gap_is_measured_to_the_nearest_nose_line() {
        let t = Table::preset(TableSize::NineFoot);
        let r = 0.028575;
        // 10 cm from the head cushion, 40 cm from the long one: the head cushion is nearer.
        let p = [-(t.half_length() - 0.1), t.half_width() - 0.4];
        assert!((t.cushion_gap_m(p, r) - (0.1 - r)).abs() < 1e-12);
        assert!((t.cushion_gap_m([0.0, 0.0], r) - (t.half_width() - r)).abs() < 1e-12);
        assert!(t.cushion_gap_m([0.0, t.half_width() - 0.01], r) < 0.0);
    }

    #[test]
    fn presets_have_the_contract_sizes() {
        let t9 = Table::preset(TableSize::NineFoot);
        assert_eq!((t9.length_m, t9.width_m), (2.54, 1.27));
        let t8 = Table::preset(TableSize::EightFoot);
        assert_eq!((t8.length_m, t8.width_m), (2.34, 1.17));
        let t7 = Table::preset(TableSize::SevenFoot);
        assert_eq!((t7.length_m, t7.width_m), (1.98, 0.99));
        for size in TableSize::ALL {
            let t = Table::preset(size);
            assert!((t.length_m / t.width_m - 2.0).abs() < 1e-9, "{} is 2:1", size.name());
            assert_eq!(TableSize::parse(size.name()), Some(size));
        }
        assert_eq!(TableSize::parse("10ft"), None);
    }

    #[test]
    fn presets_are_inside_wpa_tolerances() {
        let t = Table::default();
        let nose = t.cushion_height_m / (2.0 * BALL_RADIUS_M);
        assert!((0.625..=0.645).contains(&nose), "nose at {nose} of the diameter");
        assert!((0.114..=0.117).contains(&t.corner.mouth_m));
        assert!((0.127..=0.130).contains(&t.side.mouth_m));
        assert!((t.corner.cut_angle_rad.to_degrees() - 142.0).abs() <= 1.0);
        assert!((t.side.cut_angle_rad.to_degrees() - 104.0).abs() <= 1.0);
    }

    #[test]
    fn strings_and_spots_follow_the_length() {
        let t = Table::default();
        assert_eq!(t.head_string_x(), -0.635);
        assert_eq!(t.foot_spot(), [0.635, 0.0]);
        assert_eq!(t.head_spot(), [-0.635, 0.0]);
    }

    #[test]
    fn jaw_points_are_a_mouth_width_apart() {
        for size in TableSize::ALL {
            let t = Table::preset(size);
            for p in t.pockets() {
                let spec = if p.id.is_side() { t.side } else { t.corner };
                let mouth = dist(p.jaws[0].point, p.jaws[1].point);
                assert!((mouth - spec.mouth_m).abs() < 1e-12, "{}: {mouth}", p.id);
                // The jaws converge: the back ends are closer together than the mouth.
                assert!(dist(p.jaws[0].back, p.jaws[1].back) < mouth, "{} tapers", p.id);
                // The drop hole lies beyond the mouth, outside the bed.
                assert!(!t.contains_ball(p.drop_centre, 0.0), "{} hole off the bed", p.id);
            }
        }
    }

    #[test]
    fn rails_end_at_the_jaw_points() {
        let t = Table::default();
        let rails = t.rails();
        for p in t.pockets() {
            for jaw in p.jaws {
                let rail = rails.iter().find(|r| r.id == jaw.rail).unwrap();
                let touches = dist(rail.start, jaw.point) < 1e-12 || dist(rail.end, jaw.point) < 1e-12;
                assert!(touches, "{} jaw on {} ends that rail", p.id, jaw.rail);
            }
        }
        // Each rail is ended by exactly two jaws.
        for r in rails {
            let n = t.pockets().iter().flat_map(|p| p.jaws).filter(|j| j.rail == r.id).count();
            assert_eq!(n, 2, "{}", r.id);
            // The normal points into the bed.
            let mid = [(r.start[0] + r.end[0]) / 2.0, (r.start[1] + r.end[1]) / 2.0];
            let inward = [mid[0] + r.normal[0] * 0.1, mid[1] + r.normal[1] * 0.1];
            assert!(t.contains_ball(inward, 0.0), "{} normal", r.id);
        }
    }
}
