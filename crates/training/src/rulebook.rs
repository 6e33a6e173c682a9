//! Rule numbers and their titles in both languages, for the training's "rule" panel and for
//! checking that scenarios cite rules that exist. The table lives in the rules crate
//! (`biljardi_rules::rulebook`); this module only adds the checks the training needs.

use biljardi_rules::Text;

pub use biljardi_rules::rulebook::RULES;

/// The title of rule `number` (`"6.2"`; a clause letter falls back to its rule), or `None` if the
/// rulebook has no such rule.
pub fn title(number: &str) -> Option<Text> {
    biljardi_rules::rulebook::title(number)
}

/// True when the rulebook has rule `number`.
pub fn exists(number: &str) -> bool {
    title(number).is_some()
}
