//! The kana inventory's ids are systematic (docs/PROFILES.md): single kana by their
//! Nihon-shiki name, small kana as small_*, and an extended syllable as the ids of its
//! two parts joined by _ (hu_small_a = ふ + ぁ). These checks keep new entries honest.

mod common;
use cyrillic_ime_core::json::{self, Value};
use std::collections::HashMap;

fn inventory() -> Vec<(String, String)> {
    let text = common::read_resource("japaneseKanaEngine.json");
    let root = json::parse(&text, json::Limits { max_bytes: 1 << 22, max_depth: 16, max_values: 1 << 20 }).expect("valid JSON");
    let Value::Object(fields) = root else { panic!("not an object") };
    let Some((_, Value::Object(kana))) = fields.into_iter().find(|(k, _)| k == "kana") else { panic!("no kana") };
    kana.into_iter()
        .map(|(id, v)| match v {
            Value::String(s) => (id, s),
            other => panic!("{id}: {other:?}"),
        })
        .collect()
}

#[test]
fn extended_syllables_are_named_by_their_parts() {
    let entries = inventory();
    let by_id: HashMap<&str, &str> = entries.iter().map(|(id, kana)| (id.as_str(), kana.as_str())).collect();
    let mut extended = 0;
    for (id, kana) in &entries {
        let Some(at) = id.find("_small_").filter(|&at| at > 0) else { continue };
        let (base, small) = (&id[..at], &id[at + 1..]);
        let (Some(base_kana), Some(small_kana)) = (by_id.get(base), by_id.get(small)) else {
            panic!("{id}: {base} or {small} is not in the inventory");
        };
        assert_eq!(kana, &format!("{base_kana}{small_kana}"), "{id}");
        extended += 1;
    }
    assert!(extended >= 80, "only {extended} extended syllables");
}

#[test]
fn small_kana_are_single_small_characters() {
    for (id, kana) in inventory() {
        if let Some(rest) = id.strip_prefix("small_") {
            assert_eq!(kana.chars().count(), 1, "{id}");
            assert!(!rest.contains('_'), "{id}");
        }
    }
}

#[test]
fn each_kana_text_has_one_id() {
    let mut seen: HashMap<String, String> = HashMap::new();
    for (id, kana) in inventory() {
        if let Some(first) = seen.insert(kana.clone(), id.clone()) {
            panic!("{kana} has two ids: {first} and {id}");
        }
    }
}
