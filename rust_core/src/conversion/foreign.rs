//! The writer's own words (issue 40; docs/CONVERSION.md, "The writer's own words"): names,
//! places, countries and borrowed words of the writer's language, typed in their Cyrillic
//! spelling (`Наташа`, `Москва`, `Германия`), become lattice nodes of the katakana or the name
//! Japanese uses for them (ナターシャ, モスクワ, ドイツ) over the kana they composed to.
//!
//! The request says what the writer typed for spans of the reading ([`TypedWords`]). Over
//! each such word (and each run of consecutive words the lexicon spells as one, `Новая
//! Зеландия`) this module says what the lattice's build pushes ([`plan`], [`ForeignWords`]):
//!
//! - the lexicon's established forms (`foreign_lexicon`), in the lexicon's order, at
//!   [`ForeignCosts::lexicon`] and one step more for each later form, all with the word
//!   class of the spelling's first form (a place, a person, a given name, a noun);
//! - the transcription's variants (`transcription`) that are dictionary words: the katakana
//!   word whose reading is the variant's kana (Mozc holds ナターシャ, モスクワ, プーシキン), at
//!   its cost plus the variant's;
//! - where neither gives anything, the plain transcription as a noun.
//!
//! Which reading comes first is the word's [`Stance`]. A capital letter inside a sentence, or
//! on a word the lexicon knows, makes the word a name: the Japanese readings of its kana pay
//! [`ForeignCosts::name`]. A word with letters the profile left as typed that no Japanese
//! reading covers is foreign: its forms come at their own cost, far below the letters kept as
//! typed. Any other word reads as Japanese where it can, its foreign forms paying
//! [`ForeignCosts::japanese_first`]. The Japanese readings stay in the lattice either way, so
//! both are candidates; the segment as typed is the last candidate (`segments.rs`).

use super::conventional::SpellingIndex;
use super::input::{class_of, lookup_char, to_hiragana, CharClass};
use super::written::{Written, WrittenWord};
use crate::dictionary::format::SpecialId;
use crate::dictionary::Dictionary;
use crate::foreign_lexicon::{self, Entry as LexiconEntry, Kind, Lexicon};
use crate::request::{TypedWord, TypedWords};
use crate::transcription::Transcriber;
use std::borrow::Cow;
use std::ops::Range;

/// What foreign words cost in the lattice. Chosen by measurement on the development half of
/// the foreign-word set (docs/CONVERSION.md, "The writer's own words"; `cargo run --release
/// --example foreign_words`); the test half was not used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForeignCosts {
    /// A form of the lexicon: a common word's cost, whatever the dictionary's cost of the same
    /// text, because the lexicon's order is the established usage (`Киев`: キーウ, then the
    /// former キエフ), which the dictionary's costs do not know.
    pub lexicon: i32,
    /// Each later form of the same spelling, so the lexicon's order holds.
    pub lexicon_rank: i32,
    /// A transcription variant that is a dictionary word, beside forms of the lexicon (on top
    /// of the word's cost and the variant's): the lexicon's form is the established one, the
    /// variant a guess the dictionary happens to hold (`Китай`: 中国, then 期待, then キタイ).
    pub variant_beside_lexicon: i32,
    /// The plain transcription of a name or a foreign word ([`Stance::Name`],
    /// [`Stance::Foreign`]) as a noun, where neither the lexicon nor the dictionary has the
    /// word: dearer than a dictionary word, far below letters kept as typed.
    pub transcription: i32,
    /// The same for a word that may be Japanese ([`Stance::Japanese`]) costs this much more per
    /// kana of its span: more than a Japanese reading costs per kana, so that it wins only
    /// where the kana read as nothing, never over a one-kana word (`ко` is 子, not コ) nor over
    /// a sentence typed as one word.
    pub guess_per_kana: i32,
    /// Added to every Japanese reading of a name's kana ([`Stance::Name`]): the capital says
    /// it is a name (`ватаси ва Иван дэс` is イワン, not 言わん).
    pub name: i32,
    /// Added to the foreign forms of a word that may be Japanese ([`Stance::Japanese`]): its
    /// Japanese reading comes first where it has one (`дэс` is です, not デース), its foreign
    /// forms where the kana read as nothing (`балалайка` as ばららいか is バラライカ).
    pub japanese_first: i32,
}

impl Default for ForeignCosts {
    fn default() -> ForeignCosts {
        ForeignCosts { lexicon: 3_000, lexicon_rank: 200, variant_beside_lexicon: 3_000, transcription: 5_000, guess_per_kana: 2_500, name: 3_000, japanese_first: 3_000 }
    }
}

/// Most transcription variants of a word looked up in the dictionary (the variants are
/// ordered by cost: a dictionary word further down is an unlikely spelling).
pub const MAX_VARIANTS_LOOKED_UP: usize = 8;

/// Which reading of a typed word comes first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stance {
    /// A name: capitalised inside a sentence (not the first word, or after text), before
    /// another capitalised word (`Лев Толстой`), or where the lexicon knows it (`Китай` alone
    /// is 中国). Foreign forms first.
    Name,
    /// Not a name, and the profile left letters of it as typed that no Japanese reading
    /// covers (`водка` as をдか, `Константинов`): the Japanese readings keep a Cyrillic letter,
    /// so the foreign forms come first, at their own cost.
    Foreign,
    /// Lower case, or a capitalised first word the lexicon does not know (`Ватаси ва…`), or a
    /// conventional spelling of a Japanese name (`Токио`), and every letter is read (`дэс` as
    /// でс, read です by the spellings as heard): Japanese first where it reads.
    Japanese,
}

/// The foreign words of a request, and what decides how strongly they count.
#[derive(Debug, Clone, Copy)]
pub struct ForeignRequest<'a> {
    pub words: &'a TypedWords,
    /// Text stands before the reading (a left context other than a sentence start): its first
    /// word is inside a sentence.
    pub after_text: bool,
    pub costs: &'a ForeignCosts,
}

/// A typed word as this module reads it: its letters, with punctuation and other characters
/// cut off either end where the reading has them too, and the characters they composed to.
struct Word<'a> {
    letters: &'a str,
    span: Range<usize>,
    capitalised: bool,
    /// The lexicon's forms of it, the usual one first.
    forms: Vec<LexiconEntry<'static>>,
}

/// A Cyrillic letter or a mark combined with one (a stress, the dots of ї): what a word of a
/// Cyrillic language is made of, apostrophes and hyphens aside.
fn is_letter(c: char) -> bool {
    (('\u{0400}'..='\u{052F}').contains(&c) && c.is_alphabetic()) || ('\u{0300}'..='\u{036F}').contains(&c)
}

impl<'a> Word<'a> {
    /// The word's letters and their span, or None where what is cut off either end does not
    /// match the reading there: the characters cut off the typed text (punctuation, digits,
    /// Latin letters) must stand at the span's ends as characters that are neither kana nor
    /// Cyrillic letters, one for one (`Москва,` → もсくぁ、).
    fn read(word: &'a TypedWord, chars: &[char], lexicon: &'static Lexicon, language: &str) -> Option<Word<'a>> {
        let text = word.text.as_str();
        let letters = text.trim_matches(|c: char| !is_letter(c));
        if letters.is_empty() || word.span.end > chars.len() {
            return None;
        }
        let lead = text[..text.len() - text.trim_start_matches(|c: char| !is_letter(c)).len()].chars().count();
        let trail = text[text.trim_end_matches(|c: char| !is_letter(c)).len()..].chars().count();
        if lead + trail >= word.span.len() {
            return None;
        }
        let span = word.span.start + lead..word.span.end - trail;
        let cut_off = chars[word.span.start..span.start].iter().chain(&chars[span.end..word.span.end]);
        if cut_off.clone().any(|&c| is_letter(c) || matches!(class_of(c), CharClass::Hiragana | CharClass::Katakana)) {
            return None;
        }
        let capitalised = letters.chars().next().is_some_and(char::is_uppercase);
        Some(Word { letters, span, capitalised, forms: lexicon.lookup(language, letters).collect() })
    }
}

/// Reads the lexicon and the transcription tables now (they are read on first use): the
/// C ABI does it when it loads a dictionary, so that the first conversion of typed words does
/// not wait for them (about 15 ms, most of it the lexicon).
pub fn prepare() {
    foreign_lexicon::bundled();
    let _ = Transcriber::bundled();
}

/// What the writer's own words add to a lattice ([`plan`]).
#[derive(Debug, Default)]
pub struct ForeignWords {
    /// The first characters of the words that are names: every word over one (but the
    /// writer's own, `TextSource::keeps_its_cost_under_a_name`) pays [`ForeignCosts::name`].
    /// Each path has exactly one word over a name's first character, so a Japanese reading of
    /// a name pays once.
    pub names: Vec<usize>,
    /// The foreign forms, in the order they are pushed.
    pub forms: Vec<WrittenWord<'static>>,
}

/// The foreign words of `request` over the input `chars` (after the word boundaries are
/// enforced: a form of several typed words spans the boundaries between them). `spellings`:
/// the conventional spellings, whose words are Japanese names; `uncovered`: for each
/// character, whether no word of the lattice covers it (`Lattice::uncovered`), asked for only
/// where a typed word's kana hold a letter.
pub(in crate::conversion) fn plan(dictionary: &Dictionary, chars: &[char], request: &ForeignRequest, spellings: Option<&SpellingIndex>, uncovered: impl FnOnce() -> Vec<bool>) -> ForeignWords {
    let ForeignRequest { words: typed, after_text, costs } = *request;
    let mut out = ForeignWords::default();
    let language = typed.language.as_str();
    let lexicon = foreign_lexicon::bundled();
    let transcriber = Transcriber::bundled().ok().and_then(|t| t.language(language));
    // A language with neither table (romaji's `ja`, one this build does not know) gives no
    // foreign words, and leaves the Japanese readings as they are.
    if transcriber.is_none() && lexicon.entry_count(language) == 0 {
        return out;
    }
    let words: Vec<Option<Word>> = typed.words.iter().map(|w| Word::read(w, chars, lexicon, language)).collect();
    // Runs of consecutive words the lexicon spells as one (`Новая Зеландия`, `Босна и
    // Херцеговина`), spanning the boundaries between them; a name, so its first word is
    // capitalised (most words are not, and need no look-up).
    let longest = lexicon.longest_phrase(language);
    let mut phrases: Vec<Phrase> = Vec::new();
    for (first, head) in words.iter().enumerate() {
        let Some(head) = head.as_ref().filter(|w| w.capitalised) else { continue };
        let (mut letters, mut end) = (head.letters.to_string(), head.span.end);
        for word in words.iter().skip(first + 1).take(longest.saturating_sub(1)) {
            match word {
                Some(word) if word.span.start == end => {
                    letters.push(' ');
                    letters.push_str(word.letters);
                    end = word.span.end;
                }
                _ => break,
            }
            let forms: Vec<_> = lexicon.lookup(language, &letters).collect();
            if !forms.is_empty() {
                phrases.push(Phrase { first, span: head.span.start..end, forms });
            }
        }
    }
    // Which letters no Japanese reading covers, where a typed word's kana hold any letter.
    let unread = words.iter().flatten().any(|w| chars[w.span.clone()].iter().any(|&c| is_letter(c))).then(|| letters_unread(chars, uncovered()));
    let stances: Vec<Option<Stance>> = words
        .iter()
        .enumerate()
        .map(|(i, word)| {
            let word = word.as_ref()?;
            let known = !word.forms.is_empty() || phrases.iter().any(|p| p.first == i);
            let inside = word.span.start > 0 || after_text;
            // A name of two words starts a sentence (`Лев Толстой`, `Паисий Хилендарски`).
            let named_on = || words.get(i + 1).and_then(Option::as_ref).is_some_and(|next| next.capitalised && next.span.start == word.span.end);
            let name = word.capitalised && (inside || known || named_on()) && !is_japanese_name(dictionary, &chars[word.span.clone()], spellings);
            Some(if name {
                Stance::Name
            } else if unread.as_ref().is_some_and(|u| u[word.span.clone()].contains(&true)) {
                Stance::Foreign
            } else {
                Stance::Japanese
            })
        })
        .collect();
    out.names.extend(words.iter().zip(&stances).filter(|(_, s)| **s == Some(Stance::Name)).filter_map(|(word, _)| Some(word.as_ref()?.span.start)));
    for (i, (word, stance)) in words.iter().zip(&stances).enumerate() {
        let (Some(word), Some(stance)) = (word, *stance) else { continue };
        let extra = if stance == Stance::Japanese { costs.japanese_first } else { 0 };
        push_forms(&mut out.forms, word.span.clone(), &word.forms, costs, extra);
        for phrase in phrases.iter().filter(|p| p.first == i) {
            push_forms(&mut out.forms, phrase.span.clone(), &phrase.forms, costs, extra);
        }
        // A lower-case word that reads as Japanese (most words of a sentence) is looked up in
        // the lexicon only: its transcription would be a guess, dearer than its Japanese reading.
        if stance == Stance::Japanese && !word.capitalised {
            continue;
        }
        let known = !word.forms.is_empty();
        let variants = transcriber.map(|t| t.variants(word.letters, MAX_VARIANTS_LOOKED_UP)).unwrap_or_default();
        let beside = if known { costs.variant_beside_lexicon } else { 0 };
        let mut found = false;
        // Where the word may be Japanese, a variant read as the kana typed (`мама`: ママ under
        // まま) is already in the lattice at its own cost.
        let typed_kana: String = chars[word.span.clone()].iter().map(|&c| lookup_char(c)).collect();
        for variant in &variants {
            let reading = to_hiragana(&variant.katakana);
            if word.forms.iter().any(|f| f.text == variant.katakana) || (stance == Stance::Japanese && reading == typed_kana) {
                continue;
            }
            // Only a variant the dictionary holds: its words, each at its own cost.
            if dictionary.each_written(&reading, &variant.katakana, |_, _| {}) {
                found = true;
                let how = Written::Words { reading: Cow::Owned(reading), extra: variant.cost + beside + extra };
                out.forms.push(WrittenWord { span: word.span.clone(), text: Cow::Owned(variant.katakana.clone()), how });
            }
        }
        // Neither the lexicon nor the dictionary knows the word: the plain transcription, for a
        // name at a fixed cost; for a word that may be Japanese at a cost per kana above what
        // Japanese readings cost, so it wins only where the kana read as nothing (`Лізавета`
        // as ぃざゔぇた), never over a sentence typed as one word.
        if !known && !found {
            if let Some(best) = variants.first() {
                let cost = match stance {
                    Stance::Name | Stance::Foreign => costs.transcription,
                    Stance::Japanese => costs.transcription + costs.guess_per_kana * word.span.len() as i32,
                };
                let how = Written::Text { class: SpecialId::KatakanaNoun, cost };
                out.forms.push(WrittenWord { span: word.span.clone(), text: Cow::Owned(best.katakana.clone()), how });
            }
        }
    }
    out
}

/// The foreign forms of what the writer typed for a whole reading ([`whole_forms`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WholeForms {
    /// Whether the (first) word was typed with a capital: a name, whose forms come first.
    pub capitalised: bool,
    /// (text, its reading), the usual first.
    pub forms: Vec<(String, String)>,
}

/// The foreign forms of the typed word that covers all of `chars`, or of the consecutive
/// typed words that do and the lexicon spells as one (`Новая Зеландия`): the lexicon's forms
/// in its order, then (for one word) the transcription's variants that are dictionary words
/// (ナターシャ), a lower-case word's variant read as the kana typed left out (the dictionary's
/// own words of those kana have it: `мама` is まま, ママ). None where no typed word covers the
/// reading, or neither table has a form of it. For prediction, which runs at every keystroke:
/// only the words over the reading are looked up.
pub fn whole_forms(dictionary: &Dictionary, chars: &[char], typed: &TypedWords) -> Option<WholeForms> {
    let language = typed.language.as_str();
    let (first, last) = (typed.words.first()?, typed.words.last()?);
    if first.span.start != 0 || last.span.end != chars.len() || typed.words.windows(2).any(|w| w[0].span.end != w[1].span.start) {
        return None;
    }
    let lexicon = foreign_lexicon::bundled();
    let words: Vec<Word> = typed.words.iter().map(|w| Word::read(w, chars, lexicon, language)).collect::<Option<_>>()?;
    // Punctuation cut off a word's ends stands in the reading outside the word.
    if words.first()?.span.start != 0 || words.last()?.span.end != chars.len() {
        return None;
    }
    let capitalised = words[0].capitalised;
    let mut forms: Vec<(String, String)> = Vec::new();
    let mut add = |text: &str, reading: &str| {
        if !forms.iter().any(|(t, _)| t == text) {
            forms.push((text.to_string(), reading.to_string()));
        }
    };
    if let [word] = words.as_slice() {
        for entry in &word.forms {
            add(entry.text, entry.reading);
        }
        let typed_kana: String = chars.iter().map(|&c| lookup_char(c)).collect();
        let transcriber = Transcriber::bundled().ok().and_then(|t| t.language(language));
        for variant in transcriber.map(|t| t.variants(word.letters, MAX_VARIANTS_LOOKED_UP)).unwrap_or_default() {
            let reading = to_hiragana(&variant.katakana);
            if (capitalised || reading != typed_kana) && dictionary.each_written(&reading, &variant.katakana, |_, _| {}) {
                add(&variant.katakana, &reading);
            }
        }
    } else if capitalised && words.len() <= lexicon.longest_phrase(language) {
        let letters: Vec<&str> = words.iter().map(|w| w.letters).collect();
        for entry in lexicon.lookup(language, &letters.join(" ")) {
            add(entry.text, entry.reading);
        }
    }
    (!forms.is_empty()).then_some(WholeForms { capitalised, forms })
}

/// Consecutive typed words the lexicon spells as one.
struct Phrase {
    /// The index of its first word.
    first: usize,
    /// The characters of the reading it covers.
    span: Range<usize>,
    /// The lexicon's forms of it.
    forms: Vec<LexiconEntry<'static>>,
}

/// For each character of the input, whether it is a Cyrillic letter no word of the lattice
/// covers (`uncovered`, but the character kept as typed): a letter the profile left as typed
/// and no spelling as heard reads (the с of `дэс` is read as す, the в of `Иванов` is not).
fn letters_unread(chars: &[char], uncovered: Vec<bool>) -> Vec<bool> {
    chars.iter().zip(uncovered).map(|(&c, uncovered)| uncovered && is_letter(c)).collect()
}

/// Whether the kana `chars` are a Japanese name written in Cyrillic: a conventional spelling
/// (`Токио`), or kana whose likeliest word is a name written in kanji (`Танака`: 田中, a
/// family name). A capital letter then does not make the word foreign.
fn is_japanese_name(dictionary: &Dictionary, chars: &[char], spellings: Option<&SpellingIndex>) -> bool {
    if spellings.is_some_and(|s| s.knows(chars)) {
        return true;
    }
    let names = [SpecialId::Surname, SpecialId::GivenName, SpecialId::PersonName, SpecialId::Place].map(|id| dictionary.special_id(id));
    let reading = SpellingIndex::key_of(chars);
    let likeliest = dictionary.entries_of(&reading).map(|(_, e)| e).min_by_key(|e| e.cost);
    likeliest.is_some_and(|e| e.has_kanji() && names.contains(&e.left_id))
}

/// The word class a lexicon form the dictionary lacks is pushed with.
fn kind_id(kind: Kind) -> SpecialId {
    match kind {
        Kind::Country | Kind::Capital | Kind::Place => SpecialId::Place,
        Kind::Person => SpecialId::PersonName,
        Kind::GivenName => SpecialId::GivenName,
        Kind::Word => SpecialId::Noun,
    }
}

/// The lexicon's forms of a spelling over `span`, in its order, at [`ForeignCosts::lexicon`]
/// plus `extra`, one rank dearer each. One class for every form (the first form's kind), so
/// that only the lexicon's order tells them apart: the classes' connections differ by more
/// than a rank (`Бразилия`: ブラジル, the country, before ブラジリア, its capital).
fn push_forms(out: &mut Vec<WrittenWord<'static>>, span: Range<usize>, forms: &[LexiconEntry<'static>], costs: &ForeignCosts, extra: i32) {
    let class = forms.first().map_or(SpecialId::Noun, |entry| kind_id(entry.kind));
    for (rank, entry) in forms.iter().enumerate() {
        let how = Written::Text { class, cost: costs.lexicon + rank as i32 * costs.lexicon_rank + extra };
        out.push(WrittenWord { span: span.clone(), text: Cow::Borrowed(entry.text), how });
    }
}
