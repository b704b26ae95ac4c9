//! The lexicon of established forms (docs/PROFILES.md, "Foreign words: the lexicon of
//! established forms"): per Cyrillic language, the names and words whose Japanese form no
//! transcription rule derives — countries and capitals (`Германия` → ドイツ, `Китай` → 中国),
//! cities and places (`Владивосток` → ウラジオストク, `Вена` → ウィーン), well-known people
//! (`Пушкин` → プーシキン), given names with the stress Japanese marks (`Наташа` → ナターシャ)
//! and borrowed words (`водка` → ウォッカ).
//!
//! The table is data, `foreignLexicon.json` beside profiles.json (schema in
//! `schemas/foreignLexicon.schema.json`), compiled in from the file the Swift package ships
//! and read once. This module only answers "what does this language's writer mean by this
//! word": [`lookup`] by language (profiles.json's `language`) and the word as typed, in any
//! case. Deciding when a word is a foreign word, and ranking the answers against the
//! dictionary's, belongs to the converter.
//!
//! Spellings are compared after [`normalize`]: lower case, `ё` as `е` (Russian writers
//! mostly leave the dots off), every apostrophe as `'`, hyphens and runs of white space as
//! one space (`Санкт-Петербург`, `Санкт Петербург`). A spelling may name several things
//! (`Алжир`: the country and its capital; `Виктория`: a name and a capital): all its entries
//! are returned in the file's order, the one listed first being the usual one.

use crate::json::{self, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The bundled table, the same file the Swift package ships.
pub const BUNDLED_JSON: &str = include_str!("../../Sources/CyrillicIME/Resources/foreignLexicon.json");

/// What an entry names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Country,
    Capital,
    Place,
    Person,
    GivenName,
    Word,
}

impl Kind {
    const ALL: [Kind; 6] = [Kind::Country, Kind::Capital, Kind::Place, Kind::Person, Kind::GivenName, Kind::Word];

    /// The name the file uses (`given_name`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Country => "country",
            Kind::Capital => "capital",
            Kind::Place => "place",
            Kind::Person => "person",
            Kind::GivenName => "given_name",
            Kind::Word => "word",
        }
    }

    fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.name() == name)
    }
}

/// One established form, borrowed from its [`Lexicon`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry<'a> {
    /// The spelling as the file gives it (`Германия`, `Нью-Йорк`).
    pub spelling: &'a str,
    /// The Japanese written form (ドイツ, 中国, ナターシャ).
    pub text: &'a str,
    /// Its reading in hiragana (どいつ, ちゅうごく, なたーしゃ).
    pub reading: &'a str,
    pub kind: Kind,
    /// A key of the language's sources.
    pub source: &'a str,
}

/// A string kept in the lexicon's one buffer: its byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Span {
    start: u32,
    len: u32,
}

/// An entry as stored: spans into the buffer and the index of its source.
#[derive(Debug, Clone, Copy)]
struct Stored {
    spelling: Span,
    text: Span,
    reading: Span,
    kind: Kind,
    source: u16,
}

/// One language's part of the lexicon.
#[derive(Debug, Clone, Default)]
struct Language {
    /// BCP 47, as profiles.json's `language` (ru, uk, be, sr-Cyrl, bg).
    code: String,
    /// Source key → what the source is, in the file's order.
    sources: Vec<(String, String)>,
    /// The entries grouped by normalized spelling, the groups in the order of `spellings`,
    /// each group in the file's order.
    entries: Vec<Stored>,
    /// Each normalized spelling, sorted, with its group's first entry and length.
    spellings: Vec<(Span, u32, u32)>,
    /// Most words in one normalized spelling (`Соединённые Штаты Америки`: 3).
    longest_phrase: usize,
}

/// The parsed lexicon, indexed for [`Lexicon::lookup`]. Every string lives once in one
/// buffer (a text the five languages share too) and a spelling is found by binary search,
/// because the keyboard keeps the lexicon for its lifetime: the bundled one holds about
/// 400 KiB in under a hundred allocations, where a string per field and a hash map per
/// language held 3 MiB in 34,000.
#[derive(Debug, Clone, Default)]
pub struct Lexicon {
    buffer: String,
    languages: Vec<Language>,
}

/// A spelling's entries, in the file's order ([`Lexicon::lookup`]).
#[derive(Debug, Clone)]
pub struct Matches<'a> {
    lexicon: &'a Lexicon,
    language: Option<&'a Language>,
    entries: std::slice::Iter<'a, Stored>,
}

impl<'a> Iterator for Matches<'a> {
    type Item = Entry<'a>;

    fn next(&mut self) -> Option<Entry<'a>> {
        let stored = self.entries.next()?;
        Some(self.lexicon.entry(self.language?, stored))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.entries.size_hint()
    }
}

impl ExactSizeIterator for Matches<'_> {}

impl Lexicon {
    /// Every entry `language`'s writers mean by `word` (any case; see [`normalize`]), the
    /// usual one first; none for a word or a language the lexicon does not have.
    pub fn lookup(&self, language: &str, word: &str) -> Matches<'_> {
        let table = self.language(language);
        let group = table.and_then(|table| {
            let key = normalize(word);
            let at = table.spellings.binary_search_by(|(span, _, _)| self.str(*span).cmp(&key)).ok()?;
            let (_, first, count) = table.spellings[at];
            table.entries.get(first as usize..(first + count) as usize)
        });
        Matches { lexicon: self, language: table, entries: group.unwrap_or(&[]).iter() }
    }

    /// The languages, in the file's order.
    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.languages.iter().map(|l| l.code.as_str())
    }

    /// A language's sources (key, what it is), in the file's order.
    pub fn sources(&self, language: &str) -> &[(String, String)] {
        self.language(language).map_or(&[], |l| l.sources.as_slice())
    }

    /// How many entries a language has.
    pub fn entry_count(&self, language: &str) -> usize {
        self.language(language).map_or(0, |l| l.entries.len())
    }

    /// Most words in one of a language's spellings: how many typed words a caller needs to
    /// join to find every spelling (`Новая Зеландия` is two).
    pub fn longest_phrase(&self, language: &str) -> usize {
        self.language(language).map_or(0, |l| l.longest_phrase)
    }

    /// Every entry of a language, grouped by spelling (for checks and tools).
    pub fn entries<'a>(&'a self, language: &str) -> impl Iterator<Item = Entry<'a>> + 'a {
        let table = self.language(language);
        table.into_iter().flat_map(move |table| table.entries.iter().map(move |stored| self.entry(table, stored)))
    }

    /// BCP 47 tags compare without regard to case (`sr-cyrl` is `sr-Cyrl`).
    fn language(&self, code: &str) -> Option<&Language> {
        self.languages.iter().find(|l| l.code.eq_ignore_ascii_case(code))
    }

    fn entry<'a>(&'a self, table: &'a Language, stored: &Stored) -> Entry<'a> {
        Entry {
            spelling: self.str(stored.spelling),
            text: self.str(stored.text),
            reading: self.str(stored.reading),
            kind: stored.kind,
            source: table.sources.get(stored.source as usize).map_or("", |(key, _)| key.as_str()),
        }
    }

    fn str(&self, span: Span) -> &str {
        self.buffer.get(span.start as usize..(span.start + span.len) as usize).unwrap_or("")
    }
}

/// The bundled lexicon, parsed once. The bundled file is checked by the tests and the
/// schema check; should it ever fail to parse, the lexicon is empty rather than a crash.
pub fn bundled() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    LEXICON.get_or_init(|| parse(BUNDLED_JSON).unwrap_or_default())
}

/// [`Lexicon::lookup`] in the bundled lexicon.
pub fn lookup(language: &str, word: &str) -> Matches<'static> {
    bundled().lookup(language, word)
}

/// The form spellings are compared in: lower case, `ё` as `е`, `’` `ʼ` `‘` as `'`, and
/// hyphens and runs of white space as one space, with none at either end.
pub fn normalize(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    let mut space = false;
    for c in word.chars() {
        if c.is_whitespace() || c == '-' {
            space = !out.is_empty();
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        match c {
            'ё' | 'Ё' => out.push('е'),
            '’' | 'ʼ' | '‘' => out.push('\''),
            _ => out.extend(c.to_lowercase()),
        }
    }
    out
}

/// Parses a lexicon document; an error names the path of what is wrong
/// (`foreignLexicon.json: $.languages[1].entries[7].kind: …`).
pub fn parse(text: &str) -> Result<Lexicon, String> {
    let limits = json::Limits { max_bytes: 4 << 20, max_depth: 8, max_values: 400_000 };
    let document = json::parse(text, limits).map_err(|e| format!("foreignLexicon.json: {}: {}", e.path, e.message))?;
    let Value::Object(members) = document else { return Err(error("$", "expected an object")) };
    let Some(Value::Array(languages)) = member(&members, "languages") else {
        return Err(error("$.languages", "expected an array of languages"));
    };
    let mut builder = Builder::default();
    for (i, language) in languages.iter().enumerate() {
        let table = builder.language(language, &format!("$.languages[{i}]"))?;
        if builder.lexicon.language(&table.code).is_some() {
            return Err(error(&format!("$.languages[{i}].language"), &format!("{} is listed twice", json::quoted(&table.code))));
        }
        builder.lexicon.languages.push(table);
    }
    builder.lexicon.buffer.shrink_to_fit();
    Ok(builder.lexicon)
}

/// The lexicon being read, and where each string already in its buffer is.
#[derive(Default)]
struct Builder {
    lexicon: Lexicon,
    interned: HashMap<String, Span>,
}

impl Builder {
    fn language(&mut self, value: &Value, path: &str) -> Result<Language, String> {
        let Value::Object(fields) = value else { return Err(error(path, "expected an object")) };
        let Some(Value::String(code)) = member(fields, "language") else {
            return Err(error(&format!("{path}.language"), "expected a string (a profile's language, ru)"));
        };
        let Some(Value::Object(source_fields)) = member(fields, "sources") else {
            return Err(error(&format!("{path}.sources"), "expected an object of source keys"));
        };
        let mut sources = Vec::with_capacity(source_fields.len());
        for (key, description) in source_fields {
            let Value::String(description) = description else {
                return Err(error(&format!("{path}.sources[{}]", json::quoted(key)), "expected a string saying what the source is"));
            };
            sources.push((key.clone(), description.clone()));
        }
        let Some(Value::Array(items)) = member(fields, "entries") else {
            return Err(error(&format!("{path}.entries"), "expected an array of entries"));
        };
        let mut keyed = Vec::with_capacity(items.len());
        let mut longest_phrase = 0;
        for (j, item) in items.iter().enumerate() {
            let (key, stored) = self.entry(item, &format!("{path}.entries[{j}]"), &sources)?;
            longest_phrase = longest_phrase.max(self.str(key).split(' ').count());
            keyed.push((key, stored));
        }
        // Grouped by spelling; the sort is stable, so a group keeps the file's order.
        keyed.sort_by(|(a, _), (b, _)| self.str(*a).cmp(self.str(*b)));
        let mut table = Language { code: code.clone(), sources, longest_phrase, ..Language::default() };
        table.entries.reserve_exact(keyed.len());
        for (key, stored) in keyed {
            match table.spellings.last_mut() {
                Some((last, _, count)) if *last == key => *count += 1,
                _ => table.spellings.push((key, table.entries.len() as u32, 1)),
            }
            table.entries.push(stored);
        }
        table.spellings.shrink_to_fit();
        Ok(table)
    }

    /// An entry and its normalized spelling.
    fn entry(&mut self, value: &Value, path: &str, sources: &[(String, String)]) -> Result<(Span, Stored), String> {
        let Value::Object(fields) = value else { return Err(error(path, "expected an object")) };
        if let Some((key, _)) = fields.iter().find(|(key, _)| !ENTRY_FIELDS.contains(&key.as_str())) {
            return Err(error(&format!("{path}.{key}"), "unknown field (an entry has spelling, text, reading, kind, source)"));
        }
        let field = |key: &str| match member(fields, key) {
            Some(Value::String(s)) if !s.is_empty() => Ok(s.as_str()),
            _ => Err(error(&format!("{path}.{key}"), "expected a non-empty string")),
        };
        let spelling = field("spelling")?;
        let key = normalize(spelling);
        if key.is_empty() {
            return Err(error(&format!("{path}.spelling"), "has no letters"));
        }
        let text = field("text")?;
        let reading = field("reading")?;
        if !reading.chars().all(|c| ('\u{3041}'..='\u{3096}').contains(&c) || c == 'ー') {
            return Err(error(&format!("{path}.reading"), &format!("{} is not hiragana (and ー)", json::quoted(reading))));
        }
        let kind_name = field("kind")?;
        let Some(kind) = Kind::from_name(kind_name) else {
            return Err(error(
                &format!("{path}.kind"),
                &format!("{} is not a kind (country, capital, place, person, given_name, word)", json::quoted(kind_name)),
            ));
        };
        let source_key = field("source")?;
        let Some(source) = sources.iter().position(|(key, _)| key == source_key) else {
            return Err(error(&format!("{path}.source"), &format!("{} is not a key of the language's sources", json::quoted(source_key))));
        };
        let stored = Stored {
            spelling: self.intern(spelling),
            text: self.intern(text),
            reading: self.intern(reading),
            kind,
            source: source as u16,
        };
        Ok((self.intern(&key), stored))
    }

    /// `s`'s place in the buffer, adding it the first time.
    fn intern(&mut self, s: &str) -> Span {
        if let Some(&span) = self.interned.get(s) {
            return span;
        }
        let span = Span { start: self.lexicon.buffer.len() as u32, len: s.len() as u32 };
        self.lexicon.buffer.push_str(s);
        self.interned.insert(s.to_string(), span);
        span
    }

    fn str(&self, span: Span) -> &str {
        self.lexicon.str(span)
    }
}

const ENTRY_FIELDS: [&str; 5] = ["spelling", "text", "reading", "kind", "source"];

fn member<'a>(fields: &'a [(String, Value)], key: &str) -> Option<&'a Value> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
}

fn error(path: &str, message: &str) -> String {
    format!("foreignLexicon.json: {path}: {message}")
}
