//! The engine: validated profiles plus the key-handling contract of `rust_process_key`
//! (named keys, limits, actions, and the no-keystroke-lost error results).

use crate::config::{self, DataError, KanaEngine, Profile};
use crate::kana_script::{self, DakutenCycles};
use crate::json::{write_array, write_string, write_string_object, write_string_rows};
use crate::limits;
use crate::width::{self, Width};

/// What the host should do with a result (see docs/FFI.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Nothing is pending: insert `output`, clear any marked text.
    Commit,
    /// Insert `output`, then show `buffer` as marked text.
    Compose,
    /// Backspace with an empty buffer: delete one character before the cursor.
    DeleteBackward,
    /// The key could not be processed: insert `output` (what was pending and the key as typed).
    Error,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Commit => "commit",
            Action::Compose => "compose",
            Action::DeleteBackward => "delete_backward",
            Action::Error => "error",
        }
    }
}

/// The answer to one key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyResult {
    pub output: String,
    pub buffer: String,
    pub action: Action,
    pub error: Option<String>,
}

impl KeyResult {
    /// An error result that loses nothing: the pending buffer and the key as typed become output.
    pub fn failure(buffer: &str, key: &str, message: impl Into<String>) -> KeyResult {
        let mut output = String::with_capacity(buffer.len() + key.len());
        output.push_str(buffer);
        if let Key::Text(text) = Key::parse(key) {
            output.push_str(text);
        }
        KeyResult { output, buffer: String::new(), action: Action::Error, error: Some(message.into()) }
    }

    /// The result as the JSON object `rust_process_key` returns.
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(48 + self.output.len() + self.buffer.len());
        out.push_str("{\"output\":");
        write_string(&mut out, &self.output);
        out.push_str(",\"buffer\":");
        write_string(&mut out, &self.buffer);
        out.push_str(",\"action\":\"");
        out.push_str(self.action.as_str());
        out.push('"');
        if let Some(error) = &self.error {
            out.push_str(",\"error\":");
            write_string(&mut out, error);
        }
        out.push('}');
        out
    }
}

/// A key as the host sends it: a named key or text typed by the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key<'a> {
    /// Drop the last pending character, or ask the host to delete before the cursor.
    Backspace,
    /// Commit everything pending (keyboard hides, cursor moves, profile changes).
    Flush,
    /// Typed text, normally one character.
    Text(&'a str),
}

impl<'a> Key<'a> {
    /// Named keys are written in braces; a literal backspace character also works,
    /// and `{space}` / `{enter}` are the same as typing " " and "\n".
    pub fn parse(key: &'a str) -> Key<'a> {
        match key {
            "{backspace}" | "\u{8}" => Key::Backspace,
            "{flush}" => Key::Flush,
            "{space}" => Key::Text(" "),
            "{enter}" => Key::Text("\n"),
            text => Key::Text(text),
        }
    }
}

/// All validated profiles; immutable once built, shared between threads.
#[derive(Debug, Clone)]
pub struct Engine {
    profiles: Vec<Profile>,
    dakuten: DakutenCycles,
}

/// The script a profile's kana come out in, chosen by a suffix of the profile id:
/// `rus_standard` gives hiragana, `rus_standard:katakana` katakana.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    Hiragana,
    Katakana,
}

/// The separator between a profile id and its options in `profile_id` arguments.
pub const SCRIPT_SEPARATOR: char = ':';

/// What a `profile_id` argument asks for besides the profile: the script of the kana and
/// the widths of digits and punctuation (crate::width).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutputOptions {
    pub script: Script,
    pub digits: Width,
    pub punctuation: Width,
}

impl Default for OutputOptions {
    fn default() -> Self {
        OutputOptions { script: Script::Hiragana, digits: Width::Half, punctuation: Width::Full }
    }
}

/// The options a profile id may carry after `:`, in any order, each kind at most once.
pub const PROFILE_ID_OPTIONS: &[&str] =
    &["hiragana", "katakana", "fullwidth_digits", "halfwidth_digits", "fullwidth_punctuation", "halfwidth_punctuation"];

/// Splits `rus_standard:katakana:halfwidth_punctuation` into the profile id and its options.
pub fn split_profile_id(profile_id: &str) -> Result<(&str, OutputOptions), String> {
    let mut parts = profile_id.split(SCRIPT_SEPARATOR);
    let id = parts.next().unwrap_or_default();
    let mut options = OutputOptions::default();
    let (mut script, mut digits, mut punctuation) = (false, false, false);
    for option in parts {
        let (seen, kind) = match option {
            "hiragana" | "katakana" => (&mut script, "script"),
            "fullwidth_digits" | "halfwidth_digits" => (&mut digits, "digit width"),
            "fullwidth_punctuation" | "halfwidth_punctuation" => (&mut punctuation, "punctuation width"),
            other => {
                return Err(format!(
                    "unknown script or width option {other:?} in profile id {profile_id:?} (known: {})",
                    PROFILE_ID_OPTIONS.join(", ")
                ))
            }
        };
        if std::mem::replace(seen, true) {
            return Err(format!("the {kind} is given twice in profile id {profile_id:?}"));
        }
        match option {
            "katakana" => options.script = Script::Katakana,
            "fullwidth_digits" => options.digits = Width::Full,
            "halfwidth_punctuation" => options.punctuation = Width::Half,
            _ => {}
        }
    }
    Ok((id, options))
}

impl Engine {
    /// Parses and validates both documents. The kana engine is read first because
    /// profile rules refer to its inventory.
    pub fn from_documents(profiles_json: &str, kana_engine_json: &str) -> Result<Engine, DataError> {
        let kana = KanaEngine::parse(kana_engine_json)?;
        let profiles = config::parse_profiles(profiles_json, &kana)?;
        Ok(Engine { profiles, dakuten: kana.dakuten })
    }

    pub fn profiles(&self) -> &[Profile] {
        &self.profiles
    }

    pub fn profile(&self, id: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.id == id)
    }

    /// Handles one key with the caller's pending buffer.
    pub fn process_key(&self, key: &str, buffer: &str, profile_id: &str) -> KeyResult {
        if key.len() > limits::MAX_KEY_BYTES {
            return KeyResult::failure(buffer, key, format!("key is {} bytes, over the limit of {} bytes", key.len(), limits::MAX_KEY_BYTES));
        }
        if buffer.len() > limits::MAX_BUFFER_BYTES {
            return KeyResult::failure(buffer, key, format!("buffer is {} bytes, over the limit of {} bytes", buffer.len(), limits::MAX_BUFFER_BYTES));
        }
        if profile_id.len() > limits::MAX_PROFILE_ID_BYTES {
            return KeyResult::failure(buffer, key, format!("profile id is {} bytes, over the limit of {} bytes", profile_id.len(), limits::MAX_PROFILE_ID_BYTES));
        }
        let (id, options) = match split_profile_id(profile_id) {
            Ok(parts) => parts,
            Err(message) => return KeyResult::failure(buffer, key, message),
        };
        let Some(profile) = self.profile(id) else {
            let known: Vec<&str> = self.profiles.iter().map(|p| p.id.as_str()).collect();
            return KeyResult::failure(buffer, key, format!("unknown profile id {:?} (known: {})", id, known.join(", ")));
        };
        // A key whose label is not what it types (the ー key types the long-vowel mark).
        let key = profile.keyboard.input_for(key).unwrap_or(key);
        let table = &profile.table;
        let mut output = String::new();
        let mut pending: Vec<char> = Vec::with_capacity(buffer.len() + key.len());
        pending.extend(buffer.chars());
        let key = Key::parse(key);
        if let Key::Text(text) = key {
            pending.extend(text.chars());
        }
        // Composed (a mark after a pending letter included) and case-folded before the
        // rules see it; backspace then drops the last character in that form.
        table.prepare(&mut pending);
        match key {
            Key::Backspace => {
                if pending.pop().is_none() {
                    return KeyResult { output, buffer: String::new(), action: Action::DeleteBackward, error: None };
                }
            }
            Key::Flush => table.compose(&mut pending, &mut output, true),
            Key::Text(_) => table.compose(&mut pending, &mut output, false),
        }
        if options.script == Script::Katakana && !output.is_empty() {
            let hiragana = std::mem::take(&mut output);
            kana_script::push_katakana(&mut output, &hiragana);
        }
        if options.digits == Width::Full || options.punctuation == Width::Half {
            output = output.chars().map(|c| width::apply(c, options.digits, options.punctuation)).collect();
        }
        let action = if pending.is_empty() { Action::Commit } else { Action::Compose };
        KeyResult { output, buffer: pending.into_iter().collect(), action, error: None }
    }

    /// The dakuten key: the next form of `character` (one kana, hiragana or katakana) in
    /// its cycle, e.g. は → ば → ぱ → は, つ → っ → づ → つ; `None` when it has none.
    pub fn cycle_dakuten(&self, character: &str) -> Option<char> {
        let mut chars = character.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.dakuten.next(c),
            _ => None,
        }
    }

    /// The profiles a host can offer (ids, names, keyboard rows and layers, key inputs and
    /// key names) as JSON.
    pub fn describe_profiles_json(&self) -> String {
        let mut out = String::from("{\"profiles\":");
        write_array(&mut out, &self.profiles, |out, profile| {
            out.push_str("{\"id\":");
            write_string(out, &profile.id);
            out.push_str(",\"language\":");
            write_string(out, &profile.language);
            out.push_str(",\"names\":");
            write_string_object(out, &profile.names);
            out.push_str(",\"rows\":");
            write_string_rows(out, &profile.rows);
            profile.keyboard.write_json(out);
            out.push('}');
        });
        out.push('}');
        out
    }
}
