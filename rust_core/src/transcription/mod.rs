//! Transcription of Cyrillic words to katakana, per language (docs/PROFILES.md, "Foreign
//! words: transcription to katakana"): how Japanese writes a Russian, Ukrainian,
//! Belarusian, Serbian or Bulgarian name or word (Наташа → ナターシャ, Київ → キーウ,
//! Београд → ベオグラード).
//!
//! The rules are data, `foreignTranscriptions.json` beside profiles.json (schema in
//! `schemas/foreignTranscriptions.schema.json`), compiled in and parsed once. Per language:
//! letter classes, and groups of patterns (lower-case letter sequences) with a context on
//! either side and their katakana, best first, each at a cost. A word is cut left to right
//! into the longest patterns whose context holds ([`matcher`]); the variants combine the
//! patterns' alternatives best first, and each combination also comes with one vowel
//! lengthened, since stress is unwritten and Japanese marks a stressed open vowel long
//! ([`generate`]). The converter keeps the variant that is a dictionary word.
//!
//! - [`table`]: the table's format, parsed and checked, errors naming the JSON path.
//! - [`matcher`]: the typed word in the language's letters, and the patterns that write it.
//! - [`generate`]: the variants, best first, bounded.

pub mod generate;
pub mod matcher;
pub mod table;

pub use generate::MAX_VARIANTS;
pub use matcher::MAX_LETTERS;
pub use table::{Alternative, Language, Lengthening, Rule};

use generate::Slot;
use matcher::{Segment, Word};
use std::sync::OnceLock;

/// The bundled table, the same file the Swift package ships.
pub const BUNDLED_JSON: &str = include_str!("../../../Sources/CyrillicIME/Resources/foreignTranscriptions.json");

/// One way of writing a word in katakana, and what it costs (0 for the plain
/// transcription by every pattern's first choice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub katakana: String,
    pub cost: i32,
}

/// The transcription tables of every language.
#[derive(Debug, Clone)]
pub struct Transcriber {
    languages: Vec<Language>,
}

impl Transcriber {
    /// Reads a table document; an error names the JSON path of what is wrong.
    pub fn parse(text: &str) -> Result<Transcriber, String> {
        Ok(Transcriber { languages: table::parse(text)? })
    }

    /// The bundled table, parsed on first use.
    pub fn bundled() -> Result<&'static Transcriber, &'static str> {
        static BUNDLED: OnceLock<Result<Transcriber, String>> = OnceLock::new();
        BUNDLED.get_or_init(|| Transcriber::parse(BUNDLED_JSON)).as_ref().map_err(String::as_str)
    }

    /// The table of a language, by its code in profiles.json (ru, uk, be, sr-Cyrl, bg).
    pub fn language(&self, code: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.code == code)
    }

    pub fn languages(&self) -> &[Language] {
        &self.languages
    }

    /// The variants of `word` in `language`, best first; empty for a language without a
    /// table or a word with letters outside the language.
    pub fn variants(&self, language: &str, word: &str, limit: usize) -> Vec<Variant> {
        self.language(language).map_or_else(Vec::new, |l| l.variants(word, limit))
    }
}

/// The variants of `word` in `language` by the bundled table, best first, deduplicated,
/// at most `limit` (and at most [`MAX_VARIANTS`]): the plain transcription, the
/// alternatives where conventions differ, and each with one vowel lengthened. The word may
/// be in any case, with decomposed letters (`е` + U+0308), stress marks (U+0301) and
/// hyphens; a word with letters outside the language, or longer than [`MAX_LETTERS`],
/// gets none.
pub fn variants(language: &str, word: &str, limit: usize) -> Vec<Variant> {
    Transcriber::bundled().map_or_else(|_| Vec::new(), |t| t.variants(language, word, limit))
}

impl Language {
    /// The variants of `word`, best first (see [`variants`]).
    pub fn variants(&self, word: &str, limit: usize) -> Vec<Variant> {
        if limit == 0 {
            return Vec::new();
        }
        let Some((word, segments)) = self.cut(word) else { return Vec::new() };
        let slots = self.slots(&word, &segments);
        generate::variants(&slots, self.lengthening.cost, limit)
    }

    /// The rules that write `word`, in order, as indices into [`Language::rules`]; None if
    /// the word has letters outside the language.
    pub fn rules_applied(&self, word: &str) -> Option<Vec<usize>> {
        self.cut(word).map(|(_, segments)| segments.iter().map(|s| s.rule).collect())
    }

    fn cut(&self, word: &str) -> Option<(Word, Vec<Segment>)> {
        let word = matcher::normalise(self, word)?;
        let mut segments = Vec::with_capacity(word.letters.len());
        for &part in &word.parts {
            matcher::segment(self, &word.letters, part, &mut segments);
        }
        Some((word, segments))
    }

    /// One slot per pattern applied, and one per hyphen between the parts, each pattern
    /// that ends in a vowel with the cost of lengthening it: never a part's last letter
    /// (Москва is モスクワ, never モスクワー), preferred where a stress is likeliest.
    fn slots<'a>(&'a self, word: &Word, segments: &[Segment]) -> Vec<Slot<'a>> {
        let mut slots = Vec::with_capacity(segments.len() + word.parts.len());
        let mut segments = segments.iter().peekable();
        for (p, &(start, end)) in word.parts.iter().enumerate() {
            if p > 0 {
                slots.push(Slot { alternatives: &self.hyphen, lengthen: None });
            }
            let preferred = self.preferred_vowels(word, (start, end));
            while let Some(segment) = segments.next_if(|s| s.end <= end) {
                // The ー goes after the pattern's katakana, so only a pattern that ends in
                // its vowel (ка, ля, not бург) may take it.
                let vowel = Some(segment.end - 1).filter(|&i| self.is_vowel(word.letters[i]));
                let lengthen = vowel.filter(|&v| v + 1 < end).map(|v| {
                    if preferred.contains(&Some(v)) {
                        self.lengthening.preferred_cost
                    } else {
                        self.lengthening.cost
                    }
                });
                slots.push(Slot { alternatives: &self.rules[segment.rule].alternatives, lengthen });
            }
        }
        slots
    }

    /// The vowel letters of a part a stress is likeliest on: the one the writer marked;
    /// otherwise the penultimate vowel letter (Ната́ша, Влади́мир, Пу́шкин), and the last
    /// one too when the part ends in a consonant (Белгра́д, Самова́р).
    fn preferred_vowels(&self, word: &Word, (start, end): (usize, usize)) -> [Option<usize>; 2] {
        if let Some(&marked) = word.stressed.iter().find(|&&i| (start..end).contains(&i)) {
            return [Some(marked), None];
        }
        let mut vowels = (start..end).rev().filter(|&i| self.is_vowel(word.letters[i]));
        let last = vowels.next();
        let penultimate = vowels.next();
        let ends_in_consonant = !self.is_vowel(word.letters[end - 1]);
        match (penultimate, ends_in_consonant) {
            (Some(penultimate), true) => [Some(penultimate), last],
            (Some(penultimate), false) => [Some(penultimate), None],
            (None, _) => [last, None],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn katakana(language: &str, word: &str, limit: usize) -> Vec<String> {
        variants(language, word, limit).into_iter().map(|v| v.katakana).collect()
    }

    #[test]
    fn the_bundled_table_parses() {
        let transcriber = Transcriber::bundled().expect("the bundled table parses");
        let codes: Vec<&str> = transcriber.languages().iter().map(|l| l.code.as_str()).collect();
        assert_eq!(codes, ["ru", "uk", "be", "sr-Cyrl", "bg"]);
    }

    #[test]
    fn the_first_variant_is_the_plain_transcription_at_no_cost() {
        let first = &variants("ru", "Москва", 5)[0];
        assert_eq!((first.katakana.as_str(), first.cost), ("モスクワ", 0));
    }

    #[test]
    fn variants_are_ordered_by_cost_and_unique() {
        let all = variants("ru", "Владимир", MAX_VARIANTS);
        assert!(all.windows(2).all(|w| w[0].cost <= w[1].cost));
        for (i, v) in all.iter().enumerate() {
            assert!(all[..i].iter().all(|u| u.katakana != v.katakana), "{} twice", v.katakana);
        }
    }

    #[test]
    fn the_limit_bounds_the_count() {
        assert_eq!(variants("ru", "Владимир", 3).len(), 3);
        assert!(variants("ru", "Владимир", 0).is_empty());
        assert!(variants("ru", "Владимир", 10_000).len() <= MAX_VARIANTS);
    }

    #[test]
    fn a_word_outside_the_language_has_no_variants() {
        assert!(katakana("ru", "Moskva", 5).is_empty());
        assert!(katakana("ru", "Київ", 5).is_empty(), "ї is not Russian");
        assert!(katakana("ru", "мос2ква", 5).is_empty());
        assert!(katakana("ru", "-", 5).is_empty());
        assert!(katakana("ru", "", 5).is_empty());
        assert!(katakana("xx", "Москва", 5).is_empty());
        assert!(katakana("ru", &"а".repeat(MAX_LETTERS + 1), 5).is_empty());
    }

    #[test]
    fn segments_take_the_longest_pattern_whose_context_holds() {
        let ru = Transcriber::bundled().unwrap().language("ru").unwrap();
        let applied = ru.rules_applied("Петербург").unwrap();
        let letters: Vec<String> = applied.iter().map(|&r| ru.rules[r].letters.iter().collect()).collect();
        assert_eq!(letters, ["пе", "те", "р", "бург"]);
    }
}
