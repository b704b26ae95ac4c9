//! The left context of a conversion (docs/CONVERSION.md, "In context"): the word written
//! just before the reading, so the reading's first word connects to it instead of to the
//! start of a sentence — as Mozc starts a conversion from the segments committed last.
//!
//! A context comes from the segments the keyboard committed just before (with the word
//! classes the core gave them), or else from the text before the cursor, whose last word is
//! found by looking its surface up in the dictionary. Whatever cannot be read as a known
//! word — emoji, Latin letters, a new line, the end of a sentence — means the start of a
//! sentence. The context only sets how the first word connects; it is never written again.

use crate::dictionary::format::SpecialId;
use crate::dictionary::Dictionary;
use crate::request::{ContextRequest, MAX_CONTEXT_CHARS};

/// Longest surface looked up at the end of the text before the cursor.
const MAX_SURFACE_CHARS: usize = 12;
/// Most classes one context word keeps (a surface can be several words: 行っ, 来る).
const MAX_CLASSES: usize = 8;

/// The resolved left context: the classes the last word before the reading may have, each
/// with the cost of reading it that way (0 for the likeliest).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LeftContext {
    /// (right id, extra cost); empty means the start of a sentence.
    pub classes: Vec<(u16, i32)>,
    /// The text of that word, for what was learned after it.
    pub text: String,
}

impl LeftContext {
    /// The start of a sentence.
    pub fn sentence_start() -> LeftContext {
        LeftContext::default()
    }

    pub fn is_sentence_start(&self) -> bool {
        self.classes.is_empty()
    }

    /// Resolves a request's context against the dictionary.
    pub fn resolve(dictionary: &Dictionary, request: &ContextRequest) -> LeftContext {
        if let Some(last) = request.segments.iter().rev().find(|s| !s.text.is_empty()) {
            if let Some((_, right)) = last.class.filter(|&(l, r)| (l as usize) < dictionary.id_count() && (r as usize) < dictionary.id_count()) {
                return LeftContext { classes: vec![(right, 0)], text: last.text.clone() };
            }
            // No class given: the class is read off the text; the word stays the segment as
            // committed, as learning keys it ([`word_before`]).
            let found = LeftContext::from_text(dictionary, &last.text);
            return if found.is_sentence_start() { found } else { LeftContext { text: last.text.clone(), ..found } };
        }
        match &request.text {
            Some(text) => LeftContext::from_text(dictionary, text),
            None => LeftContext::sentence_start(),
        }
    }

    /// The context the end of `text` gives: its last word, found by the longest surface the
    /// dictionary knows at the end of the text (at most `MAX_CONTEXT_CHARS` are read).
    pub fn from_text(dictionary: &Dictionary, text: &str) -> LeftContext {
        let chars: Vec<char> = text.chars().collect();
        let mut tail = &chars[chars.len().saturating_sub(MAX_CONTEXT_CHARS)..];
        // Spaces between the last word and the cursor do not end the sentence; a line break does.
        while let Some((&last, rest)) = tail.split_last() {
            if last == ' ' || last == '\u{3000}' || last == '\t' {
                tail = rest;
            } else {
                break;
            }
        }
        match tail.last() {
            None => return LeftContext::sentence_start(),
            Some(c) if ends_sentence(*c) => return LeftContext::sentence_start(),
            _ => {}
        }
        for len in (1..=tail.len().min(MAX_SURFACE_CHARS)).rev() {
            let at = tail.len() - len;
            if at > 0 && starts_inside_word(tail[at - 1], tail[at]) {
                continue;
            }
            let surface: String = tail[at..].iter().collect();
            let mut found: Vec<(i32, u16)> = Vec::new();
            dictionary.entries_with_surface(&surface, |_, e| found.push((e.cost as i32, e.right_id)));
            if found.is_empty() {
                // A katakana word the dictionary does not know (カラーテレビ): a katakana noun,
                // as the lattice reads a run typed in katakana; its pieces are not the word.
                if tail[at..].iter().all(|&c| is_katakana(c)) && (at == 0 || !is_katakana(tail[at - 1])) {
                    return LeftContext { classes: vec![(dictionary.special_id(SpecialId::KatakanaNoun), 0)], text: surface };
                }
                continue;
            }
            found.sort_unstable();
            let cheapest = found[0].0;
            let mut classes: Vec<(u16, i32)> = Vec::new();
            for &(cost, right) in &found {
                if classes.len() < MAX_CLASSES && !classes.iter().any(|c| c.0 == right) {
                    classes.push((right, cost - cheapest));
                }
            }
            return LeftContext { classes, text: surface };
        }
        LeftContext::sentence_start()
    }
}

/// The word a commit followed, as learning keys what it remembers after a word
/// (`UserData::learn_after`) and conversion reads it back ([`LeftContext::text`]): the last
/// committed segment's text as committed, or else the last known word of the text before the
/// cursor — known only with a `dictionary` to look it up in (none without one).
pub fn word_before(dictionary: Option<&Dictionary>, request: &ContextRequest) -> Option<String> {
    if let Some(last) = request.segments.iter().rev().find(|s| !s.text.is_empty()) {
        return Some(last.text.clone());
    }
    let left = LeftContext::resolve(dictionary?, request);
    (!left.is_sentence_start()).then_some(left.text)
}

/// Characters after which the next word starts a sentence: line breaks and the marks that
/// end one.
fn ends_sentence(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}' | '。' | '！' | '？' | '!' | '?' | '．')
}

/// Whether a surface starting with `first` right after `before` would start inside a word: in
/// the middle of a katakana word (`レが` of スレが, `アに` of ドラッグストアに: the
/// dictionary knows such pieces, but the word before is the katakana word), or with a kana no
/// word starts with there (っ, ー, small kana: `って` of 帰って is the て after 帰っ).
/// Measured on the development halves (docs/CONVERSION.md, "In context"; the measurement is in its "Appendix: history").
fn starts_inside_word(before: char, first: char) -> bool {
    (is_katakana(before) && is_katakana(first)) || "っッーゃゅょャュョぁぃぅぇぉァィゥェォ".contains(first)
}

fn is_katakana(c: char) -> bool {
    matches!(c, 'ァ'..='ヺ' | 'ー')
}
