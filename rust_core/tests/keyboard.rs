//! The keyboard data of profiles.json: layers, key inputs, key names and the width
//! options of profile ids. Expected values are written here, not taken from the core.

mod common;
use common::{bundled_engine, type_text};
use cyrillic_ime_core::Engine;

const KANA: &str = r#"{
  "version": 1,
  "kana": {"a": "あ", "ka": "か", "long": "ー", "period": "。", "comma": "、"},
  "ruleSets": {"punctuation": {".": "period", ",": "comma", "-": "long"}}
}"#;

const LETTERS_WITH_MODE: &str = r#"[["1"], ["а", "ー"], ["к"], ["、"], ["{shift}", "{mode}", "{space}"]]"#;

/// A document with one profile; `shared` is the top-level keyboard object (or ""),
/// `own` the profile's (or ""), `rows` its letter rows.
fn document(shared: &str, own: &str, rows: &str) -> String {
    let shared = if shared.is_empty() { String::new() } else { format!(r#""keyboard": {shared},"#) };
    let own = if own.is_empty() { String::new() } else { format!(r#""keyboard": {own},"#) };
    format!(
        r#"{{"version": 1, {shared} "profiles": [{{
  "id": "test", "language": "ru", {own}
  "names": {{"en": "Test", "ja": "テスト", "native": "Тест"}},
  "ruleSets": ["punctuation"],
  "rules": {{"а": "a", "ка": "ka", ":": "long"}},
  "rows": {rows}
}}]}}"#
    )
}

fn symbols(pages: &str) -> String {
    format!(r#"{{"id": "symbols", "returnToLettersAfter": ["{{space}}"], "pages": [{pages}]}}"#)
}

const PAGE_ONE: &str = r#"{"label": "123", "rows": [["1"], ["「", "」"], ["？"], ["{", "}"], ["{shift}", "{mode}", "{space}"]]}"#;
const PAGE_TWO: &str = r##"{"label": "#+=", "rows": [["["], ["]"], ["※"], ["〒"], ["{shift}", "{mode}", "{space}"]]}"##;

fn names(ja: &str, ru: &str) -> String {
    format!(r#""keyNames": {{"ja": {{{ja}}}, "ru": {{{ru}}}}}"#)
}

fn shared_keyboard(extra: &str) -> String {
    let names = names(r#""{mode}": "切り替え", "{shift}": "次のページ""#, r#""{mode}": "смена", "{shift}": "страница""#);
    format!(r#"{{"lettersLabel": "あ", "keyInputs": {{"ー": "-"}}, "layers": [{}], {names}{extra}}}"#, symbols(&format!("{PAGE_ONE}, {PAGE_TWO}")))
}

fn engine(document: &str) -> Engine {
    Engine::from_documents(document, KANA).unwrap_or_else(|e| panic!("rejected: {e}\n{document}"))
}

fn assert_error(document: &str, expected_start: &str, expected_part: &str) {
    match Engine::from_documents(document, KANA) {
        Ok(_) => panic!("accepted an invalid document:\n{document}"),
        Err(e) => {
            let message = e.to_string();
            assert!(message.starts_with(expected_start), "message {message:?} should start with {expected_start:?}");
            assert!(message.contains(expected_part), "message {message:?} should contain {expected_part:?}");
        }
    }
}

#[test]
fn shared_layers_reach_every_profile_and_a_profile_overrides_them() {
    let shared = engine(&document(&shared_keyboard(""), "", LETTERS_WITH_MODE));
    let keyboard = &shared.profile("test").unwrap().keyboard;
    assert_eq!(keyboard.letters_label, "あ");
    assert_eq!(keyboard.layers.len(), 1);
    assert_eq!(keyboard.layers[0].pages.iter().map(|p| p.label.as_str()).collect::<Vec<_>>(), ["123", "#+="]);
    assert_eq!(keyboard.layers[0].pages[0].rows[3], ["{", "}"], "a lone brace is a character key");
    assert_eq!(keyboard.input_for("ー"), Some("-"));

    let own = format!(r#"{{"lettersLabel": "А", "keyInputs": {{"ー": ":"}}, "layers": [{}]}}"#, symbols(PAGE_ONE));
    let overridden = engine(&document(&shared_keyboard(""), &own, LETTERS_WITH_MODE));
    let keyboard = &overridden.profile("test").unwrap().keyboard;
    assert_eq!(keyboard.letters_label, "А");
    assert_eq!(keyboard.layers[0].pages.len(), 1, "the profile's layer replaced the shared one");
    assert_eq!(keyboard.input_for("ー"), Some(":"));
}

#[test]
fn the_long_vowel_key_types_the_profiles_mark_and_the_core_converts_it() {
    let own = r#"{"keyInputs": {"ー": ":"}}"#;
    for own in ["", own] {
        let engine = engine(&document(&shared_keyboard(""), own, LETTERS_WITH_MODE));
        // к, а, then the ー key: the pending к is completed, the mark becomes ー.
        let r = engine.process_key("а", "к", "test");
        assert_eq!(r.output, "か");
        let r = engine.process_key("ー", "", "test");
        assert_eq!((r.output.as_str(), r.buffer.as_str()), ("ー", ""));
        let r = engine.process_key("ー", "к", "test:katakana");
        assert_eq!(r.output, "кー", "an unfinished consonant is inserted as typed before the mark");
    }
}

#[test]
fn bundled_profiles_type_the_long_vowel_mark_and_punctuation_keys() {
    let engine = bundled_engine();
    let expected_marks = [("rus_standard", ":"), ("srp", "-"), ("ukr", "-"), ("bel", "-"), ("bul", "-"), ("romaji", "-")];
    for (id, mark) in expected_marks {
        let profile = engine.profile(id).unwrap_or_else(|| panic!("no profile {id}"));
        assert_eq!(profile.keyboard.input_for("ー"), Some(mark), "{id}");
        assert!(profile.rows[1..4].iter().flatten().any(|k| k == "ー"), "{id}: ー on the letter layer");
        let symbols = profile.keyboard.layers.iter().find(|l| l.id == "symbols").unwrap_or_else(|| panic!("{id}: no symbols layer"));
        let first_page: Vec<&str> = symbols.pages[0].rows.iter().flatten().map(String::as_str).collect();
        for key in ["、", "。", "・", "「", "」", "『", "』", "（", "）", "？", "！", "〜", "…", "ー", "：", "；",
                    "@", "#", "%", "&", "*", "+", "=", "/", "¥", "$", "€", "₽", "\"", "'", "1", "0", "{mode}", "{shift}"] {
            assert!(first_page.contains(&key), "{id}: {key} on the first symbols page");
        }
        assert_eq!(symbols.return_to_letters_after, ["{space}"], "{id}");
    }
    // Every key of the symbols layer types its label in hiragana and katakana (none has a rule).
    let profile = engine.profile("rus_standard").unwrap();
    for page in &profile.keyboard.layers[0].pages {
        for key in page.rows[..4].iter().flatten() {
            let expected = if key == "ー" { "ー" } else { key.as_str() };
            assert_eq!(type_text(&engine, "rus_standard:katakana", key), expected);
        }
    }
}

#[test]
fn width_options_change_digits_and_punctuation() {
    let engine = bundled_engine();
    assert_eq!(type_text(&engine, "rus_standard", "ко:хи:. 2024?"), "こーひー。 2024？");
    assert_eq!(type_text(&engine, "rus_standard:fullwidth_digits", "2024,"), "２０２４、");
    assert_eq!(type_text(&engine, "rus_standard:halfwidth_punctuation", "ка, ка. (ка)?「」"), "か, か. (か)?「」");
    assert_eq!(type_text(&engine, "rus_standard:halfwidth_punctuation", "（）！：；〜"), "()!:;~");
    assert_eq!(type_text(&engine, "rus_standard:katakana:fullwidth_digits:halfwidth_punctuation", "ко:хи: 3."), "コーヒー ３.");
    assert_eq!(type_text(&engine, "romaji:halfwidth_digits:fullwidth_punctuation", "ka1."), "か1。");
    for (id, part) in [
        ("rus_standard:wide", "unknown script or width option \"wide\""),
        ("rus_standard:katakana:hiragana", "the script is given twice"),
        ("rus_standard:fullwidth_digits:halfwidth_digits", "the digit width is given twice"),
    ] {
        let r = engine.process_key("а", "к", id);
        assert!(r.error.as_deref().unwrap_or_default().contains(part), "{id}: {:?}", r.error);
        assert_eq!(r.output, "ка", "{id}: nothing typed is lost");
    }
}

#[test]
fn profiles_json_lists_layers_inputs_and_names() {
    let engine = engine(&document(&shared_keyboard(""), "", LETTERS_WITH_MODE));
    let json = engine.describe_profiles_json();
    assert!(json.contains(r#""rows":[["1"],["а","ー"],["к"],["、"],["{shift}","{mode}","{space}"]],"lettersLabel":"あ","layers":[{"id":"symbols","returnToLettersAfter":["{space}"],"pages":[{"label":"123","rows":[["1"],["「","」"],["？"],["{","}"],["{shift}","{mode}","{space}"]]},"#), "{json}");
    assert!(json.contains(r#""keyInputs":{"ー":"-"},"keyNames":{"native":{"{mode}":"смена","{shift}":"страница"},"ja":{"{mode}":"切り替え","{shift}":"次のページ"}}}"#), "{json}");
    // Without any keyboard data the profile has no layers, and says so.
    let plain = engine_without_layers();
    assert!(plain.describe_profiles_json().contains(r#""lettersLabel":"","layers":[],"keyInputs":{},"keyNames":{"native":{},"ja":{}}"#));
}

fn engine_without_layers() -> Engine {
    engine(&document("", "", r#"[["1"], ["а"], ["к"], ["、"], ["{shift}", "{space}"]]"#))
}

#[test]
fn keyboard_errors_name_file_path_and_problem() {
    let base = shared_keyboard("");
    let no_mode_rows = r#"[["1"], ["а", "ー"], ["к"], ["、"], ["{shift}", "{space}"]]"#;
    let cases: Vec<(String, &str, &str)> = vec![
        (document(&base, "", no_mode_rows), "profiles.json: $.profiles[0].rows: ", "the layers symbols but its function row has no {mode} key"),
        (document("", "", LETTERS_WITH_MODE), "profiles.json: $.profiles[0].rows: ", "a {mode} key but there is no layer"),
        (document(&base.replace(r#""lettersLabel": "あ", "#, ""), "", LETTERS_WITH_MODE), "profiles.json: $.profiles[0]: ", "no keyboard.lettersLabel"),
        (document(&base.replace(r#""ー": "-""#, r#""ー": "~""#), "", LETTERS_WITH_MODE), "profiles.json: $.profiles[0]: ",
         "key input for \"ー\" (at profiles.json $.keyboard.keyInputs[\"ー\"]): the profile has no rule for \"~\""),
        (document(&base.replace(r#""ー": "-""#, r#""ё": "-""#), "", LETTERS_WITH_MODE), "profiles.json: $.profiles[0]: ", "the profile has no key \"ё\" on any layer"),
        (document(&base.replace(r#""ー": "-""#, r#""ー": "- ""#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.keyInputs[\"ー\"]: ", "cannot be typed"),
        (document(&base.replace(r#""id": "symbols""#, r#""id": "letters""#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.layers[0].id: ", "taken by the profile's own rows"),
        (document(&base.replace(r#""id": "symbols""#, r#""id": "Symbols""#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.layers[0].id: ", "layer id \"Symbols\" must be"),
        (document(&base.replace(r##""label": "#+=""##, r#""label": "symbols page two""#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.layers[0].pages[1].label: ", "over the limit of 8"),
        (document(&base.replacen(r#"["{shift}", "{mode}", "{space}"]"#, r#"["{shift}", "{space}"]"#, 1), "", LETTERS_WITH_MODE),
         "profiles.json: $.keyboard.layers[0].pages[0].rows[4]: ", "needs a {mode} key to leave the layer"),
        (document(&base.replacen(r#"["{shift}", "{mode}", "{space}"]"#, r#"["{mode}", "{space}"]"#, 1), "", LETTERS_WITH_MODE),
         "profiles.json: $.keyboard.layers[0].pages[0].rows[4]: ", "has 2 pages: the function row needs a {shift} key"),
        (document(&base.replace(r#"["{space}"]"#, r#"["{spice}"]"#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.layers[0].returnToLettersAfter[0]: ", "neither a function key nor a key of layer \"symbols\""),
        (document(&base.replace(r#"["1"], ["「", "」"]"#, r#"["1"], ["{teleport}"]"#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.layers[0].pages[0].rows[1][0]: ", "unknown function key \"{teleport}\""),
        (document(&base.replace(r#""pages": ["#, r#""pages": [], "x": ["#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.layers[0].x: ", "unknown field \"x\""),
        (document(&base.replace(r#""lettersLabel""#, r#""letterLabel""#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.letterLabel: ", "unknown field \"letterLabel\" (allowed: description, keyInputs, keyNames, layers, lettersLabel)"),
        (document(&shared_keyboard(r#", "layers": []"#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard: ", "duplicate key \"layers\""),
        (document(&base, &format!(r#"{{"layers": [{s}, {s}]}}"#, s = symbols(PAGE_ONE)), LETTERS_WITH_MODE), "profiles.json: $.profiles[0].keyboard.layers[1]: ", "layer \"symbols\" is defined twice (first at profiles.json $.profiles[0].keyboard.layers[0])"),
        (document(&base.replace(r#""{mode}": "смена", "#, ""), "", LETTERS_WITH_MODE), "profiles.json: $.profiles[0]: ",
         "key \"{mode}\" is named in \"ja\" (at profiles.json $.keyboard.keyNames.ja[\"{mode}\"]) but not in \"ru\""),
        (document(&base.replace(r#""{mode}": "切り替え", "#, ""), "", LETTERS_WITH_MODE), "profiles.json: $.profiles[0]: ", "key \"{mode}\" is named in \"ru\""),
        (document(&base.replace(r#""{mode}": "切り替え", "#, "").replace(r#""{mode}": "смена", "#, ""), "", LETTERS_WITH_MODE), "profiles.json: $.profiles[0]: ", "key \"{mode}\" has no name for VoiceOver"),
        (document(&base.replace(r#""{mode}": "смена""#, r#""{mode}": """#), "", LETTERS_WITH_MODE), "profiles.json: $.keyboard.keyNames.ru[\"{mode}\"]: ", "must not be empty"),
    ];
    for (document, start, part) in cases {
        assert_error(&document, start, part);
    }
}
