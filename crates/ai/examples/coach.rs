//! `cargo run -p biljardi-ai --release --example coach -- [--input FILE] < position.json`
//! The same as `biljardi coach` without building the game: JSON in (`game`, `table`, `state`,
//! `balls` as in the referee's input, optional `level` (default `master`) and `seed`), the
//! advice as JSON out; exit 2 with one line naming the field on bad input.
//!
//! Example: `echo '{"game":"9ball","balls":[{"id":"cue","pos":[-0.6,0.1]},{"id":"1","pos":[0.5,0.3]},{"id":"9","pos":[0.9,-0.3]}],"level":"pro"}' | cargo run -p biljardi-ai --release --example coach`

mod common;

use std::io::Read;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = common::flag(&args, "--input", "");
    let text = if file.is_empty() {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            eprintln!("input: cannot read standard input: {e}");
            std::process::exit(2);
        }
        s
    } else {
        match std::fs::read_to_string(&file) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("--input: cannot read {file}: {e}");
                std::process::exit(2);
            }
        }
    };
    match biljardi_ai::coach_json(&text) {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
