//! Assembling the game: Bevy's plugins and ours, and running the window.

use crate::cli::Cli;
use crate::screenshot::ScreenshotRequest;
use crate::table::{StartingRack, TableSpec};
use crate::{bed, camera, hud, lighting, screenshot, table};
use bevy::prelude::*;
use bevy::window::WindowResolution;
use std::process::ExitCode;

/// The plugins that hold game logic and need no renderer (used by headless tests too).
pub fn logic_plugins(app: &mut App) {
    app.add_plugins((table::plugin, bed::plugin));
}

/// Everything the window shows on top of the logic.
pub fn view_plugins(app: &mut App) {
    app.add_plugins((table::visuals::plugin, camera::plugin, lighting::plugin, hud::plugin, screenshot::plugin));
}

/// Why the window cannot open here, if we can tell before trying.
fn missing_display() -> Option<String> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    let has = |var: &str| std::env::var_os(var).is_some_and(|v| !v.is_empty());
    if has("DISPLAY") || has("WAYLAND_DISPLAY") {
        return None;
    }
    Some(
        "biljardi: no display to open the game window on (DISPLAY is not set).\n\
         Run it on a desktop, or headless under a virtual display:\n  \
         xvfb-run -a -s \"-screen 0 1280x720x24\" biljardi\n\
         (Debian/Ubuntu: apt-get install xvfb mesa-vulkan-drivers). The subcommands need no display; see biljardi --help."
            .to_string(),
    )
}

/// Opens the game window; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    if let Some(path) = &cli.screenshot
        && let Err(msg) = crate::cli::check_screenshot_path(path)
    {
        eprintln!("biljardi: {msg}");
        return ExitCode::from(2);
    }
    if let Some(msg) = missing_display() {
        eprintln!("{msg}");
        return ExitCode::from(1);
    }
    // Graphics start-up failures (no GPU or Vulkan driver) surface as panics deep inside the
    // renderer; say what to do instead of dumping a backtrace.
    std::panic::set_hook(Box::new(|info| {
        eprintln!("biljardi: the game stopped: {info}");
        eprintln!(
            "If this happened at start-up, the machine may lack a Vulkan or OpenGL driver (headless: apt-get install mesa-vulkan-drivers)."
        );
        std::process::exit(1);
    }));

    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Biljardi".into(),
            resolution: WindowResolution::new(1280, 720),
            ..default()
        }),
        ..default()
    }))
    .insert_resource(TableSpec(cli.table))
    .insert_resource(StartingRack(cli.game))
    .insert_resource(cli.lang);
    if let Some(path) = &cli.screenshot {
        app.insert_resource(ScreenshotRequest::new(path.clone()));
    }
    logic_plugins(&mut app);
    view_plugins(&mut app);
    let exit = app.run();

    if let Some(path) = &cli.screenshot
        && !path.is_file()
    {
        eprintln!("biljardi: the screenshot {} was not written", path.display());
        return ExitCode::from(1);
    }
    match exit {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
