//! The user store over the tiny dictionary of `tiny_dictionary/mod.rs`: learning changes
//! the ranking (segments and whole phrases), decay and order, predictions of learned
//! phrases and user words, user words in conversion, forgetting, the size bounds and the
//! limits; and its files: the round trip, an interrupted save, truncated, garbage,
//! foreign, wrong-version and damaged files, and a location that cannot be written.
//! (The exports are tested in `user_store_ffi.rs`.)

mod tiny_dictionary;
use cyrillic_ime_core::conversion::context::word_before;
use cyrillic_ime_core::conversion::prediction::predict_with;
use cyrillic_ime_core::conversion::rewrite::Rewrites;
use cyrillic_ime_core::conversion::{Conversion, Converter, Request, ResizeRequest};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::limits;
use cyrillic_ime_core::user::file::{self, Kind};
use cyrillic_ime_core::user::store::{Saved, UserStore};
use cyrillic_ime_core::user::{api, weight, UserData, WordClass, HALF_LIFE};
use cyrillic_ime_core::user::change::Change;
use std::path::{Path, PathBuf};
use tiny_dictionary::*;

/// The rewriters without emoji: the script forms alone follow the learned list.
const NO_EMOJI: Rewrites = Rewrites { clock: None, emoji: false };

const SENTENCE: &str = "わたしのなまえはなかのです";

fn converter() -> Converter {
    Converter::new(Dictionary::from_vec(bytes()).expect("the tiny dictionary opens"))
}

fn convert(c: &Converter, user: &UserData, reading: &str, fixed: &[usize], alternatives: usize) -> Conversion {
    c.convert(&Request { fixed, candidates: 9, alternatives, heard: false, user: Some(user), ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}"))
}

/// A learn request as `rust_learn` handles it without a dictionary loaded.
fn learn(store: &mut UserStore, request: &str) -> String {
    api::learn(store, request, |context| word_before(None, context))
}

fn texts(c: &Conversion, segment: usize) -> Vec<&str> {
    c.segments[segment].candidates.iter().map(|c| c.text.as_str()).collect()
}

fn readings(c: &Conversion) -> Vec<&str> {
    c.segments.iter().map(|s| s.reading.as_str()).collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items.iter().map(|(r, t)| (r.to_string(), t.to_string())).collect()
}

/// Learns a one-segment commit.
fn learn_one(data: &mut UserData, reading: &str, text: &str) {
    data.learn(reading, &pairs(&[(reading, text)]));
}

/// Every conversion keeps its shape with a user store too: segments cover the reading,
/// candidates are distinct and include both reading forms, the first alternative is the best.
fn check_shape(c: &Conversion) {
    let joined: String = c.segments.iter().map(|s| s.reading.as_str()).collect();
    assert_eq!(joined, c.reading);
    for s in &c.segments {
        let texts: Vec<&str> = s.candidates.iter().map(|c| c.text.as_str()).collect();
        let hiragana = cyrillic_ime_core::kana_script::to_hiragana(&s.reading);
        let katakana = cyrillic_ime_core::kana_script::to_katakana(&s.reading);
        assert!(texts.contains(&hiragana.as_str()) && texts.contains(&katakana.as_str()), "{texts:?}");
        let mut unique = texts.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), texts.len(), "distinct: {texts:?}");
    }
    if let Some(first) = c.alternatives.first() {
        assert_eq!(first, &c.best_text());
    }
}

// ---------- learning changes the ranking ----------

#[test]
fn a_learned_segment_choice_ranks_first_next_time() {
    let c = converter();
    let mut user = UserData::default();
    // Without learning, 箸 (1,700) beats 橋 (2,200).
    assert_eq!(convert(&c, &user, "はし", &[], 2).alternatives, ["箸", "橋"]);
    learn_one(&mut user, "はし", "橋");
    let after = convert(&c, &user, "はし", &[], 2);
    check_shape(&after);
    assert_eq!(texts(&after, 0)[..2], ["橋", "箸"]);
    assert_eq!(after.alternatives, ["橋", "箸"], "the first alternative follows the learned choice");
    // The same number of candidates as before: nothing added, only reordered.
    assert_eq!(after.segments[0].candidates.len(), convert(&c, &UserData::default(), "はし", &[], 2).segments[0].candidates.len());
    // The learned word followed by the rest of a longer segment as typed: はしの → 橋の
    // (箸の 2,210 would win against 橋の 2,800 otherwise).
    assert_eq!(convert(&c, &UserData::default(), "はしの", &[], 0).best_text(), "箸の");
    assert_eq!(convert(&c, &user, "はしの", &[], 0).best_text(), "橋の");
    // A choice the dictionary does not have at all is added in front.
    learn_one(&mut user, "つき", "ツキ");
    let moon = convert(&c, &user, "つき", &[], 0);
    check_shape(&moon);
    assert_eq!(texts(&moon, 0)[..2], ["ツキ", "月"]);
}

#[test]
fn a_learned_phrase_comes_back_whole_with_its_segmentation() {
    let c = converter();
    let mut user = UserData::default();
    let plain = convert(&c, &user, SENTENCE, &[], 3);
    assert_eq!(readings(&plain), ["わたしの", "なまえは", "なかのです"]);
    assert_eq!(plain.best_text(), "私の名前は中野です");
    // The writer resized to two segments and chose 仲野 (not in the dictionary).
    user.learn(SENTENCE, &pairs(&[("わたしのなまえは", "私の名前は"), ("なかのです", "仲野です")]));
    let after = convert(&c, &user, SENTENCE, &[], 3);
    check_shape(&after);
    assert_eq!(readings(&after), ["わたしのなまえは", "なかのです"]);
    assert_eq!(after.best_text(), "私の名前は仲野です");
    assert_eq!(after.alternatives[0], "私の名前は仲野です");
    assert_eq!(after.alternatives.len(), 3);
    // A fixed first segment that is not the learned one: the default segmentation, but the
    // learned segment なかのです still ranks 仲野です first.
    let fixed = convert(&c, &user, SENTENCE, &[4], 0);
    assert_eq!(readings(&fixed), ["わたしの", "なまえは", "なかのです"]);
    assert_eq!(fixed.best_text(), "私の名前は仲野です");
    // A fixed prefix of the learned segmentation keeps the phrase.
    assert_eq!(readings(&convert(&c, &user, SENTENCE, &[8], 0)), ["わたしのなまえは", "なかのです"]);
    // Resizing goes through the same path: shrinking the first segment leaves the phrase.
    let resized = c.resize(&ResizeRequest { conversion: Request { fixed: &[8, 5], candidates: 9, user: Some(&user), ..Request::new(SENTENCE) }, index: 0, delta: -4 }).unwrap();
    assert_eq!(readings(&resized)[0], "わたしの");
}

#[test]
fn the_most_recent_choice_comes_first_then_the_others_by_decayed_weight() {
    let mut user = UserData::default();
    learn_one(&mut user, "はし", "橋");
    learn_one(&mut user, "はし", "橋");
    learn_one(&mut user, "はし", "箸");
    assert_eq!(user.segment_texts("はし"), ["箸", "橋"], "the latest choice leads");
    learn_one(&mut user, "はし", "端");
    // 端 latest; 橋 (chosen twice) weighs more than 箸 (once).
    assert_eq!(user.segment_texts("はし"), ["端", "橋", "箸"]);
    let c = converter();
    assert_eq!(texts(&convert(&c, &user, "はし", &[], 0), 0)[..3], ["端", "橋", "箸"]);
    // Weight halves every HALF_LIFE learn calls.
    assert_eq!(weight(1.0, 0, HALF_LIFE as u64), 0.5);
    assert_eq!(weight(4.0, 10, 10 + 2 * HALF_LIFE as u64), 1.0);
    // Frequency against age: 橋 chosen twice long ago weighs less than 箸 chosen once lately.
    let mut aged = UserData::default();
    learn_one(&mut aged, "はし", "橋");
    learn_one(&mut aged, "はし", "橋");
    aged.tick += 2 * HALF_LIFE as u64;
    learn_one(&mut aged, "はし", "箸");
    learn_one(&mut aged, "はし", "端");
    assert_eq!(aged.segment_texts("はし"), ["端", "箸", "橋"]);
}

#[test]
fn learned_texts_never_push_out_the_reading_forms_nor_grow_the_list() {
    let c = converter();
    let mut user = UserData::default();
    for text in ["端", "橋", "箸", "嘴", "觜", "はし", "ハシ"] {
        learn_one(&mut user, "はし", text);
    }
    user.add_word("はし", "ＨＡＳＨＩ").unwrap();
    for candidates in [1, 2, 9] {
        // Without emoji (はし has 🥢), which the rewriters add after the learned list.
        let learned = c.convert(&Request { candidates, alternatives: 0, heard: false, user: Some(&user), rewrites: NO_EMOJI, ..Request::new("はし") }).unwrap();
        check_shape(&learned);
        let list = texts(&learned, 0);
        assert!(list.len() <= candidates + 3, "at most the ranked candidates and the three reading forms: {list:?}");
        assert_eq!(list[0], "ハシ", "the latest choice leads: {list:?}");
    }
    let nine = convert(&c, &user, "はし", &[], 0);
    assert_eq!(texts(&nine, 0)[..4], ["ハシ", "はし", "觜", "嘴"]);
}

#[test]
fn a_learned_text_is_kept_where_the_list_held_only_the_reading_forms() {
    // Found by the user_store fuzz target: わ (no dictionary word) converted with one
    // candidate lists only its forms [わ, ワ]; promoting the learned 私 and keeping the
    // length dropped 私 again, so the committed phrase did not come back.
    let c = converter();
    let mut user = UserData::default();
    learn_one(&mut user, "わ", "私");
    for candidates in [1, 2, 9] {
        let learned = c.convert(&Request { candidates, alternatives: 1, heard: false, user: Some(&user), rewrites: NO_EMOJI, ..Request::new("わ") }).unwrap();
        check_shape(&learned);
        let list = texts(&learned, 0);
        assert_eq!(list[0], "私", "candidates {candidates}: {list:?}");
        assert!(list.len() <= candidates + 3, "at most the ranked candidates and the three reading forms: {list:?}");
        assert_eq!(learned.alternatives, ["私"]);
    }
}

#[test]
fn unused_choices_decay_away_and_the_oldest_go_first_past_the_bounds() {
    let mut user = UserData::default();
    learn_one(&mut user, "はし", "橋");
    learn_one(&mut user, "つき", "月");
    learn_one(&mut user, "つき", "月");
    // 8 half-lives later a single choice (weight 1/256 · ½^(1/1000)) is gone, a double one stays.
    user.tick += 8 * HALF_LIFE as u64;
    user.prune();
    assert!(user.segment_texts("はし").is_empty());
    assert_eq!(user.segment_texts("つき"), ["月"]);

    let mut bounded = UserData::default();
    for i in 0..=limits::MAX_LEARNED_CHOICES {
        learn_one(&mut bounded, &format!("よみ{i}"), "字");
    }
    assert_eq!(bounded.segments.values().map(Vec::len).sum::<usize>(), limits::MAX_LEARNED_CHOICES);
    assert!(bounded.segment_texts("よみ0").is_empty(), "the oldest choice went first");
    assert_eq!(bounded.segment_texts("よみ1"), ["字"]);
    assert_eq!(bounded.phrases.len(), limits::MAX_LEARNED_PHRASES);
    assert!(bounded.phrases.contains_key(&format!("よみ{}", limits::MAX_LEARNED_CHOICES)));
    assert!(!bounded.phrases.contains_key(&format!("よみ{}", limits::MAX_LEARNED_CHOICES - limits::MAX_LEARNED_PHRASES)));
    // A choice used again is young again and survives the next eviction.
    learn_one(&mut bounded, "よみ1", "字");
    learn_one(&mut bounded, "あたらしい", "新しい");
    assert_eq!(bounded.segment_texts("よみ1"), ["字"]);
    assert!(bounded.segment_texts("よみ2").is_empty());
    // Long readings are learned per segment, not as a phrase; exactly the limit still is one.
    let long = "あ".repeat(limits::MAX_LEARNED_PHRASE_CHARS + 1);
    let mut user = UserData::default();
    learn_one(&mut user, &long, "亜");
    assert!(user.phrases.is_empty());
    assert_eq!(user.segment_texts(&long), ["亜"]);
    let at_limit = "い".repeat(64);
    assert_eq!(limits::MAX_LEARNED_PHRASE_CHARS, 64, "docs/LEARNING.md: readings up to 64 characters");
    learn_one(&mut user, &at_limit, "胃");
    assert_eq!(user.phrases.get(&at_limit).map(|p| p[0].text()), Some("胃".to_string()), "a reading of exactly 64 characters is learned as a phrase");
    // The bounds at exactly their size: 2,000 choices and 500 phrases all kept.
    let mut full = UserData::default();
    for i in 0..limits::MAX_LEARNED_CHOICES {
        learn_one(&mut full, &format!("よみ{i}"), "字");
    }
    assert_eq!(full.segments.values().map(Vec::len).sum::<usize>(), 2000);
    assert_eq!(full.segment_texts("よみ0"), ["字"], "at exactly the bound nothing is evicted");
    assert_eq!(full.phrases.len(), 500);
}

// ---------- prediction ----------

#[test]
fn predictions_lead_with_recent_phrases_then_user_words() {
    let c = converter();
    let d = c.dictionary();
    let mut user = UserData::default();
    let plain: Vec<String> = predict_with(d, "あり", 4, Some(&user)).unwrap().into_iter().map(|p| p.text).collect();
    assert_eq!(plain[0], "ありがとう");
    user.learn("ありがとうね", &pairs(&[("ありがとう", "有難う"), ("ね", "ね")]));
    user.learn("ありのす", &pairs(&[("ありの", "蟻の"), ("す", "巣")]));
    user.add_word("ありんこ", "アリンコ").unwrap();
    let with: Vec<(String, String)> = predict_with(d, "あり", 4, Some(&user)).unwrap().into_iter().map(|p| (p.text, p.reading)).collect();
    assert_eq!(
        with,
        [
            ("蟻の巣".to_string(), "ありのす".to_string()),
            ("有難うね".to_string(), "ありがとうね".to_string()),
            ("アリンコ".to_string(), "ありんこ".to_string()),
            ("ありがとう".to_string(), "ありがとう".to_string()),
        ],
        "most recent phrase first, at most half the limit, then the user word, then the dictionary"
    );
    // A prefix in katakana finds them too; a prefix past the reading finds nothing learned.
    assert_eq!(predict_with(d, "アリノ", 9, Some(&user)).unwrap()[0].text, "蟻の巣");
    assert!(predict_with(d, "ありのすだ", 9, Some(&user)).unwrap().is_empty());
    // A phrase committed as its own kana is not predicted.
    user.learn("ありさ", &pairs(&[("ありさ", "ありさ")]));
    assert!(!predict_with(d, "あり", 9, Some(&user)).unwrap().iter().any(|p| p.text == "ありさ"));
    // The limits stay.
    assert_eq!(predict_with(d, "あり", 1, Some(&user)).unwrap().len(), 1);
    assert!(predict_with(d, "あり", 0, Some(&user)).is_err());
}

#[test]
fn learned_phrases_take_at_most_half_of_the_predictions() {
    let c = converter();
    let d = c.dictionary();
    let mut user = UserData::default();
    // Eight learned phrases for あり…, more than any limit below can take.
    for (i, kana) in ["か", "き", "く", "け", "こ", "さ", "し", "す"].iter().enumerate() {
        let reading = format!("あり{kana}");
        user.learn(&reading, &pairs(&[(&reading, &format!("蟻{i}"))]));
    }
    let learned = |limit: usize| -> usize { predict_with(d, "あり", limit, Some(&user)).unwrap().iter().filter(|p| p.text.starts_with('蟻') && p.text.len() > "蟻".len()).count() };
    for (limit, share) in [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (9, 4), (16, 8)] {
        assert_eq!(learned(limit), share, "limit {limit}: learned phrases take half of it (at least one)");
    }
    // The rest of the list is the dictionary's, not more learned phrases.
    let four: Vec<String> = predict_with(d, "あり", 4, Some(&user)).unwrap().into_iter().map(|p| p.text).collect();
    assert_eq!(&four[..2], ["蟻7", "蟻6"], "the two most recent phrases first: {four:?}");
    assert_eq!(four[2], "ありがとう", "then the dictionary: {four:?}");
}

// ---------- user words ----------

#[test]
fn user_words_convert_and_win_over_dictionary_words_of_the_same_reading() {
    let c = converter();
    let mut user = UserData::default();
    // ぬこ: no dictionary word; kept as typed it costs 20,000.
    assert_eq!(convert(&c, &user, "ぬこ", &[], 0).best_text(), "ぬこ");
    user.add_word("ぬこ", "猫").unwrap();
    let cat = convert(&c, &user, "ぬこは", &[], 0);
    check_shape(&cat);
    assert_eq!(cat.best_text(), "猫は");
    // なかの: 中野 costs 1,800, the user word 1,799 — it wins in the sentence.
    user.add_word("なかの", "仲野").unwrap();
    let sentence = convert(&c, &user, SENTENCE, &[], 2);
    check_shape(&sentence);
    assert_eq!(sentence.best_text(), "私の名前は仲野です");
    // A segment whose reading is exactly a user word lists it first.
    user.add_word("はし", "ハシ").unwrap();
    assert_eq!(texts(&convert(&c, &user, "はし", &[], 0), 0)[..3], ["ハシ", "箸", "橋"]);
    // A learned choice still leads.
    learn_one(&mut user, "はし", "橋");
    assert_eq!(texts(&convert(&c, &user, "はし", &[], 0), 0)[..3], ["橋", "ハシ", "箸"]);
    // Removing the word removes it from conversion.
    assert!(user.remove_word("ぬこ", "猫"));
    assert!(!user.remove_word("ぬこ", "猫"));
    assert_eq!(convert(&c, &user, "ぬこ", &[], 0).best_text(), "ぬこ");
}

#[test]
fn user_words_are_checked_and_bounded() {
    let mut store = open(&temp_path("words-limits")).0;
    let bad = [
        (r#"{"action":"add","reading":"kyo","text":"京"}"#, "$reading must be kana (hiragana, katakana or ー), but contains \"k\""),
        (r#"{"action":"add","reading":"","text":"京"}"#, "$reading is empty"),
        (&format!(r#"{{"action":"add","reading":"{}","text":"京"}}"#, "あ".repeat(33)), "$reading is 33 characters, over the limit of 32"),
        (&format!(r#"{{"action":"add","reading":"きょう","text":"{}"}}"#, "京".repeat(65)), "$text is 65 characters, over the limit of 64"),
        (r#"{"action":"add","reading":"きょう","text":"a\tb"}"#, "$text contains the control character U+0009"),
        (r#"{"action":"add","reading":"きょう"}"#, "$text is missing"),
        (r#"{"action":"drop","reading":"きょう","text":"京"}"#, "$action must be \"add\", \"remove\" or \"list\", got \"drop\""),
        (r#"{"action":"remove","reading":"きょう","text":"京"}"#, "there is no user word \"きょう\" → \"京\" to remove"),
        (r#"{"action":"list","text":"京"}"#, "$action \"list\" takes no reading or text"),
        (r#"{"action":"list","extra":1}"#, "user words request: unknown field \"extra\""),
        (r#"[]"#, "user words request: expected a JSON object, got an array"),
    ];
    for (request, message) in bad {
        assert_eq!(api::user_words(&mut store, request), api::error_json(message), "{request}");
    }
    // Katakana readings are stored as hiragana; adding twice is harmless.
    let added = api::user_words(&mut store, r#"{"action":"add","reading":"キョウ","text":"京"}"#);
    assert_eq!(added, r#"{"words":[{"reading":"きょう","text":"京","class":"noun"}],"saved":true,"warnings":[]}"#);
    assert_eq!(api::user_words(&mut store, r#"{"action":"add","reading":"きょう","text":"京"}"#), added);
    // Exactly at the limits: a 32-character reading, a 64-character text.
    let at_limit = api::user_words(&mut store, &format!(r#"{{"action":"add","reading":"{}","text":"{}"}}"#, "あ".repeat(32), "亜".repeat(64)));
    assert!(at_limit.contains(&format!(r#"{{"reading":"{}","text":"{}","class":"noun"}}"#, "あ".repeat(32), "亜".repeat(64))) && at_limit.contains(r#""saved":true"#), "{at_limit}");
    let mut user = UserData::default();
    for i in 0..limits::MAX_USER_WORDS {
        user.add_word("きょう", &format!("京{i}")).unwrap();
    }
    assert_eq!(user.add_word("きょう", "都").unwrap_err(), "the user dictionary is full (2000 words, the most it holds): remove a word first");
    assert_eq!(user.add_word("きょう", "京0"), Ok(false), "an existing word is not refused");
}

#[test]
fn learn_requests_are_checked() {
    let mut store = open(&temp_path("learn-limits")).0;
    let bad = [
        (r#"{"reading":"はし"}"#, "$segments is missing"),
        (r#"{"reading":"はし","segments":[]}"#, "$segments is empty"),
        (r#"{"reading":"はし","segments":[{"reading":"は","text":"葉"}]}"#, "the readings of $segments join to \"は\", not to $reading \"はし\""),
        (r#"{"reading":"はし","segments":[{"reading":"はし"}]}"#, "$segments[0].text is missing"),
        (r#"{"reading":"はし","segments":[{"reading":"はし","text":""}]}"#, "$segments[0].text is empty"),
        (r#"{"reading":"はし","segments":[{"reading":"はし","text":1}]}"#, "$segments[0].text must be a string, got a number"),
        (r#"{"reading":"はし","segments":["はし"]}"#, "$segments[0] must be an object {\"reading\", \"text\"}, got a string"),
        (r#"{"reading":"はし","segments":[{"reading":"はし","text":"橋","x":1}]}"#, "$segments[0]: unknown field \"x\""),
        (r#"{"reading":"は\nし","segments":[{"reading":"は\nし","text":"橋"}]}"#, "$reading contains the control character U+000A"),
        (r#"{"segments":[]}"#, "$reading is missing"),
    ];
    for (request, message) in bad {
        assert_eq!(learn(&mut store, request), api::error_json(message), "{request}");
    }
    let long = format!(r#"{{"reading":"は","segments":[{{"reading":"は","text":"{}"}}]}}"#, "葉".repeat(257));
    assert_eq!(learn(&mut store, &long), api::error_json("$segments[0].text is 257 characters, over the limit of 256"));
    let long_reading = "は".repeat(257);
    let request = format!(r#"{{"reading":"{long_reading}","segments":[{{"reading":"{long_reading}","text":"葉"}}]}}"#);
    assert_eq!(learn(&mut store, &request), api::error_json("$reading is 257 characters, over the limit of 256"));
    assert_eq!(store.data().learned_count(), 0, "nothing refused was learned");
    // Exactly at the limits: learned.
    let at_limit = format!(r#"{{"reading":"{r}","segments":[{{"reading":"{r}","text":"{t}"}}]}}"#, r = "は".repeat(256), t = "葉".repeat(256));
    assert!(learn(&mut store, &at_limit).starts_with(r#"{"learned":true,"saved":true"#));
    assert_eq!(store.data().segment_texts(&"は".repeat(256)), ["葉".repeat(256)]);
}

// ---------- forgetting ----------

#[test]
fn forgetting_one_choice_or_everything() {
    let c = converter();
    let mut store = open(&temp_path("forget")).0;
    learn(&mut store, r#"{"reading":"はし","segments":[{"reading":"はし","text":"橋"}]}"#);
    learn(&mut store, r#"{"reading":"はしの","segments":[{"reading":"はしの","text":"橋の"}]}"#);
    learn(&mut store, r#"{"reading":"いいはし","segments":[{"reading":"いい","text":"いい"},{"reading":"はし","text":"橋"}]}"#);
    api::user_words(&mut store, r#"{"action":"add","reading":"ぬこ","text":"猫"}"#);
    assert_eq!(convert(&c, &store.data(), "はし", &[], 0).best_text(), "橋");
    // はし → 橋: the segment choice, its phrase, and the phrase いいはし holding it.
    assert_eq!(api::forget(&mut store, r#"{"reading":"はし","text":"橋"}"#), r#"{"forgotten":3,"saved":true,"warnings":[]}"#);
    assert_eq!(convert(&c, &store.data(), "はし", &[], 0).best_text(), "箸");
    assert_eq!(store.data().segment_texts("はしの"), ["橋の"], "other choices stay");
    assert_eq!(api::forget(&mut store, r#"{"reading":"はし","text":"橋"}"#), r#"{"forgotten":0,"saved":true,"warnings":[]}"#);
    // Everything learned; the user dictionary stays unless asked.
    let learned = store.data().learned_count();
    assert!(learned >= 3);
    assert_eq!(api::forget(&mut store, r#"{"all":true}"#), format!(r#"{{"forgotten":{learned},"saved":true,"warnings":[]}}"#));
    assert_eq!(store.data().learned_count(), 0);
    assert_eq!(store.data().word_count(), 1);
    assert_eq!(api::forget(&mut store, r#"{"all":true,"words":true}"#), r#"{"forgotten":1,"saved":true,"warnings":[]}"#);
    assert_eq!(store.data().word_count(), 0);
    // And on disk.
    let reopened = UserStore::open(store.directory().to_str().unwrap()).unwrap().0;
    assert_eq!(*reopened.data(), UserData { tick: store.data().tick, ..UserData::default() });
    for (request, message) in [
        (r#"{"all":false}"#, "$all must be true to forget everything (or leave it out and give a reading and a text)"),
        (r#"{"all":true,"reading":"は","text":"葉"}"#, "give either \"all\": true or a \"reading\" and a \"text\", not both"),
        (r#"{"words":true,"reading":"は","text":"葉"}"#, "$words goes only with \"all\": true"),
        (r#"{"text":"葉"}"#, "$reading is missing"),
        (r#"{"reading":"は","text":1}"#, "$text must be a string, got a number"),
        (r#"{"all":"yes"}"#, "$all must be true or false, got a string"),
    ] {
        assert_eq!(api::forget(&mut store, request), api::error_json(message), "{request}");
    }
}

// ---------- files ----------

fn open(dir: &Path) -> (UserStore, Vec<String>) {
    UserStore::open(dir.to_str().unwrap()).expect("the store opens")
}

/// A store with a few choices, a phrase and two words, saved.
fn filled(name: &str) -> (PathBuf, UserData) {
    let dir = temp_path(name);
    let mut store = open(&dir).0;
    store.learn(SENTENCE, &pairs(&[("わたしのなまえは", "私の名前は"), ("なかのです", "仲野です")])).unwrap();
    store.learn("はし", &pairs(&[("はし", "橋")])).unwrap();
    store.learn("はし", &pairs(&[("はし", "橋")])).unwrap();
    store.learn("はし", &pairs(&[("はし", "箸")])).unwrap();
    api::user_words(&mut store, r#"{"action":"add","reading":"ぬこ","text":"猫"}"#);
    api::user_words(&mut store, r#"{"action":"add","reading":"なかの","text":"仲野"}"#);
    (dir, (*store.data()).clone())
}

#[test]
fn a_store_round_trips_through_its_files() {
    let (dir, data) = filled("round-trip");
    let (store, warnings) = open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(*store.data(), data, "the reopened store holds exactly what was saved");
    assert_eq!(data.learned_count(), 7, "4 segment choices (2 for はし) and 3 phrases (2 for はし)");
    assert_eq!(data.word_count(), 2);
    assert_eq!(store.data().segment_texts("はし"), ["箸", "橋"]);
    let text = std::fs::read_to_string(dir.join(file::LEARNING_FILE)).unwrap();
    assert!(text.starts_with("CyrillicIME learning\t1\ntick\t4\n"), "{text}");
    assert!(text.contains("\np\t1\t1\tわたしのなまえは\t私の名前は\tなかのです\t仲野です\n"), "{text}");
    // The second segment's choice, remembered after the first segment's text.
    assert!(text.contains("\nb\t私の名前は\tなかのです\t仲野です\t1\t1\n"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("end\t8\t"), "{text}");
    let words = std::fs::read_to_string(dir.join(file::WORDS_FILE)).unwrap();
    assert!(words.starts_with("CyrillicIME user words\t2\nw\tなかの\t仲野\tnoun\nw\tぬこ\t猫\tnoun\nend\t2\t"), "{words}");
    let report = api::opened_json(&store, &warnings);
    assert!(report.contains(r#""persistent":true,"learned":7,"words":2,"warnings":[]"#), "{report}");
    // The converter sees it after a reopen.
    let c = converter();
    assert_eq!(convert(&c, &store.data(), SENTENCE, &[], 0).best_text(), "私の名前は仲野です");
    let mut names: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names, ["learning.cime", "store.lock", "words.cime"], "no temporary files are left");
}

#[test]
fn an_interrupted_save_leaves_the_old_file_and_its_temporary_is_removed() {
    let (dir, data) = filled("interrupted");
    let before = std::fs::read(dir.join(file::LEARNING_FILE)).unwrap();
    // What a save killed before its rename leaves: a partial temporary next to the file.
    let temp = dir.join("learning.cime.tmp-99999-7");
    std::fs::write(&temp, &before[..before.len() / 2]).unwrap();
    let (store, warnings) = open(&dir);
    assert_eq!(*store.data(), data, "the old file is intact and read");
    assert!(!temp.exists(), "the temporary is removed");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("removed learning.cime.tmp-99999-7, left by a save that was interrupted"), "{warnings:?}");
    assert_eq!(std::fs::read(dir.join(file::LEARNING_FILE)).unwrap(), before);
}

/// Replaces the learning file with `bytes`, reopens, and checks the file was set aside
/// with a warning naming it and `problem`, that learning starts fresh while the user words
/// are kept, and that the next save writes a good file.
fn damaged(name: &str, edit: impl FnOnce(Vec<u8>) -> Vec<u8>, problem: &str) {
    let (dir, data) = filled(name);
    let path = dir.join(file::LEARNING_FILE);
    let original = std::fs::read(&path).unwrap();
    let bad = edit(original);
    std::fs::write(&path, &bad).unwrap();
    let (mut store, warnings) = open(&dir);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let aside = dir.join("learning.cime.corrupt-1");
    assert!(warnings[0].starts_with(&format!("user store {}: {problem}", path.display())), "{warnings:?} lacks {problem:?}");
    assert!(warnings[0].ends_with(&format!("; moved to {}, learning starts fresh", aside.display())), "{warnings:?}");
    assert_eq!(std::fs::read(&aside).unwrap(), bad, "the damaged file is kept aside as it was");
    assert!(!path.exists());
    assert_eq!(store.data().learned_count(), 0);
    assert_eq!(store.data().words, data.words, "the other file is not touched");
    let saved = store.learn("はし", &pairs(&[("はし", "端")])).unwrap();
    assert!(saved.saved, "{saved:?}");
    let (again, warnings) = open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(again.data().segment_texts("はし"), ["端"]);
    // A second damaged file goes to the next free name.
    std::fs::write(&path, b"junk").unwrap();
    let (_, warnings) = open(&dir);
    assert!(warnings[0].contains("learning.cime.corrupt-2"), "{warnings:?}");
}

#[test]
fn a_truncated_file_is_set_aside() {
    damaged("truncated", |b| b[..b.len() - 10].to_vec(), "truncated: the last line is cut short (no end line)");
    damaged("truncated-line", |b| {
        let text = String::from_utf8(b).unwrap();
        let cut = text[..text.len() - 1].rfind('\n').unwrap() + 1;
        text.as_bytes()[..cut].to_vec()
    }, "truncated: the end line with the checksum is missing");
}

#[test]
fn a_garbage_or_foreign_file_is_set_aside() {
    damaged("garbage", |_| vec![0xFF, 0x00, 0x13, 0x37, 0x80], "not a CyrillicIME learning file (it starts with \"�··7�\")");
    damaged("empty", |_| Vec::new(), "not a CyrillicIME learning file (it starts with \"\")");
    damaged("foreign", |_| b"{\"learned\": []}\n".to_vec(), "not a CyrillicIME learning file (it starts with \"{\\\"learned\\\": []}·\")");
    // The other store's file in the learning file's place.
    damaged("swapped", |_| file::write_words(&UserData::default()), "not a CyrillicIME learning file (it starts with \"CyrillicIME user words·2\")");
}

#[test]
fn a_file_of_another_version_is_set_aside() {
    damaged("version", |b| {
        let text = String::from_utf8(b).unwrap().replacen("learning\t1\n", "learning\t2\n", 1);
        text.into_bytes()
    }, "format version 2, but this core reads version 1");
    // A version field of control characters (found by the user_store fuzzer): quoted, cut
    // short, no control character in the message — a NUL cut the warning short for C readers.
    damaged("nul version", |b| {
        let text = String::from_utf8(b).unwrap().replacen("learning\t1\n", &format!("learning\tre{}1\n", "\0".repeat(40)), 1);
        text.into_bytes()
    }, "format version \"re······················…\", but this core reads version 1");
}

#[test]
fn a_damaged_file_fails_its_checksum() {
    damaged("flipped", |b| {
        let text = String::from_utf8(b).unwrap().replacen("箸", "端", 1);
        text.into_bytes()
    }, "checksum mismatch (the end line says ");
}

#[test]
fn damaged_records_behind_a_good_checksum_are_named_by_line() {
    // A hostile writer who recomputes the checksum still meets the record checks.
    let reseal = |body: &str| {
        let sum = cyrillic_ime_core::dictionary::format::checksum(body.as_bytes());
        format!("{body}end\t1\t{sum:016x}\n")
    };
    let cases = [
        ("CyrillicIME learning\t1\ntick\t3\ns\tはし\t橋\tNaN\t1\n", "line 3: score NaN is not a non-negative number"),
        ("CyrillicIME learning\t1\ntick\t3\ns\tはし\t橋\t1\n", "line 3: unexpected record \"s\\tはし\\t橋\\t1\""),
        ("CyrillicIME learning\t1\ntick\tx\ns\tはし\t橋\t1\t1\n", "line 2: tick \"x\" is not a number"),
        ("CyrillicIME learning\t1\ns\t\t橋\t1\t1\n", "line 2: reading has 0 characters, expected 1–256"),
        ("CyrillicIME learning\t1\ns\tはし\t橋\t1\t1\ns\tはし\t箸\t1\t1\n", "the end line counts 1 records, the file has 2"),
    ];
    for (body, problem) in cases {
        let mut data = UserData::default();
        assert_eq!(file::read(Kind::Learning, reseal(body).as_bytes(), &mut data), Err(problem.to_string()), "{body}");
    }
    let mut data = UserData::default();
    let words = reseal("CyrillicIME user words\t1\nw\tkyo\t京\n");
    assert_eq!(file::read(Kind::Words, words.as_bytes(), &mut data), Err("line 2: reading must be kana (hiragana, katakana or ー), but contains \"k\"".to_string()));
    let big = vec![b'x'; limits::MAX_USER_STORE_FILE_BYTES + 1];
    assert_eq!(file::read(Kind::Learning, &big, &mut data), Err("4194305 bytes, over the limit of 4194304".to_string()));
}

#[test]
fn a_clock_at_its_end_behind_a_good_checksum_is_set_aside_and_learning_goes_on() {
    // Found by the user_store fuzz target: a resealed learning file whose tick is u64::MAX
    // loaded, and every rust_learn after it overflowed the clock (a panic: NULL answers).
    let tick = u64::MAX;
    let body = format!("CyrillicIME learning\t1\ntick\t{tick}\ns\tはし\t橋\t1\t{tick}\n");
    let sum = cyrillic_ime_core::dictionary::format::checksum(body.as_bytes());
    let bytes = format!("{body}end\t1\t{sum:016x}\n");
    let mut data = UserData::default();
    assert_eq!(
        file::read(Kind::Learning, bytes.as_bytes(), &mut data),
        Err(format!("line 2: tick {tick} is over the limit of {}", limits::MAX_LEARNING_TICK))
    );
    let dir = temp_path("tick-at-its-end");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(file::LEARNING_FILE), &bytes).unwrap();
    let (mut store, warnings) = open(&dir);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("moved to"), "{warnings:?}");
    store.learn("はし", &pairs(&[("はし", "端")])).unwrap();
    assert_eq!(store.data().segment_texts("はし"), ["端"]);
    // The largest clock a file may hold still leaves room to learn.
    let body = format!("CyrillicIME learning\t1\ntick\t{}\n", limits::MAX_LEARNING_TICK);
    let sum = cyrillic_ime_core::dictionary::format::checksum(body.as_bytes());
    let mut data = UserData::default();
    file::read(Kind::Learning, format!("{body}end\t0\t{sum:016x}\n").as_bytes(), &mut data).unwrap();
    data.learn("はし", &pairs(&[("はし", "端")]));
    assert_eq!(data.tick, limits::MAX_LEARNING_TICK + 1);
}

#[test]
fn a_damaged_user_dictionary_is_set_aside_and_learning_is_kept() {
    let (dir, data) = filled("words-damaged");
    let path = dir.join(file::WORDS_FILE);
    std::fs::write(&path, b"CyrillicIME user words\t1\nw\t").unwrap();
    let (store, warnings) = open(&dir);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].ends_with(&format!("moved to {}, the user dictionary starts empty", dir.join("words.cime.corrupt-1").display())), "{warnings:?}");
    assert_eq!(store.data().word_count(), 0);
    assert_eq!(store.data().segments, data.segments);
}

#[test]
fn a_location_that_cannot_be_written_keeps_learning_in_memory() {
    // Running as root makes chmod ineffective, so the location is a path under a regular
    // file (no directory can be made there), and one under /proc.
    let blocker = write_temp("blocker", b"a regular file");
    for dir in [blocker.join("store"), PathBuf::from("/proc/cyrillic-ime-test-store")] {
        let (mut store, warnings) = open(&dir);
        assert!(!store.is_persistent());
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].starts_with(&format!("user store {}: cannot create the directory (", dir.display())), "{warnings:?}");
        assert!(warnings[0].ends_with("); learning stays in memory"), "{warnings:?}");
        let report = api::opened_json(&store, &warnings);
        assert!(report.contains(r#""persistent":false,"learned":0,"words":0"#), "{report}");
        let saved = store.learn("はし", &pairs(&[("はし", "橋")])).unwrap();
        assert!(!saved.saved);
        assert_eq!(saved.warnings, [format!("user store {}: not writable, the change stays in memory", dir.display())]);
        assert_eq!(store.data().segment_texts("はし"), ["橋"], "learned in memory");
        assert_eq!(convert(&converter(), &store.data(), "はし", &[], 0).best_text(), "橋");
        let answer = api::user_words(&mut store, r#"{"action":"add","reading":"ぬこ","text":"猫"}"#);
        assert!(answer.starts_with(r#"{"words":[{"reading":"ぬこ","text":"猫","class":"noun"}],"saved":false,"warnings":["user store "#), "{answer}");
    }
    assert!(UserStore::open("").is_err());
    assert_eq!(UserStore::open(&"a".repeat(4097)).unwrap_err(), "directory is 4097 bytes, over the limit of 4096");
}

#[test]
fn a_save_that_fails_keeps_the_change_in_memory_and_says_why() {
    let (dir, _) = filled("save-fails");
    let (mut store, _) = open(&dir);
    // The file's place taken by a directory: the rename over it fails.
    std::fs::remove_file(dir.join(file::LEARNING_FILE)).unwrap();
    std::fs::create_dir(dir.join(file::LEARNING_FILE)).unwrap();
    let saved = store.learn("つき", &pairs(&[("つき", "月")])).unwrap();
    assert!(!saved.saved);
    assert_eq!(saved.warnings.len(), 1, "{saved:?}");
    assert!(saved.warnings[0].starts_with(&format!("user store {}: cannot read it to merge (", dir.join(file::LEARNING_FILE).display())), "{saved:?}");
    assert!(saved.warnings[0].ends_with("so it is not overwritten; the change stays in memory and is saved with the next one"), "{saved:?}");
    assert_eq!(store.data().segment_texts("つき"), ["月"]);
    // The words file is another file: its saves go on.
    let answer = api::user_words(&mut store, r#"{"action":"add","reading":"つき","text":"月"}"#);
    assert!(answer.ends_with(r#""saved":true,"warnings":[]}"#), "{answer}");
    // The place free again: the next change saves the one that could not be saved too.
    std::fs::remove_dir(dir.join(file::LEARNING_FILE)).unwrap();
    assert_eq!(store.learn("はな", &pairs(&[("はな", "花")])).unwrap(), Saved { saved: true, warnings: vec![] });
    let (reopened, warnings) = open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(reopened.data().segment_texts("つき"), ["月"], "the unsaved change was saved with the next");
    assert_eq!(reopened.data().segment_texts("はな"), ["花"]);
    let left: Vec<String> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(!left.iter().any(|n| n.contains(".tmp-")), "no temporary is left: {left:?}");
}

#[test]
fn a_store_whose_directory_was_removed_keeps_the_change_and_says_so() {
    let (dir, _) = filled("rename-fails");
    let (mut store, _) = open(&dir);
    // The directory removed under the store (the review removed it after two commits):
    // the save fails, and says so.
    std::fs::remove_dir_all(&dir).unwrap();
    let saved = store.learn("つき", &pairs(&[("つき", "月")])).unwrap();
    assert!(!saved.saved, "{saved:?}");
    assert!(saved.warnings[0].contains("cannot open its lock file"), "{saved:?}");
    assert_eq!(store.data().segment_texts("つき"), ["月"], "kept in memory");
}

#[test]
fn atomic_writes_replace_the_whole_file_and_a_reader_never_sees_a_part() {
    let dir = temp_path("atomic");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("f");
    // Two contents of different sizes: a reader running beside the writer must always see
    // one of them whole, never a cut or mixed file (an in-place write shows both).
    let old: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
    let new = vec![b'n'; 200_000];
    file::write_atomic(&path, &old).unwrap();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let (path, old, new, done) = (path.clone(), old.clone(), new.clone(), done.clone());
        std::thread::spawn(move || {
            let mut reads = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let seen = std::fs::read(&path).expect("the file is always there");
                assert!(seen == old || seen == new, "read {reads}: a reader saw {} bytes, neither whole file", seen.len());
                reads += 1;
            }
            reads
        })
    };
    for i in 0..60 {
        file::write_atomic(&path, if i % 2 == 0 { &new } else { &old }).unwrap();
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let reads = reader.join().expect("the reader saw only whole files");
    assert!(reads > 0);
    assert_eq!(std::fs::read(&path).unwrap(), old, "the last write is the file");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary is left");
    let err = file::write_atomic(&dir.join("missing").join("f"), b"x").unwrap_err();
    let temp_of_this_process = format!("missing/f.tmp-{}-", std::process::id());
    assert!(err.starts_with("cannot create ") && err.contains(&temp_of_this_process), "the temporary names its owner: {err}");
}

#[test]
fn a_live_writers_temporary_file_is_not_removed_by_another_open() {
    // What the review saw: one process's open deleted the temporary file of another,
    // live, process in the middle of its save. A writer holds the lock from creating its
    // temporary to renaming it; an open waits for it and removes nothing.
    let (dir, _) = filled("live-temporary");
    let held = cyrillic_ime_core::user::lock::lock(&dir).expect("the lock is free");
    let mut other = UserData::default();
    other.learn("つき", &pairs(&[("つき", "月")]));
    let temp = dir.join(format!("learning.cime.tmp-{}-999", std::process::id()));
    std::fs::write(&temp, file::write_learning(&other)).unwrap();
    let opener = {
        let dir = dir.clone();
        std::thread::spawn(move || open(&dir))
    };
    std::thread::sleep(std::time::Duration::from_millis(150));
    assert!(temp.exists(), "an open removed the temporary of a save still under way");
    std::fs::rename(&temp, dir.join(file::LEARNING_FILE)).expect("the live writer's rename succeeds");
    drop(held);
    let (store, warnings) = opener.join().unwrap();
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(store.data().segment_texts("つき"), ["月"], "the open waited and read the file the writer saved");
}

#[test]
fn a_lock_held_too_long_leaves_the_change_unsaved_until_the_next() {
    let dir = temp_path("lock-held");
    let (mut store, _) = open(&dir);
    let held = cyrillic_ime_core::user::lock::lock(&dir).expect("the lock is free");
    let started = std::time::Instant::now();
    let saved = store.learn("つき", &pairs(&[("つき", "月")])).unwrap();
    assert!(started.elapsed() >= std::time::Duration::from_millis(limits::USER_STORE_LOCK_WAIT_MS), "it waited");
    assert!(!saved.saved);
    assert_eq!(saved.warnings, [format!("user store {}: another process held its lock {} for over 2000 ms; the change stays in memory and is saved with the next one", dir.display(), dir.join("store.lock").display())]);
    assert_eq!(store.data().segment_texts("つき"), ["月"], "learned in memory");
    drop(held);
    // The abandoned wait leaves no lock behind: the next change saves both.
    assert!(store.learn("はな", &pairs(&[("はな", "花")])).unwrap().saved);
    let reopened = open(&dir).0;
    assert_eq!((reopened.data().segment_texts("つき"), reopened.data().segment_texts("はな")), (vec!["月"], vec!["花"]));
}

#[test]
fn two_stores_on_one_directory_merge_instead_of_the_last_writer_winning() {
    let dir = temp_path("two-stores");
    let (mut a, _) = open(&dir);
    let (mut b, _) = open(&dir);
    for i in 0..5 {
        assert!(a.learn("はし", &pairs(&[("はし", "橋")])).unwrap().saved);
        assert!(b.learn("つき", &pairs(&[("つき", "月")])).unwrap().saved, "{i}");
    }
    assert!(api::user_words(&mut a, r#"{"action":"add","reading":"ぬこ","text":"猫"}"#).contains(r#""saved":true"#));
    let answer = api::user_words(&mut b, r#"{"action":"add","reading":"なかの","text":"仲野"}"#);
    assert!(answer.starts_with(r#"{"words":[{"reading":"なかの","text":"仲野","class":"noun"},{"reading":"ぬこ","text":"猫","class":"noun"}]"#), "b sees a's word after its save: {answer}");
    let (c, warnings) = open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    let data = c.data();
    assert_eq!((data.segment_texts("はし"), data.segment_texts("つき")), (vec!["橋"], vec!["月"]));
    assert_eq!(data.tick, 10, "the clock counts both stores' commits");
    assert_eq!(data.word_count(), 2);
    // A forget in one store forgets what the other learned since, too (it is replayed on
    // the file as it is now).
    assert!(b.learn("かな", &pairs(&[("かな", "仮名")])).unwrap().saved);
    let forgot = api::forget(&mut a, r#"{"all":true}"#);
    assert!(forgot.starts_with(r#"{"forgotten":6,"saved":true"#), "3 choices and 3 phrases, b's かな among them: {forgot}");
    assert_eq!(open(&dir).0.data().learned_count(), 0);
}

#[test]
fn a_words_file_written_by_hand_is_read() {
    // Without the magic line: `reading<TAB>text`, comments and blank lines; with it, `w` records
    // and no end line. Both are checked word by word; the next save writes the checked format.
    let dir = temp_path("words-by-hand");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file::WORDS_FILE);
    std::fs::write(&path, "# my words\nなかの\t中野\r\n\nネコ\t猫\nなかの\t仲野").unwrap();
    let (mut store, warnings) = open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    assert_eq!(store.data().word_texts("なかの"), ["中野", "仲野"]);
    assert_eq!(store.data().word_texts("ねこ"), ["猫"]);
    let (_, saved) = store.apply(Change::AddWord { reading: "いぬ".to_string(), text: "犬".to_string(), class: WordClass::Noun });
    assert!(saved.saved);
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.starts_with("CyrillicIME user words\t2\nw\tいぬ\t犬\tnoun\n") && written.contains("\nend\t4\t"), "{written}");
    let mut data = UserData::default();
    file::read(Kind::Words, "CyrillicIME user words\t1\nw\tすし\t寿司\n".as_bytes(), &mut data).unwrap();
    assert_eq!(data.word_count(), 1);
    // A bad line names itself, and the file is set aside whole as before.
    let cases = [
        ("すし 寿司\n", "line 1: expected a reading and a text separated by a tab, and optionally a word class (a words file written by hand)"),
        ("すし\t寿司\nsushi\t寿司\n", "line 2: reading must be kana (hiragana, katakana or ー), but contains \"s\""),
        ("すし\t\n", "line 1: text has 0 characters, expected 1–64"),
    ];
    for (text, problem) in cases {
        let mut data = UserData::default();
        assert_eq!(file::read(Kind::Words, text.as_bytes(), &mut data), Err(problem.to_string()), "{text}");
    }
    std::fs::write(&path, "すし 寿司\n").unwrap();
    let (store, warnings) = open(&dir);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(warnings[0].contains("line 1: expected a reading and a text") && warnings[0].contains("words.cime.corrupt-1"), "{warnings:?}");
    assert_eq!(store.data().word_count(), 0);
}

#[test]
fn forgetting_a_reading_forgets_every_text_learned_for_it() {
    let mut data = UserData::default();
    learn_one(&mut data, "はし", "橋");
    learn_one(&mut data, "はし", "箸");
    learn_one(&mut data, "ハシ", "端");
    data.learn("はしの", &pairs(&[("はし", "橋"), ("の", "の")]));
    learn_one(&mut data, "かみ", "紙");
    data.learn_after(Some("赤い"), "はし", &pairs(&[("はし", "箸")]));
    assert_eq!(data.pair_texts("赤い", "はし"), ["箸"]);
    // Segments はし (2) and ハシ (1); phrases はし (2), ハシ (1) and はしの (1); the choice
    // after 赤い goes too, uncounted like the choices it repeats.
    assert_eq!(data.forget_reading("はし"), 7);
    assert!(data.pair_texts("赤い", "はし").is_empty());
    assert!(data.segment_texts("はし").is_empty() && data.segment_texts("ハシ").is_empty());
    assert!(data.phrase_for("はしの", &[]).is_none());
    assert_eq!(data.segment_texts("かみ"), ["紙"], "other readings stay");
    assert_eq!(data.forget_reading("はし"), 0);
}
