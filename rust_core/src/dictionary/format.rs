//! The compiled dictionary's binary layout (`docs/DICTIONARY.md`, "File format").
//!
//! One file, little-endian, read in place from a memory map:
//!
//! ```text
//! header (HEADER_LEN bytes)
//!   magic "CIMEDIC\0" · format version u32 · header length u32 · file length u64
//!   checksum u64 of every byte from CHECKED_FROM (the entry count) to the end of the file
//!   entry count u32 · key count u32 · left-id count u16 · right-id count u16
//!   matrix cell width u8 · pad · matrix scale u16 · pad to 64
//!   section table: SECTION_COUNT × (offset u64, length u64)
//! sections, each 8-byte aligned, in the order of `Section`
//! ```
//!
//! Every section is checked to lie inside the file before anything is read, and every
//! reader of a section uses checked access, so a file with a valid checksum but
//! hostile contents still cannot make the core read out of bounds or panic.

/// The id of the sentence boundary (BOS/EOS) in Mozc's and MeCab's data.
pub const BOUNDARY_ID: u16 = 0;

/// First eight bytes of every compiled dictionary.
pub const MAGIC: [u8; 8] = *b"CIMEDIC\0";
/// Bumped on any incompatible change of the layout; files of another version are refused.
/// Version 2: the checksum also covers the header from the entry count on (version 1 left
/// the counts, the matrix width and scale outside it). Version 3: the reading trie
/// (`trie.rs`) replaces the front-coded key blocks, entries are stored in its node order, and
/// a pooled surface's reference says whether it has a kanji. Version 4: the special ids
/// also name the word classes a user word can have (`SpecialId::ProperNoun` onwards), and
/// the prediction lists (`Section::PredictionLists`, `prediction_lists.rs`). Version 5: the
/// trie's counts are sampled every 12 nodes instead of every 32 (`trie::unary::SAMPLE_EVERY`).
/// Version 6: the counts section ends with the bounds of the trie's first nodes written out
/// (`trie::TOP_NODES`). Version 7: the bounds of three times as many nodes, and the counts
/// sampled every 20 nodes to pay for them. Version 8: an entry's surface reference holds its
/// rank among the earlier entries of its key and class (`CLASS_RANK_SHIFT`).
pub const FORMAT_VERSION: u32 = 8;
/// The checksum covers every byte from this offset to the end of the file: the header's
/// counts, matrix fields, padding and section table, and every section. The bytes before
/// it (magic, version, header length, file length, the checksum itself) are each checked
/// against an exact expected value, so no byte of a file is left unchecked.
pub const CHECKED_FROM: usize = field::ENTRY_COUNT;
/// Fixed header length: 64 bytes of fields, then the section table.
pub const HEADER_LEN: usize = 64 + SECTION_COUNT * 16;
/// Bytes of one entry record.
pub const ENTRY_LEN: usize = 8;
/// Longest reading a key may have, in characters (Mozc's longest is 33).
pub const MAX_KEY_CHARS: usize = 64;

/// Kinds of surface an entry can have (top two bits of its surface reference).
pub const SURFACE_IN_POOL: u32 = 0;
/// The surface is the reading itself (hiragana).
pub const SURFACE_IS_READING: u32 = 1;
/// The surface is the reading in katakana.
pub const SURFACE_IS_KATAKANA: u32 = 2;
/// Bit 29 of a surface reference (version 3): the surface has a kanji (`kana_script::is_kanji`),
/// decided at compile time so the converter need not decode the surface to know.
pub const SURFACE_HAS_KANJI: u32 = 1 << 29;
/// Low 25 bits of a surface reference: the offset into the surface pool (29 bits before
/// version 8; Mozc's pool is 5 MB).
pub const SURFACE_OFFSET_MASK: u32 = (1 << 25) - 1;
/// Bits 25–28 of a surface reference (version 8): how many earlier entries of the same key
/// have the entry's part-of-speech pair (its class), at most [`CLASS_RANK_MAX`]. A key's
/// entries are cheapest first, so an entry of rank k or more has k entries of its class before
/// it, none dearer: a lattice for searches that keep k texts leaves it out
/// (`conversion/lattice/homophones.rs`, `BestOfClass`) reading no more than this.
pub const CLASS_RANK_SHIFT: u32 = 25;
/// The highest rank stored: a rank of 15 says 15 or more.
pub const CLASS_RANK_MAX: u32 = 15;

/// Most next-word candidates the compiler stores (`Section::Followers`).
pub const MAX_FOLLOWERS: usize = 4096;
/// Longest reading of a next-word candidate, in characters.
pub const MAX_FOLLOWER_CHARS: usize = 4;

/// Per-left-id flag: words of this id attach to the preceding segment (文節): particles,
/// auxiliary verbs, inflection endings. Derived from the data at compile time.
pub const ID_FLAG_FUNCTIONAL: u8 = 1;

/// The sections, in file order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// `key=value` lines: source, version, licence, built-by.
    Metadata = 0,
    /// The reading alphabet: u32 code points; key code c (1-based) is alphabet[c - 1].
    ReadingAlphabet,
    /// The reading trie's labels (version 3, `trie.rs`): one key code per node, in level order.
    TrieLabels,
    /// The reading trie's shape (version 3, `trie.rs`): the children count and the entry
    /// count of every node, each as a sampled unary sequence; then (version 6) both counts'
    /// sums before each of the first nodes.
    TrieCounts,
    /// Entry records: u16 part-of-speech pair, u16 word cost, u32 surface reference; in
    /// the order of the trie's nodes (readings shortest first, then by code), each
    /// reading's entries cheapest first.
    Entries,
    /// Part-of-speech pairs: u16 left id, u16 right id.
    PosPairs,
    /// Surface strings: `len u8` (characters), then codes (1 byte below 0x80, else 2 bytes).
    Surfaces,
    /// The surface alphabet: u32 code points, most frequent first.
    SurfaceAlphabet,
    /// Connection costs: `left-id count × right-id count` cells, row = previous word's
    /// right id, column = next word's left id; a cell times the matrix scale is the cost.
    Matrix,
    /// One byte of `ID_FLAG_*` bits per left id.
    IdFlags,
    /// Ids the converter needs by role, u16 each, in the order of `SpecialId`.
    SpecialIds,
    /// The surface index (version 2): u32 entry indices of the entries whose surface is in
    /// the pool, one per distinct (surface, left id, right id), sorted by the surface's pool
    /// codes, then by cost — so the class of a word written before the cursor is found from
    /// its text (the left context of a conversion, docs/CONVERSION.md).
    SurfaceIndex,
    /// Next-word candidates (version 2): the cheapest function words written in kana, per
    /// word `u32 entry index, u8 reading length, reading codes`, cheapest first.
    Followers,
    /// Prediction lists (version 4, `prediction_lists.rs`): for every trie node with many
    /// entries under it, the entries of its best continuations, so a short prefix is
    /// predicted without reading its whole subtree.
    PredictionLists,
}

/// Number of sections in the table.
pub const SECTION_COUNT: usize = 14;

/// All sections in file order.
pub const SECTIONS: [Section; SECTION_COUNT] = [
    Section::Metadata,
    Section::ReadingAlphabet,
    Section::TrieLabels,
    Section::TrieCounts,
    Section::Entries,
    Section::PosPairs,
    Section::Surfaces,
    Section::SurfaceAlphabet,
    Section::Matrix,
    Section::IdFlags,
    Section::SpecialIds,
    Section::SurfaceIndex,
    Section::Followers,
    Section::PredictionLists,
];

impl Section {
    /// Name used in error messages.
    pub fn name(self) -> &'static str {
        match self {
            Section::Metadata => "metadata",
            Section::ReadingAlphabet => "reading alphabet",
            Section::TrieLabels => "trie labels",
            Section::TrieCounts => "trie counts",
            Section::Entries => "entries",
            Section::PosPairs => "part-of-speech pairs",
            Section::Surfaces => "surfaces",
            Section::SurfaceAlphabet => "surface alphabet",
            Section::Matrix => "connection matrix",
            Section::IdFlags => "id flags",
            Section::SpecialIds => "special ids",
            Section::SurfaceIndex => "surface index",
            Section::Followers => "followers",
            Section::PredictionLists => "prediction lists",
        }
    }
}

/// Word classes the converter needs by role (ids found in the data at compile time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialId {
    /// A common noun (名詞): unknown words and the reading typed as it is.
    Noun = 0,
    /// A proper or katakana noun: katakana runs of the input.
    KatakanaNoun,
    /// A number (数): digit runs.
    Number,
    /// A symbol or punctuation mark.
    Symbol,
    /// The topic particle は (the as-heard conversion reads わ as it).
    ParticleWa,
    /// The direction particle へ (え heard for it).
    ParticleE,
    /// The object particle を (お heard for it).
    ParticleO,
    // Version 4: the classes a user word can be registered with (`user::WordClass`), as
    // Mozc's word registration offers them. Appended, so the ids above keep their slots.
    /// A proper noun of no narrower class (固有名詞・一般).
    ProperNoun,
    /// A person's name, whole (人名・一般).
    PersonName,
    /// A family name (人名・姓).
    Surname,
    /// A given name (人名・名).
    GivenName,
    /// A place name (地域・一般).
    Place,
    /// An organization: a company, a school, a team (組織).
    Organization,
    /// A noun that takes する (サ変接続: 勉強 → 勉強する).
    SuruNoun,
    /// An adverb (副詞).
    Adverb,
    /// An interjection or greeting (感動詞).
    Interjection,
}

/// Number of special ids stored.
pub const SPECIAL_ID_COUNT: usize = 16;

/// Byte offsets of the header fields.
pub mod field {
    pub const MAGIC: usize = 0;
    pub const VERSION: usize = 8;
    pub const HEADER_LEN: usize = 12;
    pub const FILE_LEN: usize = 16;
    pub const CHECKSUM: usize = 24;
    pub const ENTRY_COUNT: usize = 32;
    pub const KEY_COUNT: usize = 36;
    pub const LEFT_IDS: usize = 40;
    pub const RIGHT_IDS: usize = 42;
    pub const MATRIX_WIDTH: usize = 44;
    pub const MATRIX_SCALE: usize = 46;
    pub const SECTION_TABLE: usize = 64;
}

pub fn read_u16(bytes: &[u8], at: usize) -> Option<u16> {
    bytes.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]))
}

pub fn read_u32(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

pub fn read_u64(bytes: &[u8], at: usize) -> Option<u64> {
    bytes.get(at..at + 8).map(|b| {
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        u64::from_le_bytes(a)
    })
}

/// Checksum of the file body: four interleaved multiply–xor lanes over 8-byte words, so
/// checking a 25 MB file at open costs a few milliseconds. It detects damage (truncation,
/// flipped bits, a copy cut short), not tampering.
pub fn checksum(bytes: &[u8]) -> u64 {
    const K: [u64; 4] = [0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5];
    let mut lanes = [0x6A09_E667_F3BC_C908u64, 0xBB67_AE85_84CA_A73B, 0x3C6E_F372_FE94_F82B, 0xA54F_F53A_5F1D_36F1];
    let mut chunks = bytes.chunks_exact(32);
    for chunk in &mut chunks {
        for lane in 0..4 {
            let mut w = [0u8; 8];
            w.copy_from_slice(&chunk[lane * 8..lane * 8 + 8]);
            let v = u64::from_le_bytes(w);
            lanes[lane] = (lanes[lane] ^ v).wrapping_mul(K[lane]).rotate_left(29);
        }
    }
    let mut tail_hash = 0xCBF2_9CE4_8422_2325u64;
    for &b in chunks.remainder() {
        tail_hash = (tail_hash ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3);
    }
    let mut h = (bytes.len() as u64).wrapping_mul(K[0]) ^ tail_hash;
    for (lane, k) in lanes.iter().zip(K) {
        h = (h ^ lane).wrapping_mul(k).rotate_left(31);
    }
    h ^ (h >> 33)
}

/// Appends the pool encoding of surface alphabet code `code`: one byte below 128, else two
/// (high bit set). The code is prefix-free, so pool bytes compare as surfaces do (the
/// surface index relies on it).
pub fn push_surface_code(out: &mut Vec<u8>, code: usize) {
    if code < 128 {
        out.push(code as u8);
    } else {
        let rest = code - 128;
        out.push(0x80 | (rest >> 8) as u8);
        out.push((rest & 0xFF) as u8);
    }
}

/// The codes of the pooled surface at `offset` (without its length byte); empty when the
/// pool is damaged there.
pub fn pooled_surface_codes(pool: &[u8], offset: usize) -> &[u8] {
    let Some(&chars) = pool.get(offset) else { return &[] };
    let mut end = offset + 1;
    for _ in 0..chars {
        match pool.get(end) {
            Some(&b) if b < 0x80 => end += 1,
            Some(_) => end += 2,
            None => return &[],
        }
    }
    pool.get(offset + 1..end).unwrap_or(&[])
}
