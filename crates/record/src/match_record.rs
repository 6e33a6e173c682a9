//! Building a record as a match is played, and what the title menu shows of it.

use crate::format::{
    ChosenOption, FORMAT_NAME, FORMAT_VERSION, MatchRecord, OptionName, PlayerInfo, Resume, Settings, ShotEntry,
};
use crate::lang::Lang;
use biljardi_physics::BallId;
use biljardi_rules::{Decision, Game, GameOption, ShotRecord, judge};
use serde::Serialize;
use std::time::{SystemTime, UNIX_EPOCH};

/// Seconds since 1970 now (0 if the clock is before it).
pub fn now_unix_s() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

impl MatchRecord {
    /// An empty record of a match about to start.
    pub fn new(settings: Settings, players: [PlayerInfo; 2]) -> MatchRecord {
        let now = now_unix_s();
        MatchRecord {
            format: FORMAT_NAME.to_string(),
            version: FORMAT_VERSION,
            started_unix_s: now,
            updated_unix_s: now,
            settings,
            players,
            shots: Vec::new(),
            resume: None,
        }
    }

    /// Adds a judged shot (and stamps the record's time).
    pub fn push_shot(&mut self, shot: ShotEntry) {
        self.shots.push(shot);
        self.updated_unix_s = now_unix_s();
    }

    /// Notes the option the incoming player picked after the last shot (`ball`: the ball asked
    /// for with `request_spot`).
    pub fn choose_option(&mut self, option: GameOption, ball: Option<BallId>) {
        if let Some(last) = self.shots.last_mut() {
            last.option = Some(ChosenOption { option: OptionName(option), ball });
            self.updated_unix_s = now_unix_s();
        }
    }

    /// Sets where the match stands for the next shot.
    pub fn set_resume(&mut self, resume: Resume) {
        self.resume = Some(resume);
        self.updated_unix_s = now_unix_s();
    }

    /// The referee's decision on shot `i` judged again from its recorded events (no physics):
    /// the `Decision` value a resumed game needs while options are pending. `None` if there is
    /// no such shot.
    pub fn rejudge(&self, i: usize) -> Option<Decision> {
        let s = self.shots.get(i)?;
        let table = self.settings.table;
        let rec = ShotRecord::from_events(&table, &s.layout(), &s.events, &s.finals);
        Some(judge(self.settings.game, &table, &s.state, &rec, &s.call))
    }

    /// The last shot's decision judged again: see [`MatchRecord::rejudge`].
    pub fn last_decision(&self) -> Option<Decision> {
        self.rejudge(self.shots.len().checked_sub(1)?)
    }

    /// What "Continue match" shows.
    pub fn summary(&self) -> Summary {
        let game = self.settings.game;
        let resume = self.resume.as_ref();
        let racks_won = resume.map_or([0, 0], |r| r.match_state.racks_won);
        let points = resume.map(|r| r.state.score).filter(|_| game == Game::StraightPool);
        Summary {
            game,
            players: [self.players[0].name.clone(), self.players[1].name.clone()],
            mode: self.settings.mode.clone(),
            race_to: self.settings.race_to,
            racks_won,
            points,
            shots: self.shots.len(),
            updated_unix_s: self.updated_unix_s,
            finished: resume.is_some_and(|r| r.match_state.winner.is_some()),
        }
    }
}

/// The title menu's line for a saved match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub game: Game,
    pub players: [String; 2],
    pub mode: String,
    pub race_to: u32,
    /// Racks won per player.
    pub racks_won: [u32; 2],
    /// 14.1: the points of the game in progress.
    pub points: Option<[i32; 2]>,
    pub shots: usize,
    /// When the match was last saved, seconds since 1970 (UTC).
    pub updated_unix_s: u64,
    /// The match is decided (nothing to continue).
    pub finished: bool,
}

impl Summary {
    /// One line: `9-ball, Player 1 2 - 1 Player 2 (race to 5), 2026-12-05 07:30 UTC`.
    pub fn text(&self, lang: Lang) -> String {
        let game = crate::lang::game_name(self.game, lang);
        let score = match self.points {
            Some(p) => p,
            None => [self.racks_won[0] as i32, self.racks_won[1] as i32],
        };
        let race = match lang {
            Lang::En => format!("race to {}", self.race_to),
            Lang::Fi => format!("{} voittoon", self.race_to),
        };
        format!(
            "{game}, {} {} - {} {} ({race}), {}",
            self.players[0],
            score[0],
            score[1],
            self.players[1],
            crate::time::utc_text(self.updated_unix_s)
        )
    }
}

/// A record of one shot from a position: simulated and judged here. For diagrams of set-up
/// positions (the rules training's scenarios, documentation).
pub fn one_shot_record(
    settings: Settings,
    players: [PlayerInfo; 2],
    state: &biljardi_rules::GameState,
    balls: &[(BallId, [f64; 2])],
    call: biljardi_rules::Call,
    strike: biljardi_physics::Strike,
) -> MatchRecord {
    let mut shot = ShotEntry {
        rack: 0,
        shooter: state.shooter & 1,
        state: state.clone(),
        balls: balls.iter().map(|&(id, pos)| crate::format::BallPos { id, pos }).collect(),
        cue_ball_placement: None,
        call,
        strike: strike.into(),
        events: Vec::new(),
        finals: Vec::new(),
        decision: serde_json::Value::Null,
        option: None,
    };
    let played = crate::replay::play_shot(&settings, &shot);
    shot = ShotEntry::new(0, state, balls, None, call, strike, &played.events, &played.finals, &played.decision);
    let mut record = MatchRecord::new(settings, players);
    record.push_shot(shot);
    record
}
