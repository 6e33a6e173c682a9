//! `biljardi demo` (contracts.md): the root binary parses the arguments and prints these.
//!
//! - `demo list` -> [`list_json`]: `[{"id", "game", "rules", "title": {"en", "fi"}}]`.
//! - `demo run ID` -> [`run_json`] with [`RunWhat::One`]: one object `{"id", "ok", "expected",
//!   "actual"}`; `demo run --all` -> [`RunWhat::All`]: an array of those objects, in list order.
//!   The `bool` is true when every demo is ok (exit 0), else exit 1.
//! - An unknown id is an [`UnknownDemo`] error (print it, exit 2).

use crate::{DemoResult, find, list, run, scenarios};
use std::fmt;

/// Which demos `demo run` replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunWhat {
    One(String),
    All,
}

/// `demo run` was given an id no scenario has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownDemo(pub String);

impl fmt::Display for UnknownDemo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown demo {:?} (`biljardi demo list` shows the ids)", self.0)
    }
}

impl std::error::Error for UnknownDemo {}

/// `biljardi demo list`, with a trailing newline.
pub fn list_json() -> String {
    let mut out = serde_json::to_string(&list()).unwrap_or_else(|_| "[]".to_string());
    out.push('\n');
    out
}

/// `biljardi demo run`: the JSON document (trailing newline) and whether every demo was ok.
pub fn run_json(what: RunWhat) -> Result<(String, bool), UnknownDemo> {
    let results: Vec<DemoResult> = match &what {
        RunWhat::One(id) => vec![run(&find(id).ok_or_else(|| UnknownDemo(id.clone()))?)],
        RunWhat::All => {
            let all = scenarios();
            let bar = progress_bar(all.len() as u64);
            let results = all.iter().map(|s| {
                bar.set_message(s.id.clone());
                let r = run(s);
                bar.inc(1);
                r
            });
            let results = results.collect();
            bar.finish_and_clear();
            results
        }
    };
    let ok = results.iter().all(|r| r.ok);
    let json = match what {
        RunWhat::One(_) => serde_json::to_string(&results[0]),
        RunWhat::All => serde_json::to_string(&results),
    };
    let mut out = json.unwrap_or_default();
    out.push('\n');
    Ok((out, ok))
}

/// A progress bar on stderr when a person watches it (stderr is a terminal); hidden otherwise,
/// so scripts and CI logs get the JSON alone.
fn progress_bar(len: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} demos {msg}") {
        bar.set_style(style);
    }
    bar
}
