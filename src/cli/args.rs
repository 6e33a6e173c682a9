//! The command line: with no subcommand `biljardi` opens the game; subcommands are the
//! headless tools of `../shared/contracts.md`. The arguments, parsed by clap.

use crate::game::rack::RackKind;
use crate::shared::lang::Lang;
use biljardi_physics::TableSize;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(name = "biljardi", version, about = "Biljardi: pool (8-ball, 9-ball, 10-ball, 14.1) with real physics")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Start the game, save a PNG of the window to FILE once the scene is drawn, and exit.
    #[arg(long, value_name = "FILE", global = false)]
    pub screenshot: Option<PathBuf>,
    /// With --screenshot: frames to draw before saving (more frames give a steadier frame rate
    /// in the report the screenshot prints).
    #[arg(long, value_name = "N", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub screenshot_frames: u32,
    /// Go straight to the table with this game (8ball, 9ball, 10ball, 14.1) instead of the menu.
    #[arg(long, value_name = "GAME", value_parser = parse_game)]
    pub game: Option<RackKind>,
    /// Table size: 7ft, 8ft or 9ft (default: the saved setting, else 9ft).
    #[arg(long, value_name = "SIZE", value_parser = parse_table)]
    pub table: Option<TableSize>,
    /// Language of the game's text (default: the saved setting, else en).
    #[arg(long, value_enum)]
    pub lang: Option<Lang>,
    /// With --game: practice, hotseat or ai.
    #[arg(long, value_parser = ["practice", "hotseat", "ai"])]
    pub mode: Option<String>,
    /// With --mode ai: beginner, amateur, pro or master.
    #[arg(long, value_parser = ["beginner", "amateur", "pro", "master"])]
    pub level: Option<String>,
    /// The view to start in: aim, overhead or free.
    #[arg(long, value_parser = ["aim", "overhead", "free"])]
    pub camera: Option<String>,
    /// With --game: play the break first (a firm centre-ball break, the same every time).
    #[arg(long)]
    pub after_break: bool,
    /// Open a rules-training scenario by id (see `biljardi demo list`).
    #[arg(long, value_name = "ID")]
    pub demo: Option<String>,
    /// Graphics quality: auto (low on a software renderer, else high), low, medium or high.
    #[arg(long, value_parser = ["auto", "low", "medium", "high"])]
    pub graphics: Option<String>,
    /// Append one JSON line per judged shot to FILE (shooter, rules cited, next shooter), and
    /// one for the lag: for scripts that drive the window.
    #[arg(long, value_name = "FILE")]
    pub event_log: Option<PathBuf>,
}

/// The headless tools. JSON in (stdin or `--input FILE`), JSON out; exit 2 on bad input.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Simulate one shot until every ball rests (contracts.md, `biljardi sim`).
    Sim(JsonInput),
    /// Judge one shot under the rules of a game (contracts.md, `biljardi referee`).
    Referee(JsonInput),
    /// The lag (1.2): two strokes (or a simulated lag) in, the ruling out (contracts.md).
    Lag(JsonInput),
    /// Play racks between AI levels and print one JSON summary (contracts.md, `biljardi selfplay`).
    Selfplay(SelfplayFlags),
    /// The rules-training scenarios: `demo list`, `demo run ID`, `demo run --all`, or
    /// `demo diagram ID -o shot.svg` (the scenario's shot drawn as `diagram` draws a record's).
    #[command(subcommand)]
    Demo(DemoCommand),
    /// Time the game's per-frame logic headless and print JSON.
    Bench(BenchFlags),
    /// The shot the computer would play for you: game, state and balls in, the stroke, call,
    /// estimated chances and a sentence of why out (JSON, like `referee`'s input).
    Coach(JsonInput),
    /// Re-simulate and re-judge every shot of match records (files or folders); exit 1 at the
    /// first shot whose events or decision differ, naming the first differing field.
    Replay(ReplayFlags),
    /// Draw one shot of a match record from above: paths, balls, events and the ruling.
    Diagram(DiagramFlags),
}

#[derive(Subcommand, Debug)]
pub enum DemoCommand {
    /// Print every scenario: id, game, rule numbers and title in English and Finnish.
    List,
    /// Replay scenarios headless with the real physics and referee; exit 1 if any is not ok.
    Run {
        /// The scenario's id.
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        id: Option<String>,
        /// Run every scenario.
        #[arg(long)]
        all: bool,
    },
    /// Draw a scenario's shot from above, simulated and judged, as `diagram` draws a record's.
    Diagram {
        /// The scenario's id.
        id: String,
        /// Where to write it: `.svg` or `.png` (default: SVG on standard output).
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: Option<PathBuf>,
        /// The caption's language.
        #[arg(long, value_enum, default_value = "en")]
        lang: Lang,
    },
}

#[derive(Args, Debug)]
pub struct BenchFlags {
    /// Frames to time (a break, then shots until this many frames have run).
    #[arg(long, default_value = "3000")]
    pub frames: String,
}

#[derive(Args, Debug)]
pub struct SelfplayFlags {
    /// 8ball, 9ball, 10ball or 14.1.
    #[arg(long, default_value = "9ball")]
    pub game: String,
    /// Two levels, comma-separated: beginner, amateur, pro, master.
    #[arg(long, default_value = "amateur,amateur")]
    pub players: String,
    /// How many racks to play.
    #[arg(long, default_value = "10")]
    pub racks: String,
    /// Seed of every random choice: the same seed gives the same result.
    #[arg(long, default_value = "1")]
    pub seed: String,
    /// Write every rack's match record into DIR (`<game>-rack<NNNNN>.json`), for `replay`.
    #[arg(long, value_name = "DIR")]
    pub record: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct ReplayFlags {
    /// Match records (`.json`), or folders of them.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print only records that differ, and a summary line on stderr.
    #[arg(long)]
    pub summary: bool,
}

#[derive(Args, Debug)]
pub struct DiagramFlags {
    /// A match record.
    pub file: PathBuf,
    /// The shot, from 1.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub shot: u32,
    /// Where to write it: `.svg` or `.png` (default: SVG on standard output).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The caption's language.
    #[arg(long, value_enum, default_value = "en")]
    pub lang: Lang,
}

#[derive(Args, Debug)]
pub struct JsonInput {
    /// Read the JSON input from FILE instead of standard input.
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
}

impl Cli {
    /// What the window should start with.
    pub fn launch(&self) -> crate::app::Launch {
        crate::app::Launch {
            screenshot: self.screenshot.clone(),
            screenshot_frames: self.screenshot_frames,
            game: self.game,
            table: self.table,
            lang: self.lang,
            mode: self.mode.clone(),
            level: self.level.clone(),
            camera: self.camera.clone(),
            after_break: self.after_break,
            demo: self.demo.clone(),
            graphics: self.graphics.clone(),
            event_log: self.event_log.clone(),
        }
    }
}

fn parse_game(s: &str) -> Result<RackKind, String> {
    RackKind::parse(s).ok_or_else(|| format!("unknown game {s:?} (expected 8ball, 9ball, 10ball or 14.1)"))
}

fn parse_table(s: &str) -> Result<TableSize, String> {
    TableSize::parse(s).ok_or_else(|| format!("unknown table {s:?} (expected 7ft, 8ft or 9ft)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_arguments_open_the_menu_with_the_saved_settings() {
        let cli = Cli::try_parse_from(["biljardi"]).unwrap();
        assert_eq!(cli.game, None);
        assert_eq!(cli.table, None);
        assert_eq!(cli.lang, None);
        assert!(cli.screenshot.is_none());
        assert!(cli.command.is_none());
    }

    #[test]
    fn bad_values_are_usage_errors() {
        assert!(Cli::try_parse_from(["biljardi", "--game", "snooker"]).is_err());
        assert!(Cli::try_parse_from(["biljardi", "--table", "12ft"]).is_err());
        assert!(Cli::try_parse_from(["biljardi", "--lang", "sv"]).is_err());
        let cli = Cli::try_parse_from(["biljardi", "--game", "14.1", "--table", "7ft", "--lang", "fi"]).unwrap();
        assert_eq!((cli.game, cli.lang), (Some(RackKind::StraightPool), Some(Lang::Fi)));
        assert!(Cli::try_parse_from(["biljardi", "--mode", "solo"]).is_err());
    }

    #[test]
    fn subcommands_take_an_input_file() {
        let cli = Cli::try_parse_from(["biljardi", "sim", "--input", "shot.json"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Sim(JsonInput { input: Some(_) }))));
        let cli = Cli::try_parse_from(["biljardi", "referee"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Referee(JsonInput { input: None }))));
    }

    #[test]
    fn screenshot_paths_are_checked() {
        assert!(crate::view::screenshot::check_screenshot_path(std::path::Path::new("shot.png")).is_ok());
        assert!(crate::view::screenshot::check_screenshot_path(std::path::Path::new("shot.jpg")).is_err());
        assert!(
            crate::view::screenshot::check_screenshot_path(std::path::Path::new("/no/such/folder/shot.png")).is_err()
        );
    }
}
