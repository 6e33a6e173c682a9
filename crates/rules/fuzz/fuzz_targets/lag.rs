//! `biljardi lag` on arbitrary bytes: never a panic; a relag has no winner.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(out) = biljardi_rules::lag_json::lag_json(text) {
        let v: serde_json::Value = serde_json::from_str(&out).expect("output is JSON");
        assert_eq!(v["relag"] == true, v["winner"].is_null());
    }
});
