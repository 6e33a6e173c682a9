//! The record parser and the replay on arbitrary input: never a panic (fixed seed, bounded
//! cases).

mod common;

use biljardi_record::parse_record;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::sync::OnceLock;

fn valid() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| serde_json::to_string(&common::play_match(3, 31)).unwrap())
}

fn config() -> Config {
    Config { cases: 300, rng_seed: RngSeed::Fixed(20), failure_persistence: None, ..Config::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2000)) {
        if let Ok(text) = std::str::from_utf8(&bytes) {
            let _ = parse_record(text);
        }
        let _ = parse_record(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn arbitrary_json_never_panics(v in arb_json()) {
        let _ = parse_record(&v.to_string());
    }

    /// Bytes of a real record replaced at random: whatever still parses replays without a panic.
    #[test]
    fn mutated_records_never_panic(edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..6)) {
        let mut b = valid().as_bytes().to_vec();
        for (i, byte) in edits {
            let k = i.index(b.len());
            b[k] = byte;
        }
        if let Ok(r) = parse_record(&String::from_utf8_lossy(&b)) {
            let _ = biljardi_record::replay::replay(&r);
            let _ = biljardi_record::diagram::diagram(&r, 0, biljardi_record::Lang::Fi);
        }
    }
}

/// Arbitrary JSON values, a few levels deep, with the record's keys among the names.
fn arb_json() -> impl Strategy<Value = serde_json::Value> {
    let key = prop_oneof![
        Just("format".to_string()),
        Just("version".to_string()),
        Just("settings".to_string()),
        Just("shots".to_string()),
        Just("players".to_string()),
        "[a-z_]{1,8}",
    ];
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<f64>().prop_filter("finite", |x| x.is_finite()).prop_map(serde_json::Value::from),
        Just(serde_json::Value::from("biljardi-match")),
        Just(serde_json::Value::from(1)),
        "[a-z0-9 ]{0,10}".prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            proptest::collection::btree_map(key.clone(), inner, 0..6)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}
