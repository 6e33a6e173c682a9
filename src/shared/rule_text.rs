//! The rulebook's titles for the rule numbers the referee cites, in the player's language.

use crate::shared::lang::Lang;

/// The title of `rule` (a number, maybe with a clause letter), e.g. "6.3 No Rail after Contact".
pub fn title(rule: &str, lang: Lang) -> Option<String> {
    biljardi_rules::rulebook::title(rule).map(|t| if lang == Lang::Fi { t.fi } else { t.en })
}
