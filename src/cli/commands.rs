//! The headless subcommands of `../shared/contracts.md`: read JSON (stdin or `--input FILE`),
//! hand it to the crate that owns the contract, print JSON; exit 2 on bad input.

use biljardi_physics::InputError;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

/// Reads the input, runs `tool` on it and reports the outcome as the contract asks.
pub fn run_json_tool(name: &str, input: Option<&Path>, tool: fn(&str) -> Result<String, InputError>) -> ExitCode {
    let text = match read_input(input) {
        Ok(text) => text,
        Err(msg) => {
            eprintln!("biljardi {name}: {msg}");
            return ExitCode::from(2);
        }
    };
    match tool(&text) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            // One line, naming the field.
            eprintln!("biljardi {name}: {}", err.to_string().replace('\n', " "));
            ExitCode::from(2)
        }
    }
}

fn read_input(input: Option<&Path>) -> Result<String, String> {
    match input {
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("--input {}: {e}", path.display())),
        None => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(|e| format!("standard input: {e}"))?;
            Ok(text)
        }
    }
}

/// `biljardi selfplay`: AI levels against each other with the real physics and referee.
pub fn run_selfplay(flags: &crate::cli::args::SelfplayFlags) -> ExitCode {
    use biljardi_ai::selfplay::{SelfplayArgs, run};
    let args = match SelfplayArgs::parse(&flags.game, &flags.players, &flags.racks, &flags.seed) {
        Ok(args) => SelfplayArgs { record_dir: flags.record.clone(), ..args },
        Err(err) => {
            eprintln!("biljardi selfplay: {err}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("biljardi selfplay: {msg}");
            ExitCode::FAILURE
        }
    }
}

/// `biljardi demo list | run ID | run --all` (contracts.md): exit 1 if a demo is not ok, 2 for
/// an unknown id.
pub fn run_demo(cmd: &crate::cli::args::DemoCommand) -> ExitCode {
    use crate::cli::args::DemoCommand;
    use biljardi_training::cli::{RunWhat, list_json, run_json};
    match cmd {
        DemoCommand::List => {
            print!("{}", list_json());
            ExitCode::SUCCESS
        }
        DemoCommand::Run { id, all } => {
            let what = match (id, all) {
                (_, true) => RunWhat::All,
                (Some(id), false) => RunWhat::One(id.clone()),
                (None, false) => {
                    eprintln!("biljardi demo run: give a demo id or --all");
                    return ExitCode::from(2);
                }
            };
            match run_json(what) {
                Ok((out, ok)) => {
                    print!("{out}");
                    if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE }
                }
                Err(e) => {
                    eprintln!("biljardi demo run: {e}");
                    ExitCode::from(2)
                }
            }
        }
        DemoCommand::Diagram { id, output, lang } => {
            crate::cli::records::run_demo_diagram(id, output.as_deref(), *lang)
        }
    }
}
