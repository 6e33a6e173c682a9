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
    mut stamps: Local<Vec<f64>>,
) {
    *frames += 1;
    stamps.push(time.elapsed().as_secs_f64());
    if *taken || *frames < request.frames || time.elapsed() < request.min_wait {
        return;
    }
    *taken = true;
    // The frame rate the window managed (a software renderer under Xvfb in CI): over the whole
    // wait, which includes compiling the pipelines, and over the last frames, which does not.
    let secs = time.elapsed().as_secs_f64();
    let recent = stamps.len().saturating_sub(1).min(20);
    let steady = match (stamps.last(), stamps.len().checked_sub(recent + 1).and_then(|i| stamps.get(i))) {
        (Some(last), Some(first)) if last > first && recent > 0 => recent as f64 / (last - first),
        _ => 0.0,
    };
    eprintln!(
        "biljardi: {} frames in {secs:.1} s before the screenshot ({:.1} frames per second overall, {steady:.1} over the last {recent})",
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

/// Checks a screenshot path before the window opens, so a typo fails fast with exit 2.
pub fn check_screenshot_path(path: &std::path::Path) -> Result<(), String> {
    let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    if ext.as_deref() != Some("png") {
        return Err(format!("--screenshot {}: the file name must end in .png", path.display()));
    }
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
            Err(format!("--screenshot {}: folder {} does not exist", path.display(), dir.display()))
        }
        _ => Ok(()),
    }
}
