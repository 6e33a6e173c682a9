//! One match at the table: whose turn it is, where the balls lie between shots, and what the
//! referee's last decision asks for next. Plain Rust (no systems): the Bevy side feeds it shots
//! and player choices, and the same flow runs in headless tests.
//!
//! Everything that decides comes from `biljardi-rules` (`judge`, `match_play`) and the table
//! that follows a decision from `biljardi_ai::table_ops`, so the game, the AI's look-ahead and
//! self-play all agree on what the next table is.

use crate::game::lag::{self, FirstBreak, Lag};
use bevy::prelude::{Deref, DerefMut, Resource};
use biljardi_ai::{Level, table_ops};
use biljardi_physics::{Ball, BallId, Event, FinalBall, Params, Strike, Table};
use biljardi_rules::lag::LagOutcome;
use biljardi_rules::match_play::{BreakOrder, Match, MatchSettings};
use biljardi_rules::{BallInHand, Call, Decision, Game, GameOption, GameState, RecordBuilder, judge};

/// Balls resting on the bed: id and centre [x, y] in metres.
pub type Layout = Vec<(BallId, [f64; 2])>;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Ai(Level),
}

/// How the session is played (the menu's mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// One person plays both seats and may move balls, undo and replay.
    #[default]
    Practice,
    /// Two people take turns at one machine.
    Hotseat,
    /// A person against the AI at a level.
    VsAi(Level),
}

impl Mode {
    /// The mode a saved setting names (`practice`, `hotseat` or `ai`; the level for `ai`).
    pub fn from_setting(mode: &str, level: Level) -> Mode {
        match mode {
            "hotseat" => Mode::Hotseat,
            "ai" => Mode::VsAi(level),
            _ => Mode::Practice,
        }
    }
}

/// What the table waits for.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// The shooter places the cue ball (1.5): anywhere, or behind the head string.
    PlaceCue { zone: BallInHand },
    /// The shooter aims and strikes.
    Aim,
    /// Balls are rolling.
    Shooting,
    /// The incoming player (the decision's `next_shooter`) picks one of the decision's options.
    Options,
    /// A rack has ended; `next_rack` racks the next.
    RackOver { winner: u8 },
    /// The match is decided.
    MatchOver { winner: u8 },
    /// 1.2: `winner` won the lag and chooses who breaks the first rack.
    LagWon { winner: u8 },
}

/// Why the shooter of a rack's break is breaking (the HUD says it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BreakReason {
    /// The first rack: the lag's winner chose to break.
    WonLagAndBreaks,
    /// The first rack: the lag's winner let the other player break.
    LagWinnerPassed,
    /// The first rack, without a lag: player 1 breaks.
    PlayerOneFirst,
    /// Regulation 15 as chosen: alternating breaks.
    Alternate,
    /// Regulation 15 as chosen: the winner of the last rack breaks.
    WinnerBreaks,
}

/// Why a request was refused (shown to the player, never a crash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotNow,
    IllegalPlacement,
    NotOffered,
    NothingToUndo,
}

/// One shot as struck, kept for replay.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StrokeRecord {
    pub call: Call,
    pub strike: Strike,
}

#[derive(Clone, Debug)]
struct Saved {
    state: GameState,
    balls: Layout,
    cue_hand: Option<[f64; 2]>,
    phase: Phase,
    match_: Match,
    last: Option<Decision>,
}

/// The match at the table.
#[derive(Clone, Debug)]
pub struct Session {
    pub game: Game,
    pub table: Table,
    pub params: Params,
    pub mode: Mode,
    pub seats: [Seat; 2],
    pub match_: Match,
    /// The state of the shot to be played (or, in `Options`, of the shot just judged).
    pub state: GameState,
    /// Balls at rest. Without the cue ball while it is in hand.
    pub balls: Layout,
    /// Where the cue ball is held while in hand (not yet confirmed).
    pub cue_hand: Option<[f64; 2]>,
    pub phase: Phase,
    /// The referee's latest decision.
    pub last: Option<Decision>,
    /// The resting balls of the judged shot while options are pending.
    resting: Layout,
    /// The table before each shot, for undo (practice).
    history: Vec<Saved>,
    /// Balls when the current shot was struck.
    before: Layout,
    /// The call of the shot being played.
    pending_call: Call,
    pub last_stroke: Option<StrokeRecord>,
    pub shots: u32,
    /// The lag (1.2) while it is being played, and its last ruling after.
    pub lag: Option<Lag>,
    /// The lag's winner and whether they chose to break.
    pub lag_choice: Option<(u8, bool)>,
}

impl Session {
    /// A new match: the first rack with player 0 breaking (1.2: the lag winner chooses; in the
    /// game player 1 starts, the menu names the players).
    pub fn new(game: Game, table: Table, mode: Mode, race_to: u32) -> Session {
        let seats = match mode {
            Mode::VsAi(level) => [Seat::Human, Seat::Ai(level)],
            _ => [Seat::Human, Seat::Human],
        };
        let settings =
            MatchSettings { game, race_to: race_to.max(1), break_order: Default::default(), shot_clock_s: None };
        let match_ = Match::start(settings, 0);
        let mut s = Session {
            game,
            table,
            params: Params::default(),
            mode,
            seats,
            state: match_.rack_state(),
            match_,
            balls: Vec::new(),
            cue_hand: None,
            phase: Phase::Aim,
            last: None,
            resting: Vec::new(),
            history: Vec::new(),
            before: Vec::new(),
            pending_call: Call::None,
            last_stroke: None,
            shots: 0,
            lag: None,
            lag_choice: None,
        };
        s.rack();
        s
    }

    /// A match as the menu sets it up: the first breaker by the lag (1.2) or player 1, the later
    /// ones by Regulation 15's `order`. A practice match (one person at both seats) has no lag.
    pub fn start(game: Game, table: Table, mode: Mode, race_to: u32, first: FirstBreak, order: BreakOrder) -> Session {
        let mut s = Session::new(game, table, mode, race_to);
        s.match_.settings.break_order = order;
        if first == FirstBreak::Lag && mode != Mode::Practice {
            s.begin_lag();
        }
        s
    }

    /// The balls as they lay when the current (or last) shot was struck.
    pub fn shot_start_balls(&self) -> &[(BallId, [f64; 2])] {
        &self.before
    }

    /// The call of the shot being played.
    pub fn pending_call(&self) -> Call {
        self.pending_call
    }

    /// The match a record's resume point describes (`None` if it has none, or it is over).
    pub fn resume(record: &biljardi_record::MatchRecord) -> Option<Session> {
        let r = record.resume.as_ref()?;
        if r.match_state.winner.is_some() {
            return None;
        }
        let st = &record.settings;
        let level = record.players.iter().find_map(|p| p.level.as_deref().and_then(|l| l.parse::<Level>().ok()));
        let mode = Mode::from_setting(&st.mode, level.unwrap_or(Level::Amateur));
        let mut s = Session::new(st.game, st.table, mode, st.race_to);
        s.params = st.params;
        s.match_ = r.match_state.clone();
        s.state = r.state.clone();
        s.balls = r.balls.iter().map(|b| (b.id, b.pos)).collect();
        s.balls.sort_by_key(|b| b.0);
        s.shots = record.shots.len() as u32;
        s.last = record.last_decision();
        use biljardi_record::format::ResumePhase;
        match r.phase {
            ResumePhase::Options if s.last.is_some() => {
                s.resting = s.balls.clone();
                s.phase = Phase::Options;
            }
            ResumePhase::RackOver => {
                let winner = s.last.as_ref().and_then(|d| d.winner).unwrap_or(0);
                s.phase = Phase::RackOver { winner };
            }
            _ => s.enter_shot_phase(),
        }
        Some(s)
    }

    /// True while the lag is being played (aimed, rolling or its winner choosing).
    pub fn lagging(&self) -> bool {
        self.lag.is_some() && self.lag_choice.is_none()
    }

    /// Sets up a lag (again, after a relag): both balls at their spots, player 1 to stroke. The
    /// aiming player's ball is the cue ball, so aiming works as for any shot.
    fn begin_lag(&mut self) {
        let mut lag = self.lag.take().unwrap_or_default();
        lag.strokes = [None, None];
        lag.rounds += 1;
        self.lag = Some(lag);
        self.state.shooter = 0;
        self.balls = lag::aiming_layout(&self.table, 0);
        self.cue_hand = None;
        self.phase = Phase::Aim;
    }

    /// A player's lag stroke. The first waits; with the second, returns both strokes to play
    /// together (the bed then holds the balls as `lag::lag_simulation` places them).
    pub fn lag_stroke(&mut self, strike: Strike) -> Result<Option<[Strike; 2]>, Refusal> {
        if !self.lagging() || self.phase != Phase::Aim {
            return Err(Refusal::NotNow);
        }
        let player = self.state.shooter & 1;
        let Some(lag) = self.lag.as_mut() else { return Err(Refusal::NotNow) };
        lag.strokes[player as usize] = Some(strike);
        match lag.strokes {
            [Some(a), Some(b)] => {
                let spots = lag::lag_spots(&self.table);
                self.balls = vec![(lag::lag_ball(0), spots[0]), (lag::lag_ball(1), spots[1])];
                self.balls.sort_by_key(|b| b.0);
                self.phase = Phase::Shooting;
                Ok(Some([a, b]))
            }
            _ => {
                self.state.shooter = 1 - player;
                self.balls = lag::aiming_layout(&self.table, 1 - player);
                Ok(None)
            }
        }
    }

    /// Judges the played lag (1.2): a winner chooses who breaks, a relag sets the balls again.
    pub fn finish_lag(&mut self, events: &[Event], finals: &[FinalBall]) -> Result<LagOutcome, Refusal> {
        if !self.lagging() || self.phase != Phase::Shooting {
            return Err(Refusal::NotNow);
        }
        let outcome = lag::judge(&self.table, events, finals);
        if let Some(lag) = self.lag.as_mut() {
            lag.outcome = Some(outcome.clone());
        }
        match &outcome {
            LagOutcome::Winner { player, .. } => {
                self.balls = finals
                    .iter()
                    .filter_map(|f| match f.fate {
                        biljardi_physics::BallFate::OnTable { pos } => Some((f.id, pos)),
                        _ => None,
                    })
                    .collect();
                self.phase = Phase::LagWon { winner: player & 1 };
            }
            LagOutcome::Relag(_) => self.begin_lag(),
        }
        Ok(outcome)
    }

    /// The lag's winner chooses: break (`true`) or let the other player break; the first rack
    /// is racked.
    pub fn choose_breaker(&mut self, winner_breaks: bool) -> Result<(), Refusal> {
        let Phase::LagWon { winner } = self.phase else { return Err(Refusal::NotNow) };
        let outcome = self.lag.as_ref().and_then(|l| l.outcome.clone()).ok_or(Refusal::NotNow)?;
        let m = Match::from_lag(self.match_.settings.clone(), &outcome, winner_breaks).ok_or(Refusal::NotNow)?;
        self.match_ = m;
        self.state = self.match_.rack_state();
        self.lag_choice = Some((winner, winner_breaks));
        self.last = None;
        self.history.clear();
        self.rack();
        Ok(())
    }

    /// Why the current rack's breaker breaks.
    pub fn break_reason(&self) -> BreakReason {
        let racks_played = self.match_.racks_won[0] + self.match_.racks_won[1];
        match (racks_played, self.lag_choice) {
            (0, Some((_, true))) => BreakReason::WonLagAndBreaks,
            (0, Some((_, false))) => BreakReason::LagWinnerPassed,
            (0, None) => BreakReason::PlayerOneFirst,
            _ if self.match_.settings.break_order == BreakOrder::WinnerBreaks => BreakReason::WinnerBreaks,
            _ => BreakReason::Alternate,
        }
    }

    /// Racks the balls for the state's break, cue ball in hand behind the head string.
    fn rack(&mut self) {
        self.balls = table_ops::fresh_rack(self.game, &self.table);
        self.balls.sort_by_key(|b| b.0);
        self.enter_shot_phase();
    }

    /// After the state and balls are set: ball in hand or aim.
    fn enter_shot_phase(&mut self) {
        let zone = self.state.placement();
        let cue_on = self.balls.iter().any(|b| b.0.is_cue());
        if zone != BallInHand::None || !cue_on {
            let zone = if zone == BallInHand::None { BallInHand::Anywhere } else { zone };
            self.balls.retain(|b| !b.0.is_cue());
            let proposal = self.default_cue_spot(zone);
            self.cue_hand = Some(proposal);
            self.phase = Phase::PlaceCue { zone };
        } else {
            self.cue_hand = None;
            self.phase = Phase::Aim;
        }
    }

    /// A legal first position for the cue ball in hand: on the long string behind the head
    /// string (or anywhere), moved along it until clear.
    fn default_cue_spot(&self, zone: BallInHand) -> [f64; 2] {
        let start = self.table.head_string_x() - 0.12;
        for k in 0..400 {
            for sign in [1.0, -1.0] {
                let p = [start, sign * k as f64 * 0.005];
                if table_ops::placement_ok(&self.table, &self.balls, zone, p) {
                    return p;
                }
            }
        }
        [start, 0.0]
    }

    /// The player to act now: the shooter, or the one choosing an option.
    pub fn to_act(&self) -> u8 {
        match (&self.phase, &self.last) {
            (Phase::LagWon { winner }, _) => *winner,
            (Phase::Options, Some(d)) => d.next_shooter & 1,
            _ => self.state.shooter & 1,
        }
    }

    pub fn seat_to_act(&self) -> Seat {
        self.seats[self.to_act() as usize]
    }

    /// The balls on the bed as the physics should have them now (the held cue ball included).
    pub fn bed_balls(&self) -> Vec<Ball> {
        let mut v: Vec<Ball> = self.balls.iter().map(|(id, p)| Ball::at_rest(*id, *p)).collect();
        if let Some(p) = self.cue_hand {
            v.push(Ball::at_rest(BallId::CUE, p));
        }
        v
    }

    /// The cue ball's position, held or on the bed.
    pub fn cue_pos(&self) -> Option<[f64; 2]> {
        self.cue_hand.or_else(|| self.balls.iter().find(|b| b.0.is_cue()).map(|b| b.1))
    }

    /// Moves the cue ball in hand to `p` if that is a legal place (1.5, 8.1).
    pub fn hold_cue_at(&mut self, p: [f64; 2]) -> Result<(), Refusal> {
        let Phase::PlaceCue { zone } = self.phase else { return Err(Refusal::NotNow) };
        if !table_ops::placement_ok(&self.table, &self.balls, zone, p) {
            return Err(Refusal::IllegalPlacement);
        }
        self.cue_hand = Some(p);
        Ok(())
    }

    /// True if the cue ball may be placed at `p` now.
    pub fn placement_ok(&self, p: [f64; 2]) -> bool {
        match self.phase {
            Phase::PlaceCue { zone } => table_ops::placement_ok(&self.table, &self.balls, zone, p),
            _ => false,
        }
    }

    /// Ends ball in hand: the cue ball lies where it is held.
    pub fn confirm_cue(&mut self) -> Result<(), Refusal> {
        let (Phase::PlaceCue { .. }, Some(p)) = (&self.phase, self.cue_hand) else { return Err(Refusal::NotNow) };
        self.balls.push((BallId::CUE, p));
        self.balls.sort_by_key(|b| b.0);
        self.cue_hand = None;
        self.phase = Phase::Aim;
        Ok(())
    }

    /// Practice only: puts any ball (not in hand) somewhere else on the bed.
    pub fn move_ball(&mut self, id: BallId, p: [f64; 2]) -> Result<(), Refusal> {
        if self.mode != Mode::Practice || !matches!(self.phase, Phase::Aim | Phase::PlaceCue { .. }) {
            return Err(Refusal::NotNow);
        }
        let others: Layout = self.balls.iter().copied().filter(|b| b.0 != id).collect();
        if !table_ops::placement_ok(&self.table, &others, BallInHand::Anywhere, p)
            || self.cue_hand.is_some_and(|c| dist(c, p) < 2.0 * biljardi_physics::BALL_RADIUS_M)
        {
            return Err(Refusal::IllegalPlacement);
        }
        self.balls = others;
        self.balls.push((id, p));
        self.balls.sort_by_key(|b| b.0);
        Ok(())
    }

    /// Whether the shooter may call a push out now (2.4, 9.4).
    pub fn push_out_allowed(&self) -> bool {
        self.phase == Phase::Aim && self.state.push_out_allowed && !self.state.is_break
    }

    /// Whether the game asks the shooter to call ball and pocket (3.6, 4.5, 9.5; not on a break).
    pub fn calls_shots(&self) -> bool {
        !self.state.is_break && matches!(self.game, Game::EightBall | Game::TenBall | Game::StraightPool)
    }

    /// Starts the shot: returns the balls the physics must hold when `strike` is applied.
    pub fn begin_shot(&mut self, call: Call, strike: Strike) -> Result<Vec<Ball>, Refusal> {
        if self.phase != Phase::Aim {
            return Err(Refusal::NotNow);
        }
        if call.is_push_out() && !self.push_out_allowed() {
            return Err(Refusal::NotOffered);
        }
        self.history.push(self.save());
        self.before = self.balls.clone();
        self.last_stroke = Some(StrokeRecord { call, strike });
        self.pending_call = call;
        self.phase = Phase::Shooting;
        self.shots += 1;
        Ok(self.bed_balls())
    }

    /// Judges the shot from the physics' events and where the balls ended, and moves the match
    /// on. Returns the referee's decision.
    pub fn finish_shot(&mut self, events: &[Event], finals: &[FinalBall]) -> Result<Decision, Refusal> {
        if self.phase != Phase::Shooting {
            return Err(Refusal::NotNow);
        }
        let mut rec = RecordBuilder::new(&self.table, &self.before);
        for e in events {
            rec.push(e);
        }
        let record = rec.finish(finals);
        let call = self.pending_call;
        let d = judge(self.game, &self.table, &self.state, &record, &call);
        self.resting = record.resting().collect();
        self.resting.sort_by_key(|b| b.0);
        self.last = Some(d.clone());
        if d.game_over {
            let winner = d.winner.unwrap_or(d.next_shooter) & 1;
            self.balls = self.resting.clone();
            self.match_.record_rack(winner);
            self.phase = match self.match_.winner {
                Some(w) => Phase::MatchOver { winner: w },
                None => Phase::RackOver { winner },
            };
        } else if !d.options.is_empty() {
            self.balls = self.resting.clone();
            self.phase = Phase::Options;
        } else {
            self.apply(None);
        }
        Ok(d)
    }

    fn apply(&mut self, option: Option<GameOption>) {
        let Some(d) = self.last.clone() else { return };
        let (state, balls) = table_ops::apply(self.game, &self.table, &d, &self.resting, option);
        self.state = state;
        self.balls = balls;
        self.enter_shot_phase();
    }

    /// The incoming player picks an option of the last decision (push out reply, break foul,
    /// wrongly pocketed ball, 8 on the break ...). `RequestSpot` spots the decision's first
    /// candidate; `request_spot` names another.
    pub fn choose(&mut self, option: GameOption) -> Result<(), Refusal> {
        let offered = self.last.as_ref().is_some_and(|d| d.options.contains(&option));
        if self.phase != Phase::Options || !offered {
            return Err(Refusal::NotOffered);
        }
        if option == GameOption::RequestSpot {
            let ball = self.last.as_ref().and_then(|d| d.request_spot.first().copied());
            return match ball {
                Some(b) => self.request_spot(b),
                None => Err(Refusal::NotOffered),
            };
        }
        self.apply(Some(option));
        Ok(())
    }

    /// 1.5: spot `ball` (one of the decision's candidates) and take ball in hand.
    pub fn request_spot(&mut self, ball: BallId) -> Result<(), Refusal> {
        let ok = self
            .last
            .as_ref()
            .is_some_and(|d| d.options.contains(&GameOption::RequestSpot) && d.request_spot.contains(&ball));
        if self.phase != Phase::Options || !ok {
            return Err(Refusal::NotOffered);
        }
        self.apply(Some(GameOption::RequestSpot));
        let with_cue: Layout = self.balls.clone();
        self.balls = table_ops::request_spot(&self.table, &with_cue, ball);
        self.balls.retain(|b| !b.0.is_cue());
        self.enter_shot_phase();
        Ok(())
    }

    /// Plays a whole shot at once with the physics (no frames): for tests, screenshots and
    /// demos. Places a cue ball in hand where it is held first.
    pub fn play_instantly(&mut self, call: Call, strike: Strike) -> Result<Decision, Refusal> {
        if matches!(self.phase, Phase::PlaceCue { .. }) {
            self.confirm_cue()?;
        }
        let balls = self.begin_shot(call, strike)?;
        let mut sim = biljardi_physics::Simulation::new(self.table, self.params, balls);
        let mut events: Vec<Event> = sim.strike(BallId::CUE, strike).into_iter().collect();
        events.extend(sim.run_to_rest());
        self.finish_shot(&events, &sim.final_balls())
    }

    /// Racks the next game of the match.
    pub fn next_rack(&mut self) -> Result<(), Refusal> {
        if !matches!(self.phase, Phase::RackOver { .. }) {
            return Err(Refusal::NotNow);
        }
        self.state = self.match_.rack_state();
        self.last = None;
        self.history.clear();
        self.rack();
        Ok(())
    }

    /// Practice: takes back the last shot (the table, the state and the match as before it).
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if self.phase == Phase::Shooting {
            return Err(Refusal::NotNow);
        }
        let s = self.history.pop().ok_or(Refusal::NothingToUndo)?;
        self.restore(s);
        Ok(())
    }

    /// Practice: puts the table back as before the last shot and returns that shot to play again.
    pub fn replay(&mut self) -> Result<StrokeRecord, Refusal> {
        let stroke = self.last_stroke.ok_or(Refusal::NothingToUndo)?;
        self.undo()?;
        Ok(stroke)
    }

    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }

    fn save(&self) -> Saved {
        Saved {
            state: self.state.clone(),
            balls: self.balls.clone(),
            cue_hand: self.cue_hand,
            phase: self.phase.clone(),
            match_: self.match_.clone(),
            last: self.last.clone(),
        }
    }

    fn restore(&mut self, s: Saved) {
        self.state = s.state;
        self.balls = s.balls;
        self.cue_hand = s.cue_hand;
        self.phase = s.phase;
        self.match_ = s.match_;
        self.last = s.last;
    }

    /// Object balls still on the table, lowest first.
    pub fn object_balls(&self) -> Vec<BallId> {
        self.balls.iter().map(|b| b.0).filter(|b| !b.is_cue()).collect()
    }

    /// The lowest-numbered ball on the table (9-ball and 10-ball: the ball on, 2.3, 9.3).
    pub fn lowest_ball(&self) -> Option<BallId> {
        self.object_balls().into_iter().min()
    }
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// The match being played. Present only while a game is on.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct SessionRes(pub Session);
