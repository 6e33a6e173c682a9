//! The bed in the game: the authoritative `Simulation` advanced by each frame's time, its events
//! turned into Bevy messages for the rules systems, and the ball entities moved to match.

use crate::game::rack;
use crate::game::table::{Ball, StartingRack, TableSpec};
use crate::shared::frame::bed_to_world;
use bevy::prelude::*;
use biljardi_physics::{BallId, Event, EventKind, Params, PocketId, RailId, Simulation, Strike};

/// The physics of everything on the bed.
#[derive(Resource, Clone, Debug)]
pub struct Bed {
    pub sim: Simulation,
    /// True from a strike until every ball rests.
    pub shot_running: bool,
}

impl Bed {
    pub fn new(sim: Simulation) -> Bed {
        Bed { sim, shot_running: false }
    }
}

/// Every physics event as it happens (the shot record is built from these).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct BedEvent(pub Event);

/// Two balls touched.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct BallContact {
    pub t: f64,
    pub balls: [BallId; 2],
}

/// A ball hit a cushion (or a jaw that ends it).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct RailHit {
    pub t: f64,
    pub ball: BallId,
    pub rail: RailId,
}

/// A ball dropped into a pocket.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct Pocketed {
    pub t: f64,
    pub ball: BallId,
    pub pocket: PocketId,
}

/// A ball left the table.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct LeftTable {
    pub t: f64,
    pub ball: BallId,
}

/// Every ball has come to rest after a shot.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct BallsAtRest {
    pub t: f64,
}

/// Holds the bed still (the training pauses at its key moment).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BedClock {
    pub paused: bool,
}

/// Asks the bed to strike a ball with the cue: the one path for players, the AI and tests.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct StrikeCue {
    pub ball: BallId,
    pub strike: Strike,
}

/// Ordering of the bed's systems within a frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum BedSystems {
    /// Strikes and advancing the physics; writes the messages.
    Advance,
    /// Moving the ball entities to the physics' positions.
    Sync,
}

pub fn plugin(app: &mut App) {
    setup_bed(app);
    app.add_message::<BedEvent>()
        .add_message::<BallContact>()
        .add_message::<RailHit>()
        .add_message::<Pocketed>()
        .add_message::<LeftTable>()
        .add_message::<BallsAtRest>()
        .add_message::<StrikeCue>()
        .init_resource::<BedClock>()
        .configure_sets(Update, (BedSystems::Advance, BedSystems::Sync).chain())
        .add_systems(Update, rerack_when_idle.before(BedSystems::Advance))
        .add_systems(Update, (apply_strikes, advance_bed).chain().in_set(BedSystems::Advance))
        .add_systems(Update, sync_balls.in_set(BedSystems::Sync));
}

/// The bed exists from the start (state transitions at start-up already use it), with the
/// table and rack the app was given.
fn setup_bed(app: &mut App) {
    let table = app.world().get_resource::<TableSpec>().map(|s| s.0).unwrap_or_default();
    let kind = app.world().get_resource::<StartingRack>().map(|s| s.0).unwrap_or_default();
    let sim = Simulation::new(table, Params::default(), rack::balls(&table, kind));
    app.insert_resource(Bed::new(sim));
}

/// Outside a match (the title screen), the bed shows the chosen game's rack on the chosen table.
fn rerack_when_idle(
    mut bed: ResMut<Bed>,
    spec: Res<TableSpec>,
    starting: Res<StartingRack>,
    session: Option<Res<crate::game::session::SessionRes>>,
    screen: Option<Res<State<crate::shared::screen::Screen>>>,
) {
    let on_title = screen.is_none_or(|s| *s.get() == crate::shared::screen::Screen::Title);
    if !on_title || session.is_some() || !(spec.is_changed() || starting.is_changed()) || spec.is_added() {
        return;
    }
    *bed = Bed::new(Simulation::new(spec.0, Params::default(), rack::balls(&spec.0, starting.0)));
}

fn apply_strikes(mut bed: ResMut<Bed>, mut strikes: MessageReader<StrikeCue>, mut out: MessageWriter<BedEvent>) {
    // Strikes of one frame land together (the lag strikes two balls at once); once balls roll,
    // no stroke is taken: 6.9 is prevented, not committed.
    let running = bed.shot_running;
    for s in strikes.read() {
        if running {
            continue;
        }
        if let Some(event) = bed.sim.strike(s.ball, s.strike) {
            bed.shot_running = true;
            out.write(BedEvent(event));
        }
    }
}

/// Advances the physics by the frame's time and announces what happened.
fn advance_bed(
    mut bed: ResMut<Bed>,
    time: Res<Time>,
    mut raw: MessageWriter<BedEvent>,
    mut contacts: MessageWriter<BallContact>,
    mut rails: MessageWriter<RailHit>,
    mut pockets: MessageWriter<Pocketed>,
    mut off: MessageWriter<LeftTable>,
    mut rest: MessageWriter<BallsAtRest>,
    clock: Res<BedClock>,
) {
    if !bed.shot_running || clock.paused {
        return;
    }
    let events = bed.sim.advance(time.delta_secs_f64());
    for e in events {
        match e.kind {
            EventKind::BallBall { balls } => {
                contacts.write(BallContact { t: e.t, balls });
            }
            EventKind::Cushion { ball, rail } => {
                rails.write(RailHit { t: e.t, ball, rail });
            }
            EventKind::Pocket { ball, pocket } => {
                pockets.write(Pocketed { t: e.t, ball, pocket });
            }
            EventKind::OffTable { ball } => {
                off.write(LeftTable { t: e.t, ball });
            }
            _ => {}
        }
        raw.write(BedEvent(e));
    }
    if bed.sim.is_at_rest() {
        bed.shot_running = false;
        rest.write(BallsAtRest { t: bed.sim.time() });
    }
}

/// Rest orientation of each ball's mesh, so numbers and stripes don't all face the same way.
#[derive(Component, Clone, Copy, Debug)]
pub struct RestOrientation(pub Quat);

/// Puts each ball entity where the physics has it now; pocketed balls vanish from the bed.
fn sync_balls(bed: Res<Bed>, mut balls: Query<BallView>) {
    show_snapshots(&bed.sim.snapshot(bed.sim.time()), &mut balls);
}

/// What showing a ball changes on its entity.
pub type BallView = (&'static Ball, &'static mut Transform, &'static mut Visibility, Option<&'static RestOrientation>);

/// Puts the ball entities where `snaps` says (hidden when off the bed), turned as they have
/// rolled: the bed's own balls every frame, and the shot viewer's replayed ones.
pub fn show_snapshots(snaps: &[biljardi_physics::BallSnapshot], balls: &mut Query<BallView>) {
    for (ball, mut transform, mut visibility, rest) in balls.iter_mut() {
        let Some(snap) = snaps.iter().find(|s| s.id == ball.0) else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        if !snap.on_table() {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        }
        visibility.set_if_neq(Visibility::Inherited);
        transform.translation = bed_to_world(snap.pos());
        let [w, x, y, z] = snap.orientation();
        // Conjugating by the bed-to-world rotation maps the axis the same way as points.
        let axis = bed_to_world([x, y, z]);
        let q = Quat::from_xyzw(axis.x, axis.y, axis.z, w as f32).normalize();
        transform.rotation = q * rest.map_or(Quat::IDENTITY, |r| r.0);
    }
}
