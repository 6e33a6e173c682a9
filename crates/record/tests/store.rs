//! Saves: written atomically, read back; truncated, bit-flipped, wrong-type, unreadable and
//! newer-version files are moved aside with a timestamp (never deleted) and reported in
//! English and Finnish.

mod common;

use biljardi_record::store::{LoadOutcome, load, save, temp_path};
use biljardi_record::{FORMAT_VERSION, Lang};
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};

/// A fresh empty folder under the system's temp folder, removed with everything in it when
/// the test ends (the moved-aside files included).
fn folder(name: &str) -> tempfile::TempDir {
    tempfile::Builder::new().prefix(&format!("biljardi-record-test-{name}-")).tempdir().unwrap()
}

/// Every file in `dir` but `except`, with its bytes.
fn others(dir: &Path, except: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p != except)
        .map(|p| {
            let b = std::fs::read(&p).unwrap_or_default();
            (p, b)
        })
        .collect();
    v.sort();
    v
}

/// Loads `bytes` written to a save; a file that does not load must have been moved aside intact.
fn load_bytes(dir: &Path, bytes: &[u8]) -> LoadOutcome {
    let path = dir.join("autosave.json");
    std::fs::write(&path, bytes).unwrap();
    let out = load(&path);
    match &out {
        LoadOutcome::Loaded(_) => assert!(path.exists()),
        LoadOutcome::Damaged { moved_to, .. } | LoadOutcome::TooNew { moved_to, .. } => {
            let moved = moved_to.as_ref().expect("moved aside");
            assert!(!path.exists(), "the damaged file is still in place");
            assert_eq!(std::fs::read(moved).unwrap(), bytes, "the moved file is not the original");
            let name = moved.file_name().unwrap().to_string_lossy().into_owned();
            assert!(name.starts_with("autosave.damaged-2") || name.starts_with("autosave.newer-2"), "{name}");
            std::fs::remove_file(moved).unwrap();
        }
        LoadOutcome::Missing => panic!("a written file reads as missing"),
    }
    out
}

#[test]
fn save_and_load() {
    let dir = folder("roundtrip");
    let path = dir.path().join("autosave.json");
    assert!(matches!(load(&path), LoadOutcome::Missing));
    assert_eq!(load(&path).message(Lang::En), None);
    let r = common::play_match(5, 11);
    save(&path, &r).unwrap();
    assert!(!temp_path(&path).exists(), "the temporary file is left behind");
    match load(&path) {
        LoadOutcome::Loaded(back) => assert_eq!(*back, r),
        other => panic!("{other:?}"),
    }
    // A second save replaces the first.
    let r2 = common::play_match(7, 12);
    save(&path, &r2).unwrap();
    assert_eq!(load(&path).record(), Some(&r2));
    assert_eq!(others(dir.path(), &path).len(), 0);
}

#[test]
fn truncated_saves_are_moved_aside() {
    let dir = folder("truncated");
    let bytes = serde_json::to_vec(&common::play_match(4, 13)).unwrap();
    let mut rng = rand_chacha_like(1);
    let mut cuts: Vec<usize> = (0..40).map(|_| rng.random_range(0..bytes.len())).collect();
    cuts.extend([0, 1, bytes.len() / 2, bytes.len() - 1]);
    for cut in cuts {
        let out = load_bytes(dir.path(), &bytes[..cut]);
        assert!(matches!(out, LoadOutcome::Damaged { .. }), "cut at {cut}: {out:?}");
        let en = out.message(Lang::En).unwrap();
        let fi = out.message(Lang::Fi).unwrap();
        assert!(en.contains("could not be read") && en.contains("kept as"), "{en}");
        assert!(fi.contains("ei voitu lukea") && fi.contains("säilytettiin"), "{fi}");
    }
}

#[test]
fn bit_flipped_saves_never_load_broken() {
    let dir = folder("flipped");
    let r = common::play_match(4, 14);
    let bytes = serde_json::to_vec(&r).unwrap();
    let mut rng = rand_chacha_like(2);
    let (mut damaged, mut loaded) = (0, 0);
    for _ in 0..200 {
        let mut b = bytes.clone();
        let i = rng.random_range(0..b.len());
        b[i] ^= 1 << rng.random_range(0..8);
        match load_bytes(dir.path(), &b) {
            // A flip inside a number or a name can leave a valid record (no checksum): then it
            // must pass every check and replay without a panic.
            LoadOutcome::Loaded(x) => {
                loaded += 1;
                let _ = biljardi_record::replay::replay(&x);
            }
            LoadOutcome::Damaged { .. } | LoadOutcome::TooNew { .. } => damaged += 1,
            LoadOutcome::Missing => unreachable!(),
        }
    }
    assert!(damaged > 0 && damaged + loaded == 200);
    // Flips that break the structure are always caught: the first byte, the version's value.
    let mut b = bytes.clone();
    b[0] ^= 0x01;
    assert!(matches!(load_bytes(dir.path(), &b), LoadOutcome::Damaged { .. }));
}

#[test]
fn wrong_types_future_versions_and_unreadable_files() {
    let dir = folder("types");
    let v = serde_json::to_value(common::play_match(3, 15)).unwrap();
    for (field, value) in [
        ("version", serde_json::json!("1")),
        ("shots", serde_json::json!({"a": 1})),
        ("players", serde_json::json!(3)),
        ("settings", serde_json::json!(null)),
    ] {
        let mut w = v.clone();
        w[field] = value;
        let out = load_bytes(dir.path(), w.to_string().as_bytes());
        match &out {
            LoadOutcome::Damaged { error, .. } => assert!(error.starts_with(field), "{field}: {error}"),
            other => panic!("{field}: {other:?}"),
        }
    }
    for bytes in [&b"[]"[..], b"null", b"\xff\xfe not text", b"{\"format\": \"biljardi-match\"}"] {
        assert!(matches!(load_bytes(dir.path(), bytes), LoadOutcome::Damaged { .. }));
    }
    // A newer version is refused by its number, not read.
    let mut w = v.clone();
    w["version"] = serde_json::json!(FORMAT_VERSION + 1);
    w["shots"] = serde_json::json!("a field whose meaning changed");
    let out = load_bytes(dir.path(), w.to_string().as_bytes());
    assert!(matches!(out, LoadOutcome::TooNew { version, .. } if version == u64::from(FORMAT_VERSION) + 1), "{out:?}");
    assert!(out.message(Lang::En).unwrap().contains("newer version"));
    assert!(out.message(Lang::Fi).unwrap().contains("uudemmasta versiosta"));
    // A folder where the save should be: unreadable, moved aside too.
    let path = dir.path().join("autosave.json");
    std::fs::create_dir_all(path.join("inside")).unwrap();
    match load(&path) {
        LoadOutcome::Damaged { moved_to: Some(m), .. } => assert!(m.join("inside").exists() && !path.exists()),
        other => panic!("{other:?}"),
    }
}

/// A seeded generator (fixed seeds: the same cases every run).
fn rand_chacha_like(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}
