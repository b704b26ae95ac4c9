//! A tiny hand-made dictionary for the conversion tests, and (through
//! `examples/tiny_dictionary.rs`) for the `dictionary` and `conversion` fuzz targets and
//! the memcheck driver. Every expectation in the tests is worked out by hand from the ids
//! and costs below; change them and the tests' arithmetic changes with them.
//!
//! Ids (left id = right id for every word):
//!
//! | id | class | notes |
//! | --- | --- | --- |
//! | 0 | BOS/EOS | the sentence boundary |
//! | 1 | NOUN | special id Noun: unknown words and kana typed as they are |
//! | 2 | PARTICLE | の は で: functional (attaches to the segment before it) |
//! | 3 | ADJ | いい 有難い: a content word |
//! | 4 | KATA | special id KatakanaNoun: katakana runs; テレビ |
//! | 5 | NUM | special id Number: digit runs |
//! | 6 | SYM | special id Symbol: punctuation typed as it is |
//! | 7 | AUX | です: functional |
//! | 8 | (unused) | |
//! | 9 | PLACE | 橋: a noun class that follows adjectives cheaply |
//!
//! Connection costs (previous right id → next left id): 100 unless listed:
//! BOS→PARTICLE 5000, BOS→AUX 5000 (function words do not start a sentence), BOS→ADJ 0,
//! NOUN→PARTICLE 10, NOUN→AUX 10, NOUN→NOUN 1500, ADJ→NOUN 2000.
#![allow(dead_code)]

use cyrillic_ime_core::dictionary::builder::{self, BuildOptions, MatrixCells, SourceEntry, SourceMatrix};
use cyrillic_ime_core::dictionary::prediction_lists;

pub const BOUNDARY: u16 = 0;
pub const NOUN: u16 = 1;
pub const PARTICLE: u16 = 2;
pub const ADJ: u16 = 3;
pub const KATA: u16 = 4;
pub const NUM: u16 = 5;
pub const SYM: u16 = 6;
pub const AUX: u16 = 7;
pub const PLACE: u16 = 9;
pub const IDS: u16 = 10;

pub fn entry(reading: &str, surface: &str, id: u16, cost: i16) -> SourceEntry {
    SourceEntry { reading: reading.to_string(), surface: surface.to_string(), left_id: id, right_id: id, cost }
}

/// A square matrix of `ids` × `ids`, every cell `default` except `cells` (previous, next, cost).
pub fn matrix(ids: u16, default: i16, cells: &[(u16, u16, i16)]) -> SourceMatrix {
    let mut costs = vec![default; ids as usize * ids as usize];
    for &(previous, next, cost) in cells {
        costs[previous as usize * ids as usize + next as usize] = cost;
    }
    SourceMatrix { left_ids: ids, right_ids: ids, costs }
}

/// Special ids in `SpecialId` order: Noun, KatakanaNoun, Number, Symbol, ParticleWa,
/// ParticleE, ParticleO, then the user word classes (version 4): ProperNoun, PersonName,
/// Surname, GivenName, Place (PLACE: the class whose ids differ from a noun's), Organization,
/// SuruNoun, Adverb, Interjection (all NOUN but Place).
pub const SPECIAL_IDS: [u16; 16] = [NOUN, KATA, NUM, SYM, PARTICLE, PARTICLE, PARTICLE, NOUN, NOUN, NOUN, NOUN, PLACE, NOUN, NOUN, NOUN, NOUN];

pub fn options() -> BuildOptions {
    BuildOptions {
        metadata: vec![("source".to_string(), "tiny test dictionary".to_string()), ("version".to_string(), "1".to_string())],
        special_ids: SPECIAL_IDS,
        matrix_cells: MatrixCells::Exact,
        attach_contexts: vec![NOUN],
    }
}

pub fn words() -> Vec<SourceEntry> {
    vec![
        entry("わたし", "私", NOUN, 1000),
        entry("わたし", "渡し", NOUN, 2500),
        entry("わたくし", "私", NOUN, 2000),
        entry("なまえ", "名前", NOUN, 1000),
        entry("なか", "中", NOUN, 1500),
        entry("なかの", "中野", NOUN, 1800),
        entry("の", "野", NOUN, 4000),
        entry("は", "葉", NOUN, 3000),
        entry("す", "巣", NOUN, 3000),
        entry("つ", "津", NOUN, 1000),
        entry("き", "木", NOUN, 1000),
        entry("つき", "月", NOUN, 2800),
        entry("はし", "箸", NOUN, 1500),
        entry("はし", "橋", PLACE, 2000),
        entry("いい", "いい", ADJ, 800),
        entry("てれび", "テレビ", KATA, 1200),
        entry("あり", "蟻", NOUN, 3500),
        entry("ありがとう", "ありがとう", NOUN, 2000),
        entry("ありがとうございます", "ありがとうございます", NOUN, 3000),
        entry("ありがたい", "有難い", ADJ, 2500),
        entry("の", "の", PARTICLE, 500),
        entry("は", "は", PARTICLE, 500),
        entry("で", "で", PARTICLE, 600),
        entry("です", "です", AUX, 300),
    ]
}

pub fn connections() -> SourceMatrix {
    matrix(
        IDS,
        100,
        &[
            (BOUNDARY, PARTICLE, 5000),
            (BOUNDARY, AUX, 5000),
            (BOUNDARY, ADJ, 0),
            (NOUN, PARTICLE, 10),
            (NOUN, AUX, 10),
            (NOUN, NOUN, 1500),
            (ADJ, NOUN, 2000),
        ],
    )
}

/// The prediction lists of the tiny dictionary: a list for every node with more than 2
/// entries under it (あ, あり, な, わ, わた, …), of 4 continuations, so predictions from
/// those prefixes go through lists and a limit over 4 through the fallback, and the fuzz
/// targets' seeds hold lists to mutate.
pub const LISTS: prediction_lists::Options = prediction_lists::Options { capacity: 4, scan_bound: 2 };

/// The compiled tiny dictionary.
pub fn bytes() -> Vec<u8> {
    builder::build_with(&words(), &connections(), &options(), LISTS).expect("the tiny dictionary builds")
}

/// A second, different dictionary (なか → 仲 only), to tell two loaded dictionaries apart.
pub fn other_bytes() -> Vec<u8> {
    let words = vec![entry("なか", "仲", NOUN, 100), entry("の", "の", PARTICLE, 500)];
    let mut options = options();
    options.metadata = vec![("source".to_string(), "other test dictionary".to_string())];
    builder::build(&words, &connections(), &options).expect("the other dictionary builds")
}

/// A fresh path in the system temporary directory (the file is not created).
pub fn temp_path(name: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("cyrillic-ime-test-{}-{n}-{name}", std::process::id()))
}

/// Writes `bytes` to a fresh temporary file and returns its path.
pub fn write_temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, bytes).expect("write a temporary dictionary");
    path
}

/// Recomputes the file-length and checksum fields of an edited dictionary, as a hostile
/// writer would, so the edit reaches the validation behind the checksum.
pub fn reseal(bytes: &mut [u8]) {
    use cyrillic_ime_core::dictionary::format::{self, field};
    let len = bytes.len() as u64;
    bytes[field::FILE_LEN..field::FILE_LEN + 8].copy_from_slice(&len.to_le_bytes());
    let sum = format::checksum(&bytes[format::CHECKED_FROM..]);
    bytes[field::CHECKSUM..field::CHECKSUM + 8].copy_from_slice(&sum.to_le_bytes());
}

/// Kinds of hostile prediction lists [`hostile_lists`] makes.
pub const HOSTILE_LISTS: [&str; 3] = ["foreign", "reversed", "repeated"];

/// The tiny dictionary with hostile prediction lists (format version 4) that still pass
/// validation — every field in range, the checksum recomputed — so only the reader's own
/// checks stand between them and a wrong or broken prediction:
/// - `foreign`: every list names the entries of another node's list (entries not under the
///   node: skipped) and entry 0;
/// - `reversed`: every list in reverse (worst first: prediction sorts by cost);
/// - `repeated`: every list one entry over and over (one prediction).
pub fn hostile_lists(kind: &str) -> Vec<u8> {
    use cyrillic_ime_core::dictionary::format::{self, field, Section};
    let mut bytes = bytes();
    let at = field::SECTION_TABLE + Section::PredictionLists as usize * 16;
    let start = format::read_u64(&bytes, at).unwrap() as usize;
    let u32_at = |bytes: &[u8], at: usize| format::read_u32(bytes, at).unwrap();
    let (capacity, count) = (u32_at(&bytes, start) as usize, u32_at(&bytes, start + 4) as usize);
    assert!(count >= 2, "the tiny dictionary's lists changed: {count} lists");
    let lists_at = start + prediction_lists::HEADER + count * 4;
    let list = |bytes: &[u8], i: usize| -> Vec<u32> { (0..capacity).map(|j| u32_at(bytes, lists_at + (i * capacity + j) * 4)).collect() };
    let lists: Vec<Vec<u32>> = (0..count).map(|i| list(&bytes, i)).collect();
    for (i, old) in lists.iter().enumerate() {
        let live: Vec<u32> = old.iter().copied().filter(|&e| e != prediction_lists::NONE).collect();
        let mut new: Vec<u32> = match kind {
            "foreign" => {
                let other = &lists[(i + 1) % count];
                std::iter::once(0).chain(other.iter().copied().filter(|&e| e != prediction_lists::NONE)).take(capacity).collect()
            }
            "reversed" => live.iter().rev().copied().collect(),
            "repeated" => vec![live[0]; capacity],
            _ => panic!("unknown hostile lists {kind} (known: {HOSTILE_LISTS:?})"),
        };
        new.resize(capacity, prediction_lists::NONE);
        for (j, e) in new.iter().enumerate() {
            let p = lists_at + (i * capacity + j) * 4;
            bytes[p..p + 4].copy_from_slice(&e.to_le_bytes());
        }
    }
    reseal(&mut bytes);
    bytes
}

/// Kinds of hostile reading trie [`hostile_trie`] makes.
pub const HOSTILE_TRIES: [&str; 6] = ["labels", "children", "samples", "entries", "cycle", "top"];

/// The tiny dictionary with a hostile reading trie (format version 3) that still passes
/// validation — the counts add up and the checksum is recomputed — so only the lookups'
/// own checks stand between it and a crash or an endless walk:
/// - `labels`: the labels reversed (unsorted children, the root's label not 0) and one 0;
/// - `children`: the children counts' bits reversed (children before their parents,
///   ranges past the end);
/// - `samples`: the samples of both unary sequences pointing nowhere or to bit 0;
/// - `entries`: the entry counts' bits reversed (entries on inner nodes, none on keys);
/// - `cycle`: every node but the root claims one child, itself (no walk from the root reaches
///   them; the `samples` kind makes bounds lie so that lookups meet such nodes);
/// - `top` (format version 6): the table of the first nodes' bounds alone, with sums that
///   rise as they may but not as the counts do: every node's one child is the next node, and
///   every entry is the last node's.
///
/// Where the counts are changed, the top table is written from them, as the builder would
/// (all the tiny trie's nodes are in it, so lookups read their bounds there).
pub fn hostile_trie(kind: &str) -> Vec<u8> {
    use cyrillic_ime_core::dictionary::format::{self, field, Section};
    use cyrillic_ime_core::dictionary::trie::unary;
    let mut bytes = bytes();
    let section = |bytes: &[u8], s: Section| {
        let at = field::SECTION_TABLE + s as usize * 16;
        (format::read_u64(bytes, at).unwrap() as usize, format::read_u64(bytes, at + 8).unwrap() as usize)
    };
    let (labels_at, labels_len) = section(&bytes, Section::TrieLabels);
    let (counts_at, _) = section(&bytes, Section::TrieCounts);
    let u32_at = |bytes: &[u8], at: usize| format::read_u32(bytes, at).unwrap() as usize;
    // (start of the sequence, of its samples, of its words, bits used) for both sequences.
    let sequence = |bytes: &[u8], at: usize| {
        let (items, ones, samples, words) = (u32_at(bytes, at), u32_at(bytes, at + 4), u32_at(bytes, at + 8), u32_at(bytes, at + 12));
        (at + unary::HEADER, samples, at + unary::HEADER + samples * 4, items + ones, words)
    };
    let children = sequence(&bytes, counts_at);
    let entries_at = counts_at + (unary::HEADER + children.1 * 4 + children.4 * 8).next_multiple_of(8);
    let entries = sequence(&bytes, entries_at);
    let top_at = entries_at + (unary::HEADER + entries.1 * 4 + entries.4 * 8).next_multiple_of(8);
    let top_nodes = labels_len.min(cyrillic_ime_core::dictionary::trie::TOP_NODES);
    let write_top = |bytes: &mut Vec<u8>, children: &[u32], entries: &[u32]| {
        for i in 0..=top_nodes {
            for (column, sums) in [children, entries].into_iter().enumerate() {
                let at = top_at + i * 8 + column * 4;
                bytes[at..at + 4].copy_from_slice(&sums[i].to_le_bytes());
            }
        }
    };
    // The sums before each item of a unary sequence, as its bits say (items past the bits
    // end where the bits do).
    let sums = |bytes: &[u8], (_, _, words, bits, _): (usize, usize, usize, usize, usize)| {
        let mut out = vec![0u32];
        let mut ones = 0;
        for p in 0..bits {
            if bytes[words + p / 8] >> (p % 8) & 1 == 1 {
                ones += 1;
            } else {
                out.push(ones);
            }
        }
        out.resize(top_nodes + 1, ones);
        out
    };
    let reverse_bits = |bytes: &mut Vec<u8>, (_, _, words, bits, _): (usize, usize, usize, usize, usize)| {
        let get = |b: &[u8], p: usize| b[words + p / 8] >> (p % 8) & 1;
        let old: Vec<u8> = (0..bits).map(|p| get(bytes, p)).collect();
        for (p, bit) in old.iter().rev().enumerate() {
            bytes[words + p / 8] = bytes[words + p / 8] & !(1 << (p % 8)) | bit << (p % 8);
        }
    };
    match kind {
        "labels" => {
            bytes[labels_at..labels_at + labels_len].reverse();
            bytes[labels_at + labels_len / 2] = 0;
        }
        "children" => reverse_bits(&mut bytes, children),
        "entries" => reverse_bits(&mut bytes, entries),
        "samples" => {
            for (samples_at, count, ..) in [children, entries] {
                for k in 0..count {
                    let v = if k % 2 == 0 { u32::MAX } else { 0 };
                    bytes[samples_at + 4 * k..samples_at + 4 * k + 4].copy_from_slice(&v.to_le_bytes());
                }
            }
        }
        "cycle" => {
            // `0` for the root, then `1 0` for every other node: node i (i ≥ 1) then has
            // before(i) = i − 1, so its one child is node i itself.
            let (samples_at, count, words, bits, _) = children;
            for p in 0..bits {
                let one = p % 2 == 1;
                let b = &mut bytes[words + p / 8];
                *b = *b & !(1 << (p % 8)) | (one as u8) << (p % 8);
            }
            for k in 0..count {
                let group = k * unary::SAMPLE_EVERY;
                let v = if group == 0 { 0 } else { 1 + 2 * (group - 1) } as u32;
                bytes[samples_at + 4 * k..samples_at + 4 * k + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
        "top" => {
            let chain: Vec<u32> = (0..=top_nodes as u32).map(|i| i.min(labels_len as u32 - 1)).collect();
            let entry_count = u32_at(&bytes, entries_at + 4) as u32;
            let last: Vec<u32> = (0..=top_nodes).map(|i| if i == top_nodes { entry_count } else { 0 }).collect();
            write_top(&mut bytes, &chain, &last);
        }
        _ => panic!("unknown hostile trie {kind} (known: {HOSTILE_TRIES:?})"),
    }
    if matches!(kind, "children" | "entries" | "cycle") {
        let (children, entries) = (sums(&bytes, children), sums(&bytes, entries));
        write_top(&mut bytes, &children, &entries);
    }
    reseal(&mut bytes);
    bytes
}

/// A deterministic pseudo-random sequence (no crates), for the tests that make many words.
#[allow(dead_code)]
pub struct Lcg(pub u64);

#[allow(dead_code)]
impl Lcg {
    pub fn next(&mut self) -> u32 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }
}
