//! Bad input, named by its field, and the short forms error messages print values in (an input
//! may put a megabyte, or `1e308`, where a number belongs).

use std::fmt;

/// Bad input: which field, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// A JSON path such as `balls[3].pos` or `table.length`.
    pub field: String,
    pub message: String,
}

impl InputError {
    /// An error at `field`; the message is cut to 200 characters, so a message quoting a bad
    /// value stays one readable line whatever the input held.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> InputError {
        InputError { field: clip_text(&field.into(), 100), message: clip_text(&message.into(), 200) }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.field.is_empty() { f.write_str(&self.message) } else { write!(f, "{}: {}", self.field, self.message) }
    }
}

impl std::error::Error for InputError {}

/// A number for an error message: plain when it is of table size, in exponent form when it is
/// huge or tiny (so `1e308` never prints as 309 digits).
pub fn short(x: f64) -> String {
    if x == 0.0 || (1e-4..1e6).contains(&x.abs()) { format!("{}", (x * 1e9).round() / 1e9) } else { format!("{x:.3e}") }
}

/// A JSON value for an error message, cut to 60 characters (an input may put a megabyte where a
/// number belongs).
pub fn clip(v: &serde_json::Value) -> String {
    clip_text(&v.to_string(), 60)
}

/// `text` cut to `max` characters, with `...` when cut.
pub fn clip_text(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_string(),
    }
}
