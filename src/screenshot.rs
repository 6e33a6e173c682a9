//! `--screenshot FILE`: wait until the scene has been drawn, save the window as PNG, exit 0.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use std::path::PathBuf;
use std::time::Duration;

/// A screenshot to take once the scene has settled.
#[derive(Resource, Debug, Clone)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    /// Frames to draw first: the software renderer compiles pipelines over several frames.
    pub frames: u32,
    /// And at least this long after start-up.
    pub min_wait: Duration,
}

impl ScreenshotRequest {
    pub fn new(path: PathBuf) -> Self {
        ScreenshotRequest { path, frames: 30, min_wait: Duration::from_secs(3) }
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, take_screenshot.run_if(resource_exists::<ScreenshotRequest>));
}

fn take_screenshot(
    mut commands: Commands,
    request: Res<ScreenshotRequest>,
    time: Res<Time<Real>>,
    mut frames: Local<u32>,
    mut taken: Local<bool>,
) {
    *frames += 1;
    if *taken || *frames < request.frames || time.elapsed() < request.min_wait {
        return;
    }
    *taken = true;
    // The frame rate the window managed until now (a software renderer under Xvfb in CI).
    let secs = time.elapsed().as_secs_f64();
    eprintln!(
        "biljardi: {} frames in {secs:.1} s before the screenshot ({:.1} frames per second)",
        *frames,
        f64::from(*frames) / secs
    );
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(request.path.clone()))
        .observe(exit_after_capture);
}

fn exit_after_capture(_captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>) {
    exit.write(AppExit::Success);
}
