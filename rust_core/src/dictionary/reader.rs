//! Reads a compiled dictionary in place: validation at open, then lookups by common
//! prefix (conversion), by prefix (prediction), walks of the reading trie one code at a
//! time (the as-heard search), entry records, surfaces and connection costs. Every read is bounds-checked; malformed data inside a file that
//! passed the checksum yields "no match", never a panic.

use super::format::{self, field, read_u16, read_u32, read_u64, Section, SpecialId, SECTIONS, SECTION_COUNT};
use super::mapped::FileBytes;
use super::prediction_lists;
use super::trie;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A word found in the dictionary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub left_id: u16,
    pub right_id: u16,
    pub cost: i16,
    surface_ref: u32,
    pair: u16,
}

impl Entry {
    /// Its part-of-speech pair's number: entries with the same number have the same left and
    /// right ids ([`Dictionary::entry_class`]).
    #[inline]
    pub fn pair(&self) -> u16 {
        self.pair
    }

    /// Whether the surface has a kanji (recorded by the compiler; readings written as
    /// kana have none).
    #[inline]
    pub fn has_kanji(&self) -> bool {
        self.surface_ref >> 30 == format::SURFACE_IN_POOL && self.surface_ref & format::SURFACE_HAS_KANJI != 0
    }

    /// Whether the surface is the reading itself (kana words, particles).
    #[inline]
    pub fn surface_is_reading(&self) -> bool {
        self.surface_ref >> 30 == format::SURFACE_IS_READING
    }

    /// Whether the surface is the reading in katakana.
    #[inline]
    pub fn surface_is_katakana(&self) -> bool {
        self.surface_ref >> 30 == format::SURFACE_IS_KATAKANA
    }

    /// Whether the surface is stored in the pool: `push_surface` then needs no reading.
    #[inline]
    pub fn surface_is_pooled(&self) -> bool {
        self.surface_ref >> 30 == format::SURFACE_IN_POOL
    }
}

/// The connection matrix, borrowed (`Dictionary::connections`).
#[derive(Clone, Copy)]
pub struct Connections<'a> {
    cells: &'a [u8],
    left_ids: usize,
    right_ids: usize,
    width: u8,
    scale: i32,
}

impl<'a> Connections<'a> {
    /// A view of encoded matrix cells (`builder.rs` ranks the prediction lists with the
    /// very costs the reader will look up).
    pub(crate) fn new(cells: &'a [u8], left_ids: usize, right_ids: usize, width: u8, scale: i32) -> Connections<'a> {
        Connections { cells, left_ids, right_ids, width, scale }
    }

    /// The lowest cost any connection can have: no cell of a one-byte matrix is below 0 (a
    /// search can stop looking once a path is dearer than its best so far by no more than
    /// this), while a two-byte matrix may hold any i16.
    pub fn floor(&self) -> i32 {
        if self.width == 1 {
            0
        } else {
            i16::MIN as i32
        }
    }

    /// Where the costs after right id `previous_right` start, for [`Connections::cheapest_arrival`]
    /// (an id outside the matrix gets a row no cell lies in).
    #[inline]
    pub fn row(&self, previous_right: u16) -> usize {
        let r = previous_right as usize;
        if r < self.right_ids {
            r * self.left_ids
        } else {
            usize::MAX / 4
        }
    }

    /// The lowest `cost + cost(right, next_left)` over `arrivals`, pairs of a right id's
    /// [`Connections::row`] and a cost, sorted by cost; UNREACHED (i32::MAX) for none. The
    /// same as looking every pair up with [`Connections::cost`], with the checks made once and
    /// the pairs after the first whose cost alone reaches the minimum (plus the lowest
    /// connection cost) left unread: this is the forward search's innermost loop.
    #[inline]
    pub fn cheapest_arrival(&self, arrivals: &[(usize, i32)], next_left: u16) -> i32 {
        let l = next_left as usize;
        let mut best = i32::MAX;
        if l >= self.left_ids {
            return arrivals.first().map_or(best, |&(_, cost)| cost.saturating_add(i16::MAX as i32));
        }
        let floor = self.floor();
        if self.width == 1 {
            for &(row, cost) in arrivals {
                if cost.saturating_add(floor) >= best {
                    break;
                }
                let connection = self.cells.get(row + l).map_or(i16::MAX as i32, |&v| v as i32 * self.scale);
                best = best.min(cost.saturating_add(connection));
            }
        } else {
            for &(row, cost) in arrivals {
                if cost.saturating_add(floor) >= best {
                    break;
                }
                let cell = row + l;
                let connection = self.cells.get(cell * 2..cell * 2 + 2).map_or(i16::MAX as i32, |b| i16::from_le_bytes([b[0], b[1]]) as i32);
                best = best.min(cost.saturating_add(connection));
            }
        }
        best
    }

    /// Cost of a word with left id `next_left` after one with right id `previous_right`;
    /// ids outside the matrix cost i16::MAX (a hostile file cannot make this panic).
    #[inline]
    pub fn cost(&self, previous_right: u16, next_left: u16) -> i32 {
        let (r, l) = (previous_right as usize, next_left as usize);
        if r >= self.right_ids || l >= self.left_ids {
            return i16::MAX as i32;
        }
        let cell = r * self.left_ids + l;
        if self.width == 1 {
            self.cells.get(cell).map_or(i16::MAX as i32, |&v| v as i32 * self.scale)
        } else {
            self.cells.get(cell * 2..cell * 2 + 2).map_or(i16::MAX as i32, |b| i16::from_le_bytes([b[0], b[1]]) as i32)
        }
    }
}

/// The children of a trie node: consecutive nodes from `first`, with their codes.
#[derive(Debug, Clone, Copy)]
pub struct TrieChildren<'a> {
    first: u32,
    labels: &'a [u8],
}

impl TrieChildren<'_> {
    /// The child reached by `code`.
    #[inline]
    pub fn find(&self, code: u8) -> Option<TrieNode> {
        if code == 0 {
            return None;
        }
        let labels = self.labels;
        let at = if labels.len() <= 8 { labels.iter().position(|&l| l == code)? } else { labels.binary_search(&code).ok()? };
        Some(TrieNode(self.first + at as u32))
    }
}

/// Where a node's children lie in the trie (`Dictionary::trie_child_span`): a node without
/// children (or whose children the file does not hold) gets an empty span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChildSpan {
    first: u32,
    end: u32,
}

/// A node of the reading trie: the state of a lookup that has matched some codes
/// (`Dictionary::trie_root`, `trie_child`). Some key starts with those codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrieNode(u32);

impl TrieNode {
    /// The node's number (level order, the root is 0).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// What is wrong with a dictionary file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictionaryError {
    /// The file (or "<memory>").
    pub file: String,
    pub message: String,
}

impl std::fmt::Display for DictionaryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "dictionary {}: {}", self.file, self.message)
    }
}

/// The block of characters `Dictionary::code_of` looks up in a table (CJK symbols,
/// hiragana and katakana); others are searched for in the alphabet.
const KANA_BLOCK_START: u32 = 0x3000;
const KANA_BLOCK_LEN: usize = 0x100;

/// A validated compiled dictionary.
pub struct Dictionary {
    bytes: FileBytes,
    path: Option<PathBuf>,
    sections: [Range<usize>; SECTION_COUNT],
    entry_count: u32,
    key_count: u32,
    trie: trie::Shape,
    prediction_lists: prediction_lists::Layout,
    left_ids: usize,
    right_ids: usize,
    matrix_width: u8,
    matrix_scale: i32,
    /// Reading alphabet, sorted: key code of `c` is its index + 1.
    reading_alphabet: Vec<char>,
    /// The key codes of the characters U+3000–U+30FF (kana and their marks), 0 for none: the
    /// as-heard search asks for a code at every step, and the binary search over the alphabet
    /// was a seventh of its lattice's time.
    kana_codes: [u8; KANA_BLOCK_LEN],
    surface_alphabet: Vec<char>,
    special_ids: [u16; format::SPECIAL_ID_COUNT],
    /// The header's checksum of every byte after the header (verified at open): names this
    /// build of the dictionary exactly (`cyrillic-ime --version`).
    checksum: u64,
    /// Surface alphabet code of each character, for looking surfaces up.
    surface_codes: std::collections::HashMap<char, u16>,
}

impl Dictionary {
    /// Opens and validates a compiled dictionary file.
    pub fn open(path: &Path) -> Result<Dictionary, DictionaryError> {
        let bytes = FileBytes::open(path).map_err(|message| DictionaryError { file: path.display().to_string(), message })?;
        Dictionary::from_bytes(bytes, Some(path.to_path_buf()))
    }

    /// Validates a dictionary held in memory (tests, fuzzing).
    pub fn from_vec(bytes: Vec<u8>) -> Result<Dictionary, DictionaryError> {
        Dictionary::from_bytes(FileBytes::Owned(bytes), None)
    }

    fn from_bytes(bytes: FileBytes, path: Option<PathBuf>) -> Result<Dictionary, DictionaryError> {
        let file = path.as_ref().map(|p| p.display().to_string()).unwrap_or_else(|| "<memory>".to_string());
        let fail = |message: String| DictionaryError { file: file.clone(), message };
        let data = bytes.as_slice();
        if data.len() < format::HEADER_LEN {
            return Err(fail(format!("file is {} bytes, shorter than the {}-byte header (truncated or not a dictionary)", data.len(), format::HEADER_LEN)));
        }
        if data[field::MAGIC..field::MAGIC + 8] != format::MAGIC {
            return Err(fail("not a CyrillicIME dictionary (bad magic number)".to_string()));
        }
        let version = read_u32(data, field::VERSION).unwrap_or(0);
        if version != format::FORMAT_VERSION {
            return Err(fail(format!("format version {version}, this core reads version {} (rebuild it with scripts/build_dictionary.sh)", format::FORMAT_VERSION)));
        }
        let header_len = read_u32(data, field::HEADER_LEN).unwrap_or(0) as usize;
        if header_len != format::HEADER_LEN {
            return Err(fail(format!("header length {header_len}, expected {}", format::HEADER_LEN)));
        }
        let file_len = read_u64(data, field::FILE_LEN).unwrap_or(0);
        if file_len != data.len() as u64 {
            return Err(fail(format!("header says {file_len} bytes but the file has {} (truncated or appended to)", data.len())));
        }
        let stored = read_u64(data, field::CHECKSUM).unwrap_or(0);
        let actual = format::checksum(&data[format::CHECKED_FROM..]);
        if stored != actual {
            return Err(fail(format!("checksum mismatch (stored {stored:016x}, computed {actual:016x}): the file is damaged")));
        }
        let mut sections: [Range<usize>; SECTION_COUNT] = Default::default();
        for (slot, section) in SECTIONS.iter().enumerate() {
            let at = field::SECTION_TABLE + slot * 16;
            let offset = read_u64(data, at).unwrap_or(u64::MAX);
            let len = read_u64(data, at + 8).unwrap_or(u64::MAX);
            let end = offset.checked_add(len);
            match end {
                Some(end) if offset >= format::HEADER_LEN as u64 && end <= data.len() as u64 => {
                    sections[slot] = offset as usize..end as usize;
                }
                _ => return Err(fail(format!("section {} (offset {offset}, length {len}) lies outside the file", section.name()))),
            }
        }
        let entry_count = read_u32(data, field::ENTRY_COUNT).unwrap_or(0);
        let key_count = read_u32(data, field::KEY_COUNT).unwrap_or(0);
        let left_ids = read_u16(data, field::LEFT_IDS).unwrap_or(0) as usize;
        let right_ids = read_u16(data, field::RIGHT_IDS).unwrap_or(0) as usize;
        let matrix_width = data[field::MATRIX_WIDTH];
        let matrix_scale = read_u16(data, field::MATRIX_SCALE).unwrap_or(0) as i32;
        let len_of = |s: Section| sections[s as usize].len();
        let expect = |s: Section, expected: usize| -> Result<(), DictionaryError> {
            if len_of(s) != expected {
                return Err(fail(format!("section {} is {} bytes, expected {expected}", s.name(), len_of(s))));
            }
            Ok(())
        };
        if !(matrix_width == 1 || matrix_width == 2) || matrix_scale == 0 {
            return Err(fail(format!("matrix cell width {matrix_width} / scale {matrix_scale} not supported")));
        }
        if left_ids == 0 || right_ids == 0 {
            return Err(fail("matrix has no ids".to_string()));
        }
        expect(Section::Matrix, left_ids * right_ids * matrix_width as usize)?;
        expect(Section::Entries, entry_count as usize * format::ENTRY_LEN)?;
        expect(Section::IdFlags, left_ids)?;
        expect(Section::SpecialIds, format::SPECIAL_ID_COUNT * 2)?;
        if len_of(Section::PosPairs) % 4 != 0 || len_of(Section::ReadingAlphabet) % 4 != 0 || len_of(Section::SurfaceAlphabet) % 4 != 0 {
            return Err(fail("a table section's length is not a whole number of records".to_string()));
        }
        // The trie's parts must agree with each other and with the entries; what its bits
        // say is checked by every lookup (a hostile trie finds less, never loops or reads out).
        let trie = trie::shape(&data[sections[Section::TrieLabels as usize].clone()], &data[sections[Section::TrieCounts as usize].clone()], entry_count)
            .map_err(|m| fail(format!("the reading trie {m}")))?;
        if key_count >= trie.nodes {
            return Err(fail(format!("{key_count} keys, but the reading trie has {} nodes", trie.nodes)));
        }
        let prediction_lists = prediction_lists::layout(&data[sections[Section::PredictionLists as usize].clone()], trie.nodes, entry_count)
            .map_err(|m| fail(format!("the prediction lists {m}")))?;
        let chars_of = |s: Section| -> Result<Vec<char>, DictionaryError> {
            data[sections[s as usize].clone()]
                .chunks_exact(4)
                .map(|c| char::from_u32(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                .collect::<Option<Vec<char>>>()
                .ok_or_else(|| fail(format!("section {} holds an invalid character", s.name())))
        };
        let reading_alphabet = chars_of(Section::ReadingAlphabet)?;
        if reading_alphabet.len() > 255 || reading_alphabet.windows(2).any(|w| w[0] >= w[1]) {
            return Err(fail("reading alphabet is not a sorted list of at most 255 characters".to_string()));
        }
        let surface_alphabet = chars_of(Section::SurfaceAlphabet)?;
        let mut special_ids = [0u16; format::SPECIAL_ID_COUNT];
        for (i, id) in special_ids.iter_mut().enumerate() {
            *id = read_u16(&data[sections[Section::SpecialIds as usize].clone()], i * 2).unwrap_or(0);
            if *id as usize >= left_ids.min(right_ids) {
                return Err(fail(format!("special id #{i} = {id} is outside the matrix")));
            }
        }
        let pair_count = len_of(Section::PosPairs) / 4;
        let pairs = &data[sections[Section::PosPairs as usize].clone()];
        for p in 0..pair_count {
            let (l, r) = (read_u16(pairs, p * 4).unwrap_or(0) as usize, read_u16(pairs, p * 4 + 2).unwrap_or(0) as usize);
            if l >= left_ids || r >= right_ids {
                return Err(fail(format!("part-of-speech pair {p} ({l}, {r}) is outside the matrix")));
            }
        }
        let entries = &data[sections[Section::Entries as usize].clone()];
        for e in 0..entry_count as usize {
            if read_u16(entries, e * format::ENTRY_LEN).unwrap_or(u16::MAX) as usize >= pair_count {
                return Err(fail(format!("entry {e} refers to a part-of-speech pair that does not exist")));
            }
        }
        if len_of(Section::SurfaceIndex) % 4 != 0 {
            return Err(fail("the surface index is not a whole number of entry indices".to_string()));
        }
        let surface_index = &data[sections[Section::SurfaceIndex as usize].clone()];
        for (k, chunk) in surface_index.chunks_exact(4).enumerate() {
            let index = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            let pooled = read_u32(entries, index as usize * format::ENTRY_LEN + 4).is_some_and(|r| r >> 30 == format::SURFACE_IN_POOL);
            if index >= entry_count || !pooled {
                return Err(fail(format!("surface index item {k} refers to entry {index}, which is not an entry with a pooled surface")));
            }
        }
        let surface_codes = surface_alphabet.iter().enumerate().map(|(i, &c)| (c, i as u16)).collect();
        let mut kana_codes = [0u8; KANA_BLOCK_LEN];
        for (i, &c) in reading_alphabet.iter().enumerate() {
            if let Some(slot) = (c as u32).checked_sub(KANA_BLOCK_START).and_then(|k| kana_codes.get_mut(k as usize)) {
                *slot = (i + 1) as u8;
            }
        }
        Ok(Dictionary {
            bytes,
            path,
            sections,
            entry_count,
            key_count,
            trie,
            prediction_lists,
            left_ids,
            right_ids,
            matrix_width,
            matrix_scale,
            reading_alphabet,
            kana_codes,
            surface_alphabet,
            special_ids,
            checksum: stored,
            surface_codes,
        })
    }

    /// A node's children bounds: from the top table for the first nodes (`trie::TOP_NODES`),
    /// else from its counts.
    #[inline]
    fn children_bounds(&self, node: u32) -> Option<(u32, u32)> {
        let counts = self.section(Section::TrieCounts);
        self.trie.top_children(counts, node).or_else(|| self.trie.children.bounds(counts, node))
    }

    /// A node's entry bounds, as [`Dictionary::children_bounds`].
    #[inline]
    fn entry_bounds(&self, node: u32) -> Option<(u32, u32)> {
        let counts = self.section(Section::TrieCounts);
        self.trie.top_entries(counts, node).or_else(|| self.trie.entries.bounds(&counts[self.trie.entries_at..], node))
    }

    fn section(&self, s: Section) -> &[u8] {
        &self.bytes.as_slice()[self.sections[s as usize].clone()]
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }
    pub fn file_len(&self) -> usize {
        self.bytes.as_slice().len()
    }
    pub fn is_mapped(&self) -> bool {
        self.bytes.is_mapped()
    }
    /// The checksum the header records (and the contents match).
    pub fn checksum(&self) -> u64 {
        self.checksum
    }
    pub fn entry_count(&self) -> u32 {
        self.entry_count
    }
    pub fn key_count(&self) -> u32 {
        self.key_count
    }
    pub fn id_count(&self) -> usize {
        self.left_ids
    }
    /// Number of right ids (rows of the connection matrix).
    pub fn right_id_count(&self) -> usize {
        self.right_ids
    }

    /// The metadata lines as (key, value) pairs.
    pub fn metadata(&self) -> Vec<(String, String)> {
        String::from_utf8_lossy(self.section(Section::Metadata))
            .lines()
            .filter_map(|line| line.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
            .collect()
    }

    pub fn special_id(&self, role: SpecialId) -> u16 {
        self.special_ids[role as usize]
    }

    /// Whether words of this left id attach to the segment before them.
    pub fn is_functional(&self, left_id: u16) -> bool {
        self.section(Section::IdFlags).get(left_id as usize).is_some_and(|f| f & format::ID_FLAG_FUNCTIONAL != 0)
    }

    /// Cost of a word with left id `next` following a word with right id `previous`.
    #[inline]
    pub fn connection_cost(&self, previous_right: u16, next_left: u16) -> i32 {
        self.connections().cost(previous_right, next_left)
    }

    /// The connection matrix as a view to look costs up in a loop without re-slicing the file.
    pub fn connections(&self) -> Connections<'_> {
        Connections { cells: self.section(Section::Matrix), left_ids: self.left_ids, right_ids: self.right_ids, width: self.matrix_width, scale: self.matrix_scale }
    }

    /// Key code of a reading character, or None when no reading contains it.
    pub fn code_of(&self, c: char) -> Option<u8> {
        match (c as u32).checked_sub(KANA_BLOCK_START).and_then(|k| self.kana_codes.get(k as usize)) {
            Some(&code) => (code != 0).then_some(code),
            None => self.reading_alphabet.binary_search(&c).ok().map(|i| (i + 1) as u8),
        }
    }

    /// The character of a key code.
    pub fn char_of(&self, code: u8) -> Option<char> {
        self.reading_alphabet.get((code as usize).checked_sub(1)?).copied()
    }

    /// The entry record `index`.
    pub fn entry(&self, index: u32) -> Option<Entry> {
        let records = self.section(Section::Entries);
        let at = index as usize * format::ENTRY_LEN;
        let pair = read_u16(records, at)?;
        let cost = read_u16(records, at + 2)? as i16;
        let surface_ref = read_u32(records, at + 4)?;
        let pairs = self.section(Section::PosPairs);
        let p = pair as usize;
        Some(Entry { left_id: read_u16(pairs, p * 4)?, right_id: read_u16(pairs, p * 4 + 2)?, cost, surface_ref, pair })
    }

    /// Asks for the record of entry `index` ahead of its read (`prefetch.rs`).
    #[inline]
    pub fn prefetch_entry(&self, index: u32) {
        super::prefetch::prefetch(self.section(Section::Entries), index as usize * format::ENTRY_LEN);
    }

    /// How many earlier entries of its key have entry `index`'s class, at most
    /// [`format::CLASS_RANK_MAX`] (from its record alone).
    #[inline]
    pub fn entry_rank(&self, index: u32) -> Option<u32> {
        let records = self.section(Section::Entries);
        let surface_ref = read_u32(records, index as usize * format::ENTRY_LEN + 4)?;
        Some(surface_ref >> format::CLASS_RANK_SHIFT & format::CLASS_RANK_MAX)
    }

    /// The part-of-speech pair's number and the cost of entry `index`, read from its record
    /// alone: two entries with one pair number have the same left and right ids, so this
    /// tells two words of a class apart from their costs without reading the ids (another
    /// table, read at random). None where [`Dictionary::entry`] would give none for a record
    /// cut short; a pair number outside its table gives an entry `entry` refuses too.
    #[inline]
    pub fn entry_class(&self, index: u32) -> Option<(u16, i16)> {
        let records = self.section(Section::Entries);
        let at = index as usize * format::ENTRY_LEN;
        Some((read_u16(records, at)?, read_u16(records, at + 2)? as i16))
    }

    /// Appends the surface of `entry` (found under `reading`) to `out`.
    pub fn push_surface(&self, entry: &Entry, reading: &str, out: &mut String) {
        match entry.surface_ref >> 30 {
            format::SURFACE_IS_READING => out.push_str(reading),
            format::SURFACE_IS_KATAKANA => crate::kana_script::push_katakana(out, reading),
            _ => {
                let pool = self.section(Section::Surfaces);
                let mut at = (entry.surface_ref & format::SURFACE_OFFSET_MASK) as usize;
                let Some(&len) = pool.get(at) else { return };
                at += 1;
                for _ in 0..len {
                    let Some(&b) = pool.get(at) else { return };
                    let code = if b < 0x80 {
                        at += 1;
                        b as usize
                    } else {
                        let Some(&low) = pool.get(at + 1) else { return };
                        at += 2;
                        128 + (((b & 0x7F) as usize) << 8 | low as usize)
                    };
                    if let Some(&c) = self.surface_alphabet.get(code) {
                        out.push(c);
                    }
                }
            }
        }
    }

    /// The root of the reading trie: the state before any code is matched.
    pub fn trie_root(&self) -> TrieNode {
        TrieNode(0)
    }

    /// The node reached from `node` by `code`, if some key continues that way. Children
    /// always have higher numbers than their parent, so no walk of a hostile trie loops.
    #[inline]
    pub fn trie_child(&self, node: TrieNode, code: u8) -> Option<TrieNode> {
        if code == 0 {
            return None;
        }
        self.trie_children(node)?.find(code)
    }

    /// The children of `node`, to look several codes up among them (the as-heard search
    /// tries a few spellings from each partial match) reading the node's counts once.
    #[inline]
    pub fn trie_children(&self, node: TrieNode) -> Option<TrieChildren<'_>> {
        let (before, after) = self.children_bounds(node.0)?;
        let (first, end) = (before + 1, (after + 1).min(self.trie.nodes));
        if first <= node.0 || first >= end {
            return None;
        }
        let labels = self.section(Section::TrieLabels).get(first as usize..end as usize)?;
        Some(TrieChildren { first, labels })
    }

    /// Where the children of `node` lie, with their labels asked for ahead of their read
    /// (`prefetch.rs`): a search that finds a node now and extends it later reads them with
    /// [`Dictionary::children_in`] once they have loaded. What the children's bounds are
    /// read from when one of them is found is asked for too (`Dictionary::prefetch_bounds`).
    #[inline]
    pub fn trie_child_span(&self, node: TrieNode) -> ChildSpan {
        match self.trie_children(node) {
            Some(c) => {
                super::prefetch::prefetch(self.section(Section::TrieLabels), c.first as usize);
                self.prefetch_bounds(c.first);
                ChildSpan { first: c.first, end: c.first + c.labels.len() as u32 }
            }
            None => ChildSpan { first: 0, end: 0 },
        }
    }

    /// Asks for what the bounds of node `first` and the nodes after it are read from
    /// (`prefetch.rs`): its row of the top table, where the table has one (the first children
    /// of a node are consecutive nodes, whose rows mostly share its line), else its samples of the
    /// children and entry counts (the bits they lead to are a second load).
    #[inline]
    fn prefetch_bounds(&self, first: u32) {
        let counts = self.section(Section::TrieCounts);
        if let Some(at) = self.trie.top_row_at(first) {
            super::prefetch::prefetch(counts, at);
        } else {
            if let Some(at) = self.trie.children.sample_at(first) {
                super::prefetch::prefetch(counts, at);
            }
            if let Some(at) = self.trie.entries.sample_at(first) {
                super::prefetch::prefetch(counts, self.trie.entries_at + at);
            }
        }
    }

    /// The children a [`ChildSpan`] of this dictionary's trie names.
    #[inline]
    pub fn children_in(&self, span: ChildSpan) -> Option<TrieChildren<'_>> {
        if span.first >= span.end {
            return None;
        }
        let labels = self.section(Section::TrieLabels).get(span.first as usize..span.end as usize)?;
        Some(TrieChildren { first: span.first, labels })
    }

    /// The entries of the key that ends at `node`; None when no key ends there.
    #[inline]
    pub fn trie_entries(&self, node: TrieNode) -> Option<Range<u32>> {
        let (before, after) = self.entry_bounds(node.0)?;
        (after > before).then_some(before..after)
    }

    /// The node reached by `codes` from the root, if some key starts with them.
    fn walk(&self, codes: &[u8]) -> Option<TrieNode> {
        codes.iter().try_fold(self.trie_root(), |node, &code| self.trie_child(node, code))
    }

    /// The node reached by `codes` (1 to `MAX_KEY_CHARS` of them), if some key starts with them.
    pub fn trie_node(&self, codes: &[u8]) -> Option<TrieNode> {
        if codes.is_empty() || codes.len() > format::MAX_KEY_CHARS {
            return None;
        }
        self.walk(codes)
    }

    /// The parent of a node other than the root (the inverse of `trie_child`). Always a lower
    /// number, so climbing a hostile trie ends.
    pub fn trie_parent(&self, node: TrieNode) -> Option<TrieNode> {
        let counts = self.section(Section::TrieCounts);
        // Node j is the (j − 1)-th child counted in level order.
        let parent = self.trie.children.item_of_one(counts, node.0.checked_sub(1)?)?;
        (parent < node.0).then_some(TrieNode(parent))
    }

    /// The node whose key holds entry `index`.
    pub fn entry_node(&self, index: u32) -> Option<TrieNode> {
        let counts = &self.section(Section::TrieCounts)[self.trie.entries_at..];
        self.trie.entries.item_of_one(counts, index).map(TrieNode)
    }

    /// Appends to `out` the codes from below `top` down to the key of entry `index` (nothing
    /// when the key is `top`'s own) and returns true; false, with `out` as it was, when the
    /// entry is not under `top` (a hostile prediction list) or the trie does not add up.
    pub fn codes_below(&self, top: TrieNode, index: u32, out: &mut Vec<u8>) -> bool {
        let Some(mut node) = self.entry_node(index) else { return false };
        let start = out.len();
        let labels = self.section(Section::TrieLabels);
        // Level order: every node under `top` has a higher number than it.
        while node.0 > top.0 && out.len() - start < format::MAX_KEY_CHARS {
            let (Some(&label), Some(parent)) = (labels.get(node.0 as usize), self.trie_parent(node)) else { break };
            out.push(label);
            node = parent;
        }
        if node != top {
            out.truncate(start);
            return false;
        }
        out[start..].reverse();
        true
    }

    /// The prediction list of `node` (`Section::PredictionLists`), if it has one: the entries
    /// of its best continuations, best first, at most [`Dictionary::prediction_list_capacity`].
    pub fn prediction_list(&self, node: TrieNode) -> Option<impl Iterator<Item = u32> + '_> {
        self.prediction_lists.list(self.section(Section::PredictionLists), node.0)
    }

    /// Continuations each prediction list holds.
    pub fn prediction_list_capacity(&self) -> usize {
        self.prediction_lists.capacity as usize
    }

    /// Most entries under a node that has no prediction list (in a valid file).
    pub fn prediction_scan_bound(&self) -> u32 {
        self.prediction_lists.scan_bound
    }

    /// How many nodes have a prediction list.
    pub fn prediction_list_count(&self) -> u32 {
        self.prediction_lists.count
    }

    /// Whether some key starts with `codes`, and the entries of the key equal to it.
    pub fn probe(&self, codes: &[u8]) -> (bool, Option<Range<u32>>) {
        if codes.is_empty() || codes.len() > format::MAX_KEY_CHARS {
            return (false, None);
        }
        match self.walk(codes) {
            Some(node) => (true, self.trie_entries(node)),
            None => (false, None),
        }
    }

    /// The entries whose key is `reading` (in the dictionary's alphabet), with their indices;
    /// none where a character of it is not in the alphabet.
    pub fn entries_of<'a>(&'a self, reading: &str) -> impl Iterator<Item = (u32, Entry)> + 'a {
        let codes: Option<Vec<u8>> = reading.chars().map(|c| self.code_of(c)).collect();
        let entries = codes.and_then(|codes| self.probe(&codes).1);
        entries.into_iter().flatten().filter_map(|index| Some((index, self.entry(index)?)))
    }

    /// Calls `visit(index, entry)` with each entry of `reading` written `text`; whether there
    /// was one.
    pub fn each_written(&self, reading: &str, text: &str, mut visit: impl FnMut(u32, &Entry)) -> bool {
        let mut found = false;
        let mut surface = String::new();
        for (index, entry) in self.entries_of(reading) {
            surface.clear();
            self.push_surface(&entry, reading, &mut surface);
            if surface == text {
                visit(index, &entry);
                found = true;
            }
        }
        found
    }

    /// Every key that is a prefix of `codes`: calls `visit(length, entries)` shortest
    /// first, walking the trie once.
    pub fn common_prefixes(&self, codes: &[u8], mut visit: impl FnMut(usize, Range<u32>)) {
        let mut node = self.trie_root();
        for (i, &code) in codes.iter().take(format::MAX_KEY_CHARS).enumerate() {
            // `trie_child` in its two halves, the found child's bounds (read next) asked for
            // while its siblings' labels are searched.
            let Some(children) = self.trie_children(node) else { return };
            self.prefetch_bounds(children.first);
            let Some(next) = children.find(code) else { return };
            node = next;
            if let Some(entries) = self.trie_entries(node) {
                visit(i + 1, entries);
            }
        }
    }

    /// Keys that start with `prefix`, in key order (by code), until `visit` returns false.
    pub fn keys_with_prefix(&self, prefix: &[u8], mut visit: impl FnMut(&[u8], Range<u32>) -> bool) {
        if prefix.is_empty() || prefix.len() > format::MAX_KEY_CHARS {
            return;
        }
        let Some(top) = self.walk(prefix) else { return };
        let counts = self.section(Section::TrieCounts);
        let entry_counts = &counts[self.trie.entries_at..];
        let labels = self.section(Section::TrieLabels);
        let (Some(top_children), Some(top_entries)) = (self.trie.children.bounds(counts, top.0), self.trie.entries.bounds(entry_counts, top.0)) else { return };
        let mut codes = [0u8; format::MAX_KEY_CHARS];
        codes[..prefix.len()].copy_from_slice(prefix);
        // Depth-first, children in code order: (node, depth, children bounds, entry bounds).
        // The bounds of a node's children are read in one run when it is expanded.
        type Pending = (u32, usize, (u32, u32), (u32, u32));
        let mut stack: Vec<Pending> = vec![(top.0, prefix.len(), top_children, top_entries)];
        let (mut child_bounds, mut entry_bounds) = (Vec::new(), Vec::new());
        // Per depth, where the last run of each sequence stopped: the nodes of one depth are
        // expanded in increasing order, so each depth's bits are read once, front to back.
        let mut child_cursors = [None; format::MAX_KEY_CHARS + 1];
        let mut entry_cursors = [None; format::MAX_KEY_CHARS + 1];
        // A valid subtree has fewer nodes than the trie; counts made inconsistent by a hostile
        // file (samples that lie) could make ranges overlap and the walk revisit nodes.
        let mut budget = self.trie.nodes;
        while let Some((node, depth, (before, after), (first_entry, end_entry))) = stack.pop() {
            budget = budget.saturating_sub(1);
            if budget == 0 {
                return;
            }
            if depth > prefix.len() {
                let Some(&label) = labels.get(node as usize) else { continue };
                codes[depth - 1] = label;
            }
            if end_entry > first_entry && !visit(&codes[..depth], first_entry..end_entry) {
                return;
            }
            let (first, end) = (before + 1, (after + 1).min(self.trie.nodes));
            if depth == format::MAX_KEY_CHARS || first <= node || first >= end {
                continue;
            }
            child_bounds.clear();
            entry_bounds.clear();
            self.trie.children.bounds_run_from(counts, &mut child_cursors[depth + 1], first..end, &mut child_bounds);
            self.trie.entries.bounds_run_from(entry_counts, &mut entry_cursors[depth + 1], first..end, &mut entry_bounds);
            for k in (0..child_bounds.len().min(entry_bounds.len())).rev() {
                stack.push((first + k as u32, depth + 1, child_bounds[k], entry_bounds[k]));
            }
        }
    }

    /// The pool codes of a pooled surface (without its length byte); empty when damaged.
    fn pooled_codes(&self, surface_ref: u32) -> &[u8] {
        format::pooled_surface_codes(self.section(Section::Surfaces), (surface_ref & format::SURFACE_OFFSET_MASK) as usize)
    }

    /// Every entry whose surface is `surface` (the word's text as written), calling
    /// `visit(entry index, entry)`: kana and other surfaces written as their reading are
    /// found under the reading, the rest through the surface index (`Section::SurfaceIndex`,
    /// one entry per class). Used to read the class of the words before the cursor.
    pub fn entries_with_surface(&self, surface: &str, mut visit: impl FnMut(u32, Entry)) {
        if surface.is_empty() || surface.chars().count() > format::MAX_KEY_CHARS {
            return;
        }
        // Written as the reading, or as the reading in katakana.
        let hiragana: String = surface.chars().map(crate::kana_script::hiragana_char).collect();
        if let Some(codes) = hiragana.chars().map(|c| self.code_of(c)).collect::<Option<Vec<u8>>>() {
            if let (_, Some(range)) = self.probe(&codes) {
                let kind = if hiragana == surface { format::SURFACE_IS_READING } else { format::SURFACE_IS_KATAKANA };
                for index in range {
                    if let Some(e) = self.entry(index).filter(|e| e.surface_ref >> 30 == kind) {
                        visit(index, e);
                    }
                }
            }
        }
        // In the pool: encode the surface as the pool does and search the sorted index.
        let mut query: Vec<u8> = Vec::with_capacity(surface.len());
        for c in surface.chars() {
            let Some(&code) = self.surface_codes.get(&c) else { return };
            format::push_surface_code(&mut query, code as usize);
        }
        let index = self.section(Section::SurfaceIndex);
        let count = index.len() / 4;
        let codes_at = |k: usize| -> Option<(u32, Entry, &[u8])> {
            let i = read_u32(index, k * 4)?;
            let e = self.entry(i)?;
            Some((i, e, self.pooled_codes(e.surface_ref)))
        };
        let (mut lo, mut hi) = (0usize, count);
        while lo < hi {
            let mid = (lo + hi) / 2;
            if codes_at(mid).is_some_and(|(_, _, codes)| codes < query.as_slice()) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for k in lo..count {
            match codes_at(k) {
                Some((i, e, codes)) if codes == query.as_slice() => visit(i, e),
                _ => break,
            }
        }
    }

    /// The next-word candidates (`Section::Followers`): (entry index, entry, reading), cheapest first.
    pub fn followers(&self) -> Vec<(u32, Entry, String)> {
        let data = self.section(Section::Followers);
        let mut out = Vec::new();
        let mut at = 0;
        while let (Some(index), Some(&len)) = (read_u32(data, at), data.get(at + 4)) {
            let Some(codes) = data.get(at + 5..at + 5 + len as usize) else { break };
            at += 5 + len as usize;
            if let Some(e) = self.entry(index) {
                out.push((index, e, self.reading_of(codes)));
            }
        }
        out
    }

    /// The reading of key codes as a string.
    pub fn reading_of(&self, codes: &[u8]) -> String {
        codes.iter().filter_map(|&c| self.char_of(c)).collect()
    }
}
