//! What the converter does with each character of its input before the dictionary sees
//! it: kana are looked up as hiragana (katakana typed on purpose is also kept as typed),
//! digits and Latin letters form runs of their own, everything else is a symbol.

use crate::kana_script::hiragana_char;

/// The class of an input character, deciding which kind of lattice node it can start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CharClass {
    Hiragana,
    Katakana,
    /// ASCII or full-width digit.
    Digit,
    /// ASCII or full-width Latin letter.
    Latin,
    /// Anything else: punctuation, symbols, kanji pasted into the reading.
    Other,
}

pub fn class_of(c: char) -> CharClass {
    match c {
        '\u{3041}'..='\u{3096}' | 'ゝ' | 'ゞ' => CharClass::Hiragana,
        '\u{30A1}'..='\u{30F6}' | 'ヽ' | 'ヾ' | 'ー' => CharClass::Katakana,
        '0'..='9' | '０'..='９' => CharClass::Digit,
        'a'..='z' | 'A'..='Z' | 'ａ'..='ｚ' | 'Ａ'..='Ｚ' => CharClass::Latin,
        _ => CharClass::Other,
    }
}

/// Offset between full-width ASCII (Ａ, ０, ！) and ASCII.
const FULL_WIDTH_OFFSET: u32 = 0xFEE0;

/// The ASCII form of a full-width ASCII character (Ａ → A), or `c` itself.
fn halfwidth_char(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - FULL_WIDTH_OFFSET).unwrap_or(c),
        _ => c,
    }
}

/// The character the dictionary is searched with: katakana as hiragana (readings are
/// hiragana), full-width ASCII as ASCII; ー stays ー (readings use it too).
pub fn lookup_char(c: char) -> char {
    halfwidth_char(hiragana_char(c))
}

// Whole texts from one script to the other are the kana script's; conversion names them here,
// with the rest of what it does to its input.
pub use crate::kana_script::{to_hiragana, to_katakana};

/// The characters `chars` as a string, its room made once.
pub fn text_of(chars: &[char]) -> String {
    let mut out = String::with_capacity(chars.iter().map(|c| c.len_utf8()).sum());
    out.extend(chars);
    out
}

/// `text` with full-width ASCII (Ａ, ０) as ASCII.
pub fn to_halfwidth(text: &str) -> String {
    text.chars().map(halfwidth_char).collect()
}

/// `text` with ASCII letters, digits and symbols as their full-width forms.
pub fn to_fullwidth(text: &str) -> String {
    text.chars().map(|c| if ('!'..='~').contains(&c) { char::from_u32(c as u32 + FULL_WIDTH_OFFSET).unwrap_or(c) } else { c }).collect()
}
