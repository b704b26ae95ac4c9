//! The rewriters of the candidate list (docs/CONVERSION.md, "Rewriters") through the request
//! reader the C exports call, over the tiny dictionary: dates and times from the request's
//! clock, emoji by reading and the setting that turns them off, the script forms, a damaged
//! emoji table, and requests with a bad clock. (The C ABI itself: rewriters_ffi.rs.)

mod tiny_dictionary;
use cyrillic_ime_core::conversion::rewrite::EmojiTable;
use cyrillic_ime_core::conversion::{api, Converter};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::json::{self, Value};
use tiny_dictionary::*;

/// 2026-11-27 09:41 in Tokyo (UTC+9), a Friday.
const CLOCK: &str = r#""clock":{"unix_seconds":1795740060,"utc_offset_minutes":540}"#;

fn converter() -> Converter {
    Converter::new(Dictionary::from_vec(bytes()).expect("the tiny dictionary opens"))
}

fn parse(text: &str) -> Value {
    json::parse(text, json::Limits { max_bytes: 1 << 20, max_depth: 8, max_values: 100_000 }).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn member<'a>(value: &'a Value, key: &str) -> Option<&'a Value> {
    match value {
        Value::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
        _ => None,
    }
}

fn strings(value: Option<&Value>) -> Vec<String> {
    match value {
        Some(Value::Array(items)) => items.iter().map(|v| if let Value::String(s) = v { s.clone() } else { panic!("{v:?}") }).collect(),
        other => panic!("expected an array, got {other:?}"),
    }
}

/// The first segment's candidates of a convert request's answer.
fn candidates(c: &Converter, request: &str) -> Vec<String> {
    let answer = parse(&api::convert(c, None, request));
    let Some(Value::Array(segments)) = member(&answer, "segments") else { panic!("{request} → {answer:?}") };
    strings(member(&segments[0], "candidates"))
}

fn error(answer: &str) -> String {
    match member(&parse(answer), "error") {
        Some(Value::String(s)) => s.clone(),
        other => panic!("no error in {answer}: {other:?}"),
    }
}

#[test]
fn today_follows_the_words_in_every_export() {
    let c = converter();
    let list = candidates(&c, &format!(r#"{{"reading":"きょう","fixed":[3],{CLOCK}}}"#));
    let dates = ["2026/11/27", "2026-11-27", "11月27日", "2026年11月27日", "令和8年11月27日", "金曜日"];
    let at = list.iter().position(|t| t == "2026/11/27").unwrap_or_else(|| panic!("no date: {list:?}"));
    assert_eq!(list[at..at + dates.len()], dates, "{list:?}");
    assert_eq!(list[list.len() - 3..], ["きょう", "キョウ", "ｷｮｳ"], "the script forms end the list: {list:?}");
    // The same through resize and candidates.
    let resized = parse(&api::resize(&c, None, &format!(r#"{{"reading":"きょう","segments":[3],"index":0,"delta":0,{CLOCK}}}"#)));
    let Some(Value::Array(segments)) = member(&resized, "segments") else { panic!("{resized:?}") };
    assert!(strings(member(&segments[0], "candidates")).contains(&"令和8年11月27日".to_string()));
    let one = parse(&api::segment_candidates(&c, None, &format!(r#"{{"reading":"いま","segments":[2],"index":0,{CLOCK}}}"#)));
    let times = strings(member(&one, "candidates"));
    assert!(["9:41", "9時41分", "午前9時41分"].iter().all(|t| times.contains(&t.to_string())), "{times:?}");
}

#[test]
fn without_a_clock_no_dates() {
    let c = converter();
    let list = candidates(&c, r#"{"reading":"きょう","fixed":[3]}"#);
    assert!(!list.iter().any(|t| t.contains('/') || t.contains('月')), "{list:?}");
    assert_eq!(candidates(&c, r#"{"reading":"きょう","fixed":[3],"clock":null}"#), list);
}

#[test]
fn emoji_after_the_words_unless_turned_off() {
    let c = converter();
    let on = candidates(&c, r#"{"reading":"ねこ","fixed":[2]}"#);
    let cat = on.iter().position(|t| t == "🐱").unwrap_or_else(|| panic!("no 🐱: {on:?}"));
    // The tiny dictionary has no word ねこ: the reading as typed is the first candidate.
    assert!(cat > 0 && on[cat + 1..].ends_with(&["ネコ".to_string(), "ﾈｺ".to_string()]), "after the words, before the forms: {on:?}");
    let off = candidates(&c, r#"{"reading":"ねこ","fixed":[2],"emoji":false}"#);
    assert!(!off.iter().any(|t| t == "🐱" || t == "🐈"), "{off:?}");
    assert_eq!(off.len(), on.len() - on.iter().filter(|t| t.chars().any(|ch| ch as u32 >= 0x1F000)).count());
}

#[test]
fn latin_and_digits_get_both_widths_once() {
    let c = converter();
    let list = candidates(&c, r#"{"reading":"abc"}"#);
    for form in ["abc", "ａｂｃ"] {
        assert_eq!(list.iter().filter(|t| *t == form).count(), 1, "{form}: {list:?}");
    }
    let kana = candidates(&c, r#"{"reading":"わたし"}"#);
    assert_eq!(kana.iter().filter(|t| *t == "ﾜﾀｼ").count(), 1, "{kana:?}");
}

#[test]
fn a_damaged_emoji_table_is_reported_and_the_words_stay() {
    let damaged = EmojiTable::parse("ねこ\t🐱\nネコ\t🐈\n");
    let message = damaged.as_ref().unwrap_err().clone();
    assert!(message.contains("emojiReadings.tsv line 2"), "{message}");
    let c = converter().with_emoji(damaged);
    let list = candidates(&c, r#"{"reading":"ねこ","fixed":[2]}"#);
    assert!(!list.contains(&"🐱".to_string()), "{list:?}");
    assert_eq!(list, candidates(&converter(), r#"{"reading":"ねこ","fixed":[2],"emoji":false}"#), "the plain candidates");
    let info = parse(&api::dictionary_info_json(&c));
    assert_eq!(member(&info, "emoji").and_then(|e| member(e, "error")), Some(&Value::String(message)));
    let sound = parse(&api::dictionary_info_json(&converter()));
    assert!(matches!(member(&sound, "emoji").and_then(|e| member(e, "readings")), Some(Value::Number(n)) if *n > 1000.0));
}

#[test]
fn a_bad_clock_is_refused_with_the_member_named() {
    let c = converter();
    let cases = [
        (r#""clock":5"#, "$clock must be an object"),
        (r#""clock":{"unix_seconds":1.5,"utc_offset_minutes":0}"#, "$clock.unix_seconds must be whole seconds"),
        (r#""clock":{"unix_seconds":1e15,"utc_offset_minutes":0}"#, "$clock.unix_seconds must be whole seconds since 1970 in years 1–9999"),
        (r#""clock":{"unix_seconds":0,"utc_offset_minutes":2000}"#, "$clock.utc_offset_minutes must be whole minutes within ±1080, got 2000"),
        (r#""clock":{"unix_seconds":0}"#, "$clock.utc_offset_minutes is missing"),
        (r#""clock":{"utc_offset_minutes":0}"#, "$clock.unix_seconds is missing"),
        (r#""clock":{"unix_seconds":0,"utc_offset_minutes":0,"zone":"Asia/Tokyo"}"#, "$clock: unknown field \"zone\""),
        (r#""emoji":"no""#, "$emoji must be true or false"),
    ];
    for (field, expected) in cases {
        let answer = api::convert(&c, None, &format!(r#"{{"reading":"きょう","fixed":[3],{field}}}"#));
        assert!(error(&answer).contains(expected), "{field} → {answer}");
        assert_eq!(member(&parse(&answer), "reading"), Some(&Value::String("きょう".into())), "the reading comes back to commit");
    }
    // The last second of 9999 in the widest time zone is still a date (year 10000, no crash).
    let edge = candidates(&c, r#"{"reading":"きょう","fixed":[3],"clock":{"unix_seconds":253402300799,"utc_offset_minutes":1080}}"#);
    assert!(edge.contains(&"10000/01/01".to_string()), "{edge:?}");
}

#[test]
fn one_candidate_a_segment_gets_the_forms_only() {
    // Live conversion asks for the best path at every keystroke: no list, so no dates or emoji.
    let c = converter();
    let one = candidates(&c, &format!(r#"{{"reading":"ねこ","fixed":[2],"candidates":1,{CLOCK}}}"#));
    assert_eq!(one, ["ねこ", "ネコ", "ﾈｺ"]);
    let today = candidates(&c, &format!(r#"{{"reading":"きょう","fixed":[3],"candidates":1,{CLOCK}}}"#));
    assert!(!today.iter().any(|t| t.contains('月')), "{today:?}");
}
