//! Graphics quality: `low`, `medium` and `high` presets, and `auto`, which picks `low` on a
//! software renderer (Mesa's llvmpipe/lavapipe, SwiftShader, or any adapter wgpu reports as a
//! CPU) and `high` on a GPU.
//!
//! What each preset costs is measured in the README (frames per second under Xvfb + lavapipe).
//! `low` gives up: Bevy's PBR shading (every mesh is drawn with `simple_material`: one lamp,
//! Lambert and a highlight; the balls keep their numbers and stripes), multisampling, shadows,
//! dithering, mesh detail on the balls, and the floor around the table (the room is dark
//! anyway; it was a tenth of the pixels shaded). `medium` keeps Bevy's PBR shading and tone
//! mapping with the middle lamp light alone, and gives up shadows, multisampling and the floor
//! (at PBR's cost per pixel the floor's dark third of the screen was a third of the frame).
//! `high` is the full picture.

use crate::shared::camera_mode::MainCamera;
use crate::shared::settings::Settings;
use bevy::core_pipeline::tonemapping::{DebandDither, Tonemapping};
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::render::view::Msaa;

/// A preset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Quality {
    Low,
    Medium,
    #[default]
    High,
}

impl Quality {
    /// `low`, `medium` or `high`; `auto` and anything else is `None`.
    pub fn parse(name: &str) -> Option<Quality> {
        match name {
            "low" => Some(Quality::Low),
            "medium" => Some(Quality::Medium),
            "high" => Some(Quality::High),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Quality::Low => "low",
            Quality::Medium => "medium",
            Quality::High => "high",
        }
    }

    /// Segments around and from pole to pole of a ball's UV sphere.
    pub fn ball_segments(self) -> (u32, u32) {
        match self {
            Quality::Low => (20, 10),
            Quality::Medium => (32, 16),
            Quality::High => (64, 32),
        }
    }
}

/// The adapter the window draws with, as wgpu names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adapter {
    pub name: String,
    /// A software renderer: the CPU draws every pixel.
    pub software: bool,
}

/// The preset in force and why.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Graphics {
    /// The player's choice; `None` is `auto`.
    pub choice: Option<Quality>,
    /// Known once the renderer has started.
    pub adapter: Option<Adapter>,
}

impl Graphics {
    /// The preset in force: the choice, else `low` on a software renderer, else `high`.
    pub fn quality(&self) -> Quality {
        match (self.choice, &self.adapter) {
            (Some(q), _) => q,
            (None, Some(a)) if a.software => Quality::Low,
            _ => Quality::High,
        }
    }

    /// True when `auto` chose `low` because the renderer runs on the CPU.
    pub fn auto_low(&self) -> bool {
        self.choice.is_none() && self.adapter.as_ref().is_some_and(|a| a.software)
    }
}

/// Whether an adapter draws on the CPU: wgpu's device type (`Cpu`, by its debug name: Bevy does
/// not re-export the enum), or the name of a known software rasteriser (some drivers report
/// them as `Other`).
pub fn is_software(device_type: &str, name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    device_type == "Cpu" || ["llvmpipe", "lavapipe", "swiftshader", "softpipe", "warp"].iter().any(|n| name.contains(n))
}

/// A lamp light, by its place along the lamp (0 is the middle one, which casts the shadows).
#[derive(Component, Clone, Copy, Debug)]
pub struct LampLight {
    pub middle: bool,
    /// Its intensity at `high`.
    pub intensity: f32,
}

/// Mesh detail follows the preset (the ball dressing reads this).
#[derive(Component, Clone, Copy, Debug)]
pub struct BallMesh;

/// The floor around the table, drawn only at `high`.
#[derive(Component, Clone, Copy, Debug)]
pub struct Floor;

pub fn plugin(app: &mut App) {
    app.init_resource::<Graphics>().add_systems(PreStartup, (follow_setting, detect_adapter).chain()).add_systems(
        Update,
        (follow_setting, detect_adapter, apply_to_cameras, apply_to_lights, apply_to_balls, apply_to_floor).chain(),
    );
}

/// The menu's (or the command line's) choice.
fn follow_setting(settings: Option<Res<Settings>>, mut graphics: ResMut<Graphics>) {
    let Some(settings) = settings else { return };
    if settings.is_changed() || settings.is_added() {
        let choice = Quality::parse(&settings.graphics);
        if graphics.choice != choice {
            graphics.choice = choice;
        }
    }
}

fn detect_adapter(info: Option<Res<RenderAdapterInfo>>, mut graphics: ResMut<Graphics>) {
    if graphics.adapter.is_some() {
        return;
    }
    let Some(info) = info else { return };
    let adapter =
        Adapter { name: info.name.clone(), software: is_software(&format!("{:?}", info.device_type), &info.name) };
    graphics.adapter = Some(adapter);
    let why = if graphics.auto_low() { " (a software renderer: auto picks low)" } else { "" };
    info!("graphics: adapter {:?}, {:?}; quality {}{why}", info.name, info.device_type, graphics.quality().name());
}

fn apply_to_cameras(
    mut commands: Commands,
    graphics: Res<Graphics>,
    cameras: Query<Entity, With<MainCamera>>,
    added: Query<(), Added<MainCamera>>,
) {
    if !graphics.is_changed() && added.is_empty() {
        return;
    }
    let q = graphics.quality();
    for camera in &cameras {
        let (msaa, tonemapping, dither) = match q {
            // Tone mapping stays: without HDR it runs inside the material shader, costs next to
            // nothing, and without it the cloth turns a flat bright green.
            Quality::Low => (Msaa::Off, Tonemapping::default(), DebandDither::Disabled),
            Quality::Medium => (Msaa::Off, Tonemapping::default(), DebandDither::Disabled),
            Quality::High => (Msaa::Sample4, Tonemapping::default(), DebandDither::Enabled),
        };
        commands.entity(camera).insert((msaa, tonemapping, dither));
    }
}

fn apply_to_lights(
    graphics: Res<Graphics>,
    added: Query<(), Added<LampLight>>,
    mut lights: Query<(&LampLight, &mut PointLight, &mut Visibility)>,
) {
    if !graphics.is_changed() && added.is_empty() {
        return;
    }
    let q = graphics.quality();
    for (lamp, mut light, mut vis) in &mut lights {
        // Below `high`, one light where there were three: it gives the light of all three. Each
        // light is a loop over Bevy's PBR lighting per pixel; at `medium` the two others cost
        // a quarter of the frame on lavapipe (README).
        let on = lamp.middle || q == Quality::High;
        light.intensity = if q == Quality::High { lamp.intensity } else { lamp.intensity * 2.4 };
        light.shadow_maps_enabled = lamp.middle && q == Quality::High;
        vis.set_if_neq(if on { Visibility::Inherited } else { Visibility::Hidden });
    }
}

fn apply_to_balls(
    graphics: Res<Graphics>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut balls: Query<&mut Mesh3d, With<BallMesh>>,
    added: Query<(), Added<BallMesh>>,
    mut made: Local<Option<(Quality, Handle<Mesh>)>>,
) {
    if !graphics.is_changed() && added.is_empty() {
        return;
    }
    let q = graphics.quality();
    let handle = match &*made {
        Some((mq, h)) if *mq == q => h.clone(),
        _ => {
            let h = meshes.add(ball_mesh(q));
            *made = Some((q, h.clone()));
            h
        }
    };
    for mut mesh in &mut balls {
        if mesh.0 != handle {
            mesh.0 = handle.clone();
        }
    }
}

fn apply_to_floor(
    graphics: Res<Graphics>,
    added: Query<(), Added<Floor>>,
    mut floors: Query<&mut Visibility, With<Floor>>,
) {
    if !graphics.is_changed() && added.is_empty() {
        return;
    }
    let v = if graphics.quality() != Quality::High { Visibility::Hidden } else { Visibility::Inherited };
    for mut vis in &mut floors {
        vis.set_if_neq(v);
    }
}

/// A ball's UV sphere at a preset's detail (the pattern shader reads its UV coordinates).
pub fn ball_mesh(q: Quality) -> Mesh {
    let (sectors, stacks) = q.ball_segments();
    Sphere::new(biljardi_physics::BALL_RADIUS_M as f32).mesh().uv(sectors, stacks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_is_low_on_a_software_renderer_and_high_on_a_gpu() {
        let soft = Adapter { name: "llvmpipe (LLVM 15.0.6, 256 bits)".into(), software: true };
        let gpu = Adapter { name: "AMD Radeon RX 6600".into(), software: false };
        let auto = |a: Adapter| Graphics { choice: None, adapter: Some(a) };
        assert_eq!(auto(soft.clone()).quality(), Quality::Low);
        assert!(auto(soft.clone()).auto_low());
        assert_eq!(auto(gpu.clone()).quality(), Quality::High);
        assert_eq!(Graphics { choice: Some(Quality::High), adapter: Some(soft) }.quality(), Quality::High);
        assert_eq!(Graphics { choice: Some(Quality::Low), adapter: Some(gpu) }.quality(), Quality::Low);
    }

    #[test]
    fn software_renderers_are_told_by_type_or_name() {
        assert!(is_software("Cpu", "anything"));
        assert!(is_software("Other", "llvmpipe (LLVM 19.1.7, 256 bits)"));
        assert!(is_software("IntegratedGpu", "SwiftShader Device (Subzero)"));
        assert!(!is_software("DiscreteGpu", "NVIDIA GeForce RTX 3060"));
        assert!(!is_software("IntegratedGpu", "Intel(R) UHD Graphics 620"));
    }

    #[test]
    fn presets_parse_and_lower_ones_have_fewer_segments() {
        for q in [Quality::Low, Quality::Medium, Quality::High] {
            assert_eq!(Quality::parse(q.name()), Some(q));
        }
        assert_eq!(Quality::parse("auto"), None);
        assert!(Quality::Low.ball_segments().0 < Quality::High.ball_segments().0);
    }
}
