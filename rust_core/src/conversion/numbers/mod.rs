//! Numbers (issue 38; docs/CONVERSION.md, "Numbers"): a number read in kana is one word of
//! the lattice, of the dictionary's number class (that of 一, `SpecialId::Number`), so the
//! counters and particles that follow a number join it (じゅうにじに → 12時に, さんにん → 3人,
//! にせんにじゅうろくねん → 2026年). Its forms (`forms.rs`) are words of their own over the same
//! reading, each a step dearer than the one before: arabic digits first, as Mozc writes a
//! number before a counter, then the kanji numerals (十二), then for large numbers the forms
//! grouped by the large units (1億2345万) and by thousands (1,000); a number of ten thousand or
//! more is written in its large units first (300万), as it is read. A segment's candidates are
//! the texts of the cheapest paths through it, so they offer all of them in this order.
//!
//! Digits typed as digits are a run kept whole (`lattice/build.rs`); their kanji forms
//! (二千二十六, 二〇二六) and grouped forms join it here, dearer than the run as typed.
//!
//! Only numbers of two numeral words or more are added (じゅうに, にせん, いちまん): one word
//! (に, じゅう, せん) is in the dictionary already, with its own costs among its homophones.

pub mod forms;
pub mod reading;

use super::input::{class_of, CharClass};
use crate::dictionary::format::SpecialId;
use crate::dictionary::Dictionary;
use forms::{write, Form};
use reading::{readings_from, NumberReading, Spelling};
use super::heard::HeardCosts;

/// What number words cost in the lattice. Chosen on the development half of the number set
/// (docs/CONVERSION.md, "Numbers"); the test half was not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberCosts {
    /// A number read in kana, in its first form: about a common number word's cost (一 costs
    /// 2,711 in Mozc's data), so that it wins over the same kana read as other words
    /// (じゅうに as 中に) where a counter or particle follows.
    pub word: i32,
    /// Each later form of the same number, so that the forms keep their order.
    pub form_step: i32,
}

impl Default for NumberCosts {
    fn default() -> NumberCosts {
        NumberCosts { word: 3_000, form_step: 20 }
    }
}

/// The environment variable that turns the number words off where the C ABI loads a
/// dictionary (`CYRILLIC_IME_NUMBERS=off`): how the evaluation measures conversion without
/// them. Any other value, or none, leaves them on.
pub const SWITCH_VARIABLE: &str = "CYRILLIC_IME_NUMBERS";

/// The costs the switch's value asks for: None (no number words) for `off`, the default
/// costs otherwise.
pub fn costs_for_switch(value: Option<&str>) -> Option<NumberCosts> {
    match value {
        Some(v) if v.trim().eq_ignore_ascii_case("off") => None,
        _ => Some(NumberCosts::default()),
    }
}

/// What the number words of a lattice need: their costs, the word boundaries the writer
/// typed (character positions: a number spans a space between its numeral words, `нисэн
/// нидзю:року`, never one inside a numeral), and the costs of spellings as heard, where the
/// conversion reads them (a long vowel written ー costs what it costs a dictionary word).
#[derive(Debug, Clone, Copy)]
pub struct NumberRequest<'a> {
    pub costs: &'a NumberCosts,
    pub boundaries: &'a [usize],
    pub heard: Option<&'a HeardCosts>,
}

/// A number word: a written form over characters `start..end` of the input, of word class
/// `class` (left and right id) at `cost`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberWord {
    pub start: usize,
    pub end: usize,
    pub text: String,
    pub class: u16,
    pub cost: i32,
}

/// The number words of `chars`, the input of a lattice (which pushes them after the word
/// boundaries are enforced, `lattice/build.rs`).
pub fn words(dictionary: &Dictionary, chars: &[char], request: &NumberRequest) -> Vec<NumberWord> {
    let class = dictionary.special_id(SpecialId::Number);
    let costs = request.costs;
    let mut out = Vec::new();
    let mut found: Vec<NumberReading> = Vec::new();
    for start in 0..chars.len() {
        match class_of(chars[start]) {
            CharClass::Hiragana if reading::may_start(chars[start]) => {
                found.clear();
                readings_from(chars, start, Spelling { boundaries: request.boundaries, heard: request.heard.is_some() }, &mut found);
                for number in found.iter().filter(|n| n.words >= 2) {
                    let texts = Form::read(number.value).into_iter().filter_map(|form| write(number.value, form));
                    let heard = request.heard.map_or(0, |h| i32::from(number.marked) * h.long_mark);
                    push_forms(&mut out, (start, number.end), class, texts, (costs.word + heard, costs.form_step));
                }
            }
            CharClass::Digit if start == 0 || class_of(chars[start - 1]) != CharClass::Digit => {
                let end = (start..chars.len()).find(|&i| class_of(chars[i]) != CharClass::Digit).unwrap_or(chars.len());
                let texts = typed_forms(&chars[start..end]);
                let cost = super::lattice::RUN_COST + costs.form_step;
                push_forms(&mut out, (start, end), class, texts.into_iter(), (cost, costs.form_step));
            }
            _ => {}
        }
    }
    out
}

/// The forms of digits typed as digits (ASCII or full-width) other than the digits
/// themselves: none where they do not fit 64 bits; digit by digit only where they start with
/// a 0 (007), whose value would lose it.
fn typed_forms(digits: &[char]) -> Vec<String> {
    let ascii: String = digits.iter().map(|&c| super::input::lookup_char(c)).collect();
    let Ok(value) = ascii.parse::<u64>() else { return Vec::new() };
    if ascii.len() > 1 && ascii.starts_with('0') {
        return write(value, Form::KanjiDigits).map(|digits| "〇".repeat(ascii.len() - value.to_string().len().min(ascii.len())) + &digits).into_iter().collect();
    }
    let mut texts: Vec<String> = Form::TYPED.iter().filter_map(|&form| write(value, form)).collect();
    // One digit is one kanji whichever way: once.
    texts.dedup();
    texts
}

/// A word per text over characters `span`, the first at `cost`, each later one `step` more.
fn push_forms(out: &mut Vec<NumberWord>, (start, end): (usize, usize), class: u16, texts: impl Iterator<Item = String>, (cost, step): (i32, i32)) {
    for (k, text) in texts.enumerate() {
        out.push(NumberWord { start, end, text, class, cost: cost + step * k as i32 });
    }
}
