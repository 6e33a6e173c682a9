//! `cargo run -p biljardi-record --release --example save_time -- RECORD.json... [--dir DIR]`:
//! times the autosave as the game does it, after every judged shot the whole match so far
//! written atomically (temp file, fsync, rename, folder fsync), for every prefix of each record.
//! Prints the per-shot times (mean, p50, p95, max, ms) and the size of the last save.

use biljardi_record::{parse_record, store};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = args
        .iter()
        .position(|a| a == "--dir")
        .and_then(|i| args.get(i + 1))
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("biljardi-save-time"));
    let path = dir.join(store::AUTOSAVE_FILE);
    let mut times: Vec<f64> = Vec::new();
    let mut serialise: Vec<f64> = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    for f in args.iter().filter(|a| a.ends_with(".json")) {
        let Ok(text) = std::fs::read_to_string(f) else {
            eprintln!("{f}: cannot read");
            std::process::exit(2);
        };
        let full = match parse_record(&text) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{f}: {e}");
                std::process::exit(2);
            }
        };
        let mut r = full.clone();
        r.shots.clear();
        for shot in &full.shots {
            r.shots.push(shot.clone());
            let t0 = Instant::now();
            let bytes = serde_json::to_vec(&r).unwrap_or_default();
            serialise.push(t0.elapsed().as_secs_f64() * 1e3);
            let t0 = Instant::now();
            if let Err(e) = store::save(&path, &r) {
                eprintln!("{}: {e}", path.display());
                std::process::exit(1);
            }
            times.push(t0.elapsed().as_secs_f64() * 1e3);
            sizes.push(bytes.len());
        }
    }
    times.sort_by(f64::total_cmp);
    let q = |v: &[f64], p: f64| v.get(((v.len().max(1) - 1) as f64 * p).round() as usize).copied().unwrap_or(0.0);
    let mean = times.iter().sum::<f64>() / times.len().max(1) as f64;
    serialise.sort_by(f64::total_cmp);
    println!(
        "{}",
        serde_json::json!({"saves": times.len(), "save_ms": {"mean": mean, "p50": q(&times, 0.5), "p95": q(&times, 0.95),
            "max": q(&times, 1.0)}, "serialise_ms_p50": q(&serialise, 0.5), "serialise_ms_p95": q(&serialise, 0.95),
            "largest_bytes": sizes.iter().max(), "dir": dir.display().to_string()})
    );
}
