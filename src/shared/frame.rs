//! The bed frame of the physics (x to the foot, y to the left, z up; metres, f64) and Bevy's
//! world frame (y up, f32). One place converts, so no system guesses the axes.

use bevy::prelude::*;

/// Bed coordinates `[x, y, z]` to a world point: world `x` = bed `x`, world `y` = bed `z`,
/// world `z` = -bed `y` (a proper rotation, so handedness and spin directions survive).
pub fn bed_to_world(p: [f64; 3]) -> Vec3 {
    Vec3::new(p[0] as f32, p[2] as f32, -p[1] as f32)
}

/// A point on the bed plane at height `z` above the cloth.
pub fn bed_point(p: [f64; 2], z: f64) -> Vec3 {
    bed_to_world([p[0], p[1], z])
}

/// World point back to bed coordinates.
pub fn world_to_bed(v: Vec3) -> [f64; 3] {
    [f64::from(v.x), -f64::from(v.z), f64::from(v.y)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bed_frame_round_trips_and_keeps_left_left() {
        let p = [0.5, 0.25, 0.03];
        let back = world_to_bed(bed_to_world(p));
        for i in 0..3 {
            assert!((back[i] - p[i]).abs() < 1e-6);
        }
        // Standing at the head (-x) looking to the foot (+x) with y up, the right hand is +z
        // in the world, so the bed's left (+y) must map to world -z.
        assert!(bed_to_world([0.0, 1.0, 0.0]).z < 0.0);
        assert!(bed_to_world([0.0, 0.0, 1.0]).y > 0.0);
    }
}
