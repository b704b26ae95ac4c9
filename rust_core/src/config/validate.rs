//! What the readers of the data documents check with (`config` reading the profiles and the
//! kana engine, `config::keyboard` the keyboard data): a JSON value together with where it
//! sits ([`At`]), the error that names that place ([`DataError`]), and the rules for ids and
//! typed characters every document follows.

use crate::json::{format_path, quoted, PathPart, Value};
use std::collections::HashMap;

/// A data error: which file, where in it, and what is wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct DataError {
    pub file: &'static str,
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}: {}", self.file, self.path, self.message)
    }
}

/// A value together with where it sits, so errors can name the path.
#[derive(Clone)]
pub(crate) struct At<'a> {
    pub(crate) file: &'static str,
    pub(crate) path: Vec<PathPart<'a>>,
    pub(crate) value: &'a Value,
}

impl<'a> At<'a> {
    pub(crate) fn error(&self, message: impl Into<String>) -> DataError {
        DataError { file: self.file, path: format_path(self.path.iter().copied()), message: message.into() }
    }

    pub(crate) fn child(&self, part: PathPart<'a>, value: &'a Value) -> At<'a> {
        let mut path = self.path.clone();
        path.push(part);
        At { file: self.file, path, value }
    }

    pub(crate) fn expected(&self, what: &str) -> DataError {
        self.error(format!("expected {what}, found {}", self.value.kind()))
    }

    pub(crate) fn string(&self) -> Result<&'a str, DataError> {
        match self.value {
            Value::String(s) => Ok(s),
            _ => Err(self.expected("a string")),
        }
    }

    pub(crate) fn non_empty_string(&self) -> Result<&'a str, DataError> {
        let s = self.string()?;
        if s.is_empty() {
            return Err(self.error("must not be empty"));
        }
        Ok(s)
    }

    /// How many items an array (or members an object) holds; 0 for other values.
    pub(crate) fn len(&self) -> usize {
        match self.value {
            Value::Array(items) => items.len(),
            Value::Object(members) => members.len(),
            _ => 0,
        }
    }

    /// Fails with an error naming the limit when the array or object holds more than
    /// `max` entries. Called before the entries are visited, so an oversized list costs
    /// nothing beyond parsing it.
    pub(crate) fn check_count(&self, max: usize, noun: &str) -> Result<(), DataError> {
        let count = self.len();
        if count > max {
            return Err(self.error(format!("{count} {noun}, over the limit of {max}")));
        }
        Ok(())
    }

    /// The array's items, at most `max` of them (see [`At::check_count`]).
    pub(crate) fn array(&self, max: usize, noun: &str) -> Result<Vec<At<'a>>, DataError> {
        match self.value {
            Value::Array(items) => {
                self.check_count(max, noun)?;
                Ok(items.iter().enumerate().map(|(i, v)| self.child(PathPart::Index(i), v)).collect())
            }
            _ => Err(self.expected("an array")),
        }
    }

    /// The object's members, at most `max` of them (see [`At::check_count`]).
    pub(crate) fn members(&self, max: usize, noun: &str) -> Result<Vec<(&'a str, At<'a>)>, DataError> {
        match self.value {
            Value::Object(members) => {
                self.check_count(max, noun)?;
                Ok(members.iter().map(|(k, v)| (k.as_str(), self.child(PathPart::Key(k), v))).collect())
            }
            _ => Err(self.expected("an object")),
        }
    }

    /// The object's fields by name, rejecting unknown ones and requiring `required`.
    pub(crate) fn fields(&self, required: &[&str], optional: &[&str]) -> Result<HashMap<&'a str, At<'a>>, DataError> {
        let Value::Object(members) = self.value else {
            return Err(self.expected("an object"));
        };
        let mut fields = HashMap::new();
        for (key, value) in members {
            let key = key.as_str();
            let at = self.child(PathPart::Key(key), value);
            if !required.contains(&key) && !optional.contains(&key) {
                let mut allowed: Vec<&str> = required.iter().chain(optional).copied().collect();
                allowed.sort_unstable();
                return Err(at.error(format!("unknown field {} (allowed: {})", quoted(key), allowed.join(", "))));
            }
            fields.insert(key, at);
        }
        for name in required {
            if !fields.contains_key(name) {
                return Err(self.error(format!("missing required field {}", quoted(name))));
            }
        }
        Ok(fields)
    }
}

/// Whether `c` can be typed into a rule: whitespace and control characters are reserved for
/// named keys.
pub(crate) fn is_input_char(c: char) -> bool {
    !c.is_whitespace() && !c.is_control()
}

/// Checks an id the data defines (a profile, a kana, a rule set, a layer): 1–64 characters of
/// a–z, 0–9 and _, so ids stay plain in every file and message.
pub(crate) fn check_identifier(at: &At<'_>, id: &str, what: &str) -> Result<(), DataError> {
    let valid = !id.is_empty()
        && id.len() <= 64
        && id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if valid {
        Ok(())
    } else {
        Err(at.error(format!("{what} {} must be 1–64 characters of a–z, 0–9 and _", quoted(id))))
    }
}
