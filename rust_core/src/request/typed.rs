//! What the writer typed for spans of a reading (the request's `typed`, docs/FFI.md "The
//! writer's own words"): the words in their letters as typed, which the converter turns into
//! foreign-word candidates (`conversion/foreign.rs`) and the segments' "as written" candidate.
//! The reader here checks the JSON's shape; [`TypedWords::check`] the sizes and where the spans
//! fall, for every caller, whether it came through JSON or not.

use super::{describe, Fields};
use crate::json::{self, Value};
use crate::limits;
use std::ops::Range;

/// One word the writer typed: its letters exactly as typed and the characters of the reading
/// they composed to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedWord {
    pub text: String,
    /// Characters of the reading (end exclusive).
    pub span: Range<usize>,
}

/// What the writer typed for spans of the reading: the profile's language (profiles.json's
/// `language`: ru, uk, be, sr-Cyrl, bg) and the words, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TypedWords {
    pub language: String,
    pub words: Vec<TypedWord>,
}

impl TypedWords {
    /// Checks the words against a reading of `len` characters: a language code of
    /// 1–[`limits::MAX_TYPED_LANGUAGE_CHARS`] characters, at most [`limits::MAX_TYPED_WORDS`]
    /// words, each text 1–[`limits::MAX_TYPED_WORD_CHARS`] characters, spans non-empty, in
    /// order, not overlapping and within the reading. The error names the member
    /// (`$typed.words[2].end …`).
    pub fn check(&self, len: usize) -> Result<(), String> {
        let chars = self.language.chars().count();
        if chars == 0 || chars > limits::MAX_TYPED_LANGUAGE_CHARS {
            return Err(format!("$typed.language is {chars} characters, expected a language code of 1–{} (ru, sr-Cyrl)", limits::MAX_TYPED_LANGUAGE_CHARS));
        }
        if self.words.len() > limits::MAX_TYPED_WORDS {
            return Err(format!("$typed.words has {} words, over the limit of {}", self.words.len(), limits::MAX_TYPED_WORDS));
        }
        let mut previous_end = 0;
        for (i, word) in self.words.iter().enumerate() {
            let chars = word.text.chars().count();
            if chars == 0 || chars > limits::MAX_TYPED_WORD_CHARS {
                return Err(format!("$typed.words[{i}].text is {chars} characters, expected 1–{}", limits::MAX_TYPED_WORD_CHARS));
            }
            let Range { start, end } = word.span;
            if end <= start {
                return Err(format!("$typed.words[{i}].end is {end}, expected after its start ({start})"));
            }
            if end > len {
                return Err(format!("$typed.words[{i}].end is {end}, past the end of the reading ({len} characters)"));
            }
            if start < previous_end {
                return Err(format!("$typed.words[{i}].start is {start}, before the end of the word before it ({previous_end})"));
            }
            previous_end = end;
        }
        Ok(())
    }
}

/// The request's `typed` (`{"language", "words": [{"text", "start", "end"}…]}`), none when
/// absent or null. Types are checked here, sizes and spans by [`TypedWords::check`]. Every
/// error names the member (`$typed.words[2].end must be …`).
pub fn typed_words(fields: &Fields) -> Result<Option<TypedWords>, String> {
    let members = match fields.get("typed") {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Object(members)) => members,
        Some(other) => return Err(format!("$typed must be an object {{\"language\", \"words\"}}, got {}", other.kind())),
    };
    let (mut language, mut words) = (None, None);
    for (key, value) in members {
        match (key.as_str(), value) {
            ("language", Value::String(code)) => language = Some(code.clone()),
            ("language", other) => return Err(format!("$typed.language must be a string (the profile's language: ru, uk, be, sr-Cyrl, bg), got {}", other.kind())),
            ("words", Value::Array(items)) => words = Some(items.iter().enumerate().map(|(i, item)| typed_word(item, i)).collect::<Result<Vec<_>, _>>()?),
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
            ("text", Value::String(s)) => text = Some(s.clone()),
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
