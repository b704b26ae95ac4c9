//! Each export that takes a JSON request accepts the fields docs/FFI.md lists for it and
//! refuses every other, a field another export takes included, with an error naming it:
//! `delta` sent to `rust_convert`, or `boundaries` to `rust_predict`, is a mistake to report,
//! never a field to ignore. Run through the api functions the exports call, over the tiny
//! dictionary and a store of its own.

mod tiny_dictionary;
use cyrillic_ime_core::conversion::context::word_before;
use cyrillic_ime_core::conversion::{api, Converter};
use cyrillic_ime_core::dictionary::Dictionary;
use cyrillic_ime_core::json::{self, Value};
use cyrillic_ime_core::user::api as user_api;
use cyrillic_ime_core::user::store::UserStore;
use tiny_dictionary::*;

/// One export: its name in errors, the fields docs/FFI.md lists for it, and requests that
/// use every one of them and succeed.
struct Export {
    what: &'static str,
    fields: &'static [&'static str],
    valid: &'static [&'static str],
}

const EXPORTS: &[Export] = &[
    Export {
        what: "convert",
        fields: &["reading", "fixed", "candidates", "alternatives", "heard", "context", "boundaries", "typed", "clock", "emoji"],
        valid: &[r#"{"reading":"はしの","fixed":[2],"candidates":2,"alternatives":1,"heard":false,"context":null,"boundaries":[2],"typed":{"language":"ru","words":[{"text":"хаси","start":0,"end":2}]},"clock":{"unix_seconds":0,"utc_offset_minutes":540},"emoji":false}"#],
    },
    Export {
        what: "resize",
        fields: &["reading", "segments", "index", "delta", "candidates", "alternatives", "heard", "context", "boundaries", "typed", "clock", "emoji"],
        valid: &[r#"{"reading":"はしの","segments":[2,1],"index":0,"delta":1,"candidates":2,"alternatives":1,"heard":false,"context":null,"boundaries":[2],"typed":{"language":"ru","words":[{"text":"хаси","start":0,"end":2}]},"clock":null,"emoji":true}"#],
    },
    Export {
        what: "candidates",
        fields: &["reading", "segments", "index", "limit", "heard", "context", "boundaries", "typed", "clock", "emoji"],
        valid: &[r#"{"reading":"はしの","segments":[2,1],"index":0,"limit":2,"heard":false,"context":null,"boundaries":[2],"typed":{"language":"ru","words":[{"text":"хаси","start":0,"end":2}]},"clock":{"unix_seconds":-86400,"utc_offset_minutes":-300},"emoji":false}"#],
    },
    Export {
        what: "predict",
        fields: &["reading", "limit", "context", "typed"],
        valid: &[r#"{"reading":"は","limit":2,"context":null,"typed":{"language":"ru","words":[{"text":"ха","start":0,"end":1}]}}"#],
    },
    Export {
        what: "learn",
        fields: &["reading", "segments", "context"],
        valid: &[r#"{"reading":"はし","segments":[{"reading":"はし","text":"橋"}],"context":null}"#],
    },
    Export {
        what: "user words",
        fields: &["action", "reading", "text", "class"],
        valid: &[r#"{"action":"add","reading":"ぬこ","text":"猫","class":"noun"}"#],
    },
    Export {
        what: "forget",
        fields: &["all", "words", "reading", "text"],
        valid: &[r#"{"all":true,"words":true}"#, r#"{"reading":"はし","text":"橋"}"#],
    },
];

struct Exports {
    converter: Converter,
    store: UserStore,
}

impl Exports {
    fn new() -> Exports {
        let converter = Converter::new(Dictionary::from_vec(bytes()).expect("the tiny dictionary opens"));
        let store = UserStore::open(temp_path("request-fields").to_str().unwrap()).expect("the store opens").0;
        Exports { converter, store }
    }

    /// What the export `what` answers to `request`.
    fn call(&mut self, what: &str, request: &str) -> String {
        let c = &self.converter;
        match what {
            "convert" => api::convert(c, None, request),
            "resize" => api::resize(c, None, request),
            "candidates" => api::segment_candidates(c, None, request),
            "predict" => api::prediction(c, None, request),
            "learn" => user_api::learn(&mut self.store, request, |context| word_before(Some(c.dictionary()), context)),
            "user words" => user_api::user_words(&mut self.store, request),
            "forget" => user_api::forget(&mut self.store, request),
            other => panic!("no export {other}"),
        }
    }
}

/// The `error` member of an answer, if it has one.
fn error_of(answer: &str) -> Option<String> {
    let limits = json::Limits { max_bytes: 1 << 20, max_depth: 8, max_values: 100_000 };
    match json::parse(answer, limits).unwrap_or_else(|e| panic!("not JSON ({e}): {answer}")) {
        Value::Object(members) => members.into_iter().find(|(k, _)| k == "error").map(|(_, v)| match v {
            Value::String(s) => s,
            other => panic!("error is {other:?}"),
        }),
        other => panic!("not an object: {other:?}"),
    }
}

/// `request` with `field` added at its end.
fn with_field(request: &str, field: &str) -> String {
    format!("{},\"{field}\":1}}", request.strip_suffix('}').expect("a request is an object"))
}

#[test]
fn each_export_takes_every_field_it_lists() {
    let mut exports = Exports::new();
    for export in EXPORTS {
        for request in export.valid {
            let answer = exports.call(export.what, request);
            assert_eq!(error_of(&answer), None, "{}: {request} → {answer}", export.what);
        }
        for field in export.fields {
            assert!(export.valid.iter().any(|r| r.contains(&format!("\"{field}\":"))), "{}: no valid request sends {field}", export.what);
        }
    }
}

#[test]
fn each_export_refuses_the_fields_of_the_others() {
    let mut exports = Exports::new();
    for export in EXPORTS {
        let others = EXPORTS.iter().flat_map(|e| e.fields.iter()).filter(|f| !export.fields.contains(f));
        let mut seen: Vec<&str> = Vec::new();
        for field in others {
            if seen.contains(field) {
                continue;
            }
            seen.push(field);
            let request = with_field(export.valid[0], field);
            let answer = exports.call(export.what, &request);
            let expected = format!("{} request: unknown field \"{field}\"", export.what);
            assert_eq!(error_of(&answer).as_deref(), Some(expected.as_str()), "{request} → {answer}");
        }
        assert!(!seen.is_empty(), "{}: every export lacks some field of another", export.what);
    }
}
