//! The transcription table: `foreignTranscriptions.json` read with the crate's JSON reader
//! and checked the way `scripts/tools/validate_schemas.py` checks it, so a broken table is
//! refused here too, with the JSON path of what is wrong.

use crate::compose::Compositions;
use crate::json::{self, Value};
use std::collections::HashMap;

/// The name errors start with.
const FILE: &str = "foreignTranscriptions.json";

/// Context names with a meaning of their own; every other name is a class of the language.
const START: &str = "start";
const END: &str = "end";
const SAME: &str = "same";

/// The class every language must have: the letters a lengthening (ー) may follow.
const VOWEL_CLASS: &str = "vowel";

/// Bounds on a pattern and its alternatives (the schema's, checked again here).
const MAX_PATTERN_LETTERS: usize = 4;
const MAX_ALTERNATIVES: usize = 4;
const MAX_COST: f64 = 10_000.0;

/// One way of writing a pattern, at a cost (0 for the convention's first choice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternative {
    pub katakana: String,
    pub cost: i32,
}

/// What one side of a pattern must be for it to apply. A side with no condition admits
/// anything; otherwise any of the boundary, the same letter or one of the classes admits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Context {
    unconstrained: bool,
    /// The start of the word (before the pattern) or its end (after it).
    boundary: bool,
    /// The neighbour is the same letter as the pattern's letter beside it (a doubled consonant).
    same: bool,
    /// Bit set of the language's classes.
    classes: u32,
}

impl Context {
    const ANY: Context = Context { unconstrained: true, boundary: false, same: false, classes: 0 };

    /// Whether a neighbour (None at the word's edge) of its own classes admits the
    /// pattern whose letter beside it is `own`.
    pub(crate) fn admits(&self, neighbour: Option<(char, u32)>, own: char) -> bool {
        if self.unconstrained {
            return true;
        }
        match neighbour {
            None => self.boundary,
            Some((letter, classes)) => (self.same && letter == own) || self.classes & classes != 0,
        }
    }
}

/// One pattern of a group, with the group's context and its alternatives, best first.
#[derive(Debug, Clone)]
pub struct Rule {
    /// The lower-case letters it matches.
    pub letters: Vec<char>,
    pub alternatives: Vec<Alternative>,
    /// A key of the language's sources.
    pub source: String,
    /// Where it is in the file, for messages (`$.languages[0].rules[2].patterns["ка"]`).
    pub path: String,
    pub(crate) after: Context,
    pub(crate) before: Context,
}

/// The costs of the variants with one lengthened vowel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lengthening {
    /// After the vowel a stress is likeliest on: the penultimate vowel letter, and the last
    /// one when the word ends in a consonant (or the vowel a stress mark is on).
    pub preferred_cost: i32,
    /// After any other vowel.
    pub cost: i32,
}

/// One language's table.
#[derive(Debug, Clone)]
pub struct Language {
    /// BCP 47, as profiles.json's `language` (ru, uk, be, sr-Cyrl, bg).
    pub code: String,
    /// Source keys and what they name.
    pub sources: Vec<(String, String)>,
    pub rules: Vec<Rule>,
    pub hyphen: Vec<Alternative>,
    pub lengthening: Lengthening,
    /// Letter → bit set of its classes; its keys are the alphabet.
    pub(crate) letter_classes: HashMap<char, u32>,
    /// The bit of the `vowel` class.
    pub(crate) vowel_bit: u32,
    /// First letter → indices of the rules that start with it, longest first, then in
    /// file order: the first whose letters and context match is the one that applies.
    pub(crate) by_first: HashMap<char, Vec<u32>>,
    /// Compositions of the alphabet's letters (`е` + U+0308 → `ё`), for decomposed input.
    pub(crate) compositions: Compositions,
}

impl Language {
    /// The classes of `letter`, or None if it is not a letter of the language.
    pub(crate) fn classes_of(&self, letter: char) -> Option<u32> {
        self.letter_classes.get(&letter).copied()
    }

    pub(crate) fn is_vowel(&self, letter: char) -> bool {
        self.classes_of(letter).is_some_and(|c| c & self.vowel_bit != 0)
    }
}

type Members<'a> = &'a [(String, Value)];

fn fail<T>(path: &str, message: &str) -> Result<T, String> {
    Err(format!("{FILE}: {path}: {message}"))
}

fn member<'a>(members: Members<'a>, key: &str) -> Option<&'a Value> {
    members.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

/// Refuses a member the format does not have (a misspelt key would otherwise be ignored).
fn only_known(members: Members<'_>, known: &[&str], path: &str) -> Result<(), String> {
    match members.iter().find(|(k, _)| !known.contains(&k.as_str())) {
        Some((key, _)) => fail(path, &format!("unknown member {}", json::quoted(key))),
        None => Ok(()),
    }
}

fn object<'a>(value: Option<&'a Value>, path: &str) -> Result<Members<'a>, String> {
    match value {
        Some(Value::Object(members)) => Ok(members),
        _ => fail(path, "expected an object"),
    }
}

fn array<'a>(value: Option<&'a Value>, path: &str) -> Result<&'a [Value], String> {
    match value {
        Some(Value::Array(items)) if !items.is_empty() => Ok(items),
        _ => fail(path, "expected a non-empty array"),
    }
}

fn string<'a>(value: Option<&'a Value>, path: &str) -> Result<&'a str, String> {
    match value {
        Some(Value::String(s)) if !s.is_empty() => Ok(s),
        _ => fail(path, "expected a non-empty string"),
    }
}

fn cost(value: Option<&Value>, path: &str) -> Result<i32, String> {
    match value {
        Some(Value::Number(n)) if n.fract() == 0.0 && (0.0..=MAX_COST).contains(n) => Ok(*n as i32),
        _ => fail(path, &format!("expected a whole number from 0 to {MAX_COST}")),
    }
}

/// Costs by place, never decreasing (the first alternative is the convention's choice).
fn costs(value: Option<&Value>, path: &str) -> Result<Vec<i32>, String> {
    let items = array(value, path)?;
    if items.len() > MAX_ALTERNATIVES {
        return fail(path, &format!("more than {MAX_ALTERNATIVES} costs"));
    }
    let costs = items.iter().enumerate().map(|(i, v)| cost(Some(v), &format!("{path}[{i}]"))).collect::<Result<Vec<_>, _>>()?;
    if costs.windows(2).any(|w| w[1] < w[0]) {
        return fail(path, "costs must not decrease: the first alternative is the best");
    }
    Ok(costs)
}

fn is_katakana(text: &str) -> bool {
    text.chars().all(|c| ('\u{30A1}'..='\u{30FC}').contains(&c) || c == '\u{FF1D}')
}

/// A katakana value, or the alternatives of an array, paired with `costs` by place.
fn alternatives(value: &Value, costs: &[i32], path: &str) -> Result<Vec<Alternative>, String> {
    let texts: Vec<&Value> = match value {
        Value::Array(items) if !items.is_empty() => items.iter().collect(),
        Value::String(_) => vec![value],
        _ => return fail(path, "expected katakana or a non-empty array of katakana"),
    };
    if texts.len() > costs.len() {
        return fail(path, &format!("{} alternatives but {} costs", texts.len(), costs.len()));
    }
    let mut out = Vec::with_capacity(texts.len());
    for (i, text) in texts.into_iter().enumerate() {
        let Value::String(text) = text else { return fail(&format!("{path}[{i}]"), "expected katakana") };
        if !is_katakana(text) {
            return fail(path, &format!("{} is not katakana", json::quoted(text)));
        }
        out.push(Alternative { katakana: text.clone(), cost: costs[i] });
    }
    Ok(out)
}

/// Parses the table document; an error names the path of what is wrong.
pub fn parse(text: &str) -> Result<Vec<Language>, String> {
    let limits = json::Limits { max_bytes: 1 << 20, max_depth: 8, max_values: 50_000 };
    let document = json::parse(text, limits).map_err(|e| format!("{FILE}: {}: {}", e.path, e.message))?;
    let Value::Object(top) = &document else { return fail("$", "expected an object") };
    only_known(top, &["$schema", "version", "description", "languages"], "$")?;
    if !matches!(member(top, "version"), Some(Value::Number(n)) if *n == 1.0) {
        return fail("$.version", "expected 1");
    }
    let mut languages: Vec<Language> = Vec::new();
    for (i, value) in array(member(top, "languages"), "$.languages")?.iter().enumerate() {
        let language = parse_language(value, &format!("$.languages[{i}]"))?;
        if languages.iter().any(|l| l.code == language.code) {
            return fail(&format!("$.languages[{i}].language"), &format!("{} is listed twice", json::quoted(&language.code)));
        }
        languages.push(language);
    }
    Ok(languages)
}

fn parse_language(value: &Value, path: &str) -> Result<Language, String> {
    let fields = object(Some(value), path)?;
    only_known(fields, &["language", "sources", "classes", "lengthening", "hyphen", "rules"], path)?;
    let code = string(member(fields, "language"), &format!("{path}.language"))?.to_string();
    let sources_path = format!("{path}.sources");
    let mut sources = Vec::new();
    for (key, value) in object(member(fields, "sources"), &sources_path)? {
        let what = string(Some(value), &format!("{sources_path}[{}]", json::quoted(key)))?;
        sources.push((key.clone(), what.to_string()));
    }
    if sources.is_empty() {
        return fail(&sources_path, "expected at least one source");
    }
    let named = |source: &str, at: &str| -> Result<String, String> {
        if sources.iter().any(|(k, _)| k == source) {
            Ok(source.to_string())
        } else {
            fail(at, &format!("{} is not a key of the language's sources", json::quoted(source)))
        }
    };

    let classes_path = format!("{path}.classes");
    let mut class_names: Vec<String> = Vec::new();
    let mut letter_classes: HashMap<char, u32> = HashMap::new();
    for (name, letters) in object(member(fields, "classes"), &classes_path)? {
        let at = format!("{classes_path}[{}]", json::quoted(name));
        if [START, END, SAME].contains(&name.as_str()) || name.is_empty() || !name.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
            return fail(&at, "a class name is lower-case letters and _, and not start, end or same");
        }
        if class_names.len() == u32::BITS as usize {
            return fail(&at, "more than 32 classes");
        }
        let bit = 1u32 << class_names.len();
        class_names.push(name.clone());
        for letter in string(Some(letters), &at)?.chars() {
            if !is_letter(letter) {
                return fail(&at, &format!("{} is not a lower-case Cyrillic letter or an apostrophe", json::quoted(&letter.to_string())));
            }
            *letter_classes.entry(letter).or_default() |= bit;
        }
    }
    let Some(vowel_index) = class_names.iter().position(|n| n == VOWEL_CLASS) else {
        return fail(&classes_path, "expected a class named vowel");
    };
    let context = |value: Option<&Value>, boundary: &str, at: &str| -> Result<Context, String> {
        let Some(value) = value else { return Ok(Context::ANY) };
        let mut context = Context { unconstrained: false, boundary: false, same: false, classes: 0 };
        for (i, name) in array(Some(value), at)?.iter().enumerate() {
            let name = string(Some(name), &format!("{at}[{i}]"))?;
            if name == boundary {
                context.boundary = true;
            } else if name == SAME {
                context.same = true;
            } else if let Some(index) = class_names.iter().position(|n| n == name) {
                context.classes |= 1 << index;
            } else {
                return fail(&format!("{at}[{i}]"), &format!("{} is neither {boundary}, same nor a class", json::quoted(name)));
            }
        }
        Ok(context)
    };

    let lengthening_path = format!("{path}.lengthening");
    let lengthening_fields = object(member(fields, "lengthening"), &lengthening_path)?;
    only_known(lengthening_fields, &["source", "preferred_cost", "cost"], &lengthening_path)?;
    named(string(member(lengthening_fields, "source"), &format!("{lengthening_path}.source"))?, &format!("{lengthening_path}.source"))?;
    let lengthening = Lengthening {
        preferred_cost: cost(member(lengthening_fields, "preferred_cost"), &format!("{lengthening_path}.preferred_cost"))?,
        cost: cost(member(lengthening_fields, "cost"), &format!("{lengthening_path}.cost"))?,
    };

    let hyphen_path = format!("{path}.hyphen");
    let hyphen_fields = object(member(fields, "hyphen"), &hyphen_path)?;
    only_known(hyphen_fields, &["source", "katakana", "costs"], &hyphen_path)?;
    named(string(member(hyphen_fields, "source"), &format!("{hyphen_path}.source"))?, &format!("{hyphen_path}.source"))?;
    let hyphen_costs = costs(member(hyphen_fields, "costs"), &format!("{hyphen_path}.costs"))?;
    let Some(hyphen_value) = member(hyphen_fields, "katakana") else { return fail(&hyphen_path, "expected katakana") };
    let hyphen = alternatives(hyphen_value, &hyphen_costs, &format!("{hyphen_path}.katakana"))?;

    let mut rules: Vec<Rule> = Vec::new();
    for (g, group) in array(member(fields, "rules"), &format!("{path}.rules"))?.iter().enumerate() {
        let group_path = format!("{path}.rules[{g}]");
        let group_fields = object(Some(group), &group_path)?;
        only_known(group_fields, &["note", "source", "after", "before", "costs", "patterns"], &group_path)?;
        string(member(group_fields, "note"), &format!("{group_path}.note"))?;
        let source = named(string(member(group_fields, "source"), &format!("{group_path}.source"))?, &format!("{group_path}.source"))?;
        let after = context(member(group_fields, "after"), START, &format!("{group_path}.after"))?;
        let before = context(member(group_fields, "before"), END, &format!("{group_path}.before"))?;
        let group_costs = match member(group_fields, "costs") {
            Some(value) => costs(Some(value), &format!("{group_path}.costs"))?,
            None => vec![0],
        };
        let patterns = object(member(group_fields, "patterns"), &format!("{group_path}.patterns"))?;
        if patterns.is_empty() {
            return fail(&format!("{group_path}.patterns"), "expected at least one pattern");
        }
        for (pattern, value) in patterns {
            let at = format!("{group_path}.patterns[{}]", json::quoted(pattern));
            let letters: Vec<char> = pattern.chars().collect();
            if letters.is_empty() || letters.len() > MAX_PATTERN_LETTERS {
                return fail(&at, &format!("a pattern is 1 to {MAX_PATTERN_LETTERS} letters"));
            }
            if let Some(stranger) = letters.iter().find(|c| !letter_classes.contains_key(c)) {
                return fail(&at, &format!("{} is in none of the language's classes", json::quoted(&stranger.to_string())));
            }
            if let Some(earlier) = rules.iter().find(|r| r.letters == letters && r.after == after && r.before == before) {
                return fail(&at, &format!("the same letters and context as {}: it would never apply", earlier.path));
            }
            let alternatives = alternatives(value, &group_costs, &at)?;
            rules.push(Rule { letters, alternatives, source: source.clone(), path: at, after, before });
        }
    }
    let mut alphabet: Vec<char> = letter_classes.keys().copied().collect();
    alphabet.sort_unstable();
    for letter in &alphabet {
        if !rules.iter().any(|r| r.letters == [*letter] && r.after == Context::ANY && r.before == Context::ANY) {
            return fail(&format!("{path}.rules"), &format!("no pattern without context for {}: a word with it could not be written", json::quoted(&letter.to_string())));
        }
    }
    let mut by_first: HashMap<char, Vec<u32>> = HashMap::new();
    for (index, rule) in rules.iter().enumerate() {
        by_first.entry(rule.letters[0]).or_default().push(index as u32);
    }
    for indices in by_first.values_mut() {
        // Stable: of equally long patterns, the first in the file stays first.
        indices.sort_by_key(|&i| std::cmp::Reverse(rules[i as usize].letters.len()));
    }
    Ok(Language {
        code,
        sources,
        rules,
        hyphen,
        lengthening,
        letter_classes,
        vowel_bit: 1 << vowel_index,
        by_first,
        compositions: Compositions::for_letters(alphabet),
    })
}

/// A letter a pattern or class may hold: lower-case Cyrillic, or the apostrophe of
/// Ukrainian and Belarusian spelling.
fn is_letter(c: char) -> bool {
    c == '\'' || (('\u{0400}'..='\u{04FF}').contains(&c) && !c.is_uppercase())
}
