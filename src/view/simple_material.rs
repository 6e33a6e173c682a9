//! The low preset draws every mesh with [`SimpleMaterial`] (`shaders/simple.wgsl`): one lamp,
//! Lambert diffuse and a Blinn highlight, the balls' pattern kept. Under Xvfb + lavapipe,
//! Bevy's PBR fragment shader was three quarters of a frame even with lighting switched off
//! (measured in the README's graphics table), so the low preset changes the shader, not its
//! settings.
//!
//! The detailed material stays on the entity in [`Detailed`] and comes back when the preset
//! goes up again; meshes spawned while `low` is in force are swapped as they appear.

use super::ball_material::BallMaterial;
use super::graphics::{Graphics, Quality};
use super::lighting::LAMP_HEIGHT_M;
use bevy::asset::{load_internal_asset, uuid_handle};
use bevy::mesh::MeshVertexBufferLayoutRef;
use bevy::pbr::{MaterialPipeline, MaterialPipelineKey};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, RenderPipelineDescriptor, SpecializedMeshPipelineError};
use bevy::shader::ShaderRef;

const SIMPLE_SHADER: Handle<Shader> = uuid_handle!("0b8e4f5e-7a43-4c1f-9f0e-2d5c7b9a3e61");

/// What the fragment shader does with a mesh (`kind.x`; the pipeline's shader defs, [`SimpleKey`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Look {
    Lit = 0,
    /// Emits its colour: the lamp's bulbs, unlit materials.
    Glowing = 1,
    Ball = 2,
}

#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
#[bind_group_data(SimpleKey)]
pub struct SimpleMaterial {
    /// Linear colour; for a ball, its pattern's colour.
    #[uniform(0)]
    pub colour: LinearRgba,
    /// The lamp's position (m) and its strength.
    #[uniform(0)]
    pub lamp: Vec4,
    /// [`Look`], the ball's number, 1 for a stripe.
    #[uniform(0)]
    pub kind: UVec4,
    /// Ambient light, highlight strength, highlight sharpness.
    #[uniform(0)]
    pub finish: Vec4,
    pub alpha_mode: AlphaMode,
}

/// Each [`Look`] is its own pipeline (`LOOK_GLOWING`, `LOOK_BALL` in `simple.wgsl`), not a
/// branch on `kind.x`: a software renderer shades eight pixels at once and runs both sides of
/// a branch that could differ between them, so the cloth paid for the balls' digits (a branch
/// on the uniform alone is worse on lavapipe 22: see `opaque` in `ball_pattern.wgsl`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimpleKey {
    look: u32,
}

impl From<&SimpleMaterial> for SimpleKey {
    fn from(m: &SimpleMaterial) -> SimpleKey {
        SimpleKey { look: m.kind.x }
    }
}

impl Material for SimpleMaterial {
    fn fragment_shader() -> ShaderRef {
        SIMPLE_SHADER.into()
    }

    fn specialize(
        _pipeline: &MaterialPipeline,
        descriptor: &mut RenderPipelineDescriptor,
        _layout: &MeshVertexBufferLayoutRef,
        key: MaterialPipelineKey<Self>,
    ) -> Result<(), SpecializedMeshPipelineError> {
        let def = match key.bind_group_data.look {
            l if l == Look::Glowing as u32 => "LOOK_GLOWING",
            l if l == Look::Ball as u32 => "LOOK_BALL",
            _ => return Ok(()),
        };
        if let Some(fragment) = descriptor.fragment.as_mut() {
            fragment.shader_defs.push(def.into());
        }
        Ok(())
    }

    fn alpha_mode(&self) -> AlphaMode {
        self.alpha_mode
    }
}

/// The lamp over the middle of the table; its strength is tuned so the cloth looks as it does
/// under the full preset's three lights and tone mapping.
const LAMP: Vec4 = Vec4::new(0.0, LAMP_HEIGHT_M, 0.0, 5.0);
const AMBIENT: f32 = 0.45;

impl SimpleMaterial {
    /// The simple counterpart of a PBR material: its colour, glowing if it emits or is unlit, a
    /// highlight as sharp as the surface is smooth.
    pub fn from_standard(m: &StandardMaterial) -> SimpleMaterial {
        let emits = m.emissive.red + m.emissive.green + m.emissive.blue > 0.0;
        let (look, colour) = if emits {
            (Look::Glowing, LinearRgba::rgb(1.0, 0.97, 0.9))
        } else if m.unlit {
            (Look::Glowing, m.base_color.to_linear())
        } else {
            (Look::Lit, m.base_color.to_linear())
        };
        let smooth = (1.0 - m.perceptual_roughness).clamp(0.0, 1.0).powi(2);
        SimpleMaterial {
            colour,
            lamp: LAMP,
            kind: UVec4::new(look as u32, 0, 0, 0),
            finish: Vec4::new(AMBIENT, 0.5 * smooth * m.reflectance, 8.0 + 120.0 * smooth, 0.0),
            alpha_mode: m.alpha_mode,
        }
    }

    /// A ball: its pattern on a glossy surface.
    pub fn from_ball(m: &BallMaterial) -> SimpleMaterial {
        let mut simple = SimpleMaterial::from_standard(&m.base);
        simple.colour = m.extension.colour;
        simple.kind = UVec4::new(Look::Ball as u32, m.extension.number, m.extension.stripe, 0);
        simple.finish.y = 0.6;
        simple.finish.z = 80.0;
        simple
    }
}

/// The material an entity wears at `medium` and `high`, kept while `low` draws it simply.
#[derive(Component, Clone, Debug)]
pub enum Detailed {
    Standard(Handle<StandardMaterial>),
    Ball(Handle<BallMaterial>),
}

impl Detailed {
    pub fn ball(&self) -> Option<&Handle<BallMaterial>> {
        match self {
            Detailed::Ball(h) => Some(h),
            Detailed::Standard(_) => None,
        }
    }
}

/// One simple material per detailed one, made once.
#[derive(Resource, Default)]
struct Simplified {
    standard: HashMap<AssetId<StandardMaterial>, Handle<SimpleMaterial>>,
    ball: HashMap<AssetId<BallMaterial>, Handle<SimpleMaterial>>,
}

pub fn plugin(app: &mut App) {
    load_internal_asset!(app, SIMPLE_SHADER, "../../shaders/simple.wgsl", Shader::from_wgsl);
    app.add_plugins(MaterialPlugin::<SimpleMaterial>::default())
        .init_resource::<Simplified>()
        .add_systems(PostUpdate, (simplify, restore));
}

/// At `low`, every mesh still wearing a detailed material changes to its simple one. Swapped
/// meshes leave these queries, so this looks at new meshes only.
fn simplify(
    mut commands: Commands,
    graphics: Res<Graphics>,
    standard: Query<(Entity, &MeshMaterial3d<StandardMaterial>)>,
    balls: Query<(Entity, &MeshMaterial3d<BallMaterial>)>,
    standard_assets: Res<Assets<StandardMaterial>>,
    ball_assets: Res<Assets<BallMaterial>>,
    mut simple_assets: ResMut<Assets<SimpleMaterial>>,
    mut made: ResMut<Simplified>,
) {
    if graphics.quality() != Quality::Low {
        return;
    }
    for (e, handle) in &standard {
        let Some(m) = standard_assets.get(&handle.0) else { continue };
        let simple =
            made.standard.entry(handle.0.id()).or_insert_with(|| simple_assets.add(SimpleMaterial::from_standard(m)));
        commands
            .entity(e)
            .insert((MeshMaterial3d(simple.clone()), Detailed::Standard(handle.0.clone())))
            .remove::<MeshMaterial3d<StandardMaterial>>();
    }
    for (e, handle) in &balls {
        let Some(m) = ball_assets.get(&handle.0) else { continue };
        let simple = made.ball.entry(handle.0.id()).or_insert_with(|| simple_assets.add(SimpleMaterial::from_ball(m)));
        commands
            .entity(e)
            .insert((MeshMaterial3d(simple.clone()), Detailed::Ball(handle.0.clone())))
            .remove::<MeshMaterial3d<BallMaterial>>();
    }
}

/// Above `low`, the detailed materials come back.
fn restore(mut commands: Commands, graphics: Res<Graphics>, swapped: Query<(Entity, &Detailed)>) {
    if graphics.quality() == Quality::Low {
        return;
    }
    for (e, detailed) in &swapped {
        let mut entity = commands.entity(e);
        match detailed {
            Detailed::Standard(h) => entity.insert(MeshMaterial3d(h.clone())),
            Detailed::Ball(h) => entity.insert(MeshMaterial3d(h.clone())),
        };
        entity.remove::<(Detailed, MeshMaterial3d<SimpleMaterial>)>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::ball_material::ball_material;
    use biljardi_physics::BallId;

    #[test]
    fn glowing_lit_and_ball_materials_keep_what_shows() {
        let bulb = StandardMaterial { emissive: LinearRgba::rgb(8.0, 7.5, 6.5), ..default() };
        assert_eq!(SimpleMaterial::from_standard(&bulb).kind.x, Look::Glowing as u32);
        let cloth = StandardMaterial {
            base_color: Color::srgb(0.04, 0.31, 0.17),
            perceptual_roughness: 0.95,
            reflectance: 0.1,
            ..default()
        };
        let simple = SimpleMaterial::from_standard(&cloth);
        assert_eq!(simple.kind.x, Look::Lit as u32);
        assert_eq!(simple.colour, cloth.base_color.to_linear());
        assert!(simple.finish.y < 0.01, "a rough cloth has next to no highlight");
        let eleven = BallId::object(11).expect("ball 11");
        let ball = SimpleMaterial::from_ball(&ball_material(eleven));
        assert_eq!(ball.kind, UVec4::new(Look::Ball as u32, 11, 1, 0));
        // Each look is its own pipeline, so no mesh runs another look's shader code.
        assert_eq!(SimpleKey::from(&ball), SimpleKey { look: Look::Ball as u32 });
        assert_eq!(SimpleKey::from(&simple), SimpleKey { look: Look::Lit as u32 });
        assert_ne!(SimpleKey::from(&SimpleMaterial::from_standard(&bulb)), SimpleKey::from(&simple));
    }
}
