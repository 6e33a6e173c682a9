//! The two languages of the game's texts.

use biljardi_rules::Game;

/// English or Finnish, as the game's `--lang en|fi`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Fi,
}

impl Lang {
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "en" => Some(Lang::En),
            "fi" => Some(Lang::Fi),
            _ => None,
        }
    }

    /// `en` or `fi`: the key of the referee's texts.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fi => "fi",
        }
    }
}

/// The game's name as the captions and summaries write it.
pub fn game_name(game: Game, lang: Lang) -> &'static str {
    match (game, lang) {
        (Game::EightBall, Lang::En) => "8-ball",
        (Game::EightBall, Lang::Fi) => "Kasipallo",
        (Game::NineBall, Lang::En) => "9-ball",
        (Game::NineBall, Lang::Fi) => "Ysipallo",
        (Game::TenBall, Lang::En) => "10-ball",
        (Game::TenBall, Lang::Fi) => "Kymppipallo",
        (Game::StraightPool, Lang::En) => "14.1 straight pool",
        (Game::StraightPool, Lang::Fi) => "14.1 suora peli",
    }
}
