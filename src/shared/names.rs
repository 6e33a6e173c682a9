//! The names of games and computer levels in the player's language.

use crate::shared::lang::Lang;
use biljardi_rules::Game;

/// A game's name in English and Finnish.
pub fn game_name(game: Game, lang: Lang) -> &'static str {
    match game {
        Game::EightBall => lang.t("8-ball", "Kasipallo"),
        Game::NineBall => lang.t("9-ball", "Ysipallo"),
        Game::TenBall => lang.t("10-ball", "Kymppipallo"),
        Game::StraightPool => lang.t("14.1 straight pool", "14.1 jatkuva"),
    }
}

/// A computer level's name in English and Finnish.
pub fn level_name(level: biljardi_ai::Level, lang: Lang) -> &'static str {
    use biljardi_ai::Level::*;
    match level {
        Beginner => lang.t("beginner", "aloittelija"),
        Amateur => lang.t("amateur", "amatööri"),
        Pro => lang.t("pro", "ammattilainen"),
        Master => lang.t("master", "mestari"),
    }
}
