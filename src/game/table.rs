//! The table and the balls on it as ECS entities, built from the one `Table` description of
//! `biljardi-physics`. This module is pure logic (no meshes), so it runs headless in tests;
//! `crate::view::table_visuals` dresses the entities for the window.

use crate::game::rack::{self, RackKind};
use crate::shared::frame::bed_point;
use bevy::prelude::*;
use biljardi_physics::{BALL_RADIUS_M, BallId, PocketId, RailId, RailSegment, Table};

/// The table description everything is built from.
#[derive(Resource, Clone, Copy, Debug, Default, Deref)]
pub struct TableSpec(pub Table);

/// Which rack to set up at start.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StartingRack(pub RackKind);

/// A ball on the table; its `Transform` is its centre in the world frame.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ball(pub BallId);

/// A pocket; its `Transform` is the centre of its drop hole on the bed plane.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PocketHole(pub PocketId);

/// A cushion segment between two pockets, with its nose line in bed coordinates.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Cushion(pub RailSegment);

impl Cushion {
    pub fn id(&self) -> RailId {
        self.0.id
    }
}

/// The playing surface.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct Bed;

/// Everything built from the table description; rebuilt when the table size changes.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct TablePart;

pub fn plugin(app: &mut App) {
    app.init_resource::<TableSpec>()
        .init_resource::<StartingRack>()
        .add_systems(Startup, spawn_table)
        .add_systems(Update, rebuild_on_new_size);
}

/// A new table size from the menu: the old table goes, the new one is built and dressed.
fn rebuild_on_new_size(
    mut commands: Commands,
    spec: Res<TableSpec>,
    rack: Res<StartingRack>,
    parts: Query<Entity, With<TablePart>>,
) {
    if !spec.is_changed() || spec.is_added() {
        return;
    }
    for e in &parts {
        commands.entity(e).despawn();
    }
    spawn_table(commands, spec, rack);
}

fn spawn_table(mut commands: Commands, spec: Res<TableSpec>, rack: Res<StartingRack>) {
    let table = spec.0;
    commands.spawn((Bed, TablePart, Name::new("bed"), Transform::default()));
    for rail in table.rails() {
        let mid = [(rail.start[0] + rail.end[0]) / 2.0, (rail.start[1] + rail.end[1]) / 2.0];
        commands.spawn((
            TablePart,
            Cushion(rail),
            Name::new(format!("cushion {}", rail.id)),
            Transform::from_translation(bed_point(mid, table.cushion_height_m)),
        ));
    }
    for pocket in table.pockets() {
        commands.spawn((
            TablePart,
            PocketHole(pocket.id),
            Name::new(format!("pocket {}", pocket.id)),
            Transform::from_translation(bed_point(pocket.drop_centre, 0.0)),
        ));
    }
    // All sixteen balls exist; those not on the bed are hidden (the rack decides which show).
    let layout = rack::layout(&table, rack.0);
    for id in BallId::all() {
        let pos = layout.iter().find(|b| b.0 == id).map(|b| b.1);
        commands.spawn((
            TablePart,
            Ball(id),
            Name::new(format!("ball {id}")),
            Transform::from_translation(bed_point(pos.unwrap_or([0.0, 0.0]), BALL_RADIUS_M)),
            if pos.is_some() { Visibility::Inherited } else { Visibility::Hidden },
        ));
    }
}
