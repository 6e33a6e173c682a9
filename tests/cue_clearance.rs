//! The cue stick against what lies behind the cue ball, headless: rapier's shape cast of the
//! shaft (`cue_clearance`) sets the lowest elevation the aim may use, and it agrees with the
//! analytic floor (`aiming::min_elevation`) for a ball behind the cue ball and for a rail.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_rapier3d::prelude::*;
use biljardi::aiming::CUE_RADIUS_M;
use biljardi::controls::Aim;
use biljardi::game::SessionRes;
use biljardi::session::{Mode, Phase, Session};
use biljardi::table::{RackKind, StartingRack, TableSpec};
use biljardi_physics::{BALL_RADIUS_M, BallId, Table};
use biljardi_rules::Game;
use std::time::Duration;

fn session_with(balls: Vec<(BallId, [f64; 2])>) -> Session {
    let mut s = Session::new(Game::NineBall, Table::default(), Mode::Practice, 1);
    s.balls = balls;
    s.cue_hand = None;
    s.phase = Phase::Aim;
    s
}

/// The floor the rapier cast finds for a stroke towards `phi_rad`.
fn cast_floor(session: Session, phi_rad: f64) -> f64 {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(1.0 / 60.0)))
        .insert_resource(TableSpec(session.table))
        .insert_resource(StartingRack(RackKind::from_game(session.game)))
        .insert_resource(SessionRes(session))
        .insert_resource({
            let mut aim = Aim::default();
            aim.phi_rad = phi_rad; // (other fields are the aim's own)
            aim
        })
        .add_plugins(RapierPhysicsPlugin::<NoUserData>::default());
    biljardi::app::logic_plugins(&mut app);
    biljardi::cue_clearance::plugin(&mut app);
    // Colliders are created and synced over the first frames.
    for _ in 0..5 {
        app.update();
    }
    app.world().resource::<Aim>().min_theta_rad.expect("a floor while the human aims")
}

fn one() -> BallId {
    BallId::object(1).unwrap()
}

#[test]
fn a_ball_just_behind_the_cue_ball_raises_the_stick() {
    let gap_m = 0.10;
    let s = session_with(vec![(BallId::CUE, [0.0, 0.0]), (one(), [-gap_m, 0.0])]);
    let cast = cast_floor(s, 0.0);
    // The shaft's axis from the tip (at the back of the cue ball, at its centre's height) must
    // pass the other ball's centre at a ball radius plus the shaft's radius.
    let exact = ((BALL_RADIUS_M + CUE_RADIUS_M) / (gap_m - BALL_RADIUS_M)).asin();
    // The cast goes up a degree at a time and ends at the first clear elevation.
    assert!(
        cast >= exact - 0.2f64.to_radians() && cast < exact + 1.5f64.to_radians(),
        "cast {:.1} deg, exact {:.1} deg",
        cast.to_degrees(),
        exact.to_degrees()
    );
}

#[test]
fn the_same_ball_off_the_line_of_the_cue_leaves_the_stick_level() {
    let s = session_with(vec![(BallId::CUE, [0.0, 0.0]), (one(), [-0.10, 4.0 * BALL_RADIUS_M])]);
    let cast = cast_floor(s, 0.0);
    // Only the rail 1.27 m behind (the bridge is 1 m long) could matter, and it is out of reach.
    assert!(cast < 1.5f64.to_radians(), "cast {:.1} deg", cast.to_degrees());
}

#[test]
fn a_cue_ball_near_the_rail_needs_the_butt_raised_over_the_cushion() {
    let t = Table::default();
    let off_m = 0.03; // from the back of the cue ball to the cushion's nose
    let y = -(t.half_width() - BALL_RADIUS_M - off_m);
    let s = session_with(vec![(BallId::CUE, [0.0, y]), (one(), [0.5, 0.3])]);
    // Shooting away from the rail (towards +y): the stick comes back over the cushion.
    let cast = cast_floor(s, std::f64::consts::FRAC_PI_2);
    // The shaft's axis, from the tip at the ball's centre height, must pass the nose's top edge
    // (off_m back, h up) at the shaft's radius: off sin(theta) - h cos(theta) = r_cue.
    let h = t.cushion_height_m - BALL_RADIUS_M;
    let exact = (CUE_RADIUS_M / off_m.hypot(h)).asin() + h.atan2(off_m);
    assert!(
        cast >= exact - 0.2f64.to_radians() && cast < exact + 1.5f64.to_radians(),
        "cast {:.1} deg, exact {:.1} deg",
        cast.to_degrees(),
        exact.to_degrees()
    );
}
