//! Decomposed input (docs/FFI.md, "Decomposed letters"): a letter the profile uses, sent as
//! its base letter and a combining mark (pasted text, some hardware keyboards), converts
//! exactly like the precomposed letter, in every profile, lowercase and capital, whether
//! the mark comes in the same key or as the next key while the letter is still pending.
//! And case folding (docs/FFI.md, "Case"): only capitals of the profile's letters fold.

mod common;
use common::{bundled_engine, katakana};
use cyrillic_ime_core::{compose, Engine};

/// Every letter of the bundled profiles that has a canonical decomposition, written out
/// here from the Unicode charts (not from the core's table): profile, precomposed letter,
/// base letter + combining mark. ѓ, ќ, ѐ, ѝ (Macedonian, Serbian stress) are in no profile.
const DECOMPOSED_LETTERS: &[(&str, &str, &str)] = &[
    ("rus_standard", "ё", "е\u{308}"),
    ("rus_standard", "й", "и\u{306}"),
    ("ukr", "й", "и\u{306}"),
    ("ukr", "ї", "і\u{308}"),
    ("bel", "ё", "е\u{308}"),
    ("bel", "й", "и\u{306}"),
    ("bel", "ў", "у\u{306}"),
    ("bul", "й", "и\u{306}"),
];

/// Text around the letter: after a vowel, after a consonant that waits (`к`), and alone.
fn contexts(letter: &str) -> Vec<String> {
    vec![letter.to_string(), format!("а{letter}"), format!("к{letter}а"), format!("{letter}{letter}")]
}

/// Sends `text` as one key (a paste), then flushes.
fn paste(engine: &Engine, profile: &str, text: &str) -> String {
    let result = engine.process_key(text, "", profile);
    assert!(result.error.is_none(), "{profile}: pasting {text:?}: {:?}", result.error);
    let flushed = engine.process_key("{flush}", &result.buffer, profile);
    format!("{}{}", result.output, flushed.output)
}

/// Sends `text` one grapheme at a time (a base letter and the marks after it in one key), as
/// the Swift wrapper does with each `Character`.
fn type_graphemes(engine: &Engine, profile: &str, text: &str) -> String {
    let mut keys: Vec<String> = Vec::new();
    for c in text.chars() {
        match keys.last_mut() {
            Some(last) if ('\u{300}'..='\u{36F}').contains(&c) => last.push(c),
            _ => keys.push(c.to_string()),
        }
    }
    let mut buffer = String::new();
    let mut inserted = String::new();
    for key in keys.iter().map(String::as_str).chain(["{flush}"]) {
        let result = engine.process_key(key, &buffer, profile);
        assert!(result.error.is_none(), "{profile}: key {key:?} after {buffer:?}: {:?}", result.error);
        inserted.push_str(&result.output);
        buffer = result.buffer;
    }
    inserted
}

fn capital(text: &str) -> String {
    text.chars().flat_map(char::to_uppercase).collect()
}

#[test]
fn every_decomposed_letter_of_every_profile_converts_like_the_precomposed_one() {
    let engine = bundled_engine();
    for &(profile, letter, decomposed) in DECOMPOSED_LETTERS {
        for (letter, decomposed) in [(letter.to_string(), decomposed.to_string()), (capital(letter), capital(decomposed))] {
            for (precomposed_text, decomposed_text) in contexts(&letter).into_iter().zip(contexts(&decomposed)) {
                let want = paste(&engine, profile, &precomposed_text);
                assert!(!want.contains(letter.as_str()), "{profile}: {precomposed_text:?} gave {want:?}: the letter has no rule");
                assert_eq!(paste(&engine, profile, &decomposed_text), want, "{profile}: pasted {decomposed_text:?}");
                assert_eq!(type_graphemes(&engine, profile, &decomposed_text), want, "{profile}: typed {decomposed_text:?}");
                let katakana_id = format!("{profile}:katakana");
                assert_eq!(paste(&engine, &katakana_id, &decomposed_text), katakana(&want), "{katakana_id}: {decomposed_text:?}");
            }
        }
    }
}

#[test]
fn a_mark_typed_while_its_letter_is_pending_composes_with_it() {
    let engine = bundled_engine();
    // Russian и waits for nothing, so use a buffer the host passes back: и pending (a stale
    // or restored buffer) and the breve as the next key: й, which waits for йо, йа, ….
    let result = engine.process_key("\u{306}", "и", "rus_standard");
    assert_eq!((result.output.as_str(), result.buffer.as_str()), ("", "й"), "{result:?}");
    let result = engine.process_key("\u{308}", "ке", "rus_standard");
    assert_eq!((result.output.as_str(), result.buffer.as_str()), ("きょ", ""), "{result:?}");
    // Backspace after a decomposed buffer drops the whole composed letter.
    let result = engine.process_key("{backspace}", "ке\u{308}", "rus_standard");
    assert_eq!(result.buffer, "к", "{result:?}");
}

#[test]
fn the_list_above_is_every_decomposable_letter_the_profiles_use() {
    let engine = bundled_engine();
    for profile in engine.profiles() {
        let table = &profile.table;
        let mut found: Vec<(char, char)> = Vec::new();
        for &(letter, base, mark) in compose::DECOMPOSITIONS {
            if table.knows(letter) {
                found.push((base, mark));
                assert!(
                    DECOMPOSED_LETTERS.iter().any(|&(p, l, _)| p == profile.id && l.starts_with(letter)),
                    "{}: {letter} decomposes but is not in DECOMPOSED_LETTERS",
                    profile.id
                );
            }
        }
        for &(p, letter, decomposed) in DECOMPOSED_LETTERS.iter().filter(|(p, _, _)| *p == profile.id) {
            let mut chars = decomposed.chars();
            let (base, mark) = (chars.next().unwrap(), chars.next().unwrap());
            assert_eq!(table.compositions().compose_pair(base, mark), letter.chars().next(), "{p}: {decomposed:?}");
        }
    }
}

#[test]
fn marks_that_make_no_letter_of_the_profile_come_out_as_typed() {
    let engine = bundled_engine();
    // A stress accent (no precomposed а́ exists), и + diaeresis (ӥ is Udmurt, in no profile).
    assert_eq!(paste(&engine, "rus_standard", "ка\u{301}"), "か\u{301}");
    assert_eq!(paste(&engine, "rus_standard", "и\u{308}"), "い\u{308}");
    // é is not a letter of the romaji profile: e converts, the accent stays.
    assert_eq!(paste(&engine, "romaji", "ke\u{301}"), "け\u{301}");
    // A mark at the start of the input has nothing to compose with.
    assert_eq!(paste(&engine, "rus_standard", "\u{308}ка"), "\u{308}か");
}

#[test]
fn only_capitals_of_the_profiles_letters_are_folded() {
    let engine = bundled_engine();
    // İ (U+0130) lowercases to i + U+0307 and is not the capital of i: it stays as typed,
    // before and after a pending letter, and backspace keeps it (the fuzz finding of issue 13).
    assert_eq!(paste(&engine, "romaji", "\u{130}"), "\u{130}");
    assert_eq!(paste(&engine, "romaji", "k\u{130}a"), "k\u{130}あ");
    let result = engine.process_key("{backspace}", "\u{130}a", "romaji");
    assert_eq!(result.buffer, "\u{130}", "{result:?}");
    // The Kelvin sign lowercases to k but is not its capital either.
    assert_eq!(paste(&engine, "romaji", "\u{212A}a"), "\u{212A}あ");
    // Real capitals fold, in every profile.
    assert_eq!(paste(&engine, "romaji", "KA"), "か");
    assert_eq!(paste(&engine, "rus_standard", "КА"), "か");
    assert_eq!(paste(&engine, "ukr", "ЇЖАК"), paste(&engine, "ukr", "їжак"));
    assert_eq!(paste(&engine, "srp", "ЂА"), paste(&engine, "srp", "ђа"));
}
