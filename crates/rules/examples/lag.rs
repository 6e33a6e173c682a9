//! `biljardi lag` as a stand-alone example (contracts.md): the request as JSON on stdin or
//! `--input FILE`, the outcome as JSON on stdout; bad input exits 2 with one line naming the field.
//!
//! ```sh
//! echo '{"strokes": [{"player": 0, "pos": [-0.9, 0.3], "strike": {"speed": 1.5, "phi": 0}},
//!                    {"player": 1, "pos": [-0.9, -0.3], "strike": {"speed": 1.6, "phi": 0, "delay": 0.2}}]}' \
//!   | cargo run -q -p biljardi-rules --example lag
//! ```
//! (`tests/lag_fixtures/*.json` hold such requests in their `input` field.)

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let text = match args.as_slice() {
        [flag, path] if flag == "--input" => std::fs::read_to_string(path).map_err(|e| format!("--input: {path}: {e}")),
        [] => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map(|_| s).map_err(|e| format!("stdin: {e}"))
        }
        _ => Err("usage: lag [--input FILE] (JSON on stdin otherwise)".to_string()),
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match biljardi_rules::lag_json::lag_json(&text) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
