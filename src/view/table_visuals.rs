//! Meshes and materials for the table entities: cloth, cushions, wooden rails with diamond
//! sights, pocket holes and the balls. Only the windowed app adds this plugin.

use super::ball_material::{BallMaterial, ball_material};
use crate::game::table::{Ball, Bed, Cushion, PocketHole, TablePart, TableSpec};
use crate::shared::frame::bed_point;
use crate::view::graphics::{BallMesh, Floor, Graphics, ball_mesh};
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use biljardi_physics::Table;

/// Cushion rubber rises this far above its nose line (the nose is the contact line).
const CUSHION_TOP_ABOVE_NOSE_M: f64 = 0.008;
/// Slate and frame below the cloth.
const BED_THICKNESS_M: f32 = 0.05;
/// Height of the bed above the floor.
const BED_HEIGHT_M: f32 = 0.76;

pub fn plugin(app: &mut App) {
    app.add_plugins(super::ball_material::plugin);
    dress(app);
}

/// The systems that dress the table's entities (apart from the shaders, so a test can run them
/// headless). Once, in Update only: the same systems in PostStartup as well saw the table's
/// parts as newly added a second time (each system keeps its own change ticks) and dressed them
/// twice, which doubled every mesh and the pixels drawn per frame.
fn dress(app: &mut App) {
    app.add_systems(Update, (spawn_room, dress_bed, dress_cushions, dress_pockets, dress_balls));
}

fn cushion_top(table: &Table) -> f64 {
    table.cushion_height_m + CUSHION_TOP_ABOVE_NOSE_M
}

/// The floor, the table's body and the wooden frame around the cushions.
fn spawn_room(
    mut commands: Commands,
    new_bed: Query<(), Added<Bed>>,
    spec: Res<TableSpec>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if new_bed.is_empty() {
        return;
    }
    let t = spec.0;
    let floor = materials.add(StandardMaterial {
        base_color: Color::srgb(0.22, 0.17, 0.13),
        perceptual_roughness: 0.9,
        ..default()
    });
    commands.spawn((
        TablePart,
        Name::new("floor"),
        Floor,
        Mesh3d(meshes.add(Plane3d::default().mesh().size(12.0, 12.0))),
        MeshMaterial3d(floor),
        Transform::from_xyz(0.0, -BED_HEIGHT_M, 0.0),
    ));

    let wood = materials.add(StandardMaterial {
        base_color: Color::srgb(0.30, 0.13, 0.05),
        perceptual_roughness: 0.35,
        reflectance: 0.4,
        ..default()
    });
    let (hx, hy) = (t.half_length() as f32, t.half_width() as f32);
    let inner = t.cushion_depth_m as f32;
    let rail_w = t.rail_width_m as f32;
    let top = cushion_top(&t) as f32;
    // Four wooden rails framing the cushions; their inner faces meet the cushions' backs.
    let outer_x = hx + inner + rail_w;
    let outer_z = hy + inner + rail_w;
    let rail_h = top + 0.10;
    for (name, size, centre) in [
        ("rail head", Vec3::new(rail_w, rail_h, 2.0 * outer_z), Vec3::new(-(hx + inner + rail_w / 2.0), 0.0, 0.0)),
        ("rail foot", Vec3::new(rail_w, rail_h, 2.0 * outer_z), Vec3::new(hx + inner + rail_w / 2.0, 0.0, 0.0)),
        ("rail left", Vec3::new(2.0 * outer_x, rail_h, rail_w), Vec3::new(0.0, 0.0, -(hy + inner + rail_w / 2.0))),
        ("rail right", Vec3::new(2.0 * outer_x, rail_h, rail_w), Vec3::new(0.0, 0.0, hy + inner + rail_w / 2.0)),
    ] {
        commands.spawn((
            TablePart,
            Name::new(name),
            Mesh3d(meshes.add(Cuboid::from_size(size))),
            MeshMaterial3d(wood.clone()),
            Transform::from_translation(centre + Vec3::Y * (top - rail_h / 2.0)),
        ));
    }
    // The apron and body below the bed. Without its top face: the bed always hides it, and
    // drawn it was a third of the fragments a frame shades (the body is drawn before the bed
    // as often as not), which a software renderer pays for in full.
    let body_h = BED_HEIGHT_M - 0.10;
    commands.spawn((
        TablePart,
        Name::new("table body"),
        Mesh3d(meshes.add(without_top(Cuboid::new(2.0 * outer_x - 0.06, body_h * 0.3, 2.0 * outer_z - 0.06).into()))),
        MeshMaterial3d(wood.clone()),
        Transform::from_xyz(0.0, -0.10 - body_h * 0.15, 0.0),
    ));
    for sx in [-1.0, 1.0] {
        for sz in [-1.0, 1.0] {
            commands.spawn((
                TablePart,
                Name::new("leg"),
                Mesh3d(meshes.add(Cuboid::new(0.14, body_h, 0.14))),
                MeshMaterial3d(wood.clone()),
                Transform::from_xyz(sx * (outer_x - 0.2), -0.10 - body_h / 2.0, sz * (outer_z - 0.2)),
            ));
        }
    }
    // Diamond sights: mother-of-pearl dots on the rail tops, a quarter of the width apart on the
    // short rails and an eighth of the length apart on the long ones (none over a pocket).
    let pearl = materials.add(StandardMaterial { base_color: Color::srgb(0.95, 0.93, 0.85), ..default() });
    let dot = meshes.add(Cylinder::new(0.007, 0.002));
    let on_rail = top + 0.001;
    let mid_x = hx + inner + rail_w / 2.0;
    let mid_z = hy + inner + rail_w / 2.0;
    let mut spots = Vec::new();
    for k in [-3.0, -2.0, -1.0, 1.0, 2.0, 3.0] {
        let x = k * hx / 4.0;
        spots.push(Vec3::new(x, on_rail, mid_z));
        spots.push(Vec3::new(x, on_rail, -mid_z));
    }
    for k in [-1.0, 0.0, 1.0] {
        let z = k * hy / 2.0;
        spots.push(Vec3::new(mid_x, on_rail, z));
        spots.push(Vec3::new(-mid_x, on_rail, z));
    }
    for p in spots {
        commands.spawn((
            TablePart,
            Name::new("diamond"),
            Mesh3d(dot.clone()),
            MeshMaterial3d(pearl.clone()),
            Transform::from_translation(p),
        ));
    }
}

fn cloth_material(materials: &mut Assets<StandardMaterial>) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: Color::srgb(0.05, 0.36, 0.20),
        perceptual_roughness: 0.95,
        reflectance: 0.1,
        ..default()
    })
}

fn dress_bed(
    mut commands: Commands,
    spec: Res<TableSpec>,
    beds: Query<Entity, Added<Bed>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if beds.is_empty() {
        return;
    }
    let t = spec.0;
    let cloth = cloth_material(&mut materials);
    // The cloth runs under the cushions to the wooden rails.
    let len = (t.length_m + 2.0 * t.cushion_depth_m) as f32;
    let wid = (t.width_m + 2.0 * t.cushion_depth_m) as f32;
    let mesh = meshes.add(Cuboid::new(len, BED_THICKNESS_M, wid));
    for e in &beds {
        commands.entity(e).insert((
            Mesh3d(mesh.clone()),
            MeshMaterial3d(cloth.clone()),
            Transform::from_xyz(0.0, -BED_THICKNESS_M / 2.0, 0.0),
        ));
    }
}

fn dress_cushions(
    mut commands: Commands,
    spec: Res<TableSpec>,
    cushions: Query<(Entity, &Cushion), Added<Cushion>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if cushions.is_empty() {
        return;
    }
    let t = spec.0;
    let cloth = materials.add(StandardMaterial {
        base_color: Color::srgb(0.04, 0.31, 0.17),
        perceptual_roughness: 0.95,
        reflectance: 0.1,
        ..default()
    });
    let jaws: Vec<_> = t.pockets().iter().flat_map(|p| p.jaws).collect();
    for (e, cushion) in &cushions {
        let seg = cushion.0;
        // The back of the cushion follows the two jaw faces that end this segment.
        let back_of = |point: [f64; 2]| {
            jaws.iter()
                .find(|j| {
                    j.rail == seg.id && (j.point[0] - point[0]).abs() < 1e-9 && (j.point[1] - point[1]).abs() < 1e-9
                })
                .map(|j| j.back)
                .unwrap_or([point[0] - seg.normal[0] * t.cushion_depth_m, point[1] - seg.normal[1] * t.cushion_depth_m])
        };
        let outline = [seg.start, seg.end, back_of(seg.end), back_of(seg.start)];
        let mesh = prism(&outline, 0.0, cushion_top(&t));
        // The mesh is in absolute bed coordinates, so the entity sits at the origin.
        commands.entity(e).insert((Mesh3d(meshes.add(mesh)), MeshMaterial3d(cloth.clone()), Transform::default()));
    }
}

fn dress_pockets(
    mut commands: Commands,
    spec: Res<TableSpec>,
    pockets: Query<(Entity, &PocketHole, &Transform), Added<PocketHole>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if pockets.is_empty() {
        return;
    }
    let t = spec.0;
    let hole = materials.add(StandardMaterial {
        base_color: Color::srgb(0.01, 0.01, 0.01),
        perceptual_roughness: 1.0,
        reflectance: 0.0,
        ..default()
    });
    let liner = materials.add(StandardMaterial {
        base_color: Color::srgb(0.08, 0.06, 0.05),
        perceptual_roughness: 0.6,
        ..default()
    });
    let top = cushion_top(&t) as f32;
    for (e, pocket, transform) in &pockets {
        let r = t.pocket(pocket.0).drop_radius as f32;
        // A dark leather cup whose rim tops the rail, with the black opening inside it.
        let cup = meshes.add(Cylinder::new(r + 0.012, 0.004));
        let opening = meshes.add(Cylinder::new(r, 0.004));
        let at = transform.translation;
        commands.entity(e).insert((
            Mesh3d(opening),
            MeshMaterial3d(hole.clone()),
            Transform::from_xyz(at.x, 0.0015, at.z),
        ));
        commands.spawn((
            TablePart,
            Name::new("pocket liner"),
            Mesh3d(cup),
            MeshMaterial3d(liner.clone()),
            Transform::from_xyz(at.x, top - 0.0015, at.z),
        ));
        // The hole seen through the rail: the same opening drawn at the rail's top too.
        commands.spawn((
            TablePart,
            Name::new("pocket opening"),
            Mesh3d(meshes.add(Cylinder::new(r, 0.004))),
            MeshMaterial3d(hole.clone()),
            Transform::from_xyz(at.x, top + 0.001, at.z),
        ));
    }
}

fn dress_balls(
    mut commands: Commands,
    balls: Query<(Entity, &Ball, &Transform), Added<Ball>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<BallMaterial>>,
    graphics: Res<Graphics>,
) {
    if balls.is_empty() {
        return;
    }
    // The pattern shader reads the UV sphere's coordinates, so every ball uses a UV sphere; its
    // detail follows the graphics preset (`graphics` swaps it when the preset changes).
    let mesh = meshes.add(ball_mesh(graphics.quality()));
    for (e, ball, transform) in &balls {
        // A different resting orientation per ball, so numbers and stripes don't all line up.
        let n = f32::from(ball.0.number());
        let rotation = Quat::from_euler(EulerRot::XYZ, 0.7 * n - 1.2, 1.3 * n, 0.4 * n);
        commands.entity(e).insert((
            Mesh3d(mesh.clone()),
            BallMesh,
            MeshMaterial3d(materials.add(ball_material(ball.0))),
            transform.with_rotation(rotation),
            crate::game::bed::RestOrientation(rotation),
        ));
    }
}

/// A vertical prism over a convex outline given in bed coordinates (counter-clockwise or not),
/// from height `z0` to `z1` above the bed. Flat-shaded: each face has its own vertices.
fn prism(outline: &[[f64; 2]], z0: f64, z1: f64) -> Mesh {
    let n = outline.len();
    let bottom: Vec<Vec3> = outline.iter().map(|p| bed_point(*p, z0)).collect();
    let top: Vec<Vec3> = outline.iter().map(|p| bed_point(*p, z1)).collect();
    let centre = top.iter().copied().sum::<Vec3>() / n as f32;
    let mut positions = Vec::new();
    let mut normals = Vec::new();
    let mut indices = Vec::new();
    let mut quad = |a: Vec3, b: Vec3, c: Vec3, d: Vec3, outward_hint: Vec3| {
        let mut normal = (b - a).cross(c - a).normalize_or_zero();
        let base = positions.len() as u32;
        let flip = normal.dot(outward_hint) < 0.0;
        if flip {
            normal = -normal;
        }
        positions.extend([a, b, c, d]);
        normals.extend([normal; 4]);
        if flip {
            indices.extend([base, base + 2, base + 1, base, base + 3, base + 2]);
        } else {
            indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
        }
    };
    for i in 0..n {
        let j = (i + 1) % n;
        let mid = (top[i] + top[j]) / 2.0;
        let out = Vec3::new(mid.x - centre.x, 0.0, mid.z - centre.z);
        quad(bottom[i], bottom[j], top[j], top[i], out);
    }
    // Top face as a fan (the outline is convex).
    let base = positions.len() as u32;
    positions.extend(top.iter().copied());
    normals.extend(std::iter::repeat_n(Vec3::Y, n));
    let up = (top[1] - top[0]).cross(top[2] - top[0]).y >= 0.0;
    for i in 1..n as u32 - 1 {
        if up {
            indices.extend([base, base + i, base + i + 1]);
        } else {
            indices.extend([base, base + i + 1, base + i]);
        }
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_indices(Indices::U32(indices))
}

/// `mesh` without the triangles that face straight up (by their first vertex's normal).
fn without_top(mut mesh: Mesh) -> Mesh {
    let up: Vec<bool> = match mesh.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()) {
        Some(normals) => normals.iter().map(|n| n[1] > 0.99).collect(),
        None => return mesh,
    };
    let kept: Vec<u32> = match mesh.indices() {
        Some(indices) => {
            let all: Vec<u32> = indices.iter().map(|i| i as u32).collect();
            all.chunks_exact(3).filter(|t| !up[t[0] as usize]).flatten().copied().collect()
        }
        None => return mesh,
    };
    mesh.insert_indices(Indices::U32(kept));
    mesh
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rack::RackKind;
    use crate::game::table::StartingRack;

    #[test]
    fn the_body_under_the_bed_has_no_top_face() {
        let body = without_top(Cuboid::new(3.0, 0.2, 1.6).into());
        let triangles = body.indices().map_or(0, |i| i.len()) / 3;
        // A cuboid's 12 triangles less the top's 2.
        assert_eq!(triangles, 10);
        let normals = body.attribute(Mesh::ATTRIBUTE_NORMAL).and_then(|n| n.as_float3()).unwrap_or_default();
        let indices: Vec<usize> = body.indices().map(|i| i.iter().collect()).unwrap_or_default();
        assert!(indices.iter().all(|&i| normals[i][1] < 0.99));
    }

    #[test]
    fn every_part_of_the_table_is_dressed_once() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, AssetPlugin::default()))
            .init_asset::<Mesh>()
            .init_asset::<StandardMaterial>()
            .init_asset::<BallMaterial>()
            .init_resource::<Graphics>()
            .insert_resource(TableSpec(Table::default()))
            .insert_resource(StartingRack(RackKind::NineBall));
        app.add_plugins(crate::game::table::plugin);
        dress(&mut app);
        for _ in 0..3 {
            app.update();
        }
        let mut meshes = app.world_mut().query_filtered::<&Name, With<Mesh3d>>();
        let mut count = |name: &str| meshes.iter(app.world()).filter(|n| n.as_str() == name).count();
        assert_eq!(count("floor"), 1);
        assert_eq!(count("table body"), 1);
        assert_eq!(count("rail head"), 1);
        assert_eq!(count("pocket liner"), 6);
        assert_eq!(count("leg"), 4);
        let mut balls = app.world_mut().query_filtered::<(), (With<Ball>, With<Mesh3d>)>();
        assert_eq!(balls.iter(app.world()).count(), 16);
    }
}
