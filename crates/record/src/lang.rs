//! The two languages of the game's texts.

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
