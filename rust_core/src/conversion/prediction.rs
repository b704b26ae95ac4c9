//! Prediction: the likeliest words whose reading starts with what has been typed
//! (`ありがと` → ありがとう, ありがとうございます), for the candidate bar while composing.

use super::context::LeftContext;
use super::foreign;
use super::input::lookup_char;
use crate::dictionary::reader::TrieNode;
use crate::dictionary::prediction_lists;
use crate::dictionary::{Dictionary, Entry};
use crate::limits;
use crate::request::TypedWords;
use crate::user::UserData;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// One prediction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prediction {
    pub text: String,
    /// The full reading of the predicted word.
    pub reading: String,
    pub cost: i32,
}

/// How many dictionary keys the fallback scan reads beyond a prediction list: only a limit
/// over the lists' capacity (`Dictionary::prediction_list_capacity`, 16) on a short prefix
/// (tens of thousands of keys) needs it. Keys are read in reading order, so the shortest
/// completions come first.
pub const MAX_KEYS_SCANNED: usize = 3_000;
/// Each character beyond the typed prefix costs this much, so short completions of the
/// same likelihood come first. The compiler ranks the prediction lists with it, so it lives
/// with them (`dictionary::prediction_lists`).
pub const COST_PER_EXTRA_CHAR: i32 = crate::dictionary::prediction_lists::COST_PER_EXTRA_CHAR;

/// [`predict`] consulting the user store: first the phrases committed recently whose
/// reading starts with `prefix` (most recent first, at most half of `limit`, at least one),
/// then the user words whose reading starts with it (shortest reading first), then the
/// dictionary's predictions; distinct by text.
pub fn predict_with(dictionary: &Dictionary, prefix: &str, limit: usize, user: Option<&UserData>) -> Result<Vec<Prediction>, String> {
    let found = predict(dictionary, prefix, limit)?;
    let Some(user) = user else { return Ok(found) };
    if prefix.is_empty() {
        return Ok(found);
    }
    let mut out: Vec<Prediction> = Vec::new();
    let add = |out: &mut Vec<Prediction>, text: String, reading: String, cost: i32| {
        if out.len() < limit && !out.iter().any(|p| p.text == text) {
            out.push(Prediction { text, reading, cost });
        }
    };
    for (text, reading) in user.phrases_with_prefix(prefix).into_iter().take((limit / 2).max(1)) {
        add(&mut out, text, reading, i32::MIN);
    }
    for (text, reading) in user.words_with_prefix(prefix) {
        add(&mut out, text, reading, i32::MIN);
    }
    for p in found {
        add(&mut out, p.text, p.reading, p.cost);
    }
    Ok(out)
}

/// [`predict_with`] after a left context: with an empty prefix, the words that usually
/// follow the context's last word ([`next_words`]); otherwise the predictions for the prefix.
/// The context is resolved (`left`) only for an empty prefix: prediction runs at every
/// keystroke, and a prefix's predictions do not depend on it.
pub fn predict_in(dictionary: &Dictionary, prefix: &str, limit: usize, left: impl FnOnce() -> LeftContext, user: Option<&UserData>) -> Result<Vec<Prediction>, String> {
    if prefix.is_empty() {
        if limit == 0 || limit > limits::MAX_CANDIDATES {
            return Err(format!("limit is {limit}, expected 1–{}", limits::MAX_CANDIDATES));
        }
        return Ok(next_words(dictionary, &left(), limit, user));
    }
    predict_with(dictionary, prefix, limit, user)
}

/// Adds to `predictions` of `prefix` the foreign forms of what the writer typed for it
/// (`typed`; `foreign::whole_forms`): a name typed with a capital (`Наташа`) first, a word in
/// lower case right after the first prediction (`китай`: 期待, then 中国) — the screen
/// keyboard has no capitals, so a name typed there stays in reach without the Japanese
/// reading losing its place. Each has its own reading (ナターシャ: なたーしゃ), as every
/// prediction has the whole reading it stands for: the prefix may be the kana of only part of
/// the word (the keyboard asks while letters are pending: `китай` over きた), and a choice
/// learned under it would come back for words it is not. Those already among the predictions
/// keep their place; at most `limit` in all. Checks `typed` against the prefix
/// (`TypedWords::check`).
pub fn add_foreign_forms(dictionary: &Dictionary, prefix: &str, typed: &TypedWords, predictions: &mut Vec<Prediction>, limit: usize) -> Result<(), String> {
    let chars: Vec<char> = prefix.chars().collect();
    typed.check(chars.len())?;
    let Some(whole) = foreign::whole_forms(dictionary, &chars, typed) else { return Ok(()) };
    let mut at = if whole.capitalised { 0 } else { predictions.len().min(1) };
    for (text, reading) in whole.forms {
        if !predictions.iter().any(|p| p.text == text) {
            predictions.insert(at, Prediction { text, reading, cost: i32::MIN });
            at += 1;
        }
    }
    predictions.truncate(limit);
    Ok(())
}

/// The words that usually follow the left context's last word, best first: what the writer
/// chose after that word before (learned, most recent first), then the dictionary's function
/// words (particles, です, …; `Section::Followers`) ranked by their cost after the word's class
/// — so the bar can offer は after 私 and です after 学生 before anything is typed. Nothing at
/// the start of a sentence.
pub fn next_words(dictionary: &Dictionary, left: &LeftContext, limit: usize, user: Option<&UserData>) -> Vec<Prediction> {
    if left.is_sentence_start() {
        return Vec::new();
    }
    let mut out: Vec<Prediction> = Vec::new();
    if let Some(user) = user {
        for (text, reading) in user.followers_of(&left.text) {
            if out.len() < limit && !out.iter().any(|p| p.text == text) {
                out.push(Prediction { text, reading, cost: i32::MIN });
            }
        }
    }
    let connections = dictionary.connections();
    let mut ranked: Vec<(i32, String)> = dictionary
        .followers()
        .into_iter()
        .map(|(_, entry, reading)| {
            let after = left.classes.iter().map(|&(right, extra)| extra + connections.cost(right, entry.left_id)).min().unwrap_or(i32::MAX / 2);
            (after + entry.cost as i32, reading)
        })
        .collect();
    ranked.sort();
    for (cost, reading) in ranked {
        if out.len() >= limit {
            break;
        }
        if !out.iter().any(|p| p.text == reading) {
            out.push(Prediction { text: reading.clone(), reading, cost });
        }
    }
    out
}

/// What an entry costs as a prediction ([`prediction_lists::ranking_cost`]: the compiler
/// ranks the lists with the same function).
pub fn ranking_cost(dictionary: &Dictionary, entry: &Entry) -> i32 {
    prediction_lists::ranking_cost(entry.cost, dictionary.connection_cost(crate::dictionary::format::BOUNDARY_ID, entry.left_id))
}

/// Up to `limit` predictions for `prefix`, best first, distinct by text: the entries whose
/// reading starts with `prefix`, ranked by cost plus [`COST_PER_EXTRA_CHAR`] per character
/// beyond it (ties in reading order), the first of each text — over the prefix's whole
/// subtree of the reading trie, found without reading it when it is large:
/// - a prefix whose node has a prediction list (more entries under it than the file's scan
///   bound, `Section::PredictionLists`): the list gives the ranking's first texts, exactly;
/// - any other prefix has at most the scan bound's entries (64) under it: they are read and
///   ranked.
///
/// A limit over the lists' capacity (16) on a listed prefix is the one approximate case:
/// the list's continuations come first, exactly, then the best of a scan capped at
/// [`MAX_KEYS_SCANNED`] keys that are not already there.
pub fn predict(dictionary: &Dictionary, prefix: &str, limit: usize) -> Result<Vec<Prediction>, String> {
    let len = prefix.chars().count();
    if len > limits::MAX_READING_CHARS {
        return Err(format!("prefix is {len} characters, over the limit of {}", limits::MAX_READING_CHARS));
    }
    if limit == 0 || limit > limits::MAX_CANDIDATES {
        return Err(format!("limit is {limit}, expected 1–{}", limits::MAX_CANDIDATES));
    }
    let Some(codes) = prefix.chars().map(|c| dictionary.code_of(lookup_char(c))).collect::<Option<Vec<u8>>>() else {
        return Ok(Vec::new());
    };
    let Some(top) = dictionary.trie_node(&codes) else { return Ok(Vec::new()) };
    let Some(list) = dictionary.prediction_list(top) else {
        // A small subtree: the bound is never reached in a valid file, and keeps a hostile
        // one (a large subtree without its list) as cheap.
        return Ok(scan(dictionary, &codes, limit, usize::MAX, dictionary.prediction_scan_bound() as usize));
    };
    let (mut out, read) = from_list(dictionary, top, &codes, list, limit);
    // A list shorter than its capacity holds every text under the node.
    if out.len() == limit || read < dictionary.prediction_list_capacity() {
        return Ok(out);
    }
    // Every entry that ranks before the list's last continuation has one of the list's
    // texts, so whatever else the scan finds ranks after them.
    for p in scan(dictionary, &codes, limit, MAX_KEYS_SCANNED, usize::MAX) {
        if out.len() == limit {
            break;
        }
        if !out.iter().any(|q| q.text == p.text) {
            out.push(p);
        }
    }
    Ok(out)
}

/// The first `limit` predictions of a prediction list, and how many of its entries were
/// read: each entry's reading read off the trie (the prefix, then the codes from the
/// prefix's node down to the entry's key), its rank cost and its text. A valid list is best
/// first, so only the first `limit` entries are decoded. Entries not under the node (only a
/// hostile file names them) are skipped; the order is the list's, kept by a stable sort on
/// cost so that even a hostile list comes out best first.
fn from_list(dictionary: &Dictionary, top: TrieNode, codes: &[u8], list: impl Iterator<Item = u32>, limit: usize) -> (Vec<Prediction>, usize) {
    let mut out: Vec<Prediction> = Vec::new();
    let mut key: Vec<u8> = Vec::with_capacity(codes.len() + 8);
    let mut read = 0;
    for index in list {
        if out.len() == limit {
            break;
        }
        read += 1;
        let Some(entry) = dictionary.entry(index) else { continue };
        key.clear();
        key.extend_from_slice(codes);
        if !dictionary.codes_below(top, index, &mut key) {
            continue;
        }
        let cost = ranking_cost(dictionary, &entry) + (key.len() - codes.len()) as i32 * COST_PER_EXTRA_CHAR;
        let reading = dictionary.reading_of(&key);
        let mut text = String::new();
        dictionary.push_surface(&entry, &reading, &mut text);
        if !out.iter().any(|p| p.text == text) {
            out.push(Prediction { text, reading, cost });
        }
    }
    out.sort_by_key(|p| p.cost);
    (out, read)
}

/// The best `limit` distinct texts among the entries under `codes`, reading the keys in
/// reading order until `max_keys` keys or `max_entries` entries have been read.
fn scan(dictionary: &Dictionary, codes: &[u8], limit: usize, max_keys: usize, max_entries: usize) -> Vec<Prediction> {
    // (cost, place in reading order, entry, key): equal costs keep reading order, whatever
    // order the file stores entries in.
    let mut found: Vec<Reverse<(i32, u32, u32, usize)>> = Vec::new();
    // The keys read, their codes in one buffer: (start, end) per key.
    let mut key_codes: Vec<u8> = Vec::new();
    let mut readings: Vec<(usize, usize)> = Vec::new();
    let (mut keys, mut entries) = (0usize, 0usize);
    dictionary.keys_with_prefix(codes, |key, range| {
        keys += 1;
        entries += range.len();
        let extra = (key.len() - codes.len()) as i32;
        readings.push((key_codes.len(), key_codes.len() + key.len()));
        key_codes.extend_from_slice(key);
        for index in range {
            if let Some(e) = dictionary.entry(index) {
                found.push(Reverse((ranking_cost(dictionary, &e) + extra * COST_PER_EXTRA_CHAR, found.len() as u32, index, readings.len() - 1)));
            }
        }
        keys < max_keys && entries < max_entries
    });
    // Cheapest first, taken only until `limit` distinct texts: a heap built in linear time
    // instead of sorting all the words read (the keys are distinct, so the order is the
    // sorted order).
    let mut found = BinaryHeap::from(found);
    let mut out: Vec<Prediction> = Vec::new();
    while let Some(Reverse((cost, _, index, reading))) = found.pop() {
        let Some(entry) = dictionary.entry(index) else { continue };
        let (start, end) = readings[reading];
        let reading = dictionary.reading_of(&key_codes[start..end]);
        let mut text = String::new();
        dictionary.push_surface(&entry, &reading, &mut text);
        if !out.iter().any(|p| p.text == text) {
            out.push(Prediction { text, reading, cost });
            if out.len() == limit {
                break;
            }
        }
    }
    out
}
