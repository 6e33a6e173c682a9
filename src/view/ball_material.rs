//! The ball material: Bevy's PBR with the pool-ball pattern of `shaders/ball_pattern.wgsl` on top
//! (solid or striped colour, two number circles with the digits as distance-field strokes).

use bevy::asset::{load_internal_asset, uuid_handle};
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;
use biljardi_physics::BallId;

pub type BallMaterial = ExtendedMaterial<StandardMaterial, BallPattern>;

const BALL_SHADER: Handle<Shader> = uuid_handle!("6f1c1a52-3d0e-4d0b-9a55-0b6a4e1c2b71");
/// `biljardi::ball_pattern`, which this shader and the low preset's `simple.wgsl` import.
const BALL_PATTERN_SHADER: Handle<Shader> = uuid_handle!("3c2d7a10-55b1-4f7e-8c1a-9e4b6f0d2a87");

/// The pattern's uniforms (binding 100, after StandardMaterial's).
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone, Default)]
pub struct BallPattern {
    /// The ball's colour: the whole ball for a solid, the band for a stripe.
    #[uniform(100)]
    pub colour: LinearRgba,
    /// The number in the circles; 0 draws no circles (the cue ball).
    #[uniform(100)]
    pub number: u32,
    /// 1 for a stripe ball (9-15).
    #[uniform(100)]
    pub stripe: u32,
    #[uniform(100)]
    pub _pad0: u32,
    #[uniform(100)]
    pub _pad1: u32,
}

impl BallPattern {
    pub fn for_ball(id: BallId) -> BallPattern {
        BallPattern {
            colour: ball_colour(id).to_linear(),
            number: u32::from(id.number()),
            stripe: u32::from(is_stripe(id)),
            ..default()
        }
    }
}

impl MaterialExtension for BallPattern {
    fn fragment_shader() -> ShaderRef {
        BALL_SHADER.into()
    }

    fn deferred_fragment_shader() -> ShaderRef {
        BALL_SHADER.into()
    }
}

pub fn plugin(app: &mut App) {
    load_internal_asset!(app, BALL_PATTERN_SHADER, "../../shaders/ball_pattern.wgsl", Shader::from_wgsl);
    load_internal_asset!(app, BALL_SHADER, "../../shaders/ball.wgsl", Shader::from_wgsl);
    app.add_plugins(MaterialPlugin::<BallMaterial>::default());
}

/// A glossy phenolic-resin ball of the given pattern.
pub fn ball_material(id: BallId) -> BallMaterial {
    ExtendedMaterial {
        base: StandardMaterial { base_color: Color::WHITE, perceptual_roughness: 0.12, reflectance: 0.6, ..default() },
        extension: BallPattern::for_ball(id),
    }
}

/// WPA ball colours: 1 yellow, 2 blue, 3 red, 4 purple, 5 orange, 6 green, 7 maroon, 8 black;
/// 9-15 are the same colours on a white stripe ball.
pub fn ball_colour(id: BallId) -> Color {
    match id.number() {
        0 => Color::srgb(0.96, 0.95, 0.90),
        1 | 9 => Color::srgb(0.98, 0.78, 0.05),
        2 | 10 => Color::srgb(0.05, 0.20, 0.70),
        3 | 11 => Color::srgb(0.85, 0.08, 0.06),
        4 | 12 => Color::srgb(0.35, 0.10, 0.55),
        5 | 13 => Color::srgb(0.98, 0.42, 0.05),
        6 | 14 => Color::srgb(0.05, 0.45, 0.18),
        7 | 15 => Color::srgb(0.45, 0.06, 0.06),
        _ => Color::srgb(0.03, 0.03, 0.03),
    }
}

pub fn is_stripe(id: BallId) -> bool {
    id.number() >= 9
}
