//! The JSON shapes conversion uses across the C ABI (docs/FFI.md, "Conversion"): one
//! reader of each request and one writer of each result, so the host never re-implements
//! a rule. Requests are read with [`crate::request`], each export accepting its own fields
//! only; every field is checked and every error names it.

use super::context::LeftContext;
use super::foreign::{TypedWord, TypedWords};
use super::prediction::{predict_in, Prediction};
use super::{Conversion, Converter, Request, ResizeRequest, SegmentRequest, Surroundings};
use crate::json::{self, Value};
use crate::limits;
use crate::request::{context_request, describe, Fields};
use crate::user::UserData;

/// Default candidates per segment when a request gives none (a bar shows about nine).
pub const DEFAULT_CANDIDATES: usize = 9;

/// Whether requests match spellings as heard unless they say otherwise.
pub const DEFAULT_HEARD: bool = true;

// The fields each export accepts (docs/FFI.md, "Conversion"): anything else, a field of
// another export included, is refused with an error naming it.
const CONVERT_FIELDS: &[&str] = &["reading", "fixed", "candidates", "alternatives", "heard", "context", "boundaries", "typed"];
const RESIZE_FIELDS: &[&str] = &["reading", "segments", "index", "delta", "candidates", "alternatives", "heard", "context", "typed"];
const CANDIDATES_FIELDS: &[&str] = &["reading", "segments", "index", "limit", "heard", "context", "typed"];
const PREDICT_FIELDS: &[&str] = &["reading", "limit", "context"];

/// The word boundaries of a request (`"boundaries": [positions]`), empty when absent.
fn boundaries(fields: &Fields) -> Result<Vec<usize>, String> {
    match fields.get("boundaries") {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::Number(n) if *n >= 1.0 && n.fract() == 0.0 && *n < limits::MAX_READING_CHARS as f64 => Ok(*n as usize),
                other => Err(format!("$boundaries[{i}] must be a position inside the reading (1–{}), got {}", limits::MAX_READING_CHARS - 1, describe(other))),
            })
            .collect(),
        Some(other) => Err(format!("$boundaries must be an array of positions, got {}", other.kind())),
    }
}

/// What the writer typed (`"typed": {"language", "words": [{"text", "start", "end"}…]}`, docs/FFI.md
/// "The writer's own words"), none when absent or null. Types and sizes are checked here; where
/// the spans fall in the reading, by the converter (`TypedWords::check`). Every error names the
/// member (`$typed.words[2].end must be …`).
fn typed_words(fields: &Fields) -> Result<Option<TypedWords>, String> {
    let members = match fields.get("typed") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(members)) => members,
        Some(other) => return Err(format!("$typed must be an object {{\"language\", \"words\"}}, got {}", other.kind())),
    };
    let (mut language, mut words) = (None, None);
    for (key, value) in members {
        match (key.as_str(), value) {
            ("language", Value::String(code)) => {
                let max = limits::MAX_TYPED_LANGUAGE_CHARS;
                language = Some(sized(code, max, |chars| format!("$typed.language is {chars} characters, expected a language code of 1–{max} (ru, sr-Cyrl)"))?);
            }
            ("language", other) => return Err(format!("$typed.language must be a string (the profile's language: ru, uk, be, sr-Cyrl, bg), got {}", other.kind())),
            ("words", Value::Array(items)) => {
                if items.len() > limits::MAX_TYPED_WORDS {
                    return Err(format!("$typed.words has {} words, over the limit of {}", items.len(), limits::MAX_TYPED_WORDS));
                }
                words = Some(items.iter().enumerate().map(|(i, item)| typed_word(item, i)).collect::<Result<Vec<_>, _>>()?);
            }
            ("words", other) => return Err(format!("$typed.words must be an array of words {{\"text\", \"start\", \"end\"}}, got {}", other.kind())),
            (other, _) => return Err(format!("$typed: unknown field {}", json::quoted(other))),
        }
    }
    let language = language.ok_or("$typed.language is missing")?;
    let words = words.ok_or("$typed.words is missing")?;
    Ok(Some(TypedWords { language, words }))
}

/// One word of `typed`: `{"text", "start", "end"}`.
fn typed_word(item: &Value, i: usize) -> Result<TypedWord, String> {
    let Value::Object(members) = item else {
        return Err(format!("$typed.words[{i}] must be an object {{\"text\", \"start\", \"end\"}}, got {}", item.kind()));
    };
    let (mut text, mut start, mut end) = (None, None, None);
    for (key, value) in members {
        match (key.as_str(), value) {
            ("text", Value::String(s)) => {
                let max = limits::MAX_TYPED_WORD_CHARS;
                text = Some(sized(s, max, |chars| format!("$typed.words[{i}].text is {chars} characters, expected 1–{max}"))?);
            }
            ("text", other) => return Err(format!("$typed.words[{i}].text must be a string, got {}", other.kind())),
            ("start" | "end", Value::Number(n)) if *n >= 0.0 && n.fract() == 0.0 && *n <= limits::MAX_READING_CHARS as f64 => {
                *(if key == "start" { &mut start } else { &mut end }) = Some(*n as usize);
            }
            ("start" | "end", other) => return Err(format!("$typed.words[{i}].{key} must be a position in the reading (0–{}), got {}", limits::MAX_READING_CHARS, describe(other))),
            (other, _) => return Err(format!("$typed.words[{i}]: unknown field {}", json::quoted(other))),
        }
    }
    let missing = |name: &str| format!("$typed.words[{i}].{name} is missing");
    let text = text.ok_or_else(|| missing("text"))?;
    let start = start.ok_or_else(|| missing("start"))?;
    let end = end.ok_or_else(|| missing("end"))?;
    Ok(TypedWord { text, span: start..end })
}

/// `text` when it has 1 to `max` characters; else the error `error` makes of its length.
fn sized(text: &str, max: usize, error: impl FnOnce(usize) -> String) -> Result<String, String> {
    let chars = text.chars().count();
    if chars == 0 || chars > max {
        return Err(error(chars));
    }
    Ok(text.to_string())
}

/// `{"reading", "segments": [{"reading", "candidates": [text…]}], "alternatives": [text…]}`.
pub fn conversion_json(conversion: &Conversion) -> String {
    // Room for the usual answer at once (its texts, their quoting and classes, each segment's
    // keys), not grown piece by piece.
    let texts: usize = conversion.segments.iter().flat_map(|s| &s.candidates).map(|c| c.text.len() + 16).sum();
    let mut out = String::with_capacity(64 + 2 * conversion.reading.len() + 48 * conversion.segments.len() + texts);
    out.push_str("{\"reading\":");
    json::write_string(&mut out, &conversion.reading);
    out.push_str(",\"segments\":[");
    for (i, segment) in conversion.segments.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"reading\":");
        json::write_string(&mut out, &segment.reading);
        out.push_str(",\"candidates\":");
        json::write_string_array(&mut out, segment.candidates.iter().map(|c| c.text.as_str()));
        out.push_str(",\"classes\":[");
        for (k, c) in segment.candidates.iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            match c.class {
                Some((left, right)) => {
                    out.push('[');
                    json::write_number(&mut out, left as u32);
                    out.push(',');
                    json::write_number(&mut out, right as u32);
                    out.push(']');
                }
                None => out.push_str("null"),
            }
        }
        out.push_str("]}");
    }
    out.push_str("],\"alternatives\":");
    json::write_string_array(&mut out, conversion.alternatives.iter().map(String::as_str));
    out.push('}');
    out
}

/// `{"error": message, "reading": what to commit instead}`: the host commits the reading
/// as it is, so a failed conversion loses nothing.
pub fn error_json(message: &str, reading: &str) -> String {
    let mut out = String::from("{\"error\":");
    json::write_string(&mut out, message);
    out.push_str(",\"reading\":");
    json::write_string(&mut out, reading);
    out.push('}');
    out
}

/// The reading of a request, if it has one, for the error fallback: taken from any JSON
/// object with a string "reading", even one the request reader refuses (an unknown
/// field, a bad count), so the host can still commit what was typed.
pub fn reading_of(request: &str) -> String {
    let limits = json::Limits { max_bytes: limits::MAX_REQUEST_BYTES, max_depth: 4, max_values: 4096 };
    match json::parse(request, limits) {
        Ok(Value::Object(members)) => members.into_iter().find_map(|(k, v)| match v {
            Value::String(s) if k == "reading" => Some(s),
            _ => None,
        }),
        _ => None,
    }
    .unwrap_or_default()
}

/// Runs a request's handler; a failure answers `{"error", "reading"}` with the request's own
/// reading, so the host commits it and nothing typed is lost.
fn answer(request: &str, run: impl FnOnce() -> Result<String, String>) -> String {
    run().unwrap_or_else(|message| error_json(&message, &reading_of(request)))
}

/// The fields the conversion requests share after their own: whether heard spellings match,
/// the word before the reading (`context`) and what the writer typed, read in that order.
struct CommonFields {
    heard: bool,
    left: LeftContext,
    typed: Option<TypedWords>,
}

impl CommonFields {
    fn read(converter: &Converter, fields: &Fields) -> Result<CommonFields, String> {
        let heard = fields.flag("heard", DEFAULT_HEARD)?;
        let left = LeftContext::resolve(converter.dictionary(), &context_request(fields)?);
        Ok(CommonFields { heard, left, typed: typed_words(fields)? })
    }

    /// The conversion of `reading`, its first segments `fixed` and its words ending at
    /// `boundaries`, with these fields; one candidate a segment and no alternatives unless
    /// the caller says otherwise.
    fn request<'a>(&'a self, reading: &'a str, fixed: &'a [usize], boundaries: &'a [usize], user: Option<&'a UserData>) -> Request<'a> {
        let around = Surroundings { left: Some(&self.left), boundaries };
        Request { fixed, heard: self.heard, around, user, typed: self.typed.as_ref(), ..Request::new(reading) }
    }
}

/// Handles a convert request (its fields: `CONVERT_FIELDS`, docs/FFI.md "Request fields") → a
/// conversion, consulting the user store `user` when there is one.
pub fn convert(converter: &Converter, user: Option<&UserData>, request: &str) -> String {
    answer(request, || {
        let fields = Fields::parse(request, "convert", CONVERT_FIELDS)?;
        let reading = fields.string("reading")?;
        let fixed = fields.lengths("fixed")?;
        let candidates = fields.count("candidates", Some(DEFAULT_CANDIDATES))?;
        let alternatives = fields.count("alternatives", Some(0))?;
        let boundaries = boundaries(&fields)?;
        let common = CommonFields::read(converter, &fields)?;
        let conversion = Request { candidates, alternatives, ..common.request(reading, &fixed, &boundaries, user) };
        Ok(conversion_json(&converter.convert(&conversion).map_err(|e| e.0)?))
    })
}

/// Handles a resize request (its fields: `RESIZE_FIELDS`) → the conversion with segment `index`
/// resized by `delta` characters and the rest converted again, consulting `user`.
pub fn resize(converter: &Converter, user: Option<&UserData>, request: &str) -> String {
    answer(request, || {
        let fields = Fields::parse(request, "resize", RESIZE_FIELDS)?;
        let reading = fields.string("reading")?;
        let lengths = fields.lengths("segments")?;
        let index = fields.count("index", None)?;
        let delta = fields.integer("delta")?;
        let candidates = fields.count("candidates", Some(DEFAULT_CANDIDATES))?;
        let alternatives = fields.count("alternatives", Some(0))?;
        let common = CommonFields::read(converter, &fields)?;
        let conversion = Request { candidates, alternatives, ..common.request(reading, &lengths, &[], user) };
        Ok(conversion_json(&converter.resize(&ResizeRequest { conversion, index, delta }).map_err(|e| e.0)?))
    })
}

/// Handles a candidates request (its fields: `CANDIDATES_FIELDS`) → `{"candidates": [text…]}`:
/// the candidates of one segment of a fixed segmentation, consulting `user`.
pub fn segment_candidates(converter: &Converter, user: Option<&UserData>, request: &str) -> String {
    answer(request, || {
        let fields = Fields::parse(request, "candidates", CANDIDATES_FIELDS)?;
        let reading = fields.string("reading")?;
        let lengths = fields.lengths("segments")?;
        let index = fields.count("index", None)?;
        let limit = fields.count("limit", Some(DEFAULT_CANDIDATES))?;
        if limit == 0 || limit > limits::MAX_CANDIDATES {
            return Err(format!("limit is {limit}, expected 1–{}", limits::MAX_CANDIDATES));
        }
        let common = CommonFields::read(converter, &fields)?;
        let conversion = Request { candidates: limit, ..common.request(reading, &lengths, &[], user) };
        let candidates = converter.candidates(&SegmentRequest { conversion, index }).map_err(|e| e.0)?;
        let mut out = String::from("{\"candidates\":");
        json::write_string_array(&mut out, candidates.iter().map(|c| c.text.as_str()));
        out.push('}');
        Ok(out)
    })
}

/// Handles a predict request (its fields: `PREDICT_FIELDS`) → `{"predictions": [{"text", "reading"}…]}`;
/// an empty reading after a context asks for the words that usually follow it. Consults `user`.
pub fn prediction(converter: &Converter, user: Option<&UserData>, request: &str) -> String {
    answer(request, || {
        let fields = Fields::parse(request, "predict", PREDICT_FIELDS)?;
        let reading = fields.string("reading")?;
        let limit = fields.count("limit", Some(DEFAULT_CANDIDATES))?;
        let context = context_request(&fields)?;
        let predictions = predict_in(converter.dictionary(), reading, limit, || LeftContext::resolve(converter.dictionary(), &context), user)?;
        Ok(predictions_json(&predictions))
    })
}

pub fn predictions_json(predictions: &[Prediction]) -> String {
    let mut out = String::from("{\"predictions\":");
    json::write_array(&mut out, predictions, |out, p| {
        out.push_str("{\"text\":");
        json::write_string(out, &p.text);
        out.push_str(",\"reading\":");
        json::write_string(out, &p.reading);
        out.push('}');
    });
    out.push('}');
    out
}

/// `{"loaded": true, "path", "bytes", "entries", "keys", "mapped", "checksum", "metadata": {…}}`.
pub fn dictionary_info_json(converter: &Converter) -> String {
    let d = converter.dictionary();
    let mut out = String::from("{\"loaded\":true,\"path\":");
    json::write_string(&mut out, &d.path().map(|p| p.display().to_string()).unwrap_or_default());
    out.push_str(&format!(
        ",\"bytes\":{},\"entries\":{},\"keys\":{},\"mapped\":{},\"checksum\":\"{:016x}\",\"metadata\":",
        d.file_len(),
        d.entry_count(),
        d.key_count(),
        d.is_mapped(),
        d.checksum()
    ));
    json::write_string_object(&mut out, &d.metadata());
    out.push('}');
    out
}
