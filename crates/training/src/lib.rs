//! Biljardi's rules training: scripted demo scenarios (`assets/demos/*.json`, embedded in the
//! crate) that the real physics plays and the real referee judges, and a quiz built on them.
//!
//! - [`list`], [`scenarios`], [`find`]: the scenarios (sorted by game, then group, then id).
//! - [`run`]: replay one and compare with what it expects ([`DemoResult`], the contract's
//!   `{"id", "ok", "expected", "actual"}`); [`replay`] gives the game the events, the decision
//!   and the [`Timeline`] of key moments to pause at.
//! - [`cli`]: `biljardi demo list` and `biljardi demo run ID|--all` as JSON text.
//! - [`quiz`]: questions about a scenario's decision with the answer, and a [`quiz::Score`].
//! - [`rulebook`]: rule numbers with their titles in both languages.

pub mod cli;
pub mod quiz;
pub mod rulebook;
pub mod runner;
pub mod scenario;

pub use runner::{DemoResult, PocketAt, Replay, Timeline, replay, run};
pub use scenario::{Expected, ExpectedDecision, ExpectedEvents, Narration, PauseAt, Scenario, Script, StrikeSpec};

use biljardi_rules::{Game, Text};
use serde::Serialize;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/demos.rs"));
}

/// The raw scenario files, `(file stem, JSON text)`, sorted by file name.
pub fn files() -> &'static [(&'static str, &'static str)] {
    embedded::FILES
}

/// One entry of `biljardi demo list`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DemoSummary {
    pub id: String,
    pub game: Game,
    pub rules: Vec<String>,
    pub title: Text,
}

fn game_order(g: Game) -> usize {
    Game::ALL.iter().position(|x| *x == g).unwrap_or(usize::MAX)
}

/// Every scenario, sorted by game (8-ball, 9-ball, 10-ball, 14.1), then group, then id.
///
/// # Panics
/// If an embedded file does not parse; the crate's tests guarantee they all do.
pub fn scenarios() -> Vec<Scenario> {
    let mut all: Vec<Scenario> = files()
        .iter()
        .map(|(name, text)| Scenario::parse(text).unwrap_or_else(|e| panic!("assets/demos/{name}.json: {e}")))
        .collect();
    all.sort_by(|a, b| (game_order(a.game), &a.group, &a.id).cmp(&(game_order(b.game), &b.group, &b.id)));
    all
}

/// The scenario with this id.
pub fn find(id: &str) -> Option<Scenario> {
    files().iter().find(|(name, _)| *name == id).and_then(|(_, text)| Scenario::parse(text).ok())
}

/// The menu's list, in [`scenarios`] order.
pub fn list() -> Vec<DemoSummary> {
    scenarios().into_iter().map(|s| DemoSummary { id: s.id, game: s.game, rules: s.rules, title: s.title }).collect()
}

/// The scenarios of one game grouped by rule topic, for the training menu.
pub fn groups(game: Game) -> Vec<(String, Vec<Scenario>)> {
    let mut out: Vec<(String, Vec<Scenario>)> = Vec::new();
    for s in scenarios().into_iter().filter(|s| s.game == game) {
        match out.last_mut() {
            Some((g, v)) if *g == s.group => v.push(s),
            _ => out.push((s.group.clone(), vec![s])),
        }
    }
    out
}
