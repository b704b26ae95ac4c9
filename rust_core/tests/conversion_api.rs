//! The JSON requests and results of the conversion exports (`conversion/api.rs`), over the
//! tiny dictionary: the documented shapes, and every bad request answered with
//! `{"error", "reading"}` whose message names the field (or the limit) and whose reading
//! is the request's, so the host can commit what was typed.

mod common;
mod tiny_dictionary;
use common::{member, parse};
use cyrillic_ime_core::conversion::{api, Converter};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::json::Value;
use cyrillic_ime_core::user::UserData;
use tiny_dictionary::bytes;

const SENTENCE: &str = "わたしのなまえはなかのです";

fn converter() -> Converter {
    Converter::new(Dictionary::from_vec(bytes()).unwrap())
}

fn string(value: &Value) -> &str {
    match value {
        Value::String(s) => s,
        other => panic!("expected a string, got {other:?}"),
    }
}

type Handler = fn(&Converter, Option<&UserData>, &str) -> String;

/// Expects `{"error", "reading"}` (and nothing else) with `needle` in the message.
fn refused(c: &Converter, handler: Handler, request: &str, needle: &str, reading: &str) {
    let answer = handler(c, None, request);
    let value = parse(&answer);
    let Value::Object(members) = &value else { panic!("{answer}") };
    let keys: Vec<&str> = members.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["error", "reading"], "{request} → {answer}");
    let message = string(member(&value, "error").unwrap());
    assert!(message.contains(needle), "{request} → {message:?} lacks {needle:?}");
    assert_eq!(string(member(&value, "reading").unwrap()), reading, "{request}: the error gives back the reading");
}

#[test]
fn results_have_the_documented_shapes() {
    let c = converter();
    // はし: 箸 1,700, 橋 2,200 (see conversion.rs); the next path (は + typed し) writes はし.
    // After the words the emoji of the reading (🥢, bundled table), then the reading forms.
    assert_eq!(
        api::convert(&c, None, r#"{"reading":"はし","candidates":2,"alternatives":2}"#),
        r#"{"reading":"はし","segments":[{"reading":"はし","candidates":["箸","橋","🥢","はし","ハシ","ﾊｼ"],"classes":[[1,1],[9,9],null,null,null,null]}],"alternatives":["箸","橋"]}"#
    );
    // Defaults: 9 candidates, no alternatives.
    let answer = parse(&api::convert(&c, None, &format!(r#"{{"reading":"{SENTENCE}"}}"#)));
    assert_eq!(member(&answer, "alternatives"), Some(&Value::Array(vec![])));
    let Some(Value::Array(segments)) = member(&answer, "segments") else { panic!() };
    let readings: Vec<&str> = segments.iter().map(|s| string(member(s, "reading").unwrap())).collect();
    assert_eq!(readings, ["わたしの", "なまえは", "なかのです"]);
    // Fixed segments.
    let answer = parse(&api::convert(&c, None, &format!(r#"{{"reading":"{SENTENCE}","fixed":[3]}}"#)));
    let Some(Value::Array(segments)) = member(&answer, "segments") else { panic!() };
    assert_eq!(string(member(&segments[0], "reading").unwrap()), "わたし");
    // Resize.
    let answer = parse(&api::resize(&c, None, &format!(r#"{{"reading":"{SENTENCE}","segments":[4,4,5],"index":0,"delta":-1}}"#)));
    let Some(Value::Array(segments)) = member(&answer, "segments") else { panic!("{answer:?}") };
    let readings: Vec<&str> = segments.iter().map(|s| string(member(s, "reading").unwrap())).collect();
    assert_eq!(readings, ["わたし", "の", "なまえは", "なかのです"]);
    // Candidates of one segment.
    assert_eq!(
        api::segment_candidates(&c, None, &format!(r#"{{"reading":"{SENTENCE}","segments":[4,4,5],"index":0,"limit":2}}"#)),
        r#"{"candidates":["私の","渡しの","わたしの","ワタシノ","ﾜﾀｼﾉ"]}"#
    );
    assert_eq!(
        api::segment_candidates(&c, None, &format!(r#"{{"reading":"{SENTENCE}","segments":[4,4,5],"index":2,"limit":1}}"#)),
        r#"{"candidates":["中野です","なかのです","ナカノデス","ﾅｶﾉﾃﾞｽ"]}"#
    );
    // Prediction.
    assert_eq!(api::prediction(&c, None, r#"{"reading":"ありがと","limit":1}"#), r#"{"predictions":[{"text":"ありがとう","reading":"ありがとう"}]}"#);
    assert_eq!(api::prediction(&c, None, r#"{"reading":"ぬ"}"#), r#"{"predictions":[]}"#);
    // Strings are escaped both ways.
    let answer = parse(&api::convert(&c, None, r#"{"reading":"\"\\\n\u0000"}"#));
    assert_eq!(string(member(&answer, "reading").unwrap()), "\"\\\n\u{0}");
    // The description of the dictionary.
    let info = parse(&api::dictionary_info_json(&c));
    assert_eq!(member(&info, "loaded"), Some(&Value::Bool(true)));
    assert_eq!(member(&info, "entries"), Some(&Value::Number(24.0)));
    assert_eq!(member(&info, "mapped"), Some(&Value::Bool(false)));
    // The header's checksum, as 16 hex digits: what `cyrillic-ime --version` names.
    let checksum = string(member(&info, "checksum").unwrap());
    assert_eq!(checksum, format!("{:016x}", c.dictionary().checksum()));
    assert!(checksum.len() == 16 && checksum.chars().all(|ch| ch.is_ascii_hexdigit()) && checksum != "0000000000000000");
    assert_eq!(string(member(member(&info, "metadata").unwrap(), "source").unwrap()), "tiny test dictionary");
}

#[test]
fn bad_convert_requests_name_the_field() {
    let c = converter();
    let f: Handler = api::convert;
    refused(&c, f, "", "convert request: line 1, column 1", "");
    refused(&c, f, "not json", "convert request: ", "");
    refused(&c, f, "[1]", "convert request: expected a JSON object, got an array", "");
    refused(&c, f, r#""か""#, "expected a JSON object, got a string", "");
    refused(&c, f, "{}", "$reading is missing", "");
    refused(&c, f, r#"{"reading":5}"#, "$reading must be a string, got a number", "");
    refused(&c, f, r#"{"reading":"か","candidates":-1}"#, "$candidates must be a non-negative integer, got -1", "か");
    refused(&c, f, r#"{"reading":"か","candidates":1.5}"#, "$candidates must be a non-negative integer, got 1.5", "か");
    refused(&c, f, r#"{"reading":"か","candidates":"9"}"#, "$candidates must be a non-negative integer, got a string", "か");
    refused(&c, f, r#"{"reading":"か","candidates":0}"#, "candidates is 0, expected 1–100", "か");
    refused(&c, f, r#"{"reading":"か","candidates":101}"#, "candidates is 101, expected 1–100", "か");
    refused(&c, f, r#"{"reading":"か","alternatives":51}"#, "alternatives is 51, expected 0–50", "か");
    refused(&c, f, r#"{"reading":"か","alternatives":1e10}"#, "$alternatives must be a non-negative integer, got 10000000000", "か");
    refused(&c, f, r#"{"reading":"か","alternatives":null}"#, "$alternatives must be a non-negative integer, got null", "か");
    refused(&c, f, r#"{"reading":"か","fixed":[1,0]}"#, "$fixed[1] must be a segment length 1–256, got 0", "か");
    refused(&c, f, r#"{"reading":"か","fixed":[257]}"#, "$fixed[0] must be a segment length 1–256, got 257", "か");
    refused(&c, f, r#"{"reading":"か","fixed":"1"}"#, "$fixed must be an array of segment lengths, got a string", "か");
    refused(&c, f, r#"{"reading":"か","fixed":[2]}"#, "fixed segment lengths [2] do not fit a reading of 1 characters", "か");
    refused(&c, f, r#"{"reading":"か","bogus":1}"#, r#"convert request: unknown field "bogus""#, "か");
    refused(&c, f, r#"{"reading":"か","reading":"な"}"#, "duplicate key", "");
    refused(&c, f, r#"{"reading":"か","fixed":[[[[[[[1]]]]]]]}"#, "nesting is deeper than the limit of 6", "");
    let long = "あ".repeat(257);
    refused(&c, f, &format!(r#"{{"reading":"{long}"}}"#), "reading is 257 characters, over the limit of 256", &long);
    let huge = format!(r#"{{"reading":"か","fixed":[{}1]}}"#, " ".repeat(64 * 1024));
    refused(&c, f, &huge, &format!("document is {} bytes, over the limit of 65536 bytes", huge.len()), "");
}

#[test]
fn bad_resize_requests_name_the_field() {
    let c = converter();
    let f: Handler = api::resize;
    let r = |rest: &str| format!(r#"{{"reading":"{SENTENCE}"{rest}}}"#);
    refused(&c, f, "{", "resize request: ", "");
    refused(&c, f, &r(r#","segments":[4,4,5],"delta":1"#), "$index is missing", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":0"#), "$delta is missing", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":0,"delta":1.5"#), "$delta must be an integer, got 1.5", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":0,"delta":2e6"#), "$delta must be an integer, got 2000000", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":-1,"delta":1"#), "$index must be a non-negative integer, got -1", SENTENCE);
    refused(&c, f, &r(r#","index":0,"delta":1"#), "$segments is missing", SENTENCE);
    refused(&c, f, &r(r#","segments":[],"index":0,"delta":1"#), "segment lengths [] do not add up to the reading's 13 characters", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":3,"delta":1"#), "segment 3 does not exist (the conversion has 3 segments)", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":0,"delta":1,"candidates":0"#), "candidates is 0", SENTENCE);
    refused(&c, f, &r(r#","segments":{},"index":0,"delta":1"#), "$segments must be an array of segment lengths, got an object", SENTENCE);
}

#[test]
fn bad_candidate_requests_name_the_field() {
    let c = converter();
    let f: Handler = api::segment_candidates;
    let r = |rest: &str| format!(r#"{{"reading":"{SENTENCE}"{rest}}}"#);
    refused(&c, f, "[]", "candidates request: expected a JSON object", "");
    refused(&c, f, &r(r#","segments":[4,4,5]"#), "$index is missing", SENTENCE);
    refused(&c, f, &r(r#","index":0"#), "$segments is missing", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4],"index":0"#), "segment lengths [4, 4] do not add up to the reading's 13 characters", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":3"#), "segment 3 does not exist", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":0,"limit":0"#), "limit is 0, expected 1–100", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":0,"limit":101"#), "limit is 101, expected 1–100", SENTENCE);
    refused(&c, f, &r(r#","segments":[4,4,5],"index":0,"limit":true"#), "$limit must be a non-negative integer, got a boolean", SENTENCE);
}

#[test]
fn bad_predict_requests_name_the_field() {
    let c = converter();
    let f: Handler = api::prediction;
    refused(&c, f, "nul", "predict request: ", "");
    refused(&c, f, r#"{"limit":3}"#, "$reading is missing", "");
    refused(&c, f, r#"{"reading":["あ"]}"#, "$reading must be a string, got an array", "");
    refused(&c, f, r#"{"reading":"あ","limit":0}"#, "limit is 0, expected 1–100", "あ");
    refused(&c, f, r#"{"reading":"あ","limit":-3}"#, "$limit must be a non-negative integer, got -3", "あ");
    refused(&c, f, r#"{"reading":"あ","limit":101}"#, "limit is 101, expected 1–100", "あ");
    refused(&c, f, r#"{"reading":"あ","extra":1}"#, r#"predict request: unknown field "extra""#, "あ");
    let long = "あ".repeat(257);
    refused(&c, f, &format!(r#"{{"reading":"{long}"}}"#), "prefix is 257 characters, over the limit of 256", &long);
}
