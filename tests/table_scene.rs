//! The table entities built headless (no window, no renderer) from the table description.

use bevy::prelude::*;
use biljardi::game::rack::RackKind;
use biljardi::game::table::{Ball, Cushion, PocketHole, StartingRack, TableSpec};
use biljardi::shared::frame::world_to_bed;
use biljardi_physics::{BALL_RADIUS_M, PocketId, RailId, Table, TableSize};

fn headless(table: Table, rack: RackKind) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins).insert_resource(TableSpec(table)).insert_resource(StartingRack(rack));
    biljardi::app::logic_plugins(&mut app);
    app.update();
    app
}

fn balls(app: &mut App) -> Vec<(Ball, [f64; 3])> {
    let mut q = app.world_mut().query::<(&Ball, &Transform)>();
    q.iter(app.world()).map(|(b, t)| (*b, world_to_bed(t.translation))).collect()
}

#[test]
fn sixteen_balls_racked_on_the_bed_and_none_overlapping() {
    for size in TableSize::ALL {
        let table = Table::preset(size);
        let mut app = headless(table, RackKind::EightBall);
        let balls = balls(&mut app);
        assert_eq!(balls.len(), 16, "{}", size.name());
        for (i, (a, pa)) in balls.iter().enumerate() {
            assert!((pa[2] - BALL_RADIUS_M).abs() < 1e-6, "ball {} rests on the cloth", a.0);
            assert!(table.contains_ball([pa[0], pa[1]], BALL_RADIUS_M - 1e-6), "ball {} on the bed", a.0);
            for (b, pb) in &balls[i + 1..] {
                let d = ((pa[0] - pb[0]).powi(2) + (pa[1] - pb[1]).powi(2)).sqrt();
                // f32 world positions: allow their rounding, nothing more.
                assert!(d >= 2.0 * BALL_RADIUS_M - 1e-5, "{} and {} overlap ({d})", a.0, b.0);
            }
        }
        let cue = balls.iter().find(|(b, _)| b.0.is_cue()).unwrap().1;
        assert!(cue[0] < table.head_string_x(), "cue ball behind the head string");
        let apex = balls.iter().find(|(b, _)| b.0.number() == 1).unwrap().1;
        assert!((apex[0] - table.foot_spot()[0]).abs() < 1e-6 && apex[1].abs() < 1e-6, "apex on the foot spot");
    }
}

#[test]
fn nine_ball_rack_shows_ten_balls_and_hides_the_rest() {
    let mut app = headless(Table::default(), RackKind::NineBall);
    assert_eq!(balls(&mut app).len(), 16, "all sixteen exist");
    let mut q = app.world_mut().query::<(&Ball, &Visibility)>();
    let shown = q.iter(app.world()).filter(|(_, v)| **v != Visibility::Hidden).count();
    assert_eq!(shown, 10);
}

#[test]
fn six_pockets_at_the_description_positions() {
    let table = Table::preset(TableSize::EightFoot);
    let mut app = headless(table, RackKind::EightBall);
    let mut q = app.world_mut().query::<(&PocketHole, &Transform)>();
    let pockets: Vec<_> = q.iter(app.world()).map(|(p, t)| (p.0, world_to_bed(t.translation))).collect();
    assert_eq!(pockets.len(), 6);
    for id in PocketId::ALL {
        let (_, at) = pockets.iter().find(|(p, _)| *p == id).expect("every pocket spawned");
        let want = table.pocket(id).drop_centre;
        assert!((at[0] - want[0]).abs() < 1e-6 && (at[1] - want[1]).abs() < 1e-6, "{id} at {at:?}, want {want:?}");
    }
    // Corner holes beyond the corners, side holes beyond the long rails.
    for (id, at) in &pockets {
        assert!(at[1].abs() > table.half_width(), "{id} beyond the long rail");
        if !id.is_side() {
            assert!(at[0].abs() > table.half_length(), "{id} beyond the end rail");
        }
    }
}

#[test]
fn six_cushions_match_the_rail_segments() {
    let table = Table::default();
    let mut app = headless(table, RackKind::EightBall);
    let mut q = app.world_mut().query::<&Cushion>();
    let cushions: Vec<Cushion> = q.iter(app.world()).copied().collect();
    assert_eq!(cushions.len(), 6);
    for id in RailId::ALL {
        let c = cushions.iter().find(|c| c.id() == id).expect("every rail spawned");
        assert_eq!(c.0, table.rail(id));
        let len = ((c.0.end[0] - c.0.start[0]).powi(2) + (c.0.end[1] - c.0.start[1]).powi(2)).sqrt();
        assert!(len > 0.9, "{id} is {len} m long");
    }
}
