//! `cargo run -p biljardi-ai --release --example selfplay -- --game 9ball --players pro,amateur --racks 100 --seed 7`
//! The same as `biljardi selfplay` without building the game; `--record DIR` writes every rack's
//! match record to DIR.

mod common;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let get = |flag: &str, default: &str| common::flag(&args, flag, default);
    let parsed = biljardi_ai::SelfplayArgs::parse(
        &get("--game", "9ball"),
        &get("--players", "amateur,amateur"),
        &get("--racks", "10"),
        &get("--seed", "0"),
    );
    // `--record DIR`: every rack's match record (biljardi-record) goes there.
    let parsed = parsed.map(|mut a| {
        a.record_dir = args.iter().position(|x| x == "--record").and_then(|i| args.get(i + 1)).map(Into::into);
        a
    });
    match parsed {
        Ok(a) => match biljardi_ai::selfplay::run(&a) {
            Ok(out) => print!("{out}"),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        },
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}
