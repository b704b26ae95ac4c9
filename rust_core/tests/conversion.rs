//! Kana→kanji conversion over the tiny dictionary of `tiny_dictionary/mod.rs`: the best
//! path, N-best alternatives, segments, resizing, segment candidates, prediction, input
//! the dictionary does not know, and the limits. Every expected value is worked out by
//! hand from the costs there (connection costs written `previous→next`, BOS/EOS the
//! sentence boundary, "typed" a character kept as typed at cost 10,000); the arithmetic is
//! in the comments. A few tests also use the real dictionary when it has been built.

mod tiny_dictionary;
use cyrillic_ime_core::conversion::prediction::predict;
use cyrillic_ime_core::conversion::{Conversion, Converter, Request, ResizeRequest, SegmentRequest, Surroundings};
use cyrillic_ime_core::dictionary::{builder, Dictionary};
use cyrillic_ime_core::limits;
use tiny_dictionary::*;

const SENTENCE: &str = "わたしのなまえはなかのです";

fn converter() -> Converter {
    Converter::new(Dictionary::from_vec(bytes()).expect("the tiny dictionary opens"))
}

fn convert(c: &Converter, reading: &str, candidates: usize, alternatives: usize) -> Conversion {
    c.convert(&Request { candidates, alternatives, heard: false, ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}"))
}

fn candidate_texts(c: &Conversion, segment: usize) -> Vec<&str> {
    c.segments[segment].candidates.iter().map(|c| c.text.as_str()).collect()
}

fn first_candidates(c: &Conversion) -> Vec<&str> {
    c.segments.iter().map(|s| s.candidates[0].text.as_str()).collect()
}

fn segment_readings(c: &Conversion) -> Vec<&str> {
    c.segments.iter().map(|s| s.reading.as_str()).collect()
}

/// What every conversion must satisfy, whatever the input.
fn check_shape(c: &Conversion, reading: &str) {
    assert_eq!(c.reading, reading);
    let joined: String = c.segments.iter().map(|s| s.reading.as_str()).collect();
    assert_eq!(joined, reading, "the segments cover the reading exactly");
    for s in &c.segments {
        assert!(!s.reading.is_empty());
        let texts: Vec<&str> = s.candidates.iter().map(|c| c.text.as_str()).collect();
        let hiragana = cyrillic_ime_core::kana_script::to_hiragana(&s.reading);
        let katakana = cyrillic_ime_core::kana_script::to_katakana(&s.reading);
        assert!(texts.contains(&hiragana.as_str()) && texts.contains(&katakana.as_str()), "{texts:?} lacks {hiragana} or {katakana}");
        let mut unique = texts.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), texts.len(), "candidates are distinct: {texts:?}");
    }
    if let Some(first) = c.alternatives.first() {
        assert_eq!(first, &c.best_text(), "the first alternative is the segments' first candidates");
    }
}

// ---------- the best path ----------

#[test]
fn the_cheapest_path_through_the_sentence_wins() {
    // 私 BOS→NOUN 100 + 1000, の NOUN→PARTICLE 10 + 500, 名前 100 + 1000, は 10 + 500,
    // 中野 100 + 1800, です NOUN→AUX 10 + 300, EOS 100: 5,530. 中 + の + です instead of
    // 中野 + です costs 100+1500 + 10+500 + 100+300 = 2,510 against 100+1800 + 10+300 = 2,210.
    let c = converter();
    let result = convert(&c, SENTENCE, 9, 0);
    check_shape(&result, SENTENCE);
    assert_eq!(result.best_text(), "私の名前は中野です");
    assert!(result.alternatives.is_empty(), "alternatives default to none");
}

#[test]
fn connection_costs_beat_word_costs() {
    let c = converter();
    // つ 津 1000 + き 木 1000 are cheaper words than つき 月 2800, but NOUN→NOUN costs 1500:
    // 100 + 1000 + 1500 + 1000 + 100 = 3,700 against 100 + 2800 + 100 = 3,000.
    assert_eq!(convert(&c, "つき", 9, 0).best_text(), "月");
    // Alone, 箸 (NOUN 1500) beats 橋 (PLACE 2000): 1,700 against 2,200 ...
    let alone = convert(&c, "はし", 9, 2);
    assert_eq!(alone.alternatives, ["箸", "橋"]);
    // ... but after いい (ADJ), ADJ→NOUN costs 2000 and ADJ→PLACE 100:
    // 0 + 800 + 2000 + 1500 + 100 = 4,400 against 0 + 800 + 100 + 2000 + 100 = 3,000.
    let after = convert(&c, "いいはし", 9, 2);
    check_shape(&after, "いいはし");
    assert_eq!(after.alternatives, ["いい橋", "いい箸"]);
    assert_eq!(segment_readings(&after), ["いい", "はし"]);
    assert_eq!(candidate_texts(&after, 1)[..2], ["橋", "箸"], "the segment's candidates are ranked in context too");
}

#[test]
fn the_n_best_alternatives_come_cheapest_first_distinct_and_bounded() {
    let c = converter();
    // Above the best (5,530): 中の for 中野 +300, 渡し for 私 +1500, both +1800, で + 巣
    // for です +3,400 (で 10+600, 巣 100+3000, EOS 100 against です 10+300, EOS 100).
    let result = convert(&c, SENTENCE, 9, 5);
    check_shape(&result, SENTENCE);
    assert_eq!(
        result.alternatives,
        ["私の名前は中野です", "私の名前は中のです", "渡しの名前は中野です", "渡しの名前は中のです", "私の名前は中野で巣"]
    );
    assert_eq!(convert(&c, SENTENCE, 9, 2).alternatives, ["私の名前は中野です", "私の名前は中のです"]);
    assert_eq!(convert(&c, SENTENCE, 9, 1).alternatives, ["私の名前は中野です"]);
    let many = convert(&c, SENTENCE, 9, limits::MAX_ALTERNATIVES);
    check_shape(&many, SENTENCE);
    assert!(many.alternatives.len() > 5 && many.alternatives.len() <= limits::MAX_ALTERNATIVES);
    assert_eq!(many.alternatives[..5], result.alternatives[..]);
    // テレビ typed in katakana has two paths writing テレビ (the word, 1,400, and the
    // katakana run, 3,200): one alternative.
    assert_eq!(convert(&c, "テレビ", 9, 5).alternatives, ["テレビ"]);
}

// ---------- segments ----------

#[test]
fn function_words_attach_and_content_words_start_segments() {
    let c = converter();
    let result = convert(&c, SENTENCE, 9, 0);
    assert_eq!(segment_readings(&result), ["わたしの", "なまえは", "なかのです"]);
    assert_eq!(first_candidates(&result), ["私の", "名前は", "中野です"]);
    assert_eq!(result.segment_lengths(), [4, 4, 5]);
    // 私 は いい: いい is a content word (ADJ), so it starts a segment.
    let adj = convert(&c, "わたしはいい", 9, 0);
    assert_eq!(segment_readings(&adj), ["わたしは", "いい"]);
    assert_eq!(adj.best_text(), "私はいい");
    // A particle after a katakana run typed as it is stays with it.
    let run = convert(&c, "ラジオは", 9, 0);
    assert_eq!(segment_readings(&run), ["ラジオは"]);
    assert_eq!(run.best_text(), "ラジオは");
}

#[test]
fn segment_candidates_are_ranked_in_context_and_end_with_the_reading() {
    let c = converter();
    let result = convert(&c, SENTENCE, 9, 0);
    // わたしの between BOS and 名前 (NOUN): 私の 100+1000+10+500+100 = 1,710; 渡しの 3,210;
    // 私野 100+1000+1500+4000+1500 = 8,100; 渡し野 9,600; typed わ, た, し cost over 20,000
    // more and are not searched; then the reading in hiragana, katakana and half-width katakana.
    assert_eq!(candidate_texts(&result, 0), ["私の", "渡しの", "私野", "渡し野", "わたしの", "ワタシノ", "ﾜﾀｼﾉ"]);
    let costs: Vec<i32> = result.segments[0].candidates.iter().map(|c| c.cost).collect();
    assert_eq!(costs[..4], [1710, 3210, 8100, 9600], "each candidate's cost in its context");
    assert_eq!(costs[4..], [i32::MAX, i32::MAX, i32::MAX], "the reading forms have no path");
    // なかのです after は (PARTICLE) and before EOS: 中野です 2,310, 中のです 2,610.
    let last = candidate_texts(&result, 2);
    assert_eq!(last[..2], ["中野です", "中のです"]);
    assert_eq!(last[last.len() - 3..], ["なかのです", "ナカノデス", "ﾅｶﾉﾃﾞｽ"]);
    // The candidate count bounds the ranked candidates; the reading forms come on top.
    let one = convert(&c, SENTENCE, 1, 0);
    assert_eq!(candidate_texts(&one, 0), ["私の", "わたしの", "ワタシノ", "ﾜﾀｼﾉ"]);
    let two = convert(&c, SENTENCE, 2, 0);
    assert_eq!(candidate_texts(&two, 0), ["私の", "渡しの", "わたしの", "ワタシノ", "ﾜﾀｼﾉ"]);
    // Kana typed in katakana: the dictionary word first (中野 2,000; 中 + の 2,210), the
    // katakana run (3,200) next, and the hiragana and half-width forms at the end.
    let katakana = convert(&c, "ナカノ", 9, 0);
    assert_eq!(candidate_texts(&katakana, 0), ["中野", "中の", "ナカノ", "なかの", "ﾅｶﾉ"]);
}

// ---------- resizing ----------

fn resize(c: &Converter, lengths: &[usize], index: usize, delta: i32) -> Conversion {
    let result = c.resize(&ResizeRequest { conversion: Request { fixed: lengths, candidates: 9, alternatives: 3, ..Request::new(SENTENCE) }, index, delta }).unwrap_or_else(|e| panic!("resize {lengths:?} {index} {delta}: {e}"));
    check_shape(&result, SENTENCE);
    result
}

#[test]
fn resizing_a_segment_fixes_it_and_resegments_the_rest() {
    let c = converter();
    // Shorter: わたし | の, and the rest as before.
    let shorter = resize(&c, &[4, 4, 5], 0, -1);
    assert_eq!(shorter.segment_lengths(), [3, 1, 4, 5]);
    assert_eq!(first_candidates(&shorter), ["私", "の", "名前は", "中野です"]);
    // の between 私 and 名前 (NOUN both sides): particle 10+500+100, 野 1500+4000+1500.
    assert_eq!(candidate_texts(&shorter, 1), ["の", "野", "ノ", "ﾉ"]);
    // Longer: わたしのな cuts 名前, so な, ま, え are typed; え starts a segment (typed),
    // は attaches to it.
    let longer = resize(&c, &[4, 4, 5], 0, 1);
    assert_eq!(longer.segment_lengths(), [5, 1, 2, 5]);
    assert_eq!(first_candidates(&longer), ["私のな", "ま", "えは", "中野です"]);
    assert_eq!(longer.alternatives[0], "私のなまえは中野です");
    // Back to 4 gives the original conversion.
    assert_eq!(resize(&c, &[5, 1, 2, 5], 0, -1).segment_lengths(), [4, 4, 5]);
    // A later segment: the ones before it stay fixed. なまえはな | かのです: か typed, の and
    // です attach.
    let second = resize(&c, &[4, 4, 5], 1, 1);
    assert_eq!(second.segment_lengths(), [4, 5, 4]);
    assert_eq!(first_candidates(&second), ["私の", "名前はな", "かのです"]);
}

#[test]
fn resizing_clamps_to_the_reading() {
    let c = converter();
    let whole = resize(&c, &[4, 4, 5], 0, 100);
    assert_eq!(whole.segment_lengths(), [13]);
    assert_eq!(candidate_texts(&whole, 0)[..2], ["私の名前は中野です", "私の名前は中のです"]);
    let one = resize(&c, &[4, 4, 5], 0, -100);
    assert_eq!(one.segment_lengths(), [1, 1, 2, 4, 5], "わ | た | しの: typed characters start segments");
    assert_eq!(one.best_text(), "わたしの名前は中野です");
    let last = resize(&c, &[4, 4, 5], 2, 7);
    assert_eq!(last.segment_lengths(), [4, 4, 5], "the last segment cannot grow");
    let cut = resize(&c, &[4, 4, 5], 2, -10);
    assert_eq!(cut.segment_lengths(), [4, 4, 1, 4]);
    assert_eq!(cut.best_text(), "私の名前はなかのです");
}

#[test]
fn resizing_refuses_lengths_that_do_not_fit() {
    let c = converter();
    let error = |lengths: &[usize], index: usize| c.resize(&ResizeRequest { conversion: Request { fixed: lengths, candidates: 9, ..Request::new(SENTENCE) }, index, delta: 1 }).unwrap_err().0;
    assert_eq!(error(&[4, 4], 0), "segment lengths [4, 4] do not add up to the reading's 13 characters");
    assert_eq!(error(&[4, 0, 4, 5], 0), "segment lengths [4, 0, 4, 5] do not add up to the reading's 13 characters");
    assert_eq!(error(&[4, 4, 5], 3), "segment 3 does not exist (the conversion has 3 segments)");
    assert!(c.resize(&ResizeRequest { conversion: Request { fixed: &[4, 4, 5], candidates: 0, ..Request::new(SENTENCE) }, index: 0, delta: 1 }).unwrap_err().0.contains("candidates is 0"));
}

/// The candidates of one segment of a fixed segmentation are that segment's in the conversion
/// with those segments, as many as asked; lengths that are not the whole reading, or a
/// segment past the last, are refused as a resize refuses them.
#[test]
fn the_candidates_of_one_segment_are_those_of_the_fixed_conversion() {
    let c = converter();
    let lengths = [4, 4, 5];
    let all = c.convert(&Request { fixed: &lengths, candidates: 2, ..Request::new(SENTENCE) }).unwrap();
    for index in 0..lengths.len() {
        let one = c.candidates(&SegmentRequest { conversion: Request { fixed: &lengths, candidates: 2, ..Request::new(SENTENCE) }, index }).unwrap();
        assert_eq!(one, all.segments[index].candidates, "segment {index}");
    }
    assert_eq!(c.candidates(&SegmentRequest { conversion: Request { fixed: &lengths, candidates: 2, ..Request::new(SENTENCE) }, index: 0 }).unwrap()[..2].iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["私の", "渡しの"]);
    let error = |lengths: &[usize], index: usize| c.candidates(&SegmentRequest { conversion: Request { fixed: lengths, candidates: 9, ..Request::new(SENTENCE) }, index }).unwrap_err().0;
    assert_eq!(error(&[4, 4], 0), "segment lengths [4, 4] do not add up to the reading's 13 characters");
    assert_eq!(error(&[4, 4, 5], 3), "segment 3 does not exist (the conversion has 3 segments)");
}

#[test]
fn fixed_segments_are_honoured() {
    let c = converter();
    let fixed = c.convert(&Request { fixed: &[2, 2], candidates: 9, alternatives: 1, heard: false, ..Request::new(SENTENCE) }).unwrap();
    check_shape(&fixed, SENTENCE);
    assert_eq!(fixed.segment_lengths()[..2], [2, 2]);
    assert_eq!(fixed.segment_lengths().iter().sum::<usize>(), 13);
    let all = c.convert(&Request { fixed: &[4, 4, 5], candidates: 9, alternatives: 0, heard: false, ..Request::new(SENTENCE) }).unwrap();
    assert_eq!(all.segment_lengths(), [4, 4, 5]);
    assert_eq!(all.best_text(), "私の名前は中野です");
    for bad in [&[0usize][..], &[14], &[10, 4], &[4, 0]] {
        let e = c.convert(&Request { fixed: bad, candidates: 9, alternatives: 0, heard: false, ..Request::new(SENTENCE) }).unwrap_err().0;
        assert!(e.starts_with(&format!("fixed segment lengths {bad:?} do not fit a reading of 13 characters")), "{e}");
    }
}

// ---------- prediction ----------

fn predictions(c: &Converter, prefix: &str, limit: usize) -> Vec<(String, String)> {
    predict(c.dictionary(), prefix, limit).unwrap().into_iter().map(|p| (p.text, p.reading)).collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect()
}

/// The cost of the cheapest word written `text` (the tiny dictionary's words).
fn d_cost(c: &Converter, text: &str) -> i32 {
    let mut cost = i32::MAX;
    c.dictionary().entries_with_surface(text, |_, e| cost = cost.min(e.cost as i32));
    cost
}

#[test]
fn prediction_completes_a_prefix_likeliest_first() {
    let c = converter();
    // Word cost + 200 a character beyond the prefix (+ the same connection from a phrase's
    // start for every noun here): ありがとう 2000+200, ありがとうございます 3000+1200.
    assert_eq!(predictions(&c, "ありがと", 9), pairs(&[("ありがとう", "ありがとう"), ("ありがとうございます", "ありがとうございます")]));
    assert_eq!(predictions(&c, "ありがと", 1), pairs(&[("ありがとう", "ありがとう")]));
    // From あり: ありがとう 2,600, 有難い 3,100, 蟻 3,500 (the exact match), ありがとうございます 4,600.
    assert_eq!(
        predictions(&c, "あり", 9),
        pairs(&[("ありがとう", "ありがとう"), ("有難い", "ありがたい"), ("蟻", "あり"), ("ありがとうございます", "ありがとうございます")])
    );
    assert_eq!(predictions(&c, "あり", 3).len(), 3);
    // Distinct by text: 私 of わたし (1,200) and of わたくし (2,400) is listed once.
    assert_eq!(predictions(&c, "わた", 9), pairs(&[("私", "わたし"), ("渡し", "わたし")]));
    // Katakana is looked up as hiragana.
    assert_eq!(predictions(&c, "アリガト", 9), predictions(&c, "ありがと", 9));
    // Ranked where a phrase starts: the particle の, cheaper as a word, costs more there than
    // the noun 野 (the tiny matrix's connection from the sentence boundary to a particle).
    assert!(d_cost(&c, "の") < d_cost(&c, "野"), "the particle is the cheaper word");
    assert_eq!(predictions(&c, "の", 9), pairs(&[("野", "の"), ("の", "の")]));
}

#[test]
fn prediction_of_an_unknown_prefix_is_empty_and_limits_are_errors() {
    let c = converter();
    assert!(predictions(&c, "ぬ", 9).is_empty(), "ぬ is in no reading");
    assert!(predictions(&c, "しわ", 9).is_empty(), "no reading starts with し");
    assert!(predictions(&c, "ありがとうございますね", 9).is_empty());
    assert!(predictions(&c, "", 9).is_empty());
    assert!(predictions(&c, "😀", 9).is_empty());
    let d = c.dictionary();
    assert_eq!(predict(d, "あ", 0).unwrap_err(), "limit is 0, expected 1–100");
    assert_eq!(predict(d, "あ", 101).unwrap_err(), "limit is 101, expected 1–100");
    assert!(predict(d, "あ", 100).is_ok());
    assert_eq!(predict(d, &"あ".repeat(257), 9).unwrap_err(), "prefix is 257 characters, over the limit of 256");
    assert!(predict(d, &"あ".repeat(256), 9).unwrap().is_empty());
}

// ---------- what the dictionary does not know ----------

#[test]
fn unknown_characters_katakana_digits_and_punctuation_never_break_the_lattice() {
    let c = converter();
    // ラジオ: a katakana run (KATA, 3,000); は a particle; １２３ a digit run; 、 and 😀
    // typed symbols, each a segment of its own.
    let mixed = convert(&c, "ラジオは１２３、😀", 9, 3);
    check_shape(&mixed, "ラジオは１２３、😀");
    assert_eq!(mixed.best_text(), "ラジオは１２３、😀");
    assert_eq!(segment_readings(&mixed), ["ラジオは", "１２３", "、", "😀"]);
    // Issue 38: digits typed as digits also offer their kanji forms (numbers/), before the
    // other width.
    assert_eq!(candidate_texts(&mixed, 1), ["１２３", "百二十三", "一二三", "123"], "a number as typed, its kanji forms, then the other width");
    assert_eq!(candidate_texts(&mixed, 2), ["、"]);
    // Known words around punctuation.
    assert_eq!(convert(&c, "わたし、なまえ。", 9, 0).best_text(), "私、名前。");
    for reading in ["123abc", "ｘ１２", "漢字かな", "\u{0}\u{7f}\u{202e}", "ー", "ゔゝゞヽヾ", "a\u{301}", "テレビ", "てれびは", "ーーー"] {
        let result = convert(&c, reading, 9, 5);
        check_shape(&result, reading);
    }
    assert_eq!(convert(&c, "123abc", 9, 0).best_text(), "123abc");
    assert_eq!(convert(&c, "てれびは", 9, 0).best_text(), "テレビは");
    // Nothing known at all, the longest reading allowed.
    let emoji = "😀".repeat(limits::MAX_READING_CHARS);
    let result = convert(&c, &emoji, 9, 5);
    check_shape(&result, &emoji);
    assert_eq!(result.best_text(), emoji);
}

#[test]
fn an_empty_dictionary_converts_everything_as_typed() {
    let empty = Converter::new(Dictionary::from_vec(builder::build(&[], &connections(), &options()).unwrap()).unwrap());
    for reading in ["かな、カナ", SENTENCE, "123"] {
        let result = convert(&empty, reading, 9, 3);
        check_shape(&result, reading);
        assert_eq!(result.best_text(), reading);
    }
    assert!(predict(empty.dictionary(), "か", 9).unwrap().is_empty());
}

#[test]
fn empty_readings_convert_to_nothing() {
    let c = converter();
    let result = convert(&c, "", 9, 5);
    assert!(result.segments.is_empty() && result.alternatives.is_empty());
}

// ---------- limits ----------

#[test]
fn every_limit_is_an_error_naming_it() {
    let c = converter();
    let request = |reading: &str, candidates: usize, alternatives: usize| c.convert(&Request { candidates, alternatives, heard: false, ..Request::new(reading) });
    let long: String = SENTENCE.chars().cycle().take(limits::MAX_READING_CHARS).collect();
    let started = std::time::Instant::now();
    let result = request(&long, limits::MAX_CANDIDATES, limits::MAX_ALTERNATIVES).expect("the longest reading converts");
    check_shape(&result, &long);
    assert!(started.elapsed().as_secs() < 10, "the longest request took {:?}", started.elapsed());
    let longer = format!("{long}あ");
    assert_eq!(request(&longer, 9, 0).unwrap_err().0, "reading is 257 characters, over the limit of 256");
    assert_eq!(request("あ", 0, 0).unwrap_err().0, "candidates is 0, expected 1–100");
    assert_eq!(request("あ", 101, 0).unwrap_err().0, "candidates is 101, expected 1–100");
    assert_eq!(request("あ", 9, 51).unwrap_err().0, "alternatives is 51, expected 0–50");
    assert_eq!(c.resize(&ResizeRequest { conversion: Request { fixed: &[257], candidates: 9, ..Request::new(&longer) }, index: 0, delta: 1 }).unwrap_err().0, "reading is 257 characters, over the limit of 256");
    // At most MAX_CANDIDATES ranked candidates (+ the two reading forms) per segment.
    for s in &result.segments {
        assert!(s.candidates.len() <= limits::MAX_CANDIDATES + 2);
    }
}

// ---------- the real dictionary ----------

/// The compiled Mozc dictionary: $CYRILLIC_IME_DICTIONARY, else `.dictionary/mozc.cimedic`
/// beside `rust_core` (where scripts/build_dictionary.sh writes it). Missing, the test
/// fails saying how to build it: it never passes without having converted anything.
fn real_dictionary() -> Converter {
    let path = std::env::var_os("CYRILLIC_IME_DICTIONARY")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.dictionary/mozc.cimedic"));
    assert!(path.exists(), "{} is absent: build it with scripts/build_dictionary.sh (scripts/test.sh does) or name one in CYRILLIC_IME_DICTIONARY", path.display());
    Converter::new(Dictionary::open(&path).unwrap_or_else(|e| panic!("{e} (rebuild it with scripts/build_dictionary.sh)")))
}

#[test]
fn the_real_dictionary_converts_everyday_sentences() {
    let c = real_dictionary();
    for (reading, expected) in [("きょうはいいてんきですね", "今日はいい天気ですね"), ("わたしのなまえはなかのです", "私の名前は中野です")] {
        let result = convert(&c, reading, 9, 5);
        check_shape(&result, reading);
        assert_eq!(result.best_text(), expected);
    }
    let texts: Vec<String> = predict(c.dictionary(), "ありがと", 9).unwrap().into_iter().map(|p| p.text).collect();
    assert!(texts.iter().any(|t| t == "ありがとう"), "{texts:?}");
    let mixed = convert(&c, "テレビは１２３、😀", 9, 3);
    check_shape(&mixed, "テレビは１２３、😀");
}

#[test]
fn a_long_reading_of_equally_good_paths_still_converts() {
    // Found by the user_store fuzzer: two words for ー at the same cost (there, two user
    // words), then ーでわ seventeen times. The number of equally cheap paths doubles with every
    // ー; the backward search must still run one of them to the start within its limits.
    let mut words = tiny_dictionary::words();
    words.push(tiny_dictionary::entry("ー", "ー", tiny_dictionary::NOUN, 3000));
    words.push(tiny_dictionary::entry("ー", "私", tiny_dictionary::NOUN, 3000));
    let bytes = cyrillic_ime_core::dictionary::builder::build(&words, &tiny_dictionary::connections(), &tiny_dictionary::options()).unwrap();
    let c = Converter::new(Dictionary::from_vec(bytes).unwrap());
    let reading = "ーでわ".repeat(17);
    for heard in [false, true] {
        for fixed in [vec![], vec![3; 17]] {
            let result = c.convert(&Request { fixed: &fixed, candidates: 8, alternatives: 1, heard, ..Request::new(&reading) });
            let conversion = result.unwrap_or_else(|e| panic!("heard {heard}, fixed {fixed:?}: {e}"));
            check_shape(&conversion, &reading);
        }
    }
}

/// One candidate per segment is answered without a search of each segment (the best path's
/// words, at their cost between their neighbours): the same segments, and the same first
/// candidate — text, cost and class — as when two, three or nine are asked for, heard or not,
/// with fixed segments and spaces between words (where the best path may take a word the
/// writer split, which a segment's search bound by the space cannot: its text then comes after
/// others, and still with its own cost).
#[test]
fn one_candidate_is_the_first_of_nine_without_a_segment_search() {
    let check = |c: &Converter, reading: &str, fixed: &[usize], boundaries: &[usize]| {
        for heard in [false, true] {
            let around = cyrillic_ime_core::conversion::Surroundings { left: None, boundaries };
            let ask = |candidates| c.convert(&Request { fixed, candidates, alternatives: 0, heard, around, ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}"));
            let one = ask(1);
            for more in [ask(2), ask(3), ask(9)] {
                assert_eq!(one.segment_lengths(), more.segment_lengths(), "{reading} heard {heard}");
                for (a, b) in one.segments.iter().zip(&more.segments) {
                    assert_eq!(a.candidates[0], b.candidates[0], "{reading} heard {heard}: segment {} of {} candidates", a.reading, b.candidates.len());
                    assert!(a.candidates[0].cost != i32::MAX && a.candidates[0].class.is_some(), "{reading}: the first candidate has a path");
                }
            }
        }
    };
    let tiny = converter();
    for reading in ["わたしのなまえはなかのです", "きょうはいいてんきですね", "はしのはし", "テレビは１２３、😀"] {
        check(&tiny, reading, &[], &[]);
    }
    check(&tiny, "わたしのなまえはなかのです", &[2, 3], &[]);
    let real = real_dictionary();
    for reading in ["わたしのなまえはなかのです", "きょうはいいてんきですね", "がくせいでс", "とーきょーえいきました", "こにちわ"] {
        check(&real, reading, &[], &[]);
    }
    check(&real, "わたしわがくせいです", &[], &[3, 4]);
    // Words split where kanji meet kana (`よ の なか` for 世の中, `おもい で` for 思い出).
    for (reading, spaces) in [("よのなか", &[1, 2][..]), ("もてあます", &[2]), ("かならずしも", &[4]), ("おもいで", &[3]), ("よろしく", &[2])] {
        check(&real, reading, &[], spaces);
    }
}

/// Calls `check` with every search case of the two tests below: the real dictionary and one
/// where a word is repeated at the same cost, readings with many paths of equal cost, heard
/// or not, over the whole reading, with a cut, and between fixed neighbours.
fn for_each_search_case(mut check: impl FnMut(&Dictionary, &str, bool, &cyrillic_ime_core::conversion::lattice::Lattice, &cyrillic_ime_core::conversion::search::Span)) {
    use cyrillic_ime_core::conversion::lattice::build::LatticeRequest;
    use cyrillic_ime_core::conversion::lattice::Lattice;
    use cyrillic_ime_core::conversion::search::{Span, BOUNDARY_ID};
    let mut words = tiny_dictionary::words();
    words.push(tiny_dictionary::entry("ー", "ー", tiny_dictionary::NOUN, 3000));
    words.push(tiny_dictionary::entry("ー", "私", tiny_dictionary::NOUN, 3000));
    let ties = Dictionary::from_vec(cyrillic_ime_core::dictionary::builder::build(&words, &tiny_dictionary::connections(), &tiny_dictionary::options()).unwrap()).unwrap();
    let real = real_dictionary();
    let readings = ["わたしのなまえはなかのです", "はしのはし", "ーでわーでわーでわーでわ", "ーーーーーーー", "きょうはいいてんきですね", "テレビは１２３、😀", "とーきょーえいきました", "あああああああああ", "こうしょうしたけっかこうしょうになった"];
    for dictionary in [&ties, real.dictionary()] {
        for reading in readings {
            for heard in [None, Some(&cyrillic_ime_core::conversion::heard::HeardCosts::default())] {
                let lattice = Lattice::build(dictionary, &LatticeRequest { heard, ..LatticeRequest::new(reading) });
                let len = lattice.len();
                let mut spans = vec![Span::whole(len)];
                if len >= 4 {
                    spans.push(Span { cuts: vec![4], ..Span::whole(len) });
                    spans.push(Span { start: 2, end: 2 * len - 2, left_context: vec![(BOUNDARY_ID, 0), (1, 300)], right_context: 1, cuts: Vec::new() });
                }
                for span in spans {
                    check(dictionary, reading, heard.is_some(), &lattice, &span);
                }
            }
        }
    }
}

/// The one-best path found by walking back from the end (`Search::best_path`) is the path
/// the queue of `best_paths` pops first — nodes and cost.
#[test]
fn the_best_path_walked_back_is_the_queues_first() {
    use cyrillic_ime_core::conversion::search::{Distinct, Forward, PathQuery, Search};
    let mut compared = 0;
    for_each_search_case(|dictionary, reading, heard, lattice, span| {
        let mut search = Search::new(lattice);
        let walked = search.best_path(dictionary, lattice, span);
        let query = PathQuery { span, forward: Forward::Run, limit: 1, distinct: Distinct::Paths };
        let queued = search.best_paths(dictionary, lattice, &query, |_, _| true).into_iter().next();
        assert_eq!(walked, queued, "{reading}, heard {heard}, span {span:?}");
        compared += usize::from(walked.is_some());
    });
    assert!(compared > 40, "only {compared} paths compared");
}

/// A search by text (which leaves out states whose words only repeat a text found from the
/// same place) finds the texts a search by path finds, at the same costs.
#[test]
fn a_search_by_text_finds_the_texts_of_a_search_by_path() {
    use cyrillic_ime_core::conversion::search::{Distinct, Forward, PathQuery, Search};
    use cyrillic_ime_core::conversion::segments::path_text;
    let mut compared = 0;
    for_each_search_case(|dictionary, reading, heard, lattice, span| {
        let texts = |kind: Distinct| {
            let mut seen: Vec<String> = Vec::new();
            let mut search = Search::new(lattice);
            let query = PathQuery { span, forward: Forward::Run, limit: 12, distinct: kind };
            let paths = search.best_paths(dictionary, lattice, &query, |nodes, _| {
                let text = path_text(dictionary, lattice, nodes);
                let fresh = !seen.contains(&text);
                if fresh {
                    seen.push(text);
                }
                fresh
            });
            let mut found: Vec<(i32, String)> = paths.iter().map(|p| p.cost).zip(seen).collect();
            // Texts of equal cost may come in either order.
            found.sort();
            found
        };
        let by_path = texts(Distinct::Paths);
        assert_eq!(texts(Distinct::Texts), by_path, "{reading}, heard {heard}, span {span:?}");
        compared += by_path.len();
    });
    assert!(compared > 400, "only {compared} texts compared");
}

/// A conversion reuses the buffers the last one on its thread left (`conversion/spare.rs`):
/// whatever came before — a longer reading, heard or not, another dictionary with other
/// class counts — the answer is the one a fresh thread gives.
#[test]
fn buffers_left_by_earlier_conversions_change_no_answer() {
    let ask = |c: &Converter, reading: &str, heard: bool| c.convert(&Request { candidates: 9, alternatives: 3, heard, ..Request::new(reading) }).unwrap();
    let long = "きょうはいいてんきですね".repeat(4);
    let readings = ["わたしのなまえはなかのです", "はし", long.as_str(), "なかの"];
    let fresh: Vec<Conversion> = readings
        .iter()
        .map(|&r| {
            let r = r.to_string();
            std::thread::spawn(move || ask(&converter(), &r, true)).join().unwrap()
        })
        .collect();
    let tiny = converter();
    let mut wider = tiny_dictionary::words();
    // Another dictionary with twice the classes: its tables by class are larger.
    let ids = tiny_dictionary::connections().left_ids;
    let matrix = tiny_dictionary::matrix(ids * 2, 500, &[]);
    wider.push(tiny_dictionary::entry("はし", "端", ids + 1, 10));
    let other = Converter::new(Dictionary::from_vec(cyrillic_ime_core::dictionary::builder::build(&wider, &matrix, &tiny_dictionary::options()).unwrap()).unwrap());
    for round in 0..3 {
        for (k, &reading) in readings.iter().enumerate().rev() {
            ask(&other, reading, round % 2 == 0);
            assert_eq!(ask(&tiny, reading, true), fresh[k], "{reading}, round {round}");
            ask(&tiny, &reading.repeat(3), false);
        }
    }
}

/// A one-best conversion builds its lattice without the homophones its best path can never
/// take: a later word of the same key (or reading as heard) and class that costs no less
/// (`LatticeRequest::texts`, 1). The lattice is smaller, and its best path writes the
/// same text at the same cost through words of the same classes: with two words of one class
/// at the same cost (the earlier must stay: it wins the tie), and as heard, where a word of a
/// class may cost less than an earlier one (a word without kanji pays more for a long vowel
/// left out).
#[test]
fn a_one_best_lattice_leaves_out_homophones_and_keeps_the_best_path() {
    use cyrillic_ime_core::conversion::heard::HeardCosts;
    use cyrillic_ime_core::conversion::lattice::build::LatticeRequest;
    use cyrillic_ime_core::conversion::lattice::Lattice;
    use cyrillic_ime_core::conversion::search::{Search, Span};
    use cyrillic_ime_core::conversion::segments::path_text;
    let mut words = tiny_dictionary::words();
    words.push(tiny_dictionary::entry("はし", "端", tiny_dictionary::NOUN, 1500));
    words.push(tiny_dictionary::entry("はし", "嘴", tiny_dictionary::NOUN, 2500));
    words.push(tiny_dictionary::entry("とうきょう", "とうきょう", tiny_dictionary::NOUN, 1000));
    words.push(tiny_dictionary::entry("とうきょう", "東京", tiny_dictionary::NOUN, 1200));
    let homophones = Dictionary::from_vec(builder::build(&words, &tiny_dictionary::connections(), &tiny_dictionary::options()).unwrap()).unwrap();
    let real = real_dictionary();
    let costs = HeardCosts::default();
    let readings = ["はしのはし", "わたしのなまえはなかのです", "ときょにいきました", "とーきょーえいきました", "こにちわ", "きょうはいいてんきですね", "テレビは１２３、😀"];
    let (mut left_out, mut compared) = (0, 0);
    for dictionary in [&homophones, real.dictionary()] {
        for reading in readings {
            for heard in [None, Some(&costs)] {
                let build = |one_best: bool| Lattice::build(dictionary, &LatticeRequest { heard, most_texts_searched: one_best.then_some(1), ..LatticeRequest::new(reading) });
                let best = |lattice: &Lattice| {
                    let path = Search::new(lattice).best_path(dictionary, lattice, &Span::whole(lattice.len())).expect("a path");
                    let classes: Vec<(u16, u16)> = path.nodes.iter().map(|&i| (lattice.nodes[i as usize].left_id, lattice.nodes[i as usize].right_id)).collect();
                    (path_text(dictionary, lattice, &path.nodes), path.cost, classes)
                };
                let (all, pruned) = (build(false), build(true));
                assert!(pruned.nodes.len() <= all.nodes.len(), "{reading}");
                left_out += all.nodes.len() - pruned.nodes.len();
                assert_eq!(best(&pruned), best(&all), "{reading}, heard {}", heard.is_some());
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 2 * 2 * readings.len());
    assert!(left_out > 0, "no homophone was left out");
    // Through the converter: one candidate and one alternative (the lattice without them)
    // against two candidates (every word): the same text, segments and first candidates.
    let tiny = Converter::new(homophones);
    for c in [&tiny, &real] {
        for reading in readings {
            for heard in [false, true] {
                let ask = |candidates| c.convert(&Request { candidates, alternatives: 1, heard, ..Request::new(reading) }).unwrap();
                let (one, two) = (ask(1), ask(2));
                assert_eq!(one.alternatives, two.alternatives, "{reading}, heard {heard}");
                assert_eq!(one.segment_lengths(), two.segment_lengths(), "{reading}, heard {heard}");
                for (a, b) in one.segments.iter().zip(&two.segments) {
                    assert_eq!(a.candidates[0], b.candidates[0], "{reading}, heard {heard}");
                }
            }
        }
    }
    assert_eq!(convert(&tiny, "はし", 1, 1).best_text(), "端", "of two words of one class at one cost, the first stays");
}

/// A lattice for searches that keep at most k texts (`LatticeRequest::texts`) leaves out
/// a word of a key with k earlier words of its class costing no more, and a search by text
/// still finds the same first k texts at the same costs, as a whole reading and as a segment.
/// The tiny dictionary's はし has a dozen nouns (pairs at one cost, and 箸 listed again at
/// higher costs, which the builder keeps once), so every k below 12 leaves some out; the words
/// of a key are left out by the rank the compiler recorded up to k = 15, by a table of classes
/// beyond (k = 20) and for words as heard.
#[test]
fn a_lattice_for_k_texts_leaves_out_homophones_and_keeps_the_first_k_texts() {
    use cyrillic_ime_core::conversion::heard::HeardCosts;
    use cyrillic_ime_core::conversion::lattice::build::LatticeRequest;
    use cyrillic_ime_core::conversion::lattice::Lattice;
    use cyrillic_ime_core::conversion::search::{Distinct, Forward, PathQuery, Search, Span};
    use cyrillic_ime_core::conversion::segments::path_text;
    let mut words = tiny_dictionary::words();
    let surfaces = ["端", "嘴", "箸", "橋", "階", "梯", "觜", "椅", "土師", "波止", "馳", "間"];
    for (k, surface) in surfaces.iter().enumerate() {
        words.push(tiny_dictionary::entry("はし", surface, tiny_dictionary::NOUN, 1500 + 100 * (k as i16 / 2)));
    }
    words.push(tiny_dictionary::entry("はし", "箸", tiny_dictionary::NOUN, 2900));
    let homophones = Dictionary::from_vec(builder::build(&words, &tiny_dictionary::connections(), &tiny_dictionary::options()).unwrap()).unwrap();
    let real = real_dictionary();
    let costs = HeardCosts::default();
    let readings = ["はしのはし", "わたしのなまえはなかのです", "ときょにいきました", "こにちわ", "きょうはいいてんきですね", "かんじへんかんのしけん"];
    let (mut left_out, mut compared) = (0, 0);
    for dictionary in [&homophones, real.dictionary()] {
        for reading in readings {
            for heard in [None, Some(&costs)] {
                // 20: past the ranks the entries record (`format::CLASS_RANK_MAX`), the table of classes.
                for k in [2, 5, 10, 20] {
                    let build = |texts| Lattice::build(dictionary, &LatticeRequest { heard, most_texts_searched: texts, ..LatticeRequest::new(reading) });
                    let (all, kept) = (build(None), build(Some(k)));
                    left_out += all.nodes.len() - kept.nodes.len();
                    let len = all.len();
                    // The whole reading, and its first two characters as a segment.
                    for span in [Span::whole(len), Span { end: 4.min(2 * len), ..Span::whole(len) }] {
                        let texts = |lattice: &Lattice| {
                            let mut seen = Vec::new();
                            let query = PathQuery { span: &span, forward: Forward::Run, limit: k, distinct: Distinct::Texts };
                            let paths = Search::new(lattice).best_paths(dictionary, lattice, &query, |nodes, _| {
                                let text = path_text(dictionary, lattice, nodes);
                                let fresh = !seen.contains(&text);
                                if fresh {
                                    seen.push(text);
                                }
                                fresh
                            });
                            seen.into_iter().zip(paths.iter().map(|p| p.cost)).collect::<Vec<_>>()
                        };
                        let found = texts(&all);
                        assert_eq!(texts(&kept), found, "{reading}, heard {}, k {k}", heard.is_some());
                        assert!(!found.is_empty(), "{reading}");
                        compared += 1;
                    }
                }
            }
        }
    }
    assert_eq!(compared, 2 * readings.len() * 2 * 4 * 2);
    assert!(left_out > 0, "no homophone was left out");
    // The tiny はし: of its nouns, those past the first k of one cost and more are left out.
    let nouns = |texts| {
        let lattice = Lattice::build(&homophones, &LatticeRequest { most_texts_searched: texts, ..LatticeRequest::new("はし") });
        lattice.nodes.iter().filter(|n| n.start == 0 && n.end == 4 && n.left_id == tiny_dictionary::NOUN).count()
    };
    assert_eq!(nouns(None), surfaces.len(), "the dearer copy of 箸 is not kept");
    assert_eq!(nouns(Some(5)), 5, "the first five; the sixth costs as much as the fifth");
    assert_eq!(nouns(Some(1)), 1);
}

/// The readings of our own evaluation sentences (scripts/tools/eval_sentences.tsv).
fn own_sentences() -> Vec<String> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/tools/eval_sentences.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).filter_map(|l| l.split('\t').next()).map(str::to_string).collect()
}

/// What live conversion asks at every keystroke (one candidate per segment) is the best
/// conversion the space key's request (nine) gives: the same segments and first texts. And
/// the candidates of one segment of that segmentation, which the keyboard asks for when space
/// opens it (only that segment's are searched), are those the whole conversion with the same
/// segments gives it, heard or not, with and without spaces between words.
#[test]
fn live_conversion_and_the_focused_segments_candidates_agree_with_the_whole_conversion() {
    let c = real_dictionary();
    let sentences = own_sentences();
    assert!(sentences.len() > 100, "eval_sentences.tsv has {} readings", sentences.len());
    for (n, reading) in sentences.iter().enumerate() {
        // Every seventh sentence with a space after its first two kana, as a Cyrillic writer types.
        let spaces: Vec<usize> = if n % 7 == 0 && reading.chars().count() > 3 { vec![2] } else { vec![] };
        for heard in [true, false] {
            let around = cyrillic_ime_core::conversion::Surroundings { left: None, boundaries: &spaces };
            let ask = |fixed: &[usize], candidates| c.convert(&Request { fixed, candidates, heard, around, ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}"));
            let live = ask(&[], 1);
            let space = ask(&[], 9);
            assert_eq!(live.segment_lengths(), space.segment_lengths(), "{reading}");
            assert_eq!(live.best_text(), space.best_text(), "{reading}");
            let lengths = live.segment_lengths();
            let whole = ask(&lengths, 9);
            for index in 0..lengths.len() {
                let conversion = Request { fixed: &lengths, candidates: 9, heard, around, ..Request::new(reading) };
                let focused = c.candidates(&SegmentRequest { conversion, index }).unwrap();
                assert_eq!(focused, whole.segments[index].candidates, "{reading} heard {heard} spaces {spaces:?}: segment {index}");
            }
        }
    }
}

/// The spaces a writer typed reach the candidates of a segment through the C ABI's request
/// (`boundaries`), as they reach `rust_convert`'s: the same list as the whole conversion's.
#[test]
fn a_segments_candidates_keep_the_spaces_typed() {
    use cyrillic_ime_core::conversion::api;
    let c = real_dictionary();
    // `кё: то` is 今日と, `кё:то` 京都: the space keeps きょう a word of its own.
    let whole = api::convert(&c, None, r#"{"reading":"きょうと","fixed":[4],"boundaries":[3]}"#);
    let focused = api::segment_candidates(&c, None, r#"{"reading":"きょうと","segments":[4],"index":0,"boundaries":[3]}"#);
    let first = whole.split("\"candidates\":").nth(1).and_then(|rest| rest.split(",\"classes\"").next()).unwrap();
    assert_eq!(focused, format!("{{\"candidates\":{first}}}"), "{whole}");
    assert!(focused.starts_with("{\"candidates\":[\"今日と\""), "{focused}");
    let unspaced = api::segment_candidates(&c, None, r#"{"reading":"きょうと","segments":[4],"index":0}"#);
    assert!(unspaced.starts_with("{\"candidates\":[\"京都\""), "{unspaced}");
    let resized = api::resize(&c, None, r#"{"reading":"きょうと","segments":[4],"index":0,"delta":0,"boundaries":[3]}"#);
    assert_eq!(resized, whole);
}

/// Live conversion converts the composition again at every keystroke, and each thread keeps
/// the as-heard walks of its last input for the next (`conversion/heard/memo.rs`). A conversion
/// made so equals the same request made on a fresh thread, which keeps nothing: every prefix
/// of our sentences typed kana by kana and then deleted kana by kana (the live request), typed
/// again with candidates and alternatives, and typed a third time with each keystroke also
/// converted after a left context and as typed (other words over the same prefix, a walk kept
/// from a request that made none), and typed a fourth time with a space in the middle, then whole with two spaces, one of them
/// taken back; each
/// sentence follows the one before on the same thread, so what is kept is also another
/// input's. The words of each start of the last lattice are kept too (`conversion/lattice/kept.rs`).
#[test]
fn conversions_that_reuse_the_last_inputs_walks_equal_fresh_ones_over_every_prefix() {
    use cyrillic_ime_core::conversion::context::LeftContext;
    let c = real_dictionary();
    let sentences = own_sentences();
    assert!(sentences.len() > 100, "eval_sentences.tsv has {} readings", sentences.len());
    let left = LeftContext::from_text(c.dictionary(), "私");
    assert!(!left.is_sentence_start(), "私 resolves to a word");
    let mut compared = 0;
    for reading in &sentences {
        let chars: Vec<char> = reading.chars().collect();
        let typed = (1..=chars.len()).map(|n| (n, 1, 0));
        let deleted = (1..chars.len()).rev().map(|n| (n, 1, 0));
        let typed_again = (1..=chars.len()).map(|n| (n, 9, 3));
        for (n, candidates, alternatives) in typed.chain(deleted).chain(typed_again) {
            let prefix: String = chars[..n].iter().collect();
            let request = Request { candidates, alternatives, heard: true, ..Request::new(&prefix) };
            let kept = c.convert(&request).unwrap_or_else(|e| panic!("{prefix}: {e}"));
            let fresh = std::thread::scope(|s| s.spawn(|| c.convert(&request)).join()).unwrap_or_else(|_| panic!("{prefix}: the fresh thread panicked")).unwrap();
            assert_eq!(kept, fresh, "{prefix} ({candidates} candidates, {alternatives} alternatives)");
            compared += 1;
        }
        for n in 1..=chars.len() {
            let prefix: String = chars[..n].iter().collect();
            let live = Request { heard: true, ..Request::new(&prefix) };
            let after_word = Request { around: Surroundings { left: Some(&left), boundaries: &[] }, ..live };
            let as_typed = Request { heard: false, ..live };
            for request in [live, after_word, as_typed, live] {
                let kept = c.convert(&request).unwrap_or_else(|e| panic!("{prefix}: {e}"));
                let fresh = std::thread::scope(|s| s.spawn(|| c.convert(&request)).join()).unwrap_or_else(|_| panic!("{prefix}: the fresh thread panicked")).unwrap();
                assert_eq!(kept, fresh, "{prefix} (heard {}, left context {})", request.heard, request.around.left.is_some());
                compared += 1;
            }
        }
        // Typed with a space in the middle, as the Cyrillic space habit sends it: the space
        // comes at its keystroke and stays.
        let middle = chars.len() / 2;
        for n in 1..=chars.len() {
            let prefix: String = chars[..n].iter().collect();
            let spaces = if 0 < middle && middle < n { vec![middle] } else { Vec::new() };
            let request = Request { heard: true, around: Surroundings { left: None, boundaries: &spaces }, ..Request::new(&prefix) };
            let kept = c.convert(&request).unwrap_or_else(|e| panic!("{prefix}: {e}"));
            let fresh = std::thread::scope(|s| s.spawn(|| c.convert(&request)).join()).unwrap_or_else(|_| panic!("{prefix}: the fresh thread panicked")).unwrap();
            assert_eq!(kept, fresh, "{prefix} (a space at {middle})");
            compared += 1;
        }
        // Two spaces, then one of them taken back: the same characters, other boundaries.
        let (third, two_thirds) = (chars.len() / 3, 2 * chars.len() / 3);
        if 0 < third && third < two_thirds {
            for spaces in [vec![third, two_thirds], vec![third], vec![two_thirds], vec![third, two_thirds]] {
                let request = Request { heard: true, around: Surroundings { left: None, boundaries: &spaces }, ..Request::new(reading) };
                let kept = c.convert(&request).unwrap_or_else(|e| panic!("{reading}: {e}"));
                let fresh = std::thread::scope(|s| s.spawn(|| c.convert(&request)).join()).unwrap_or_else(|_| panic!("{reading}: the fresh thread panicked")).unwrap();
                assert_eq!(kept, fresh, "{reading} (spaces at {spaces:?})");
                compared += 1;
            }
        }
    }
    assert!(compared > 3 * sentences.len(), "compared {compared} conversions");
}

/// A space taken back changes the words of a start before it: a one-kana word with its long
/// vowel left out (`со` for そう) stands only before a space (`lattice/build.rs`), so the words
/// kept from the lattice with the space (`conversion/lattice/kept.rs`) are not those of the
/// same characters without it.
#[test]
fn the_words_kept_from_a_lattice_with_another_space_are_not_taken() {
    let c = real_dictionary();
    let reading = "そだねきょうはいいてんきです";
    let c = &c;
    let convert = |spaces: &[usize]| c.convert(&Request { heard: true, around: Surroundings { left: None, boundaries: spaces }, ..Request::new(reading) }).unwrap();
    // The same request on a thread that keeps nothing.
    let fresh = |spaces: Vec<usize>| std::thread::scope(|s| s.spawn(move || c.convert(&Request { heard: true, around: Surroundings { left: None, boundaries: &spaces }, ..Request::new(reading) }).unwrap()).join()).unwrap();
    let spaced = fresh(vec![1, 2]);
    let one_space = fresh(vec![2]);
    assert_ne!(spaced.segments[0].candidates[0].text, one_space.segments[0].candidates[0].text, "the space after そ makes it そう: {spaced:?} / {one_space:?}");
    assert_eq!(convert(&[1, 2]), spaced);
    assert_eq!(convert(&[2]), one_space, "after the lattice with the space at 1");
    assert_eq!(convert(&[1, 2]), spaced, "after the lattice without it");
}
