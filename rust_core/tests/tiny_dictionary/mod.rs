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
/// ParticleE, ParticleO.
pub const SPECIAL_IDS: [u16; 7] = [NOUN, KATA, NUM, SYM, PARTICLE, PARTICLE, PARTICLE];

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

/// The compiled tiny dictionary.
pub fn bytes() -> Vec<u8> {
    builder::build(&words(), &connections(), &options()).expect("the tiny dictionary builds")
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
