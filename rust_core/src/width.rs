//! Full-width and half-width forms in the output, chosen by the host (a keyboard setting)
//! with options after the profile id: `rus_standard:fullwidth_digits`,
//! `rus_standard:katakana:halfwidth_punctuation`. The defaults are what Japanese writers
//! expect: half-width digits (`2024年`) and full-width punctuation (`、。？！`).
//!
//! The rules and the composer always produce full-width punctuation and leave digits as
//! typed; the chosen widths are applied to the output afterwards, so every key, from a
//! rule (`.` → 。) or typed as it is (「 from the symbols layer), follows the setting.
//!
//! Also the half-width katakana form of kana (ねこ → ﾈｺ), which ends every segment's
//! candidates (`conversion/rewrite/script_forms.rs`).

use crate::kana_script::katakana_char;

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

/// The half-width form of each katakana from ァ (U+30A1) to ー (U+30FC): the low byte is the
/// half-width character's offset from U+FF00 (ｱ U+FF71 → 0x71), 0x100 adds ﾞ (ガ → ｶﾞ, ヴ → ｳﾞ),
/// 0x200 adds ﾟ (パ → ﾊﾟ); 0 is a katakana without a half-width form (ヵ, ヶ, ヰ, ヱ), kept as it
/// is. Written out by index, as the half-width block (U+FF66 ｦ … U+FF9D ﾝ) orders them
/// differently: a lookup per character, as every segment's list gets this form.
#[rustfmt::skip]
const HALF_WIDTH_KATAKANA: [u16; 92] = [0x067, 0x071, 0x068, 0x072, 0x069, 0x073, 0x06A, 0x074, 0x06B, 0x075, 0x076, 0x176, 0x077, 0x177, 0x078, 0x178, 0x079, 0x179, 0x07A, 0x17A, 0x07B, 0x17B, 0x07C, 0x17C, 0x07D, 0x17D, 0x07E, 0x17E, 0x07F, 0x17F, 0x080, 0x180, 0x081, 0x181, 0x06F, 0x082, 0x182, 0x083, 0x183, 0x084, 0x184, 0x085, 0x086, 0x087, 0x088, 0x089, 0x08A, 0x18A, 0x28A, 0x08B, 0x18B, 0x28B, 0x08C, 0x18C, 0x28C, 0x08D, 0x18D, 0x28D, 0x08E, 0x18E, 0x28E, 0x08F, 0x090, 0x091, 0x092, 0x093, 0x06C, 0x094, 0x06D, 0x095, 0x06E, 0x096, 0x097, 0x098, 0x099, 0x09A, 0x09B, 0x09C, 0x09C, 0x000, 0x000, 0x066, 0x09D, 0x173, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x070];

/// Punctuation with a half-width form: 。「」、・ → ｡｢｣､･ (U+FF61 …).
const HALF_WIDTH_PUNCTUATION: [char; 5] = ['。', '「', '」', '、', '・'];

/// Appends the half-width form of one kana (either script) to `out`: one character, or two
/// for a voiced kana. Characters without a half-width form (ヵ, ゐ, kanji, Latin) are kept.
fn push_half_width(out: &mut String, c: char) {
    let k = katakana_char(c);
    let entry = match k {
        '\u{30A1}'..='\u{30FC}' => HALF_WIDTH_KATAKANA[k as usize - 0x30A1],
        _ => HALF_WIDTH_PUNCTUATION.iter().position(|&p| p == k).map_or(0, |i| 0x61 + i as u16),
    };
    if entry == 0 {
        out.push(k);
        return;
    }
    out.push(char::from_u32(0xFF00 + u32::from(entry & 0xFF)).unwrap_or(k));
    match entry >> 8 {
        1 => out.push('ﾞ'),
        2 => out.push('ﾟ'),
        _ => {}
    }
}

/// `text` in half-width katakana (ねこ → ﾈｺ, がっこう → ｶﾞｯｺｳ); what has no half-width
/// form is kept.
pub fn to_half_width_katakana(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_half_width(&mut out, c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_width_katakana_from_either_script() {
        assert_eq!(to_half_width_katakana("ねこ"), "ﾈｺ");
        assert_eq!(to_half_width_katakana("がっこう"), "ｶﾞｯｺｳ");
        assert_eq!(to_half_width_katakana("パーティー"), "ﾊﾟｰﾃｨｰ");
        assert_eq!(to_half_width_katakana("ヴォ、ん。"), "ｳﾞｫ､ﾝ｡");
        assert_eq!(to_half_width_katakana("ヲヮヵ猫a"), "ｦﾜヵ猫a");
    }
}
