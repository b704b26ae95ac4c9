//! The user store's files (docs/LEARNING.md, "Files"): UTF-8 text, one record a line,
//! fields separated by tabs (the stored texts never hold control characters):
//!
//! ```text
//! CyrillicIME learning<TAB>1            the magic and the format version
//! tick<TAB>42                          (learning only) the logical clock
//! s<TAB>reading<TAB>text<TAB>score<TAB>last      a learned segment choice
//! p<TAB>score<TAB>last<TAB>reading<TAB>text…     a learned phrase: its segments' pairs
//! w<TAB>reading<TAB>text<TAB>class                (words only) a user word and its class
//! end<TAB>records<TAB>checksum                    16 hex digits over every byte before this line
//! ```
//!
//! The learning file is version 1. The words file is version 2 (the word's class,
//! `class.rs`); a version 1 words file (`w<TAB>reading<TAB>text`) is still read, each word a
//! common noun, and the next save writes version 2.
//!
//! Writes are atomic: a temporary file next to the target (`<name>.tmp-<pid>-<n>`, named
//! after the process that writes it) is written and fsynced, renamed over the target, and
//! the directory fsynced, so the file is always either the old one or the new one, whole.
//! The store writes only while holding its lock (`lock.rs`), so a temporary file seen by
//! the lock's holder belongs to a save whose process died; only then is it removed.

use super::{Choice, Phrase, UserData, UserWord, WordClass};
use crate::dictionary::format::checksum;
use crate::limits;
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The version of the learning file this core reads and writes.
pub const LEARNING_VERSION: u32 = 1;
/// The version of the words file this core writes; it reads this and
/// [`WORDS_VERSION_WITHOUT_CLASSES`].
pub const WORDS_VERSION: u32 = 2;
/// The words file before word classes: its words are common nouns.
pub const WORDS_VERSION_WITHOUT_CLASSES: u32 = 1;
/// First field of the learning file's first line.
pub const LEARNING_MAGIC: &str = "CyrillicIME learning";
/// First field of the user dictionary file's first line.
pub const WORDS_MAGIC: &str = "CyrillicIME user words";
/// File names inside the store's directory.
pub const LEARNING_FILE: &str = "learning.cime";
pub const WORDS_FILE: &str = "words.cime";

/// Which of the two files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Learning,
    Words,
}

impl Kind {
    pub fn magic(self) -> &'static str {
        match self {
            Kind::Learning => LEARNING_MAGIC,
            Kind::Words => WORDS_MAGIC,
        }
    }

    pub fn file_name(self) -> &'static str {
        match self {
            Kind::Learning => LEARNING_FILE,
            Kind::Words => WORDS_FILE,
        }
    }
}

fn finish(mut body: String, records: usize) -> Vec<u8> {
    let sum = checksum(body.as_bytes());
    body.push_str(&format!("end\t{records}\t{sum:016x}\n"));
    body.into_bytes()
}

/// The learning file's bytes for `data`.
pub fn write_learning(data: &UserData) -> Vec<u8> {
    let mut out = format!("{LEARNING_MAGIC}\t{LEARNING_VERSION}\ntick\t{}\n", data.tick);
    let mut records = 0;
    for (reading, choices) in &data.segments {
        for c in choices {
            out.push_str(&format!("s\t{reading}\t{}\t{}\t{}\n", c.text, c.score, c.last));
            records += 1;
        }
    }
    for (key, choices) in &data.pairs {
        for c in choices {
            out.push_str(&format!("b\t{key}\t{}\t{}\t{}\n", c.text, c.score, c.last));
            records += 1;
        }
    }
    for phrases in data.phrases.values() {
        for p in phrases {
            out.push_str(&format!("p\t{}\t{}", p.score, p.last));
            for (r, t) in &p.segments {
                out.push_str(&format!("\t{r}\t{t}"));
            }
            out.push('\n');
            records += 1;
        }
    }
    finish(out, records)
}

/// The user dictionary file's bytes for `data`'s words.
pub fn write_words(data: &UserData) -> Vec<u8> {
    let mut out = format!("{WORDS_MAGIC}\t{WORDS_VERSION}\n");
    let mut records = 0;
    for (reading, words) in &data.words {
        for w in words {
            out.push_str(&format!("w\t{reading}\t{}\t{}\n", w.text, w.class));
            records += 1;
        }
    }
    finish(out, records)
}

fn number<T: std::str::FromStr>(field: &str, what: &str, line: usize) -> Result<T, String> {
    field.parse().map_err(|_| format!("line {line}: {what} {} is not a number", crate::json::quoted(field)))
}

fn score(field: &str, line: usize) -> Result<f64, String> {
    let s: f64 = number(field, "score", line)?;
    if !s.is_finite() || s < 0.0 {
        return Err(format!("line {line}: score {field} is not a non-negative number"));
    }
    Ok(s)
}

fn text_field(field: &str, what: &str, line: usize, max: usize) -> Result<String, String> {
    let len = field.chars().count();
    if len == 0 || len > max {
        return Err(format!("line {line}: {what} has {len} characters, expected 1–{max}"));
    }
    if field.chars().any(char::is_control) {
        return Err(format!("line {line}: {what} contains a control character"));
    }
    Ok(field.to_string())
}

/// A piece of a damaged file as a message may show it: quoted, at most 24 characters, control
/// characters as `·` (a NUL in a warning would cut it short in every C reader of it).
fn shown(text: &str) -> String {
    let mut head: String = text.chars().take(24).map(|c| if c.is_control() { '·' } else { c }).collect();
    if text.chars().count() > 24 {
        head.push('…');
    }
    crate::json::quoted(&head)
}

/// Reads a file of `kind` into `data` (learning: tick, segments, phrases; words: words).
/// The error says what is wrong (the caller names the file).
pub fn read(kind: Kind, bytes: &[u8], data: &mut UserData) -> Result<(), String> {
    if bytes.len() > limits::MAX_USER_STORE_FILE_BYTES {
        return Err(format!("{} bytes, over the limit of {}", bytes.len(), limits::MAX_USER_STORE_FILE_BYTES));
    }
    if kind == Kind::Words && is_hand_written_words(bytes) {
        return read_hand_written_words(bytes, data);
    }
    let magic = kind.magic();
    if !bytes.starts_with(magic.as_bytes()) || bytes.get(magic.len()) != Some(&b'\t') {
        let head = shown(&String::from_utf8_lossy(&bytes[..bytes.len().min(24)]));
        return Err(format!("not a CyrillicIME {} file (it starts with {head})", if kind == Kind::Learning { "learning" } else { "user words" }));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8 text (at byte {})", e.valid_up_to()))?;
    let first_end = text.find('\n').ok_or("truncated: the file ends inside its first line")?;
    let version = &text[magic.len() + 1..first_end];
    // A version number as it is; anything else quoted and cut short.
    let shown_version = if !version.is_empty() && version.len() <= 9 && version.bytes().all(|b| b.is_ascii_digit()) { version.to_string() } else { shown(version) };
    let with_classes = match kind {
        Kind::Learning if version == LEARNING_VERSION.to_string() => false,
        Kind::Learning => return Err(format!("format version {shown_version}, but this core reads version {LEARNING_VERSION}")),
        Kind::Words if version == WORDS_VERSION.to_string() => true,
        Kind::Words if version == WORDS_VERSION_WITHOUT_CLASSES.to_string() => false,
        Kind::Words => return Err(format!("format version {shown_version}, but this core reads versions {WORDS_VERSION_WITHOUT_CLASSES} and {WORDS_VERSION}")),
    };
    if !text.ends_with('\n') {
        return Err("truncated: the last line is cut short (no end line)".to_string());
    }
    let body_end = text[..text.len() - 1].rfind('\n').map_or(0, |i| i + 1);
    let end_line = &text[body_end..text.len() - 1];
    let end: Vec<&str> = end_line.split('\t').collect();
    if end.len() != 3 || end[0] != "end" {
        return Err("truncated: the end line with the checksum is missing".to_string());
    }
    let line_count = text[..body_end].lines().count();
    let expected = u64::from_str_radix(end[2], 16).map_err(|_| format!("line {}: checksum {} is not 16 hex digits", line_count + 1, crate::json::quoted(end[2])))?;
    let actual = checksum(&text.as_bytes()[..body_end]);
    if expected != actual || end[2].len() != 16 {
        return Err(format!("checksum mismatch (the end line says {}, the contents give {actual:016x}): the file is damaged", end[2]));
    }
    let records: usize = number(end[1], "record count", line_count + 1)?;
    let mut seen = 0;
    let mut segments: BTreeMap<String, Vec<Choice>> = BTreeMap::new();
    let mut phrases: BTreeMap<String, Vec<Phrase>> = BTreeMap::new();
    let mut words: BTreeMap<String, Vec<UserWord>> = BTreeMap::new();
    let mut pairs: BTreeMap<String, Vec<Choice>> = BTreeMap::new();
    let mut tick = 0u64;
    for (i, line) in text[..body_end].lines().enumerate().skip(1) {
        let n = i + 1;
        let fields: Vec<&str> = line.split('\t').collect();
        match (kind, fields[0]) {
            (Kind::Learning, "tick") if fields.len() == 2 => {
                tick = number(fields[1], "tick", n)?;
                // Learning advances the clock: a file at its end would overflow it.
                if tick > limits::MAX_LEARNING_TICK {
                    return Err(format!("line {n}: tick {tick} is over the limit of {}", limits::MAX_LEARNING_TICK));
                }
            }
            (Kind::Learning, "s") if fields.len() == 5 => {
                let reading = text_field(fields[1], "reading", n, limits::MAX_READING_CHARS)?;
                let text = text_field(fields[2], "text", n, limits::MAX_LEARNED_TEXT_CHARS)?;
                let choice = Choice { text, score: score(fields[3], n)?, last: number(fields[4], "tick", n)? };
                segments.entry(reading).or_default().push(choice);
                seen += 1;
            }
            (Kind::Learning, "b") if fields.len() == 6 => {
                // A choice made after a word: word before, reading, text, score, tick.
                let before = text_field(fields[1], "word before", n, limits::MAX_LEARNED_TEXT_CHARS)?;
                let reading = text_field(fields[2], "reading", n, limits::MAX_READING_CHARS)?;
                let text = text_field(fields[3], "text", n, limits::MAX_LEARNED_TEXT_CHARS)?;
                let choice = Choice { text, score: score(fields[4], n)?, last: number(fields[5], "tick", n)? };
                pairs.entry(super::pair_key(&before, &reading)).or_default().push(choice);
                seen += 1;
            }
            (Kind::Learning, "p") if fields.len() >= 5 && fields.len() % 2 == 1 => {
                let mut pairs = Vec::new();
                for pair in fields[3..].chunks(2) {
                    pairs.push((text_field(pair[0], "reading", n, limits::MAX_READING_CHARS)?, text_field(pair[1], "text", n, limits::MAX_LEARNED_TEXT_CHARS)?));
                }
                let reading: String = pairs.iter().map(|(r, _)| r.as_str()).collect();
                phrases.entry(reading).or_default().push(Phrase { segments: pairs, score: score(fields[1], n)?, last: number(fields[2], "tick", n)? });
                seen += 1;
            }
            (Kind::Words, "w") if fields.len() == if with_classes { 4 } else { 3 } => {
                let reading = super::user_reading(fields[1]).map_err(|e| format!("line {n}: {}", e.trim_start_matches('$')))?;
                let text = text_field(fields[2], "text", n, limits::MAX_USER_TEXT_CHARS)?;
                let class = match fields.get(3) {
                    Some(name) => WordClass::parse(name).map_err(|e| format!("line {n}: {e}"))?,
                    None => WordClass::Noun,
                };
                words.entry(reading).or_default().push(UserWord { text, class });
                seen += 1;
            }
            _ => return Err(format!("line {n}: unexpected record {}", crate::json::quoted(&line.chars().take(40).collect::<String>()))),
        }
    }
    if seen != records {
        return Err(format!("the end line counts {records} records, the file has {seen}"));
    }
    match kind {
        Kind::Learning => {
            data.tick = tick;
            data.segments = segments;
            data.phrases = phrases;
            data.pairs = pairs;
            data.prune();
        }
        Kind::Words => {
            dedup_words(&mut words);
            data.words = words;
        }
    }
    Ok(())
}

/// Sorts each reading's words by text and keeps one word per text (the first class given).
fn dedup_words(words: &mut BTreeMap<String, Vec<UserWord>>) {
    for list in words.values_mut() {
        list.sort_by(|a, b| a.text.cmp(&b.text));
        list.dedup_by(|a, b| a.text == b.text);
    }
}

/// A words file written by hand: without the magic line, or with it but no `end` line.
fn is_hand_written_words(bytes: &[u8]) -> bool {
    let with_magic = bytes.starts_with(WORDS_MAGIC.as_bytes()) && bytes.get(WORDS_MAGIC.len()) == Some(&b'\t');
    let last_line = bytes.trim_ascii_end().rsplit(|&b| b == b'\n').next().unwrap_or_default();
    !with_magic || !last_line.starts_with(b"end\t")
}

/// Reads a words file written by hand (docs/LEARNING.md, "Files"): one word a line,
/// `reading<TAB>text` or `w<TAB>reading<TAB>text`, either optionally followed by `<TAB>class`
/// (a common noun without), blank lines and `#` comments skipped, the magic line optional, no
/// `end` line. Every word is checked as `rust_user_words` checks it;
/// the first bad line is the error (so the file is set aside, never half read). The next
/// save writes the file in the checked format.
fn read_hand_written_words(bytes: &[u8], data: &mut UserData) -> Result<(), String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8 text (at byte {})", e.valid_up_to()))?;
    let mut words: BTreeMap<String, Vec<UserWord>> = BTreeMap::new();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() || line.starts_with('#') || (n == 1 && line.starts_with(&format!("{WORDS_MAGIC}\t"))) {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        // A reading is kana, so a first field `w` is always the record's tag.
        let (reading, text, class) = match fields.as_slice() {
            ["w", reading, text] | [reading, text] => (*reading, *text, None),
            ["w", reading, text, class] | [reading, text, class] => (*reading, *text, Some(*class)),
            _ => return Err(format!("line {n}: expected a reading and a text separated by a tab, and optionally a word class (a words file written by hand)")),
        };
        let reading = super::user_reading(reading).map_err(|e| format!("line {n}: {}", e.trim_start_matches('$')))?;
        let text = text_field(text, "text", n, limits::MAX_USER_TEXT_CHARS)?;
        let class = class.map_or(Ok(WordClass::Noun), WordClass::parse).map_err(|e| format!("line {n}: {e}"))?;
        count += 1;
        if count > limits::MAX_USER_WORDS {
            return Err(format!("line {n}: more than {} words, the most the user dictionary holds", limits::MAX_USER_WORDS));
        }
        words.entry(reading).or_default().push(UserWord { text, class });
    }
    dedup_words(&mut words);
    data.words = words;
    Ok(())
}

static TEMP_COUNTER: AtomicUsize = AtomicUsize::new(0);

/// The prefix of temporary files for `path`: `<name>.tmp-`.
pub fn temp_prefix(path: &Path) -> String {
    format!("{}.tmp-", path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default())
}

/// Writes `bytes` to `path` atomically. The error names the file and the step that failed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let directory = path.parent().unwrap_or(Path::new("."));
    let temp = directory.join(format!("{}{}-{}", temp_prefix(path), std::process::id(), TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)));
    let result = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&temp).map_err(|e| format!("cannot create {}: {e}", temp.display()))?;
        file.write_all(bytes).map_err(|e| format!("cannot write {}: {e}", temp.display()))?;
        file.sync_all().map_err(|e| format!("cannot sync {}: {e}", temp.display()))?;
        drop(file);
        fs::rename(&temp, path).map_err(|e| format!("cannot rename {} to {}: {e}", temp.display(), path.display()))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
        return result;
    }
    // The rename is durable once the directory is synced; some file systems refuse to
    // open a directory for that, which only weakens durability, not atomicity.
    if let Ok(dir) = File::open(directory) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Removes temporary files an interrupted save of `path` left behind; returns their names.
/// Call only while holding the store's lock: a live writer's temporary file would go too.
pub fn clean_temporaries(path: &Path) -> Vec<String> {
    let directory = path.parent().unwrap_or(Path::new("."));
    let prefix = temp_prefix(path);
    let mut removed = Vec::new();
    if let Ok(entries) = fs::read_dir(directory) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with(&prefix) && fs::remove_file(entry.path()).is_ok() {
                removed.push(name);
            }
        }
    }
    removed
}

/// Moves a damaged file aside to `<path>.corrupt-<n>` (the first free n) and returns the new path.
pub fn set_aside(path: &Path) -> Result<PathBuf, String> {
    for n in 1..=1000 {
        let aside = PathBuf::from(format!("{}.corrupt-{n}", path.display()));
        if aside.symlink_metadata().is_err() {
            return fs::rename(path, &aside).map(|_| aside).map_err(|e| format!("cannot move it aside: {e}"));
        }
    }
    Err("cannot move it aside: 1000 damaged copies are already there".to_string())
}
