//! `cargo run -p biljardi-record --release --example replay -- FILE...` (or a folder of records):
//! replays every shot of each record and prints one JSON report per file; exit 1 at the first
//! difference, 2 on a record that cannot be read. The same as `biljardi replay FILE`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let summary = args.iter().any(|a| a == "--summary");
    let named: Vec<PathBuf> = args.iter().filter(|a| !a.starts_with("--")).map(PathBuf::from).collect();
    let files = match biljardi_record::replay::record_files(&named) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    if files.is_empty() {
        eprintln!("usage: replay FILE|DIR... [--summary]");
        return ExitCode::from(2);
    }
    let t0 = Instant::now();
    let (mut shots, mut bytes, mut differ) = (0usize, 0usize, 0usize);
    for f in &files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", f.display());
                return ExitCode::from(2);
            }
        };
        bytes += text.len();
        match biljardi_record::replay::replay_json(&text) {
            Ok(out) => {
                if !summary || !out.identical {
                    print!("{}", out.json);
                }
                if let Ok(v) = serde_json::from_str::<serde_json::Value>(&out.json) {
                    shots += v["shots"].as_u64().unwrap_or(0) as usize;
                }
                if !out.identical {
                    eprintln!("{}: differs", f.display());
                    differ += 1;
                }
            }
            Err(e) => {
                eprintln!("{}: {e}", f.display());
                return ExitCode::from(2);
            }
        }
    }
    let s = t0.elapsed().as_secs_f64();
    if summary {
        println!(
            "{}",
            serde_json::json!({"files": files.len(), "differ": differ, "shots": shots, "seconds": s,
                "shots_per_second": shots as f64 / s, "bytes_per_file": bytes / files.len()})
        );
    }
    if differ > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
