//! kill -9 during saving: a writer process saves records in a loop and is killed at random
//! moments; each time the save must load as a whole record, the last one completed or the one
//! being written, never a broken one.
//!
//! The writer is this same test binary run again with `BILJARDI_KILL_WRITER` set, filtered to
//! the `writer` test (no extra binary to build).

mod common;

use biljardi_record::MatchRecord;
use biljardi_record::store::{LoadOutcome, load, save, temp_path};
use rand::{Rng, SeedableRng};
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ENV: &str = "BILJARDI_KILL_WRITER";
const KILLS: usize = 30;

/// Record `n` of the sequence: the test match cut to `1 + n % len` shots, numbered by
/// `updated_unix_s` so the loader can tell which it got.
fn nth(base: &MatchRecord, n: u64) -> MatchRecord {
    let mut r = base.clone();
    r.shots.truncate(1 + (n as usize % base.shots.len()));
    r.updated_unix_s = n;
    // The writer built its base at another second.
    r.started_unix_s = 0;
    r
}

/// The writer: saves records n = start, start + 1, ... and prints each n once it is saved.
#[test]
fn writer() {
    let Ok(spec) = std::env::var(ENV) else { return };
    let (path, start) = spec.split_once('|').unwrap();
    let start: u64 = start.parse().unwrap();
    let base = common::play_match(12, 21);
    for n in start.. {
        save(&PathBuf::from(path), &nth(&base, n)).unwrap();
        println!("saved {n}");
    }
}

#[test]
fn kill_nine_leaves_the_previous_or_the_new_record() {
    let dir = std::env::temp_dir().join(format!("biljardi-record-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("autosave.json");
    let base = common::play_match(12, 21);
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let (mut next, mut kills, mut mid_save) = (0u64, 0, 0);
    let exe = std::env::current_exe().unwrap();
    for _ in 0..KILLS {
        let mut child = Command::new(&exe)
            .args(["--exact", "writer", "--nocapture", "--test-threads", "1"])
            .env(ENV, format!("{}|{next}", path.display()))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Wait for a first save (so the kill lands inside the loop), then a random moment.
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut last_done: Option<u64> = None;
        let t0 = Instant::now();
        while last_done.is_none() && t0.elapsed() < Duration::from_secs(60) {
            match lines.next() {
                Some(Ok(l)) => last_done = l.strip_prefix("saved ").and_then(|n| n.parse().ok()),
                _ => break,
            }
        }
        let done = last_done.expect("the writer saved nothing");
        std::thread::sleep(Duration::from_micros(rng.random_range(0..30_000)));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        kills += 1;
        // A temporary file left behind: the kill landed inside a save.
        if temp_path(&path).exists() {
            mid_save += 1;
        }
        // Saves reported after the first one may be unread; what counts is what is on disk.
        match load(&path) {
            LoadOutcome::Loaded(r) => {
                let n = r.updated_unix_s;
                assert!(n >= done, "went back: loaded {n} after {done} was saved");
                assert!(*r == nth(&base, n), "record {n} is not the one written");
                next = n + 1;
            }
            other => panic!("after kill {kills}: {other:?}"),
        }
    }
    assert_eq!(kills, KILLS);
    eprintln!("{kills} kills, {mid_save} of them inside a save");
    assert!(mid_save > 0, "no kill landed inside a save: the test proves nothing");
    let _ = std::fs::remove_dir_all(&dir);
}
