//! The shared core of every game's ruling: what a game looks at ([`Ctx`]) and what it fills
//! ([`Verdict`]); finishing a verdict places spotted balls (1.4), adds the 1.5 spot request and
//! the 6.14 warning, and writes the messages. It never names a game module: the games use it,
//! and `judge` picks the game from its table.

use crate::call::Call;
use crate::decision::{Decision, Foul, GameOption, OptionDetail, Placed};
use crate::game::{BallInHand, Game};
use crate::general;
use crate::record::ShotRecord;
use crate::spot::spot_balls;
use crate::state::GameState;
use crate::text::Text;
use biljardi_physics::{BallId, Table};

/// Everything a game's rules look at.
pub(crate) struct Ctx<'a> {
    pub game: Game,
    pub table: &'a Table,
    pub state: &'a GameState,
    pub rec: &'a ShotRecord,
    pub call: &'a Call,
}

impl Ctx<'_> {
    pub fn shooter(&self) -> usize {
        self.state.shooter()
    }

    pub fn opponent(&self) -> usize {
        self.state.opponent()
    }

    /// The state carried to the next shot before a game changes it: never a break or push out.
    pub fn next_state(&self) -> GameState {
        GameState {
            is_break: false,
            push_out_allowed: false,
            ball_in_hand: BallInHand::None,
            // 8.11: whoever takes the break is this game's breaker.
            breaker: if self.state.is_break { Some(self.shooter() as u8) } else { self.state.breaker },
            // 6.14: the referee warns whoever comes to the table with two fouls (`finish`).
            warned: [true, true],
            ..self.state.clone()
        }
    }
}

/// A game's ruling before the shared finishing touches.
pub(crate) struct Verdict {
    pub fouls: Vec<Foul>,
    pub rules: Vec<&'static str>,
    pub say: Vec<Text>,
    pub spot: Vec<BallId>,
    pub placed: Vec<Placed>,
    pub rerack: bool,
    /// With `rerack`: the object balls that form the new rack.
    pub rerack_balls: Vec<BallId>,
    /// The state for the next shot (after the first option, if any).
    pub state: GameState,
    /// Every option with the state it leads to; the first is the default in `state`.
    pub options: Vec<(GameOption, GameState)>,
    /// The rule that gives each option, parallel to `options`.
    pub option_rules: Vec<&'static str>,
    pub winner: Option<usize>,
    pub points: [i32; 2],
}

impl Verdict {
    pub fn new(ctx: &Ctx) -> Verdict {
        Verdict {
            fouls: Vec::new(),
            rules: Vec::new(),
            say: Vec::new(),
            spot: Vec::new(),
            placed: Vec::new(),
            rerack: false,
            rerack_balls: Vec::new(),
            state: ctx.next_state(),
            options: Vec::new(),
            option_rules: Vec::new(),
            winner: None,
            points: [0, 0],
        }
    }

    /// Cites `rule` and says why.
    pub fn rule(&mut self, rule: &'static str, en: impl Into<String>, fi: impl Into<String>) {
        if !self.rules.contains(&rule) {
            self.rules.push(rule);
        }
        self.say.push(Text::new(en, fi));
    }

    pub fn cite(&mut self, rule: &'static str) {
        if !self.rules.contains(&rule) {
            self.rules.push(rule);
        }
    }

    /// Offers the incoming player `choices` under `rule`; the first is the default.
    pub fn offer(&mut self, rule: &'static str, choices: Vec<(GameOption, GameState)>) {
        self.cite(rule);
        for c in choices {
            self.option_rules.push(rule);
            self.options.push(c);
        }
    }

    pub fn add_fouls(&mut self, fouls: &[Foul]) {
        for f in fouls {
            self.cite(f.rule);
            self.fouls.push(f.clone());
        }
    }

    /// The shooter's consecutive fouls with this one (6.14): one more, except that a player
    /// who was not warned of two fouls standing (`state.warned`) stays at two.
    pub fn count_foul(&mut self, ctx: &Ctx) -> u8 {
        let me = ctx.shooter();
        let before = ctx.state.fouls[me];
        if before >= 2 && !ctx.state.warned[me] {
            self.rule(
                "6.14",
                format!("Player {} was not warned of two fouls standing: this foul counts only as the second.", me + 1),
                format!(
                    "Pelaajaa {} ei varoitettu kahdesta peräkkäisestä virheestä: tämä virhe lasketaan vain toiseksi.",
                    me + 1
                ),
            );
            return 2;
        }
        before.saturating_add(1)
    }

    /// The next shot is `player`'s, placing the cue ball as `bih`.
    pub fn pass_to(&mut self, player: usize, bih: BallInHand) {
        self.state.shooter = player as u8;
        self.state.ball_in_hand = bih;
    }

    /// Ends the game with `winner`; the next rack is broken by the other player than this
    /// game's breaker (alternating breaks, the standard practice of 2.1, 3.1, 9.1).
    pub fn win(&mut self, ctx: &Ctx, winner: usize) {
        self.winner = Some(winner);
        let breaker = self.state.breaker.unwrap_or(ctx.state.shooter) as usize & 1;
        let mut next = GameState::new_rack(1 - breaker as u8);
        next.fouls = [0, 0];
        next.score = self.state.score;
        next.target_score = ctx.state.target_score;
        next.shot_clock_s = ctx.state.shot_clock_s;
        self.state = next;
        self.options.clear();
        self.option_rules.clear();
    }

    pub(crate) fn finish(mut self, ctx: &Ctx) -> Decision {
        let table = ctx.table;
        let rec = ctx.rec;
        if !self.spot.is_empty() {
            let resting: Vec<(BallId, [f64; 2])> = rec
                .resting()
                .filter(|(b, _)| !self.spot.contains(b))
                .chain(self.placed.iter().map(|p| (p.id, p.pos)))
                .collect();
            let mut spotted = spot_balls(table, &resting, &self.spot);
            // In spotting order; a ball with no room left on the bed stays listed but unplaced
            // (only on a table too small for its balls; `json::run` refuses such a table).
            let mut order: Vec<BallId> = spotted.iter().map(|p| p.id).collect();
            for b in self.spot.clone() {
                if !order.contains(&b) {
                    order.push(b);
                    self.rule(
                        "1.4",
                        format!("There is no free place on the bed to spot the {b}."),
                        format!("Pöydällä ei ole vapaata paikkaa {b}-pallon spottaamiseen."),
                    );
                }
            }
            self.spot = order;
            self.cite("1.4");
            spotted.extend(self.placed);
            self.placed = spotted;
        }
        let mut request_spot = Vec::new();
        if self.winner.is_none() && !self.rerack && self.state.ball_in_hand == BallInHand::BehindHeadString {
            request_spot = general::request_spot_candidates(table, self.object_positions_after(ctx));
            if !request_spot.is_empty() {
                self.rule(
                    "1.5",
                    "Every object ball is behind the head string: the incoming player may ask for the one nearest the head string to be spotted.",
                    "Kaikki kohdepallot ovat aloituslinjan takana: vuoroon tuleva pelaaja voi pyytää aloituslinjaa lähimmän pallon spottaamista.",
                );
                if self.options.is_empty() {
                    self.offer("1.5", vec![(GameOption::Shoot, self.state.clone())]);
                }
                self.offer("1.5", vec![(GameOption::RequestSpot, self.state.clone())]);
            }
        }
        if let Some((_, s)) = self.options.first() {
            self.state = s.clone();
        }
        let next = self.state.shooter();
        let game_over = self.winner.is_some();
        let warning = (!game_over && ctx.game.three_foul_rule() && self.state.fouls[next] >= 2).then(|| {
            let n = next + 1;
            if ctx.game == Game::StraightPool {
                Text::new(
                    format!("Warning (6.14): player {n} has two consecutive fouls; a third costs 15 more points (4.11)."),
                    format!("Varoitus (6.14): pelaajalla {n} on kaksi peräkkäistä virhettä; kolmas maksaa 15 lisäpistettä (4.11)."),
                )
            } else {
                Text::new(
                    format!("Warning (6.14): player {n} has two consecutive fouls; a third loses the game."),
                    format!("Varoitus (6.14): pelaajalla {n} on kaksi peräkkäistä virhettä; kolmannesta seuraa pelin häviö."),
                )
            }
        });
        if warning.is_some() {
            self.cite("6.14");
        }
        let mut say: Vec<Text> = self
            .fouls
            .iter()
            .map(|f| Text::new(format!("Foul {}: {}", f.rule, f.en), format!("Virhe {}: {}", f.rule, f.fi)))
            .collect();
        say.extend(self.say);
        if let Some(w) = &warning {
            say.push(w.clone());
        }
        match self.winner {
            Some(w) => say.push(Text::new(
                format!("Player {} wins the game.", w + 1),
                format!("Pelaaja {} voittaa pelin.", w + 1),
            )),
            None if !self.options.is_empty() => {
                let n = next + 1;
                let names: Vec<&str> = self.options.iter().map(|(o, _)| o.name()).collect();
                say.push(Text::new(
                    format!("Player {n} chooses: {}.", names.join(", ")),
                    format!("Pelaaja {n} valitsee: {}.", names.join(", ")),
                ));
            }
            None => say.push(next_text(next, self.state.ball_in_hand)),
        }
        Decision {
            foul: !self.fouls.is_empty(),
            fouls: self.fouls,
            pocketed: rec.objects_pocketed().map(|(b, _)| b).collect(),
            spot: self.spot,
            placed: self.placed,
            rerack: self.rerack,
            rerack_balls: self.rerack_balls,
            next_shooter: next as u8,
            ball_in_hand: self.state.ball_in_hand,
            options: self.options.iter().map(|(o, _)| *o).collect(),
            game_over,
            winner: self.winner.map(|w| w as u8),
            points: self.points,
            state: self.state,
            explanation: Text::join(&say),
            rules: self.rules,
            warning,
            option_details: self
                .options
                .iter()
                .zip(&self.option_rules)
                .map(|((o, _), rule)| OptionDetail::new(*o, rule))
                .collect(),
            option_states: self.options,
            request_spot,
            off_table: rec.off_table.objects().iter().collect(),
        }
    }

    /// Object balls on the bed for the next shot: those resting plus those placed.
    fn object_positions_after(&self, ctx: &Ctx) -> Vec<(BallId, [f64; 2])> {
        ctx.rec
            .resting()
            .filter(|(b, _)| !b.is_cue())
            .chain(self.placed.iter().filter(|p| !p.id.is_cue()).map(|p| (p.id, p.pos)))
            .collect()
    }
}

fn next_text(next: usize, bih: BallInHand) -> Text {
    let n = next + 1;
    match bih {
        BallInHand::None => Text::new(format!("Player {n} to shoot."), format!("Pelaaja {n} lyö.")),
        BallInHand::Anywhere => Text::new(
            format!("Player {n} to shoot with cue ball in hand anywhere."),
            format!("Pelaaja {n} lyö vapaalla käsipallolla."),
        ),
        BallInHand::BehindHeadString => Text::new(
            format!("Player {n} to shoot with cue ball in hand behind the head string."),
            format!("Pelaaja {n} lyö käsipallolla aloituslinjan takaa."),
        ),
    }
}
