//! `biljardi`: the game, or with a subcommand a headless command-line tool.

use biljardi::cli::Cli;
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Some(command) => biljardi::cli::run(command),
        None => biljardi::app::run(cli.launch()),
    }
}
