//! `cargo run -p biljardi-record --example diagram -- FILE --shot N [-o shot.svg|shot.png] [--lang en|fi]`
//! draws shot N (from 1) of a match record: SVG or PNG by the output's extension (SVG on
//! stdout without `-o`). Exit 2 with the field on a bad record or argument.

use biljardi_record::{Lang, diagram, parse_record};
use std::process::ExitCode;

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("diagram: {msg}");
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().position(|a| a == f).and_then(|i| args.get(i + 1)).cloned();
    let Some(file) = args.first().filter(|a| !a.starts_with('-')) else {
        return fail("usage: diagram FILE --shot N [-o OUT.svg|OUT.png] [--lang en|fi]");
    };
    let shot: usize = match flag("--shot").map(|s| s.parse::<usize>()) {
        Some(Ok(n)) if n >= 1 => n - 1,
        _ => return fail("--shot: expected a shot number from 1"),
    };
    let Some(lang) = Lang::parse(&flag("--lang").unwrap_or_else(|| "en".into())) else {
        return fail("--lang: expected en or fi");
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => return fail(format!("{file}: {e}")),
    };
    let record = match parse_record(&text) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let svg = match diagram::diagram_svg(&record, shot, lang) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    match flag("-o") {
        None => {
            println!("{svg}");
            ExitCode::SUCCESS
        }
        Some(out) => {
            let bytes = if out.ends_with(".png") {
                match diagram::render_png(&svg) {
                    Ok(b) => b,
                    Err(e) => return fail(e),
                }
            } else {
                svg.into_bytes()
            };
            match std::fs::write(&out, bytes) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(format!("{out}: {e}")),
            }
        }
    }
}
