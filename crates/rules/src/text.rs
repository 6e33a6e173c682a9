//! A message in both languages of the game. The rulebook's Finnish original wins where the two
//! differ, so every message the referee gives exists in Finnish as well as English.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Text {
    pub en: String,
    pub fi: String,
}

impl Text {
    pub fn new(en: impl Into<String>, fi: impl Into<String>) -> Text {
        Text { en: en.into(), fi: fi.into() }
    }

    /// Sentences joined with spaces, in order.
    pub fn join(parts: &[Text]) -> Text {
        let en = parts.iter().map(|p| p.en.as_str()).collect::<Vec<_>>().join(" ");
        let fi = parts.iter().map(|p| p.fi.as_str()).collect::<Vec<_>>().join(" ");
        Text { en, fi }
    }
}
