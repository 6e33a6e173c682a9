//! The player's choices from the menu (game, mode, race, table, language, aiming aid), saved as
//! JSON in the platform's config folder. A damaged file never stops the game: it is set aside
//! as `settings.json.bad` and the defaults are used.

use crate::shared::lang::Lang;
use bevy::prelude::*;
use biljardi_ai::Level;
use biljardi_physics::TableSize;
use biljardi_rules::Game;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What the menu sets. Stored with the contract's names (`9ball`, `9ft`, `pro`).
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub game: String,
    /// `practice`, `hotseat` or `ai`.
    pub mode: String,
    pub ai_level: String,
    /// Racks to win (8, 9 and 10-ball).
    pub race_to: u32,
    /// Points to win in 14.1.
    pub points_to: u32,
    pub table: String,
    pub lang: String,
    /// Ghost ball and the first path segments while aiming.
    pub aim_aid: bool,
    pub names: [String; 2],
    /// `auto`, `low`, `medium` or `high` (`auto`: low on a software renderer, else high).
    pub graphics: String,
    /// Who breaks the first rack: `lag` (1.2, the winner of the lag chooses) or `player1`.
    pub first_break: String,
    /// Who breaks the later racks (Regulation 15): `alternate` or `winner`.
    pub break_order: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            game: "9ball".into(),
            mode: "practice".into(),
            ai_level: "amateur".into(),
            race_to: 3,
            points_to: 25,
            table: "9ft".into(),
            lang: "en".into(),
            aim_aid: true,
            names: ["Player 1".into(), "Player 2".into()],
            graphics: "auto".into(),
            first_break: "lag".into(),
            break_order: "alternate".into(),
        }
    }
}

pub const GAMES: [&str; 4] = ["8ball", "9ball", "10ball", "14.1"];
pub const MODES: [&str; 3] = ["practice", "hotseat", "ai"];
pub const LEVELS: [&str; 4] = ["beginner", "amateur", "pro", "master"];
pub const TABLES: [&str; 3] = ["7ft", "8ft", "9ft"];
pub const RACES: [u32; 7] = [1, 2, 3, 5, 7, 9, 11];
pub const POINTS: [u32; 5] = [25, 50, 75, 100, 150];
pub const GRAPHICS: [&str; 4] = ["auto", "low", "medium", "high"];
pub const FIRST_BREAKS: [&str; 2] = ["lag", "player1"];
pub const BREAK_ORDERS: [&str; 2] = ["alternate", "winner"];

impl Settings {
    pub fn game(&self) -> Game {
        Game::parse(&self.game).unwrap_or(Game::NineBall)
    }

    pub fn level(&self) -> Level {
        self.ai_level.parse().unwrap_or(Level::Amateur)
    }

    pub fn table_size(&self) -> TableSize {
        TableSize::parse(&self.table).unwrap_or(TableSize::NineFoot)
    }

    pub fn lang(&self) -> Lang {
        if self.lang == "fi" { Lang::Fi } else { Lang::En }
    }

    /// Racks to win, or points in 14.1.
    pub fn target(&self) -> u32 {
        if self.game() == Game::StraightPool { self.points_to } else { self.race_to }
    }

    /// Any unknown name replaced by its default, numbers kept in range.
    pub fn sanitized(mut self) -> Settings {
        let d = Settings::default();
        let fix = |v: &mut String, allowed: &[&str], def: &str| {
            if !allowed.contains(&v.as_str()) {
                *v = def.to_string();
            }
        };
        fix(&mut self.game, &GAMES, &d.game);
        fix(&mut self.mode, &MODES, &d.mode);
        fix(&mut self.ai_level, &LEVELS, &d.ai_level);
        fix(&mut self.table, &TABLES, &d.table);
        fix(&mut self.lang, &["en", "fi"], &d.lang);
        fix(&mut self.graphics, &GRAPHICS, &d.graphics);
        fix(&mut self.first_break, &FIRST_BREAKS, &d.first_break);
        fix(&mut self.break_order, &BREAK_ORDERS, &d.break_order);
        self.race_to = self.race_to.clamp(1, 21);
        self.points_to = self.points_to.clamp(5, 300);
        for (n, def) in self.names.iter_mut().zip(d.names) {
            let t: String = n.chars().filter(|c| !c.is_control()).take(24).collect();
            *n = if t.trim().is_empty() { def } else { t };
        }
        self
    }
}

/// Cycles `current` through `options` by `step` (+1 or -1).
pub fn cycle<T: PartialEq + Copy>(options: &[T], current: T, step: i32) -> T {
    let i = options.iter().position(|o| *o == current).unwrap_or(0) as i32;
    let n = options.len() as i32;
    options[((i + step).rem_euclid(n)) as usize]
}

/// `$BILJARDI_CONFIG_DIR`, else the platform's config folder for Biljardi (the `directories`
/// crate: `$XDG_CONFIG_HOME/biljardi` or `~/.config/biljardi` on Linux, the Application Support
/// and AppData folders on macOS and Windows).
pub fn config_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("BILJARDI_CONFIG_DIR").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(d));
    }
    directories::ProjectDirs::from("", "", "biljardi").map(|p| p.config_dir().to_path_buf())
}

pub fn settings_path() -> Option<PathBuf> {
    config_dir().map(|d| d.join("settings.json"))
}

/// Reads the saved settings; a missing file gives the defaults, a damaged one is set aside.
pub fn load() -> Settings {
    let Some(path) = settings_path() else { return Settings::default() };
    let Ok(text) = std::fs::read_to_string(&path) else { return Settings::default() };
    match serde_json::from_str::<Settings>(&text) {
        Ok(s) => s.sanitized(),
        Err(e) => {
            warn!("{}: {e}; using the default settings and keeping the file as settings.json.bad", path.display());
            let _ = std::fs::rename(&path, path.with_extension("json.bad"));
            Settings::default()
        }
    }
}

/// Writes the settings through a temporary file, so a crash never leaves half a file.
pub fn save(settings: &Settings) -> Result<(), String> {
    let path = settings_path().ok_or("no config folder (HOME is not set)")?;
    let dir = path.parent().ok_or("bad config path")?;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let tmp = path.with_extension("json.tmp");
    let text = serde_json::to_string_pretty(settings).map_err(|e| e.to_string())?;
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, &path).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_names_fall_back_to_defaults() {
        let s: Settings = serde_json::from_str(r#"{"game":"snooker","race_to":0,"lang":"fi","names":["", "Ville"]}"#)
            .map(Settings::sanitized)
            .unwrap();
        assert_eq!(s.game, "9ball");
        assert_eq!(s.race_to, 1);
        assert_eq!(s.lang(), Lang::Fi);
        assert_eq!(s.names, ["Player 1".to_string(), "Ville".to_string()]);
    }

    #[test]
    fn graphics_and_break_choices_round_trip_and_old_files_get_defaults() {
        for g in GRAPHICS {
            for (first, order) in [("lag", "winner"), ("player1", "alternate")] {
                let s = Settings {
                    graphics: g.into(),
                    first_break: first.into(),
                    break_order: order.into(),
                    ..Settings::default()
                };
                let text = serde_json::to_string(&s).unwrap();
                let back: Settings = serde_json::from_str::<Settings>(&text).unwrap().sanitized();
                assert_eq!(back, s);
            }
        }
        // A file saved before these settings existed, and one with a value we never wrote.
        let old: Settings = serde_json::from_str::<Settings>(r#"{"game":"8ball"}"#).unwrap().sanitized();
        assert_eq!(
            (old.graphics.as_str(), old.first_break.as_str(), old.break_order.as_str()),
            ("auto", "lag", "alternate")
        );
        let odd: Settings =
            serde_json::from_str::<Settings>(r#"{"graphics":"ultra","break_order":"loser"}"#).unwrap().sanitized();
        assert_eq!((odd.graphics.as_str(), odd.break_order.as_str()), ("auto", "alternate"));
    }

    #[test]
    fn cycling_wraps_both_ways() {
        assert_eq!(cycle(&GAMES, "14.1", 1), "8ball");
        assert_eq!(cycle(&GAMES, "8ball", -1), "14.1");
        assert_eq!(cycle(&RACES, 11, 1), 1);
    }
}
