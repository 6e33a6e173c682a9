//! At the low preset the 3D view is drawn at a fraction of the window's pixels and stretched
//! over the window, under the HUD, which stays at full resolution (its text stays sharp). On a
//! software renderer the main 3D pass is nearly the whole frame and grows with the pixels drawn
//! (README, graphics presets), so this is where the low preset gains most.
//!
//! The image target carries the same fraction as its scale factor, so the camera's logical size
//! is still the window's: the cursor's window position aims and calls, and world points map to
//! the window's coordinates for labels, exactly as without the scaling.

use crate::shared::camera_mode::MainCamera;
use crate::view::graphics::Graphics;
use bevy::camera::visibility::RenderLayers;
use bevy::camera::{ImageRenderTarget, RenderTarget};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::ui::IsDefaultUiCamera;
use bevy::window::{PrimaryWindow, WindowRef};

/// The camera that shows the scaled image and the HUD in the window.
#[derive(Component)]
struct WindowCamera;

/// The full-window picture of the scaled 3D view.
#[derive(Component)]
struct ScaledPicture;

/// The image the 3D view is drawn into while scaled, and its size in pixels.
#[derive(Resource)]
struct Scaled {
    image: Handle<Image>,
    size: UVec2,
}

/// The window camera's layer: nothing in the scene (the gizmos among it) is drawn twice.
const WINDOW_LAYER: usize = 31;

pub fn plugin(app: &mut App) {
    app.add_systems(PostUpdate, follow_preset);
}

/// The image size for a window of `window` physical pixels at `scale`.
pub fn scaled_size(window: UVec2, scale: f32) -> UVec2 {
    (window.as_vec2() * scale).round().as_uvec2().max(UVec2::ONE)
}

fn follow_preset(
    mut commands: Commands,
    graphics: Res<Graphics>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut main: Query<(Entity, &mut RenderTarget), With<MainCamera>>,
    scaled: Option<Res<Scaled>>,
    window_camera: Query<Entity, With<WindowCamera>>,
    picture: Query<Entity, With<ScaledPicture>>,
    mut images: ResMut<Assets<Image>>,
) {
    let Ok((camera, mut target)) = main.single_mut() else { return };
    let Ok(window) = window.single() else { return };
    let scale = graphics.quality().render_scale();
    let full = window.physical_size();
    if scale >= 1.0 || full.x == 0 || full.y == 0 {
        if scaled.is_some() {
            *target = RenderTarget::Window(WindowRef::Primary);
            for e in window_camera.iter().chain(picture.iter()) {
                commands.entity(e).despawn();
            }
            commands.remove_resource::<Scaled>();
        }
        return;
    }
    let size = scaled_size(full, scale);
    if scaled.as_ref().is_some_and(|s| s.size == size && images.contains(&s.image)) {
        return;
    }
    let mut image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    // Stretched over the window: linear filtering reads better than blocks.
    image.sampler = bevy::image::ImageSampler::linear();
    let handle = images.add(image);
    *target = RenderTarget::Image(ImageRenderTarget { handle: handle.clone(), scale_factor: scale });
    if window_camera.is_empty() {
        commands.spawn((
            Name::new("window camera"),
            WindowCamera,
            Camera2d,
            Camera { order: 1, ..default() },
            IsDefaultUiCamera,
            RenderLayers::layer(WINDOW_LAYER),
        ));
    }
    for e in &picture {
        commands.entity(e).despawn();
    }
    commands.spawn((
        Name::new("scaled 3D view"),
        ScaledPicture,
        ImageNode::new(handle.clone()),
        Node { position_type: PositionType::Absolute, width: percent(100.0), height: percent(100.0), ..default() },
        // Under every HUD panel.
        GlobalZIndex(i32::MIN),
    ));
    commands.insert_resource(Scaled { image: handle, size });
    debug!("3D view drawn at {}x{} for a {}x{} window (entity {camera})", size.x, size.y, full.x, full.y);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scaled_image_keeps_the_window_shape() {
        assert_eq!(scaled_size(UVec2::new(1280, 720), 0.5), UVec2::new(640, 360));
        assert_eq!(scaled_size(UVec2::new(1280, 720), 1.0), UVec2::new(1280, 720));
        assert_eq!(scaled_size(UVec2::new(3, 1), 0.1), UVec2::ONE);
    }
}
