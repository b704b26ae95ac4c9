//! Prediction lists (format version 4, `Section::PredictionLists`): prediction ranks the
//! whole subtree of a prefix — a short prefix's best completions are found even when a scan
//! capped at MAX_KEYS_SCANNED keys would never reach them; the compiled lists equal a
//! brute-force ranking of the source words; every hostile value of the section is refused
//! at open, and hostile lists that pass validation give valid predictions, never a panic.

mod tiny_dictionary;
use cyrillic_ime_core::conversion::prediction::{predict, COST_PER_EXTRA_CHAR, MAX_KEYS_SCANNED};
use cyrillic_ime_core::dictionary::builder::{self, SourceEntry};
use cyrillic_ime_core::dictionary::format::{self, field, Section};
use cyrillic_ime_core::dictionary::prediction_lists::{self, Options};
use cyrillic_ime_core::dictionary::Dictionary;
use tiny_dictionary::*;

/// (text, reading, cost) of the best `limit` distinct texts under `prefix`, from the source
/// words alone: the word's cost after a phrase's start (the connection from the sentence
/// boundary, looked up in `d`, the dictionary compiled from them) + COST_PER_EXTRA_CHAR per
/// character beyond the prefix, ties in reading order (by reading, then cost, then surface,
/// as the compiler stores a reading's words).
fn brute_force(d: &Dictionary, words: &[SourceEntry], prefix: &str, limit: usize) -> Vec<(String, String, i32)> {
    let chars = prefix.chars().count();
    let mut found: Vec<(i32, Vec<char>, i16, &str)> = words
        .iter()
        .filter(|w| w.reading.starts_with(prefix))
        .map(|w| (start_cost(d, w) + (w.reading.chars().count() - chars) as i32 * COST_PER_EXTRA_CHAR, w.reading.chars().collect(), w.cost, w.surface.as_str()))
        .collect();
    found.sort();
    let mut out: Vec<(String, String, i32)> = Vec::new();
    for (score, reading, _, text) in found {
        if out.len() < limit && !out.iter().any(|(t, _, _)| t == text) {
            out.push((text.to_string(), reading.iter().collect(), score));
        }
    }
    out
}

/// A source word's cost where a phrase starts, written out (not the core's function).
fn start_cost(d: &Dictionary, w: &SourceEntry) -> i32 {
    w.cost as i32 + d.connection_cost(0, w.left_id)
}

fn predicted(d: &Dictionary, prefix: &str, limit: usize) -> Vec<(String, String, i32)> {
    predict(d, prefix, limit).unwrap().into_iter().map(|p| (p.text, p.reading, p.cost)).collect()
}

fn codes(d: &Dictionary, text: &str) -> Vec<u8> {
    text.chars().map(|c| d.code_of(c).unwrap()).collect()
}

/// The texts of `prefix`'s prediction list, read through the reader's own lookups.
fn list_texts(d: &Dictionary, prefix: &str) -> Option<Vec<String>> {
    let prefix_codes = codes(d, prefix);
    let top = d.trie_node(&prefix_codes).expect("a prefix of some reading");
    let list: Vec<u32> = d.prediction_list(top)?.collect();
    Some(
        list.into_iter()
            .map(|index| {
                let mut key = prefix_codes.clone();
                assert!(d.codes_below(top, index, &mut key), "entry {index} of {prefix}'s list is under it");
                let mut text = String::new();
                d.push_surface(&d.entry(index).unwrap(), &d.reading_of(&key), &mut text);
                text
            })
            .collect(),
    )
}


#[test]
fn a_short_prefix_finds_its_best_completions_past_thousands_of_keys() {
    // 4,096 readings か + three kana (not ん), cost 3,000; then かん (2,500) and かんき (500),
    // which come last in reading order (ん sorts after the other kana).
    let alphabet: Vec<char> = "あいうえおきくけこさしすせそたち".chars().collect();
    let mut words: Vec<SourceEntry> = Vec::new();
    for (n, ((a, b), c)) in alphabet.iter().flat_map(|a| alphabet.iter().map(move |b| (a, b))).flat_map(|ab| alphabet.iter().map(move |c| (ab, c))).enumerate() {
        let surface: String = [char::from_u32(0x4E00 + n as u32).unwrap()].iter().collect();
        words.push(entry(&format!("か{a}{b}{c}"), &surface, NOUN, 3000));
    }
    words.push(entry("かん", "缶", NOUN, 2500));
    words.push(entry("かんき", "寒気", NOUN, 500));
    let d = Dictionary::from_vec(builder::build(&words, &connections(), &options()).unwrap()).unwrap();
    // A scan capped at MAX_KEYS_SCANNED keys stops long before かんき.
    let mut place = None;
    let mut seen = 0;
    d.keys_with_prefix(&codes(&d, "か"), |key, _| {
        seen += 1;
        if d.reading_of(key) == "かんき" {
            place = Some(seen);
        }
        true
    });
    assert!(place.unwrap() > MAX_KEYS_SCANNED, "かんき is key {place:?} of {seen}");
    // 寒気: 500 + 2 × 200 = 900; 缶 2,500 + 200 = 2,700; then the rest at 3,000 + 600 —
    // each plus the connection from a phrase's start to a noun.
    let start = d.connection_cost(0, NOUN);
    let best = predicted(&d, "か", 9);
    assert_eq!(best[..2], [("寒気".to_string(), "かんき".to_string(), 900 + start), ("缶".to_string(), "かん".to_string(), 2700 + start)]);
    assert_eq!(best, brute_force(&d, &words, "か", 9));
    assert!(d.prediction_list(d.trie_node(&codes(&d, "か")).unwrap()).is_some(), "か has a list (4,098 entries under it)");
    // Past the lists' capacity: the list's continuations exactly, then the capped scan's.
    let capacity = d.prediction_list_capacity();
    assert_eq!(capacity, Options::default().capacity as usize);
    let many = predicted(&d, "か", 100);
    assert_eq!(many.len(), 100);
    assert_eq!(many[..capacity], brute_force(&d, &words, "か", capacity)[..]);
    assert!(many.windows(2).all(|w| w[0].2 <= w[1].2), "best first");
    // Longer prefixes, with and without lists, also match.
    for prefix in ["かん", "かあ", "かあい", "かちちち", "かちちちち"] {
        assert_eq!(predicted(&d, prefix, 9), brute_force(&d, &words, prefix, 9), "{prefix}");
    }
}

#[test]
fn the_lists_equal_a_brute_force_ranking_of_every_prefix() {
    // 900 readings of 1–6 characters over 5 kana (deep shared prefixes), surfaces from 60
    // texts (the same text under many readings: distinct texts matter), costs in steps of
    // 100 (many ties: reading order decides).
    let alphabet: Vec<char> = "かきくけこ".chars().collect();
    let mut rng = Lcg(11);
    let mut words: Vec<SourceEntry> = Vec::new();
    for _ in 0..900 {
        let len = 1 + rng.next() as usize % 6;
        let reading: String = (0..len).map(|_| alphabet[rng.next() as usize % alphabet.len()]).collect();
        let surface = match rng.next() % 10 {
            0 => reading.clone(),
            _ => char::from_u32(0x4E00 + rng.next() % 60).unwrap().to_string(),
        };
        words.push(entry(&reading, &surface, NOUN, (rng.next() % 20 * 100) as i16));
    }
    let lists = Options { capacity: 5, scan_bound: 8 };
    let d = Dictionary::from_vec(builder::build_with(&words, &connections(), &options(), lists).unwrap()).unwrap();
    let mut prefixes: Vec<String> = words.iter().flat_map(|w| (1..=w.reading.chars().count()).map(|n| w.reading.chars().take(n).collect::<String>())).collect();
    prefixes.sort();
    prefixes.dedup();
    let mut listed = 0;
    for prefix in &prefixes {
        // The builder drops exact duplicates; they never change a ranking of distinct texts.
        let under = words.iter().filter(|w| w.reading.starts_with(prefix.as_str())).count();
        match list_texts(&d, prefix) {
            Some(texts) => {
                listed += 1;
                let expected: Vec<String> = brute_force(&d, &words, prefix, 5).into_iter().map(|(t, _, _)| t).collect();
                assert_eq!(texts, expected, "the list of {prefix}");
            }
            None => assert!(under <= 8, "{prefix} has {under} entries under it and no list"),
        }
        for limit in [1, 3, 5, 6, 9, 100] {
            assert_eq!(predicted(&d, prefix, limit), brute_force(&d, &words, prefix, limit), "{prefix}, limit {limit}");
        }
    }
    assert!(listed > 20, "only {listed} prefixes have lists");
    assert_eq!(listed, d.prediction_list_count() as usize, "every list is some prefix's");
}

#[test]
fn the_tiny_dictionary_predicts_through_its_lists() {
    let d = Dictionary::from_vec(bytes()).unwrap();
    assert!(d.prediction_list_count() >= 2);
    for prefix in ["あ", "あり", "わ", "な", "は", "ありがと", "の", "で"] {
        let has_list = d.prediction_list(d.trie_node(&codes(&d, prefix)).unwrap()).is_some();
        let under = words().iter().filter(|w| w.reading.starts_with(prefix)).count();
        assert_eq!(has_list, under > LISTS.scan_bound as usize, "{prefix}");
        for limit in [1, 2, 4, 5, 9] {
            assert_eq!(predicted(&d, prefix, limit), brute_force(&d, &words(), prefix, limit), "{prefix}, limit {limit}");
        }
    }
}

fn section(bytes: &[u8], s: Section) -> (usize, usize) {
    let at = field::SECTION_TABLE + s as usize * 16;
    (format::read_u64(bytes, at).unwrap() as usize, format::read_u64(bytes, at + 8).unwrap() as usize)
}

fn put_u32(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn every_hostile_value_of_the_section_is_refused() {
    let good = bytes();
    let d = Dictionary::from_vec(good.clone()).unwrap();
    let (at, len) = section(&good, Section::PredictionLists);
    let count = format::read_u32(&good, at + 4).unwrap() as usize;
    let capacity = LISTS.capacity as usize;
    let nodes_at = at + prediction_lists::HEADER;
    let lists_at = nodes_at + count * 4;
    let first_node = format::read_u32(&good, nodes_at).unwrap();
    let nodes = d.key_count() + 100; // over the trie's node count
    type Edit = Box<dyn Fn(&mut Vec<u8>)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("hold 0 continuations per list, expected 1–100", Box::new(move |b| put_u32(b, at, 0))),
        ("hold 101 continuations per list, expected 1–100", Box::new(move |b| put_u32(b, at, 101))),
        ("are 1000000 lists for a trie of", Box::new(move |b| put_u32(b, at + 4, 1_000_000))),
        ("but 1 lists of 4 take", Box::new(move |b| put_u32(b, at + 4, 1))),
        ("declare a scan bound of 5000 entries, over the limit of 4096", Box::new(move |b| put_u32(b, at + 8, 5000))),
        ("were ranked with 100 per extra character, this core ranks with 200 (rebuild it with scripts/build_dictionary.sh)", Box::new(move |b| put_u32(b, at + 12, 100))),
        ("list 1 is for node", Box::new(move |b| put_u32(b, nodes_at + 4, first_node))),
        ("list 0 is for node", Box::new(move |b| put_u32(b, nodes_at, nodes * 1000))),
        ("list 0 is empty", Box::new(move |b| put_u32(b, lists_at, prediction_lists::NONE))),
        ("list 0 names entry 24 at place 0", Box::new(move |b| put_u32(b, lists_at, 24))),
        (
            "list 0 names entry 0 at place 2: not an entry, or after the list's end",
            Box::new(move |b| {
                put_u32(b, lists_at + 4, prediction_lists::NONE);
                put_u32(b, lists_at + 8, 0);
            }),
        ),
        (
            "are 8 bytes, shorter than their 16-byte header",
            Box::new(move |b| {
                let s = field::SECTION_TABLE + Section::PredictionLists as usize * 16 + 8;
                b[s..s + 8].copy_from_slice(&8u64.to_le_bytes());
            }),
        ),
        (
            "are 4 bytes over",
            Box::new(move |b| {
                let s = field::SECTION_TABLE + Section::PredictionLists as usize * 16 + 8;
                b[s..s + 8].copy_from_slice(&(len as u64 - 4).to_le_bytes());
            }),
        ),
    ];
    assert!(capacity >= 3 && count >= 2, "the tiny dictionary's lists changed");
    for (expected, edit) in cases {
        let mut bad = good.clone();
        edit(&mut bad);
        reseal(&mut bad);
        let error = Dictionary::from_vec(bad).err().unwrap_or_else(|| panic!("accepted a file whose lists should be refused with {expected:?}"));
        let message = error.to_string();
        let wanted = if expected == "are 4 bytes over" { format!("are {} bytes, but {count} lists of {capacity} take {len}", len - 4) } else { expected.to_string() };
        assert!(message.starts_with("dictionary <memory>: the prediction lists ") && message.contains(&wanted), "{message} (expected {wanted:?})");
    }
}

#[test]
fn hostile_lists_that_pass_validation_give_valid_predictions() {
    let good = Dictionary::from_vec(bytes()).unwrap();
    let words = words();
    let mut prefixes: Vec<String> = words.iter().flat_map(|w| (1..=w.reading.chars().count()).map(|n| w.reading.chars().take(n).collect::<String>())).collect();
    prefixes.sort();
    prefixes.dedup();
    for kind in HOSTILE_LISTS {
        let d = Dictionary::from_vec(hostile_lists(kind)).unwrap_or_else(|e| panic!("{kind}: hostile lists must pass validation to test the reader: {e}"));
        for prefix in &prefixes {
            for limit in [1, 4, 5, 9, 100] {
                let found = predicted(&d, prefix, limit);
                // Foreign lists may name nothing under the node: fewer predictions, not wrong ones.
                assert!((kind == "foreign" || !found.is_empty()) && found.len() <= limit, "{kind} {prefix} {limit}: {found:?}");
                assert!(found.windows(2).all(|w| w[0].2 <= w[1].2), "{kind} {prefix}: best first {found:?}");
                for (i, (text, reading, cost)) in found.iter().enumerate() {
                    assert!(!found[..i].iter().any(|(t, _, _)| t == text), "{kind} {prefix}: {text} twice");
                    // Every prediction is a word under the prefix, costed as it should be.
                    let extra = (reading.chars().count() - prefix.chars().count()) as i32 * COST_PER_EXTRA_CHAR;
                    assert!(
                        reading.starts_with(prefix.as_str()) && words.iter().any(|w| &w.reading == reading && &w.surface == text && start_cost(&d, w) + extra == *cost),
                        "{kind} {prefix}: {text} {reading} {cost} is no word under it"
                    );
                }
            }
            // Reversed lists are sorted back; prefixes without a list are unchanged.
            if kind == "reversed" || good.prediction_list(good.trie_node(&codes(&good, prefix)).unwrap()).is_none() {
                let texts = |d: &Dictionary| -> Vec<i32> { predicted(d, prefix, 4).into_iter().map(|p| p.2).collect() };
                assert_eq!(texts(&d), texts(&good), "{kind} {prefix}");
            }
        }
    }
}

/// The compiled Mozc dictionary: $CYRILLIC_IME_DICTIONARY, else `.dictionary/mozc.cimedic`
/// beside `rust_core` (scripts/build_dictionary.sh). Missing, the test fails saying how to
/// build it (as tests/conversion.rs does).
fn real_dictionary() -> Dictionary {
    let path = std::env::var_os("CYRILLIC_IME_DICTIONARY")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.dictionary/mozc.cimedic"));
    assert!(path.exists(), "{} is absent: build it with scripts/build_dictionary.sh (scripts/test.sh does) or name one in CYRILLIC_IME_DICTIONARY", path.display());
    Dictionary::open(&path).unwrap_or_else(|e| panic!("{e} (rebuild it with scripts/build_dictionary.sh)"))
}

/// (text, reading, cost) of the best `limit` distinct texts under `codes`, from a walk of the
/// whole subtree (no cap), ranked as prediction ranks.
fn full_ranking(d: &Dictionary, codes: &[u8], limit: usize) -> Vec<(String, String, i32)> {
    let mut found: Vec<(i32, usize, u32, String)> = Vec::new();
    d.keys_with_prefix(codes, |key, range| {
        for index in range {
            let e = d.entry(index).unwrap();
            let cost = e.cost as i32 + d.connection_cost(0, e.left_id) + (key.len() - codes.len()) as i32 * COST_PER_EXTRA_CHAR;
            found.push((cost, found.len(), index, d.reading_of(key)));
        }
        true
    });
    found.sort();
    let mut out: Vec<(String, String, i32)> = Vec::new();
    for (cost, _, index, reading) in found {
        let mut text = String::new();
        d.push_surface(&d.entry(index).unwrap(), &reading, &mut text);
        if out.len() < limit && !out.iter().any(|(t, _, _)| *t == text) {
            out.push((text, reading, cost));
        }
    }
    out
}

#[test]
fn the_real_dictionary_predicts_the_full_ranking_of_short_prefixes() {
    let d = real_dictionary();
    assert_eq!(d.prediction_list_capacity(), Options::default().capacity as usize);
    assert!(d.prediction_list_count() > 1000, "{} lists", d.prediction_list_count());
    // Every one-kana prefix, and the two-kana prefixes of a few frequent first kana.
    let mut prefixes: Vec<String> = ('ぁ'..='ゖ').map(String::from).collect();
    for first in ['か', 'し', 'こ', 'た'] {
        prefixes.extend(('ぁ'..='ゖ').map(|second| format!("{first}{second}")));
    }
    let mut listed = 0;
    for prefix in &prefixes {
        let Some(prefix_codes) = prefix.chars().map(|c| d.code_of(c)).collect::<Option<Vec<u8>>>() else { continue };
        let Some(node) = d.trie_node(&prefix_codes) else { continue };
        listed += d.prediction_list(node).is_some() as usize;
        let full = full_ranking(&d, &prefix_codes, 16);
        for limit in [1, 9, 16] {
            assert_eq!(predicted(&d, prefix, limit), full[..limit.min(full.len())], "{prefix}, limit {limit}");
        }
    }
    assert!(listed > 50, "only {listed} of the prefixes have lists");
}
