//! The compiled dictionary format: what the builder writes is what the reader reads
//! (counts, metadata, ids, connection costs, surfaces of every kind, prefix lookups over
//! many key blocks), the builder's own checks, and every way a file can be bad — each
//! must give an error naming the file and the problem, never a panic. Hostile files with
//! a valid checksum (recomputed after the change) are checked too, and so is every single
//! header byte: a flipped bit anywhere in the header is refused.

mod tiny_dictionary;
use cyrillic_ime_core::conversion::prediction::predict;
use cyrillic_ime_core::conversion::{Converter, Request};
use cyrillic_ime_core::dictionary::builder::{self, MatrixCells, SourceEntry};
use cyrillic_ime_core::dictionary::format::{self, field, Section, SpecialId, HEADER_LEN};
use cyrillic_ime_core::dictionary::{trie, Dictionary, DictionaryError};
use tiny_dictionary::*;

fn codes(d: &Dictionary, text: &str) -> Vec<u8> {
    text.chars().map(|c| d.code_of(c).unwrap_or(0)).collect()
}

/// Surfaces of the entries in `range`, read under `reading`.
fn surfaces(d: &Dictionary, range: std::ops::Range<u32>, reading: &str) -> Vec<String> {
    range
        .map(|i| {
            let mut s = String::new();
            d.push_surface(&d.entry(i).expect("entry in range"), reading, &mut s);
            s
        })
        .collect()
}

/// (length, surfaces) of every key that is a prefix of `text`.
fn prefixes(d: &Dictionary, text: &str) -> Vec<(usize, Vec<String>)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    d.common_prefixes(&codes(d, text), |len, range| {
        let reading: String = chars[..len].iter().collect();
        out.push((len, surfaces(d, range, &reading)));
    });
    out
}

fn keys_with_prefix(d: &Dictionary, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    d.keys_with_prefix(&codes(d, prefix), |key, _| {
        out.push(d.reading_of(key));
        true
    });
    out
}

#[test]
fn the_tiny_dictionary_reads_back_as_built() {
    let bytes = bytes();
    let path = write_temp("tiny.cimedic", &bytes);
    let d = Dictionary::open(&path).expect("opens");
    assert_eq!(d.path(), Some(path.as_path()));
    assert_eq!(d.file_len(), bytes.len());
    assert!(d.file_len().is_multiple_of(8) && d.file_len() > HEADER_LEN);
    #[cfg(unix)]
    assert!(d.is_mapped(), "a file is memory-mapped on unix");
    assert!(!Dictionary::from_vec(bytes.clone()).unwrap().is_mapped());
    // 24 words under 20 distinct readings.
    assert_eq!(d.entry_count(), 24);
    assert_eq!(d.key_count(), 20);
    assert_eq!(d.id_count(), IDS as usize);
    let metadata = d.metadata();
    assert!(metadata.contains(&("source".to_string(), "tiny test dictionary".to_string())), "{metadata:?}");
    assert!(metadata.contains(&("version".to_string(), "1".to_string())));
    assert_eq!(d.special_id(SpecialId::Noun), NOUN);
    assert_eq!(d.special_id(SpecialId::KatakanaNoun), KATA);
    assert_eq!(d.special_id(SpecialId::Number), NUM);
    assert_eq!(d.special_id(SpecialId::Symbol), SYM);
    assert_eq!(d.special_id(SpecialId::ParticleWa), PARTICLE);
    // Exact cells.
    assert_eq!(d.connection_cost(BOUNDARY, PARTICLE), 5000);
    assert_eq!(d.connection_cost(NOUN, PARTICLE), 10);
    assert_eq!(d.connection_cost(NOUN, NOUN), 1500);
    assert_eq!(d.connection_cost(ADJ, NOUN), 2000);
    assert_eq!(d.connection_cost(NOUN, ADJ), 100);
    assert_eq!(d.connection_cost(PLACE, BOUNDARY), 100);
    // Ids outside the matrix cost the most, never panic.
    assert_eq!(d.connection_cost(IDS, 0), i16::MAX as i32);
    assert_eq!(d.connection_cost(0, u16::MAX), i16::MAX as i32);
    std::fs::remove_file(path).ok();
}

/// Every entry records its rank in its key's class (version 8): how many earlier entries of the
/// same reading have its part-of-speech pair, counted in the key's order (cheapest first) and
/// from 0 again at every key, and at most `CLASS_RANK_MAX` (a key of 21 nouns stops at 15).
#[test]
fn entries_record_their_rank_among_their_keys_words_of_a_class() {
    let mut words = words();
    for k in 0..20i16 {
        words.push(entry("はし", &format!("端{k}"), NOUN, 1000 + k));
    }
    words.push(entry("はし", "走", AUX, 1005));
    words.push(entry("はしら", "柱", NOUN, 900));
    let d = Dictionary::from_vec(builder::build(&words, &connections(), &options()).unwrap()).unwrap();
    let ranks = |reading: &str| -> Vec<(String, u32)> {
        let range = d.trie_node(&codes(&d, reading)).and_then(|node| d.trie_entries(node)).expect("a key");
        let texts = surfaces(&d, range.clone(), reading);
        texts.into_iter().zip(range.map(|i| d.entry_rank(i).expect("a record"))).collect()
    };
    let hashi = ranks("はし");
    let nouns: Vec<u32> = hashi.iter().filter(|(text, _)| text.starts_with('端')).map(|&(_, rank)| rank).collect();
    assert_eq!(nouns, (0..20).map(|k| k.min(format::CLASS_RANK_MAX)).collect::<Vec<_>>(), "{hashi:?}");
    assert!(hashi.contains(&("箸".to_string(), format::CLASS_RANK_MAX)), "the tiny dictionary's noun comes after the twenty: {hashi:?}");
    assert!(hashi.contains(&("走".to_string(), 0)) && hashi.contains(&("橋".to_string(), 0)), "other classes count on their own: {hashi:?}");
    assert_eq!(ranks("はしら"), vec![("柱".to_string(), 0)], "every key counts from 0");
}

/// A character's key code and the character of a code agree both ways, for the kana the
/// reader looks up in a table and the characters it searches the alphabet for (Latin, digits,
/// the block's edges).
#[test]
fn key_codes_and_characters_agree_both_ways() {
    let mut words = words();
    for reading in ["ゔぁ", "ヴァ", "〜", "ヿ", "abc", "12", "ｱ", "ー"] {
        words.push(entry(reading, "x", NOUN, 100));
    }
    let d = Dictionary::from_vec(builder::build(&words, &connections(), &options()).unwrap()).unwrap();
    let mut coded = 0;
    for code in 1..=255u8 {
        if let Some(c) = d.char_of(code) {
            assert_eq!(d.code_of(c), Some(code), "{c:?}");
            coded += 1;
        }
    }
    for c in (0x2F00..0x3200).chain(0x20..0x80).filter_map(char::from_u32) {
        if let Some(code) = d.code_of(c) {
            assert_eq!(d.char_of(code), Some(c), "{c:?}");
        }
    }
    assert!(coded > 10 && d.code_of('ヿ').is_some() && d.code_of('a').is_some() && d.code_of('ｱ').is_some() && d.code_of('㆐').is_none());
}

#[test]
fn function_words_are_told_from_content_words() {
    let d = Dictionary::from_vec(bytes()).unwrap();
    // Particles and です: few words, all hiragana, cheaper after a noun than at the start.
    assert!(d.is_functional(PARTICLE));
    assert!(d.is_functional(AUX));
    // Content classes: special ids, kanji surfaces, or no cheaper after a noun.
    for id in [BOUNDARY, NOUN, ADJ, KATA, NUM, SYM, 8, PLACE] {
        assert!(!d.is_functional(id), "id {id} must not be functional");
    }
    assert!(!d.is_functional(IDS) && !d.is_functional(u16::MAX), "ids past the table are not functional");
}

#[test]
fn a_class_is_functional_only_when_small_hiragana_and_attaching() {
    let m = connections();
    let build = |words: &[SourceEntry]| Dictionary::from_vec(builder::build(words, &m, &options()).unwrap()).unwrap();
    // Same costs as the particles, but kanji surfaces: not functional.
    let d = build(&[entry("の", "之", PARTICLE, 500), entry("は", "者", PARTICLE, 500)]);
    assert!(!d.is_functional(PARTICLE));
    // Nine hiragana words out of ten is still functional (90%).
    let mut words: Vec<SourceEntry> = "あいうえおかきくけ".chars().map(|c| entry(&c.to_string(), &c.to_string(), PARTICLE, 500)).collect();
    words.push(entry("こ", "故", PARTICLE, 500));
    assert!(build(&words).is_functional(PARTICLE));
    words.push(entry("さ", "差", PARTICLE, 500));
    assert!(!build(&words).is_functional(PARTICLE), "9 of 11 hiragana is under 90%");
    // Hiragana, but starting a sentence is as cheap as following a noun (ADJ: BOS→ADJ 0).
    assert!(!build(&[entry("いい", "いい", ADJ, 800)]).is_functional(ADJ));
    // 201 hiragana words: an open class.
    let kana: Vec<char> = ('\u{3042}'..='\u{3093}').collect();
    let many: Vec<SourceEntry> = (0..201).map(|i| {
        let r: String = [kana[i % kana.len()], kana[i / kana.len()]].iter().collect();
        entry(&r, &r, PARTICLE, 500)
    }).collect();
    assert!(!build(&many).is_functional(PARTICLE));
    assert!(build(&many[..200]).is_functional(PARTICLE), "200 words is still a closed class");
}

#[test]
fn lookups_by_common_prefix_find_every_key_that_starts_the_text() {
    let d = Dictionary::from_vec(bytes()).unwrap();
    assert_eq!(prefixes(&d, "なかのです"), vec![(2, vec!["中".to_string()]), (3, vec!["中野".to_string()])]);
    // Cheapest first under one reading.
    assert_eq!(prefixes(&d, "わたしの"), vec![(3, vec!["私".to_string(), "渡し".to_string()])]);
    assert_eq!(prefixes(&d, "はしる"), vec![(1, vec!["は".to_string(), "葉".to_string()]), (2, vec!["箸".to_string(), "橋".to_string()])]);
    // Surfaces stored as "the reading" and "the reading in katakana".
    assert_eq!(prefixes(&d, "てれび"), vec![(3, vec!["テレビ".to_string()])]);
    assert_eq!(prefixes(&d, "です"), vec![(1, vec!["で".to_string()]), (2, vec!["です".to_string()])]);
    assert_eq!(
        prefixes(&d, "ありがとうございます"),
        vec![(2, vec!["蟻".to_string()]), (5, vec!["ありがとう".to_string()]), (10, vec!["ありがとうございます".to_string()])]
    );
    assert!(prefixes(&d, "ぬの").is_empty(), "ぬ is in no reading");
    assert!(prefixes(&d, "しわ").is_empty(), "no key starts with し");
    assert!(prefixes(&d, "").is_empty());
    let cost_order: Vec<i16> = {
        let mut v = Vec::new();
        d.common_prefixes(&codes(&d, "わたし"), |_, r| v.extend(r.map(|i| d.entry(i).unwrap().cost)));
        v
    };
    assert_eq!(cost_order, vec![1000, 2500]);
}

#[test]
fn keys_with_a_prefix_come_in_reading_order() {
    let d = Dictionary::from_vec(bytes()).unwrap();
    // た (U+305F) sorts before と (U+3068).
    assert_eq!(keys_with_prefix(&d, "あり"), vec!["あり", "ありがたい", "ありがとう", "ありがとうございます"]);
    assert_eq!(keys_with_prefix(&d, "ありがと"), vec!["ありがとう", "ありがとうございます"]);
    assert_eq!(keys_with_prefix(&d, "な"), vec!["なか", "なかの", "なまえ"]);
    assert!(keys_with_prefix(&d, "ありがとうございますよ").is_empty());
    assert!(keys_with_prefix(&d, "").is_empty(), "an empty prefix lists nothing");
    // Stopping early.
    let mut seen = 0;
    d.keys_with_prefix(&codes(&d, "あ"), |_, _| {
        seen += 1;
        seen < 2
    });
    assert_eq!(seen, 2);
}


#[test]
fn many_keys_over_many_blocks_match_a_brute_force_search() {
    // 700 readings of 1–5 characters over a 6-letter alphabet (many share prefixes, and
    // many blocks of 16 keys), each with a distinct kanji surface (over 128 distinct
    // characters, so surfaces use the two-byte codes), some readings with two words.
    let alphabet: Vec<char> = "かきくけこん".chars().collect();
    let mut rng = Lcg(7);
    let mut words: Vec<SourceEntry> = Vec::new();
    for i in 0..700u32 {
        let len = 1 + rng.next() as usize % 5;
        let reading: String = (0..len).map(|_| alphabet[rng.next() as usize % alphabet.len()]).collect();
        let surface: String = [char::from_u32(0x4E00 + i).unwrap(), char::from_u32(0x4E00 + (i * 7) % 700).unwrap()].iter().collect();
        words.push(entry(&reading, &surface, NOUN, (i % 3000) as i16));
    }
    let d = Dictionary::from_vec(builder::build(&words, &connections(), &options()).unwrap()).unwrap();
    let mut readings: Vec<String> = words.iter().map(|w| w.reading.clone()).collect();
    readings.sort_by(|a, b| a.chars().cmp(b.chars()));
    readings.dedup();
    assert_eq!(d.key_count() as usize, readings.len());
    assert!(readings.len() > 5 * trie::unary::SAMPLE_EVERY, "the test needs several samples of the trie's counts");
    // Expected surfaces of a reading: its words, cheapest first (ties by surface).
    let expected_surfaces = |reading: &str| -> Vec<String> {
        let mut w: Vec<&SourceEntry> = words.iter().filter(|w| w.reading == reading).collect();
        w.sort_by(|a, b| a.cost.cmp(&b.cost).then(a.surface.cmp(&b.surface)));
        w.iter().map(|w| w.surface.clone()).collect()
    };
    for _ in 0..400 {
        let len = 1 + rng.next() as usize % 7;
        let text: String = (0..len).map(|_| alphabet[rng.next() as usize % alphabet.len()]).collect();
        let chars: Vec<char> = text.chars().collect();
        let expected: Vec<(usize, Vec<String>)> = (1..=chars.len())
            .filter_map(|l| {
                let p: String = chars[..l].iter().collect();
                readings.contains(&p).then(|| (l, expected_surfaces(&p)))
            })
            .collect();
        assert_eq!(prefixes(&d, &text), expected, "common prefixes of {text}");
        let prefix: String = chars[..chars.len().min(1 + rng.next() as usize % 3)].iter().collect();
        let expected_keys: Vec<String> = readings.iter().filter(|r| r.starts_with(&prefix)).cloned().collect();
        assert_eq!(keys_with_prefix(&d, &prefix), expected_keys, "keys with prefix {prefix}");
    }
    // Every word's surface decodes exactly.
    for reading in &readings {
        let found = prefixes(&d, reading);
        assert_eq!(found.last(), Some(&(reading.chars().count(), expected_surfaces(reading))));
    }
}

#[test]
fn one_byte_matrix_cells_are_scaled_and_rounded() {
    let mut options = options();
    options.matrix_cells = MatrixCells::OneByte;
    let d = Dictionary::from_vec(builder::build(&words(), &connections(), &options).unwrap()).unwrap();
    // Largest cost 5000: scale ⌈5000 / 255⌉ = 20; a cell holds (cost + 10) / 20.
    assert_eq!(d.connection_cost(BOUNDARY, PARTICLE), 5000);
    assert_eq!(d.connection_cost(NOUN, NOUN), 1500);
    assert_eq!(d.connection_cost(NOUN, PARTICLE), 20, "10 rounds to one step of 20");
    assert_eq!(d.connection_cost(BOUNDARY, ADJ), 0);
    assert_eq!(d.connection_cost(KATA, NUM), 100);
    // Negative costs do not fit one-byte cells, but exact cells keep them.
    let negative = matrix(IDS, 100, &[(NOUN, NOUN, -500)]);
    let e = builder::build(&words(), &negative, &options).unwrap_err();
    assert!(e.0.contains("negative"), "{e}");
    let exact = Dictionary::from_vec(builder::build(&words(), &negative, &tiny_dictionary::options()).unwrap()).unwrap();
    assert_eq!(exact.connection_cost(NOUN, NOUN), -500);
}

#[test]
fn the_builder_refuses_what_the_format_cannot_hold() {
    let m = connections();
    let o = options();
    let fails = |words: &[SourceEntry], m: &builder::SourceMatrix, o: &builder::BuildOptions, needle: &str| {
        let e = builder::build(words, m, o).expect_err(needle);
        assert!(e.0.contains(needle), "{e} lacks {needle}");
    };
    fails(&words(), &builder::SourceMatrix { left_ids: 3, right_ids: 3, costs: vec![0; 8] }, &o, "connection matrix has 8 cells");
    fails(&[entry("か", "蚊", IDS, 0)], &m, &o, "outside the matrix");
    fails(&[entry("", "蚊", NOUN, 0)], &m, &o, "reading of 0 characters");
    fails(&[entry(&"か".repeat(65), "蚊", NOUN, 0)], &m, &o, "reading of 65 characters");
    assert!(builder::build(&[entry(&"か".repeat(64), "蚊", NOUN, 0)], &m, &o).is_ok(), "64 characters fit");
    fails(&[entry("か", "", NOUN, 0)], &m, &o, "empty or over-long surface");
    fails(&[entry("か", &"蚊".repeat(256), NOUN, 0)], &m, &o, "empty or over-long surface");
    let mut bad = o.clone();
    bad.special_ids[3] = IDS;
    fails(&words(), &m, &bad, "special id #3 = 10 is outside the matrix");
    let mut bad = o.clone();
    bad.metadata.push(("a=b".to_string(), "c".to_string()));
    fails(&words(), &m, &bad, "must be one line");
    // An empty dictionary is a valid file.
    let empty = Dictionary::from_vec(builder::build(&[], &m, &o).unwrap()).unwrap();
    assert_eq!((empty.entry_count(), empty.key_count()), (0, 0));
    assert!(prefixes(&empty, "か").is_empty() && keys_with_prefix(&empty, "か").is_empty());
}

// ---------- bad files ----------

fn put_u16(bytes: &mut [u8], at: usize, v: u16) {
    bytes[at..at + 2].copy_from_slice(&v.to_le_bytes());
}
fn put_u32(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}
fn put_u64(bytes: &mut [u8], at: usize, v: u64) {
    bytes[at..at + 8].copy_from_slice(&v.to_le_bytes());
}

/// (offset, length) of a section, from the section table.
fn section(bytes: &[u8], s: Section) -> (usize, usize) {
    let at = field::SECTION_TABLE + s as usize * 16;
    (format::read_u64(bytes, at).unwrap() as usize, format::read_u64(bytes, at + 8).unwrap() as usize)
}

/// Opens `bytes` from a file and expects an error naming the file and containing `needle`.
fn refused(name: &str, bytes: &[u8], needle: &str) -> DictionaryError {
    let path = write_temp(name, bytes);
    let error = match Dictionary::open(&path) {
        Ok(_) => panic!("{name}: a bad dictionary was accepted (expected {needle:?})"),
        Err(e) => e,
    };
    let shown = error.to_string();
    assert_eq!(error.file, path.display().to_string(), "{name}: the error names the file");
    assert!(shown.starts_with(&format!("dictionary {}: ", path.display())), "{name}: {shown}");
    assert!(error.message.contains(needle), "{name}: {shown:?} lacks {needle:?}");
    // The same bytes in memory give the same problem.
    let in_memory = Dictionary::from_vec(bytes.to_vec()).err().expect("refused in memory too");
    assert_eq!((in_memory.file.as_str(), &in_memory.message), ("<memory>", &error.message));
    std::fs::remove_file(path).ok();
    error
}

#[test]
fn missing_and_unreadable_files_are_named() {
    let path = temp_path("absent.cimedic");
    let e = Dictionary::open(&path).err().expect("a missing file is refused");
    assert_eq!(e.file, path.display().to_string());
    assert!(e.message.starts_with("cannot open"), "{e}");
    let dir = std::env::temp_dir();
    let e = Dictionary::open(&dir).err().expect("a directory is refused");
    assert_eq!(e.file, dir.display().to_string());
    assert!(!e.message.is_empty());
}

#[test]
fn empty_truncated_and_appended_files_are_refused() {
    let good = bytes();
    refused("empty", &[], &format!("file is 0 bytes, shorter than the {HEADER_LEN}-byte header"));
    refused("cut-10", &good[..10], "file is 10 bytes, shorter than");
    refused("cut-header-1", &good[..HEADER_LEN - 1], "shorter than");
    let n = good.len();
    for cut in [HEADER_LEN, HEADER_LEN + 1, n / 2, n - 8, n - 1] {
        refused(&format!("cut-{cut}"), &good[..cut], &format!("header says {n} bytes but the file has {cut} (truncated or appended to)"));
    }
    let mut longer = good.clone();
    longer.push(0);
    refused("appended", &longer, "truncated or appended to");
    // Cut short but with the length field fixed: the checksum catches it.
    let mut cut = good[..n - 8].to_vec();
    put_u64(&mut cut, field::FILE_LEN, (n - 8) as u64);
    refused("cut-relabelled", &cut, "checksum mismatch");
}

#[test]
fn foreign_and_other_version_files_are_refused() {
    let good = bytes();
    let mut bad = good.clone();
    bad[0] = b'X';
    refused("magic", &bad, "not a CyrillicIME dictionary (bad magic number)");
    refused("text", &vec![b'#'; 4096], "bad magic number");
    // Every earlier version (4 sampled the trie's counts more sparsely) and a later one.
    for version in (0..format::FORMAT_VERSION).chain([format::FORMAT_VERSION + 1, u32::MAX]) {
        let mut bad = good.clone();
        put_u32(&mut bad, field::VERSION, version);
        // Resealed: the version check alone refuses it, with the way out.
        reseal(&mut bad);
        refused("version", &bad, &format!("format version {version}, this core reads version {} (rebuild it with scripts/build_dictionary.sh)", format::FORMAT_VERSION));
    }
    let mut bad = good.clone();
    put_u32(&mut bad, field::HEADER_LEN, 64);
    refused("header-length", &bad, "header length 64, expected");
}

#[test]
fn damaged_bodies_fail_the_checksum() {
    let good = bytes();
    for at in [HEADER_LEN, HEADER_LEN + 5, good.len() / 2, good.len() - 1] {
        let mut bad = good.clone();
        bad[at] ^= 0x10;
        refused("flipped", &bad, "checksum mismatch");
    }
    let mut bad = good.clone();
    bad[field::CHECKSUM] ^= 1;
    refused("stored-checksum", &bad, "the file is damaged");
}

#[test]
fn every_header_byte_is_under_the_checksum_or_checked_exactly() {
    // Version 1 left the counts, the matrix width and scale outside the checksum: a flipped
    // bit of the scale loaded and changed every conversion. Now any flipped bit of the
    // header is refused, whatever byte it is in.
    let good = bytes();
    for at in 0..HEADER_LEN {
        for bit in 0..8 {
            let mut bad = good.clone();
            bad[at] ^= 1 << bit;
            if let Ok(d) = Dictionary::from_vec(bad) {
                panic!("a file with bit {bit} of header byte {at} flipped was accepted ({} entries)", d.entry_count());
            }
        }
    }
    // The matrix scale, the field of the review's finding, by name: the checksum catches it.
    let mut bad = good.clone();
    put_u16(&mut bad, field::MATRIX_SCALE, 3);
    refused("scale-flipped", &bad, "checksum mismatch");
    assert_eq!(format::CHECKED_FROM, field::CHECKSUM + 8, "the checksum starts right after itself");
}

#[test]
fn hostile_headers_and_sections_with_a_valid_checksum_are_refused() {
    let good = bytes();
    assert!(Dictionary::from_vec(good.clone()).is_ok());
    // Every section pointed outside the file, into the header, or past u64's range.
    for s in format::SECTIONS {
        let at = field::SECTION_TABLE + s as usize * 16;
        let (offset, len) = section(&good, s);
        for (new_offset, new_len) in [(good.len() as u64, 8u64), (offset as u64, (good.len() - offset + 1) as u64), (0, len as u64), (u64::MAX - 2, 8), (offset as u64, u64::MAX)] {
            let mut bad = good.clone();
            put_u64(&mut bad, at, new_offset);
            put_u64(&mut bad, at + 8, new_len);
            reseal(&mut bad);
            refused("section", &bad, &format!("section {} (offset {new_offset}, length {new_len}) lies outside the file", s.name()));
        }
    }
    // Counts that disagree with the sections.
    let mut bad = good.clone();
    put_u32(&mut bad, field::ENTRY_COUNT, 25);
    reseal(&mut bad);
    refused("entry-count", &bad, "section entries is 192 bytes, expected 200");
    let mut bad = good.clone();
    put_u32(&mut bad, field::KEY_COUNT, 4000);
    reseal(&mut bad);
    refused("key-count", &bad, "4000 keys, but the reading trie has");
    let mut bad = good.clone();
    put_u16(&mut bad, field::LEFT_IDS, 9);
    reseal(&mut bad);
    refused("left-ids", &bad, "section connection matrix is 200 bytes, expected 180");
    let mut bad = good.clone();
    put_u16(&mut bad, field::LEFT_IDS, 0);
    reseal(&mut bad);
    refused("no-ids", &bad, "matrix has no ids");
    let mut bad = good.clone();
    bad[field::MATRIX_WIDTH] = 3;
    reseal(&mut bad);
    refused("width", &bad, "matrix cell width 3 / scale 1 not supported");
    let mut bad = good.clone();
    put_u16(&mut bad, field::MATRIX_SCALE, 0);
    reseal(&mut bad);
    refused("scale", &bad, "matrix cell width 2 / scale 0 not supported");
    // A table whose length is not whole records.
    let mut bad = good.clone();
    let (_, len) = section(&good, Section::PosPairs);
    put_u64(&mut bad, field::SECTION_TABLE + Section::PosPairs as usize * 16 + 8, len as u64 - 1);
    reseal(&mut bad);
    refused("pairs-length", &bad, "not a whole number of records");
}

#[test]
fn hostile_section_contents_with_a_valid_checksum_are_refused() {
    let good = bytes();
    let edit = |s: Section, at: usize, new: &[u8]| {
        let mut bad = good.clone();
        let (offset, _) = section(&good, s);
        bad[offset + at..offset + at + new.len()].copy_from_slice(new);
        reseal(&mut bad);
        bad
    };
    refused("special", &edit(Section::SpecialIds, 0, &99u16.to_le_bytes()), "special id #0 = 99 is outside the matrix");
    refused("special", &edit(Section::SpecialIds, 12, &10u16.to_le_bytes()), "special id #6 = 10 is outside the matrix");
    refused("pair", &edit(Section::PosPairs, 2, &500u16.to_le_bytes()), "part-of-speech pair 0 (");
    refused("entry-pair", &edit(Section::Entries, 8, &u16::MAX.to_le_bytes()), "entry 1 refers to a part-of-speech pair that does not exist");
    // The trie's counts: node count, total children, samples and words must agree with the
    // labels, the entries and the section's length.
    refused("trie-nodes", &edit(Section::TrieCounts, 0, &1_000u32.to_le_bytes()), "the reading trie children counts has");
    refused("trie-children", &edit(Section::TrieCounts, 4, &0u32.to_le_bytes()), "the reading trie children counts");
    refused("trie-samples", &edit(Section::TrieCounts, 8, &99u32.to_le_bytes()), "the reading trie children counts run past the section");
    let (_, counts) = trie_counts(&good);
    refused("trie-entries", &edit(Section::TrieCounts, counts + 4, &23u32.to_le_bytes()), "the reading trie entry counts");
    // The top table (version 6): its sums may not fall, nor end past the trie's nodes or entries.
    let (top_at, top_nodes) = top_table(&good);
    let top_at = top_at - section(&good, Section::TrieCounts).0;
    refused("top-falls", &edit(Section::TrieCounts, top_at + 8 + 4, &u32::MAX.to_le_bytes()), "the reading trie top table's sums fall at node 1");
    refused("top-children", &edit(Section::TrieCounts, top_at + 8 * top_nodes, &(top_nodes as u32).to_le_bytes()), "the reading trie top table counts");
    refused("top-entries", &edit(Section::TrieCounts, top_at + 8 * top_nodes + 4, &u32::MAX.to_le_bytes()), "the reading trie top table counts");
    refused("alphabet", &edit(Section::ReadingAlphabet, 0, &0x3093u32.to_le_bytes()), "reading alphabet is not a sorted list");
    refused("alphabet", &edit(Section::ReadingAlphabet, 4, &0xD800u32.to_le_bytes()), "section reading alphabet holds an invalid character");
    refused("surface-alphabet", &edit(Section::SurfaceAlphabet, 0, &0x110000u32.to_le_bytes()), "section surface alphabet holds an invalid character");
}

#[test]
fn garbage_inside_sections_with_a_valid_checksum_never_panics() {
    // Whatever a file holds once it passes validation, lookups and conversions stay in
    // bounds: they find less or convert worse, but always answer.
    let good = bytes();
    let mut rng = Lcg(42);
    let body_sections = [Section::TrieLabels, Section::Entries, Section::Surfaces, Section::Matrix, Section::IdFlags, Section::TrieCounts, Section::PosPairs, Section::SurfaceAlphabet];
    let mut opened = 0;
    for round in 0..600 {
        let mut bad = good.clone();
        for _ in 0..1 + round % 6 {
            let s = body_sections[rng.next() as usize % body_sections.len()];
            let (offset, len) = section(&good, s);
            if len == 0 {
                continue;
            }
            let at = offset + rng.next() as usize % len;
            bad[at] = match rng.next() % 4 {
                0 => 0,
                1 => 0xFF,
                2 => bad[at] ^ (1 << (rng.next() % 8)),
                _ => rng.next() as u8,
            };
        }
        reseal(&mut bad);
        let Ok(d) = Dictionary::from_vec(bad) else { continue };
        opened += 1;
        let converter = Converter::new(d);
        for reading in ["わたしのなまえはなかのです", "ありがとう", "テレビ１２３、", "はし", "つき😀"] {
            let c = converter
                .convert(&Request { candidates: 5, alternatives: 3, heard: false, ..Request::new(reading) })
                .unwrap_or_else(|e| panic!("round {round}: {reading}: {e}"));
            let joined: String = c.segments.iter().map(|s| s.reading.as_str()).collect();
            assert_eq!(joined, reading, "round {round}: the segments cover the reading");
            assert!(c.segments.iter().all(|s| !s.candidates.is_empty()));
        }
        for prefix in ["あ", "ありが", "な", "か"] {
            assert!(predict(converter.dictionary(), prefix, 9).unwrap().len() <= 9);
        }
    }
    assert!(opened > 100, "only {opened} of 600 damaged files passed validation: the test exercises too little");
}

/// (offset of the trie counts section in the file, offset of its entry counts in it).
fn trie_counts(bytes: &[u8]) -> (usize, usize) {
    let (at, _) = section(bytes, Section::TrieCounts);
    let samples = format::read_u32(bytes, at + 8).unwrap() as usize;
    let words = format::read_u32(bytes, at + 12).unwrap() as usize;
    (at, (trie::unary::HEADER + samples * 4 + words * 8).next_multiple_of(8))
}

/// (file offset of the trie's top table, how many nodes it covers): it ends the counts section
/// (format version 6), one 8-byte row per node and one more.
fn top_table(bytes: &[u8]) -> (usize, usize) {
    let (at, len) = section(bytes, Section::TrieCounts);
    let top_nodes = (format::read_u32(bytes, at).unwrap() as usize).min(trie::TOP_NODES);
    (at + len - 8 * (top_nodes + 1), top_nodes)
}

/// The file offset of the bit words of the entry counts and the bit position at which
/// node `node`'s group (`1^count 0`) starts, found by reading the groups before it.
fn entry_group(bytes: &[u8], node: u32) -> (usize, usize) {
    let (at, entries) = trie_counts(bytes);
    let start = at + entries;
    let samples = format::read_u32(bytes, start + 8).unwrap() as usize;
    let words = start + trie::unary::HEADER + samples * 4;
    let bit = |p: usize| bytes[words + p / 8] >> (p % 8) & 1;
    let (mut p, mut zeros) = (0, 0);
    while zeros < node {
        if bit(p) == 0 {
            zeros += 1;
        }
        p += 1;
    }
    (words, p)
}

#[test]
fn a_key_without_entries_in_a_hostile_file_does_not_break_the_lattice() {
    // Found by the `dictionary` fuzz target (fuzz/regressions/dictionary) in the key blocks
    // of version 2: a hostile file that gives a one-character key no entries (a valid
    // checksum recomputed) made the lattice treat that character as covered by the
    // dictionary, so no node covered it and conversion failed with "no conversion path".
    // Version 3's trie: す's entry goes to the node after it (its group `1 0` becomes `0 1`,
    // and the top table says so).
    let good = bytes();
    let d = Dictionary::from_vec(good.clone()).unwrap();
    let node = d.trie_child(d.trie_root(), d.code_of('す').unwrap()).expect("す is a key");
    assert_eq!(d.trie_entries(node).map(|r| r.len()), Some(1), "す has one word (巣)");
    let (words, p) = entry_group(&good, node.index());
    let bit = |b: &[u8], p: usize| b[words + p / 8] >> (p % 8) & 1;
    assert_eq!((bit(&good, p), bit(&good, p + 1)), (1, 0));
    let mut bad = good.clone();
    bad[words + p / 8] ^= 1 << (p % 8);
    bad[words + (p + 1) / 8] ^= 1 << ((p + 1) % 8);
    // And in the top table (version 6), where the lookup reads it: the entries before the
    // node after す are one fewer.
    let row = top_table(&good).0 + 8 * (node.index() as usize + 1) + 4;
    let before = format::read_u32(&good, row).unwrap();
    bad[row..row + 4].copy_from_slice(&(before - 1).to_le_bytes());
    reseal(&mut bad);
    let hostile = Dictionary::from_vec(bad).expect("the trie's counts still add up");
    assert_eq!(hostile.trie_entries(node), None, "す has no entries now");
    let converter = Converter::new(hostile);
    for reading in ["す", "です", "わたしのなまえはなかのです"] {
        let c = converter.convert(&Request { candidates: 5, alternatives: 3, heard: false, ..Request::new(reading) }).unwrap_or_else(|e| panic!("{reading}: {e}"));
        let joined: String = c.segments.iter().map(|s| s.reading.as_str()).collect();
        assert_eq!(joined, reading);
    }
}

#[test]
fn hostile_tries_that_pass_validation_never_panic_or_loop() {
    // Version 3's trie is trusted only as far as each lookup checks it: children must come
    // after their parent and inside the trie, reads stay in the section.
    for kind in HOSTILE_TRIES {
        let d = Dictionary::from_vec(hostile_trie(kind)).unwrap_or_else(|e| panic!("{kind}: the hostile trie must pass validation to test the lookups: {e}"));
        for text in ["わたしのなまえはなかのです", "ありがとうございます", "か", "テレビ"] {
            let _ = prefixes(&d, text);
            for len in 1..=text.chars().count() {
                let prefix: String = text.chars().take(len).collect();
                assert!(keys_with_prefix(&d, &prefix).len() <= d.key_count() as usize + 64, "{kind}: {prefix}");
            }
        }
        let converter = Converter::new(d);
        for reading in ["わたしのなまえはなかのです", "ありがとう", "とうきょうえいく", "す", "テレビ１２３"] {
            for heard in [false, true] {
                let c = converter.convert(&Request { candidates: 5, alternatives: 3, heard, ..Request::new(reading) }).unwrap_or_else(|e| panic!("{kind}: {reading}: {e}"));
                let joined: String = c.segments.iter().map(|s| s.reading.as_str()).collect();
                assert_eq!(joined, reading, "{kind}: the segments cover the reading");
            }
        }
        for prefix in ["あ", "ありが", "な", "わた"] {
            assert!(predict(converter.dictionary(), prefix, 9).unwrap().len() <= 9);
        }
    }
    // Every node of the cycle is its own child: a walk must refuse to step to a node that
    // is not after the one it is at.
    let d = Dictionary::from_vec(hostile_trie("cycle")).unwrap();
    let (node, code) = (d.trie_root(), d.code_of('か').unwrap());
    assert_eq!(d.trie_child(node, code), None, "the root has no children");
}

/// A node's children kept as a span (`Dictionary::trie_child_span`, which the as-heard search
/// stores with a partial match) read back the same children as asking for them at once, in
/// the tiny dictionary and in every hostile trie: every code leads where it led, to no node
/// where there was none.
#[test]
fn children_kept_as_a_span_are_the_nodes_children() {
    let files: Vec<(&str, Vec<u8>)> = std::iter::once(("tiny", bytes())).chain(HOSTILE_TRIES.iter().map(|&kind| (kind, hostile_trie(kind)))).collect();
    for (kind, file) in files {
        let d = Dictionary::from_vec(file).unwrap_or_else(|e| panic!("{kind}: {e}"));
        // Every node a walk from the root reaches, breadth first (a bounded number: a hostile
        // trie may be deep).
        let mut nodes = vec![d.trie_root()];
        let mut compared = 0;
        let mut at = 0;
        while at < nodes.len() && nodes.len() < 5_000 {
            let node = nodes[at];
            at += 1;
            let (direct, kept) = (d.trie_children(node), d.children_in(d.trie_child_span(node)));
            assert_eq!(direct.is_some(), kept.is_some(), "{kind}: node {}", node.index());
            for code in 1..=u8::MAX {
                let child = direct.and_then(|c| c.find(code));
                assert_eq!(kept.and_then(|c| c.find(code)), child, "{kind}: node {}, code {code}", node.index());
                compared += 1;
                nodes.extend(child);
            }
        }
        assert!(kind != "tiny" || nodes.len() > 20, "the tiny dictionary's trie has more than {} nodes", nodes.len());
        assert!(compared >= 255, "{kind}");
    }
}
