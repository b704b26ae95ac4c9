//! The user store: what the writer chose (learned segments and whole phrases) and the
//! writer's own words (the user dictionary). docs/LEARNING.md describes the rules.
//!
//! [`UserData`] is a plain value the converter reads (`Request::user`,
//! `prediction::predict_with`); [`store::UserStore`] keeps it in a directory, one file per
//! store ([`file`]); the exports (`user_ffi.rs`, `ffi_state.rs`) share it between threads as
//! an `Arc` snapshot, so a conversion never waits for a save.
//!
//! Decay (azooKey-style): every learn call advances a logical clock (`tick`); a choice's
//! weight is its score halved every [`HALF_LIFE`] ticks since it was last chosen, plus one
//! for every new choice. For a reading, the most recent choice ranks first, the others by
//! weight; choices whose weight fell under [`MIN_WEIGHT`] are dropped, and past the size
//! bounds the least recently used go first.

pub mod api;
pub mod change;
pub mod class;
pub mod file;
pub mod lock;
pub mod store;

use crate::kana_script::to_hiragana;
use crate::limits;
use std::collections::BTreeMap;

pub use class::WordClass;

/// Learn calls after which an unused choice's weight has halved.
pub const HALF_LIFE: f64 = 1000.0;
/// Choices lighter than this are forgotten (a single choice unused for 8 half-lives).
pub const MIN_WEIGHT: f64 = 1.0 / 256.0;

/// One learned choice of text for a reading.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub text: String,
    /// Weight at tick `last`.
    pub score: f64,
    /// Tick of the latest choice.
    pub last: u64,
}

/// One word of the user dictionary under its reading: what it is written as and its class.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct UserWord {
    pub text: String,
    pub class: WordClass,
}

impl UserWord {
    pub fn new(text: &str, class: WordClass) -> UserWord {
        UserWord { text: text.to_string(), class }
    }
}

/// One learned whole phrase: its segments (reading, text) in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Phrase {
    pub segments: Vec<(String, String)>,
    pub score: f64,
    pub last: u64,
}

impl Phrase {
    pub fn text(&self) -> String {
        self.segments.iter().map(|(_, t)| t.as_str()).collect()
    }

    /// Segment lengths in characters.
    pub fn lengths(&self) -> Vec<usize> {
        self.segments.iter().map(|(r, _)| r.chars().count()).collect()
    }
}

/// The weight of a choice last made at `last`, seen at `now`.
pub fn weight(score: f64, last: u64, now: u64) -> f64 {
    score * 0.5f64.powf(now.saturating_sub(last) as f64 / HALF_LIFE)
}

/// Keeps at most `max` items in `map`, dropping the least recently used (`last`) first.
fn evict<T>(map: &mut BTreeMap<String, Vec<T>>, max: usize, last: impl Fn(&T) -> u64) {
    let total: usize = map.values().map(Vec::len).sum();
    if total <= max {
        return;
    }
    let mut all: Vec<(u64, String, usize)> = map.iter().flat_map(|(r, v)| v.iter().enumerate().map(|(i, x)| (last(x), r.clone(), i)).collect::<Vec<_>>()).collect();
    all.sort();
    let doomed: std::collections::HashSet<(String, usize)> = all.into_iter().take(total - max).map(|(_, r, i)| (r, i)).collect();
    for (reading, items) in map.iter_mut() {
        let mut i = 0;
        items.retain(|_| {
            let keep = !doomed.contains(&(reading.clone(), i));
            i += 1;
            keep
        });
    }
}

/// Everything the user store holds; the converter reads it, the store changes it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UserData {
    /// Logical clock: learn calls so far.
    pub tick: u64,
    /// Segment reading (as typed) → choices.
    pub segments: BTreeMap<String, Vec<Choice>>,
    /// Whole reading (as typed) → phrases (distinct texts).
    pub phrases: BTreeMap<String, Vec<Phrase>>,
    /// User dictionary: reading (hiragana) → words, sorted by text (one class per text).
    pub words: BTreeMap<String, Vec<UserWord>>,
    /// Choices made after a given word (Mozc's history bigram): `pair_key(word before,
    /// segment reading)` → choices. Texts and readings hold no control characters, so the
    /// tab in the key cannot be ambiguous.
    pub pairs: BTreeMap<String, Vec<Choice>>,
}

/// The key of `pairs`: the word before, a tab, the segment's reading.
pub fn pair_key(before: &str, reading: &str) -> String {
    format!("{before}\t{reading}")
}

/// Why a value cannot be stored.
fn bad_text(what: &str, text: &str, max: usize) -> Option<String> {
    let len = text.chars().count();
    if len == 0 {
        return Some(format!("{what} is empty"));
    }
    if len > max {
        return Some(format!("{what} is {len} characters, over the limit of {max}"));
    }
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Some(format!("{what} contains the control character U+{:04X}", c as u32));
    }
    None
}

/// Checks the reading of a user word (kana only, bounded) and returns it as hiragana.
pub fn user_reading(reading: &str) -> Result<String, String> {
    if let Some(problem) = bad_text("$reading", reading, limits::MAX_USER_READING_CHARS) {
        return Err(problem);
    }
    if let Some(c) = reading.chars().find(|&c| !matches!(c, '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30F6}' | 'ー')) {
        return Err(format!("$reading must be kana (hiragana, katakana or ー), but contains {}", crate::json::quoted(&c.to_string())));
    }
    Ok(to_hiragana(reading))
}

/// Checks the text of a user word.
pub fn user_text(text: &str) -> Result<(), String> {
    bad_text("$text", text, limits::MAX_USER_TEXT_CHARS).map_or(Ok(()), Err)
}

/// Checks a committed conversion for `learn`: the segments' readings join to the reading,
/// no text is empty, too long or has control characters.
pub fn check_commit(reading: &str, segments: &[(String, String)]) -> Result<(), String> {
    if let Some(problem) = bad_text("$reading", reading, limits::MAX_READING_CHARS) {
        return Err(problem);
    }
    if segments.is_empty() {
        return Err("$segments is empty".to_string());
    }
    for (i, (r, t)) in segments.iter().enumerate() {
        if let Some(problem) = bad_text(&format!("$segments[{i}].reading"), r, limits::MAX_READING_CHARS) {
            return Err(problem);
        }
        if let Some(problem) = bad_text(&format!("$segments[{i}].text"), t, limits::MAX_LEARNED_TEXT_CHARS) {
            return Err(problem);
        }
    }
    let joined: String = segments.iter().map(|(r, _)| r.as_str()).collect();
    if joined != reading {
        return Err(format!("the readings of $segments join to {}, not to $reading {}", crate::json::quoted(&joined), crate::json::quoted(reading)));
    }
    Ok(())
}

impl UserData {
    /// Learned segment choices and phrases.
    pub fn learned_count(&self) -> usize {
        // Pairs (choices after a word) go with the choices they repeat: not counted apart.
        self.segments.values().map(Vec::len).sum::<usize>() + self.phrases.values().map(Vec::len).sum::<usize>()
    }

    pub fn word_count(&self) -> usize {
        self.words.values().map(Vec::len).sum()
    }

    /// Learns a committed conversion (checked with [`check_commit`]) written after the word
    /// `before` (the left context's word, `conversion::context`): each segment's choice is
    /// also remembered after the word before it — `before` for the first segment.
    pub fn learn_after(&mut self, before: Option<&str>, reading: &str, segments: &[(String, String)]) {
        self.learn(reading, segments);
        let now = self.tick;
        let mut previous = before.filter(|b| !b.is_empty() && b.chars().count() <= limits::MAX_LEARNED_TEXT_CHARS && !b.chars().any(char::is_control));
        for (r, t) in segments {
            if let Some(before) = previous {
                let choices = self.pairs.entry(pair_key(before, r)).or_default();
                match choices.iter_mut().find(|c| &c.text == t) {
                    Some(c) => {
                        c.score = weight(c.score, c.last, now) + 1.0;
                        c.last = now;
                    }
                    None => choices.push(Choice { text: t.clone(), score: 1.0, last: now }),
                }
            }
            previous = Some(t);
        }
        self.prune();
    }

    /// The texts chosen for `reading` right after the word `before`, best first.
    pub fn pair_texts(&self, before: &str, reading: &str) -> Vec<&str> {
        let Some(choices) = self.pairs.get(&pair_key(before, reading)) else { return Vec::new() };
        let mut ranked: Vec<&Choice> = choices.iter().collect();
        self.rank(&mut ranked, |c| (c.score, c.last));
        ranked.into_iter().map(|c| c.text.as_str()).collect()
    }

    /// What was written right after the word `before`, most recent first: (text, reading).
    pub fn followers_of(&self, before: &str) -> Vec<(String, String)> {
        if before.is_empty() {
            return Vec::new();
        }
        let prefix = pair_key(before, "");
        let mut found: Vec<(u64, String, String)> = Vec::new();
        for (key, choices) in self.pairs.range(prefix.clone()..) {
            let Some(reading) = key.strip_prefix(&prefix) else { break };
            found.extend(choices.iter().map(|c| (c.last, c.text.clone(), reading.to_string())));
        }
        found.sort_by_key(|&(last, ..)| std::cmp::Reverse(last));
        found.into_iter().map(|(_, text, reading)| (text, reading)).collect()
    }

    /// Learns a committed conversion (checked with [`check_commit`]).
    pub fn learn(&mut self, reading: &str, segments: &[(String, String)]) {
        self.tick += 1;
        let now = self.tick;
        for (r, t) in segments {
            let choices = self.segments.entry(r.clone()).or_default();
            match choices.iter_mut().find(|c| &c.text == t) {
                Some(c) => {
                    c.score = weight(c.score, c.last, now) + 1.0;
                    c.last = now;
                }
                None => choices.push(Choice { text: t.clone(), score: 1.0, last: now }),
            }
        }
        if reading.chars().count() <= limits::MAX_LEARNED_PHRASE_CHARS {
            let text: String = segments.iter().map(|(_, t)| t.as_str()).collect();
            let phrases = self.phrases.entry(reading.to_string()).or_default();
            match phrases.iter_mut().find(|p| p.text() == text) {
                Some(p) => {
                    p.score = weight(p.score, p.last, now) + 1.0;
                    p.last = now;
                    p.segments = segments.to_vec();
                }
                None => phrases.push(Phrase { segments: segments.to_vec(), score: 1.0, last: now }),
            }
        }
        self.prune();
    }

    /// Drops choices whose weight decayed away, then the least recently used past the bounds.
    pub fn prune(&mut self) {
        let now = self.tick;
        for choices in self.segments.values_mut() {
            choices.retain(|c| weight(c.score, c.last, now) >= MIN_WEIGHT);
        }
        for phrases in self.phrases.values_mut() {
            phrases.retain(|p| weight(p.score, p.last, now) >= MIN_WEIGHT);
        }
        for choices in self.pairs.values_mut() {
            choices.retain(|c| weight(c.score, c.last, now) >= MIN_WEIGHT);
        }
        evict(&mut self.segments, limits::MAX_LEARNED_CHOICES, |c| c.last);
        evict(&mut self.phrases, limits::MAX_LEARNED_PHRASES, |p| p.last);
        evict(&mut self.pairs, limits::MAX_LEARNED_CHOICES, |c| c.last);
        self.segments.retain(|_, v| !v.is_empty());
        self.phrases.retain(|_, v| !v.is_empty());
        self.pairs.retain(|_, v| !v.is_empty());
    }

    /// The learned texts of a segment reading, best first: the most recent choice, then
    /// the others by decayed weight.
    pub fn segment_texts(&self, reading: &str) -> Vec<&str> {
        let Some(choices) = self.segments.get(reading) else { return Vec::new() };
        let mut ranked: Vec<&Choice> = choices.iter().collect();
        self.rank(&mut ranked, |c| (c.score, c.last));
        ranked.into_iter().map(|c| c.text.as_str()).collect()
    }

    /// The best learned phrase of a whole reading whose segmentation starts with `fixed`.
    pub fn phrase_for(&self, reading: &str, fixed: &[usize]) -> Option<&Phrase> {
        let phrases = self.phrases.get(reading)?;
        let mut ranked: Vec<&Phrase> = phrases.iter().filter(|p| p.lengths().starts_with(fixed)).collect();
        self.rank(&mut ranked, |p| (p.score, p.last));
        ranked.into_iter().next()
    }

    /// Most recent first, then by weight now (heaviest first).
    fn rank<T>(&self, items: &mut [&T], key: impl Fn(&T) -> (f64, u64)) {
        let now = self.tick;
        items.sort_by(|a, b| {
            let (sa, la) = key(a);
            let (sb, lb) = key(b);
            weight(sb, lb, now).total_cmp(&weight(sa, la, now)).then(lb.cmp(&la))
        });
        if let Some(latest) = (0..items.len()).max_by_key(|&i| key(items[i]).1) {
            items[..=latest].rotate_right(1);
        }
    }

    /// Learned phrases whose reading starts with `prefix` (both compared as hiragana), most
    /// recent first, except those committed as their own kana: (text, reading).
    pub fn phrases_with_prefix(&self, prefix: &str) -> Vec<(String, String)> {
        let prefix = to_hiragana(prefix);
        let mut found: Vec<(u64, String, String)> = Vec::new();
        for (reading, phrases) in &self.phrases {
            let hiragana = to_hiragana(reading);
            if !hiragana.starts_with(&prefix) {
                continue;
            }
            for p in phrases {
                let text = p.text();
                if text != hiragana && text != *reading {
                    found.push((p.last, text, reading.clone()));
                }
            }
        }
        found.sort_by_key(|f| std::cmp::Reverse(f.0));
        found.into_iter().map(|(_, t, r)| (t, r)).collect()
    }

    /// User words whose reading starts with `prefix` (as hiragana), shortest reading first:
    /// (text, reading).
    pub fn words_with_prefix(&self, prefix: &str) -> Vec<(String, String)> {
        let prefix = to_hiragana(prefix);
        let mut found: Vec<(String, String)> = Vec::new();
        for (reading, texts) in self.words.range(prefix.clone()..) {
            if !reading.starts_with(&prefix) {
                break;
            }
            found.extend(texts.iter().map(|w| (w.text.clone(), reading.clone())));
        }
        found.sort_by_key(|(_, r)| r.chars().count());
        found
    }

    /// Adds a user word as a common noun (reading already checked and in hiragana). False if
    /// it was there.
    pub fn add_word(&mut self, reading: &str, text: &str) -> Result<bool, String> {
        self.add_word_as(reading, text, WordClass::Noun)
    }

    /// Adds a user word of `class`. A word already there with another class takes the new
    /// one (the writer corrected it): true then too; false if it was there as it is.
    pub fn add_word_as(&mut self, reading: &str, text: &str, class: WordClass) -> Result<bool, String> {
        if let Some(word) = self.words.get_mut(reading).and_then(|w| w.iter_mut().find(|w| w.text == text)) {
            let changed = word.class != class;
            word.class = class;
            return Ok(changed);
        }
        if self.word_count() >= limits::MAX_USER_WORDS {
            return Err(format!("the user dictionary is full ({} words, the most it holds): remove a word first", limits::MAX_USER_WORDS));
        }
        let words = self.words.entry(reading.to_string()).or_default();
        words.push(UserWord::new(text, class));
        words.sort();
        Ok(true)
    }

    /// The texts of the user words of `reading`, sorted.
    pub fn word_texts(&self, reading: &str) -> Vec<&str> {
        self.words.get(reading).map_or_else(Vec::new, |w| w.iter().map(|w| w.text.as_str()).collect())
    }

    /// Removes a user word (whatever its class); false if there was none.
    pub fn remove_word(&mut self, reading: &str, text: &str) -> bool {
        let Some(words) = self.words.get_mut(reading) else { return false };
        let before = words.len();
        words.retain(|w| w.text != text);
        let removed = words.len() < before;
        if words.is_empty() {
            self.words.remove(reading);
        }
        removed
    }

    /// Forgets every learned choice and phrase; returns how many there were.
    pub fn forget_all(&mut self) -> usize {
        let n = self.learned_count();
        self.segments.clear();
        self.phrases.clear();
        self.pairs.clear();
        n
    }

    /// Empties the user dictionary; returns how many words there were.
    pub fn forget_words(&mut self) -> usize {
        let n = self.word_count();
        self.words.clear();
        n
    }

    /// Forgets every choice learned for `reading` (compared as hiragana, so キタ goes with
    /// きた): its segment choices (also those made after particular words), the phrases of
    /// that whole reading, and every phrase holding a segment of that reading. Returns how
    /// many went.
    pub fn forget_reading(&mut self, reading: &str) -> usize {
        let reading = to_hiragana(reading);
        let same = |r: &str| to_hiragana(r) == reading;
        let mut removed = 0;
        for (r, choices) in self.segments.iter_mut() {
            if same(r) {
                removed += choices.len();
                choices.clear();
            }
        }
        // The choices made for it after particular words go too (not counted apart).
        self.pairs.retain(|key, _| !key.split_once('\t').is_some_and(|(_, r)| same(r)));
        for (r, phrases) in self.phrases.iter_mut() {
            let before = phrases.len();
            phrases.retain(|p| !same(r) && !p.segments.iter().any(|(sr, _)| same(sr)));
            removed += before - phrases.len();
        }
        self.segments.retain(|_, v| !v.is_empty());
        self.phrases.retain(|_, v| !v.is_empty());
        removed
    }

    /// Forgets the choice of `text` for `reading`: segment choices and phrases with that
    /// reading and text, and every phrase with that segment. Returns how many went.
    pub fn forget(&mut self, reading: &str, text: &str) -> usize {
        let mut removed = 0;
        if let Some(choices) = self.segments.get_mut(reading) {
            let before = choices.len();
            choices.retain(|c| c.text != text);
            removed += before - choices.len();
        }
        // The same choice made after particular words goes too (not counted apart).
        for (key, choices) in self.pairs.iter_mut() {
            if key.split_once('\t').is_some_and(|(_, r)| r == reading) {
                choices.retain(|c| c.text != text);
            }
        }
        self.pairs.retain(|_, v| !v.is_empty());
        for (r, phrases) in self.phrases.iter_mut() {
            let before = phrases.len();
            phrases.retain(|p| !((r == reading && p.text() == text) || p.segments.iter().any(|(sr, st)| sr == reading && st == text)));
            removed += before - phrases.len();
        }
        self.segments.retain(|_, v| !v.is_empty());
        self.phrases.retain(|_, v| !v.is_empty());
        removed
    }
}
