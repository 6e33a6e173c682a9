//! Event detection: when does a ball next touch another ball, a cushion, a jaw or a pocket's
//! drop edge, given each ball's current closed-form trajectory (`evolve`). Every gap is a
//! polynomial in time (degree 2 for a straight cushion, 4 for a ball or a point), solved for its
//! first closing with `poly::first_closing`: exact times, no fixed step, no tunnelling.

use crate::ids::{PocketId, RailId};
use crate::math::V3;
use crate::poly::first_closing;
use crate::table::Table;

/// Closing speeds below this at a touching contact (m/s) are rounding, not a contact.
const MIN_APPROACH_MPS: f64 = 1e-9;
/// For bodies already touching, the next contact is when they close in this much further, m.
const SHIFT_M: f64 = 1e-12;
/// Deepest overlap the shifts above may add up to before any closing counts as a contact, m
/// (the property tests allow 1e-9).
const OVERLAP_BUDGET_M: f64 = 2e-10;

/// A trajectory `p(t) = p0 + v0 t + acc t^2 / 2` valid for `t` in `[0, horizon]`.
#[derive(Clone, Copy, Debug)]
pub struct Path {
    pub p0: V3,
    pub v0: V3,
    pub acc: V3,
    pub horizon: f64,
}

impl Path {
    pub fn at(&self, t: f64) -> V3 {
        self.p0 + t * (self.v0 + (0.5 * t) * self.acc)
    }

    /// An upper bound on how far the centre moves within the horizon.
    pub fn reach(&self) -> f64 {
        let h = self.horizon;
        if h.is_finite() { self.v0.norm() * h + 0.5 * self.acc.norm() * h * h } else { f64::INFINITY }
    }
}

/// A straight cushion: a rail's nose line or a jaw face, as seen from the side balls come from.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub start: V3,
    /// Unit direction from `start` to the other end.
    pub dir: V3,
    pub len: f64,
    /// Unit normal towards the balls.
    pub normal: V3,
    pub rail: RailId,
}

/// A rounded jaw end: where a rail's nose turns into a jaw face, the rubber is rounded with
/// radius `radius` about `at`. Struck like a post.
#[derive(Clone, Copy, Debug)]
pub struct Post {
    pub at: V3,
    pub radius: f64,
    pub rail: RailId,
    /// Index of the pocket (in `Geometry::holes`) whose jaw this is.
    pub pocket: usize,
}

/// Radius of the rounded rubber where a rail's nose turns into a pocket's jaw, m (a quarter inch;
/// the table description has the sharp corner, the physics rounds it).
pub const JAW_ROUNDING_M: f64 = 0.00635;

/// A pocket seen from the physics: its drop hole and the line past which a ball is surely in.
#[derive(Clone, Copy, Debug)]
pub struct Hole {
    pub id: PocketId,
    pub centre: V3,
    pub radius: f64,
    /// A point on the line through the two jaw backs and the outward unit normal of that line.
    pub back: V3,
    pub back_out: V3,
    /// The middle of the mouth line (between the two jaw points) and the unit vector from it
    /// into the pocket: the mouth is the part beyond that line and short of the jaw backs.
    pub mouth: V3,
    pub axis: V3,
}

/// The static geometry every ball is checked against, built once from the table.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub lines: Vec<Line>,
    pub posts: Vec<Post>,
    pub holes: Vec<Hole>,
    pub cushion_height_m: f64,
    /// Per pocket, a circle (centre, radius) holding its drop hole and its jaw ends, for the
    /// quick check that a ball cannot reach any of them (`Geometry::out_of_reach`).
    pub zones: Vec<(V3, f64)>,
    /// Rails come first in `lines` (this many), then each pocket's two jaw faces in pocket order.
    pub rail_lines: usize,
    /// Per pocket, a circle (centre, radius) holding both its jaw faces, for the quick check that
    /// a ball can touch neither (`Geometry::faces_out_of_reach`).
    pub face_zones: Vec<(V3, f64)>,
}

fn v2(p: [f64; 2]) -> V3 {
    V3::new(p[0], p[1], 0.0)
}

impl Geometry {
    pub fn new(table: &Table) -> Geometry {
        let mut lines = Vec::new();
        for r in table.rails() {
            let (a, b) = (v2(r.start), v2(r.end));
            lines.push(Line {
                start: a,
                dir: (b - a).unit_or_zero(),
                len: (b - a).norm(),
                normal: v2(r.normal),
                rail: r.id,
            });
        }
        let mut posts = Vec::new();
        let mut holes = Vec::new();
        for p in table.pockets() {
            for (k, jaw) in p.jaws.iter().enumerate() {
                let other = v2(p.jaws[1 - k].point);
                let (a, b) = (v2(jaw.point), v2(jaw.back));
                let dir = (b - a).unit_or_zero();
                let mut normal = dir.perp();
                if normal.dot(other - a) < 0.0 {
                    normal = -normal;
                }
                // Round the corner between the rail's nose and the jaw face: both straight parts
                // end where a circle of radius JAW_ROUNDING_M touches them.
                let rail = lines.iter().position(|l| l.rail == jaw.rail).unwrap_or(0);
                let at_start =
                    (lines[rail].start - a).norm() < (lines[rail].start + lines[rail].len * lines[rail].dir - a).norm();
                let along = if at_start { -lines[rail].dir } else { lines[rail].dir };
                let turn = along.dot(dir).clamp(-1.0, 1.0).acos();
                let cut = JAW_ROUNDING_M * (0.5 * turn).tan();
                let rounded = cut < 0.5 * lines[rail].len && cut < 0.5 * (b - a).norm();
                let (cut, radius) = if rounded { (cut, JAW_ROUNDING_M) } else { (0.0, 0.0) };
                if at_start {
                    let step = cut * lines[rail].dir;
                    lines[rail].start += step;
                }
                lines[rail].len -= cut;
                let centre = a - cut * along - radius * lines[rail].normal;
                lines.push(Line { start: a + cut * dir, dir, len: (b - a).norm() - cut, normal, rail: jaw.rail });
                posts.push(Post { at: centre, radius, rail: jaw.rail, pocket: holes.len() });
            }
            let (b0, b1) = (v2(p.jaws[0].back), v2(p.jaws[1].back));
            let mut out = (b1 - b0).unit_or_zero().perp();
            if out.dot(v2(p.axis)) < 0.0 {
                out = -out;
            }
            holes.push(Hole {
                id: p.id,
                centre: v2(p.drop_centre),
                radius: p.drop_radius,
                back: b0,
                back_out: out,
                mouth: v2(p.mouth_centre),
                axis: v2(p.axis),
            });
        }
        let zones = holes
            .iter()
            .enumerate()
            .map(|(k, h)| {
                let jaws = posts.iter().filter(|p| p.pocket == k);
                (h.centre, jaws.map(|p| (p.at - h.centre).norm() + p.radius).fold(h.radius, f64::max))
            })
            .collect();
        let rail_lines = lines.len() - 2 * holes.len();
        let face_zones = (0..holes.len())
            .map(|k| {
                let faces = [&lines[rail_lines + 2 * k], &lines[rail_lines + 2 * k + 1]];
                let ends: Vec<V3> = faces.iter().flat_map(|f| [f.start, f.start + f.len * f.dir]).collect();
                let centre = ends.iter().fold(V3::ZERO, |c, &e| c + 0.25 * e);
                (centre, ends.iter().map(|&e| (e - centre).norm()).fold(0.0, f64::max))
            })
            .collect();
        Geometry { lines, posts, holes, cushion_height_m: table.cushion_height_m, zones, rail_lines, face_zones }
    }

    /// True if a ball of radius `r` on `path` can touch neither of pocket `k`'s jaw faces within
    /// the path's horizon (`reach` from the same path): a contact has the centre within `r` of a
    /// face, so within `r` of the circle holding both (1e-8 m clear of rounding, past the 1e-9 m
    /// inside a face `ball_line` still takes for touching).
    pub fn faces_out_of_reach(&self, k: usize, path: &Path, reach: &Reach, r: f64) -> bool {
        let (centre, radius) = self.face_zones[k];
        let limit = radius + r + reach.far + 1e-8;
        (path.p0 - centre).xy().norm_sq() > limit * limit
    }

    /// True if a ball of radius `r` on `path` can touch none of pocket `k`'s jaw ends and can
    /// neither reach its drop hole nor cross its jaw backs' line within the path's horizon
    /// (`reach` from the same path; 1e-9 m clear of rounding).
    pub fn out_of_reach(&self, k: usize, path: &Path, reach: &Reach, r: f64) -> bool {
        let (centre, radius) = self.zones[k];
        let limit = radius + r + reach.far + BOUND_MARGIN_M;
        let hole = &self.holes[k];
        (path.p0 - centre).xy().norm_sq() > limit * limit
            && hole.back_out.dot(hole.back - path.p0) > reach.far + BOUND_MARGIN_M
    }
}

impl Geometry {
    /// True if the point `p` (a ball's centre) lies over the bed: between the cushion noses, or in
    /// a pocket's mouth short of the jaw backs.
    pub fn over_bed(&self, table: &Table, p: V3) -> bool {
        let p = p.xy();
        if p.x.abs() <= table.half_length() && p.y.abs() <= table.half_width() {
            return true;
        }
        (0..self.holes.len()).any(|k| self.in_mouth(k, p))
    }

    /// True if the point `p` lies in the mouth of pocket `k`: beyond the line between its two jaw
    /// points, short of the line of its jaw backs, and between its jaw faces. All three bounds
    /// matter: the jaw faces alone, taken as whole lines, open a fan from each pocket across the
    /// bed and past the far rail (issue 24: a ball beyond a long rail or in a side pocket's drop
    /// hole was accepted through a corner pocket's fan).
    fn in_mouth(&self, k: usize, p: V3) -> bool {
        let hole = &self.holes[k];
        let faces = [&self.lines[6 + 2 * k], &self.lines[7 + 2 * k]];
        hole.axis.dot(p - hole.mouth) >= 0.0
            && hole.back_out.dot(p - hole.back) < 0.0
            && faces.iter().all(|f| f.normal.dot(p - f.start) >= 0.0)
    }

    /// True if a ball of radius `r` centred at `p` lies on the bed: inside the cushion noses, or
    /// in a pocket's mouth clear of the jaws and short of the drop hole.
    pub fn fits(&self, table: &Table, p: V3, r: f64, tol: f64) -> bool {
        let p = p.xy();
        if !(p.x.is_finite() && p.y.is_finite()) {
            return false;
        }
        if self.posts.iter().any(|post| (p - post.at).norm() < r + post.radius - tol) {
            return false;
        }
        // Clear of every cushion (rails and jaw faces as segments, so their ends count too).
        for line in &self.lines {
            let s = line.dir.dot(p - line.start).clamp(0.0, line.len);
            if (p - (line.start + s * line.dir)).norm() < r - tol {
                return false;
            }
        }
        // Never over a drop hole, never past a pocket's jaw backs.
        if self.holes.iter().any(|h| (p - h.centre).norm() <= h.radius || h.back_out.dot(p - h.back) >= 0.0) {
            return false;
        }
        if p.x.abs() <= table.half_length() && p.y.abs() <= table.half_width() {
            return true;
        }
        // Otherwise it must be in a pocket's mouth (between the jaw faces, past the mouth line).
        (0..self.holes.len()).any(|k| self.in_mouth(k, p))
    }
}

/// Coefficients (ascending) of `|d0 + d1 t + d2 t^2|^2 - k`.
fn quartic(d0: V3, d1: V3, d2: V3, k: f64) -> [f64; 5] {
    [d0.dot(d0) - k, 2.0 * d0.dot(d1), d1.dot(d1) + 2.0 * d0.dot(d2), 2.0 * d1.dot(d2), d2.dot(d2)]
}

/// First time two balls of radius `r` moving on `a` and `b` (same time origin, horizon the
/// shorter of the two) touch while closing in. Touching and closing at `t = 0` counts.
///
/// The distance is taken in 3D, so a ball in flight passes over one on the bed (a jump shot):
/// every path is a quadratic in `t`, so the squared distance stays a quartic. For two balls on the
/// bed the vertical parts are exactly zero and this is the plane problem.
pub fn ball_ball(a: &Path, b: &Path, r: f64) -> Option<f64> {
    let level = |p: &Path| p.v0.z == 0.0 && p.acc.z == 0.0;
    if level(a) && level(b) && a.p0.z == b.p0.z {
        ball_ball_in::<true>(a, b, r)
    } else {
        ball_ball_in::<false>(a, b, r)
    }
}

/// How far short of a contact the bounds below stop, m: far above the rounding in the gap
/// polynomials (about 1e-13 m), so a bound never passes a time the exact search would return.
const BOUND_MARGIN_M: f64 = 1e-9;

/// The least `t >= 0` with `s1 t + s2 t^2 >= g` (`g > 0`, `s1, s2 >= 0`), infinite if none.
fn first_reach(s1: f64, s2: f64, g: f64) -> f64 {
    if s2 > 0.0 {
        2.0 * g / (s1 + (s1 * s1 + 4.0 * s2 * g).sqrt())
    } else if s1 > 0.0 {
        g / s1
    } else {
        f64::INFINITY
    }
}

/// A cheap lower bound on `ball_ball(a, b, r)`'s answer, `None` where that is surely `None`.
/// The paths may be off by rounding (the event loop passes paths from the motion polynomials,
/// not `evolve`'s): the bound keeps `BOUND_MARGIN_M` clear of a contact. The event loop keeps
/// this bound for a pair and solves the quartic only when the bound comes up as the earliest
/// event, so most pairs' quartics are never solved (their balls change course first) and the
/// events stay exactly the same.
///
/// Two bounds on the distance `|d(t)|`, `d = d0 + d1 t + d2 t^2`: the triangle inequality,
/// `|d| >= |d0| - |d1| t - |d2| t^2`, and its part along today's line of centres `u`,
/// `|d| >= u.d = |d0| + (u.d1) t + (u.d2) t^2` (never closing if the pair is not closing along
/// `u` and not accelerating towards each other along it). The later of the two times at which
/// they allow the distance down to `2r` comes before the contact; past the horizon, or never,
/// there is no contact.
#[inline]
pub fn ball_ball_bound(a: &Path, b: &Path, r: f64) -> Option<f64> {
    let h = a.horizon.min(b.horizon);
    let d0 = b.p0 - a.p0;
    let d1 = b.v0 - a.v0;
    let d2 = 0.5 * (b.acc - a.acc);
    let dist = d0.norm();
    let g = dist - 2.0 * r - BOUND_MARGIN_M;
    if !(g > 0.0 && h > 0.0) {
        // Touching, or a case for the exact search.
        return Some(0.0);
    }
    // Not closing along the line of centres now and not accelerating towards each other along
    // it: never closer than today (the commonest case, settled before the other square roots).
    let (a1, a2) = (d0.dot(d1), d0.dot(d2));
    if a1 >= 0.0 && a2 >= 0.0 {
        return None;
    }
    let (s1, s2) = (d1.norm(), d2.norm());
    if h.is_finite() && g > (s1 + s2 * h) * h {
        return None;
    }
    let t = first_reach(s1, s2, g).max(first_reach((-a1 / dist).max(0.0), (-a2 / dist).max(0.0), g));
    // Slack for the rounding of the bound itself and for the solver stopping up to 1e-14 (1 + t)
    // short of the root.
    let t = t - 1e-9 * (1.0 + t);
    if t > h || t == f64::INFINITY { None } else { Some(t.max(0.0)) }
}

/// `ball_ball` with the vertical parts dropped (`PLANE`, both balls on the bed) or kept; the
/// plane version keeps the common case as lean as it was before balls could fly.
fn ball_ball_in<const PLANE: bool>(a: &Path, b: &Path, r: f64) -> Option<f64> {
    let flat = |v: V3| if PLANE { v.xy() } else { v };
    let h = a.horizon.min(b.horizon);
    let d0 = flat(b.p0 - a.p0);
    let d1 = flat(b.v0 - a.v0);
    let d2 = flat(0.5 * (b.acc - a.acc));
    let contact = 2.0 * r;
    let dist = d0.norm();
    if h.is_finite() && dist - contact > d1.norm() * h + d2.norm() * h * h {
        return None;
    }
    if d1 == V3::ZERO && d2 == V3::ZERO {
        return None;
    }
    let mut k = contact * contact;
    if dist <= contact {
        // Touching (or a rounding hair inside): a contact now if closing in, otherwise the
        // next time they close in past the current distance.
        let rate = d0.dot(d1);
        if rate < -MIN_APPROACH_MPS * dist {
            return Some(0.0);
        }
        if dist - SHIFT_M < contact - OVERLAP_BUDGET_M
            && (rate < 0.0 || (rate == 0.0 && d1.dot(d1) + 2.0 * d0.dot(d2) < 0.0))
        {
            // As deep as rounding may ever take them: any closing in is a contact now.
            return Some(0.0);
        }
        k = (dist - SHIFT_M).powi(2);
    }
    let gap = |t: f64| {
        let d = d0 + t * (d1 + t * d2);
        d.dot(d) - k
    };
    first_closing(&quartic(d0, d1, d2, k), gap, h)
}

/// A lower bound on `ball_line(path, line, r)`'s answer (infinite where that is surely `None`),
/// so a cushion that cannot be reached before an event already found is never solved for.
///
/// The gap to the line is `c0 + c1 t + c2 t^2`. Moving away from the line (`c1 > 0`), it can
/// only close once it falls again, after its maximum at `-c1 / (2 c2)`: `ball_line`'s search
/// (`poly::first_closing`) brackets a closing between the roots of the derivative, so it never
/// returns an earlier time (and no time at all if `c2 >= 0`). Otherwise a gap ahead can close no
/// sooner than its falling parts allow, and a ball beyond the line (behind a jaw face's line,
/// off its segment) is touched only after the gap has opened again, no sooner than its rising
/// parts allow. Zero for a ball touching the line and not moving away.
#[inline]
pub fn ball_line_bound(path: &Path, line: &Line, r: f64) -> f64 {
    let n = line.normal;
    let c0 = n.dot(path.p0 - line.start) - r;
    // As `ball_line` computes them, so the sign test and the maximum are its own.
    let c1 = n.dot(path.v0);
    let c2 = 0.5 * n.dot(path.acc);
    if c1 > 0.0 {
        // The derivative's root exactly as `poly::roots_in` computes it.
        return if c2 < 0.0 { -c1 / (c2 * 2.0) } else { f64::INFINITY };
    }
    let t = if c0 > BOUND_MARGIN_M {
        first_reach(-c1, (-c2).max(0.0), c0 - BOUND_MARGIN_M)
    } else if c0 < -BOUND_MARGIN_M {
        first_reach(0.0, c2.max(0.0), -c0 - BOUND_MARGIN_M)
    } else {
        return 0.0;
    };
    (t - 1e-9 * (1.0 + t)).max(0.0)
}

/// First time the ball on `path` touches a straight cushion, moving into it.
pub fn ball_line(path: &Path, line: &Line, r: f64) -> Option<f64> {
    let n = line.normal;
    let c0 = n.dot(path.p0 - line.start) - r;
    let c1 = n.dot(path.v0);
    let c2 = 0.5 * n.dot(path.acc);
    if c0 > path.reach() {
        return None;
    }
    let within = |t: f64| {
        let s = line.dir.dot(path.at(t) - line.start);
        (0.0..=line.len).contains(&s)
    };
    let mut c0 = c0;
    if c0 <= 0.0 && !within(0.0) {
        // Inside the line but beside the segment's end (in a pocket's mouth, past the jaw's
        // rounded corner): the segment is touched only when the ball comes out past the line and
        // moves in again within it, as a ball skimming past the corner curves back under spin.
        let gap = |t: f64| c0 + t * (c1 + t * c2);
        return first_closing(&[c0, c1, c2], gap, path.horizon).filter(|&t| within(t));
    }
    if c0 <= 0.0 {
        // Touching (or a rounding hair inside): contact now if moving in, otherwise the next
        // time it moves in past where it is.
        if c0 < -1e-9 {
            return None;
        }
        if c1 < -MIN_APPROACH_MPS || (c0 < -OVERLAP_BUDGET_M && (c1 < 0.0 || (c1 == 0.0 && c2 < 0.0))) {
            return Some(0.0);
        }
        c0 = SHIFT_M;
    }
    let gap = |t: f64| c0 + t * (c1 + t * c2);
    first_closing(&[c0, c1, c2], gap, path.horizon).filter(|&t| within(t))
}

/// How far the centre on a path can get within its horizon, for quick bounds on many targets.
#[derive(Clone, Copy, Debug)]
pub struct Reach {
    /// Speed and half the acceleration in the plane.
    s1: f64,
    s2: f64,
    /// Furthest distance within the horizon.
    far: f64,
}

impl Reach {
    pub fn new(path: &Path) -> Reach {
        let (s1, s2) = (path.v0.xy().norm(), 0.5 * path.acc.xy().norm());
        let h = path.horizon;
        let far = if h.is_finite() { (s1 + s2 * h) * h } else { f64::INFINITY };
        Reach { s1, s2, far }
    }
}

/// A lower bound on when the centre on `path` comes within `reach` of the point `at` in the
/// plane (`reach_of` from the same path), and so on `ball_post(path, at, reach)`'s answer and
/// the drop circle's in `ball_hole`: infinite beyond the horizon, else the triangle and
/// line-of-centres bounds of `ball_ball_bound`. Zero when already that close.
pub fn point_bound(path: &Path, reach_of: &Reach, at: V3, reach: f64) -> f64 {
    let d0 = (path.p0 - at).xy();
    let dd = d0.dot(d0);
    let limit = reach + BOUND_MARGIN_M + reach_of.far;
    if dd > limit * limit {
        return f64::INFINITY;
    }
    let dist = dd.sqrt();
    let g = dist - reach - BOUND_MARGIN_M;
    if g.is_nan() || g <= 0.0 {
        return 0.0;
    }
    let u = d0 / dist;
    let (d1, d2) = (path.v0.xy(), 0.5 * path.acc.xy());
    let t = first_reach(reach_of.s1, reach_of.s2, g).max(first_reach((-u.dot(d1)).max(0.0), (-u.dot(d2)).max(0.0), g));
    (t - 1e-9 * (1.0 + t)).max(0.0)
}

/// True if the centre on `path` stays further than `reach` from the point `at` in the plane all
/// through the path's horizon, so `ball_post(path, at, reach)` finds nothing: the path keeps
/// within `|acc| h^2 / 8` of its chord (`p(t)` less the chord's point is `acc t (t - h) / 2`),
/// so its distance from `at` is no less than the chord's less that (1e-8 m clear of rounding).
pub fn passes_clear(path: &Path, at: V3, reach: f64) -> bool {
    let h = path.horizon;
    if !h.is_finite() {
        return false;
    }
    let acc = path.acc.xy();
    let chord = h * path.v0.xy() + (0.5 * h * h) * acc;
    let d0 = (at - path.p0).xy();
    let len_sq = chord.norm_sq();
    let s = if len_sq > 0.0 { (d0.dot(chord) / len_sq).clamp(0.0, 1.0) } else { 0.0 };
    let clear = reach + acc.norm() * h * h / 8.0 + 1e-8;
    (d0 - s * chord).norm_sq() > clear * clear
}

/// Squared distance between the segments `p1 + s d1` and `p2 + t d2`, `s, t` in `[0, 1]`
/// (Ericson, Real-Time Collision Detection, 5.1.9: the closest points of the two lines, each
/// clamped to its segment and the other's then taken again).
pub fn segment_distance_sq(p1: V3, d1: V3, p2: V3, d2: V3) -> f64 {
    let w = p1 - p2;
    let (a, e, f) = (d1.dot(d1), d2.dot(d2), d2.dot(w));
    let (s, t) = if a <= 0.0 && e <= 0.0 {
        (0.0, 0.0)
    } else if a <= 0.0 {
        (0.0, (f / e).clamp(0.0, 1.0))
    } else {
        let c = d1.dot(w);
        if e <= 0.0 {
            ((-c / a).clamp(0.0, 1.0), 0.0)
        } else {
            let b = d1.dot(d2);
            let denom = a * e - b * b;
            let s = if denom > 0.0 { ((b * f - c * e) / denom).clamp(0.0, 1.0) } else { 0.0 };
            let t = (b * s + f) / e;
            if t < 0.0 {
                ((-c / a).clamp(0.0, 1.0), 0.0)
            } else if t > 1.0 {
                (((b - c) / a).clamp(0.0, 1.0), 1.0)
            } else {
                (s, t)
            }
        }
    };
    ((p1 + s * d1) - (p2 + t * d2)).norm_sq()
}

/// The chord of `path` over its horizon (in the plane) and the most the path bends off it,
/// `|acc| h^2 / 8` (`p(t)` less the chord's point is `acc t (t - h) / 2`); `None` for an endless
/// horizon.
fn chord(path: &Path) -> Option<(V3, f64)> {
    let h = path.horizon;
    let acc = path.acc.xy();
    h.is_finite().then(|| (h * path.v0.xy() + (0.5 * h * h) * acc, acc.norm() * h * h / 8.0))
}

/// True if the ball on `path` can touch no part of the straight cushion `line` within the
/// path's horizon: its chord stays further from the segment than `r` and the bend (a touch has
/// the centre within `r` of the segment, or 1e-9 m inside for a touch now; a micrometre clear
/// of the rounding of the closest points), so `ball_line` finds nothing sooner.
pub fn line_passes_clear(path: &Path, line: &Line, r: f64) -> bool {
    let Some((c, bend)) = chord(path) else { return false };
    let p0 = path.p0.xy();
    let clear = r + bend + 1e-6;
    segment_distance_sq(p0, c, line.start.xy(), line.len * line.dir.xy()) > clear * clear
}

/// True if the ball on `path` neither reaches the drop circle of `hole` nor crosses its jaw
/// backs' line within the path's horizon, so `ball_hole` finds nothing: the chord (less the
/// bend) stays clear of both (1e-8 m clear of rounding).
pub fn hole_passes_clear(path: &Path, hole: &Hole) -> bool {
    let Some((c, bend)) = chord(path) else { return false };
    if !passes_clear(path, hole.centre, hole.radius) {
        return false;
    }
    // How far the centre gets towards the jaw backs' line: the chord's end at most, plus the bend.
    let n = hole.back_out;
    n.dot(hole.back - path.p0) - n.dot(c).max(0.0) - bend > 1e-8
}

/// A lower bound on `ball_hole(path, hole)`'s answer: the earlier of the drop circle's bound and
/// the jaw backs' line's.
pub fn ball_hole_bound(path: &Path, reach_of: &Reach, hole: &Hole) -> f64 {
    let n = hole.back_out;
    let c0 = n.dot(hole.back - path.p0) - BOUND_MARGIN_M;
    let back = if c0 > 0.0 {
        let t = first_reach(n.dot(path.v0).max(0.0), (0.5 * n.dot(path.acc)).max(0.0), c0);
        (t - 1e-9 * (1.0 + t)).max(0.0)
    } else {
        0.0
    };
    back.min(point_bound(path, reach_of, hole.centre, hole.radius))
}

/// First time the ball on `path` touches a point (a jaw's nose), moving into it.
pub fn ball_post(path: &Path, at: V3, r: f64) -> Option<f64> {
    let d0 = (path.p0 - at).xy();
    if d0.norm() - r > path.reach() {
        return None;
    }
    let (d1, d2) = (path.v0.xy(), 0.5 * path.acc.xy());
    let mut k = r * r;
    let dist = d0.norm();
    if dist <= r {
        // Touching (just off it, or a rounding hair inside): a contact now if moving in,
        // otherwise the next time it moves in past the current distance. A ball leaving a nose
        // sideways may curve back into it under its spin while still touching.
        let rate = d0.dot(d1);
        if rate < -MIN_APPROACH_MPS * dist {
            return Some(0.0);
        }
        if dist - SHIFT_M < r - OVERLAP_BUDGET_M && (rate < 0.0 || (rate == 0.0 && d1.dot(d1) + 2.0 * d0.dot(d2) < 0.0))
        {
            return Some(0.0);
        }
        k = (dist - SHIFT_M).powi(2);
    }
    let gap = |t: f64| {
        let d = d0 + t * (d1 + t * d2);
        d.dot(d) - k
    };
    first_closing(&quartic(d0, d1, d2, k), gap, path.horizon)
}

/// First time the ball's centre passes the drop edge of `hole` (or the line of the jaw backs).
pub fn ball_hole(path: &Path, hole: &Hole) -> Option<f64> {
    let d0 = (path.p0 - hole.centre).xy();
    let reach = path.reach();
    let mut best: Option<f64> = None;
    if d0.norm() - hole.radius <= reach {
        let (d1, d2) = (path.v0.xy(), 0.5 * path.acc.xy());
        let k = hole.radius * hole.radius;
        let gap = |t: f64| {
            let d = d0 + t * (d1 + t * d2);
            d.dot(d) - k
        };
        best = if gap(0.0) <= 0.0 { Some(0.0) } else { first_closing(&quartic(d0, d1, d2, k), gap, path.horizon) };
    }
    if let Some(t) = ball_back_in(path, hole, reach) {
        best = Some(best.map_or(t, |b| b.min(t)));
    }
    best
}

/// First time the ball's centre passes the line of the jaw backs of `hole` (out of the mouth).
pub fn ball_back(path: &Path, hole: &Hole) -> Option<f64> {
    ball_back_in(path, hole, path.reach())
}

fn ball_back_in(path: &Path, hole: &Hole, reach: f64) -> Option<f64> {
    let n = hole.back_out;
    let c0 = n.dot(hole.back - path.p0);
    if c0 > reach {
        return None;
    }
    let (c1, c2) = (-n.dot(path.v0), -0.5 * n.dot(path.acc));
    if c0 <= 0.0 { Some(0.0) } else { first_closing(&[c0, c1, c2], |t| c0 + t * (c1 + t * c2), path.horizon) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(p0: V3, v0: V3, acc: V3, horizon: f64) -> Path {
        Path { p0, v0, acc, horizon }
    }

    #[test]
    fn a_fast_ball_cannot_tunnel_through_another() {
        let r = 0.028575;
        // 100 m/s towards a ball 1 m away: contact when the gap of 1 - 2R closes.
        let a = path(V3::ZERO, V3::new(100.0, 0.0, 0.0), V3::ZERO, 10.0);
        let b = path(V3::new(1.0, 0.0, 0.0), V3::ZERO, V3::ZERO, f64::INFINITY);
        let t = ball_ball(&a, &b, r).unwrap();
        assert!((t - (1.0 - 2.0 * r) / 100.0).abs() < 1e-15);
        let gap = (b.at(t) - a.at(t)).norm() - 2.0 * r;
        assert!((0.0..1e-12).contains(&gap), "{gap}");
    }

    #[test]
    fn rounded_jaw_ends_touch_both_the_rail_and_the_jaw_face() {
        let table = Table::default();
        let g = Geometry::new(&table);
        assert_eq!((g.lines.len(), g.posts.len()), (18, 12));
        for (k, post) in g.posts.iter().enumerate() {
            assert!(post.radius > 0.0);
            let face = &g.lines[6 + k];
            let rail = g.lines[..6].iter().find(|l| l.rail == post.rail).unwrap();
            for line in [face, rail] {
                // The centre lies `radius` behind the line, level with one of its ends.
                let behind = line.normal.dot(post.at - line.start);
                assert!((behind + post.radius).abs() < 1e-12, "{k}: {behind}");
                let s = line.dir.dot(post.at - line.start);
                assert!(s.abs() < 1e-12 || (s - line.len).abs() < 1e-12, "{k}: {s}");
            }
        }
    }

    #[test]
    fn segment_distances_match_the_geometry() {
        let d = |p1: [f64; 3], d1: [f64; 3], p2: [f64; 3], d2: [f64; 3]| {
            let v = |a: [f64; 3]| V3::new(a[0], a[1], a[2]);
            segment_distance_sq(v(p1), v(d1), v(p2), v(d2)).sqrt()
        };
        // Crossing skew segments 1 apart in z; parallel ones 0.3 apart side by side; end to end
        // along one line, 0.5 apart; a point against a segment, off its end (3-4-5).
        assert!((d([0.0, -1.0, 0.0], [0.0, 2.0, 0.0], [-1.0, 0.0, 1.0], [2.0, 0.0, 0.0]) - 1.0).abs() < 1e-15);
        assert!((d([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.5, 0.3, 0.0], [1.0, 0.0, 0.0]) - 0.3).abs() < 1e-15);
        assert!((d([0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.5, 0.0, 0.0], [2.0, 0.0, 0.0]) - 0.5).abs() < 1e-15);
        assert!((d([4.0, 3.0, 0.0], [0.0, 0.0, 0.0], [-2.0, 0.0, 0.0], [2.0, 0.0, 0.0]) - 5.0).abs() < 1e-15);
        // Against a brute-force search over both segments.
        let (p1, d1, p2, d2) =
            (V3::new(0.1, 0.2, 0.0), V3::new(0.9, -0.4, 0.0), V3::new(0.3, -0.5, 0.0), V3::new(0.2, 0.45, 0.0));
        let mut least = f64::INFINITY;
        for i in 0..=400 {
            for j in 0..=400 {
                let (s, t) = (i as f64 / 400.0, j as f64 / 400.0);
                least = least.min(((p1 + s * d1) - (p2 + t * d2)).norm());
            }
        }
        let exact = segment_distance_sq(p1, d1, p2, d2).sqrt();
        assert!(exact <= least + 1e-12 && least - exact < 2e-3, "{exact} vs {least}");
    }

    #[test]
    fn a_grazing_miss_is_not_a_contact() {
        let r = 0.028575;
        let a = path(V3::ZERO, V3::new(1.0, 0.0, 0.0), V3::ZERO, 10.0);
        let b = path(V3::new(1.0, 2.0 * r + 1e-6, 0.0), V3::ZERO, V3::ZERO, f64::INFINITY);
        assert_eq!(ball_ball(&a, &b, r), None);
    }

    #[test]
    fn decelerating_ball_that_stops_short_makes_no_contact() {
        let r = 0.028575;
        // Rolling at 0.1 m/s, decelerating at 0.0981: stops after 0.051 m.
        let v = 0.1;
        let acc = -0.0981;
        let a = path(V3::ZERO, V3::new(v, 0.0, 0.0), V3::new(acc, 0.0, 0.0), v / -acc);
        let b = path(V3::new(2.0 * r + 0.052, 0.0, 0.0), V3::ZERO, V3::ZERO, f64::INFINITY);
        assert_eq!(ball_ball(&a, &b, r), None);
        let b = path(V3::new(2.0 * r + 0.05, 0.0, 0.0), V3::ZERO, V3::ZERO, f64::INFINITY);
        assert!(ball_ball(&a, &b, r).is_some());
    }
}
