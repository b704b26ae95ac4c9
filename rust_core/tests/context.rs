//! Conversion in context (docs/CONVERSION.md, "In context"): the left context from the
//! segments committed before, from the text before the cursor, none at all, and garbage;
//! particles as heard at the start of a reading; word boundaries typed as spaces; next-word
//! prediction; choices learned after a word. Over the tiny dictionary of
//! `tiny_dictionary/mod.rs`, every expectation worked out by hand from its costs (connection
//! costs written `previous→next`, 100 unless listed there), and the JSON shapes of the C ABI.

mod tiny_dictionary;
use cyrillic_ime_core::conversion::api;
use cyrillic_ime_core::conversion::lattice::boundaries::cuttable_at;
use cyrillic_ime_core::conversion::context::{word_before, LeftContext};
use cyrillic_ime_core::conversion::prediction::next_words;
use cyrillic_ime_core::conversion::{Converter, Request, Surroundings};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::request::{CommittedSegment, ContextRequest, MAX_CONTEXT_CHARS};
use cyrillic_ime_core::user::UserData;
use tiny_dictionary::*;

fn converter() -> Converter {
    Converter::new(Dictionary::from_vec(bytes()).expect("the tiny dictionary opens"))
}

fn text_context(c: &Converter, text: &str) -> LeftContext {
    LeftContext::resolve(c.dictionary(), &ContextRequest { segments: Vec::new(), text: Some(text.to_string()) })
}

fn best(c: &Converter, reading: &str, heard: bool, left: Option<&LeftContext>, boundaries: &[usize]) -> String {
    let request = Request { candidates: 5, alternatives: 0, heard, ..Request::new(reading) };
    c.convert(&Request { around: Surroundings { left, boundaries }, ..request }).unwrap_or_else(|e| panic!("{reading}: {e}")).best_text()
}

#[test]
fn a_reading_alone_starts_a_sentence() {
    let c = converter();
    // は alone: 葉 BOS→NOUN 100 + 3000 + NOUN→EOS 100 = 3200 against the particle
    // BOS→PARTICLE 5000 + 500 + 100 = 5600.
    assert_eq!(best(&c, "は", false, None, &[]), "葉");
    assert_eq!(best(&c, "は", false, Some(&LeftContext::sentence_start()), &[]), "葉");
}

#[test]
fn the_history_s_class_starts_the_lattice() {
    let c = converter();
    // After 私 (NOUN): 葉 NOUN→NOUN 1500 + 3000 + 100 = 4600, the particle NOUN→PARTICLE 10 +
    // 500 + 100 = 610.
    let history = ContextRequest { segments: vec![CommittedSegment { reading: "わたし".into(), text: "私".into(), class: Some((NOUN, NOUN)) }], text: None };
    let left = LeftContext::resolve(c.dictionary(), &history);
    assert_eq!(left.classes, vec![(NOUN, 0)]);
    assert_eq!(best(&c, "は", false, Some(&left), &[]), "は");
    // The context is never written again.
    assert!(!best(&c, "は", false, Some(&left), &[]).contains('私'));
}

#[test]
fn history_without_a_valid_class_is_looked_up_by_its_text() {
    let c = converter();
    for class in [None, Some((IDS + 5, NOUN)), Some((NOUN, 60_000))] {
        let history = ContextRequest { segments: vec![CommittedSegment { reading: "わたし".into(), text: "私".into(), class }], text: Some("😀".into()) };
        let left = LeftContext::resolve(c.dictionary(), &history);
        assert_eq!(left.classes, vec![(NOUN, 0)], "{class:?}");
        assert_eq!(best(&c, "は", false, Some(&left), &[]), "は", "{class:?}");
    }
}

#[test]
fn the_text_before_the_cursor_gives_its_last_known_word() {
    let c = converter();
    // 私 is a surface of わたし (1000) and わたくし (2000), both NOUN: one class.
    let left = text_context(&c, "昨日、私");
    assert_eq!(left.classes, vec![(NOUN, 0)]);
    assert_eq!(left.text, "私");
    assert_eq!(best(&c, "は", false, Some(&left), &[]), "は");
    // Spaces between the word and the cursor do not matter.
    assert_eq!(text_context(&c, "私 \u{3000}").classes, vec![(NOUN, 0)]);
    // The longest known surface at the end wins: 中野 (NOUN), not 野.
    assert_eq!(text_context(&c, "中野").text, "中野");
    // Kana surfaces are found under their reading: です (AUX), after which は is the particle
    // at AUX→PARTICLE 100 + 500 + 100 = 700 against 葉 AUX→NOUN 100 + 3000 + 100.
    let after_desu = text_context(&c, "です");
    assert_eq!(after_desu.classes, vec![(AUX, 0)]);
    assert_eq!(best(&c, "は", false, Some(&after_desu), &[]), "は");
}

#[test]
fn no_known_word_or_a_sentence_end_means_the_start_of_a_sentence() {
    let c = converter();
    for text in ["", "😀", "hello", "私\n", "私。", "私？", "   ", "\u{0}\u{7}ꙮ"] {
        let left = text_context(&c, text);
        assert!(left.is_sentence_start(), "{text:?} gave {left:?}");
        assert_eq!(best(&c, "は", false, Some(&left), &[]), "葉", "{text:?}");
    }
}

#[test]
fn a_long_context_is_cut_never_refused() {
    let c = converter();
    let long = format!("{}私", "😀".repeat(10_000));
    assert_eq!(text_context(&c, &long).classes, vec![(NOUN, 0)]);
    // Only the tail is read: a word further back than MAX_CONTEXT_CHARS is not seen.
    let far = format!("私{}", "x".repeat(MAX_CONTEXT_CHARS));
    assert!(text_context(&c, &far).is_sentence_start());
}

#[test]
fn a_particle_as_heard_may_start_the_reading_after_a_word() {
    let c = converter();
    // わ for は: the particle at 500 + the as-heard cost; わ has no word of its own, so alone
    // (no particle at the start of a sentence) it stays as typed.
    assert_eq!(best(&c, "わ", true, None, &[]), "わ");
    let after_noun = text_context(&c, "私");
    assert_eq!(best(&c, "わ", true, Some(&after_noun), &[]), "は");
    // Not after garbage, and not when spellings as heard are off.
    assert_eq!(best(&c, "わ", true, Some(&text_context(&c, "😀")), &[]), "わ");
    assert_eq!(best(&c, "わ", false, Some(&after_noun), &[]), "わ");
    // After a particle too (には, では): the connection costs decide. Here PARTICLE→PARTICLE
    // costs the default 100, so は (100 + 500 + 800 + 100) beats わ as typed (10,000).
    assert_eq!(best(&c, "わ", true, Some(&text_context(&c, "の")), &[]), "は");
}

#[test]
fn a_word_boundary_is_never_spanned() {
    let c = converter();
    // なかの: 中野 BOS→NOUN 100 + 1800 + 100 = 2000 against 中 + の 100 + 1500 + 10 + 500 + 100 = 2210.
    assert_eq!(best(&c, "なかの", false, None, &[]), "中野");
    assert_eq!(best(&c, "なかの", false, None, &[2]), "中の");
    let request = Request { candidates: 5, alternatives: 0, heard: false, ..Request::new("なかの") };
    for bad in [[0], [3], [9]] {
        let e = c.convert(&Request { around: Surroundings { left: None, boundaries: &bad }, ..request }).unwrap_err();
        assert!(e.0.contains("word boundary"), "{e}");
    }
}

#[test]
fn resize_and_candidates_keep_the_typed_spaces() {
    let c = converter();
    // なかの with a space after なか: 中の, as convert gives it; without the space, 中野.
    let best = |answer: String| -> String {
        let start = answer.find("\"candidates\":[\"").expect("candidates") + 15;
        answer[start..].split('"').next().unwrap_or_default().to_string()
    };
    let resize = |spaces: &str| best(api::resize(&c, None, &format!(r#"{{"reading":"なかの","segments":[3],"index":0,"delta":0,"heard":false{spaces}}}"#)));
    assert_eq!(resize(""), "中野");
    assert_eq!(resize(r#","boundaries":[2]"#), "中の");
    let candidates = |spaces: &str| best(api::segment_candidates(&c, None, &format!(r#"{{"reading":"なかの","segments":[3],"index":0,"heard":false{spaces}}}"#)));
    assert_eq!(candidates(""), "中野");
    assert_eq!(candidates(r#","boundaries":[2]"#), "中の");
}

#[test]
fn a_word_split_where_kanji_meet_kana_may_span_a_space() {
    let c = converter();
    // ありがとう is written in kana, so a space may fall anywhere in it: BOS→NOUN 100 + 2000 +
    // 500 (HeardCosts::split_word) + 100 = 2700, against 蟻 3500 and が, と, う kept as typed.
    assert_eq!(best(&c, "ありがとう", true, None, &[2]), "ありがとう");
    // With the spellings as heard off, a space is a hard word boundary.
    assert_ne!(best(&c, "ありがとう", false, None, &[2]), "ありがとう");
    // 中野 is written in kanji only: never cut, with or without them.
    assert_eq!(best(&c, "なかの", true, None, &[2]), "中の");
    // Where a written form can be cut: next to a kana matched to the reading.
    let cut = |surface: &str, reading: &str, at: usize| cuttable_at(&surface.chars().collect::<Vec<_>>(), &reading.chars().collect::<Vec<_>>(), at);
    assert!(cut("特に", "とくに", 2));
    assert!(!cut("特に", "とくに", 1));
    assert!(cut("世の中", "よのなか", 1) && cut("世の中", "よのなか", 2));
    assert!(!cut("世の中", "よのなか", 3));
    assert!(cut("持て余す", "もてあます", 2) && !cut("持て余す", "もてあます", 3));
    assert!(!cut("中野", "なかの", 2) && !cut("中野", "なかの", 1));
    assert!(cut("コーヒー", "こーひー", 2));
    assert!(!cut("特に", "とくに", 0) && !cut("特に", "とくに", 3));
}

#[test]
fn the_word_before_never_starts_inside_a_katakana_word() {
    let c = converter();
    assert_eq!(text_context(&c, "テレビ").classes, vec![(KATA, 0)]);
    // テレビ is known, but in カラーテレビ it is a piece of a katakana word the dictionary does
    // not know: that word, as a katakana noun (the tiny dictionary's is KATA).
    let left = text_context(&c, "カラーテレビ");
    assert_eq!((left.text.as_str(), left.classes.clone()), ("カラーテレビ", vec![(KATA, 0)]));
    // A known word after a katakana word is found as before.
    assert_eq!(text_context(&c, "カラーテレビの").classes, vec![(PARTICLE, 0)]);
}

#[test]
fn next_words_follow_the_context_s_class() {
    let c = converter();
    // Function words in kana, ranked by NOUN→next + cost: です 10 + 300, の and は 10 + 500, で 10 + 600.
    let texts: Vec<String> = next_words(c.dictionary(), &text_context(&c, "私"), 9, None).into_iter().map(|p| p.text).collect();
    assert_eq!(texts, ["です", "の", "は", "で"]);
    assert!(next_words(c.dictionary(), &LeftContext::sentence_start(), 9, None).is_empty());
    assert_eq!(next_words(c.dictionary(), &text_context(&c, "私"), 2, None).len(), 2);
}

#[test]
fn a_choice_learned_after_a_word_comes_first_after_it() {
    let c = converter();
    let mut user = UserData::default();
    // はし is 箸 (1500) before 橋 (PLACE 2000) in any context here.
    let request = Request { candidates: 5, alternatives: 0, heard: false, ..Request::new("はし") };
    let after_watashi = text_context(&c, "私");
    user.learn_after(Some("私"), "はし", &[("はし".to_string(), "橋".to_string())]);
    user.learn("はし", &[("はし".to_string(), "箸".to_string())]);
    let within = c.convert(&Request { around: Surroundings { left: Some(&after_watashi), boundaries: &[] }, user: Some(&user), ..request }).unwrap();
    assert_eq!(within.best_text(), "橋", "learned after 私");
    let elsewhere = c.convert(&Request { around: Surroundings { left: Some(&text_context(&c, "中野")), boundaries: &[] }, user: Some(&user), ..request }).unwrap();
    assert_eq!(elsewhere.best_text(), "箸", "the latest choice without the pair");
    let next: Vec<String> = next_words(c.dictionary(), &after_watashi, 9, Some(&user)).into_iter().map(|p| p.text).collect();
    assert_eq!(next.first().map(String::as_str), Some("橋"), "{next:?}");
}

#[test]
fn a_commit_follows_the_word_conversion_reads_before_it() {
    let c = converter();
    let segment = |text: &str| CommittedSegment { reading: "わたし".into(), text: text.into(), class: None };
    let history = ContextRequest { segments: vec![segment("中野"), segment("私"), segment("")], text: Some("中野".into()) };
    // The last segment with a text, as committed: no dictionary needed.
    assert_eq!(word_before(None, &history).as_deref(), Some("私"));
    assert_eq!(word_before(Some(c.dictionary()), &history).as_deref(), Some("私"));
    let emoji = ContextRequest { segments: vec![segment("😀")], text: None };
    assert_eq!(word_before(Some(c.dictionary()), &emoji).as_deref(), Some("😀"), "a segment is its text, known or not");
    // The text before the cursor: its last word the dictionary knows, so none without one.
    let text = |text: &str| ContextRequest { segments: Vec::new(), text: Some(text.into()) };
    assert_eq!(word_before(Some(c.dictionary()), &text("昨日の私 ")).as_deref(), Some("私"));
    assert_eq!(word_before(None, &text("昨日の私 ")), None);
    assert_eq!(word_before(Some(c.dictionary()), &text("私。")), None, "the start of a sentence follows no word");
    assert_eq!(word_before(Some(c.dictionary()), &ContextRequest::default()), None);
}

#[test]
fn the_abi_answers_classes_and_reads_contexts() {
    let c = converter();
    let answer = api::convert(&c, None, r#"{"reading":"わたし","candidates":2}"#);
    // 私 (NOUN) first, then 渡し (NOUN), then the reading forms (hiragana, katakana, half-width
    // katakana), which have no path.
    assert!(answer.contains(r#""classes":[[1,1],[1,1],null,null,null]"#), "{answer}");
    let with_history = api::convert(&c, None, r#"{"reading":"は","context":{"segments":[{"reading":"わたし","text":"私","left_id":1,"right_id":1}]}}"#);
    assert!(with_history.contains(r#""candidates":["は""#), "{with_history}");
    let with_text = api::convert(&c, None, r#"{"reading":"は","context":{"text":"私"}}"#);
    assert!(with_text.contains(r#""candidates":["は""#), "{with_text}");
    for empty in [r#"null"#, r#"{}"#, r#"{"segments":[],"text":null}"#] {
        let answer = api::convert(&c, None, &format!(r#"{{"reading":"は","context":{empty}}}"#));
        assert!(answer.contains(r#""candidates":["葉""#), "{empty}: {answer}");
    }
    for (bad, message) in [
        (r#""context":"私""#, "$context must be an object"),
        (r#""context":{"text":5}"#, "$context.text must be a string, got a number"),
        (r#""context":{"segments":[{"text":1}]}"#, "$context.segments[0].text must be a string"),
        (r#""context":{"segments":[{"text":"私","right_id":-1}]}"#, "$context.segments[0].right_id must be a word class id"),
        (r#""context":{"words":[]}"#, "$context: unknown field"),
        (r#""boundaries":[0]"#, "$boundaries[0] must be a position inside the reading"),
    ] {
        let answer = api::convert(&c, None, &format!(r#"{{"reading":"はし",{bad}}}"#));
        assert!(answer.contains(message), "{bad}: {answer}");
        assert!(answer.contains(r#""reading":"はし""#), "the reading comes back to be committed: {answer}");
    }
    let next = api::prediction(&c, None, r#"{"reading":"","context":{"text":"私"},"limit":2}"#);
    assert_eq!(next, r#"{"predictions":[{"text":"です","reading":"です"},{"text":"の","reading":"の"}]}"#);
    assert_eq!(api::prediction(&c, None, r#"{"reading":""}"#), r#"{"predictions":[]}"#);
}
