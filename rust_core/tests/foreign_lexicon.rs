//! The lexicon of established forms (docs/PROFILES.md, "Foreign words: the lexicon of
//! established forms"): the bundled file parses, every language finds its own spellings in
//! any case, a spelling may have several entries, and a broken file is refused with the path
//! of what is wrong.
mod common;

use cyrillic_ime_core::foreign_lexicon::{self, Entry, Kind, Lexicon};
use cyrillic_ime_core::kana_script;

/// Every entry of `word` in the bundled lexicon.
fn all(language: &str, word: &str) -> Vec<Entry<'static>> {
    foreign_lexicon::lookup(language, word).collect()
}

fn texts(language: &str, word: &str) -> Vec<&'static str> {
    foreign_lexicon::lookup(language, word).map(|e| e.text).collect()
}

fn first(language: &str, word: &str) -> Entry<'static> {
    foreign_lexicon::lookup(language, word).next().unwrap_or_else(|| panic!("{language}: no entry for {word}"))
}

#[test]
fn the_bundled_lexicon_is_the_shipped_file_and_covers_every_language() {
    let lexicon = foreign_lexicon::parse(&common::read_resource("foreignLexicon.json")).expect("parses");
    let languages: Vec<&str> = lexicon.languages().collect();
    assert_eq!(languages, ["ru", "uk", "be", "sr-Cyrl", "bg"]);
    let bundled = foreign_lexicon::bundled();
    assert_eq!(bundled.languages().collect::<Vec<_>>(), languages);
    for language in languages {
        assert_eq!(bundled.entry_count(language), lexicon.entry_count(language), "{language}");
        let minimum = if language == "ru" { 300 } else { 150 };
        assert!(lexicon.entry_count(language) >= minimum, "{language}: {} entries", lexicon.entry_count(language));
        assert!(!lexicon.sources(language).is_empty(), "{language}");
        // Every kind is there in every language.
        for kind in [Kind::Country, Kind::Capital, Kind::Place, Kind::Person, Kind::GivenName, Kind::Word] {
            assert!(lexicon.entries(language).any(|e| e.kind == kind), "{language}: no {}", kind.name());
        }
    }
}

#[test]
fn every_entry_is_found_by_its_spelling_and_reads_as_its_katakana() {
    let lexicon = foreign_lexicon::bundled();
    for language in lexicon.languages() {
        for entry in lexicon.entries(language) {
            for typed in [entry.spelling.to_string(), entry.spelling.to_uppercase(), entry.spelling.to_lowercase()] {
                assert!(lexicon.lookup(language, &typed).any(|e| e == entry), "{language}: {typed} does not find {}", entry.text);
            }
            assert!(lexicon.sources(language).iter().any(|(key, _)| *key == entry.source), "{language}: {}", entry.spelling);
            // A katakana text's reading is that text in hiragana (the ・ between parts dropped).
            if entry.text.chars().all(|c| ('\u{30A1}'..='\u{30FA}').contains(&c) || c == 'ー' || c == '・') {
                let mut katakana = String::new();
                kana_script::push_katakana(&mut katakana, entry.reading);
                assert_eq!(katakana, entry.text.replace('・', ""), "{language}: {}", entry.spelling);
            }
        }
    }
}

#[test]
fn each_language_finds_its_own_spellings() {
    // Russian: countries that Japanese names by tradition, places, people, names, words.
    assert_eq!(first("ru", "Германия").text, "ドイツ");
    assert_eq!(first("ru", "Германия").kind, Kind::Country);
    assert_eq!(first("ru", "Китай").text, "中国");
    assert_eq!(first("ru", "Китай").reading, "ちゅうごく");
    assert_eq!(first("ru", "США").text, "アメリカ");
    assert_eq!(texts("ru", "Англия")[..2], ["イギリス", "イングランド"]);
    assert_eq!(first("ru", "Грузия").text, "ジョージア");
    assert_eq!(first("ru", "Южная Корея").text, "韓国");
    assert_eq!(first("ru", "Вена").text, "ウィーン");
    assert_eq!(first("ru", "Пекин").text, "北京");
    assert_eq!(first("ru", "Москва").text, "モスクワ");
    assert_eq!(first("ru", "Владивосток").text, "ウラジオストク");
    assert_eq!(first("ru", "Санкт-Петербург").text, "サンクトペテルブルク");
    assert_eq!(first("ru", "Пушкин").text, "プーシキン");
    assert_eq!(first("ru", "Чайковский").kind, Kind::Person);
    assert_eq!(first("ru", "Наташа").text, "ナターシャ");
    assert_eq!(first("ru", "Наташа").kind, Kind::GivenName);
    assert_eq!(first("ru", "Иван").text, "イワン");
    assert_eq!(first("ru", "Анна").text, "アンナ");
    assert_eq!(first("ru", "водка").text, "ウォッカ");
    assert_eq!(first("ru", "матрёшка").text, "マトリョーシカ");
    // Ukrainian, Belarusian, Serbian, Bulgarian: their own spellings of the same things.
    assert_eq!(first("uk", "Німеччина").text, "ドイツ");
    assert_eq!(first("uk", "Київ").text, "キーウ");
    assert_eq!(first("uk", "Харків").text, "ハルキウ");
    assert_eq!(first("uk", "Одеса").text, "オデーサ");
    assert_eq!(first("be", "Германія").text, "ドイツ");
    assert_eq!(first("be", "Мінск").text, "ミンスク");
    assert_eq!(first("be", "Кітай").text, "中国");
    assert_eq!(first("sr-Cyrl", "Немачка").text, "ドイツ");
    assert_eq!(first("sr-Cyrl", "Београд").text, "ベオグラード");
    assert_eq!(first("sr-Cyrl", "Беч").text, "ウィーン");
    assert_eq!(first("bg", "Германия").text, "ドイツ");
    assert_eq!(first("bg", "София").text, "ソフィア");
    assert_eq!(first("bg", "Виена").text, "ウィーン");
    // A language's spellings are its own: Ukrainian writes Німеччина, not Германия.
    assert!(all("uk", "Германия").is_empty());
    assert!(all("sr-Cyrl", "Германия").is_empty());
}

#[test]
fn spellings_match_in_any_case_with_or_without_dots_hyphens_and_curly_apostrophes() {
    for typed in ["германия", "ГЕРМАНИЯ", "гЕрМаНиЯ", " Германия "] {
        assert_eq!(first("ru", typed).text, "ドイツ", "{typed:?}");
    }
    // ё written as е, as Russian writers mostly do.
    assert_eq!(first("ru", "Матрешка").text, "マトリョーシカ");
    assert_eq!(first("ru", "Хрущев").text, "フルシチョフ");
    // A hyphen or a space, one or several.
    for typed in ["Санкт-Петербург", "санкт петербург", "Санкт  Петербург", "Нью-Йорк", "нью йорк"] {
        assert!(!all("ru", typed).is_empty(), "{typed:?}");
    }
    // Several words.
    assert_eq!(first("ru", "новая зеландия").text, "ニュージーランド");
    assert_eq!(foreign_lexicon::bundled().longest_phrase("ru"), 4, "Сан-Томе и Принсипи");
    assert_eq!(first("ru", "сан томе и принсипи").text, "サントメ・プリンシペ");
    // Any apostrophe: ' ’ ʼ.
    for typed in ["Кот-д'Івуар", "Кот-д’Івуар", "кот-дʼівуар"] {
        assert_eq!(first("uk", typed).text, "コートジボワール", "{typed:?}");
    }
    // The language tag in any case.
    assert_eq!(first("SR-CYRL", "Немачка").text, "ドイツ");
}

#[test]
fn a_spelling_names_all_its_things_the_usual_one_first() {
    // The country and its capital share a name.
    let algeria = all("ru", "Алжир");
    assert_eq!(texts("ru", "Алжир"), ["アルジェリア", "アルジェ"]);
    assert_eq!(algeria.iter().map(|e| e.kind).collect::<Vec<_>>(), [Kind::Country, Kind::Capital]);
    // The name Japanese uses now, then the former one.
    assert_eq!(texts("ru", "Киев"), ["キーウ", "キエフ"]);
    assert_eq!(texts("ru", "Грузия"), ["ジョージア", "グルジア"]);
    assert_eq!(all("ru", "Грузия")[1].source, "former");
    // Two Japanese forms of one name, with and without the stress marked.
    assert_eq!(texts("ru", "Татьяна"), ["タチアナ", "タチヤーナ"]);
    // A given name before a place: a writer means the name far more often.
    let victoria = all("ru", "Виктория");
    assert_eq!((victoria[0].text, victoria[0].kind), ("ヴィクトリア", Kind::GivenName));
    assert!(victoria.iter().any(|e| e.kind == Kind::Capital && e.text == "ビクトリア"));
    assert_eq!(texts("ru", "Лена"), ["レーナ", "レナ川"]);
    assert_eq!(texts("ru", "Лида"), ["リーダ", "リダ"]);
}

#[test]
fn words_and_languages_it_does_not_have_find_nothing() {
    assert!(all("ru", "ватаси").is_empty());
    assert!(all("ru", "").is_empty());
    assert!(all("ru", " - ").is_empty());
    assert!(all("de", "Германия").is_empty());
    assert!(all("ja-Latn", "Germany").is_empty());
    assert_eq!(Lexicon::default().lookup("ru", "Германия").len(), 0);
}

const SOURCES: &str = r#""sources": {"wikipedia": "the titles of the Wikipedias' articles"}"#;

fn document(entries: &str) -> String {
    format!(r#"{{"version": 1, "languages": [{{"language": "ru", {SOURCES}, "entries": [{entries}]}}]}}"#)
}

const GOOD: &str = r#"{"spelling": "Германия", "text": "ドイツ", "reading": "どいつ", "kind": "country", "source": "wikipedia"}"#;

fn parse_error(text: &str) -> String {
    foreign_lexicon::parse(text).expect_err("a broken document is refused")
}

#[test]
fn a_small_document_parses() {
    let lexicon = foreign_lexicon::parse(&document(GOOD)).expect("parses");
    let found: Vec<Entry> = lexicon.lookup("ru", "германия").collect();
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].spelling, found[0].text, found[0].reading, found[0].kind, found[0].source), ("Германия", "ドイツ", "どいつ", Kind::Country, "wikipedia"));
    assert_eq!(lexicon.entry_count("ru"), 1);
    assert_eq!(lexicon.longest_phrase("ru"), 1);
}

#[test]
fn parse_errors_name_the_path_of_what_is_wrong() {
    let entry = |field: &str, value: &str| GOOD.replace(&format!(r#""{field}": "{}""#, field_value(field)), &format!(r#""{field}": {value}"#));
    let cases = [
        ("[]".to_string(), "foreignLexicon.json: $: expected an object"),
        (r#"{"version": 1}"#.to_string(), "foreignLexicon.json: $.languages: expected an array"),
        (r#"{"languages": [{"sources": {}, "entries": []}]}"#.to_string(), "foreignLexicon.json: $.languages[0].language: expected a string"),
        (r#"{"languages": [{"language": "ru", "entries": []}]}"#.to_string(), "foreignLexicon.json: $.languages[0].sources: expected an object"),
        (r#"{"languages": [{"language": "ru", "sources": {"a": 1}, "entries": []}]}"#.to_string(), r#"foreignLexicon.json: $.languages[0].sources["a"]: expected a string"#),
        (format!(r#"{{"languages": [{{"language": "ru", {SOURCES}}}]}}"#), "foreignLexicon.json: $.languages[0].entries: expected an array"),
        (document(&format!("{GOOD}, 7")), "foreignLexicon.json: $.languages[0].entries[1]: expected an object"),
        (document(&format!("{GOOD}, {}", entry("kind", r#""river""#))), r#"foreignLexicon.json: $.languages[0].entries[1].kind: "river" is not a kind"#),
        (document(&entry("source", r#""hearsay""#)), r#"foreignLexicon.json: $.languages[0].entries[0].source: "hearsay" is not a key of the language's sources"#),
        (document(&entry("reading", r#""ドイツ""#)), r#"foreignLexicon.json: $.languages[0].entries[0].reading: "ドイツ" is not hiragana"#),
        (document(&entry("text", r#""""#)), "foreignLexicon.json: $.languages[0].entries[0].text: expected a non-empty string"),
        (document(&entry("spelling", "5")), "foreignLexicon.json: $.languages[0].entries[0].spelling: expected a non-empty string"),
        (document(&entry("spelling", r#""-""#)), "foreignLexicon.json: $.languages[0].entries[0].spelling: has no letters"),
        (document(&GOOD.replace(r#""kind""#, r#""kidn""#)), "foreignLexicon.json: $.languages[0].entries[0].kidn: unknown field"),
        (
            format!(r#"{{"languages": [{{"language": "ru", {SOURCES}, "entries": []}}, {{"language": "RU", {SOURCES}, "entries": []}}]}}"#),
            r#"foreignLexicon.json: $.languages[1].language: "RU" is listed twice"#,
        ),
        // The JSON reader's own errors carry the path too.
        (document(&format!("{GOOD},")), "foreignLexicon.json: $.languages[0].entries"),
    ];
    for (text, expected) in cases {
        let message = parse_error(&text);
        assert!(message.starts_with(expected), "{text}\n  gave {message}\n  expected {expected}…");
    }
}

fn field_value(field: &str) -> &'static str {
    match field {
        "spelling" => "Германия",
        "text" => "ドイツ",
        "reading" => "どいつ",
        "kind" => "country",
        _ => "wikipedia",
    }
}

#[test]
fn normalize_folds_case_dots_apostrophes_and_separators() {
    assert_eq!(foreign_lexicon::normalize("Санкт-Петербург"), "санкт петербург");
    assert_eq!(foreign_lexicon::normalize("  Ростов - на - Дону "), "ростов на дону");
    assert_eq!(foreign_lexicon::normalize("ЁЛКА"), "елка");
    assert_eq!(foreign_lexicon::normalize("Пʼятниця’"), "п'ятниця'");
    assert_eq!(foreign_lexicon::normalize("Ђоковић"), "ђоковић");
}
