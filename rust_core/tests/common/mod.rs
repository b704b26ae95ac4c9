//! Shared helpers for the integration tests: the bundled data files (the same copies
//! the Swift package ships) and a typist that feeds text key by key.
#![allow(dead_code)]

use cyrillic_ime_core::json::{self, Value};
use cyrillic_ime_core::Engine;
use std::path::PathBuf;

pub fn resource_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../Sources/CyrillicIME/Resources").join(name)
}

pub fn read_resource(name: &str) -> String {
    std::fs::read_to_string(resource_path(name)).unwrap_or_else(|e| panic!("cannot read {name}: {e}"))
}

pub fn bundled_documents() -> (String, String) {
    (read_resource("profiles.json"), read_resource("japaneseKanaEngine.json"))
}

pub fn bundled_engine() -> Engine {
    let (profiles, kana) = bundled_documents();
    Engine::from_documents(&profiles, &kana).unwrap_or_else(|e| panic!("bundled data rejected: {e}"))
}

/// Types `text` one character at a time with the real pending buffer, then flushes,
/// exactly as the keyboard does. Returns everything inserted.
pub fn type_text(engine: &Engine, profile: &str, text: &str) -> String {
    let mut buffer = String::new();
    let mut inserted = String::new();
    let mut key = [0u8; 4];
    for c in text.chars() {
        let result = engine.process_key(c.encode_utf8(&mut key), &buffer, profile);
        assert!(result.error.is_none(), "error typing {c:?} after {buffer:?}: {:?}", result.error);
        inserted.push_str(&result.output);
        buffer = result.buffer;
    }
    let result = engine.process_key("{flush}", &buffer, profile);
    assert!(result.buffer.is_empty(), "flush left {:?} pending", result.buffer);
    inserted.push_str(&result.output);
    inserted
}

/// Splits a whitespace-separated table of `typed kana` pairs.
pub fn pairs(table: &str) -> Vec<(&str, &str)> {
    let words: Vec<&str> = table.split_whitespace().collect();
    assert!(words.len().is_multiple_of(2), "a reference table has an odd number of cells");
    words.chunks(2).map(|pair| (pair[0], pair[1])).collect()
}

/// The katakana of a hiragana text, written here independently of the core:
/// hiragana U+3041–U+3096 sit 0x60 below their katakana.
pub fn katakana(hiragana: &str) -> String {
    hiragana
        .chars()
        .map(|c| match c {
            '\u{3041}'..='\u{3096}' => char::from_u32(c as u32 + 0x60).unwrap(),
            _ => c,
        })
        .collect()
}

/// Checks every pair of a reference table in `profile`: as typed, with a capital first
/// letter, and through the `:katakana` profile id.
pub fn assert_table(engine: &Engine, profile: &str, table: &str) {
    let katakana_profile = format!("{profile}:katakana");
    for (typed, kana) in pairs(table) {
        assert_eq!(type_text(engine, profile, typed), kana, "{profile}: {typed}");
        let mut chars = typed.chars();
        let capitalised: String = chars.next().into_iter().flat_map(char::to_uppercase).chain(chars).collect();
        assert_eq!(type_text(engine, profile, &capitalised), kana, "{profile}: {capitalised}");
        assert_eq!(type_text(engine, &katakana_profile, typed), katakana(kana), "{katakana_profile}: {typed}");
    }
}

/// Checks a transcription system's whole syllable table in `profile` (the 8 vowels and glides,
/// the 7 plain and 4 voiced rows of 8, わ を, and だ で ど): first that the reference itself
/// has them all, then every pair as [`assert_table`] does.
pub fn assert_syllable_table(engine: &Engine, profile: &str, table: &str) {
    assert_eq!(pairs(table).len(), 8 + 11 * 8 + 2 + 3, "the reference table itself is incomplete");
    assert_table(engine, profile, table);
}

/// [`assert_table`] for each of `tables`.
pub fn assert_tables(engine: &Engine, profile: &str, tables: &[&str]) {
    for table in tables {
        assert_table(engine, profile, table);
    }
}

/// Checks what typing each text inserts in `profile` (letters with no Japanese use stay as typed).
pub fn assert_typed(engine: &Engine, profile: &str, cases: &[(&str, &str)]) {
    for &(typed, expected) in cases {
        assert_eq!(type_text(engine, profile, typed), expected, "{profile}: {typed}");
    }
}

/// `text` (an answer of the core) parsed as JSON, or a panic that shows it.
pub fn parse(text: &str) -> Value {
    json::parse(text, json::Limits { max_bytes: 1 << 20, max_depth: 8, max_values: 100_000 }).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// The member `key` of a JSON object, if it is one and has it.
pub fn member<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    match value {
        Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}
