//! Emoji and emoticons by reading (docs/CONVERSION.md, "Emoji"): ねこ offers 🐈 and 🐱 after
//! its words, えがお (^_^). The tables are data: `rust_core/data/emojiReadings.tsv`, derived
//! from Unicode CLDR's Japanese annotations by `scripts/tools/build_emoji_table.sh` (its header
//! names the source and carries the licence), and `rust_core/data/emoticons.tsv`, written for
//! this project (CLDR has no emoticons); both compiled in and read once into one table, a
//! reading's emoji before its emoticons.
//!
//! A damaged table is refused whole with an error naming the line ([`EmojiTable::parse`]); the
//! converter then offers no emoji and reports the error (`rust_dictionary_info`), and every
//! other candidate is as before.

use super::super::fnv::FnvHasher;
use super::Context;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::{Arc, OnceLock};

/// The bundled tables.
pub const BUNDLED_TSV: &str = include_str!("../../../data/emojiReadings.tsv");
pub const BUNDLED_EMOTICONS_TSV: &str = include_str!("../../../data/emoticons.tsv");

/// The files' names in errors.
const FILE: &str = "emojiReadings.tsv";
const EMOTICONS_FILE: &str = "emoticons.tsv";

/// Longest reading and longest emoji (in characters) a line may have: the longest CLDR
/// keyword is about a dozen kana, the longest sequence (a family) seven code points.
const MAX_READING_CHARS: usize = 32;
const MAX_EMOJI_CHARS: usize = 16;

/// Emoji by reading (hiragana), best first.
#[derive(Debug, Clone, Default)]
pub struct EmojiTable {
    /// Keyed with FNV (`fnv.rs`): every segment of every conversion is looked up, and the
    /// keys come from the bundled file.
    by_reading: HashMap<String, Vec<String>, BuildHasherDefault<FnvHasher>>,
}

impl EmojiTable {
    /// Reads the emoji table (emojiReadings.tsv): `#` starts a comment line; every other line
    /// is a reading in hiragana and its emoji, separated by tabs. Any line that breaks this is
    /// an error naming it.
    pub fn parse(text: &str) -> Result<EmojiTable, String> {
        Self::parse_file(FILE, text)
    }

    /// [`EmojiTable::parse`] of a file named `file` in errors (the emoticons' has the same form).
    pub fn parse_file(file: &str, text: &str) -> Result<EmojiTable, String> {
        let mut by_reading = HashMap::default();
        for (i, line) in text.lines().enumerate() {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |what: String| format!("{file} line {}: {what}", i + 1);
            let mut fields = line.split('\t');
            let reading = fields.next().unwrap_or_default();
            let chars = reading.chars().count();
            if chars == 0 || chars > MAX_READING_CHARS || !reading.chars().all(|c| matches!(c, 'ぁ'..='ゖ' | 'ー')) {
                return Err(at(format!("the reading {reading:?} must be 1–{MAX_READING_CHARS} hiragana")));
            }
            let emoji: Vec<String> = fields.map(str::to_string).collect();
            if emoji.is_empty() {
                return Err(at(format!("the reading {reading:?} has no emoji after a tab")));
            }
            if let Some(bad) = emoji.iter().find(|e| e.is_empty() || e.chars().count() > MAX_EMOJI_CHARS || e.chars().any(|c| c.is_whitespace() || c.is_control())) {
                return Err(at(format!("{bad:?} is not an emoji (1–{MAX_EMOJI_CHARS} characters, no spaces)")));
            }
            if by_reading.insert(reading.to_string(), emoji).is_some() {
                return Err(at(format!("the reading {reading:?} comes twice")));
            }
        }
        Ok(EmojiTable { by_reading })
    }

    /// The emoji of a reading in hiragana, best first (none for most readings).
    pub fn lookup(&self, reading: &str) -> &[String] {
        self.by_reading.get(reading).map_or(&[], Vec::as_slice)
    }

    /// This table with `other`'s texts after its own for each reading (none repeated).
    pub fn followed_by(mut self, other: EmojiTable) -> EmojiTable {
        for (reading, texts) in other.by_reading {
            let list = self.by_reading.entry(reading).or_default();
            for text in texts {
                if !list.contains(&text) {
                    list.push(text);
                }
            }
        }
        self
    }

    /// How many readings have emoji.
    pub fn readings(&self) -> usize {
        self.by_reading.len()
    }
}

/// The bundled table, read once; its error if it is damaged.
pub fn bundled() -> Result<Arc<EmojiTable>, String> {
    static TABLE: OnceLock<Result<Arc<EmojiTable>, String>> = OnceLock::new();
    TABLE
        .get_or_init(|| {
            let emoji = EmojiTable::parse(BUNDLED_TSV)?;
            let emoticons = EmojiTable::parse_file(EMOTICONS_FILE, BUNDLED_EMOTICONS_TSV)?;
            Ok(Arc::new(emoji.followed_by(emoticons)))
        })
        .clone()
}

/// The rewriter: the emoji of the segment's reading, unless the request turned them off. The
/// reading as typed first (the table keeps a loanword's ー: こーひー ☕), then with its long
/// vowels spelled (きょー finds きょう's).
pub fn add(context: &Context, out: &mut Vec<String>) {
    if let Some(table) = context.emoji {
        let mut found = table.lookup(context.reading);
        if found.is_empty() && context.spelled != context.reading {
            found = table.lookup(context.spelled);
        }
        out.extend(found.iter().cloned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_table_reads_and_has_the_cat() {
        let table = bundled().expect("the bundled table parses");
        assert!(table.lookup("ねこ").iter().any(|e| e == "🐱"));
        assert!(table.readings() > 1000, "{} readings", table.readings());
        assert!(table.lookup("ぬこ").is_empty());
        assert_eq!(table.lookup("えがお").last().map(String::as_str), Some("(^o^)"), "the emoticons after the emoji: {:?}", table.lookup("えがお"));
        assert!(table.lookup("かおもじ").iter().any(|e| e == "(^_^)"));
    }

    #[test]
    fn the_emoticons_follow_the_emoji_once() {
        let emoji = EmojiTable::parse("えがお\t😀\t🙂\n").unwrap();
        let emoticons = EmojiTable::parse_file("emoticons.tsv", "えがお\t(^_^)\t🙂\nおじぎ\tm(__)m\n").unwrap();
        let table = emoji.followed_by(emoticons);
        assert_eq!(table.lookup("えがお"), ["😀", "🙂", "(^_^)"]);
        assert_eq!(table.lookup("おじぎ"), ["m(__)m"]);
        let error = EmojiTable::parse_file("emoticons.tsv", "おじぎ\tm(_ _)m\n").unwrap_err();
        assert!(error.starts_with("emoticons.tsv line 1: "), "{error}");
    }

    #[test]
    fn a_damaged_line_is_named() {
        let cases = [
            ("ねこ\t🐱\nネコ\t🐈\n", "line 2: the reading \"ネコ\" must be 1–32 hiragana"),
            ("# header\nねこ\n", "line 2: the reading \"ねこ\" has no emoji after a tab"),
            ("ねこ\t🐱\t\n", "line 1: \"\" is not an emoji"),
            ("ねこ\t🐱\nいぬ\t🐶\nねこ\t🐈\n", "line 3: the reading \"ねこ\" comes twice"),
            ("ねこ\t🐱 🐈\n", "line 1: \"🐱 🐈\" is not an emoji"),
        ];
        for (text, expected) in cases {
            let error = EmojiTable::parse(text).unwrap_err();
            assert!(error.starts_with("emojiReadings.tsv ") && error.contains(expected), "{error}");
        }
    }

    #[test]
    fn offered_only_when_on() {
        let table = EmojiTable::parse("ねこ\t🐱\t🐈\n").unwrap();
        let mut out = Vec::new();
        add(&Context { reading: "ねこ", spelled: "ねこ", clock: None, emoji: Some(&table) }, &mut out);
        assert_eq!(out, ["🐱", "🐈"]);
        out.clear();
        add(&Context { reading: "ねこ", spelled: "ねこ", clock: None, emoji: None }, &mut out);
        assert!(out.is_empty());
    }
}
