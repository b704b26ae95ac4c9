//! From a typed word to the rules that write it: the word lower-cased and composed into the
//! language's letters, split at hyphens, and each part cut left to right into the longest
//! patterns whose context holds.

use super::table::Language;
use crate::compose;

/// The longest word transcribed, in letters; a longer one gets no variants (names are far
/// shorter, and the work per word stays bounded).
pub const MAX_LETTERS: usize = 64;

/// A word in the language's letters.
#[derive(Debug, Default)]
pub(crate) struct Word {
    pub letters: Vec<char>,
    /// The parts between hyphens, as ranges of `letters`.
    pub parts: Vec<(usize, usize)>,
    /// Letters the writer marked stressed (U+0301 or U+0300 after a vowel).
    pub stressed: Vec<usize>,
}

/// One pattern applied: rule `rule` wrote the letters up to `end` from where the segment
/// before it ended.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Segment {
    pub end: usize,
    pub rule: usize,
}

fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2011}')
}

fn is_stress_mark(c: char) -> bool {
    matches!(c, '\u{0301}' | '\u{0300}')
}

/// The apostrophes a keyboard may send for the Ukrainian and Belarusian one.
fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{02BC}' | '\u{2018}')
}

/// `word` in the language's letters, or None if it holds anything else (another script,
/// a digit, an empty part between hyphens) or more than [`MAX_LETTERS`] letters.
pub(crate) fn normalise(language: &Language, word: &str) -> Option<Word> {
    let mut chars: Vec<char> = Vec::with_capacity(word.len() / 2 + 1);
    for c in word.chars() {
        chars.extend(c.to_lowercase());
    }
    language.compositions.compose(&mut chars);
    let mut out = Word { letters: Vec::with_capacity(chars.len()), parts: Vec::with_capacity(2), stressed: Vec::new() };
    let mut part_start = 0;
    for c in chars {
        if is_hyphen(c) {
            if out.letters.len() == part_start {
                return None;
            }
            out.parts.push((part_start, out.letters.len()));
            part_start = out.letters.len();
            continue;
        }
        if is_stress_mark(c) {
            let last = out.letters.len().checked_sub(1).filter(|&i| i >= part_start)?;
            if language.is_vowel(out.letters[last]) {
                out.stressed.push(last);
            }
            continue;
        }
        let letter = if is_apostrophe(c) { '\'' } else { c };
        if language.classes_of(letter).is_some() {
            out.letters.push(letter);
        } else {
            // A vowel with a precomposed stress accent (ѐ, ѝ) is the vowel, stressed.
            let (base, mark) = compose::decomposition(letter)?;
            if !is_stress_mark(mark) || language.classes_of(base).is_none() {
                return None;
            }
            out.letters.push(base);
            out.stressed.push(out.letters.len() - 1);
        }
        if out.letters.len() > MAX_LETTERS {
            return None;
        }
    }
    if out.letters.len() == part_start {
        return None;
    }
    out.parts.push((part_start, out.letters.len()));
    Some(out)
}

/// Cuts `letters[start..end]` (one part of a word) into the patterns that write it,
/// appending them to `out`. Every letter has a pattern without context (the parser makes
/// sure), so every part is cut to its end.
pub(crate) fn segment(language: &Language, letters: &[char], (start, end): (usize, usize), out: &mut Vec<Segment>) {
    let neighbour = |i: usize| letters.get(i).and_then(|&c| language.classes_of(c).map(|classes| (c, classes)));
    let mut i = start;
    while i < end {
        let candidates = language.by_first.get(&letters[i]).map_or(&[][..], Vec::as_slice);
        let found = candidates.iter().map(|&r| r as usize).find(|&r| {
            let rule = &language.rules[r];
            let stop = i + rule.letters.len();
            stop <= end
                && letters[i..stop] == rule.letters[..]
                && rule.after.admits(if i > start { neighbour(i - 1) } else { None }, rule.letters[0])
                && rule.before.admits(if stop < end { neighbour(stop) } else { None }, rule.letters[rule.letters.len() - 1])
        });
        let Some(rule) = found else {
            // Unreachable with a table the parser accepted; a letter left unwritten is
            // better than a panic.
            i += 1;
            continue;
        };
        let stop = i + language.rules[rule].letters.len();
        out.push(Segment { end: stop, rule });
        i = stop;
    }
}
