//! Embeds every scenario file of `assets/demos/` in the crate, so the binary finds them from any
//! working directory: writes `$OUT_DIR/demos.rs` with one `(file stem, include_str!(..))` entry
//! per `*.json`, sorted by file name.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let dir = manifest.join("../../assets/demos");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(&dir).map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    let mut out = String::from("/// Every scenario file: (file stem, contents), sorted by file name.\n");
    out.push_str("pub static FILES: &[(&str, &str)] = &[\n");
    for p in &files {
        println!("cargo:rerun-if-changed={}", p.display());
        let stem = p.file_stem().and_then(|s| s.to_str()).expect("file name is UTF-8");
        let abs = p.canonicalize().expect("scenario file path");
        writeln!(out, "    ({stem:?}, include_str!({:?})),", abs.display().to_string()).expect("write to a String");
    }
    out.push_str("];\n");
    let target = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("demos.rs");
    std::fs::write(target, out).expect("write demos.rs");
}
