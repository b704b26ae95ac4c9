//! Data validation: every rejected document names the file, the JSON path and the problem.

mod common;
use cyrillic_ime_core::Engine;

const KANA: &str = r#"{
  "version": 1,
  "kana": {"a": "あ", "ka": "か", "n": "ん", "small_tu": "っ", "period": "。"},
  "ruleSets": {"punctuation": {".": "period"}}
}"#;

fn profile(rules: &str, extra: &str) -> String {
    format!(
        r#"{{"version": 1, "profiles": [{{
  "id": "test", "language": "ru",
  "names": {{"en": "Test", "ja": "テスト", "native": "Тест"}},
  "ruleSets": ["punctuation"],
  "rules": {{{rules}}},
  "rows": [["1"], ["а"], ["к"], ["н"], ["{{space}}"]]{extra}
}}]}}"#
    )
}

const RULES: &str = r#""а": "a", "ка": "ka", "н": "n", "кк": {"kana": "small_tu", "pending": "к"}"#;

fn error(profiles: &str, kana: &str) -> String {
    match Engine::from_documents(profiles, kana) {
        Ok(_) => panic!("accepted an invalid document:\n{profiles}"),
        Err(e) => e.to_string(),
    }
}

fn assert_error(profiles: &str, kana: &str, expected_start: &str, expected_part: &str) {
    let message = error(profiles, kana);
    assert!(message.starts_with(expected_start), "message {message:?} should start with {expected_start:?}");
    assert!(message.contains(expected_part), "message {message:?} should contain {expected_part:?}");
}

#[test]
fn the_minimal_documents_are_valid() {
    let engine = Engine::from_documents(&profile(RULES, ""), KANA).unwrap();
    assert_eq!(engine.profile("test").unwrap().table.convert("кка.н"), "っか。ん");
}

#[test]
fn the_bundled_documents_are_valid() {
    common::bundled_engine();
}

#[test]
fn profile_errors_name_file_path_and_problem() {
    let cases: Vec<(String, &str, &str)> = vec![
        (profile(RULES, r#", "colour": "red""#), "profiles.json: $.profiles[0].colour: ", "unknown field \"colour\""),
        (profile(r#""а": "a", "а": "ka""#, ""), "profiles.json: $.profiles[0].rules: ", "duplicate key \"а\""),
        (profile(r#""а": "kx""#, ""), "profiles.json: $.profiles[0].rules[\"а\"]: ", "unknown kana id \"kx\""),
        (profile(r#""а": {"kana": "kx"}"#, ""), "profiles.json: $.profiles[0].rules[\"а\"].kana: ", "unknown kana id \"kx\""),
        (profile(r#""а": {"kana": "a", "pendng": "x"}"#, ""), "profiles.json: $.profiles[0].rules[\"а\"].pendng: ", "unknown field"),
        (profile(r#"".": "a""#, ""), "profiles.json: $.profiles[0].rules: ", "conflicting rules for input \".\""),
        (profile(r#""кк": {"kana": "small_tu", "pending": "кк"}"#, ""), "profiles.json: $.profiles[0].rules[\"кк\"]: ", "must be shorter than the input"),
        (profile(r#""Ка": "ka""#, ""), "profiles.json: $.profiles[0].rules[\"Ка\"]: ", "must be lowercase"),
        (profile(r#""": "a""#, ""), "profiles.json: $.profiles[0].rules[\"\"]: ", "must not be empty"),
        (profile(r#""к а": "ka""#, ""), "profiles.json: $.profiles[0].rules[\"к а\"]: ", "reserved for named keys"),
        (profile(r#""ккккккккк": "ka""#, ""), "profiles.json: $.profiles[0].rules[\"ккккккккк\"]: ", "over the limit of 8"),
        (profile(r#""а": 1"#, ""), "profiles.json: $.profiles[0].rules[\"а\"]: ", "expected a kana id string or an object"),
        (profile(RULES, "").replace("[\"{space}\"]", "[\"{spaec}\"]"), "profiles.json: $.profiles[0].rows[4][0]: ", "unknown function key \"{spaec}\""),
        (profile(RULES, "").replace(", [\"{space}\"]", ""), "profiles.json: $.profiles[0].rows: ", "expected 5 rows"),
        (profile(RULES, "").replace("[\"к\"]", "[\"{shift}\"]"), "profiles.json: $.profiles[0].rows[2][0]: ", "short key labels"),
        (profile(RULES, "").replace("\"ja\": \"テスト\", ", ""), "profiles.json: $.profiles[0].names: ", "missing required field \"ja\""),
        (profile(RULES, "").replace("\"punctuation\"]", "\"punctuation\", \"emoji\"]"), "profiles.json: $.profiles[0].ruleSets[1]: ", "unknown rule set \"emoji\""),
        (profile(RULES, "").replace("\"version\": 1", "\"version\": 2"), "profiles.json: $.version: ", "unsupported version 2"),
        (profile(RULES, "").replace("\"test\"", "\"Test Profile\""), "profiles.json: $.profiles[0].id: ", "profile id \"Test Profile\" must be"),
        (profile(RULES, "").replace("\"language\": \"ru\"", "\"language\": 7"), "profiles.json: $.profiles[0].language: ", "expected a string, found a number"),
        (profile(RULES, "").replace("\"profiles\": [", "\"profiles\": [] , \"x\": ["), "profiles.json: $.x: ", "unknown field"),
        ("{\"version\": 1, \"profiles\": []}".to_string(), "profiles.json: $.profiles: ", "at least one profile"),
        (profile(RULES, "").replace("\"rules\": {", "\"rules\": {\n  \"а\": \"a\",,"), "profiles.json: $.profiles[0].rules: ", "invalid JSON at line 6"),
    ];
    for (document, start, part) in cases {
        assert_error(&document, KANA, start, part);
    }
}

#[test]
fn duplicate_profile_ids_are_rejected() {
    let one = profile(RULES, "");
    let body = one.trim_start_matches("{\"version\": 1, \"profiles\": [").trim_end_matches("]}");
    let two = format!("{{\"version\": 1, \"profiles\": [{body}, {body}]}}");
    assert_error(&two, KANA, "profiles.json: $.profiles[1]: ", "duplicate profile id \"test\"");
}

#[test]
fn kana_engine_errors_name_file_path_and_problem() {
    let profiles = profile(RULES, "");
    let cases = [
        (KANA.replace("\"a\": \"あ\"", "\"A\": \"あ\""), "japaneseKanaEngine.json: $.kana.A: ", "kana id \"A\" must be"),
        (KANA.replace("\"a\": \"あ\"", "\"a\": \"\""), "japaneseKanaEngine.json: $.kana.a: ", "must not be empty"),
        (KANA.replace("\"version\": 1,", ""), "japaneseKanaEngine.json: $: ", "missing required field \"version\""),
        (KANA.replace("\"period\"}}", "\"perod\"}}"), "japaneseKanaEngine.json: $.ruleSets.punctuation[\".\"]: ", "unknown kana id \"perod\""),
        (KANA.replace("\"kana\": {", "\"kana\": {\"x\": [1],"), "japaneseKanaEngine.json: $.kana.x: ", "expected a string, found an array"),
        ("[]".to_string(), "japaneseKanaEngine.json: $: ", "expected an object, found an array"),
    ];
    for (document, start, part) in cases {
        assert_error(&profiles, &document, start, part);
    }
}

#[test]
fn document_limits_are_named() {
    let deep = format!("{}{}", "[".repeat(40), "]".repeat(40));
    assert_error(&deep, KANA, "profiles.json: ", "nesting is deeper than the limit of 16");
    let one = profile(RULES, "");
    let body = one.trim_start_matches("{\"version\": 1, \"profiles\": [").trim_end_matches("]}");
    let many: Vec<String> = (0..65).map(|i| body.replace("\"test\"", &format!("\"p{i}\""))).collect();
    let document = format!("{{\"version\": 1, \"profiles\": [{}]}}", many.join(","));
    assert_error(&document, KANA, "profiles.json: $.profiles: ", "65 profiles, over the limit of 64");
    let huge = format!("{{\"version\": 1, \"description\": \"{}\", \"profiles\": []}}", "x".repeat(5 * 1024 * 1024));
    assert_error(&huge, KANA, "profiles.json: ", "over the limit of 4194304 bytes");
}

#[test]
fn dakuten_cycle_errors_are_named() {
    let profiles = profile(RULES, "");
    let with_cycles = |cycles: &str| KANA.replace("\"version\": 1,", &format!("\"version\": 1, \"dakutenCycles\": {cycles},"));
    assert!(Engine::from_documents(&profiles, &with_cycles(r#"[["ka", "a"]]"#)).is_ok());
    let cases = [
        (r#"[["ka", "gx"]]"#, "japaneseKanaEngine.json: $.dakutenCycles[0][1]: ", "unknown kana id \"gx\""),
        (r#"[["ka"]]"#, "japaneseKanaEngine.json: $.dakutenCycles[0]: ", "at least two kana"),
        (r#"[["ka", "a"], ["a", "n"]]"#, "japaneseKanaEngine.json: $.dakutenCycles[1][0]: ", "already in the cycle at $.dakutenCycles[0][1]"),
    ];
    for (cycles, start, part) in cases {
        assert_error(&profiles, &with_cycles(cycles), start, part);
    }
    // A katakana entry whose hiragana is in another cycle would override that cycle's derived katakana.
    let with_katakana = KANA.replace("\"small_tu\": \"っ\"", "\"small_tu\": \"っ\", \"kata_ka\": \"カ\"");
    assert_error(
        &profiles,
        &with_katakana.replace("\"version\": 1,", "\"version\": 1, \"dakutenCycles\": [[\"ka\", \"a\"], [\"kata_ka\", \"n\"]],"),
        "japaneseKanaEngine.json: $.dakutenCycles[1][0]: ",
        "already in the cycle at $.dakutenCycles[0][0]",
    );
    let two_chars = KANA.replace("\"ka\": \"か\"", "\"ka\": \"かか\"");
    assert_error(&profiles, &two_chars.replace("\"version\": 1,", "\"version\": 1, \"dakutenCycles\": [[\"ka\", \"a\"]],"), "japaneseKanaEngine.json: $.dakutenCycles[0][0]: ", "not a single character");
}
