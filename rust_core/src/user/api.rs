//! The JSON shapes of the user store's exports (docs/FFI.md, "Learning and the user
//! dictionary"): one reader of each request, one writer of each answer.

use super::change::Change;
use super::store::{Saved, UserStore};
use super::{user_reading, user_text, UserData, WordClass};
use crate::json::{self, Value};
use crate::request::{context_request, ContextRequest, Fields};

// The fields each request accepts (docs/FFI.md, "Learning and the user dictionary"):
// anything else, a field of another export included, is refused with an error naming it.
const LEARN_FIELDS: &[&str] = &["reading", "segments", "context"];
const USER_WORDS_FIELDS: &[&str] = &["action", "reading", "text", "class"];
const FORGET_FIELDS: &[&str] = &["all", "words", "reading", "text"];

/// `{"error": message}`.
pub fn error_json(message: &str) -> String {
    let mut out = String::from("{\"error\":");
    json::write_string(&mut out, message);
    out.push('}');
    out
}

/// `,"saved":…,"warnings":[…]}` closing an answer.
fn close(out: &mut String, saved: &Saved) {
    out.push_str(&format!(",\"saved\":{},\"warnings\":", saved.saved));
    json::write_string_array(out, &saved.warnings);
    out.push('}');
}

/// `{"opened": true, "directory", "persistent", "learned", "words", "warnings"}`.
pub fn opened_json(store: &UserStore, warnings: &[String]) -> String {
    let data = store.data();
    let mut out = String::from("{\"opened\":true,\"directory\":");
    json::write_string(&mut out, &store.directory().display().to_string());
    out.push_str(&format!(",\"persistent\":{},\"learned\":{},\"words\":{},\"warnings\":", store.is_persistent(), data.learned_count(), data.word_count()));
    json::write_string_array(&mut out, warnings);
    out.push('}');
    out
}

/// Handles `{"reading", "segments": [{"reading", "text"}…], "context"?}` → `{"learned": true,
/// "saved", "warnings"}`. With a context (the conversion's own, docs/FFI.md "Context"), each
/// choice is also remembered after the word before it, which `word_before` reads from the
/// context (conversion's reading of it, `conversion::context::word_before`, passed in by the
/// export).
pub fn learn(store: &mut UserStore, request: &str, word_before: impl FnOnce(&ContextRequest) -> Option<String>) -> String {
    let run = || -> Result<String, String> {
        let fields = Fields::parse(request, "learn", LEARN_FIELDS)?;
        let context = context_request(&fields)?;
        let before = word_before(&context);
        let reading = fields.string("reading")?;
        let items = match fields.get("segments") {
            Some(Value::Array(items)) => items,
            Some(other) => return Err(format!("$segments must be an array of {{\"reading\", \"text\"}} objects, got {}", other.kind())),
            None => return Err("$segments is missing".to_string()),
        };
        if items.len() > crate::limits::MAX_READING_CHARS {
            return Err(format!("$segments has {} items, over the limit of {}", items.len(), crate::limits::MAX_READING_CHARS));
        }
        let mut segments = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let Value::Object(members) = item else {
                return Err(format!("$segments[{i}] must be an object {{\"reading\", \"text\"}}, got {}", item.kind()));
            };
            if let Some((key, _)) = members.iter().find(|(k, _)| k != "reading" && k != "text") {
                return Err(format!("$segments[{i}]: unknown field {}", json::quoted(key)));
            }
            let get = |key: &str| match members.iter().find(|(k, _)| k == key) {
                Some((_, Value::String(s))) => Ok(s.clone()),
                Some((_, other)) => Err(format!("$segments[{i}].{key} must be a string, got {}", other.kind())),
                None => Err(format!("$segments[{i}].{key} is missing")),
            };
            segments.push((get("reading")?, get("text")?));
        }
        let saved = store.learn_after(before.as_deref(), reading, &segments)?;
        let mut out = String::from("{\"learned\":true");
        close(&mut out, &saved);
        Ok(out)
    };
    run().unwrap_or_else(|e| error_json(&e))
}

/// `[{"reading", "text", "class"}…]`, sorted by reading then text.
fn words_array(data: &UserData) -> String {
    let mut out = String::from("[");
    let mut first = true;
    for (reading, words) in &data.words {
        for word in words {
            if !first {
                out.push(',');
            }
            first = false;
            out.push_str("{\"reading\":");
            json::write_string(&mut out, reading);
            out.push_str(",\"text\":");
            json::write_string(&mut out, &word.text);
            out.push_str(",\"class\":");
            json::write_string(&mut out, word.class.name());
            out.push('}');
        }
    }
    out.push(']');
    out
}

/// Handles `{"action": "add"|"remove"|"list", "reading"?, "text"?, "class"?}` → `{"words":
/// […], "saved", "warnings"}`. `class` (a `WordClass` name, `noun` when left out) goes only
/// with `add`.
pub fn user_words(store: &mut UserStore, request: &str) -> String {
    let mut run = || -> Result<String, String> {
        let fields = Fields::parse(request, "user words", USER_WORDS_FIELDS)?;
        let action = fields.string("action")?;
        let class = match fields.get("class") {
            None => WordClass::Noun,
            Some(_) if action != "add" => return Err(format!("$class goes only with $action \"add\", not {}", json::quoted(action))),
            Some(_) => WordClass::parse(fields.string("class")?).map_err(|e| format!("$class: {e}"))?,
        };
        let saved = match action {
            "list" => {
                if fields.get("reading").is_some() || fields.get("text").is_some() {
                    return Err("$action \"list\" takes no reading or text".to_string());
                }
                Saved { saved: true, warnings: Vec::new() }
            }
            "add" | "remove" => {
                let reading = user_reading(fields.string("reading")?)?;
                let text = fields.string("text")?;
                user_text(text)?;
                let (result, saved) = if action == "add" {
                    store.apply(Change::AddWord { reading: reading.clone(), text: text.to_string(), class })
                } else {
                    let (result, saved) = store.apply(Change::RemoveWord { reading: reading.clone(), text: text.to_string() });
                    match result {
                        Ok(0) => (Err(format!("there is no user word {} → {} to remove", json::quoted(&reading), json::quoted(text))), saved),
                        other => (other, saved),
                    }
                };
                result?;
                saved
            }
            other => return Err(format!("$action must be \"add\", \"remove\" or \"list\", got {}", json::quoted(other))),
        };
        let mut out = String::from("{\"words\":");
        out.push_str(&words_array(&store.data()));
        close(&mut out, &saved);
        Ok(out)
    };
    run().unwrap_or_else(|e| error_json(&e))
}

/// Handles `{"all": true, "words"?}`, `{"reading", "text"}` or `{"reading"}` → `{"forgotten": n, "saved", "warnings"}`.
pub fn forget(store: &mut UserStore, request: &str) -> String {
    let mut run = || -> Result<String, String> {
        let fields = Fields::parse(request, "forget", FORGET_FIELDS)?;
        let all = fields.flag("all", false)?;
        let (forgotten, saved) = if all {
            if fields.get("reading").is_some() || fields.get("text").is_some() {
                return Err("give either \"all\": true or a \"reading\" and a \"text\", not both".to_string());
            }
            let (learned, mut saved) = store.apply(Change::ForgetLearning);
            let mut n = learned?;
            if fields.flag("words", false)? {
                let (words, words_saved) = store.apply(Change::ForgetWords);
                n += words?;
                saved.saved &= words_saved.saved;
                saved.warnings.extend(words_saved.warnings);
            }
            (n, saved)
        } else {
            if fields.get("words").is_some() {
                return Err("$words goes only with \"all\": true".to_string());
            }
            if fields.get("all").is_some() {
                return Err("$all must be true to forget everything (or leave it out and give a reading and a text)".to_string());
            }
            let reading = fields.string("reading")?.to_string();
            // Without a text, every choice learned for the reading goes.
            let text = if fields.get("text").is_some() { Some(fields.string("text")?.to_string()) } else { None };
            let change = match text {
                Some(text) => Change::Forget { reading, text },
                None => Change::ForgetReading { reading },
            };
            let (forgotten, saved) = store.apply(change);
            (forgotten?, saved)
        };
        let mut out = format!("{{\"forgotten\":{forgotten}");
        close(&mut out, &saved);
        Ok(out)
    };
    run().unwrap_or_else(|e| error_json(&e))
}
