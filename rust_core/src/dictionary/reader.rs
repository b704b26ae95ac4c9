//! Reads a compiled dictionary in place: validation at open, then lookups by common
//! prefix (conversion), by prefix range (prediction), entry records, surfaces and
//! connection costs. Every read is bounds-checked; malformed data inside a file that
//! passed the checksum yields "no match", never a panic.

use super::format::{self, field, read_u16, read_u32, read_u64, Section, SpecialId, SECTIONS, SECTION_COUNT};
use super::mapped::FileBytes;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A word found in the dictionary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub left_id: u16,
    pub right_id: u16,
    pub cost: i16,
    surface_ref: u32,
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

impl Connections<'_> {
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

/// Where a search for a reading landed (`Dictionary::seek`).
struct Seek {
    /// Index of the first key ≥ the reading.
    index: usize,
    /// Whether that key starts with the reading.
    prefix: bool,
    /// Its entries, when it is the reading itself.
    exact: Option<Range<u32>>,
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

/// A validated compiled dictionary.
pub struct Dictionary {
    bytes: FileBytes,
    path: Option<PathBuf>,
    sections: [Range<usize>; SECTION_COUNT],
    entry_count: u32,
    key_count: u32,
    block_count: usize,
    left_ids: usize,
    right_ids: usize,
    matrix_width: u8,
    matrix_scale: i32,
    /// Reading alphabet, sorted: key code of `c` is its index + 1.
    reading_alphabet: Vec<char>,
    surface_alphabet: Vec<char>,
    special_ids: [u16; format::SPECIAL_ID_COUNT],
    /// The header's checksum of every byte after the header (verified at open): names this
    /// build of the dictionary exactly (`cyrillic-ime --version`).
    checksum: u64,
    /// `first_blocks[c]`: the first block whose first key begins with a code ≥ c (c ≤ 256),
    /// so a search for a reading starting with c looks only at the blocks of c.
    first_blocks: Vec<u32>,
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
        let block_count = (key_count as usize).div_ceil(format::KEYS_PER_BLOCK);
        expect(Section::KeyBlockIndex, (block_count + 1) * 8)?;
        if len_of(Section::PosPairs) % 4 != 0 || len_of(Section::ReadingAlphabet) % 4 != 0 || len_of(Section::SurfaceAlphabet) % 4 != 0 {
            return Err(fail("a table section's length is not a whole number of records".to_string()));
        }
        // The block index must be monotone and inside its sections.
        let index = &data[sections[Section::KeyBlockIndex as usize].clone()];
        let blocks_len = len_of(Section::KeyBlocks) as u32;
        let (mut last_offset, mut last_entry) = (0u32, 0u32);
        for b in 0..=block_count {
            let offset = read_u32(index, b * 8).unwrap_or(u32::MAX);
            let entry = read_u32(index, b * 8 + 4).unwrap_or(u32::MAX);
            if offset < last_offset || offset > blocks_len || entry < last_entry || entry > entry_count {
                return Err(fail(format!("key block {b} points outside the key or entry sections")));
            }
            (last_offset, last_entry) = (offset, entry);
        }
        if last_offset != blocks_len || last_entry != entry_count {
            return Err(fail("key block index does not end at the end of the keys and entries".to_string()));
        }
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
        let mut dictionary = Dictionary {
            bytes,
            path,
            sections,
            entry_count,
            key_count,
            block_count,
            left_ids,
            right_ids,
            matrix_width,
            matrix_scale,
            reading_alphabet,
            surface_alphabet,
            special_ids,
            checksum: stored,
            first_blocks: Vec::new(),
            surface_codes,
        };
        dictionary.first_blocks = (0..=256u32)
            .map(|c| {
                let (mut lo, mut hi) = (0usize, dictionary.block_count);
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if (dictionary.block_first_key(mid).first().copied().unwrap_or(0) as u32) < c {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                lo as u32
            })
            .collect();
        Ok(dictionary)
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
        self.reading_alphabet.binary_search(&c).ok().map(|i| (i + 1) as u8)
    }

    /// The character of a key code.
    pub fn char_of(&self, code: u8) -> Option<char> {
        self.reading_alphabet.get((code as usize).checked_sub(1)?).copied()
    }

    /// The entry record `index`.
    pub fn entry(&self, index: u32) -> Option<Entry> {
        let records = self.section(Section::Entries);
        let at = index as usize * format::ENTRY_LEN;
        let pair = read_u16(records, at)? as usize;
        let cost = read_u16(records, at + 2)? as i16;
        let surface_ref = read_u32(records, at + 4)?;
        let pairs = self.section(Section::PosPairs);
        Some(Entry { left_id: read_u16(pairs, pair * 4)?, right_id: read_u16(pairs, pair * 4 + 2)?, cost, surface_ref })
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

    /// Decodes the keys of block `b` (up to KEYS_PER_BLOCK), calling `visit(index in block,
    /// codes, entry range)` until it returns false. Malformed data ends the block early.
    fn visit_block(&self, b: usize, mut visit: impl FnMut(usize, &[u8], Range<u32>) -> bool) {
        let index = self.section(Section::KeyBlockIndex);
        let blocks = self.section(Section::KeyBlocks);
        let (Some(start), Some(end), Some(mut entry)) = (read_u32(index, b * 8), read_u32(index, b * 8 + 8), read_u32(index, b * 8 + 4)) else {
            return;
        };
        let Some(block) = blocks.get(start as usize..end as usize) else { return };
        // A stack buffer: this runs for every probe of every conversion.
        let mut codes = [0u8; format::MAX_KEY_CHARS];
        let mut len = 0usize;
        let mut at = 0usize;
        let keys_here = (self.key_count as usize - b * format::KEYS_PER_BLOCK).min(format::KEYS_PER_BLOCK);
        for k in 0..keys_here {
            let (Some(&shared), Some(&suffix)) = (block.get(at), block.get(at + 1)) else { return };
            let (shared, suffix) = (shared as usize, suffix as usize);
            if shared > len || shared + suffix > format::MAX_KEY_CHARS {
                return;
            }
            let Some(tail) = block.get(at + 2..at + 2 + suffix) else { return };
            codes[shared..shared + suffix].copy_from_slice(tail);
            len = shared + suffix;
            at += 2 + suffix;
            let mut count = 0u32;
            let mut shift = 0;
            loop {
                let Some(&byte) = block.get(at) else { return };
                at += 1;
                if shift > 28 {
                    return;
                }
                count |= ((byte & 0x7F) as u32) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            let Some(next) = entry.checked_add(count).filter(|&n| n <= self.entry_count) else { return };
            if !visit(k, &codes[..len], entry..next) {
                return;
            }
            entry = next;
        }
    }

    /// The first key of block `b` (stored whole: its shared length is 0).
    fn block_first_key(&self, b: usize) -> &[u8] {
        let index = self.section(Section::KeyBlockIndex);
        let blocks = self.section(Section::KeyBlocks);
        let Some(start) = read_u32(index, b * 8) else { return &[] };
        let start = start as usize;
        match (blocks.get(start), blocks.get(start + 1)) {
            (Some(0), Some(&len)) => blocks.get(start + 2..start + 2 + len as usize).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The first key ≥ `query`, searching blocks from `first_block`: its index, whether it
    /// starts with `query`, and its entries when it equals `query`. Allocates nothing.
    fn seek(&self, query: &[u8], first_block: usize) -> Seek {
        // Last block whose first key ≤ query. Blocks before those of the query's first code
        // have smaller first keys, blocks after them larger ones: search only between.
        let first_code = query.first().copied().unwrap_or(0) as usize;
        let (mut lo, mut hi) = (first_block, self.block_count);
        if let (Some(&from), Some(&to)) = (self.first_blocks.get(first_code), self.first_blocks.get(first_code + 1)) {
            lo = lo.max(from as usize);
            hi = hi.min(to as usize).max(lo);
        }
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.block_first_key(mid) <= query {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        let block = lo.saturating_sub(1).max(first_block);
        let mut found: Option<Seek> = None;
        for b in block..(block + 2).min(self.block_count) {
            self.visit_block(b, |k, codes, entries| {
                if codes >= query {
                    let prefix = codes.starts_with(query);
                    let exact = (prefix && codes.len() == query.len()).then_some(entries);
                    found = Some(Seek { index: b * format::KEYS_PER_BLOCK + k, prefix, exact });
                    false
                } else {
                    true
                }
            });
            if found.is_some() {
                break;
            }
        }
        found.unwrap_or(Seek { index: self.key_count as usize, prefix: false, exact: None })
    }

    /// Whether some key starts with `codes`, and the entries of the key equal to it.
    pub fn probe(&self, codes: &[u8]) -> (bool, Option<Range<u32>>) {
        if codes.is_empty() || codes.len() > format::MAX_KEY_CHARS || codes.contains(&0) {
            return (false, None);
        }
        let seek = self.seek(codes, 0);
        (seek.prefix, seek.exact)
    }

    /// Every key that is a prefix of `codes`: calls `visit(length, entries)` shortest first.
    pub fn common_prefixes(&self, codes: &[u8], mut visit: impl FnMut(usize, Range<u32>)) {
        let mut first_block = 0;
        for len in 1..=codes.len().min(format::MAX_KEY_CHARS) {
            let query = &codes[..len];
            if query.contains(&0) {
                return;
            }
            let seek = self.seek(query, first_block);
            if !seek.prefix {
                return;
            }
            if let Some(entries) = seek.exact {
                visit(len, entries);
            }
            first_block = seek.index / format::KEYS_PER_BLOCK;
        }
    }

    /// Keys that start with `prefix`, in key order, until `visit` returns false.
    pub fn keys_with_prefix(&self, prefix: &[u8], mut visit: impl FnMut(&[u8], Range<u32>) -> bool) {
        if prefix.is_empty() || prefix.contains(&0) {
            return;
        }
        let start = self.seek(prefix, 0).index;
        let mut b = start / format::KEYS_PER_BLOCK;
        let mut first = start % format::KEYS_PER_BLOCK;
        let mut going = true;
        while going && b < self.block_count {
            self.visit_block(b, |k, codes, entries| {
                if k < first {
                    return true;
                }
                if !codes.starts_with(prefix) || !visit(codes, entries) {
                    going = false;
                    return false;
                }
                true
            });
            b += 1;
            first = 0;
        }
    }

    /// The pool codes of a pooled surface (without its length byte); empty when damaged.
    fn pooled_codes(&self, surface_ref: u32) -> &[u8] {
        let pool = self.section(Section::Surfaces);
        let at = (surface_ref & format::SURFACE_OFFSET_MASK) as usize;
        let Some(&chars) = pool.get(at) else { return &[] };
        let mut end = at + 1;
        for _ in 0..chars {
            match pool.get(end) {
                Some(&b) if b < 0x80 => end += 1,
                Some(_) => end += 2,
                None => return &[],
            }
        }
        pool.get(at + 1..end).unwrap_or(&[])
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
            if code < 128 {
                query.push(code as u8);
            } else {
                let rest = code - 128;
                query.push(0x80 | (rest >> 8) as u8);
                query.push((rest & 0xFF) as u8);
            }
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
