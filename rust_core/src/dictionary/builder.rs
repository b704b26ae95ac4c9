//! Writes the compiled dictionary (`format.rs`) from source entries and a connection
//! matrix. Used by the dictionary compiler and by tests that build tiny dictionaries.

use super::format::{self, Section, SpecialId, SECTION_COUNT, SPECIAL_ID_COUNT};
use super::prediction_lists;
use std::collections::{HashMap, HashSet};

/// One word as a source dictionary gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceEntry {
    /// The reading, in hiragana (the key it is found under).
    pub reading: String,
    /// What the word is written as.
    pub surface: String,
    pub left_id: u16,
    pub right_id: u16,
    /// Word cost: lower is likelier.
    pub cost: i16,
}

/// Connection costs, `costs[previous right id * left_ids + next left id]`.
#[derive(Debug, Clone)]
pub struct SourceMatrix {
    pub left_ids: u16,
    pub right_ids: u16,
    pub costs: Vec<i16>,
}

/// How to store the connection matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatrixCells {
    /// Exact 16-bit costs.
    Exact,
    /// One byte per cell, costs divided by a scale (Mozc ships its matrix this way).
    OneByte,
}

/// Everything the compiled file holds besides the entries.
#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// `key=value` metadata lines (source, version, licence).
    pub metadata: Vec<(String, String)>,
    /// Ids by role, indexed by `SpecialId`.
    pub special_ids: [u16; SPECIAL_ID_COUNT],
    pub matrix_cells: MatrixCells,
    /// Right ids of typical content words (a noun, a verb stem, an auxiliary) that function
    /// words follow; used to tell function words from content words (see `build`).
    pub attach_contexts: Vec<u16>,
}

/// Why a dictionary could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildError(pub String);

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn err<T>(message: impl Into<String>) -> Result<T, BuildError> {
    Err(BuildError(message.into()))
}

/// Largest word class still treated as a closed class of function words.
pub const FUNCTIONAL_MAX_WORDS: u32 = 200;


fn katakana_of(reading: &str) -> String {
    let mut out = String::with_capacity(reading.len());
    crate::kana_script::push_katakana(&mut out, reading);
    out
}

/// Builds the file. Entries are grouped by reading, and each reading's entries are kept
/// cheapest first, so a lookup yields candidates already in dictionary order. The
/// prediction lists are built with their default options ([`build_with`]).
pub fn build(entries: &[SourceEntry], matrix: &SourceMatrix, options: &BuildOptions) -> Result<Vec<u8>, BuildError> {
    build_with(entries, matrix, options, prediction_lists::Options::default())
}

/// [`build`] with the prediction lists' capacity and scan bound chosen (tests give a tiny
/// dictionary lists with a small bound).
pub fn build_with(entries: &[SourceEntry], matrix: &SourceMatrix, options: &BuildOptions, lists: prediction_lists::Options) -> Result<Vec<u8>, BuildError> {
    if matrix.costs.len() != matrix.left_ids as usize * matrix.right_ids as usize {
        return err(format!(
            "connection matrix has {} cells, expected {} × {}",
            matrix.costs.len(),
            matrix.right_ids,
            matrix.left_ids
        ));
    }
    for (index, entry) in entries.iter().enumerate() {
        if entry.left_id >= matrix.left_ids || entry.right_id >= matrix.right_ids {
            return err(format!(
                "entry {index} ({} → {}) has ids {}/{} outside the matrix ({} × {})",
                entry.reading, entry.surface, entry.left_id, entry.right_id, matrix.left_ids, matrix.right_ids
            ));
        }
        let chars = entry.reading.chars().count();
        if chars == 0 || chars > format::MAX_KEY_CHARS {
            return err(format!("entry {index} has a reading of {chars} characters (1–{} allowed)", format::MAX_KEY_CHARS));
        }
        if entry.surface.is_empty() || entry.surface.chars().count() > 255 {
            return err(format!("entry {index} ({}) has an empty or over-long surface", entry.reading));
        }
    }
    for (role, &id) in options.special_ids.iter().enumerate() {
        if id >= matrix.left_ids || id >= matrix.right_ids {
            return err(format!("special id #{role} = {id} is outside the matrix"));
        }
    }

    // Reading alphabet in code-point order: key order is then code order.
    let mut reading_chars: Vec<char> = entries.iter().flat_map(|e| e.reading.chars()).collect();
    reading_chars.sort_unstable();
    reading_chars.dedup();
    if reading_chars.len() > 255 {
        return err(format!("readings use {} distinct characters; at most 255 fit a key code", reading_chars.len()));
    }
    let reading_code: HashMap<char, u8> = reading_chars.iter().enumerate().map(|(i, &c)| (c, (i + 1) as u8)).collect();

    // Group entries by reading, cheapest first. `rank` is an entry's place in reading
    // order: ties among equal costs below are broken by it, so they come out as in a
    // dictionary sorted by reading whatever order the file stores entries in.
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&entries[a], &entries[b]);
        x.reading.chars().cmp(y.reading.chars()).then(x.cost.cmp(&y.cost)).then(x.surface.cmp(&y.surface))
    });
    // A word listed twice (the same reading, surface and class) keeps its cheapest copy: a
    // dearer one never wins, and the lattice's homophones of a class are then distinct texts
    // (`BestOfClass` counts on it).
    let mut listed: HashSet<(&str, &str, u16, u16)> = HashSet::with_capacity(order.len());
    order.retain(|&i| {
        let e = &entries[i];
        listed.insert((e.reading.as_str(), e.surface.as_str(), e.left_id, e.right_id))
    });
    drop(listed);
    let mut rank_of: HashMap<usize, u32> = HashMap::with_capacity(order.len());
    for (rank, &i) in order.iter().enumerate() {
        rank_of.insert(i, rank as u32);
    }
    // The file stores them in the trie's node order: readings shortest first (stable, so
    // each reading keeps its entries cheapest first).
    order.sort_by_key(|&i| entries[i].reading.chars().count());
    let rank: Vec<u32> = order.iter().map(|i| rank_of[i]).collect();
    drop(rank_of);

    // Surface alphabet, most frequent first, over the surfaces that go to the pool.
    let mut surface_counts: HashMap<char, u64> = HashMap::new();
    for &i in &order {
        let e = &entries[i];
        if e.surface != e.reading && e.surface != katakana_of(&e.reading) {
            for c in e.surface.chars() {
                *surface_counts.entry(c).or_default() += 1;
            }
        }
    }
    let mut surface_alphabet: Vec<(char, u64)> = surface_counts.into_iter().collect();
    surface_alphabet.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    if surface_alphabet.len() > 128 + 0x7F_FF {
        return err(format!("surfaces use {} distinct characters; at most {} fit", surface_alphabet.len(), 128 + 0x7FFF));
    }
    let surface_code: HashMap<char, usize> = surface_alphabet.iter().enumerate().map(|(i, &(c, _))| (c, i)).collect();

    // Part-of-speech pairs and entries.
    let mut pair_index: HashMap<(u16, u16), u16> = HashMap::new();
    let mut pairs: Vec<(u16, u16)> = Vec::new();
    let mut pool: Vec<u8> = Vec::new();
    let mut pooled: HashMap<&str, u32> = HashMap::new();
    let mut records: Vec<u8> = Vec::with_capacity(order.len() * format::ENTRY_LEN);
    // The entries of the current key seen so far by class, for their ranks.
    let mut class_ranks: HashMap<u16, u32> = HashMap::new();
    let mut rank_reading: Option<&str> = None;
    // Per output entry: where its surface starts in the pool, for the surface index.
    let mut pool_offsets: Vec<Option<u32>> = Vec::with_capacity(order.len());
    for &i in &order {
        let e = &entries[i];
        let pair = match pair_index.get(&(e.left_id, e.right_id)) {
            Some(&p) => p,
            None => {
                if pairs.len() > u16::MAX as usize {
                    return err("more than 65536 distinct part-of-speech pairs");
                }
                let p = pairs.len() as u16;
                pairs.push((e.left_id, e.right_id));
                pair_index.insert((e.left_id, e.right_id), p);
                p
            }
        };
        let surface_ref = if e.surface == e.reading {
            format::SURFACE_IS_READING << 30
        } else if e.surface == katakana_of(&e.reading) {
            format::SURFACE_IS_KATAKANA << 30
        } else {
            let offset = match pooled.get(e.surface.as_str()) {
                Some(&o) => o,
                None => {
                    let o = pool.len() as u32;
                    if o > format::SURFACE_OFFSET_MASK {
                        return err("surface pool over 32 MiB");
                    }
                    pool.push(e.surface.chars().count() as u8);
                    for c in e.surface.chars() {
                        format::push_surface_code(&mut pool, surface_code[&c]);
                    }
                    pooled.insert(e.surface.as_str(), o);
                    o
                }
            };
            pool_offsets.push(Some(offset));
            let kanji = if e.surface.chars().any(crate::kana_script::is_kanji) { format::SURFACE_HAS_KANJI } else { 0 };
            format::SURFACE_IN_POOL << 30 | kanji | offset
        };
        if surface_ref >> 30 != format::SURFACE_IN_POOL {
            pool_offsets.push(None);
        }
        if rank_reading != Some(e.reading.as_str()) {
            rank_reading = Some(e.reading.as_str());
            class_ranks.clear();
        }
        let seen = class_ranks.entry(pair).or_default();
        let surface_ref = surface_ref | (*seen).min(format::CLASS_RANK_MAX) << format::CLASS_RANK_SHIFT;
        *seen += 1;
        records.extend_from_slice(&pair.to_le_bytes());
        records.extend_from_slice(&e.cost.to_le_bytes());
        records.extend_from_slice(&surface_ref.to_le_bytes());
    }

    // Keys: the reading trie, its nodes in the order of `order`'s readings.
    let mut keys: Vec<(Vec<u8>, u32)> = Vec::new();
    let mut k = 0;
    while k < order.len() {
        let reading = &entries[order[k]].reading;
        let mut end = k + 1;
        while end < order.len() && &entries[order[end]].reading == reading {
            end += 1;
        }
        keys.push((reading.chars().map(|c| reading_code[&c]).collect(), (end - k) as u32));
        k = end;
    }
    let key_count = keys.len();
    let trie = super::trie::encode(&keys);
    // Ranked with the connection costs as the reader will see them (encoded cells).
    let (cells, width, scale) = encode_matrix(matrix, options.matrix_cells)?;
    let connections = super::reader::Connections::new(&cells, matrix.left_ids as usize, matrix.right_ids as usize, width, scale as i32);
    let facts: Vec<prediction_lists::EntryFacts> = order
        .iter()
        .zip(&rank)
        .map(|(&i, &rank)| {
            let cost = prediction_lists::ranking_cost(entries[i].cost, connections.cost(super::format::BOUNDARY_ID, entries[i].left_id));
            prediction_lists::EntryFacts { cost, rank, text: &entries[i].surface }
        })
        .collect();
    let prediction_lists = prediction_lists::encode(&keys, &facts, lists);
    drop(facts);
    drop(keys);

    // Function words (particles, auxiliaries, endings) attach to the segment before them.
    // The data has no part-of-speech names, so the class is read off the data: an id is
    // functional when it is a small closed class (at most FUNCTIONAL_MAX_WORDS words), at
    // least 90% of its words begin with hiragana (Mozc files compounds such as はスター under
    // the particle's id), and it follows one of the typical words in `attach_contexts`
    // more cheaply than it starts a sentence — which tells particles from adverbs like もう.
    let mut words = vec![0u32; matrix.left_ids as usize];
    let mut hiragana_words = vec![0u32; matrix.left_ids as usize];
    for &i in &order {
        let e = &entries[i];
        words[e.left_id as usize] += 1;
        if e.surface.chars().next().is_some_and(|c| ('\u{3041}'..='\u{3096}').contains(&c)) {
            hiragana_words[e.left_id as usize] += 1;
        }
    }
    let cost = |right: u16, left: usize| matrix.costs[right as usize * matrix.left_ids as usize + left];
    // The word classes of user words are content words by definition (version 4).
    let content_roles = [
        SpecialId::Noun,
        SpecialId::KatakanaNoun,
        SpecialId::Number,
        SpecialId::Symbol,
        SpecialId::ProperNoun,
        SpecialId::PersonName,
        SpecialId::Surname,
        SpecialId::GivenName,
        SpecialId::Place,
        SpecialId::Organization,
        SpecialId::SuruNoun,
        SpecialId::Adverb,
        SpecialId::Interjection,
    ];
    let id_flags: Vec<u8> = (0..matrix.left_ids as usize)
        .map(|id| {
            let content = content_roles.iter().any(|&r| options.special_ids[r as usize] as usize == id);
            let closed = words[id] > 0 && words[id] <= FUNCTIONAL_MAX_WORDS;
            let hiragana = hiragana_words[id] * 10 >= words[id] * 9;
            let attaches = options.attach_contexts.iter().any(|&r| r < matrix.right_ids && cost(r, id) < cost(0, id));
            if closed && hiragana && attaches && !content { format::ID_FLAG_FUNCTIONAL } else { 0 }
        })
        .collect();

    let surface_index = surface_index(entries, &order, &rank, &pool, &pool_offsets);
    let followers = followers(entries, &order, &rank, &id_flags, &reading_code);

    let mut metadata = String::new();
    for (key, value) in &options.metadata {
        if key.contains(['=', '\n']) || value.contains('\n') {
            return err(format!("metadata {key:?} must be one line without '=' in its key"));
        }
        metadata.push_str(key);
        metadata.push('=');
        metadata.push_str(value);
        metadata.push('\n');
    }
    let reading_alphabet: Vec<u8> = reading_chars.iter().flat_map(|&c| (c as u32).to_le_bytes()).collect();
    let surface_alphabet_bytes: Vec<u8> = surface_alphabet.iter().flat_map(|&(c, _)| (c as u32).to_le_bytes()).collect();
    let pair_bytes: Vec<u8> = pairs.iter().flat_map(|&(l, r)| [l.to_le_bytes(), r.to_le_bytes()].concat()).collect();
    let special: Vec<u8> = options.special_ids.iter().flat_map(|id| id.to_le_bytes()).collect();

    let sections: [(Section, &[u8]); SECTION_COUNT] = [
        (Section::Metadata, metadata.as_bytes()),
        (Section::ReadingAlphabet, &reading_alphabet),
        (Section::TrieLabels, &trie.labels),
        (Section::TrieCounts, &trie.counts),
        (Section::Entries, &records),
        (Section::PosPairs, &pair_bytes),
        (Section::Surfaces, &pool),
        (Section::SurfaceAlphabet, &surface_alphabet_bytes),
        (Section::Matrix, &cells),
        (Section::IdFlags, &id_flags),
        (Section::SpecialIds, &special),
        (Section::SurfaceIndex, &surface_index),
        (Section::Followers, &followers),
        (Section::PredictionLists, &prediction_lists),
    ];
    let mut file = vec![0u8; format::HEADER_LEN];
    for (slot, (section, data)) in sections.iter().enumerate() {
        debug_assert_eq!(*section as usize, slot);
        while !file.len().is_multiple_of(8) {
            file.push(0);
        }
        let at = format::field::SECTION_TABLE + slot * 16;
        let offset = file.len() as u64;
        file[at..at + 8].copy_from_slice(&offset.to_le_bytes());
        file[at + 8..at + 16].copy_from_slice(&(data.len() as u64).to_le_bytes());
        file.extend_from_slice(data);
    }
    while !file.len().is_multiple_of(8) {
        file.push(0);
    }
    let file_len = file.len() as u64;
    file[format::field::MAGIC..format::field::MAGIC + 8].copy_from_slice(&format::MAGIC);
    file[format::field::VERSION..format::field::VERSION + 4].copy_from_slice(&format::FORMAT_VERSION.to_le_bytes());
    file[format::field::HEADER_LEN..format::field::HEADER_LEN + 4].copy_from_slice(&(format::HEADER_LEN as u32).to_le_bytes());
    file[format::field::FILE_LEN..format::field::FILE_LEN + 8].copy_from_slice(&file_len.to_le_bytes());
    file[format::field::ENTRY_COUNT..format::field::ENTRY_COUNT + 4].copy_from_slice(&(order.len() as u32).to_le_bytes());
    file[format::field::KEY_COUNT..format::field::KEY_COUNT + 4].copy_from_slice(&(key_count as u32).to_le_bytes());
    file[format::field::LEFT_IDS..format::field::LEFT_IDS + 2].copy_from_slice(&matrix.left_ids.to_le_bytes());
    file[format::field::RIGHT_IDS..format::field::RIGHT_IDS + 2].copy_from_slice(&matrix.right_ids.to_le_bytes());
    file[format::field::MATRIX_WIDTH] = width;
    file[format::field::MATRIX_SCALE..format::field::MATRIX_SCALE + 2].copy_from_slice(&scale.to_le_bytes());
    let sum = format::checksum(&file[format::CHECKED_FROM..]);
    file[format::field::CHECKSUM..format::field::CHECKSUM + 8].copy_from_slice(&sum.to_le_bytes());
    Ok(file)
}

/// `Section::SurfaceIndex`: the entries whose surface is in the pool, one per distinct
/// (surface, left id, right id) — the cheapest — sorted by the surface's pool codes (a
/// prefix-free code, so byte order is a consistent order and equal bytes are equal
/// surfaces), then by cost. Surfaces written as their reading (kana, punctuation) need no
/// index: the reader finds them under the reading.
fn surface_index(entries: &[SourceEntry], order: &[usize], rank: &[u32], pool: &[u8], pool_offsets: &[Option<u32>]) -> Vec<u8> {
    // (surface codes, cost, left id, right id, rank, entry index)
    type Indexed<'a> = (&'a [u8], i16, u16, u16, u32, u32);
    let mut indexed: Vec<Indexed> = Vec::new();
    for (index, (&i, offset)) in order.iter().zip(pool_offsets).enumerate() {
        if let Some(offset) = offset {
            let e = &entries[i];
            indexed.push((format::pooled_surface_codes(pool, *offset as usize), e.cost, e.left_id, e.right_id, rank[index], index as u32));
        }
    }
    indexed.sort_unstable_by(|a, b| a.0.cmp(b.0).then(a.1.cmp(&b.1)).then(a.4.cmp(&b.4)));
    let mut seen: std::collections::HashSet<(&[u8], u16, u16)> = std::collections::HashSet::new();
    indexed.retain(|&(codes, _, left, right, _, _)| seen.insert((codes, left, right)));
    indexed.iter().flat_map(|e| e.5.to_le_bytes()).collect()
}

/// `Section::Followers`: the words most often typed right after another one — function
/// words (particles, auxiliaries such as です) written in kana, of short readings — the
/// cheapest `MAX_FOLLOWERS` (Mozc's data has about 2,000). Next-word prediction ranks them
/// by their connection from the word before.
fn followers(entries: &[SourceEntry], order: &[usize], rank: &[u32], id_flags: &[u8], reading_code: &HashMap<char, u8>) -> Vec<u8> {
    let mut found: Vec<(i16, u32, u32, &str)> = order
        .iter()
        .enumerate()
        .filter(|(_, &i)| {
            let e = &entries[i];
            e.surface == e.reading
                && e.reading.chars().count() <= format::MAX_FOLLOWER_CHARS
                && e.reading.chars().all(|c| ('\u{3041}'..='\u{3096}').contains(&c))
                // A word never starts with a small kana (ぇ, っ): those entries only lengthen or
                // join the word before.
                && !e.reading.starts_with(['ぁ', 'ぃ', 'ぅ', 'ぇ', 'ぉ', 'ゃ', 'ゅ', 'ょ', 'っ', 'ゎ'])
                && id_flags.get(e.left_id as usize).is_some_and(|f| f & format::ID_FLAG_FUNCTIONAL != 0)
        })
        .map(|(index, &i)| (entries[i].cost, rank[index], index as u32, entries[i].reading.as_str()))
        .collect();
    found.sort_unstable();
    found.truncate(format::MAX_FOLLOWERS);
    let mut out = Vec::new();
    for (_, _, index, reading) in found {
        out.extend_from_slice(&index.to_le_bytes());
        out.push(reading.chars().count() as u8);
        out.extend(reading.chars().map(|c| reading_code[&c]));
    }
    out
}

/// Cells, cell width in bytes and scale.
fn encode_matrix(matrix: &SourceMatrix, cells: MatrixCells) -> Result<(Vec<u8>, u8, u16), BuildError> {
    match cells {
        MatrixCells::Exact => Ok((matrix.costs.iter().flat_map(|c| c.to_le_bytes()).collect(), 2, 1)),
        MatrixCells::OneByte => {
            let min = matrix.costs.iter().copied().min().unwrap_or(0);
            if min < 0 {
                return err(format!("connection cost {min} is negative; one-byte cells hold 0 and above only"));
            }
            let max = matrix.costs.iter().copied().max().unwrap_or(0) as u32;
            let scale = max.div_ceil(255).max(1);
            let out = matrix.costs.iter().map(|&c| ((c as u32 + scale / 2) / scale).min(255) as u8).collect();
            Ok((out, 1, scale as u16))
        }
    }
}
