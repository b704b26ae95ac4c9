//! Every limit of `limits.rs` gives a clear error naming it, quickly, and big documents
//! are read in linear time. Regression tests for what the hardening of issue 6 fixed:
//! - duplicate-key detection was quadratic: a 4 MiB object with 358,782 keys took 115 s;
//! - rule-set references were copied before the rule limit was checked, so a profile
//!   listing a set 100,000 times built 500,000 rules (125 MB) before failing;
//! - nothing bounded the rules of all profiles together (64 profiles sharing an
//!   8,000-rule set compiled to 163 MB) or the number of JSON values in a document.

use cyrillic_ime_core::json::{self, Limits};
use cyrillic_ime_core::limits::*;
use cyrillic_ime_core::Engine;
use std::time::{Duration, Instant};

/// Generous: the fixed code takes well under a second even in a debug build; the
/// quadratic code took minutes in release.
const QUICK: Duration = Duration::from_secs(10);

const DOCUMENT_LIMITS: Limits = Limits { max_bytes: MAX_DOCUMENT_BYTES, max_depth: MAX_JSON_DEPTH, max_values: MAX_JSON_VALUES };

/// A kana engine with `a`, `ka`, `n` and the rule sets given as (name, rules JSON).
fn kana_engine(rule_sets: &[(String, String)]) -> String {
    let sets: Vec<String> = rule_sets.iter().map(|(name, rules)| format!("\"{name}\": {{{rules}}}")).collect();
    format!(r#"{{"version": 1, "kana": {{"a": "あ", "ka": "か", "n": "ん"}}, "ruleSets": {{{}}}}}"#, sets.join(","))
}

/// One profile with the given id, rule sets, and own rules.
fn profile(id: &str, rule_sets: &[&str], rules: &str) -> String {
    let sets: Vec<String> = rule_sets.iter().map(|s| format!("\"{s}\"")).collect();
    format!(
        r#"{{"id": "{id}", "language": "ru", "names": {{"en": "T", "ja": "T", "native": "T"}},
  "ruleSets": [{}], "rules": {{{rules}}}, "rows": [["1"], ["а"], ["к"], ["н"], ["{{space}}"]]}}"#,
        sets.join(",")
    )
}

fn profiles(list: &[String]) -> String {
    format!(r#"{{"version": 1, "profiles": [{}]}}"#, list.join(","))
}

/// `count` distinct rule inputs (Cyrillic letters, at most 4 of them) mapping to `ka`.
fn many_rules(count: usize) -> String {
    let letters: Vec<char> = "абвгдежзийклмнопрстуфхцчшщъыьэюя".chars().collect();
    (0..count)
        .map(|i| {
            let mut n = i;
            let mut input = String::new();
            loop {
                input.push(letters[n % 32]);
                n /= 32;
                if n == 0 {
                    break;
                }
            }
            input.push('ё');
            format!("\"{input}\": \"ka\"")
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// Runs `init`, expecting it to fail quickly with a message containing every part.
fn assert_rejected(profiles: &str, kana: &str, parts: &[&str]) {
    let started = Instant::now();
    let error = match Engine::from_documents(profiles, kana) {
        Ok(_) => panic!("accepted documents over a limit"),
        Err(e) => e.to_string(),
    };
    let took = started.elapsed();
    for part in parts {
        assert!(error.contains(part), "{error:?} should contain {part:?}");
    }
    assert!(took < QUICK, "rejecting took {took:?}: {error}");
}

#[test]
fn an_object_with_many_keys_is_read_in_linear_time() {
    // 120,000 members (240,000 values, under the value limit): quadratic duplicate
    // detection needs 7·10^9 key comparisons here.
    let members: Vec<String> = (0..120_000).map(|i| format!("\"k{i}\":{i}")).collect();
    let text = format!("{{{}}}", members.join(","));
    let started = Instant::now();
    let value = json::parse(&text, DOCUMENT_LIMITS).expect("a valid document");
    assert!(started.elapsed() < QUICK, "took {:?}", started.elapsed());
    let json::Value::Object(members) = value else { panic!("not an object") };
    assert_eq!(members.len(), 120_000);

    // And a duplicate at the very end is still found, at its line and column.
    let text = format!("{{{},\n\"k7\": 0}}", (0..120_000).map(|i| format!("\"k{i}\":{i}")).collect::<Vec<_>>().join(","));
    let started = Instant::now();
    let error = json::parse(&text, DOCUMENT_LIMITS).unwrap_err();
    assert!(started.elapsed() < QUICK);
    assert_eq!(error.message, "duplicate key \"k7\"");
    assert_eq!((error.line, error.column), (2, 1));
}

#[test]
fn a_four_mib_document_of_keys_is_rejected_quickly_by_the_value_limit() {
    let mut text = String::from("{\"version\": 1, \"profiles\": [], \"description\": {");
    let mut i = 0;
    while text.len() < MAX_DOCUMENT_BYTES - 40 {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("\"k{i}\":0"));
        i += 1;
    }
    text.push_str("}}");
    assert!(text.len() <= MAX_DOCUMENT_BYTES);
    let kana = kana_engine(&[]);
    let started = Instant::now();
    let error = Engine::from_documents(&text, &kana).map(|_| ()).unwrap_err().to_string();
    assert!(started.elapsed() < QUICK, "took {:?}", started.elapsed());
    assert!(error.starts_with("profiles.json: $.description"), "{error}");
    assert!(error.contains(&format!("more than {MAX_JSON_VALUES} values, over the limit")), "{error}");
}

#[test]
fn the_value_limit_admits_every_document_the_rule_limits_admit() {
    // The densest legitimate document: MAX_TOTAL_RULES rules, each in the object form with
    // a pending (three values), in profiles of MAX_RULES_PER_PROFILE own rules each. It
    // must be accepted: no limit of the JSON reader may stop it first.
    let object_form = many_rules(MAX_RULES_PER_PROFILE).replace(": \"ka\"", ": {\"kana\": \"ka\", \"pending\": \"ё\"}");
    let count = MAX_TOTAL_RULES / MAX_RULES_PER_PROFILE;
    let list: Vec<String> = (0..count).map(|i| profile(&format!("p{i}"), &[], &object_form)).collect();
    let document = profiles(&list);
    assert!(document.len() <= MAX_DOCUMENT_BYTES, "the densest document is {} bytes, over the document limit", document.len());
    let engine = Engine::from_documents(&document, &kana_engine(&[]))
        .unwrap_or_else(|e| panic!("{MAX_TOTAL_RULES} rules in the object form were rejected: {e}"));
    let rules: usize = engine.profiles().iter().map(|p| p.table.rule_count()).sum();
    assert_eq!(rules, MAX_TOTAL_RULES);
}

#[test]
fn many_references_to_a_rule_set_fail_before_copying_it() {
    let kana = kana_engine(&[("big".into(), many_rules(5000)), ("other".into(), many_rules(5000).replace("ё\"", "ю\""))]);
    // The same set twice: named as such.
    let twice = profiles(&[profile("p", &["big", "big"], "")]);
    assert_rejected(&twice, &kana, &["profiles.json: $.profiles[0].ruleSets[1]: ", "rule set \"big\" is listed twice"]);
    // Two sets that together exceed the per-profile limit: the second one is named.
    let both = profiles(&[profile("p", &["big", "other"], "")]);
    assert_rejected(&both, &kana, &["$.profiles[0].ruleSets[1]: ", "10000 rules with this rule set, over the limit of 8192"]);
    // A reference list longer than there can be rule sets.
    let names: Vec<String> = (0..100_000).map(|i| format!("s{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let long = profiles(&[profile("p", &names, "")]);
    assert_rejected(&long, &kana, &["$.profiles[0].ruleSets: ", "100000 rule sets, over the limit of 256"]);
}

#[test]
fn rules_of_all_profiles_together_are_bounded() {
    let kana = kana_engine(&[("big".into(), many_rules(8000))]);
    let fits: Vec<String> = (0..8).map(|i| profile(&format!("p{i}"), &["big"], "")).collect();
    let engine = Engine::from_documents(&profiles(&fits), &kana).expect("64,000 rules fit");
    assert_eq!(engine.profiles().len(), 8);
    let over: Vec<String> = (0..9).map(|i| profile(&format!("p{i}"), &["big"], "")).collect();
    assert_rejected(
        &profiles(&over),
        &kana,
        &["profiles.json: $.profiles[8]: ", "72000 rules in the profiles up to this one, over the limit of 65536"],
    );
}

#[test]
fn counts_are_checked_before_the_entries_are_read() {
    // Over the limit by count alone, with entries that would each be an error too: the
    // count is what the message names.
    let kana = kana_engine(&[]);
    let too_many_profiles: Vec<String> = (0..MAX_PROFILES + 1).map(|_| "0".to_string()).collect();
    assert_rejected(&profiles(&too_many_profiles), &kana, &["$.profiles: ", "65 profiles, over the limit of 64"]);

    let kana_ids: Vec<String> = (0..MAX_KANA + 1).map(|i| format!("\"k{i}\": 0")).collect();
    let big_inventory = format!(r#"{{"version": 1, "kana": {{{}}}}}"#, kana_ids.join(","));
    assert_rejected(&profiles(&[]), &big_inventory, &["japaneseKanaEngine.json: $.kana: ", "4097 kana, over the limit of 4096"]);

    let sets: Vec<(String, String)> = (0..MAX_RULE_SETS + 1).map(|i| (format!("s{i}"), String::new())).collect();
    assert_rejected(&profiles(&[]), &kana_engine(&sets), &["$.ruleSets: ", "257 rule sets, over the limit of 256"]);

    let rules = many_rules(MAX_RULES_PER_PROFILE + 1);
    assert_rejected(&profiles(&[profile("p", &[], &rules)]), &kana, &["$.profiles[0].rules: ", "8193 rules, over the limit of 8192"]);

    let cycles: Vec<&str> = vec!["0"; MAX_KANA + 1];
    let many_cycles = format!(r#"{{"version": 1, "kana": {{"a": "あ"}}, "dakutenCycles": [{}]}}"#, cycles.join(","));
    assert_rejected(&profiles(&[]), &many_cycles, &["$.dakutenCycles: ", "4097 dakuten cycles, over the limit of 4096"]);

    let wide_row = format!(r#"[["1"], [{}], ["к"], ["н"], ["{{space}}"]]"#, vec!["\"а\""; 100_000].join(","));
    let wide = profile("p", &[], r#""а": "a""#).replace(r#"[["1"], ["а"], ["к"], ["н"], ["{space}"]]"#, &wide_row);
    assert_rejected(&profiles(&[wide]), &kana, &["$.profiles[0].rows[1]: ", "a row holds 1–16 keys, found 100000"]);

    let rows = format!("[{}]", vec!["[\"1\"]"; 100_000].join(","));
    let tall = profile("p", &[], r#""а": "a""#).replace(r#"[["1"], ["а"], ["к"], ["н"], ["{space}"]]"#, &rows);
    assert_rejected(&profiles(&[tall]), &kana, &["$.profiles[0].rows: ", "expected 5 rows", "found 100000"]);
}

#[test]
fn depth_and_size_limits_name_themselves() {
    let kana = kana_engine(&[]);
    let deep = format!(r#"{{"version": 1, "profiles": [], "description": {}{}}}"#, "[".repeat(40), "]".repeat(40));
    assert_rejected(&deep, &kana, &["profiles.json: ", "nesting is deeper than the limit of 16"]);
    let huge = format!(r#"{{"version": 1, "description": "{}"}}"#, "x".repeat(MAX_DOCUMENT_BYTES));
    assert_rejected(&profiles(&[]), &huge, &["japaneseKanaEngine.json: ", "over the limit of 4194304 bytes"]);
}

#[test]
fn key_buffer_and_profile_id_limits_are_exact() {
    let engine = common_engine();
    let at_limit = "я".repeat(MAX_KEY_BYTES / 2);
    assert!(engine.process_key(&at_limit, "", "t").error.is_none());
    let over = format!("{at_limit}a");
    let result = engine.process_key(&over, "к", "t");
    assert_eq!(result.error.as_deref(), Some("key is 257 bytes, over the limit of 256 bytes"));
    assert_eq!(result.output, format!("к{over}"), "nothing lost");
    assert!(engine.process_key("а", &"я".repeat(MAX_BUFFER_BYTES / 2), "t").error.is_none());
    let result = engine.process_key("а", &format!("{}a", "я".repeat(MAX_BUFFER_BYTES / 2)), "t");
    assert_eq!(result.error.as_deref(), Some("buffer is 257 bytes, over the limit of 256 bytes"));
    let long_id = "t".repeat(MAX_PROFILE_ID_BYTES + 1);
    assert_eq!(
        engine.process_key("а", "", &long_id).error.as_deref(),
        Some("profile id is 129 bytes, over the limit of 128 bytes")
    );
}

fn common_engine() -> Engine {
    Engine::from_documents(&profiles(&[profile("t", &[], r#""а": "a", "ка": "ka", "н": "n""#)]), &kana_engine(&[])).unwrap()
}
