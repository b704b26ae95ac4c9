//! Reading the JSON requests of the C ABI (docs/FFI.md): the conversion exports' and the user
//! store's alike. A request is a small object; each export names the fields it accepts and
//! anything else is refused, so a field sent to the wrong export is never silently ignored.
//! Every error names the field (`$limit must be a non-negative integer, got -1`).
//!
//! The context (`"context": {"segments", "text"}`, docs/FFI.md "Context") is read here too:
//! conversion starts from it and learning remembers the word it names.

mod typed;

use crate::json::{self, Value};
use crate::limits;
use std::ops::RangeInclusive;
pub use typed::{typed_words, TypedWord, TypedWords};

/// How deep a request's JSON may nest: the typed words' members (request → typed → words →
/// word → its fields) and the context's segments. The error fallback reads a request's reading
/// with the same limit (`conversion::api::reading_of`), so any request this reader would parse
/// still gives its reading back.
pub const MAX_REQUEST_DEPTH: usize = 6;

/// The JSON limits of a request.
pub const REQUEST_LIMITS: json::Limits = json::Limits { max_bytes: limits::MAX_REQUEST_BYTES, max_depth: MAX_REQUEST_DEPTH, max_values: 4096 };

/// A parsed request object.
pub struct Fields(Vec<(String, Value)>);

impl Fields {
    /// Parses `text` as a JSON object whose fields are all in `accepted`; `what` names the
    /// request in errors (`convert request: unknown field "delta"`).
    pub fn parse(text: &str, what: &str, accepted: &[&str]) -> Result<Fields, String> {
        let parsed = json::parse(text, REQUEST_LIMITS)
            .map_err(|e| format!("{what} request: {e}"))?;
        match parsed {
            Value::Object(members) => {
                if let Some((key, _)) = members.iter().find(|(k, _)| !accepted.contains(&k.as_str())) {
                    return Err(format!("{what} request: unknown field {}", json::quoted(key)));
                }
                Ok(Fields(members))
            }
            other => Err(format!("{what} request: expected a JSON object, got {}", other.kind())),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn string(&self, key: &str) -> Result<&str, String> {
        match self.get(key) {
            Some(Value::String(s)) => Ok(s),
            Some(other) => Err(format!("${key} must be a string, got {}", other.kind())),
            None => Err(format!("${key} is missing")),
        }
    }

    /// A non-negative integer field, or `default` when absent.
    pub fn count(&self, key: &str, default: Option<usize>) -> Result<usize, String> {
        match self.get(key) {
            Some(Value::Number(n)) if *n >= 0.0 && n.fract() == 0.0 && *n <= 1e9 => Ok(*n as usize),
            Some(other) => Err(format!("${key} must be a non-negative integer, got {}", describe(other))),
            None => default.ok_or_else(|| format!("${key} is missing")),
        }
    }

    /// A boolean field, or `default` when absent.
    pub fn flag(&self, key: &str, default: bool) -> Result<bool, String> {
        match self.get(key) {
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(format!("${key} must be true or false, got {}", other.kind())),
            None => Ok(default),
        }
    }

    /// An integer field that may be negative.
    pub fn integer(&self, key: &str) -> Result<i32, String> {
        match self.get(key) {
            Some(Value::Number(n)) if n.fract() == 0.0 && n.abs() <= 1e6 => Ok(*n as i32),
            Some(other) => Err(format!("${key} must be an integer, got {}", describe(other))),
            None => Err(format!("${key} is missing")),
        }
    }

    /// An array of integers within `range` (segment lengths, word boundaries), None when
    /// absent. Errors name the field and say what each item is (`item`: "a segment length")
    /// and the array holds (`items`: "segment lengths").
    pub fn positions(&self, key: &str, range: RangeInclusive<usize>, item: &str, items: &str) -> Result<Option<Vec<usize>>, String> {
        let (low, high) = (*range.start() as f64, *range.end() as f64);
        match self.get(key) {
            None => Ok(None),
            Some(Value::Array(values)) => values
                .iter()
                .enumerate()
                .map(|(i, v)| match v {
                    Value::Number(n) if *n >= low && n.fract() == 0.0 && *n <= high => Ok(*n as usize),
                    other => Err(format!("${key}[{i}] must be {item} {}–{}, got {}", range.start(), range.end(), describe(other))),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(other) => Err(format!("${key} must be an array of {items}, got {}", other.kind())),
        }
    }

    /// Segment lengths (each 1–[`limits::MAX_READING_CHARS`]), None when absent.
    pub fn lengths(&self, key: &str) -> Result<Option<Vec<usize>>, String> {
        self.positions(key, 1..=limits::MAX_READING_CHARS, "a segment length", "segment lengths")
    }

    /// Word boundaries (`"boundaries": [positions]`, each inside a reading: 1 to
    /// [`limits::MAX_READING_CHARS`] − 1), empty when absent.
    pub fn boundaries(&self) -> Result<Vec<usize>, String> {
        Ok(self.positions("boundaries", 1..=limits::MAX_READING_CHARS - 1, "a position inside the reading", "positions")?.unwrap_or_default())
    }
}

/// A value as an error names it: a number as itself, anything else by its kind.
pub fn describe(value: &Value) -> String {
    match value {
        Value::Number(n) => n.to_string(),
        other => other.kind().to_string(),
    }
}

/// Most characters of the text before the cursor the core reads (the tail is kept).
pub const MAX_CONTEXT_CHARS: usize = 32;

/// Most committed segments of a context the core reads (the last ones are kept).
pub const MAX_CONTEXT_SEGMENTS: usize = 8;

/// One committed segment as the keyboard passes it back: its reading, the text chosen and,
/// when the core gave it, the class (left id, right id) of its last word.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CommittedSegment {
    pub reading: String,
    pub text: String,
    pub class: Option<(u16, u16)>,
}

/// What a request says came before the reading.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContextRequest {
    /// Segments committed just before, oldest first.
    pub segments: Vec<CommittedSegment>,
    /// The text before the cursor, used when there are no segments.
    pub text: Option<String>,
}

/// `"context": {"segments": [{"reading", "text", "left_id"?, "right_id"?}…], "text"?}` (or
/// null): what came before the reading (docs/FFI.md, "Context"). A context longer than the
/// core reads is cut (its last segments, the tail of its text), never refused; a member of
/// the wrong type is an error that names it.
pub fn context_request(fields: &Fields) -> Result<ContextRequest, String> {
    let members = match fields.get("context") {
        None | Some(Value::Null) => return Ok(ContextRequest::default()),
        Some(Value::Object(members)) => members,
        Some(other) => return Err(format!("$context must be an object {{\"segments\"?, \"text\"?}}, got {}", other.kind())),
    };
    let mut request = ContextRequest::default();
    for (key, value) in members {
        match (key.as_str(), value) {
            ("text", Value::String(text)) => {
                let chars = text.chars().count();
                request.text = Some(text.chars().skip(chars.saturating_sub(MAX_CONTEXT_CHARS)).collect());
            }
            ("text", Value::Null) => {}
            ("text", other) => return Err(format!("$context.text must be a string, got {}", other.kind())),
            ("segments", Value::Array(items)) => {
                for (i, item) in items.iter().enumerate().skip(items.len().saturating_sub(MAX_CONTEXT_SEGMENTS)) {
                    request.segments.push(committed_segment(item, i)?);
                }
            }
            ("segments", other) => return Err(format!("$context.segments must be an array, got {}", other.kind())),
            (other, _) => return Err(format!("$context: unknown field {}", json::quoted(other))),
        }
    }
    Ok(request)
}

fn committed_segment(item: &Value, i: usize) -> Result<CommittedSegment, String> {
    let Value::Object(members) = item else {
        return Err(format!("$context.segments[{i}] must be an object {{\"reading\", \"text\", \"left_id\"?, \"right_id\"?}}, got {}", item.kind()));
    };
    let mut segment = CommittedSegment::default();
    let (mut left, mut right) = (None, None);
    for (key, value) in members {
        match (key.as_str(), value) {
            ("reading", Value::String(s)) => segment.reading = s.clone(),
            ("text", Value::String(s)) => segment.text = s.clone(),
            ("left_id", Value::Number(n)) if *n >= 0.0 && n.fract() == 0.0 => left = Some(*n),
            ("right_id", Value::Number(n)) if *n >= 0.0 && n.fract() == 0.0 => right = Some(*n),
            ("left_id" | "right_id", Value::Null) => {}
            ("reading" | "text", other) => return Err(format!("$context.segments[{i}].{key} must be a string, got {}", other.kind())),
            ("left_id" | "right_id", other) => return Err(format!("$context.segments[{i}].{key} must be a word class id (a non-negative integer), got {}", describe(other))),
            (other, _) => return Err(format!("$context.segments[{i}]: unknown field {}", json::quoted(other))),
        }
    }
    // An id beyond u16 is no class of this dictionary: the text is looked up instead.
    if let (Some(l), Some(r)) = (left, right) {
        if l <= u16::MAX as f64 && r <= u16::MAX as f64 {
            segment.class = Some((l as u16, r as u16));
        }
    }
    Ok(segment)
}
