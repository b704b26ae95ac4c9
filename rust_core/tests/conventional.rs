//! Conventional spellings (docs/PROFILES.md, "Conventional spellings"): the bundled table
//! parses, every spelling is typed through its language's profiles, and the converter reads
//! the kana it comes out as like the entry's text, at a cost, where the input holds them.
mod common;
mod tiny_dictionary;

use cyrillic_ime_core::conversion::conventional::{self, SpellingIndex};
use cyrillic_ime_core::conversion::heard::HeardCosts;
use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::Dictionary;
use tiny_dictionary::{connections, entry, options, NOUN, PARTICLE};

fn converter() -> Converter {
    let words = vec![
        entry("とうきょう", "東京", NOUN, 1000),
        entry("とき", "時", NOUN, 800),
        entry("よこはま", "横浜", NOUN, 1000),
        entry("を", "を", PARTICLE, 500),
    ];
    let bytes = cyrillic_ime_core::dictionary::builder::build(&words, &connections(), &options()).expect("builds");
    Converter::new(Dictionary::from_vec(bytes).expect("loads"))
}

fn best(c: &Converter, reading: &str, heard: bool) -> String {
    c.convert(&Request { candidates: 9, alternatives: 0, heard, ..Request::new(reading) }).expect("converts").best_text()
}

#[test]
fn the_bundled_table_parses_and_names_a_source_for_every_entry() {
    let tables = conventional::parse(&common::read_resource("conventionalSpellings.json")).expect("parses");
    let languages: Vec<&str> = tables.iter().map(|t| t.language.as_str()).collect();
    assert_eq!(languages, ["ru", "uk", "sr-Cyrl", "bg", "be"]);
    for table in &tables {
        assert!(table.entries.len() >= 20, "{}: {} entries", table.language, table.entries.len());
        for e in &table.entries {
            assert!(table.sources.iter().any(|(k, _)| *k == e.source), "{}: {}", table.language, e.spelling);
        }
    }
    // Russian: every prefecture (47) is listed.
    let ru = &tables[0];
    for name in ["Токио", "Хоккайдо", "Окинава", "Хиого", "Иокогама", "Сони", "гейша"] {
        assert!(ru.entries.iter().any(|e| e.spelling == name), "{name}");
    }
}

#[test]
fn spellings_are_keyed_by_the_kana_their_profile_composes() {
    let index = SpellingIndex::bundled();
    assert!(!index.is_empty());
    // Токио and Иокогама in rus_standard are ときお and いおこがま.
    assert!(index.get("ときお").contains(&("とうきょう".to_string(), "東京".to_string())));
    assert!(index.get("いおこがま").contains(&("よこはま".to_string(), "横浜".to_string())));
    // A spelling that is its reading (Нагасаки → ながさき) needs no entry.
    assert!(index.get("ながさき").is_empty());
    // The kana shown while composing do not change: the table is only read by the converter.
    let engine = common::bundled_engine();
    assert_eq!(common::type_text(&engine, "rus_standard", "Токио"), "ときお");
    // Nor does a final vowel left off: the converter reads с as す, the kana layer inserts it.
    assert_eq!(common::type_text(&engine, "rus_standard", "дэс"), "でс");
}

#[test]
fn the_converter_reads_a_conventional_spelling_as_its_text() {
    let c = converter();
    assert_eq!(best(&c, "ときお", true), "東京");
    assert_eq!(best(&c, "いおこがま", true), "横浜");
    // Matched with the spellings as heard: `--exact` reads the kana only as typed.
    assert_eq!(best(&c, "ときお", false), "時お");
}

#[test]
fn the_exact_reading_wins_where_the_spelling_costs_more() {
    // At a cost above what the exact reading (時 + を heard as お: 800 + 10 + 500 + 800) costs,
    // ときお is 時を.
    let c = converter().with_heard_costs(HeardCosts { conventional: 5_000, ..HeardCosts::default() });
    assert_eq!(best(&c, "ときお", true), "時を");
    // An empty table turns them off.
    let none = converter().with_spellings(SpellingIndex::default());
    assert_eq!(best(&none, "ときお", true), "時を");
}

#[test]
fn a_table_is_refused_with_the_path_of_what_is_wrong() {
    let broken = r#"{"version":1,"languages":[{"language":"ru","profiles":["rus_standard"],"sources":{"w":"Wikipedia titles"},"entries":[{"spelling":"Токио","text":"東京","reading":"とうきょう","source":"x"}]}]}"#;
    let error = conventional::parse(broken).unwrap_err();
    assert!(error.contains("$.languages[0].entries[0].source"), "{error}");
    let katakana = broken.replace("\"x\"", "\"w\"").replace("とうきょう", "トウキョウ");
    let error = conventional::parse(&katakana).unwrap_err();
    assert!(error.contains("entries[0].reading"), "{error}");
    let good = broken.replace("\"x\"", "\"w\"");
    let tables = conventional::parse(&good).expect("parses");
    let index = SpellingIndex::build(&tables, &common::bundled_engine());
    assert_eq!(index.get("ときお"), &[("とうきょう".to_string(), "東京".to_string())]);
}

#[test]
fn a_spelling_is_found_beside_a_longer_one_that_begins_with_it() {
    // Токио (ときお) and Токиото (ときおと): the search from a position goes on past a key
    // while a longer one begins with it, and stops where none does.
    let table = r#"{"version":1,"languages":[{"language":"ru","profiles":["rus_standard"],"sources":{"w":"Wikipedia titles"},"entries":[
        {"spelling":"Токио","text":"東京","reading":"とうきょう","source":"w"},
        {"spelling":"Токиото","text":"東京都","reading":"とうきょうと","source":"w"}]}]}"#;
    let index = SpellingIndex::build(&conventional::parse(table).expect("parses"), &common::bundled_engine());
    assert_eq!(index.get("ときお"), &[("とうきょう".to_string(), "東京".to_string())]);
    assert_eq!(index.get("ときおと"), &[("とうきょうと".to_string(), "東京都".to_string())]);
    // A beginning of a key is no key.
    assert!(index.get("とき").is_empty());
    let c = converter().with_spellings(index);
    assert_eq!(best(&c, "ときおと", true), "東京都");
    assert_eq!(best(&c, "ときお", true), "東京");
    // Found after other input too (the search starts at every position).
    assert_eq!(best(&c, "をときおと", true), "を東京都");
}
