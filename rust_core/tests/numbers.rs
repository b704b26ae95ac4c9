//! Numbers read in kana (issue 38; docs/CONVERSION.md, "Numbers") with the real dictionary: a
//! number's reading is one word of the number class, so counters and particles join it; its
//! segment offers its other forms; digits typed as digits offer their kanji forms; a reading
//! too large for 64 bits converts as before, without a number word past the limit.

use cyrillic_ime_core::conversion::lattice::build::LatticeRequest;
use cyrillic_ime_core::conversion::lattice::{Lattice, NodeText, TextSource};
use cyrillic_ime_core::conversion::numbers::NumberCosts;
use cyrillic_ime_core::conversion::{Conversion, Converter, Request, Surroundings};
use cyrillic_ime_core::dictionary::format::SpecialId;
use cyrillic_ime_core::dictionary::Dictionary;
use std::sync::OnceLock;

/// The compiled Mozc dictionary: $CYRILLIC_IME_DICTIONARY, else `.dictionary/mozc.cimedic`
/// beside `rust_core`. Missing, the test fails saying how to build it.
fn dictionary_path() -> std::path::PathBuf {
    let path = std::env::var_os("CYRILLIC_IME_DICTIONARY")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.dictionary/mozc.cimedic"));
    assert!(path.exists(), "{} is absent: build it with scripts/build_dictionary.sh or name one in CYRILLIC_IME_DICTIONARY", path.display());
    path
}

fn with_numbers() -> &'static Converter {
    static CONVERTER: OnceLock<Converter> = OnceLock::new();
    CONVERTER.get_or_init(|| Converter::new(Dictionary::open(&dictionary_path()).unwrap_or_else(|e| panic!("{e}"))))
}

fn without_numbers() -> &'static Converter {
    static CONVERTER: OnceLock<Converter> = OnceLock::new();
    CONVERTER.get_or_init(|| Converter::new(Dictionary::open(&dictionary_path()).unwrap_or_else(|e| panic!("{e}"))).with_number_costs(None))
}

fn convert(converter: &Converter, reading: &str) -> Conversion {
    converter.convert(&Request { candidates: 9, ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}"))
}

fn best(converter: &Converter, reading: &str) -> String {
    convert(converter, reading).best_text()
}

/// The candidates of the segment whose reading starts the conversion's reading at `from`.
fn candidates_at(conversion: &Conversion, from: usize) -> Vec<String> {
    let mut at = 0;
    for segment in &conversion.segments {
        if at == from {
            return segment.candidates.iter().map(|c| c.text.clone()).collect();
        }
        at += segment.reading.chars().count();
    }
    panic!("no segment starts at {from}: {:?}", conversion.segments.iter().map(|s| &s.reading).collect::<Vec<_>>())
}

#[test]
fn a_numbers_reading_is_one_word_of_the_number_class() {
    let converter = with_numbers();
    let dictionary = converter.dictionary();
    let costs = NumberCosts::default();
    let number = dictionary.special_id(SpecialId::Number);
    let texts_over = |lattice: &Lattice, start: u16, end: u16| -> Vec<String> {
        lattice
            .nodes
            .iter()
            .filter(|n| n.start == start && n.end == end && n.left_id == number && matches!(n.text, NodeText::Text { source: TextSource::Number, .. }))
            .map(|n| {
                let mut text = String::new();
                lattice.push_text(dictionary, n, &mut text);
                text
            })
            .collect()
    };
    let lattice = Lattice::build(dictionary, &LatticeRequest { numbers: Some(&costs), ..LatticeRequest::new("にせんにじゅうろくねん") });
    // にせんにじゅうろく spans characters 0..9 (doubled positions 0..18).
    assert_eq!(texts_over(&lattice, 0, 18), ["2026", "二千二十六", "2,026"]);
    let plain = Lattice::build(dictionary, &LatticeRequest::new("にせんにじゅうろくねん"));
    assert!(texts_over(&plain, 0, 18).is_empty());
}

#[test]
fn counters_and_particles_join_a_number() {
    let on = with_numbers();
    let off = without_numbers();
    for (reading, expected) in [
        ("じゅうにじにあいましょう", &["12時に会いましょう", "十二時に会いましょう"][..]),
        ("にせんにじゅうろくねん", &["2026年", "二千二十六年"]),
        ("さんびゃくえん", &["300円", "三百円"]),
        ("はっぴゃくにん", &["800人", "八百人"]),
        ("にじゅっさい", &["20歳", "二十歳"]),
        ("いっせんまんえん", &["1000万円", "一千万円", "千万円"]),
    ] {
        let got = best(on, reading);
        assert!(expected.contains(&got.as_str()), "{reading}: {got}, expected one of {expected:?}");
        // Without the number word the same reading converts otherwise (this is what it adds;
        // the dictionary alone has はっぴゃく as 八百, but not 800).
        let plain = best(off, reading);
        assert_ne!(plain, got, "{reading}: the same without number words");
    }
    // A one-word number is the dictionary's own (さん is 3 there).
    assert_eq!(best(on, "さんにん"), "3人");
}

#[test]
fn a_numbers_segment_offers_its_forms() {
    let conversion = convert(with_numbers(), "にせんにじゅうろくねん");
    let candidates = candidates_at(&conversion, 0);
    for form in ["2026", "二千二十六", "2,026"] {
        assert!(candidates.iter().any(|c| c.starts_with(form)), "{form} not among {candidates:?}");
    }
    let large = convert(with_numbers(), "いちおくにせんさんびゃくよんじゅうごまんえん");
    let candidates = candidates_at(&large, 0);
    assert_eq!(candidates[0], "1億2345万", "{candidates:?}");
    for form in ["123450000", "一億二千三百四十五万", "123,450,000"] {
        assert!(candidates.iter().any(|c| c.starts_with(form)), "{form} not among {candidates:?}");
    }
}

#[test]
fn digits_typed_as_digits_keep_their_kanji_forms() {
    let conversion = convert(with_numbers(), "2026ねん");
    let candidates = candidates_at(&conversion, 0);
    assert!(candidates[0].starts_with("2026"), "{candidates:?}");
    for form in ["二千二十六", "二〇二六", "２０２６"] {
        assert!(candidates.iter().any(|c| c.starts_with(form)), "{form} not among {candidates:?}");
    }
    // Without number words the kanji forms are not there (the full-width one is a reading form).
    let plain = candidates_at(&convert(without_numbers(), "2026ねん"), 0);
    assert!(!plain.iter().any(|c| c.starts_with("二千二十六")), "{plain:?}");
}

#[test]
fn a_number_spans_the_spaces_between_its_numeral_words() {
    // `нисэн нидзю:року нэн`: the writer spaces the number as it is said.
    let request = Request { candidates: 9, heard: true, around: Surroundings { left: None, boundaries: &[3, 9] }, ..Request::new("にせんにじゅうろくねん") };
    let got = with_numbers().convert(&request).unwrap().best_text();
    assert!(["2026年", "二千二十六年"].contains(&got.as_str()), "{got}");
}

#[test]
fn a_reading_too_large_for_64_bits_converts_without_a_number_word_past_the_limit() {
    let on = with_numbers();
    // 2000京 is over u64::MAX (about 1844京): the conversion gives what it gives without
    // number words from there on, and no text holds the overflowed value.
    for reading in ["にせんけいえん", "きゅうせんきゅうひゃくきゅうじゅうきゅうけいきゅうせんきゅうひゃくきゅうじゅうきゅうちょう"] {
        let conversion = convert(on, reading);
        let texts: Vec<&str> = conversion.segments.iter().flat_map(|s| s.candidates.iter().map(|c| c.text.as_str())).collect();
        assert!(!texts.iter().any(|t| t.contains("京") && t.chars().any(|c| c.is_ascii_digit()) && t.starts_with("2000")), "{texts:?}");
        assert!(!conversion.best_text().is_empty());
    }
    // The largest readable value is still a number word.
    assert!(candidates_at(&convert(on, "いっせんけい"), 0).iter().any(|c| c == "1000京" || c == "10000000000000000000"));
    // A run of numerals as long as a reading may be converts, and quickly enough to answer.
    let long = "きゅうせんきゅうひゃくきゅうじゅうきゅう".repeat(12);
    let long: String = long.chars().take(cyrillic_ime_core::limits::MAX_READING_CHARS).collect();
    assert!(!convert(on, &long).best_text().is_empty());
}

#[test]
fn sentences_without_numbers_keep_their_words() {
    // Numeral kana inside ordinary words stay those words.
    for (reading, expected) in [("かれはさんまんなひとだ", "散漫な"), ("じゅうようなことです", "重要な"), ("にじゅうのいみ", "二重の")] {
        let got = best(with_numbers(), reading);
        assert!(got.contains(expected), "{reading}: {got}");
    }
}
