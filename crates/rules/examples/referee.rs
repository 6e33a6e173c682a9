//! `biljardi referee` without the game around it: JSON on stdin, decision on stdout, exit 2 on
//! bad input. `cargo run -p biljardi-rules --example referee < input.json`
use std::io::Read;

fn main() {
    let mut text = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut text) {
        eprintln!("error: cannot read standard input: {e}");
        std::process::exit(2);
    }
    match biljardi_rules::json::run(&text) {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    }
}
