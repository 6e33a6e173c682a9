//! Small 3-vector and quaternion types. Plain `f64` arithmetic in a fixed order, so results are
//! bit-for-bit reproducible (no SIMD reassociation, no parallel sums).

use std::ops::{Add, AddAssign, Div, Mul, Neg, Sub, SubAssign};

/// A vector in the table frame (`x` to the foot, `y` to the left, `z` up).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct V3 {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl V3 {
    pub const ZERO: V3 = V3 { x: 0.0, y: 0.0, z: 0.0 };
    pub const Z: V3 = V3 { x: 0.0, y: 0.0, z: 1.0 };

    pub const fn new(x: f64, y: f64, z: f64) -> V3 {
        V3 { x, y, z }
    }

    pub fn from_array(a: [f64; 3]) -> V3 {
        V3::new(a[0], a[1], a[2])
    }

    pub fn to_array(self) -> [f64; 3] {
        [self.x, self.y, self.z]
    }

    pub fn dot(self, o: V3) -> f64 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }

    pub fn cross(self, o: V3) -> V3 {
        V3::new(self.y * o.z - self.z * o.y, self.z * o.x - self.x * o.z, self.x * o.y - self.y * o.x)
    }

    pub fn norm_sq(self) -> f64 {
        self.dot(self)
    }

    pub fn norm(self) -> f64 {
        self.norm_sq().sqrt()
    }

    /// The unit vector along `self`, or zero for a (near) zero vector.
    pub fn unit_or_zero(self) -> V3 {
        let n = self.norm();
        if n > 0.0 { self / n } else { V3::ZERO }
    }

    /// The horizontal part (z dropped).
    pub fn xy(self) -> V3 {
        V3::new(self.x, self.y, 0.0)
    }

    /// `z x self`: the horizontal vector turned 90 degrees counter-clockwise.
    pub fn perp(self) -> V3 {
        V3::new(-self.y, self.x, 0.0)
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite() && self.z.is_finite()
    }
}

impl Add for V3 {
    type Output = V3;
    fn add(self, o: V3) -> V3 {
        V3::new(self.x + o.x, self.y + o.y, self.z + o.z)
    }
}

impl AddAssign for V3 {
    fn add_assign(&mut self, o: V3) {
        *self = *self + o;
    }
}

impl Sub for V3 {
    type Output = V3;
    fn sub(self, o: V3) -> V3 {
        V3::new(self.x - o.x, self.y - o.y, self.z - o.z)
    }
}

impl SubAssign for V3 {
    fn sub_assign(&mut self, o: V3) {
        *self = *self - o;
    }
}

impl Mul<f64> for V3 {
    type Output = V3;
    fn mul(self, k: f64) -> V3 {
        V3::new(self.x * k, self.y * k, self.z * k)
    }
}

impl Mul<V3> for f64 {
    type Output = V3;
    fn mul(self, v: V3) -> V3 {
        v * self
    }
}

impl Div<f64> for V3 {
    type Output = V3;
    fn div(self, k: f64) -> V3 {
        V3::new(self.x / k, self.y / k, self.z / k)
    }
}

impl Neg for V3 {
    type Output = V3;
    fn neg(self) -> V3 {
        V3::new(-self.x, -self.y, -self.z)
    }
}

/// A unit quaternion `w + xi + yj + zk`: a ball's orientation (body to table frame).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quat {
    pub w: f64,
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl Default for Quat {
    fn default() -> Self {
        Quat::IDENTITY
    }
}

impl Quat {
    pub const IDENTITY: Quat = Quat { w: 1.0, x: 0.0, y: 0.0, z: 0.0 };

    /// The rotation by `|v|` radians about `v`'s direction.
    pub fn from_rotation_vector(v: V3) -> Quat {
        let angle = v.norm();
        if angle < 1e-300 {
            return Quat::IDENTITY;
        }
        let half = 0.5 * angle;
        let s = half.sin() / angle;
        Quat { w: half.cos(), x: v.x * s, y: v.y * s, z: v.z * s }
    }

    /// `self * o`: first `o`, then `self`.
    pub fn mul_quat(self, o: Quat) -> Quat {
        Quat {
            w: self.w * o.w - self.x * o.x - self.y * o.y - self.z * o.z,
            x: self.w * o.x + self.x * o.w + self.y * o.z - self.z * o.y,
            y: self.w * o.y - self.x * o.z + self.y * o.w + self.z * o.x,
            z: self.w * o.z + self.x * o.y - self.y * o.x + self.z * o.w,
        }
    }

    pub fn normalized(self) -> Quat {
        let n = (self.w * self.w + self.x * self.x + self.y * self.y + self.z * self.z).sqrt();
        Quat { w: self.w / n, x: self.x / n, y: self.y / n, z: self.z / n }
    }

    /// Rotates `v` by this quaternion.
    pub fn rotate(self, v: V3) -> V3 {
        let q = V3::new(self.x, self.y, self.z);
        let t = 2.0 * q.cross(v);
        v + self.w * t + q.cross(t)
    }

    /// `[w, x, y, z]`.
    pub fn to_array(self) -> [f64; 4] {
        [self.w, self.x, self.y, self.z]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quaternion_rotation_matches_the_rotation_vector() {
        let q = Quat::from_rotation_vector(V3::new(0.0, 0.0, std::f64::consts::FRAC_PI_2));
        let r = q.rotate(V3::new(1.0, 0.0, 0.0));
        assert!((r - V3::new(0.0, 1.0, 0.0)).norm() < 1e-15);
        let half = Quat::from_rotation_vector(V3::new(0.0, 0.0, std::f64::consts::FRAC_PI_4));
        let twice = half.mul_quat(half).rotate(V3::new(1.0, 0.0, 0.0));
        assert!((twice - r).norm() < 1e-15);
    }
}
