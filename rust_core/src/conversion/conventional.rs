//! Conventional spellings (docs/PROFILES.md, "Conventional spellings"): the established
//! spellings of Japanese place names, companies and words of Japanese origin in each
//! Cyrillic language (`Токио`, `Иокогама`, `Сони`, `гейша`), which predate any
//! transcription system and which every writer uses.
//!
//! The table is data, `conventionalSpellings.json` beside profiles.json (schema in
//! `schemas/conventionalSpellings.schema.json`): per language, the profiles that type it and
//! its entries — spelling, Japanese text, reading and a named source. The converter only
//! sees kana, so every spelling is typed through each of its language's profiles, and the
//! kana (with any letter the profile left as typed) that come out become a reading of the
//! entry's text: where the input holds those kana, the dictionary's words of that reading
//! and text join the lattice at `HeardCosts::conventional` on top of their own cost (a
//! noun of the text at the cost of a user word if the dictionary lacks it; the lattice's
//! build pushes them, `lattice/build.rs`). A spelling whose kana already are the reading
//! (`Осака` typed as おさか is not, `Нагасаки` is) needs nothing: the dictionary finds it as
//! typed.

use super::input::lookup_char;
use crate::engine::Engine;
use crate::json::{self, Value};
use std::collections::HashMap;
use super::fnv::FnvHasher;
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

/// The bundled table, the same file the Swift package ships.
pub const BUNDLED_JSON: &str = include_str!("../../../Sources/CyrillicIME/Resources/conventionalSpellings.json");
const BUNDLED_PROFILES: &str = include_str!("../../../Sources/CyrillicIME/Resources/profiles.json");
const BUNDLED_KANA_ENGINE: &str = include_str!("../../../Sources/CyrillicIME/Resources/japaneseKanaEngine.json");

/// One entry of a language's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spelling {
    pub spelling: String,
    /// The Japanese written form (東京, ソニー, 芸者).
    pub text: String,
    /// Its reading in hiragana (とうきょう, そにー).
    pub reading: String,
    /// A key of the language's `sources`.
    pub source: String,
}

/// One language's table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageTable {
    /// BCP 47, as profiles.json's `language` (ru, uk, sr-Cyrl, be, bg).
    pub language: String,
    /// Ids of the profiles writers of this language type with.
    pub profiles: Vec<String>,
    /// Source keys and what they name.
    pub sources: Vec<(String, String)>,
    pub entries: Vec<Spelling>,
}

/// Parses the table document; an error names the path of what is wrong.
pub fn parse(text: &str) -> Result<Vec<LanguageTable>, String> {
    let limits = json::Limits { max_bytes: 4 << 20, max_depth: 8, max_values: 200_000 };
    let document = json::parse(text, limits).map_err(|e| format!("conventionalSpellings.json: {}: {}", e.path, e.message))?;
    let fail = |path: &str, message: &str| Err(format!("conventionalSpellings.json: {path}: {message}"));
    let Value::Object(members) = document else { return fail("$", "expected an object") };
    let Some((_, Value::Array(languages))) = members.iter().find(|(k, _)| k == "languages") else { return fail("$.languages", "expected an array") };
    let mut tables = Vec::new();
    for (i, language) in languages.iter().enumerate() {
        let path = format!("$.languages[{i}]");
        let Value::Object(fields) = language else { return fail(&path, "expected an object") };
        let get = |key: &str| fields.iter().find(|(k, _)| k == key).map(|(_, v)| v);
        let Some(Value::String(code)) = get("language") else { return fail(&path, "language must be a string") };
        let Some(Value::Array(profile_ids)) = get("profiles") else { return fail(&path, "profiles must be an array") };
        let profiles: Vec<String> = profile_ids.iter().filter_map(|p| if let Value::String(s) = p { Some(s.clone()) } else { None }).collect();
        let Some(Value::Object(source_fields)) = get("sources") else { return fail(&path, "sources must be an object") };
        let sources: Vec<(String, String)> = source_fields.iter().filter_map(|(k, v)| if let Value::String(s) = v { Some((k.clone(), s.clone())) } else { None }).collect();
        let Some(Value::Array(items)) = get("entries") else { return fail(&path, "entries must be an array") };
        let mut entries = Vec::with_capacity(items.len());
        for (j, item) in items.iter().enumerate() {
            let item_path = format!("{path}.entries[{j}]");
            let Value::Object(item) = item else { return fail(&item_path, "expected an object") };
            let field = |key: &str| match item.iter().find(|(k, _)| k == key) {
                Some((_, Value::String(s))) if !s.is_empty() => Ok(s.clone()),
                _ => Err(format!("conventionalSpellings.json: {item_path}.{key}: expected a non-empty string")),
            };
            let entry = Spelling { spelling: field("spelling")?, text: field("text")?, reading: field("reading")?, source: field("source")? };
            if !sources.iter().any(|(k, _)| *k == entry.source) {
                return fail(&format!("{item_path}.source"), &format!("{} is not a key of the language's sources", json::quoted(&entry.source)));
            }
            if !entry.reading.chars().all(|c| ('\u{3041}'..='\u{3096}').contains(&c) || c == 'ー') {
                return fail(&format!("{item_path}.reading"), "expected hiragana (and ー)");
            }
            entries.push(entry);
        }
        tables.push(LanguageTable { language: code.clone(), profiles, sources, entries });
    }
    Ok(tables)
}

/// A conventional spelling found in an input ([`SpellingIndex::find_in`]).
pub struct SpellingMatch<'a> {
    /// Where it lies: characters `start..end` of the input.
    pub start: usize,
    pub end: usize,
    /// The reading it stands for.
    pub reading: &'a str,
    /// The text it stands for.
    pub text: &'a str,
}

/// What the converter matches: the kana a spelling comes out as → (reading, text).
#[derive(Debug, Clone, Default)]
pub struct SpellingIndex {
    by_kana: HashMap<String, Vec<(String, String)>, BuildHasherDefault<FnvHasher>>,
    /// Every key and every beginning of one, and whether a longer key begins with it: the
    /// search from a position stops at the first run of kana no key begins with (most stop
    /// after one or two), where looking up every length up to the longest key's was most of
    /// its time.
    prefixes: HashMap<String, bool, BuildHasherDefault<FnvHasher>>,
    /// Longest key, in characters.
    longest: usize,
}

impl SpellingIndex {
    /// Types every spelling through each of its language's profiles in `engine` (lower-case,
    /// as the profile composes it); profiles `engine` does not have are skipped.
    pub fn build(tables: &[LanguageTable], engine: &Engine) -> SpellingIndex {
        let mut index = SpellingIndex::default();
        for table in tables {
            for profile in table.profiles.iter().filter_map(|id| engine.profile(id)) {
                for entry in &table.entries {
                    let kana: String = profile.table.convert(&entry.spelling.to_lowercase()).chars().map(lookup_char).collect();
                    // Typed as its own reading: the dictionary finds it without help.
                    if kana == entry.reading || kana.is_empty() {
                        continue;
                    }
                    let pair = (entry.reading.clone(), entry.text.clone());
                    let slot = index.by_kana.entry(kana.clone()).or_default();
                    if !slot.contains(&pair) {
                        slot.push(pair);
                        index.longest = index.longest.max(kana.chars().count());
                    }
                    let mut prefix = String::new();
                    let count = kana.chars().count();
                    for (i, c) in kana.chars().enumerate() {
                        prefix.push(c);
                        *index.prefixes.entry(prefix.clone()).or_default() |= i + 1 < count;
                    }
                }
            }
        }
        index
    }

    /// The bundled table over the bundled profiles, built once.
    pub fn bundled() -> &'static SpellingIndex {
        static INDEX: OnceLock<SpellingIndex> = OnceLock::new();
        INDEX.get_or_init(|| {
            let tables = parse(BUNDLED_JSON).unwrap_or_default();
            match Engine::from_documents(BUNDLED_PROFILES, BUNDLED_KANA_ENGINE) {
                Ok(engine) => SpellingIndex::build(&tables, &engine),
                Err(_) => SpellingIndex::default(),
            }
        })
    }

    /// The (reading, text) pairs typed as `kana`.
    pub fn get(&self, kana: &str) -> &[(String, String)] {
        self.by_kana.get(kana).map_or(&[], Vec::as_slice)
    }

    pub fn len(&self) -> usize {
        self.by_kana.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_kana.is_empty()
    }

    /// A reading's character as the spellings' kana are keyed: looked up as the dictionary is
    /// (`lookup_char`), and lower-case (a letter the profile left as typed).
    fn key_char(c: char) -> char {
        lookup_char(c).to_lowercase().next().unwrap_or(c)
    }

    /// The characters `input` as the spellings' kana are keyed.
    pub fn key_of(input: &[char]) -> String {
        input.iter().map(|&c| Self::key_char(c)).collect()
    }

    /// Whether the characters `input`, all of them, are a conventional spelling.
    pub fn knows(&self, input: &[char]) -> bool {
        !self.get(&Self::key_of(input)).is_empty()
    }

    /// Every conventional spelling found in `input` (a reading's characters, looked up as the
    /// spellings were typed), start by start, shorter first.
    pub fn find_in(&self, input: &[char]) -> Vec<SpellingMatch<'_>> {
        let mut found = Vec::new();
        if self.by_kana.is_empty() {
            return found;
        }
        let lookup: Vec<char> = input.iter().map(|&c| Self::key_char(c)).collect();
        let mut key = String::new();
        for start in 0..lookup.len() {
            key.clear();
            for end in start + 1..=(start + self.longest).min(lookup.len()) {
                key.push(lookup[end - 1]);
                let Some(&longer) = self.prefixes.get(&key) else { break };
                found.extend(self.get(&key).iter().map(|(reading, text)| SpellingMatch { start, end, reading, text }));
                if !longer {
                    break;
                }
            }
        }
        found
    }
}

