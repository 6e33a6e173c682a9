//! The physics stepped by the app's frames: a strike through the player's path, its events as
//! messages, the balls' entities following, and the same events as an uninterrupted run.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use biljardi::game::bed::{BallContact, BallsAtRest, Bed, BedEvent, Pocketed, RailHit, StrikeCue};
use biljardi::game::rack::RackKind;
use biljardi::game::table::{Ball, StartingRack, TableSpec};
use biljardi::shared::frame::world_to_bed;
use biljardi_physics::{BallId, EventKind, Strike, Table};
use std::time::Duration;

#[derive(Resource, Default)]
struct Seen {
    raw: Vec<biljardi_physics::Event>,
    contacts: usize,
    rails: usize,
    pocketed: usize,
    rest: usize,
}

fn collect(
    mut seen: ResMut<Seen>,
    mut raw: MessageReader<BedEvent>,
    mut contacts: MessageReader<BallContact>,
    mut rails: MessageReader<RailHit>,
    mut pockets: MessageReader<Pocketed>,
    mut rest: MessageReader<BallsAtRest>,
) {
    seen.raw.extend(raw.read().map(|e| e.0.clone()));
    seen.contacts += contacts.read().count();
    seen.rails += rails.read().count();
    seen.pocketed += pockets.read().count();
    seen.rest += rest.read().count();
}

fn app(rack: RackKind) -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(1.0 / 60.0)))
        .insert_resource(TableSpec(Table::default()))
        .insert_resource(StartingRack(rack))
        .init_resource::<Seen>()
        .add_systems(PostUpdate, collect);
    biljardi::app::logic_plugins(&mut app);
    app.update();
    app
}

#[test]
fn a_break_strike_arrives_as_messages_until_the_balls_rest() {
    let mut app = app(RackKind::NineBall);
    let reference = {
        let mut sim = app.world().resource::<Bed>().sim.clone();
        let mut events = vec![sim.strike(BallId::CUE, Strike::centre(8.0, 0.0)).expect("cue on the table")];
        events.extend(sim.run_to_rest());
        events
    };
    app.world_mut().write_message(StrikeCue { ball: BallId::CUE, strike: Strike::centre(8.0, 0.0) });
    let mut frames = 0;
    while app.world().resource::<Seen>().rest == 0 {
        app.update();
        frames += 1;
        assert!(frames < 60 * 120, "the balls rest within two minutes");
    }
    let seen = app.world().resource::<Seen>();
    assert!(seen.contacts > 5, "the break scatters the rack ({} contacts)", seen.contacts);
    assert!(seen.rails > 0);
    assert_eq!(seen.rest, 1);
    assert_eq!(seen.raw.first().map(|e| e.kind), Some(EventKind::Strike { ball: BallId::CUE }));
    // Frame-by-frame stepping gives the same events as one uninterrupted run.
    let kinds = |v: &[biljardi_physics::Event]| v.iter().map(|e| e.kind).collect::<Vec<_>>();
    assert_eq!(kinds(&seen.raw), kinds(&reference));
    let pocketed = reference.iter().filter(|e| matches!(e.kind, EventKind::Pocket { .. })).count();
    assert_eq!(seen.pocketed, pocketed);

    // The entities stand where the physics left the balls.
    let bed = app.world().resource::<Bed>().sim.clone();
    let mut q = app.world_mut().query::<(&Ball, &Transform, &Visibility)>();
    for (ball, transform, visibility) in q.iter(app.world()) {
        let Some(state) = bed.ball(ball.0, bed.time()) else {
            assert_eq!(*visibility, Visibility::Hidden, "ball {} is not in this rack", ball.0);
            continue;
        };
        if state.motion.on_table() {
            let p = world_to_bed(transform.translation);
            assert!((p[0] - state.pos.x).abs() < 1e-5 && (p[1] - state.pos.y).abs() < 1e-5, "ball {}", ball.0);
        } else {
            assert_eq!(*visibility, Visibility::Hidden, "pocketed ball {} hidden", ball.0);
        }
    }
}

#[test]
fn a_strike_while_balls_roll_is_ignored() {
    let mut app = app(RackKind::EightBall);
    app.world_mut().write_message(StrikeCue { ball: BallId::CUE, strike: Strike::centre(1.0, 0.0) });
    app.update();
    app.world_mut().write_message(StrikeCue { ball: BallId::CUE, strike: Strike::centre(3.0, 1.0) });
    app.update();
    let strikes =
        app.world().resource::<Seen>().raw.iter().filter(|e| matches!(e.kind, EventKind::Strike { .. })).count();
    assert_eq!(strikes, 1);
}
