//! The writer's own words (issue 40; docs/CONVERSION.md, "The writer's own words"): a request
//! that says what the writer typed (`typed`) converts their names, places, countries and
//! borrowed words to the katakana or the name Japanese uses, over the real dictionary. Each
//! line is sent as `cyrillic-ime convert --kanji` sends it: every space-separated chunk typed
//! key by key through the profile is one typed word, its span the kana it composed to, with a
//! word boundary between each two.
mod common;

use cyrillic_ime_core::conversion::api;
use cyrillic_ime_core::conversion::context::LeftContext;
use cyrillic_ime_core::request::{TypedWord, TypedWords};
use cyrillic_ime_core::conversion::{Conversion, Converter, Request, ResizeRequest, SegmentRequest, Surroundings};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::json::{self, Value};
use cyrillic_ime_core::request::ContextRequest;
use cyrillic_ime_core::user::UserData;
use cyrillic_ime_core::{limits, Engine};
use std::sync::OnceLock;

/// The compiled Mozc dictionary: $CYRILLIC_IME_DICTIONARY, else `.dictionary/mozc.cimedic`
/// beside `rust_core`. Missing, the test fails saying how to build it.
fn converter() -> &'static Converter {
    static CONVERTER: OnceLock<Converter> = OnceLock::new();
    CONVERTER.get_or_init(|| {
        let path = std::env::var_os("CYRILLIC_IME_DICTIONARY")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.dictionary/mozc.cimedic"));
        assert!(path.exists(), "{} is absent: build it with scripts/build_dictionary.sh or name one in CYRILLIC_IME_DICTIONARY", path.display());
        Converter::new(Dictionary::open(&path).unwrap_or_else(|e| panic!("{e}")))
    })
}

fn engine() -> &'static Engine {
    static ENGINE: OnceLock<Engine> = OnceLock::new();
    ENGINE.get_or_init(common::bundled_engine)
}

/// A line as `convert --kanji --profile PROFILE` sends it: the reading, the word boundaries
/// and what was typed.
struct Line {
    reading: String,
    boundaries: Vec<usize>,
    typed: TypedWords,
}

fn line(profile: &str, text: &str) -> Line {
    let language = engine().profile(profile).expect("a bundled profile").language.clone();
    let (mut reading, mut boundaries, mut words) = (String::new(), Vec::new(), Vec::new());
    for chunk in text.split(' ') {
        let kana = common::type_text(engine(), profile, chunk);
        let at = reading.chars().count();
        if at > 0 {
            boundaries.push(at);
        }
        words.push(TypedWord { text: chunk.to_string(), span: at..at + kana.chars().count() });
        reading.push_str(&kana);
    }
    Line { reading, boundaries, typed: TypedWords { language, words } }
}

fn convert_in(line: &Line, candidates: usize, left: Option<&LeftContext>, user: Option<&UserData>) -> Conversion {
    let around = Surroundings { left, boundaries: &line.boundaries };
    let request = Request { candidates, heard: true, around, user, typed_words: Some(&line.typed), ..Request::new(&line.reading) };
    converter().convert(&request).unwrap_or_else(|e| panic!("{}: {e}", line.reading))
}

fn convert(profile: &str, text: &str, candidates: usize) -> Conversion {
    convert_in(&line(profile, text), candidates, None, None)
}

fn best(profile: &str, text: &str) -> String {
    convert(profile, text, 1).best_text()
}

/// The candidates of the segment whose reading starts at character `at`.
fn candidates_at(conversion: &Conversion, at: usize) -> Vec<String> {
    let mut start = 0;
    for segment in &conversion.segments {
        if start == at {
            return segment.candidates.iter().map(|c| c.text.clone()).collect();
        }
        start += segment.reading.chars().count();
    }
    panic!("no segment starts at {at} in {:?}", conversion.segment_lengths());
}

fn has_cyrillic(text: &str) -> bool {
    text.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c))
}

#[test]
fn the_issues_table_converts() {
    for (profile, typed, expected) in [
        ("rus_standard", "Наташа", "ナターシャ"),
        ("rus_standard", "ватаси ва Наташа дэс", "私はナターシャです"),
        ("rus_standard", "ватаси но намаэ ва Иван дэс", "私の名前はイワンです"),
        ("rus_standard", "Москва кара кимасита", "モスクワから来ました"),
        ("rus_standard", "Санкт-Петербург ни сундэ имас", "サンクトペテルブルクに住んでいます"),
        ("rus_standard", "Германия", "ドイツ"),
        ("rus_standard", "Китай", "中国"),
        ("ukr", "Київ", "キーウ"),
        ("srp", "Београд", "ベオグラード"),
        ("bel", "Мінск", "ミンスク"),
        ("bul", "София", "ソフィア"),
    ] {
        assert_eq!(best(profile, typed), expected, "{profile}: {typed}");
    }
    // The name converts; which し is meant after の the kana alone do not say (子 before 詩, as
    // for ぷーしきんのしを typed in kana), and 詩 is among the candidates.
    let pushkin = convert("rus_standard", "Пушкин но си о ёмимасита", 9);
    assert!(pushkin.best_text().starts_with("プーシキンの") && pushkin.best_text().ends_with("を読みました"), "{}", pushkin.best_text());
    assert!(pushkin.segments.iter().any(|s| s.candidates.iter().any(|c| c.text == "詩を")), "{:?}", pushkin.segments);
}

#[test]
fn both_readings_are_candidates_the_foreign_one_first_for_a_name() {
    let ivan = candidates_at(&convert("rus_standard", "Иван", 9), 0);
    assert_eq!(ivan[0], "イワン", "{ivan:?}");
    assert!(ivan.iter().any(|c| c == "言わん"), "{ivan:?}");
    let china = candidates_at(&convert("rus_standard", "Китай", 9), 0);
    assert_eq!(&china[..2], ["中国", "期待"], "{china:?}");
    // Inside a sentence too: the name is first, its Japanese reading a candidate.
    let sentence = convert("rus_standard", "ватаси но намаэ ва Иван дэс", 9);
    let at = "わたしのなまえは".chars().count();
    let name = candidates_at(&sentence, at);
    assert!(name[0].starts_with("イワン") && name.iter().any(|c| c.starts_with("言わん")), "{name:?}");
}

#[test]
fn a_capital_makes_a_name_inside_a_sentence_and_where_the_lexicon_knows_the_word() {
    // A capitalised first word the lexicon does not know stays Japanese.
    assert_eq!(best("rus_standard", "Ватаси ва Наташа дэс"), "私はナターシャです");
    assert_eq!(best("rus_standard", "Итадакимас"), "いただきます");
    // Тарас is not in the lexicon: typed first, its Japanese reading wins (the foreign one is
    // a candidate); inside a sentence, or after text, it is a name.
    let alone = candidates_at(&convert("rus_standard", "Тарас", 9), 0);
    assert_eq!(alone[0], "垂らす", "{alone:?}");
    assert!(alone.iter().any(|c| c == "タラス"), "{alone:?}");
    assert_eq!(best("rus_standard", "ватаси ва Тарас дэс"), "私はタラスです");
    let left = LeftContext::resolve(converter().dictionary(), &ContextRequest { segments: Vec::new(), text: Some("私は".to_string()) });
    assert_eq!(convert_in(&line("rus_standard", "Тарас"), 1, Some(&left), None).best_text(), "タラス");
    // Lower case: the same word is Japanese inside a sentence too.
    assert_eq!(best("rus_standard", "ватаси ва тарас"), "私は垂らす");
    // A name of two words may start the sentence: both are transcribed (Паисий alone, not
    // in the lexicon, would be パ石井).
    let paisiy = best("bul", "Паисий Хилендарски");
    assert!(paisiy.starts_with("パイシ") && paisiy.ends_with("ヒレンダルスキ"), "{paisiy}");
}

#[test]
fn japanese_names_typed_with_a_capital_stay_japanese() {
    // A conventional spelling, and kana whose likeliest word is a Japanese family name.
    assert_eq!(best("rus_standard", "ватаси ва Токио ни сундэ имас"), "私は東京に住んでいます");
    assert_eq!(best("rus_standard", "ватаси ва Танака дэс"), "私は田中です");
    assert_eq!(best("rus_standard", "Токио ни икимас"), "東京に行きます");
}

#[test]
fn lower_case_japanese_converts_as_without_typed_words() {
    for text in ["ватаси ва гакусэй дэс", "аригато годзаимас", "кёо ва ии тэнки дэс нэ", "ко о то:дзакэру", "каридзукусу ки дэ", "сумимасэн"] {
        let line = line("rus_standard", text);
        let around = Surroundings { left: None, boundaries: &line.boundaries };
        let request = Request { candidates: 9, heard: true, around, ..Request::new(&line.reading) };
        let without = converter().convert(&request).unwrap();
        let with = converter().convert(&Request { typed_words: Some(&line.typed), ..request }).unwrap();
        assert_eq!(with.best_text(), without.best_text(), "{text}");
        assert_eq!(with.segment_lengths(), without.segment_lengths(), "{text}");
    }
    // A borrowed word with letters the profile leaves as typed has no Japanese reading: its
    // foreign form wins, and no Cyrillic letter is left.
    assert_eq!(best("rus_standard", "водка о номимасита"), "ウォッカを飲みました");
}

#[test]
fn the_typed_spelling_is_the_last_candidate_and_nothing_else_keeps_cyrillic() {
    let moscow = candidates_at(&convert("rus_standard", "Москва", 9), 0);
    assert_eq!(moscow[0], "モスクワ");
    assert_eq!(moscow.last().map(String::as_str), Some("Москва"), "{moscow:?}");
    // Two typed words in one segment: their spellings with the space between them.
    let sentence = convert("rus_standard", "ватаси но намаэ ва Иван дэс", 9);
    let last = sentence.segments.last().unwrap().candidates.last().unwrap().text.clone();
    assert_eq!(last, "Иван дэс");
    // Only the reading forms and the typed spelling keep Cyrillic letters: the first candidate
    // and every candidate found on a path never do, where the language transcribes the word.
    for (profile, text) in [("rus_standard", "Санкт-Петербург ни сундэ имас"), ("ukr", "ваташі ва Харків шюшшін дес"), ("srp", "Крагујевац ни сунде имас")] {
        let conversion = convert(profile, text, 9);
        assert!(!has_cyrillic(&conversion.best_text()), "{text}: {}", conversion.best_text());
        for segment in &conversion.segments {
            for c in segment.candidates.iter().filter(|c| c.cost != i32::MAX) {
                assert!(!has_cyrillic(&c.text), "{text}: {}", c.text);
            }
        }
    }
}

#[test]
fn a_lexicon_phrase_spans_the_words_it_is_typed_as() {
    assert_eq!(best("rus_standard", "Новая Зеландия кара кимасита"), "ニュージーランドから来ました");
    assert_eq!(best("rus_standard", "Чёрное море"), "黒海");
}

#[test]
fn learning_and_user_words_work_on_foreign_words() {
    // Тарас typed alone is 垂らす first; once the writer chooses タラス, it comes first.
    let taras = line("rus_standard", "Тарас");
    assert_eq!(convert_in(&taras, 9, None, None).best_text(), "垂らす");
    let mut user = UserData::default();
    user.learn(&taras.reading, &[(taras.reading.clone(), "タラス".to_string())]);
    assert_eq!(convert_in(&taras, 9, None, Some(&user)).best_text(), "タラス");
    // Chosen inside a sentence, after the word before it.
    let sentence = line("rus_standard", "ватаси ва Иван дэс");
    let before = convert_in(&sentence, 9, None, None);
    let segments: Vec<(String, String)> = before.segments.iter().map(|s| (s.reading.clone(), s.candidates[0].text.clone())).collect();
    assert_eq!(segments.last().map(|s| s.1.as_str()), Some("イワンです"));
    let mut chosen = segments.clone();
    chosen.last_mut().unwrap().1 = "言わんです".to_string();
    let mut user = UserData::default();
    user.learn(&sentence.reading, &chosen);
    assert_eq!(convert_in(&sentence, 9, None, Some(&user)).best_text(), "私は言わんです");
    // A word the writer registered for the kana of their name comes first.
    let natasha = line("rus_standard", "Наташа");
    let mut user = UserData::default();
    user.add_word(&natasha.reading, "夏紗").unwrap();
    assert_eq!(convert_in(&natasha, 9, None, Some(&user)).best_text(), "夏紗");
}

#[test]
fn resizing_and_segment_candidates_keep_the_foreign_forms() {
    let line = line("rus_standard", "Москва кара кимасита");
    let around = Surroundings { left: None, boundaries: &line.boundaries };
    let request = Request { candidates: 9, heard: true, around, typed_words: Some(&line.typed), ..Request::new(&line.reading) };
    let conversion = converter().convert(&request).unwrap();
    let lengths = conversion.segment_lengths();
    let resized = converter().resize(&ResizeRequest { conversion: Request { fixed: &lengths, ..request }, index: 0, delta: -2 }).unwrap();
    assert_eq!(resized.segment_lengths()[0], lengths[0] - 2);
    let first = converter().candidates(&SegmentRequest { conversion: Request { fixed: &lengths, ..request }, index: 0 }).unwrap();
    assert!(first[0].text.starts_with("モスクワ"), "{first:?}");
}

#[test]
fn a_language_without_tables_gives_no_foreign_words() {
    let mut line = line("rus_standard", "ватаси ва Наташа дэс");
    line.typed.language = "xx".to_string();
    let with = convert_in(&line, 9, None, None);
    let around = Surroundings { left: None, boundaries: &line.boundaries };
    let without = converter().convert(&Request { candidates: 9, heard: true, around, ..Request::new(&line.reading) }).unwrap();
    assert_eq!(with.best_text(), without.best_text());
    for (a, b) in with.segments.iter().zip(&without.segments) {
        // The same candidates, then the typed spelling.
        assert_eq!(a.candidates[..b.candidates.len()], b.candidates[..]);
    }
}

#[test]
fn letters_of_no_profile_convert_what_they_can_and_keep_the_rest() {
    // Latin M, a digit, Greek letters, punctuation around a word: never a panic, the
    // Cyrillic part converted where it can be cut off cleanly, the rest as typed.
    assert_eq!(best("rus_standard", "Москва2"), "モスクワ2");
    assert_eq!(best("rus_standard", "Москва, Киото"), "モスクワ、京都");
    let latin = best("rus_standard", "Mосква");
    assert!(latin.starts_with('M') && !has_cyrillic(&latin), "{latin}");
    for text in ["Мос2ква", "Κίνα", "123", "Moskva", "Ivan Иван", "-", "Санкт--Петербург", "ё\u{301}ж"] {
        let conversion = convert("rus_standard", text, 9);
        assert!(!conversion.segments.is_empty(), "{text}");
    }
    // Spans that cut a word anywhere in the reading, and texts of any letters: no panic.
    let reading = "もсくぁからきました";
    for (text, start, end) in [("Москва", 0, 3), ("Москва", 2, 9), ("кара", 4, 6), ("𝔐ос", 0, 1), ("\u{301}", 0, 4)] {
        let typed = TypedWords { language: "ru".to_string(), words: vec![TypedWord { text: text.to_string(), span: start..end }] };
        let request = Request { candidates: 9, heard: true, typed_words: Some(&typed), ..Request::new(reading) };
        converter().convert(&request).unwrap_or_else(|e| panic!("{text} {start}..{end}: {e}"));
    }
}

// ---------- predictions ----------

/// The texts `rust_predict` answers for `text` typed as one word through `profile`, with it
/// as the request's `typed` or without.
fn predictions(text: &str, with_typed: bool) -> Vec<String> {
    let line = line("rus_standard", text);
    let typed = if with_typed { format!(r#","typed":{}"#, typed_json(&line.typed)) } else { String::new() };
    let answer = api::prediction(converter(), None, &format!(r#"{{"reading":"{}"{typed}}}"#, line.reading));
    let Ok(Value::Object(members)) = json::parse(&answer, json::Limits { max_bytes: 1 << 20, max_depth: 8, max_values: 100_000 }) else { panic!("{answer}") };
    let Some((_, Value::Array(items))) = members.into_iter().find(|(k, _)| k == "predictions") else { panic!("{answer}") };
    items
        .into_iter()
        .map(|item| match item {
            Value::Object(fields) => fields.into_iter().find_map(|(k, v)| matches!(&v, Value::String(_) if k == "text").then(|| if let Value::String(s) = v { s } else { unreachable!() })).unwrap_or_default(),
            other => panic!("{other:?}"),
        })
        .collect()
}

fn typed_json(typed: &TypedWords) -> String {
    let words: Vec<String> = typed.words.iter().map(|w| format!(r#"{{"text":"{}","start":{},"end":{}}}"#, w.text, w.span.start, w.span.end)).collect();
    format!(r#"{{"language":"{}","words":[{}]}}"#, typed.language, words.join(","))
}

#[test]
fn predictions_offer_the_foreign_form_of_the_typed_word() {
    // The screen keyboard has no capitals: a name typed in lower case is offered right after
    // the first prediction, the Japanese reading keeping its place.
    let plain = predictions("китай", false);
    assert!(!plain.contains(&"中国".to_string()), "{plain:?}");
    let with = predictions("китай", true);
    assert_eq!(with[0], plain[0], "{with:?}");
    assert_eq!(with[1], "中国", "{with:?}");
    assert_eq!(with.len(), plain.len().clamp(2, 9), "{with:?}");
    let natasha = predictions("наташа", true);
    assert!(natasha.contains(&"ナターシャ".to_string()), "{natasha:?}");
    assert!(!predictions("наташа", false).contains(&"ナターシャ".to_string()));
    // Its reading is its own, as every prediction's.
    let natasha = line("rus_standard", "наташа");
    let answer = api::prediction(converter(), None, &format!(r#"{{"reading":"{}","typed":{}}}"#, natasha.reading, typed_json(&natasha.typed)));
    assert!(answer.contains(r#"{"text":"ナターシャ","reading":"なたーしゃ"}"#), "{answer}");
    // A word typed further than its kana (the keyboard asks while й is pending): looked up whole.
    let partial = TypedWords { language: "ru".to_string(), words: vec![TypedWord { text: "китай".to_string(), span: 0..2 }] };
    let answer = api::prediction(converter(), None, &format!(r#"{{"reading":"きた","typed":{}}}"#, typed_json(&partial)));
    assert!(answer.contains(r#"{"text":"中国","reading":"ちゅうごく"}"#), "{answer}");
    // A capital says it is a name: its form comes first.
    assert_eq!(predictions("Китай", true)[0], "中国");
    assert_eq!(predictions("Наташа", true)[0], "ナターシャ");
    // Two words the lexicon spells as one, typed as the whole reading.
    assert_eq!(predictions("Новая Зеландия", true)[0], "ニュージーランド");
    // A prefix that is not all one typed word gets nothing more.
    let line = line("rus_standard", "Москва");
    let partial = TypedWords { language: "ru".to_string(), words: vec![TypedWord { text: "Мос".to_string(), span: 0..2 }] };
    let answer = api::prediction(converter(), None, &format!(r#"{{"reading":"{}","typed":{}}}"#, line.reading, typed_json(&partial)));
    assert!(!answer.contains("モスクワ"), "{answer}");
    // Typed words are checked against the prefix.
    let answer = api::prediction(converter(), None, r#"{"reading":"も","typed":{"language":"ru","words":[{"text":"Москва","start":0,"end":4}]}}"#);
    assert_eq!(error_of(&answer).as_deref(), Some("$typed.words[0].end is 4, past the end of the reading (1 characters)"), "{answer}");
}

// ---------- the request field ----------

fn error_of(answer: &str) -> Option<String> {
    match json::parse(answer, json::Limits { max_bytes: 1 << 20, max_depth: 8, max_values: 100_000 }).expect("JSON") {
        Value::Object(members) => members.into_iter().find(|(k, _)| k == "error").map(|(_, v)| match v {
            Value::String(s) => s,
            other => panic!("{other:?}"),
        }),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_exports_read_typed_words() {
    let c = converter();
    let answer = api::convert(c, None, r#"{"reading":"もсくぁからきました","boundaries":[4,6],"typed":{"language":"ru","words":[{"text":"Москва","start":0,"end":4},{"text":"кара","start":4,"end":6},{"text":"кимасита","start":6,"end":10}]}}"#);
    assert!(answer.contains("\"モスクワから"), "{answer}");
    let answer = api::resize(c, None, r#"{"reading":"もсくぁ","segments":[4],"index":0,"delta":0,"typed":{"language":"ru","words":[{"text":"Москва","start":0,"end":4}]}}"#);
    assert!(answer.contains("\"モスクワ\""), "{answer}");
    let answer = api::segment_candidates(c, None, r#"{"reading":"もсくぁ","segments":[4],"index":0,"typed":{"language":"ru","words":[{"text":"Москва","start":0,"end":4}]}}"#);
    assert!(answer.starts_with("{\"candidates\":[\"モスクワ\"") && answer.contains("\"Москва\"]"), "{answer}");
    // The spaces the writer typed bind resize and candidates as they bind convert: the
    // segment of two typed words has its "as written" candidate with the space between them.
    let two = line("rus_standard", "Новая Зеландия");
    let words: Vec<String> = two.typed.words.iter().map(|w| format!(r#"{{"text":"{}","start":{},"end":{}}}"#, w.text, w.span.start, w.span.end)).collect();
    let fields = format!(r#""reading":"{}","segments":[{}],"index":0,"boundaries":{:?},"typed":{{"language":"ru","words":[{}]}}"#, two.reading, two.reading.chars().count(), two.boundaries, words.join(","));
    let answer = api::segment_candidates(c, None, &format!("{{{fields}}}"));
    assert!(answer.starts_with("{\"candidates\":[\"ニュージーランド\"") && answer.contains("\"Новая Зеландия\"]"), "{answer}");
    let answer = api::resize(c, None, &format!(r#"{{{fields},"delta":0,"candidates":9}}"#));
    assert!(answer.contains("\"Новая Зеландия\"]"), "{answer}");
    // null is no typed words; predict takes them too (`predictions_offer_the_foreign_form_of_the_typed_word`).
    assert_eq!(error_of(&api::convert(c, None, r#"{"reading":"もсくぁ","typed":null}"#)), None);
    assert_eq!(error_of(&api::prediction(c, None, r#"{"reading":"も","typed":{"language":"ru","words":[]}}"#)), None);
}

#[test]
fn malformed_typed_words_are_refused_naming_the_member() {
    let c = converter();
    let long = "а".repeat(limits::MAX_TYPED_WORD_CHARS + 1);
    let many: Vec<String> = (0..=limits::MAX_TYPED_WORDS).map(|i| format!(r#"{{"text":"а","start":{i},"end":{}}}"#, i + 1)).collect();
    let many = format!(r#"{{"language":"ru","words":[{}]}}"#, many.join(","));
    for (typed, expected) in [
        (r#""ru""#.to_string(), "$typed must be an object {\"language\", \"words\"}, got a string"),
        (r#"{"words":[]}"#.to_string(), "$typed.language is missing"),
        (r#"{"language":"ru"}"#.to_string(), "$typed.words is missing"),
        (r#"{"language":7,"words":[]}"#.to_string(), "$typed.language must be a string (the profile's language: ru, uk, be, sr-Cyrl, bg), got a number"),
        (r#"{"language":"","words":[]}"#.to_string(), "$typed.language is 0 characters, expected a language code of 1–35 (ru, sr-Cyrl)"),
        (r#"{"language":"ru","words":{}}"#.to_string(), "$typed.words must be an array of words {\"text\", \"start\", \"end\"}, got an object"),
        (r#"{"language":"ru","words":[],"x":1}"#.to_string(), "$typed: unknown field \"x\""),
        (r#"{"language":"ru","words":[1]}"#.to_string(), "$typed.words[0] must be an object {\"text\", \"start\", \"end\"}, got a number"),
        (r#"{"language":"ru","words":[{"text":"а","start":0}]}"#.to_string(), "$typed.words[0].end is missing"),
        (r#"{"language":"ru","words":[{"text":"а","start":0,"end":1,"kind":"x"}]}"#.to_string(), "$typed.words[0]: unknown field \"kind\""),
        // A member one level deeper than any valid one: the reading still comes back.
        (r#"{"language":"ru","words":[{"text":["а"],"start":0,"end":1}]}"#.to_string(), "$typed.words[0].text must be a string, got an array"),
        (r#"{"language":"ru","words":[{"text":"","start":0,"end":1}]}"#.to_string(), "$typed.words[0].text is 0 characters, expected 1–64"),
        (format!(r#"{{"language":"ru","words":[{{"text":"{long}","start":0,"end":1}}]}}"#), "$typed.words[0].text is 65 characters, expected 1–64"),
        (r#"{"language":"ru","words":[{"text":"а","start":-1,"end":1}]}"#.to_string(), "$typed.words[0].start must be a position in the reading (0–256), got -1"),
        (r#"{"language":"ru","words":[{"text":"а","start":0,"end":1.5}]}"#.to_string(), "$typed.words[0].end must be a position in the reading (0–256), got 1.5"),
        (r#"{"language":"ru","words":[{"text":"а","start":0,"end":1},{"text":"б","start":2,"end":2}]}"#.to_string(), "$typed.words[1].end is 2, expected after its start (2)"),
        (r#"{"language":"ru","words":[{"text":"а","start":0,"end":2},{"text":"б","start":1,"end":3}]}"#.to_string(), "$typed.words[1].start is 1, before the end of the word before it (2)"),
        (r#"{"language":"ru","words":[{"text":"а","start":3,"end":5}]}"#.to_string(), "$typed.words[0].end is 5, past the end of the reading (4 characters)"),
        (many, "$typed.words has 65 words, over the limit of 64"),
    ] {
        let request = format!(r#"{{"reading":"もсくぁ","typed":{typed}}}"#);
        for answer in [api::convert(c, None, &request), api::resize(c, None, &request.replace("{\"reading\":\"もсくぁ\"", "{\"reading\":\"もсくぁ\",\"segments\":[4],\"index\":0,\"delta\":0"))] {
            assert_eq!(error_of(&answer).as_deref(), Some(expected), "{request} → {answer}");
            assert!(answer.contains("\"reading\":\"もсくぁ\""), "the reading comes back: {answer}");
        }
    }
}

/// A name's charge makes the Japanese words over its first kana dearer, those of earlier starts
/// that reach into it too; the last lattice's forward costs (`Search::forward`, kept per
/// thread) are not taken for a lattice that charges a name or for one after it. Each reading
/// is converted on one thread without its typed words, with them (written run together, no
/// space), and without again; each answer equals the same request on a fresh thread.
#[test]
fn the_costs_kept_from_the_last_lattice_are_not_taken_across_a_names_charge() {
    let mut compared = 0;
    for text in ["ватаси ва Наташа дэс", "ватаси но намаэ ва Иван дэс", "кёо ва Анна то ханасимасита", "Китай э икимасу"] {
        let line = line("rus_standard", text);
        let plain = Request { heard: true, ..Request::new(&line.reading) };
        let named = Request { typed_words: Some(&line.typed), ..plain };
        let fresh = |request: &Request| std::thread::scope(|s| s.spawn(|| converter().convert(request).unwrap()).join().unwrap());
        let (plain_fresh, named_fresh) = (fresh(&plain), fresh(&named));
        for (request, expected) in [(&plain, &plain_fresh), (&named, &named_fresh), (&plain, &plain_fresh)] {
            assert_eq!(&converter().convert(request).unwrap(), expected, "{text} (typed words: {})", request.typed_words.is_some());
            compared += 1;
        }
    }
    assert_eq!(compared, 12);
}
