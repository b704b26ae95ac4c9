//! Script-level facts about kana that hold for every profile: the hiragana ↔ katakana
//! correspondence (a fixed Unicode offset) and the dakuten cycles read from the data.

use std::collections::HashMap;

/// Offset between a hiragana and its katakana in Unicode (あ U+3042 → ア U+30A2).
const KATAKANA_OFFSET: u32 = 0x60;

/// The katakana form of `c`, or `c` itself when it is not hiragana.
/// ー, punctuation and everything else are unchanged.
pub fn katakana_char(c: char) -> char {
    match c {
        '\u{3041}'..='\u{3096}' | '\u{309D}'..='\u{309E}' => char::from_u32(c as u32 + KATAKANA_OFFSET).unwrap_or(c),
        _ => c,
    }
}

/// The hiragana form of `c`, or `c` itself when it is not katakana with a hiragana form.
/// ー and everything else are unchanged.
pub fn hiragana_char(c: char) -> char {
    match c {
        '\u{30A1}'..='\u{30F6}' | '\u{30FD}'..='\u{30FE}' => char::from_u32(c as u32 - KATAKANA_OFFSET).unwrap_or(c),
        _ => c,
    }
}

/// Appends `text` to `out` with every hiragana turned into katakana.
pub fn push_katakana(out: &mut String, text: &str) {
    out.extend(text.chars().map(katakana_char));
}

/// `text` with every hiragana as katakana.
pub fn to_katakana(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_katakana(&mut out, text);
    out
}

/// `text` with every katakana as hiragana (ー kept).
pub fn to_hiragana(text: &str) -> String {
    // Room for all of it at once: collecting grows a string a character's worth at a time,
    // and kana take three bytes (the reallocations were 6 % of a one-best conversion).
    let mut out = String::with_capacity(text.len());
    out.extend(text.chars().map(hiragana_char));
    out
}

/// What the dakuten key does to the character before the cursor: each cycle from the
/// data (は → ば → ぱ → は) in hiragana and, derived from it, in katakana.
#[derive(Debug, Clone, Default)]
pub struct DakutenCycles {
    next: HashMap<char, char>,
}

impl DakutenCycles {
    /// Builds the successor map from cycles of single characters. The caller has
    /// validated that no character appears in two cycles.
    pub fn new(cycles: &[Vec<char>]) -> DakutenCycles {
        let mut next = HashMap::new();
        for cycle in cycles {
            for (i, &c) in cycle.iter().enumerate() {
                let successor = cycle[(i + 1) % cycle.len()];
                next.insert(c, successor);
                next.insert(katakana_char(c), katakana_char(successor));
            }
        }
        DakutenCycles { next }
    }

    /// The next form of `c` in its cycle, if it has one.
    pub fn next(&self, c: char) -> Option<char> {
        self.next.get(&c).copied()
    }
}

/// Whether `c` is a kanji (CJK unified ideograph, or 々). The dictionary compiler records
/// it per entry (`format::SURFACE_HAS_KANJI`); the converter reads the flag.
pub fn is_kanji(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '\u{F900}'..='\u{FAFF}' | '々')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_only_hiragana() {
        let mut out = String::new();
        push_katakana(&mut out, "きゃっとー。ゔゝaк");
        assert_eq!(out, "キャットー。ヴヽaк");
    }

    #[test]
    fn cycles_in_both_scripts() {
        let cycles = DakutenCycles::new(&[vec!['は', 'ば', 'ぱ'], vec!['つ', 'っ', 'づ']]);
        assert_eq!(cycles.next('は'), Some('ば'));
        assert_eq!(cycles.next('ぱ'), Some('は'));
        assert_eq!(cycles.next('ッ'), Some('ヅ'));
        assert_eq!(cycles.next('あ'), None);
    }
}
