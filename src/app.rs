//! Assembling the game: Bevy's plugins and ours, and running the window.

use crate::game::rack::RackKind;
use crate::game::session::SessionRes;
use crate::game::table::{StartingRack, TableSpec};
use crate::screens::menu::SaveSettings;
use crate::screens::training;
use crate::shared::camera_mode::CameraMode;
use crate::shared::lang::Lang;
use crate::shared::screen::Screen;
use crate::shared::settings::Settings;
use crate::view::screenshot::ScreenshotRequest;
use crate::{game, input, screens, shared, view};
use bevy::prelude::*;
use bevy::window::WindowResolution;
use biljardi_physics::TableSize;
use biljardi_physics::{Strike, Table};
use biljardi_rules::Call;
use std::path::PathBuf;
use std::process::ExitCode;

/// How the window starts: what the command line asked for (`crate::cli` builds it).
#[derive(Clone, Debug, Default)]
pub struct Launch {
    /// Save a PNG of the window here once the scene is drawn, then exit.
    pub screenshot: Option<PathBuf>,
    /// Frames to draw before the screenshot.
    pub screenshot_frames: u32,
    /// Straight to the table with this game instead of the menu.
    pub game: Option<RackKind>,
    pub table: Option<TableSize>,
    pub lang: Option<Lang>,
    /// `practice`, `hotseat` or `ai`.
    pub mode: Option<String>,
    /// The computer's level with `ai`.
    pub level: Option<String>,
    /// `aim`, `overhead` or `free`.
    pub camera: Option<String>,
    /// Play the standard break first.
    pub after_break: bool,
    /// Open this rules-training scenario.
    pub demo: Option<String>,
    /// `auto`, `low`, `medium` or `high`.
    pub graphics: Option<String>,
    /// Where to append a JSON line per judged shot.
    pub event_log: Option<PathBuf>,
}

/// The plugins that hold game logic and need no renderer (used by headless tests too).
pub fn logic_plugins(app: &mut App) {
    app.add_plugins((game::table::plugin, game::bed::plugin, game::plugin));
}

/// DejaVu Sans Mono (free licence, assets/fonts/DejaVu-LICENSE.txt): Bevy's built-in font
/// subset has no ä or ö, and every text exists in Finnish.
const UI_FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSansMono.ttf");

/// Everything the window shows and the player's input, on top of the logic.
pub fn view_plugins(app: &mut App) {
    if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<bevy::text::Font>>() {
        // Replaces the default font, so every `TextFont::default()` has the Finnish letters.
        let _ = fonts.insert(AssetId::default(), bevy::text::Font::from_bytes(UI_FONT.to_vec()));
    }
    app.add_plugins((shared::screen::plugin, input::plugin, view::plugin, screens::plugin));
}

/// The saved settings with the command line's choices on top.
pub fn settings_for(cli: &Launch) -> Settings {
    // A screenshot must not depend on what someone saved on this machine.
    let mut s = if cli.screenshot.is_some() { Settings::default() } else { shared::settings::load() };
    if let Some(g) = cli.game {
        s.game = g.game().name().to_string();
    }
    if let Some(t) = cli.table {
        s.table = t.name().to_string();
    }
    if let Some(l) = cli.lang {
        s.lang = l.code().to_string();
    }
    if let Some(m) = &cli.mode {
        s.mode = m.clone();
    }
    if let Some(l) = &cli.level {
        s.ai_level = l.clone();
    }
    if let Some(g) = &cli.graphics {
        s.graphics = g.clone();
    }
    s.sanitized()
}

/// The break the `--after-break` start plays: firm, from the usual spot, straight at the rack.
pub fn standard_break() -> (Call, Strike) {
    (Call::None, Strike { speed_mps: 8.0, phi_rad: 0.0, theta_rad: 0.05, a: 0.0, b: -0.1 })
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
pub fn run(cli: Launch) -> ExitCode {
    if let Some(path) = &cli.screenshot
        && let Err(msg) = crate::view::screenshot::check_screenshot_path(path)
    {
        eprintln!("biljardi: {msg}");
        return ExitCode::from(2);
    }
    if let Some(id) = &cli.demo
        && biljardi_training::find(id).is_none()
    {
        eprintln!("biljardi: --demo: unknown demo {id:?} (`biljardi demo list` shows the ids)");
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
    }));
    let settings = settings_for(&cli);
    app.insert_resource(TableSpec(Table::preset(settings.table_size())))
        .insert_resource(StartingRack(crate::game::rack::RackKind::from_game(settings.game())))
        .insert_resource(settings.lang())
        .insert_resource(SaveSettings(cli.screenshot.is_none()))
        .insert_resource(settings.clone());
    if let Some(path) = &cli.screenshot {
        app.insert_resource(ScreenshotRequest {
            frames: cli.screenshot_frames,
            ..ScreenshotRequest::new(path.clone())
        });
    }
    if cli.screenshot.is_none() {
        // A screenshot neither offers nor overwrites the player's saved match.
        app.insert_resource(game::autosave::Autosave::start());
    }
    if let Some(path) = &cli.event_log {
        app.insert_resource(game::event_log::EventLog::new(path.clone()));
    }
    match cli.camera.as_deref() {
        Some("overhead") => app.insert_resource(CameraMode::Overhead),
        Some("free") => app.insert_resource(CameraMode::Free),
        _ => app.insert_resource(CameraMode::Aim),
    };
    logic_plugins(&mut app);
    view_plugins(&mut app);
    if let Some(id) = &cli.demo {
        app.insert_resource(training::OpenDemo(id.clone())).insert_state(Screen::Training);
    } else if cli.game.is_some() {
        // Straight to the table.
        let mut settings = settings.clone();
        if cli.after_break {
            // The break is played at once, so no lag first.
            settings.first_break = "player1".into();
        }
        let mut session = screens::menu::session_from(&settings);
        if cli.after_break {
            let (call, strike) = standard_break();
            let _ = session.play_instantly(call, strike);
        }
        app.insert_resource(SessionRes(session)).insert_state(Screen::Playing);
    }

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
