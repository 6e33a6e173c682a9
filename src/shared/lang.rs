//! The languages every text of the game exists in.

use bevy::prelude::Resource;
use clap::ValueEnum;

/// The languages all text is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum, Resource)]
pub enum Lang {
    #[default]
    En,
    Fi,
}

impl Lang {
    /// The text in this language.
    pub fn t<'a>(self, en: &'a str, fi: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fi => fi,
        }
    }

    pub fn code(self) -> &'static str {
        self.t("en", "fi")
    }
}
