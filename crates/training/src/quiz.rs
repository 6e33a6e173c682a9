//! The quiz: before the referee's decision is shown, the player predicts it. The questions and
//! their answers come from the scenario's expected decision (which the tests check the referee
//! reaches), so a right answer is the referee's ruling.

use crate::scenario::Scenario;
use biljardi_rules::BallInHand;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    En,
    Fi,
}

impl Lang {
    fn pick<'a>(self, en: &'a str, fi: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fi => fi,
        }
    }
}

/// What a question asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    /// Foul or not.
    Foul,
    /// Which rule the foul breaks.
    FoulRule,
    /// Who shoots next (or nobody: the game is over).
    NextShooter,
    /// How the incoming player places the cue ball.
    BallInHand,
    /// Which choices the incoming player has.
    Options,
    /// 14.1: the shooter's points on this shot.
    Points,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Question {
    pub topic: Topic,
    pub prompt: String,
    pub choices: Vec<String>,
    /// Index into `choices` of the right answer.
    pub answer: usize,
    /// Shown after answering: why.
    pub explanation: String,
}

impl Question {
    pub fn is_correct(&self, choice: usize) -> bool {
        choice == self.answer
    }
}

/// Right answers out of questions answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub correct: u32,
    pub asked: u32,
}

impl Score {
    /// Records an answer; returns whether it was right.
    pub fn answer(&mut self, q: &Question, choice: usize) -> bool {
        let ok = q.is_correct(choice);
        self.asked += 1;
        if ok {
            self.correct += 1;
        }
        ok
    }

    /// Percent right, 0 before any question.
    pub fn percent(&self) -> u32 {
        (self.correct * 100).checked_div(self.asked).unwrap_or(0)
    }
}

fn player(n: u8, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Player {}", n + 1),
        Lang::Fi => format!("Pelaaja {}", n + 1),
    }
}

fn bih_text(b: BallInHand, lang: Lang) -> String {
    match b {
        BallInHand::None => lang.pick("From where the cue ball lies", "Lyöntipallo pelataan paikaltaan"),
        BallInHand::Anywhere => lang.pick("Ball in hand anywhere on the table", "Vapaa käsipallo koko pöydälle"),
        BallInHand::BehindHeadString => {
            lang.pick("Ball in hand behind the head string", "Käsipallo aloituslinjan takaa")
        }
    }
    .to_string()
}

/// The option's short name in `lang` (the contract's names: `shoot`, `pass_back`, ...).
pub fn option_text(name: &str, lang: Lang) -> String {
    let (en, fi) = match name {
        "shoot" => ("shoot from the position", "lyödä tilanteesta"),
        "pass_back" => ("pass the shot back", "antaa lyönnin takaisin"),
        "accept_table" => ("accept the table", "hyväksyä pöytätilanteen"),
        "take_ball_in_hand" => ("take ball in hand behind the head string", "ottaa käsipallon aloituslinjan takaa"),
        "rerack_and_break" => ("rerack and break", "koota pakan ja aloittaa"),
        "rebreak_by_breaker" => ("have the breaker break again", "laittaa aloittajan aloittamaan uudestaan"),
        "spot_eight" => ("spot the 8 and play on", "spotata kasin ja jatkaa"),
        "request_spot" => ("ask for a ball to be spotted", "pyytää pallon spottaamista"),
        other => (other, other),
    };
    lang.pick(en, fi).to_string()
}

fn options_text(opts: &[String], lang: Lang) -> String {
    if opts.is_empty() {
        return lang.pick("No choice: just shoot", "Ei valintaa: lyödään").to_string();
    }
    let parts: Vec<String> = opts.iter().map(|o| option_text(o, lang)).collect();
    let mut s = parts.join(lang.pick(" or ", " tai "));
    if let Some(c) = s.get(0..1) {
        s = c.to_uppercase() + &s[1..];
    }
    s
}

/// Places `right` among `others` (duplicates dropped) at a position that depends on the scenario,
/// so the right answer is not always first; at most four choices. Returns the choices and the answer's index.
fn shuffle(id: &str, salt: usize, right: String, others: Vec<String>) -> (Vec<String>, usize) {
    let mut choices: Vec<String> = Vec::new();
    for o in others {
        if o != right && !choices.contains(&o) {
            choices.push(o);
        }
    }
    choices.truncate(3);
    let h = id.bytes().fold(salt, |h, b| h.wrapping_mul(31).wrapping_add(b as usize));
    let at = h % (choices.len() + 1);
    choices.insert(at, right);
    (choices, at)
}

/// The quiz questions for `s` in `lang`: foul or not, which rule, who shoots next, the cue ball,
/// the incoming player's options and (14.1) the points, each only where the scenario's expected
/// decision says.
pub fn questions(s: &Scenario, lang: Lang) -> Vec<Question> {
    let d = &s.expected.decision;
    let mut out = Vec::new();
    let game_over = d.game_over.unwrap_or(false);
    if let Some(foul) = d.foul {
        let (yes, no) = (lang.pick("Foul", "Virhe").to_string(), lang.pick("No foul", "Ei virhettä").to_string());
        let (choices, answer) = (vec![yes, no], if foul { 0 } else { 1 });
        let fouls = d.fouls.clone().unwrap_or_default();
        let explanation = if foul {
            match lang {
                Lang::En => format!("Foul under rule {}.", fouls.join(", ")),
                Lang::Fi => format!("Virhe, sääntö {}.", fouls.join(", ")),
            }
        } else {
            lang.pick("The shot was legal.", "Lyönti oli laillinen.").to_string()
        };
        out.push(Question {
            topic: Topic::Foul,
            prompt: lang.pick("Is this shot a foul?", "Onko lyönti virhe?").to_string(),
            choices,
            answer,
            explanation,
        });
        if let Some(rule) = fouls.first().filter(|_| foul) {
            let label = |r: &str| match crate::rulebook::title(r) {
                Some(t) => format!("{r} {}", lang.pick(&t.en, &t.fi)),
                None => r.to_string(),
            };
            let pool = ["6.1", "6.2", "6.3", "6.7", "6.5", "6.11", "2.3", "3.3", "4.3", "9.3"];
            let others: Vec<String> =
                pool.iter().filter(|r| !fouls.iter().any(|f| f == *r)).take(3).map(|r| label(r)).collect();
            let (choices, answer) = shuffle(&s.id, 1, label(rule), others);
            out.push(Question {
                topic: Topic::FoulRule,
                prompt: lang.pick("Which rule does the shot break?", "Mitä sääntöä lyönti rikkoo?").to_string(),
                choices,
                answer,
                explanation: label(rule),
            });
        }
    }
    if d.next_shooter.is_some() || game_over {
        let next = d.next_shooter.unwrap_or_default();
        let over = lang.pick("Nobody: the game is over", "Ei kukaan: peli päättyi").to_string();
        let right = if game_over { over.clone() } else { player(next, lang) };
        let choices = vec![player(0, lang), player(1, lang), over];
        let answer = choices.iter().position(|c| *c == right).unwrap_or(0);
        let explanation = match (game_over, d.winner.flatten(), lang) {
            (true, Some(w), Lang::En) => format!("Player {} wins the game.", w + 1),
            (true, Some(w), Lang::Fi) => format!("Pelaaja {} voittaa pelin.", w + 1),
            _ => right.clone(),
        };
        out.push(Question {
            topic: Topic::NextShooter,
            prompt: lang.pick("Who shoots next?", "Kuka lyö seuraavaksi?").to_string(),
            choices,
            answer,
            explanation,
        });
    }
    if let (Some(bih), false) = (d.ball_in_hand, game_over) {
        let choices: Vec<String> = [BallInHand::None, BallInHand::Anywhere, BallInHand::BehindHeadString]
            .iter()
            .map(|b| bih_text(*b, lang))
            .collect();
        let answer = [BallInHand::None, BallInHand::Anywhere, BallInHand::BehindHeadString]
            .iter()
            .position(|b| *b == bih)
            .unwrap_or(0);
        out.push(Question {
            topic: Topic::BallInHand,
            prompt: lang.pick("How does the next shot start?", "Miten seuraava lyönti aloitetaan?").to_string(),
            explanation: choices[answer].clone(),
            choices,
            answer,
        });
    }
    if let (Some(opts), false) = (&d.options, game_over) {
        let right = options_text(opts, lang);
        let alternatives: [&[&str]; 6] = [
            &[],
            &["shoot", "pass_back"],
            &["accept_table", "rerack_and_break", "rebreak_by_breaker"],
            &["shoot", "take_ball_in_hand"],
            &["spot_eight", "rerack_and_break"],
            &["accept_table", "rebreak_by_breaker"],
        ];
        let others: Vec<String> = alternatives
            .iter()
            .map(|a| options_text(&a.iter().map(|s| s.to_string()).collect::<Vec<_>>(), lang))
            .filter(|t| *t != right)
            .take(3)
            .collect();
        let (choices, answer) = shuffle(&s.id, 2, right.clone(), others);
        out.push(Question {
            topic: Topic::Options,
            prompt: lang
                .pick("What may the incoming player choose?", "Mitä vuoroon tuleva pelaaja voi valita?")
                .to_string(),
            choices,
            answer,
            explanation: right,
        });
    }
    if let (Some(points), biljardi_rules::Game::StraightPool) = (d.points, s.game) {
        let me = s.state.shooter();
        let p = points[me];
        let fmt = |n: i32| format!("{n:+}");
        let others = [p - 1, p + 1, -p, 0, 1, -1, -16, -2].into_iter().map(fmt).collect();
        let (choices, answer) = shuffle(&s.id, 3, fmt(p), others);
        out.push(Question {
            topic: Topic::Points,
            prompt: lang
                .pick(
                    "How many points does the shooter get for this shot?",
                    "Montako pistettä lyöjä saa tästä lyönnistä?",
                )
                .to_string(),
            explanation: choices[answer].clone(),
            choices,
            answer,
        });
    }
    out
}
