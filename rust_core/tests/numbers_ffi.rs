//! Numbers read in kana through the C ABI (`rust_convert`) with the real dictionary, and the
//! switch that turns them off where a dictionary is loaded (`CYRILLIC_IME_NUMBERS=off`, how
//! the evaluation measures conversion without them). The loaded dictionary and the environment
//! are process-global, so everything runs in one test, in order.

use cyrillic_ime_core::conversion::numbers::SWITCH_VARIABLE;
use cyrillic_ime_core::conversion_ffi::{rust_convert, rust_load_dictionary};
use cyrillic_ime_core::ffi::rust_free_string;
use cyrillic_ime_core::json::{self, Value};
use std::ffi::{c_char, CStr, CString};

fn call(export: unsafe extern "C" fn(*const c_char) -> *mut c_char, argument: &str) -> Value {
    let c = CString::new(argument).unwrap();
    let ptr = unsafe { export(c.as_ptr()) };
    assert!(!ptr.is_null(), "an export returned NULL");
    let text = unsafe { CStr::from_ptr(ptr) }.to_str().expect("results are UTF-8").to_string();
    unsafe { rust_free_string(ptr) };
    json::parse(&text, json::Limits { max_bytes: 1 << 20, max_depth: 8, max_values: 100_000 }).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn member<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    match value {
        Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

fn load() {
    let path = std::env::var("CYRILLIC_IME_DICTIONARY").unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../.dictionary/mozc.cimedic").to_string());
    assert!(std::path::Path::new(&path).exists(), "{path} is absent: build it with scripts/build_dictionary.sh or name one in CYRILLIC_IME_DICTIONARY");
    let loaded = call(rust_load_dictionary, &path);
    assert!(member(&loaded, "error").is_none(), "{loaded:?}");
}

/// The best text of a `rust_convert` request, and the candidates of its first segment.
fn convert(request: &str) -> (String, Vec<String>) {
    let result = call(rust_convert, request);
    let Some(Value::Array(segments)) = member(&result, "segments") else { panic!("no segments: {result:?}") };
    let texts = |segment: &Value| -> Vec<String> {
        match member(segment, "candidates") {
            Some(Value::Array(candidates)) => candidates
                .iter()
                .filter_map(|c| match c {
                    Value::String(s) => Some(s.clone()),
                    _ => None,
                })
                .collect(),
            other => panic!("no candidates: {other:?}"),
        }
    };
    let best = segments.iter().map(|s| texts(s).into_iter().next().unwrap_or_default()).collect();
    (best, segments.first().map(texts).unwrap_or_default())
}

#[test]
fn numbers_through_the_c_abi_and_the_switch_that_turns_them_off() {
    std::env::set_var(SWITCH_VARIABLE, "off");
    load();
    let (off, _) = convert(r#"{"reading":"じゅうにじにあいましょう","candidates":9}"#);
    assert!(!off.starts_with("12時") && !off.starts_with("十二時"), "numbers were on: {off}");

    std::env::remove_var(SWITCH_VARIABLE);
    load();
    let (on, first) = convert(r#"{"reading":"じゅうにじにあいましょう","candidates":9}"#);
    assert!(["12時に会いましょう", "十二時に会いましょう"].contains(&on.as_str()), "{on}");
    assert!(first.iter().any(|c| c.starts_with("十二")), "{first:?}");
    // Spaced as it is said (`нисэн нидзю:року нэн`), as heard.
    let (year, _) = convert(r#"{"reading":"にせんにじゅうろくねん","candidates":9,"heard":true,"boundaries":[3,9]}"#);
    assert!(["2026年", "二千二十六年"].contains(&year.as_str()), "{year}");
    // Digits typed as digits offer their kanji forms.
    let (_, digits) = convert(r#"{"reading":"2026","candidates":9}"#);
    assert!(digits.contains(&"二千二十六".to_string()) && digits.contains(&"２０２６".to_string()), "{digits:?}");
    // Too large for 64 bits: an answer, not an error or a crash.
    let (large, _) = convert(r#"{"reading":"にせんけいえん","candidates":9}"#);
    assert!(!large.is_empty());
}

#[test]
fn the_switch_reads_off_and_nothing_else() {
    use cyrillic_ime_core::conversion::numbers::costs_for_switch;
    assert_eq!(costs_for_switch(Some("off")), None);
    assert_eq!(costs_for_switch(Some(" OFF ")), None);
    assert!(costs_for_switch(Some("on")).is_some());
    assert!(costs_for_switch(Some("")).is_some());
    assert!(costs_for_switch(None).is_some());
}
