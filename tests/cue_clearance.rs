//! The cue stick against what lies behind the cue ball, headless: rapier's shape cast of the
//! shaft (`cue_clearance`) sets the lowest elevation the aim may use, and it agrees with the
//! closed-form floor (`aiming::min_elevation`, the physics' `cue_clearance`, which the AI's
//! strokes are raised to) for a ball behind the cue ball and for a rail, with tip offsets.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bevy_rapier3d::prelude::*;
use biljardi::game::rack::RackKind;
use biljardi::game::session::SessionRes;
use biljardi::game::session::{Mode, Phase, Session};
use biljardi::game::table::{StartingRack, TableSpec};
use biljardi::input::aim::Aim;
use biljardi::input::aiming::{CUE_RADIUS_M, min_elevation};
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
    cast_floor_with_tip(session, phi_rad, 0.0, 0.0)
}

/// The same with the tip `a` right and `b` above centre (ball radii).
fn cast_floor_with_tip(session: Session, phi_rad: f64, a: f64, b: f64) -> f64 {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, TransformPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(1.0 / 60.0)))
        .insert_resource(TableSpec(session.table))
        .insert_resource(StartingRack(RackKind::from_game(session.game)))
        .insert_resource(SessionRes(session))
        .insert_resource({
            let mut aim = Aim::default();
            aim.phi_rad = phi_rad; // (other fields are the aim's own)
            aim.a = a;
            aim.b = b;
            aim
        })
        .add_plugins(RapierPhysicsPlugin::<NoUserData>::default());
    biljardi::app::logic_plugins(&mut app);
    biljardi::input::cue_clearance::plugin(&mut app);
    // Colliders are created and synced over the first frames.
    for _ in 0..5 {
        app.update();
    }
    app.world().resource::<Aim>().min_theta_rad.expect("a floor while the human aims")
}

fn one() -> BallId {
    BallId::object(1).unwrap()
}

/// The cast goes up a degree at a time and ends at the first clear elevation.
fn assert_near(cast: f64, exact: f64) {
    assert!(
        cast >= exact - 0.2f64.to_radians() && cast < exact + 1.5f64.to_radians(),
        "cast {:.1} deg, exact {:.1} deg",
        cast.to_degrees(),
        exact.to_degrees()
    );
}

#[test]
fn a_ball_just_behind_the_cue_ball_raises_the_stick() {
    let gap_m = 0.10;
    let s = session_with(vec![(BallId::CUE, [0.0, 0.0]), (one(), [-gap_m, 0.0])]);
    // The shaft's axis through the cue ball's centre must pass the other ball's centre at a ball
    // radius plus the shaft's radius.
    let exact = ((BALL_RADIUS_M + CUE_RADIUS_M) / gap_m).asin();
    assert!((min_elevation(&s, 0.0, 0.0, 0.0) - exact).abs() < 1e-12);
    assert_near(cast_floor(s.clone(), 0.0), exact);
    // With draw the axis runs lower and must rise further; with follow less far.
    for b in [-0.4, 0.4] {
        assert_near(cast_floor_with_tip(s.clone(), 0.0, 0.0, b), min_elevation(&s, 0.0, 0.0, b));
    }
    // Side spin towards a ball just wide of the shaft brings the shaft over it.
    let wide = session_with(vec![(BallId::CUE, [0.0, 0.0]), (one(), [-gap_m, BALL_RADIUS_M + CUE_RADIUS_M + 0.002])]);
    assert!(cast_floor(wide.clone(), 0.0) < 1.5f64.to_radians());
    let left = min_elevation(&wide, 0.0, -0.3, 0.0);
    assert!(left > 0.1);
    assert_near(cast_floor_with_tip(wide, 0.0, -0.3, 0.0), left);
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
    // Shooting away from the rail (towards +y): the stick comes back over the cushion's nose
    // (off_m + a ball radius behind the centre) and the wooden rail behind it.
    let phi = std::f64::consts::FRAC_PI_2;
    let h = t.cushion_height_m - BALL_RADIUS_M;
    let x = off_m + BALL_RADIUS_M;
    let over_nose = (CUE_RADIUS_M / x.hypot(h)).asin() + h.atan2(x);
    let exact = min_elevation(&s, phi, 0.0, 0.0);
    assert!(exact >= over_nose - 1e-12 && exact < over_nose + 2f64.to_radians(), "{exact} {over_nose}");
    assert_near(cast_floor(s.clone(), phi), exact);
    assert_near(cast_floor_with_tip(s.clone(), phi, 0.0, 0.3), min_elevation(&s, phi, 0.0, 0.3));
}
