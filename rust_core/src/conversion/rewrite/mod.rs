//! Rewriters of a segment's candidate list (docs/CONVERSION.md, "Rewriters"): once the
//! search and the user store have ranked a segment's words, each rewriter adds what its
//! reading stands for besides words — a date, emoji — and the script forms end the list.
//! They only append: the words, and so the best conversion, stay as they were.
//!
//! The order of [`ADDITIONS`] is the order their candidates follow the words; a new
//! rewriter (numbers read in kana, say) is one function added there.

pub mod date;
pub mod emoji;
pub mod script_forms;

use super::heard::{long_forms, vowel_of};
use super::input::to_hiragana;
use super::segments::Candidate;
pub use date::Clock;
use crate::limits;
use std::borrow::Cow;
pub use emoji::EmojiTable;

/// What a request asks of the rewriters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rewrites {
    /// The writer's local time; none offers no dates or times (`date.rs`).
    pub clock: Option<Clock>,
    /// Whether emoji are offered (a keyboard setting; on by default).
    pub emoji: bool,
}

impl Default for Rewrites {
    fn default() -> Rewrites {
        Rewrites { clock: None, emoji: true }
    }
}

/// What one rewriter sees of a segment.
pub struct Context<'a> {
    /// The segment's reading in hiragana, as typed (こーひー).
    pub reading: &'a str,
    /// The same with each long vowel marked ー spelled as a dictionary reading spells it
    /// (`кё:` typed: きょー → きょう); the reading itself where it has none.
    pub spelled: &'a str,
    pub clock: Option<Clock>,
    /// The emoji table, when the request wants emoji and the table is sound.
    pub emoji: Option<&'a EmojiTable>,
}

/// A rewriter that adds candidates: it appends their texts to the list it is given.
type Addition = fn(&Context, &mut Vec<String>);

/// The rewriters that add candidates, in the order their candidates follow the words.
const ADDITIONS: &[Addition] = &[date::add, emoji::add];

/// One segment's list to rewrite: its candidates and its reading as typed.
pub struct SegmentList<'a> {
    pub candidates: &'a mut Vec<Candidate>,
    pub typed: &'a str,
}

/// Rewrites a segment's candidates: the words stay first as they were; then what each
/// rewriter of [`ADDITIONS`] adds, without repeating a text, at most
/// [`limits::MAX_REWRITER_CANDIDATES`]; then the script forms
/// ([`script_forms::finish`]). `emoji` is the converter's table (none if it is damaged).
pub fn apply(segment: SegmentList, rewrites: &Rewrites, emoji: Option<&EmojiTable>) {
    let SegmentList { candidates, typed } = segment;
    // The words end where the trailing run of candidates without a path starts (the forms
    // the segment search appended); the first candidate is a word even without one.
    let mut words_end = candidates.len();
    while words_end > 1 && candidates[words_end - 1].cost == i32::MAX {
        words_end -= 1;
    }
    let tail = candidates.split_off(words_end);
    let reading = to_hiragana(typed);
    let mut added = Vec::new();
    {
        let spelled = if reading.contains('ー') { Cow::Owned(spell_long_vowels(&reading)) } else { Cow::Borrowed(reading.as_str()) };
        let context = Context { reading: &reading, spelled: &spelled, clock: rewrites.clock, emoji: emoji.filter(|_| rewrites.emoji) };
        for addition in ADDITIONS {
            addition(&context, &mut added);
        }
    }
    let mut kept = 0;
    for text in added {
        if kept == limits::MAX_REWRITER_CANDIDATES {
            break;
        }
        if !candidates.iter().chain(&tail).any(|c| c.text == text) {
            candidates.push(Candidate { text, cost: i32::MAX, class: None });
            kept += 1;
        }
    }
    script_forms::finish(candidates, tail, typed, reading);
}

/// `reading` with each ー after a kana spelled as its long vowel is in a dictionary reading:
/// after an o-row kana う (きょー → きょう), after an e-row kana い (せんせー → せんせい), else the
/// kana's own vowel (おばー → おばあ). Writers of Cyrillic mark a long vowel with `:`, which the
/// profiles type as ー.
fn spell_long_vowels(reading: &str) -> String {
    let mut out = String::with_capacity(reading.len());
    let mut last = None;
    for c in reading.chars() {
        let spelled = if c == 'ー' { last.and_then(vowel_of).map(|v| long_forms(v)[0]) } else { None };
        let c = spelled.unwrap_or(c);
        out.push(c);
        last = Some(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_vowels_are_spelled_as_readings_spell_them() {
        assert_eq!(spell_long_vowels("きょー"), "きょう");
        assert_eq!(spell_long_vowels("げつよーび"), "げつようび");
        assert_eq!(spell_long_vowels("せんせー"), "せんせい");
        assert_eq!(spell_long_vowels("おばー"), "おばあ");
        assert_eq!(spell_long_vowels("ーんー"), "ーんー");
    }

    fn word(text: &str) -> Candidate {
        Candidate { text: text.to_string(), cost: 10, class: Some((1, 1)) }
    }

    fn form(text: &str) -> Candidate {
        Candidate { text: text.to_string(), cost: i32::MAX, class: None }
    }

    #[test]
    fn additions_follow_the_words_and_forms_end_the_list() {
        let table = EmojiTable::parse("きょう\t🌞\n").unwrap();
        let mut candidates = vec![word("今日"), word("強"), form("きょう"), form("キョウ")];
        let rewrites = Rewrites { clock: Some(Clock { unix_seconds: 1_795_740_060, utc_offset_minutes: 540 }), emoji: true };
        apply(SegmentList { candidates: &mut candidates, typed: "きょう" }, &rewrites, Some(&table));
        let texts: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["今日", "強", "2026/11/27", "2026-11-27", "11月27日", "2026年11月27日", "令和8年11月27日", "金曜日", "🌞", "きょう", "キョウ", "ｷｮｳ"]);
    }

    #[test]
    fn the_additions_stop_at_their_limit() {
        // A day's six date forms and four emoji: the first eight are kept, the forms still end
        // the list, so a caller can size a list from the limit.
        let table = EmojiTable::parse("きょう\t🌞\t📅\t🗓\t☀\n").unwrap();
        let mut candidates = vec![word("今日"), form("きょう")];
        let rewrites = Rewrites { clock: Some(Clock { unix_seconds: 1_795_740_060, utc_offset_minutes: 540 }), emoji: true };
        apply(SegmentList { candidates: &mut candidates, typed: "きょう" }, &rewrites, Some(&table));
        let texts: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(limits::MAX_REWRITER_CANDIDATES, 8);
        assert_eq!(texts, ["今日", "2026/11/27", "2026-11-27", "11月27日", "2026年11月27日", "令和8年11月27日", "金曜日", "🌞", "📅", "きょう", "キョウ", "ｷｮｳ"]);
    }

    #[test]
    fn a_long_vowel_typed_as_a_mark_still_names_the_day() {
        let mut candidates = vec![word("今日"), form("きょー"), form("キョー")];
        let rewrites = Rewrites { clock: Some(Clock { unix_seconds: 1_795_740_060, utc_offset_minutes: 540 }), emoji: false };
        apply(SegmentList { candidates: &mut candidates, typed: "きょー" }, &rewrites, None);
        assert!(candidates.iter().any(|c| c.text == "11月27日"));
        assert_eq!(candidates.last().map(|c| c.text.as_str()), Some("ｷｮｰ"));
    }

    #[test]
    fn emoji_off_and_no_clock_leave_only_the_forms() {
        let table = EmojiTable::parse("ねこ\t🐱\n").unwrap();
        let mut candidates = vec![word("猫"), form("ねこ"), form("ネコ")];
        apply(SegmentList { candidates: &mut candidates, typed: "ねこ" }, &Rewrites { clock: None, emoji: false }, Some(&table));
        let texts: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["猫", "ねこ", "ネコ", "ﾈｺ"]);
    }

    #[test]
    fn a_first_candidate_without_a_path_stays_first() {
        // The writer's learned katakana leads the list (moved there without a path).
        let mut candidates = vec![form("ネコ"), word("猫"), form("ねこ")];
        apply(SegmentList { candidates: &mut candidates, typed: "ねこ" }, &Rewrites::default(), None);
        let texts: Vec<&str> = candidates.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["ネコ", "猫", "ねこ", "ﾈｺ"]);
    }
}
