//! Full-width and half-width forms in the output, chosen by the host (a keyboard setting)
//! with options after the profile id: `rus_standard:fullwidth_digits`,
//! `rus_standard:katakana:halfwidth_punctuation`. The defaults are what Japanese writers
//! expect: half-width digits (`2024年`) and full-width punctuation (`、。？！`).
//!
//! The rules and the composer always produce full-width punctuation and leave digits as
//! typed; the chosen widths are applied to the output afterwards, so every key, from a
//! rule (`.` → 。) or typed as it is (「 from the symbols layer), follows the setting.

/// A width choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Width {
    Full,
    Half,
}

/// Full-width punctuation and its half-width (ASCII) form. Punctuation without an ASCII
/// counterpart (・「」『』…ー) keeps its one form.
pub const PUNCTUATION_PAIRS: &[(char, char)] = &[
    ('、', ','),
    ('。', '.'),
    ('？', '?'),
    ('！', '!'),
    ('（', '('),
    ('）', ')'),
    ('：', ':'),
    ('；', ';'),
    ('〜', '~'),
];

/// Offset between an ASCII digit and its full-width form (0 U+0030 → ０ U+FF10).
const FULL_WIDTH_DIGIT_OFFSET: u32 = 0xFF10 - 0x30;

/// `c` in the chosen widths: full-width digits turn ASCII digits into their full-width
/// forms, half-width punctuation turns the pairs above into ASCII. The defaults (half-width
/// digits, full-width punctuation) are what the rules and typed keys already give, so they
/// change nothing (a full-width digit typed as such stays full-width).
pub fn apply(c: char, digits: Width, punctuation: Width) -> char {
    match c {
        '0'..='9' if digits == Width::Full => char::from_u32(c as u32 + FULL_WIDTH_DIGIT_OFFSET).unwrap_or(c),
        _ if punctuation == Width::Half => PUNCTUATION_PAIRS.iter().find(|(full, _)| *full == c).map_or(c, |(_, half)| *half),
        _ => c,
    }
}
