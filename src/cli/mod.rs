//! The command line: with no subcommand `biljardi` opens the game (`crate::app`); subcommands are
//! the headless tools of `../shared/contracts.md`. `args` parses, this module dispatches.

pub mod args;
pub mod bench;
pub mod commands;
pub mod records;

pub use args::{Cli, Command};
use commands::run_json_tool;
use std::process::ExitCode;

/// Runs a subcommand; returns the process exit code.
pub fn run(command: &Command) -> ExitCode {
    match command {
        Command::Sim(io) => run_json_tool("sim", io.input.as_deref(), biljardi_physics::json::run),
        Command::Referee(io) => run_json_tool("referee", io.input.as_deref(), biljardi_rules::json::run),
        Command::Lag(io) => run_json_tool("lag", io.input.as_deref(), biljardi_rules::lag_json::lag_json),
        Command::Selfplay(flags) => commands::run_selfplay(flags),
        Command::Demo(demo) => commands::run_demo(demo),
        Command::Bench(flags) => bench::run(flags),
        Command::Coach(io) => run_json_tool("coach", io.input.as_deref(), biljardi_ai::coach_json),
        Command::Replay(flags) => records::run_replay(flags),
        Command::Diagram(flags) => records::run_diagram(flags),
    }
}
