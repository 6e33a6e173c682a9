//! What the shooter sees while aiming, computed from the physics: where the cue ball meets its
//! first ball (the ghost ball), the first stretches of both paths, the call that aim implies,
//! and how steeply the cue must rise to clear the balls and the rail behind the cue ball.

use crate::game::session::Session;
use biljardi_physics::{BallId, EventKind, PocketId, Simulation, Strike, min_cue_elevation_rad};
use biljardi_rules::Call;

/// How far ahead the aiming aid draws paths, seconds of the shot.
const AID_HORIZON_S: f64 = 1.2;
/// Radius of the cue's shaft near the tip, m (a 13 mm tip).
pub use biljardi_physics::CUE_SHAFT_RADIUS_M as CUE_RADIUS_M;
/// Highest elevation the game lets a player use (a masse stroke), radians.
pub use biljardi_physics::MAX_CUE_ELEVATION_RAD as MAX_ELEVATION_RAD;

/// The aiming aid's picture of a stroke.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Prediction {
    /// The cue ball's centre along its path until the first contact (and a little after).
    pub cue_path: Vec<[f64; 2]>,
    /// Where the cue ball's centre is at its first contact with an object ball.
    pub ghost: Option<[f64; 2]>,
    /// The first ball hit and its path after the contact.
    pub target: Option<BallId>,
    pub target_path: Vec<[f64; 2]>,
    /// The pocket the target is sent towards (the one nearest its line of departure).
    pub pocket: Option<PocketId>,
}

impl Prediction {
    /// The call this aim implies: the first ball hit into the pocket it is sent towards.
    pub fn implied_call(&self) -> Call {
        match (self.target, self.pocket) {
            (Some(b), Some(p)) => Call::ball(b, p),
            _ => Call::None,
        }
    }
}

/// Rolls the stroke forward on a copy of the session's table.
pub fn predict(session: &Session, strike: Strike) -> Prediction {
    let mut sim = Simulation::new(session.table, session.params, session.bed_balls());
    let mut out = Prediction::default();
    if sim.strike(BallId::CUE, strike).is_none() {
        return out;
    }
    let step = 0.01;
    let mut t = 0.0;
    let mut contact_t: Option<f64> = None;
    while t < AID_HORIZON_S {
        let events = sim.advance(step);
        t = sim.time();
        for e in &events {
            if contact_t.is_none()
                && let EventKind::BallBall { balls: [a, b] } = e.kind
                && (a.is_cue() || b.is_cue())
            {
                let other = if a.is_cue() { b } else { a };
                contact_t = Some(e.t);
                out.target = Some(other);
                if let (Some(c), Some(o)) = (e.state.get(&BallId::CUE), e.state.get(&other)) {
                    let (cp, op) = ([c.pos[0], c.pos[1]], [o.pos[0], o.pos[1]]);
                    out.ghost = Some(cp);
                    out.pocket = nearest_pocket_along(session, op, [op[0] - cp[0], op[1] - cp[1]]);
                }
            }
        }
        if let Some(s) = sim.ball(BallId::CUE, t)
            && s.motion.on_table()
        {
            out.cue_path.push([s.pos.x, s.pos.y]);
        }
        if let Some(target) = out.target
            && let Some(s) = sim.ball(target, t)
            && s.motion.on_table()
        {
            out.target_path.push([s.pos.x, s.pos.y]);
        }
        if contact_t.is_some_and(|c| t > c + 0.35) || sim.is_at_rest() {
            break;
        }
    }
    out
}

/// The pocket whose mouth lies closest to the ray from `from` along `dir`.
pub fn nearest_pocket_along(session: &Session, from: [f64; 2], dir: [f64; 2]) -> Option<PocketId> {
    let len = dir[0].hypot(dir[1]);
    if len < 1e-12 {
        return None;
    }
    let d = [dir[0] / len, dir[1] / len];
    session
        .table
        .pockets()
        .iter()
        .map(|p| {
            let v = [p.mouth_centre[0] - from[0], p.mouth_centre[1] - from[1]];
            let along = v[0] * d[0] + v[1] * d[1];
            let off = (v[0] * d[1] - v[1] * d[0]).abs();
            let score = if along <= 0.0 { f64::INFINITY } else { off / along };
            (p.id, score)
        })
        .filter(|(_, s)| s.is_finite())
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
}

/// The lowest cue elevation that clears every ball and the rail behind the cue ball for a stroke
/// towards `phi_rad` with tip offsets `a`, `b` (the physics' closed-form model, the one the AI
/// raises its strokes to).
pub fn min_elevation(session: &Session, phi_rad: f64, a: f64, b: f64) -> f64 {
    let Some(c) = session.cue_pos() else { return 0.0 };
    let others = session.balls.iter().filter(|(id, _)| !id.is_cue()).map(|(_, p)| *p);
    min_cue_elevation_rad(&session.table, c, others, phi_rad, a, b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::session::{Mode, Session};
    use biljardi_physics::{BALL_RADIUS_M, Table};
    use biljardi_rules::Game;

    fn aimed_session() -> Session {
        let mut s = Session::new(Game::NineBall, Table::default(), Mode::Practice, 1);
        s.confirm_cue().unwrap();
        s
    }

    #[test]
    fn a_straight_stroke_at_the_rack_meets_the_one_ball_first() {
        let s = aimed_session();
        let cue = s.cue_pos().unwrap();
        let one = s.balls.iter().find(|b| b.0.number() == 1).unwrap().1;
        let phi = (one[1] - cue[1]).atan2(one[0] - cue[0]);
        let p = predict(&s, Strike::centre(3.0, phi));
        assert_eq!(p.target.map(|b| b.number()), Some(1));
        let g = p.ghost.unwrap();
        assert!((g[0] - (one[0] - 2.0 * BALL_RADIUS_M)).abs() < 2e-3, "ghost {g:?} one {one:?}");
        assert!(p.cue_path.len() > 3);
    }

    #[test]
    fn a_ball_just_behind_the_cue_ball_forces_the_cue_up() {
        let mut s = aimed_session();
        let cue = s.cue_pos().unwrap();
        let free = min_elevation(&s, 0.0, 0.0, 0.0);
        s.balls.push((BallId::object(5).unwrap(), [cue[0] - 0.08, cue[1]]));
        let blocked = min_elevation(&s, 0.0, 0.0, 0.0);
        assert!(blocked > free + 0.2, "free {free} blocked {blocked}");
        assert!(min_elevation(&s, std::f64::consts::PI, 0.0, 0.0) < blocked);
    }
}
