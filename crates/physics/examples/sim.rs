//! `biljardi sim` without the game: JSON request on stdin, response on stdout, exit 2 with a
//! one-line error naming the field on bad input. For tools (e.g. `tools/compare_pooltool.py`)
//! that should not wait for the Bevy build:
//! `cargo run -q --release -p biljardi-physics --example sim < shot.json`.

use std::io::Read;

fn main() {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("cannot read standard input: {e}");
        std::process::exit(2);
    }
    match biljardi_physics::json::run(&text) {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
