//! `biljardi referee` on arbitrary bytes: never a panic; bad input always names a field.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Err(e) = biljardi_rules::json::run(text) {
        // Only text that is not a JSON object may leave the field empty.
        let object = serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v.is_object());
        assert!(!object || !e.field.is_empty(), "no field named: {e}");
    }
});
