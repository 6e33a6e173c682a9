//! Ball-cushion impact in closed form after I. Han (2005), "Dynamics in carom and three cushion
//! billiards", J. Mech. Sci. Technol. 19; the same equations as pooltool's
//! `resolve/ball_cushion/han_2005` (pooltool 0.3.3's only cushion model).
//!
//! One impulse at the cushion's nose, `theta = asin(h / R - 1)` above the equator, with
//! restitution `e_cushion` (falling with the impact speed, `Params::cushion_restitution`) along
//! the contact normal and friction `mu_cushion` (sliding or
//! sticking). The impulse's vertical part is dropped (the ball stays on the bed), which loses the
//! `sin^2 theta` share of the normal rebound: a perpendicular stun ball comes back at about
//! 0.87 e rather than Mathavan et al.'s 0.90 e. Kept for comparison with pooltool; the default is
//! `mathavan_2010`.

use crate::ball::BallState;
use crate::evolve::settle;
use crate::math::V3;
use crate::params::Params;

/// The state just after `s` hits a cushion whose nose is `height_m` above the bed. `normal` is the
/// horizontal unit normal of the contact, pointing from the cushion towards the ball.
pub fn resolve(s: &BallState, normal: V3, height_m: f64, p: &Params) -> BallState {
    let (m, r, inertia) = (p.ball_mass_kg, p.ball_radius_m, p.inertia());
    // Frame: x into the cushion, y = z x x, z up.
    let x = -normal.xy().unit_or_zero();
    let y = V3::Z.cross(x);
    let (vx, vy, vz) = (s.vel.dot(x), s.vel.dot(y), s.vel.z);
    let (wx, wy, wz) = (s.ang_vel.dot(x), s.ang_vel.dot(y), s.ang_vel.z);
    if vx <= 0.0 {
        return *s;
    }
    let theta = (height_m / r - 1.0).clamp(-1.0, 1.0).asin();
    let (sin, cos) = theta.sin_cos();
    // Slip of the contact point in the contact plane, and the normal approach speed.
    let sx = vx * sin - vz * cos + r * wy;
    let sy = -vy - r * wz * cos + r * wx * sin;
    let c = -vx * cos;
    let (a_coef, b_coef) = (3.5 / m, 1.0 / m);
    let pz = -(1.0 + p.cushion_restitution(vx)) * c / b_coef;
    let slip = sx.hypot(sy);
    let (px, py) = if slip / a_coef <= p.mu_cushion * pz {
        (sx / a_coef, sy / a_coef)
    } else {
        (p.mu_cushion * pz * sx / slip, p.mu_cushion * pz * sy / slip)
    };
    // Back to the cushion frame.
    let big_x = -px * sin - pz * cos;
    let big_y = py;
    let big_z = px * cos - pz * sin;
    let vx2 = vx + big_x / m;
    let vy2 = vy + big_y / m;
    let k = r / inertia;
    let wx2 = wx - k * big_y * sin;
    let wy2 = wy + k * (big_x * sin - big_z * cos);
    let wz2 = wz + k * big_y * cos;
    let mut out = *s;
    out.vel = vx2 * x + vy2 * y;
    out.ang_vel = wx2 * x + wy2 * y + V3::new(0.0, 0.0, wz2);
    settle(out, p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::Table;

    #[test]
    fn perpendicular_stun_hit_rebounds_at_one_minus_one_plus_e_cos_squared() {
        // A constant restitution, as in Han's paper and pooltool.
        let p = Params { e_cushion: 0.85, e_cushion_speed: 0.0, ..Params::default() };
        let mut s = BallState::at_rest([0.0, 0.0], p.ball_radius_m);
        s.vel = V3::new(1.0, 0.0, 0.0);
        let out = resolve(&settle(s, &p), V3::new(-1.0, 0.0, 0.0), Table::default().cushion_height_m, &p);
        assert!(out.vel.y.abs() < 1e-12);
        let ratio = -out.vel.x;
        assert!((0.70..0.78).contains(&ratio), "{ratio}");
        assert!(ratio < p.e_cushion);
    }
}
