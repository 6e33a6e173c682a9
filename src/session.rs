//! One match at the table: whose turn it is, where the balls lie between shots, and what the
//! referee's last decision asks for next. Plain Rust (no systems): the Bevy side feeds it shots
//! and player choices, and the same flow runs in headless tests.
//!
//! Everything that decides comes from `biljardi-rules` (`judge`, `match_play`) and the table
//! that follows a decision from `biljardi_ai::table_ops`, so the game, the AI's look-ahead and
//! self-play all agree on what the next table is.

use biljardi_ai::{Level, table_ops};
use biljardi_physics::{Ball, BallId, Event, FinalBall, Params, Strike, Table};
use biljardi_rules::match_play::{Match, MatchSettings};
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
        };
        s.rack();
        s
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
