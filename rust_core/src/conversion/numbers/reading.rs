//! Numbers read in kana: every way a number's reading can end from one position of the input
//! (にせんにじゅうろく is 2026, and its prefixes にせんにじゅう, にせん are numbers too), with
//! the sound changes of the spoken numerals (さんびゃく, ろっぴゃく, はっぴゃく, さんぜん,
//! いっせん, はっせん, いっちょう) and the short forms before a counter (じゅっぷん, にじゅっさい,
//! いっぽん: a number ending in っ must be followed by the consonant it doubles).
//!
//! As heard (`heard/`), a long vowel of a numeral (じゅう, きゅう, ちょう) may be written with
//! ー, as Cyrillic writers mark it (`дзю:` is じゅー); the reading counts them, for the lattice
//! to charge them as it charges the dictionary's words. A long vowel left out (じゅ) is not
//! read: measured, it turned the dictionary's さんじゅっぷん (三十分, matched as heard from
//! `сандзюпун`) into 30分 on Mozc's set and gained nothing on the number set.
//!
//! The grammar is the spoken one: groups of up to four places (せん, ひゃく, じゅう, the ones,
//! in that order, each at most once) joined by the large units まん, おく, ちょう, けい in
//! descending order. Values are u64; a reading whose value does not fit (a number of 京 beyond
//! 1844京) ends no number there: the shorter readings before it still do.

/// One number reading found from a start: where it ends (characters of the input) and what it
/// is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberReading {
    /// The character after its last (exclusive end).
    pub end: usize,
    pub value: u64,
    /// How many numeral words it is made of (にせん is two: に and せん). One-word numbers
    /// (に, じゅう, せん) are the dictionary's own words.
    pub words: u8,
    /// Long vowels written ー (じゅー), as heard.
    pub marked: u8,
}

/// How a number's reading may be spelled around it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Spelling<'a> {
    /// Word boundaries the writer typed (character positions): no numeral spans one.
    pub boundaries: &'a [usize],
    /// Long vowels as heard: written ー.
    pub heard: bool,
}

/// What a token of a number's reading does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// A place of the current group (1, 10, 100, 1000) with its digit: にせん is 2 × 1000.
    Place { digit: u8, place: u16 },
    /// A large unit (まん 10^4, おく 10^8, ちょう 10^12, けい 10^16) closing the group before it.
    Large { power: u32 },
}

/// How a token may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Position {
    Anywhere,
    /// Only after another token of the same group (じゅうし, にじゅうく, じゅうよ): alone, し,
    /// く and よ are words of their own far more often than numbers.
    AfterPlace,
    /// Ends in っ: last in the number, before a consonant it doubles, or before ちょう and けい.
    Doubled,
}

struct Token {
    kana: &'static str,
    /// Its first kana: most tokens are passed over on it alone (this runs at every position of
    /// every reading).
    first: char,
    part: Part,
    position: Position,
    words: u8,
}

/// The first character of a token's kana (each kana is three bytes of UTF-8).
const fn first_kana(kana: &str) -> char {
    let b = kana.as_bytes();
    let code = ((b[0] as u32 & 0x0F) << 12) | ((b[1] as u32 & 0x3F) << 6) | (b[2] as u32 & 0x3F);
    match char::from_u32(code) {
        Some(c) => c,
        None => '\0',
    }
}

const fn place(kana: &'static str, digit: u8, place: u16, words: u8) -> Token {
    Token { kana, first: first_kana(kana), part: Part::Place { digit, place }, position: Position::Anywhere, words }
}

const fn doubled(kana: &'static str, digit: u8, place: u16, words: u8) -> Token {
    Token { kana, first: first_kana(kana), part: Part::Place { digit, place }, position: Position::Doubled, words }
}

const fn after_place(kana: &'static str, digit: u8) -> Token {
    Token { kana, first: first_kana(kana), part: Part::Place { digit, place: 1 }, position: Position::AfterPlace, words: 1 }
}

const fn large(kana: &'static str, power: u32) -> Token {
    Token { kana, first: first_kana(kana), part: Part::Large { power }, position: Position::Anywhere, words: 1 }
}

/// Whether a number's reading can start with `c`: the first kana of a token that may start one
/// (a place's, not a large unit's).
pub fn may_start(c: char) -> bool {
    matches!(c, 'い' | 'に' | 'さ' | 'よ' | 'ご' | 'ろ' | 'な' | 'し' | 'は' | 'き' | 'じ' | 'ひ' | 'せ')
}

/// Every token, spelled as spoken. The tens are written out with their digit like the other
/// places, so that each sound change is one entry.
const TOKENS: &[Token] = &[
    // Ones.
    place("いち", 1, 1, 1),
    place("に", 2, 1, 1),
    place("さん", 3, 1, 1),
    place("よん", 4, 1, 1),
    place("ご", 5, 1, 1),
    place("ろく", 6, 1, 1),
    place("なな", 7, 1, 1),
    place("しち", 7, 1, 1),
    place("はち", 8, 1, 1),
    place("きゅう", 9, 1, 1),
    after_place("し", 4),
    after_place("よ", 4),
    after_place("く", 9),
    doubled("いっ", 1, 1, 1),
    doubled("ろっ", 6, 1, 1),
    doubled("はっ", 8, 1, 1),
    // Tens.
    place("じゅう", 1, 10, 1),
    place("にじゅう", 2, 10, 2),
    place("さんじゅう", 3, 10, 2),
    place("よんじゅう", 4, 10, 2),
    place("ごじゅう", 5, 10, 2),
    place("ろくじゅう", 6, 10, 2),
    place("ななじゅう", 7, 10, 2),
    place("はちじゅう", 8, 10, 2),
    place("きゅうじゅう", 9, 10, 2),
    doubled("じゅっ", 1, 10, 1),
    doubled("じっ", 1, 10, 1),
    doubled("にじゅっ", 2, 10, 2),
    doubled("さんじゅっ", 3, 10, 2),
    doubled("よんじゅっ", 4, 10, 2),
    doubled("ごじゅっ", 5, 10, 2),
    doubled("ろくじゅっ", 6, 10, 2),
    doubled("ななじゅっ", 7, 10, 2),
    doubled("はちじゅっ", 8, 10, 2),
    doubled("きゅうじゅっ", 9, 10, 2),
    // Hundreds.
    place("ひゃく", 1, 100, 1),
    place("にひゃく", 2, 100, 2),
    place("さんびゃく", 3, 100, 2),
    place("よんひゃく", 4, 100, 2),
    place("ごひゃく", 5, 100, 2),
    place("ろっぴゃく", 6, 100, 2),
    place("ななひゃく", 7, 100, 2),
    place("はっぴゃく", 8, 100, 2),
    place("きゅうひゃく", 9, 100, 2),
    // Thousands.
    place("せん", 1, 1000, 1),
    place("いっせん", 1, 1000, 2),
    place("にせん", 2, 1000, 2),
    place("さんぜん", 3, 1000, 2),
    place("よんせん", 4, 1000, 2),
    place("ごせん", 5, 1000, 2),
    place("ろくせん", 6, 1000, 2),
    place("ななせん", 7, 1000, 2),
    place("はっせん", 8, 1000, 2),
    place("きゅうせん", 9, 1000, 2),
    // Large units.
    large("まん", 4),
    large("おく", 8),
    large("ちょう", 12),
    large("けい", 16),
];

/// Whether `c` starts a syllable whose consonant a っ before it doubles (k, s, t, p; ちょう and
/// けい after いっ, はっ, じゅっ are such).
fn doubles(c: char) -> bool {
    matches!(c, 'か'..='ご' | 'さ'..='ぞ' | 'た'..='ど' | 'ぱ' | 'ぴ' | 'ぷ' | 'ぺ' | 'ぽ')
}

/// Where a number reading stands while it is read.
#[derive(Debug, Clone, Copy)]
struct State {
    at: usize,
    /// The groups closed by a large unit.
    closed: u64,
    /// The group being read (0–9999).
    group: u64,
    /// The smallest place read in the group (10000 before any).
    smallest_place: u16,
    /// The power of the last large unit (u32::MAX before any).
    last_power: u32,
    words: u8,
    /// The last token ended in っ.
    doubled: bool,
    marked: u8,
}

/// Every number reading of `chars` from `start` ([`NumberReading`]) spelled as `spelling`
/// allows, appended to `out`; at most one per end (the first found).
pub fn readings_from(chars: &[char], start: usize, spelling: Spelling, out: &mut Vec<NumberReading>) {
    let state = State { at: start, closed: 0, group: 0, smallest_place: 10_000, last_power: u32::MAX, words: 0, doubled: false, marked: 0 };
    extend(chars, spelling, state, out);
}

fn extend(chars: &[char], spelling: Spelling, state: State, out: &mut Vec<NumberReading>) {
    let Some(&here) = chars.get(state.at) else { return };
    for token in TOKENS.iter().filter(|t| t.first == here) {
        let Some(next) = step(chars, spelling, &state, token) else { continue };
        let value = next.closed.checked_add(next.group);
        let ends_here = !next.doubled || chars.get(next.at).copied().is_some_and(doubles);
        if let (Some(value), true) = (value, ends_here) {
            if !out.iter().any(|r| r.end == next.at) {
                out.push(NumberReading { end: next.at, value, words: next.words, marked: next.marked });
            }
        }
        extend(chars, spelling, next, out);
    }
}

/// Where `kana` ends when read at `at`, with the long vowels written ー (as heard); None if
/// it is not there. A long vowel is the う after ゅ or ょ (じゅう, きゅう, ちょう).
fn match_kana(kana: &str, chars: &[char], at: usize, heard: bool) -> Option<(usize, u8)> {
    let (mut i, mut marked) = (at, 0u8);
    let mut previous = None;
    for k in kana.chars() {
        let long = k == 'う' && matches!(previous, Some('ゅ' | 'ょ'));
        previous = Some(k);
        match chars.get(i) {
            Some(&c) if c == k => i += 1,
            Some('ー') if long && heard => {
                i += 1;
                marked += 1;
            }
            _ => return None,
        }
    }
    Some((i, marked))
}

/// The state after `token` read at `state.at`, or None where it does not stand there: its
/// kana differ, it spans a typed boundary, it breaks the order of places and units, or the
/// value overflows.
fn step(chars: &[char], spelling: Spelling, state: &State, token: &Token) -> Option<State> {
    let (end, marked) = match_kana(token.kana, chars, state.at, spelling.heard)?;
    if spelling.boundaries.iter().any(|&b| state.at < b && b < end) {
        return None;
    }
    let marked = state.marked.saturating_add(marked);
    // After っ only ちょう or けい (いっちょう, じゅっけい).
    if state.doubled && !matches!(token.part, Part::Large { power: 12 | 16 }) {
        return None;
    }
    let words = state.words.saturating_add(token.words);
    match token.part {
        Part::Place { digit, place } => {
            if place >= state.smallest_place || (token.position == Position::AfterPlace && state.group == 0) {
                return None;
            }
            let group = state.group + u64::from(digit) * u64::from(place);
            Some(State { at: end, group, smallest_place: place, words, doubled: token.position == Position::Doubled, marked, ..*state })
        }
        Part::Large { power } => {
            if state.group == 0 || power >= state.last_power {
                return None;
            }
            let closed = state.group.checked_mul(10u64.checked_pow(power)?)?.checked_add(state.closed)?;
            Some(State { at: end, closed, group: 0, smallest_place: 10_000, last_power: power, words, doubled: false, marked })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{may_start, readings_from, NumberReading, Part, Position, Spelling, TOKENS};

    fn all(reading: &str) -> Vec<(String, u64)> {
        let chars: Vec<char> = reading.chars().collect();
        let mut out = Vec::new();
        readings_from(&chars, 0, Spelling::default(), &mut out);
        out.sort_by_key(|r| r.end);
        out.iter().map(|r| (chars[..r.end].iter().collect(), r.value)).collect()
    }

    fn whole(reading: &str) -> Option<u64> {
        let n = reading.chars().count();
        all(reading).into_iter().find(|(r, _)| r.chars().count() == n).map(|(_, v)| v)
    }

    #[test]
    fn every_first_kana_is_read_and_may_start_names_those_of_places() {
        for token in TOKENS {
            assert_eq!(Some(token.first), token.kana.chars().next(), "{}", token.kana);
            let starts = matches!(token.part, Part::Place { .. }) && token.position != Position::AfterPlace;
            if starts {
                assert!(may_start(token.first), "{} starts a number", token.kana);
            }
        }
    }

    #[test]
    fn numbers_read_with_their_places_and_units() {
        assert_eq!(whole("じゅうに"), Some(12));
        assert_eq!(whole("にせんにじゅうろく"), Some(2026));
        assert_eq!(whole("ひゃくにじゅうさんまんよんせんごひゃくろくじゅうなな"), Some(1_234_567));
        assert_eq!(whole("いちおくにせんさんびゃくよんじゅうごまん"), Some(123_450_000));
        assert_eq!(whole("いっちょう"), Some(1_000_000_000_000));
        assert_eq!(whole("じゅうまん"), Some(100_000));
    }

    #[test]
    fn the_sound_changes_parse() {
        assert_eq!(whole("さんびゃく"), Some(300));
        assert_eq!(whole("ろっぴゃく"), Some(600));
        assert_eq!(whole("はっぴゃく"), Some(800));
        assert_eq!(whole("さんぜん"), Some(3000));
        assert_eq!(whole("いっせんまん"), Some(10_000_000));
        assert_eq!(whole("はっせん"), Some(8000));
        assert_eq!(whole("じゅうしち"), Some(17));
        assert_eq!(whole("にじゅうく"), Some(29));
    }

    #[test]
    fn a_number_ending_in_a_small_tsu_needs_the_consonant_it_doubles() {
        // じゅっぷん: 10 before ぷん; にじゅっさい: 20 before さい.
        assert!(all("じゅっぷん").contains(&("じゅっ".to_string(), 10)));
        assert!(all("にじゅっさい").contains(&("にじゅっ".to_string(), 20)));
        assert!(all("じゅういっぽん").contains(&("じゅういっ".to_string(), 11)));
        // Before a vowel or at the end, no number ends in っ.
        assert!(!all("じゅっあ").iter().any(|(r, _)| r == "じゅっ"));
        assert!(!all("いっ").iter().any(|(r, _)| r == "いっ"));
    }

    #[test]
    fn places_and_units_keep_their_order() {
        // じゅうひゃく and まんおく are no numbers; their first word alone is.
        assert_eq!(whole("じゅうひゃく"), None);
        assert_eq!(whole("まんおく"), None);
        assert_eq!(whole("いちまんいちまん"), None);
        assert_eq!(whole("にに"), None);
        // し, く, よ only after a place (alone they are words of their own).
        assert_eq!(whole("し"), None);
        assert_eq!(whole("く"), None);
    }

    #[test]
    fn a_value_too_large_for_64_bits_ends_no_number_but_the_shorter_ones_stand() {
        // 1844京6744兆… is u64::MAX; 2000京 and 9999京 are over it.
        assert_eq!(whole("いっせんけい"), Some(10_000_000_000_000_000_000));
        assert_eq!(whole("にせんけい"), None);
        assert_eq!(whole("きゅうせんきゅうひゃくきゅうじゅうきゅうけい"), None);
        assert!(all("にせんけい").contains(&("にせん".to_string(), 2000)));
        // A long run of numerals (the input's limit) reads without overflow or a crash.
        let long = "きゅうせんきゅうひゃくきゅうじゅうきゅう".repeat(12);
        let chars: Vec<char> = long.chars().collect();
        let mut out: Vec<NumberReading> = Vec::new();
        for start in 0..chars.len() {
            readings_from(&chars, start, Spelling::default(), &mut out);
        }
        assert!(out.iter().all(|r| r.value <= 9999));
    }

    #[test]
    fn no_token_spans_a_typed_boundary() {
        let chars: Vec<char> = "にせんにじゅうろく".chars().collect();
        let mut out = Vec::new();
        // A space between にせん and にじゅうろく, as the writer says it: the number spans it.
        readings_from(&chars, 0, Spelling { boundaries: &[3], heard: false }, &mut out);
        assert!(out.iter().any(|r| r.end == 9 && r.value == 2026));
        // A space inside せん: no number goes past に.
        out.clear();
        readings_from(&chars, 0, Spelling { boundaries: &[2], heard: false }, &mut out);
        assert!(out.iter().all(|r| r.end <= 1));
    }

    #[test]
    fn as_heard_a_long_vowel_may_be_marked() {
        let read = |reading: &str, heard: bool| -> Option<NumberReading> {
            let chars: Vec<char> = reading.chars().collect();
            let mut out = Vec::new();
            readings_from(&chars, 0, Spelling { boundaries: &[], heard }, &mut out);
            out.into_iter().find(|r| r.end == chars.len())
        };
        // `нидзю:року` is にじゅーろく.
        let marked = read("にじゅーろく", true).expect("read as heard");
        assert_eq!((marked.value, marked.marked), (26, 1));
        assert_eq!(read("きゅーせんきゅーひゃくきゅーじゅーきゅー", true).map(|r| (r.value, r.marked)), Some((9999, 5)));
        // Only as heard; and a long vowel left out is not read.
        assert_eq!(read("にじゅーろく", false), None);
        assert_eq!(read("にじゅろく", true), None);
        // ー stands for a long vowel only (ひゃく has none).
        assert_eq!(read("ひゃーく", true), None);
    }
}
