//! The JSON shapes conversion uses across the C ABI (docs/FFI.md, "Conversion"): one
//! reader of each request and one writer of each result, so the host never re-implements
//! a rule. Requests are read with [`crate::request`], each export accepting its own fields
//! only; every field is checked and every error names it.

use super::context::LeftContext;
use super::prediction::{add_foreign_forms, predict_in, Prediction};
use super::rewrite::{Clock, Rewrites};
use super::{Conversion, Converter, Request, ResizeRequest, SegmentRequest, Surroundings};
use crate::json::{self, Value};
use crate::limits;
use crate::request::{context_request, typed_words, Fields, TypedWords, REQUEST_LIMITS, describe};
use crate::user::UserData;

/// Default candidates per segment when a request gives none (a bar shows about nine).
pub const DEFAULT_CANDIDATES: usize = 9;

/// Whether requests match spellings as heard unless they say otherwise.
pub const DEFAULT_HEARD: bool = true;

// The fields each export accepts (docs/FFI.md, "Conversion"): anything else, a field of
// another export included, is refused with an error naming it.
const CONVERT_FIELDS: &[&str] = &["reading", "fixed", "candidates", "alternatives", "heard", "context", "boundaries", "typed", "clock", "emoji"];
const RESIZE_FIELDS: &[&str] = &["reading", "segments", "index", "delta", "candidates", "alternatives", "heard", "context", "boundaries", "typed", "clock", "emoji"];
const CANDIDATES_FIELDS: &[&str] = &["reading", "segments", "index", "limit", "heard", "context", "boundaries", "typed", "clock", "emoji"];
const PREDICT_FIELDS: &[&str] = &["reading", "limit", "context", "typed"];

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
    match json::parse(request, REQUEST_LIMITS) {
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
/// What a request asks of the rewriters (`rewrite/`): `"clock": {"unix_seconds",
/// "utc_offset_minutes"}` (none: no dates or times) and `"emoji": false` to offer none.
fn rewrites(fields: &Fields) -> Result<Rewrites, String> {
    let emoji = fields.flag("emoji", true)?;
    let members = match fields.get("clock") {
        None | Some(Value::Null) => return Ok(Rewrites { clock: None, emoji }),
        Some(Value::Object(members)) => members,
        Some(other) => return Err(format!("$clock must be an object {{\"unix_seconds\", \"utc_offset_minutes\"}}, got {}", other.kind())),
    };
    let (mut seconds, mut offset) = (None, None);
    for (key, value) in members {
        match (key.as_str(), value) {
            ("unix_seconds", Value::Number(n)) if n.fract() == 0.0 && (Clock::MIN_UNIX_SECONDS as f64..=Clock::MAX_UNIX_SECONDS as f64).contains(n) => seconds = Some(*n as i64),
            ("unix_seconds", other) => {
                return Err(format!("$clock.unix_seconds must be whole seconds since 1970 in years 1–9999 ({}–{}), got {}", Clock::MIN_UNIX_SECONDS, Clock::MAX_UNIX_SECONDS, describe(other)))
            }
            ("utc_offset_minutes", Value::Number(n)) if n.fract() == 0.0 && n.abs() <= Clock::MAX_OFFSET_MINUTES as f64 => offset = Some(*n as i32),
            ("utc_offset_minutes", other) => return Err(format!("$clock.utc_offset_minutes must be whole minutes within ±{}, got {}", Clock::MAX_OFFSET_MINUTES, describe(other))),
            (other, _) => return Err(format!("$clock: unknown field {}", json::quoted(other))),
        }
    }
    let unix_seconds = seconds.ok_or("$clock.unix_seconds is missing")?;
    let utc_offset_minutes = offset.ok_or("$clock.utc_offset_minutes is missing")?;
    Ok(Rewrites { clock: Some(Clock { unix_seconds, utc_offset_minutes }), emoji })
}

struct CommonFields {
    heard: bool,
    left: LeftContext,
    typed: Option<TypedWords>,
    rewrites: Rewrites,
}

impl CommonFields {
    fn read(converter: &Converter, fields: &Fields) -> Result<CommonFields, String> {
        let heard = fields.flag("heard", DEFAULT_HEARD)?;
        let left = LeftContext::resolve(converter.dictionary(), &context_request(fields)?);
        Ok(CommonFields { heard, left, typed: typed_words(fields)?, rewrites: rewrites(fields)? })
    }

    /// The conversion of `reading`, its first segments `fixed` and its words ending at
    /// `boundaries`, with these fields; one candidate a segment and no alternatives unless
    /// the caller says otherwise.
    fn request<'a>(&'a self, reading: &'a str, fixed: &'a [usize], boundaries: &'a [usize], user: Option<&'a UserData>) -> Request<'a> {
        let around = Surroundings { left: Some(&self.left), boundaries };
        Request { fixed, heard: self.heard, around, user, typed_words: self.typed.as_ref(), rewrites: self.rewrites, ..Request::new(reading) }
    }
}

/// Handles a convert request (its fields: `CONVERT_FIELDS`, docs/FFI.md "Request fields") → a
/// conversion, consulting the user store `user` when there is one.
pub fn convert(converter: &Converter, user: Option<&UserData>, request: &str) -> String {
    answer(request, || {
        let fields = Fields::parse(request, "convert", CONVERT_FIELDS)?;
        let reading = fields.string("reading")?;
        let fixed = fields.lengths("fixed")?.unwrap_or_default();
        let candidates = fields.count("candidates", Some(DEFAULT_CANDIDATES))?;
        let alternatives = fields.count("alternatives", Some(0))?;
        let boundaries = fields.boundaries()?;
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
        let lengths = fields.lengths("segments")?.ok_or("$segments is missing")?;
        let index = fields.count("index", None)?;
        let delta = fields.integer("delta")?;
        let candidates = fields.count("candidates", Some(DEFAULT_CANDIDATES))?;
        let alternatives = fields.count("alternatives", Some(0))?;
        let boundaries = fields.boundaries()?;
        let common = CommonFields::read(converter, &fields)?;
        let conversion = Request { candidates, alternatives, ..common.request(reading, &lengths, &boundaries, user) };
        Ok(conversion_json(&converter.resize(&ResizeRequest { conversion, index, delta }).map_err(|e| e.0)?))
    })
}

/// Handles a candidates request (its fields: `CANDIDATES_FIELDS`) → `{"candidates": [text…]}`:
/// the candidates of one segment of a fixed segmentation, consulting `user`.
pub fn segment_candidates(converter: &Converter, user: Option<&UserData>, request: &str) -> String {
    answer(request, || {
        let fields = Fields::parse(request, "candidates", CANDIDATES_FIELDS)?;
        let reading = fields.string("reading")?;
        let lengths = fields.lengths("segments")?.ok_or("$segments is missing")?;
        let index = fields.count("index", None)?;
        let limit = fields.count("limit", Some(DEFAULT_CANDIDATES))?;
        if limit == 0 || limit > limits::MAX_CANDIDATES {
            return Err(format!("limit is {limit}, expected 1–{}", limits::MAX_CANDIDATES));
        }
        let boundaries = fields.boundaries()?;
        let common = CommonFields::read(converter, &fields)?;
        let conversion = Request { candidates: limit, ..common.request(reading, &lengths, &boundaries, user) };
        let candidates = converter.candidates(&SegmentRequest { conversion, index }).map_err(|e| e.0)?;
        let mut out = String::from("{\"candidates\":");
        json::write_string_array(&mut out, candidates.iter().map(|c| c.text.as_str()));
        out.push('}');
        Ok(out)
    })
}

/// Handles a predict request (its fields: `PREDICT_FIELDS`) → `{"predictions": [{"text", "reading"}…]}`;
/// an empty reading after a context asks for the words that usually follow it. Consults `user`.
/// With `typed`, the foreign forms of the typed word that is the whole reading join them
/// (`prediction::add_foreign_forms`).
pub fn prediction(converter: &Converter, user: Option<&UserData>, request: &str) -> String {
    answer(request, || {
        let fields = Fields::parse(request, "predict", PREDICT_FIELDS)?;
        let reading = fields.string("reading")?;
        let limit = fields.count("limit", Some(DEFAULT_CANDIDATES))?;
        let context = context_request(&fields)?;
        let typed = typed_words(&fields)?;
        let mut predictions = predict_in(converter.dictionary(), reading, limit, || LeftContext::resolve(converter.dictionary(), &context), user)?;
        if let Some(typed) = typed.as_ref().filter(|_| !reading.is_empty()) {
            add_foreign_forms(converter.dictionary(), reading, typed, &mut predictions, limit)?;
        }
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

/// `{"loaded": true, "path", "bytes", "entries", "keys", "mapped", "checksum", "metadata": {…},
/// "emoji": {"readings"} or {"error"}}`: the emoji table's error when it is damaged.
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
    out.push_str(",\"emoji\":");
    match converter.emoji_status() {
        Ok(readings) => out.push_str(&format!("{{\"readings\":{readings}}}")),
        Err(error) => {
            out.push_str("{\"error\":");
            json::write_string(&mut out, error);
            out.push('}');
        }
    }
    out.push('}');
    out
}
