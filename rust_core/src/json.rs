//! A small, strict JSON reader and string writer (RFC 8259), standard library only.
//!
//! The product takes no third-party crates, so the data files are parsed here.
//! The reader is bounded (document size and nesting depth are limits, see
//! [`Limits`]) and reports errors with a line, a column and the JSON path of
//! the value being read, so a broken profile file names exactly where it broke.
//! Objects keep their members in document order and reject duplicate keys,
//! because a duplicate rule in a profile is an error, not "last one wins".

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasher;

/// Objects with more members than this find duplicate keys through a hash index instead
/// of a scan, so a document with many keys parses in linear time (a 4 MiB object with
/// 358,782 keys took 115 s with the scan alone).
const DUPLICATE_SCAN_LIMIT: usize = 16;

/// A parsed JSON value. Objects keep document order.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

impl Value {
    /// Short name of the value's type, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "a boolean",
            Value::Number(_) => "a number",
            Value::String(_) => "a string",
            Value::Array(_) => "an array",
            Value::Object(_) => "an object",
        }
    }
}

/// Bounds on what the reader accepts.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_bytes: usize,
    pub max_depth: usize,
    /// Most values (of any kind, containers included) in the document.
    pub max_values: usize,
}

/// Why a document could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    /// JSON path of the value being read when the error happened, e.g. `$.profiles[0].rules`.
    pub path: String,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (at {}): {}",
            self.line, self.column, self.path, self.message
        )
    }
}

/// One step of a JSON path.
#[derive(Debug, Clone)]
enum Segment {
    /// A member key, by the byte offset of its opening quote: the key is decoded again
    /// only if an error needs the path, so reading a document allocates no path strings.
    KeyAt(usize),
    Index(usize),
}

/// Formats a JSON path like `$.profiles[2].rules["ка"]`.
pub fn format_path<'a>(segments: impl IntoIterator<Item = PathPart<'a>>) -> String {
    let mut out = String::from("$");
    for segment in segments {
        match segment {
            PathPart::Key(key) => {
                if !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    out.push('.');
                    out.push_str(key);
                } else {
                    out.push('[');
                    write_string(&mut out, key);
                    out.push(']');
                }
            }
            PathPart::Index(index) => {
                out.push('[');
                out.push_str(&index.to_string());
                out.push(']');
            }
        }
    }
    out
}

/// A borrowed path step, used by [`format_path`].
#[derive(Debug, Clone, Copy)]
pub enum PathPart<'a> {
    Key(&'a str),
    Index(usize),
}

/// Parses a complete JSON document.
pub fn parse(text: &str, limits: Limits) -> Result<Value, ParseError> {
    let mut parser = Parser { text, bytes: text.as_bytes(), pos: 0, path: Vec::new(), limits, values: 0 };
    if text.len() > limits.max_bytes {
        return Err(parser.error(format!(
            "document is {} bytes, over the limit of {} bytes",
            text.len(),
            limits.max_bytes
        )));
    }
    parser.skip_whitespace();
    let value = parser.value(0)?;
    parser.skip_whitespace();
    if parser.pos != parser.bytes.len() {
        return Err(parser.error("unexpected text after the end of the document".into()));
    }
    Ok(value)
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    path: Vec<Segment>,
    limits: Limits,
    /// Values read so far, against `limits.max_values`.
    values: usize,
}

impl Parser<'_> {
    fn error(&self, message: String) -> ParseError {
        let consumed = &self.text[..floor_char_boundary(self.text, self.pos)];
        let line = consumed.matches('\n').count() + 1;
        let column = consumed.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        let keys: Vec<String> = self
            .path
            .iter()
            .filter_map(|s| match s {
                Segment::KeyAt(start) => Some(self.key_at(*start)),
                Segment::Index(_) => None,
            })
            .collect();
        let mut next_key = keys.iter();
        let path = format_path(self.path.iter().map(|s| match s {
            Segment::KeyAt(_) => PathPart::Key(next_key.next().map_or("", String::as_str)),
            Segment::Index(i) => PathPart::Index(*i),
        }));
        ParseError { line, column, path, message }
    }

    /// The key whose opening quote is at `start` (already read once, so it is valid).
    fn key_at(&self, start: usize) -> String {
        let mut reader = Parser { text: self.text, bytes: self.bytes, pos: start, path: Vec::new(), limits: self.limits, values: 0 };
        reader.string().unwrap_or_default()
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn expect_literal(&mut self, literal: &str, value: Value) -> Result<Value, ParseError> {
        if self.bytes[self.pos..].starts_with(literal.as_bytes()) {
            self.pos += literal.len();
            Ok(value)
        } else {
            Err(self.error(format!("invalid literal, expected `{literal}`")))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.values += 1;
        if self.values > self.limits.max_values {
            return Err(self.error(format!("more than {} values, over the limit", self.limits.max_values)));
        }
        match self.bytes.get(self.pos) {
            None => Err(self.error("unexpected end of document, expected a value".into())),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => Ok(Value::String(self.string()?)),
            Some(b't') => self.expect_literal("true", Value::Bool(true)),
            Some(b'f') => self.expect_literal("false", Value::Bool(false)),
            Some(b'n') => self.expect_literal("null", Value::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => {
                let c = self.text[self.pos..].chars().next().unwrap_or('?');
                Err(self.error(format!("unexpected character {c:?}, expected a value")))
            }
        }
    }

    fn check_depth(&self, depth: usize) -> Result<(), ParseError> {
        if depth > self.limits.max_depth {
            Err(self.error(format!("nesting is deeper than the limit of {}", self.limits.max_depth)))
        } else {
            Ok(())
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.check_depth(depth)?;
        self.pos += 1; // '{'
        let mut members: Vec<(String, Value)> = Vec::new();
        // Key hash → index of the first member with that hash; filled once the object
        // outgrows a linear scan (see DUPLICATE_SCAN_LIMIT). Hashes, not copies of the
        // keys, keep it small; a hash match is confirmed by comparing the keys.
        let hasher = RandomState::new();
        let mut index: HashMap<u64, usize> = HashMap::new();
        self.skip_whitespace();
        if self.bytes.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(Value::Object(members));
        }
        loop {
            self.skip_whitespace();
            if self.bytes.get(self.pos) != Some(&b'"') {
                return Err(self.error("expected a string key".into()));
            }
            let key_start = self.pos;
            let key = self.string()?;
            // Hashed only once the object outgrows the scan: a request's few keys never are.
            let hash = (members.len() >= DUPLICATE_SCAN_LIMIT).then(|| hasher.hash_one(&key));
            let duplicate = match hash {
                None => members.iter().any(|(k, _)| *k == key),
                Some(hash) => {
                    if index.is_empty() {
                        for (i, (k, _)) in members.iter().enumerate() {
                            index.entry(hasher.hash_one(k)).or_insert(i);
                        }
                    }
                    match index.get(&hash) {
                        None => false,
                        Some(&i) if members[i].0 == key => true,
                        // Two different keys with one 64-bit hash: rare enough to scan.
                        Some(_) => members.iter().any(|(k, _)| *k == key),
                    }
                }
            };
            if duplicate {
                self.pos = key_start;
                return Err(self.error(format!("duplicate key {}", quoted(&key))));
            }
            self.skip_whitespace();
            if self.bytes.get(self.pos) != Some(&b':') {
                return Err(self.error("expected `:` after the key".into()));
            }
            self.pos += 1;
            self.skip_whitespace();
            self.path.push(Segment::KeyAt(key_start));
            let value = self.value(depth)?;
            self.path.pop();
            // Once the keys are hashed, the index holds them all.
            if let Some(hash) = hash {
                index.entry(hash).or_insert(members.len());
            }
            members.push((key, value));
            self.skip_whitespace();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Object(members));
                }
                _ => return Err(self.error("expected `,` or `}` in object".into())),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, ParseError> {
        self.check_depth(depth)?;
        self.pos += 1; // '['
        let mut items = Vec::new();
        self.skip_whitespace();
        if self.bytes.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(Value::Array(items));
        }
        loop {
            self.skip_whitespace();
            self.path.push(Segment::Index(items.len()));
            let value = self.value(depth)?;
            self.path.pop();
            items.push(value);
            self.skip_whitespace();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Value::Array(items));
                }
                _ => return Err(self.error("expected `,` or `]` in array".into())),
            }
        }
    }

    fn number(&mut self) -> Result<Value, ParseError> {
        let start = self.pos;
        if self.bytes.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        let digits = |p: &mut Self| {
            let s = p.pos;
            while let Some(b'0'..=b'9') = p.bytes.get(p.pos) {
                p.pos += 1;
            }
            p.pos - s
        };
        match self.bytes.get(self.pos) {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(self.error("invalid number".into())),
        }
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.error("invalid number: digits expected after `.`".into()));
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.pos) {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.pos) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.error("invalid number: digits expected in exponent".into()));
            }
        }
        self.text[start..self.pos]
            .parse::<f64>()
            .map(Value::Number)
            .map_err(|_| self.error("invalid number".into()))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let hex = self.bytes.get(self.pos..self.pos + 4).ok_or_else(|| self.error("truncated \\u escape".into()))?;
        let text = std::str::from_utf8(hex).map_err(|_| self.error("invalid \\u escape".into()))?;
        let code = u32::from_str_radix(text, 16).map_err(|_| self.error("invalid \\u escape".into()))?;
        self.pos += 4;
        Ok(code)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        loop {
            let run_start = self.pos;
            while let Some(&b) = self.bytes.get(self.pos) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            out.push_str(&self.text[run_start..self.pos]);
            match self.bytes.get(self.pos) {
                None => return Err(self.error("unterminated string".into())),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escape = self.bytes.get(self.pos).copied();
                    self.pos += 1;
                    match escape {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let high = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&high) {
                                if !self.bytes[self.pos..].starts_with(b"\\u") {
                                    return Err(self.error("unpaired surrogate in \\u escape".into()));
                                }
                                self.pos += 2;
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return Err(self.error("unpaired surrogate in \\u escape".into()));
                                }
                                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                            } else {
                                high
                            };
                            let c = char::from_u32(code)
                                .ok_or_else(|| self.error("unpaired surrogate in \\u escape".into()))?;
                            out.push(c);
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.error("invalid escape in string".into()));
                        }
                    }
                }
                Some(_) => return Err(self.error("control character in string (escape it)".into())),
            }
        }
    }
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// Appends `value` to `out` as a JSON string literal (quotes included).
pub fn write_string(out: &mut String, value: &str) {
    out.reserve(value.len() + 2);
    out.push('"');
    // Most answers need no escape at all: one pass over the bytes (no early exit, so it runs
    // as vector code) tells, then the text is copied whole. A character to escape is ASCII or
    // U+2028/U+2029, which start with the byte 0xE2 (as do others, which the loop below
    // passes over).
    let suspect = value.bytes().fold(false, |seen, b| seen | (b < 0x20) | (b == b'"') | (b == b'\\') | (b == 0xe2));
    if !suspect {
        out.push_str(value);
        out.push('"');
        return;
    }
    // The runs between characters that need escaping are copied whole (answers are mostly
    // kana and kanji, none of which do): pushing them a character at a time re-encoded each.
    let mut run = 0;
    for (at, c) in value.char_indices().filter(|&(_, c)| needs_escape(c)) {
        out.push_str(&value[run..at]);
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => out.push_str(&format!("\\u{:04x}", c as u32)),
        }
        run = at + c.len_utf8();
    }
    out.push_str(&value[run..]);
    out.push('"');
}

/// Whether `c` cannot stand in a JSON string as it is (or, for U+2028 and U+2029, in the
/// JavaScript that may embed it).
fn needs_escape(c: char) -> bool {
    c == '"' || c == '\\' || (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}'
}

/// Appends `value` in decimal (the fmt machinery costs more than the digits).
pub fn write_number(out: &mut String, value: u32) {
    let mut digits = [0u8; 10];
    let mut at = digits.len();
    let mut rest = value;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend(digits[at..].iter().map(|&d| d as char));
}

/// Appends `items` to `out` as a JSON array, each item written by `write_item`.
pub fn write_array<T>(out: &mut String, items: impl IntoIterator<Item = T>, mut write_item: impl FnMut(&mut String, T)) {
    out.push('[');
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_item(out, item);
    }
    out.push(']');
}

/// Appends `items` to `out` as a JSON array of strings.
pub fn write_string_array<S: AsRef<str>>(out: &mut String, items: impl IntoIterator<Item = S>) {
    write_array(out, items, |out, item| write_string(out, item.as_ref()));
}

/// Appends keyboard rows (or any rows of strings) to `out` as a JSON array of string arrays.
pub fn write_string_rows(out: &mut String, rows: &[Vec<String>]) {
    write_array(out, rows, write_string_array);
}

/// Appends `pairs` to `out` as a JSON object of strings, in their order.
pub fn write_string_object(out: &mut String, pairs: &[(String, String)]) {
    out.push('{');
    for (i, (key, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_string(out, key);
        out.push(':');
        write_string(out, value);
    }
    out.push('}');
}

/// `value` as a quoted JSON string, for messages.
pub fn quoted(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    write_string(&mut out, value);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits { max_bytes: 1 << 20, max_depth: 16, max_values: 1 << 16 };

    #[test]
    fn parses_nested_documents_in_order() {
        let v = parse(r#"{"b": [1, -2.5e3, true, null], "a": "x\u00e9\ud83d\ude00"}"#, LIMITS).unwrap();
        let Value::Object(members) = v else { panic!("not an object") };
        assert_eq!(members[0].0, "b");
        assert_eq!(
            members[0].1,
            Value::Array(vec![Value::Number(1.0), Value::Number(-2500.0), Value::Bool(true), Value::Null])
        );
        assert_eq!(members[1].1, Value::String("xé😀".into()));
    }

    #[test]
    fn rejects_duplicate_keys_with_path_and_position() {
        let err = parse("{\"r\": {\"ка\": 1,\n \"ка\": 2}}", LIMITS).unwrap_err();
        assert!(err.message.contains("duplicate key \"ка\""), "{err}");
        assert_eq!(err.path, "$.r");
        assert_eq!(err.line, 2);
    }

    #[test]
    fn finds_duplicates_in_big_objects_too() {
        // Past DUPLICATE_SCAN_LIMIT members the check switches to a hash set; a duplicate
        // of an early key, found late, must still be reported.
        for (count, duplicate_of) in [(DUPLICATE_SCAN_LIMIT, 0), (DUPLICATE_SCAN_LIMIT + 1, 3), (200, 0), (200, 150)] {
            let mut text = String::from("{");
            for i in 0..count {
                text.push_str(&format!("\"k{i}\": {i}, "));
            }
            text.push_str(&format!("\"k{duplicate_of}\": 0}}"));
            let err = parse(&text, LIMITS).unwrap_err();
            assert_eq!(err.message, format!("duplicate key \"k{duplicate_of}\""), "{count} members");
        }
        let distinct: Vec<String> = (0..200).map(|i| format!("\"k{i}\": {i}")).collect();
        assert!(parse(&format!("{{{}}}", distinct.join(",")), LIMITS).is_ok());
    }

    #[test]
    fn rejects_malformed_documents() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "\"abc", "01", "1.", "tru", "[1] 2", "\"\\x\"", "\"\\ud800\"", "\"a\u{1}\""] {
            assert!(parse(bad, LIMITS).is_err(), "accepted {bad:?}");
        }
    }

    #[test]
    fn enforces_depth_and_size_limits() {
        let deep = "[".repeat(17) + &"]".repeat(17);
        assert!(parse(&deep, LIMITS).unwrap_err().message.contains("deeper than the limit of 16"));
        let ok = "[".repeat(16) + &"]".repeat(16);
        assert!(parse(&ok, LIMITS).is_ok());
        let small = Limits { max_bytes: 4, max_depth: 4, max_values: 8 };
        assert!(parse("[1, 2]", small).unwrap_err().message.contains("over the limit of 4 bytes"));
        let few = Limits { max_bytes: 64, max_depth: 4, max_values: 3 };
        assert!(parse("[1, 2]", few).is_ok());
        let err = parse("[1, 2, 3]", few).unwrap_err();
        assert!(err.message.contains("more than 3 values, over the limit"), "{err}");
        assert_eq!(err.path, "$[2]");
    }

    #[test]
    fn writes_escaped_strings_that_parse_back() {
        let original = "a\"b\\c\nd\u{1}é\u{2028}😀";
        let mut out = String::new();
        write_string(&mut out, original);
        assert_eq!(parse(&out, LIMITS).unwrap(), Value::String(original.into()));
    }

    #[test]
    fn writes_escapes_between_runs_and_at_both_ends_exactly() {
        let mut out = String::new();
        write_string(&mut out, "\"私\tの\u{1f}");
        assert_eq!(out, "\"\\\"私\\tの\\u001f\"");
        out.clear();
        write_string(&mut out, "");
        assert_eq!(out, "\"\"");
        // Copied whole: text with nothing to escape, and text with € or ─, whose first byte
        // (0xE2) is U+2028's and U+2029's, which are escaped.
        out.clear();
        write_string(&mut out, "私の名前");
        write_string(&mut out, "€─\u{2028}");
        assert_eq!(out, "\"私の名前\"\"€─\\u2028\"");
    }

    #[test]
    fn writes_numbers_in_decimal() {
        let mut out = String::new();
        for v in [0, 7, 10, 1894, 65535, u32::MAX] {
            write_number(&mut out, v);
            out.push(' ');
        }
        assert_eq!(out, "0 7 10 1894 65535 4294967295 ");
    }

    #[test]
    fn formats_paths() {
        let path = format_path([PathPart::Key("profiles"), PathPart::Index(2), PathPart::Key("ка")]);
        assert_eq!(path, "$.profiles[2][\"ка\"]");
    }
}
