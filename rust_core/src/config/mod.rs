//! Reading and validating the two data documents, `profiles.json` and
//! `japaneseKanaEngine.json`, into compiled profiles.
//!
//! Every error names the file, the JSON path and the problem, e.g.
//! `profiles.json: $.profiles[0].rules["ка"]: unknown kana id "kx" (not in japaneseKanaEngine.json $.kana)`.
//! Unknown fields are errors, so a typo in a field name never silently drops data.
//!
//! A profile's keyboard beyond its letter rows is read in [`keyboard`]; both read rows of keys
//! with `rows` and check with `validate` (a value with where it sits, the error naming it).

pub mod keyboard;
mod rows;
mod validate;

use crate::composer::{ComposerTable, RuleSpec};
use crate::json::{self, format_path, quoted, PathPart, Value};
use crate::kana_script::DakutenCycles;
use crate::limits;
use keyboard::{KeyboardData, ProfileFacts, ProfileKeyboard};
use rows::parse_rows;
use std::collections::HashMap;
use validate::{check_identifier, is_input_char, At};

pub use rows::{FUNCTION_KEYS, ROW_COUNT};
pub use validate::DataError;

pub const PROFILES_FILE: &str = "profiles.json";
pub const KANA_ENGINE_FILE: &str = "japaneseKanaEngine.json";

/// A validated, compiled profile.
#[derive(Debug, Clone)]
pub struct Profile {
    pub id: String,
    /// Display names keyed by `en`, `ja`, `native`, in document order.
    pub names: Vec<(String, String)>,
    pub language: String,
    pub rows: Vec<Vec<String>>,
    pub table: ComposerTable,
    /// The keyboard's other layers, key inputs and key names (see [`keyboard`]).
    pub keyboard: ProfileKeyboard,
}

fn parse_document(file: &'static str, text: &str) -> Result<Value, DataError> {
    let limits = json::Limits {
        max_bytes: limits::MAX_DOCUMENT_BYTES,
        max_depth: limits::MAX_JSON_DEPTH,
        max_values: limits::MAX_JSON_VALUES,
    };
    json::parse(text, limits).map_err(|e| DataError {
        file,
        path: e.path.clone(),
        message: format!("invalid JSON at line {}, column {}: {}", e.line, e.column, e.message),
    })
}

fn check_version(at: &At<'_>) -> Result<(), DataError> {
    match at.value {
        Value::Number(n) if *n == 1.0 => Ok(()),
        Value::Number(n) => Err(at.error(format!("unsupported version {n}; this engine reads version 1"))),
        _ => Err(at.expected("the number 1")),
    }
}

/// The kana inventory and shared rule sets from `japaneseKanaEngine.json`.
#[derive(Debug, Clone)]
pub struct KanaEngine {
    kana: HashMap<String, String>,
    /// Rule set name → (input, kana id, pending) in document order.
    rule_sets: HashMap<String, Vec<RawRule>>,
    pub dakuten: DakutenCycles,
}

#[derive(Debug, Clone)]
struct RawRule {
    input: String,
    kana_id: String,
    pending: String,
    /// The rules object the rule was defined in (file and JSON path, shared by all its
    /// rules), for conflict messages; the rule itself sits at `[input]` inside it.
    origin: std::rc::Rc<str>,
}

impl RawRule {
    fn origin(&self) -> String {
        let step = format_path([PathPart::Key(&self.input)]);
        format!("{}{}", self.origin, &step[1..]) // `step` starts with "$"
    }
}

impl KanaEngine {
    pub fn parse(text: &str) -> Result<KanaEngine, DataError> {
        let root = parse_document(KANA_ENGINE_FILE, text)?;
        let at = At { file: KANA_ENGINE_FILE, path: Vec::new(), value: &root };
        let fields = at.fields(&["version", "kana"], &["$schema", "description", "ruleSets", "dakutenCycles"])?;
        check_version(&fields["version"])?;

        let mut kana = HashMap::new();
        let members = fields["kana"].members(limits::MAX_KANA, "kana")?;
        if members.is_empty() {
            return Err(fields["kana"].error("the kana inventory is empty"));
        }
        for (id, entry) in members {
            check_identifier(&entry, id, "kana id")?;
            let text = entry.non_empty_string()?;
            if text.chars().count() > limits::MAX_RULE_OUTPUT_CHARS {
                return Err(entry.error(format!("longer than {} characters", limits::MAX_RULE_OUTPUT_CHARS)));
            }
            kana.insert(id.to_string(), text.to_string());
        }

        let dakuten = match fields.get("dakutenCycles") {
            Some(cycles) => read_dakuten_cycles(cycles, &kana)?,
            None => DakutenCycles::default(),
        };
        let mut engine = KanaEngine { kana, rule_sets: HashMap::new(), dakuten };
        if let Some(sets) = fields.get("ruleSets") {
            for (name, set) in sets.members(limits::MAX_RULE_SETS, "rule sets")? {
                check_identifier(&set, name, "rule set name")?;
                let rules = engine.read_rules(&set)?;
                engine.rule_sets.insert(name.to_string(), rules);
            }
        }
        Ok(engine)
    }

    /// The kana text for an inventory id.
    pub fn kana(&self, id: &str) -> Option<&str> {
        self.kana.get(id).map(String::as_str)
    }

    /// Reads a rules object: `"input": "kanaId"` or `"input": {"kana": "kanaId", "pending": "…"}`.
    fn read_rules(&self, at: &At<'_>) -> Result<Vec<RawRule>, DataError> {
        let members = at.members(limits::MAX_RULES_PER_PROFILE, "rules")?;
        let mut rules = Vec::with_capacity(members.len());
        let origin: std::rc::Rc<str> = format!("{} {}", at.file, format_path(at.path.iter().copied())).into();
        for (input, rule) in members {
            check_rule_input(&rule, input)?;
            let (kana_at, kana_id, pending) = match rule.value {
                Value::String(id) => (rule.clone(), id.as_str(), ""),
                Value::Object(_) => {
                    let fields = rule.fields(&["kana"], &["pending"])?;
                    let pending = match fields.get("pending") {
                        Some(p) => p.non_empty_string()?,
                        None => "",
                    };
                    let kana_at = fields["kana"].clone();
                    let id = kana_at.string()?;
                    (kana_at, id, pending)
                }
                _ => return Err(rule.expected("a kana id string or an object {\"kana\": …, \"pending\": …}")),
            };
            if self.kana(kana_id).is_none() {
                return Err(kana_at.error(format!(
                    "unknown kana id {} (not in {KANA_ENGINE_FILE} $.kana)",
                    quoted(kana_id)
                )));
            }
            if pending.chars().count() >= input.chars().count() {
                return Err(rule.error(format!(
                    "pending {} must be shorter than the input {} (otherwise the rule never consumes a key)",
                    quoted(pending),
                    quoted(input)
                )));
            }
            if let Some(c) = pending.chars().find(|c| !is_input_char(*c)) {
                return Err(rule.error(format!("pending contains {} which cannot be typed into a rule", quoted(&c.to_string()))));
            }
            rules.push(RawRule {
                input: input.to_string(),
                kana_id: kana_id.to_string(),
                pending: pending.to_string(),
                origin: origin.clone(),
            });
        }
        Ok(rules)
    }
}

/// Reads `dakutenCycles`: arrays of kana ids, each a cycle of single kana such as
/// `["ha", "ba", "pa"]`. A kana may belong to one cycle only.
fn read_dakuten_cycles(at: &At<'_>, kana: &HashMap<String, String>) -> Result<DakutenCycles, DataError> {
    let mut cycles = Vec::new();
    let mut seen: HashMap<char, String> = HashMap::new();
    // A kana belongs to one cycle at most, so neither count can exceed the inventory.
    for cycle_at in at.array(limits::MAX_KANA, "dakuten cycles")? {
        let members = cycle_at.array(limits::MAX_KANA, "kana in one cycle")?;
        if members.len() < 2 {
            return Err(cycle_at.error("a cycle needs at least two kana"));
        }
        let mut cycle = Vec::with_capacity(members.len());
        for member in members {
            let id = member.string()?;
            let text = kana
                .get(id)
                .ok_or_else(|| member.error(format!("unknown kana id {} (not in $.kana)", quoted(id))))?;
            let mut chars = text.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(member.error(format!("kana {} is not a single character", quoted(id))));
            };
            let here = format_path(member.path.iter().copied());
            // Katakana cycles are derived from these, so a kana and its katakana form count
            // as one: either appearing twice would make one cycle silently override another.
            let katakana = crate::kana_script::katakana_char(c);
            for form in [c, katakana] {
                if let Some(first) = seen.get(&form) {
                    return Err(member.error(format!("kana {} is already in the cycle at {first}", quoted(id))));
                }
            }
            seen.insert(c, here.clone());
            seen.insert(katakana, here);
            cycle.push(c);
        }
        cycles.push(cycle);
    }
    Ok(DakutenCycles::new(&cycles))
}

fn check_rule_input(at: &At<'_>, input: &str) -> Result<(), DataError> {
    let count = input.chars().count();
    if count == 0 {
        return Err(at.error("rule input must not be empty"));
    }
    if count > limits::MAX_RULE_INPUT_CHARS {
        return Err(at.error(format!("rule input is {count} characters, over the limit of {}", limits::MAX_RULE_INPUT_CHARS)));
    }
    if let Some(c) = input.chars().find(|c| !is_input_char(*c)) {
        return Err(at.error(format!(
            "rule input contains {} (whitespace and control characters are reserved for named keys)",
            quoted(&c.to_string())
        )));
    }
    if input.to_lowercase() != input {
        return Err(at.error(format!(
            "rule input {} must be lowercase (uppercase keys are folded to lowercase before matching)",
            quoted(input)
        )));
    }
    Ok(())
}

/// Reads `profiles.json` against a kana engine.
pub fn parse_profiles(text: &str, kana: &KanaEngine) -> Result<Vec<Profile>, DataError> {
    let root = parse_document(PROFILES_FILE, text)?;
    let at = At { file: PROFILES_FILE, path: Vec::new(), value: &root };
    let fields = at.fields(&["version", "profiles"], &["$schema", "description", "keyboard"])?;
    check_version(&fields["version"])?;
    let shared = match fields.get("keyboard") {
        Some(keyboard) => KeyboardData::parse(keyboard)?,
        None => KeyboardData::default(),
    };
    let list = fields["profiles"].array(limits::MAX_PROFILES, "profiles")?;
    if list.is_empty() {
        return Err(fields["profiles"].error("at least one profile is required"));
    }
    let mut profiles: Vec<Profile> = Vec::with_capacity(list.len());
    let mut total_rules = 0usize;
    for entry in list {
        let profile = parse_profile(&entry, kana, &shared)?;
        total_rules += profile.table.rule_count();
        if total_rules > limits::MAX_TOTAL_RULES {
            return Err(entry.error(format!(
                "{total_rules} rules in the profiles up to this one, over the limit of {} for all profiles together",
                limits::MAX_TOTAL_RULES
            )));
        }
        if profiles.iter().any(|p| p.id == profile.id) {
            return Err(entry.error(format!("duplicate profile id {}", quoted(&profile.id))));
        }
        profiles.push(profile);
    }
    Ok(profiles)
}

fn parse_profile(at: &At<'_>, kana: &KanaEngine, shared: &KeyboardData) -> Result<Profile, DataError> {
    let fields = at.fields(&["id", "names", "language", "rules", "rows"], &["description", "ruleSets", "keyboard"])?;
    let id_at = &fields["id"];
    let id = id_at.string()?;
    check_identifier(id_at, id, "profile id")?;

    let names_fields = fields["names"].fields(&["en", "ja", "native"], &[])?;
    let mut names = Vec::new();
    for key in ["en", "ja", "native"] {
        names.push((key.to_string(), names_fields[key].non_empty_string()?.to_string()));
    }
    let language = fields["language"].non_empty_string()?.to_string();
    if let Some(description) = fields.get("description") {
        description.string()?;
    }

    // Shared rule sets first, then the profile's own rules; an input defined twice is a conflict.
    // The count is checked before each set is copied, so a long list of references to a
    // big rule set fails at once instead of copying it over and over.
    let mut raw: Vec<RawRule> = Vec::new();
    if let Some(sets) = fields.get("ruleSets") {
        let mut listed: std::collections::HashSet<&str> = std::collections::HashSet::new();
        for set_at in sets.array(limits::MAX_RULE_SETS, "rule sets")? {
            let name = set_at.string()?;
            if !listed.insert(name) {
                return Err(set_at.error(format!("rule set {} is listed twice", quoted(name))));
            }
            let rules = kana.rule_sets.get(name).ok_or_else(|| {
                set_at.error(format!("unknown rule set {} (not in {KANA_ENGINE_FILE} $.ruleSets)", quoted(name)))
            })?;
            if raw.len() + rules.len() > limits::MAX_RULES_PER_PROFILE {
                return Err(set_at.error(format!(
                    "{} rules with this rule set, over the limit of {}",
                    raw.len() + rules.len(),
                    limits::MAX_RULES_PER_PROFILE
                )));
            }
            raw.extend(rules.iter().cloned());
        }
    }
    let own = kana.read_rules(&fields["rules"])?;
    if raw.len() + own.len() > limits::MAX_RULES_PER_PROFILE {
        return Err(fields["rules"].error(format!(
            "{} rules, over the limit of {}",
            raw.len() + own.len(),
            limits::MAX_RULES_PER_PROFILE
        )));
    }
    raw.extend(own);
    let mut seen: HashMap<&str, &RawRule> = HashMap::new();
    for rule in &raw {
        if let Some(first) = seen.insert(&rule.input, rule) {
            return Err(fields["rules"].error(format!(
                "conflicting rules for input {}: defined at {} and at {}",
                quoted(&rule.input),
                first.origin(),
                rule.origin()
            )));
        }
    }
    let specs: Vec<RuleSpec> = raw
        .iter()
        .map(|r| RuleSpec {
            input: r.input.clone(),
            output: kana.kana(&r.kana_id).unwrap_or_default().to_string(),
            pending: r.pending.clone(),
        })
        .collect();

    let rows = parse_rows(&fields["rows"])?;
    let own_keyboard = match fields.get("keyboard") {
        Some(keyboard) => KeyboardData::parse(keyboard)?,
        None => KeyboardData::default(),
    };
    let profile = ProfileFacts { at, rows_at: &fields["rows"], rows: &rows, language: &language, has_rule: |input: &str| seen.contains_key(input) };
    let keyboard = ProfileKeyboard::resolve(profile, shared, &own_keyboard)?;
    Ok(Profile { id: id.to_string(), names, language, rows, table: ComposerTable::build(&specs), keyboard })
}
