//! Prediction lists (format version 4, `Section::PredictionLists`, `docs/DICTIONARY.md`):
//! the best continuations of the short prefixes, found by the compiler, so prediction from
//! one or two kana reads a dozen entries instead of the tens of thousands under them.
//!
//! Prediction ranks the entries under a prefix's trie node by [`ranking_cost`] (the word's
//! cost where a phrase starts) `+ COST_PER_EXTRA_CHAR × (characters beyond the prefix)`,
//! ties in reading order, and keeps the first of each text.
//! For every node with more than `scan_bound` entries under it, the compiler stores the
//! first `capacity` distinct texts of that ranking as entry indices; a node without a list
//! has at most `scan_bound` entries under it, so reading its whole subtree is cheap. The
//! extra-character cost is the same for every entry under a node up to a constant, so one
//! global order (cost + COST_PER_EXTRA_CHAR × reading length, then reading order) ranks
//! every subtree.
//!
//! Layout (little-endian, u32 each):
//!
//! ```text
//! capacity · list count N · scan bound · cost per extra character
//! N node numbers, strictly increasing (the nodes that have a list)
//! N × capacity entry indices: list i is the i-th run of `capacity`; a list of fewer
//!   continuations ends with NONE (u32::MAX) padding
//! ```
//!
//! Only entry indices are stored: the reader finds an entry's reading from the trie itself
//! (the node holding the entry, then its parents up to the prefix's node), so no stored
//! reading can disagree with the trie, and every byte of the section is checked at open by
//! [`layout`]. An entry a hostile list names that is not under the node is skipped.

use super::format::read_u32;

/// Each character beyond the typed prefix costs this much, so short completions of the same
/// likelihood come first. Baked into the lists, so the section records it and the reader
/// refuses lists ranked with another value.
pub const COST_PER_EXTRA_CHAR: i32 = 200;
/// Bytes of the fixed fields.
pub const HEADER: usize = 16;

/// What a word costs as a prediction: its own cost plus the connection from the start of a
/// phrase (the sentence boundary) to it. The word cost alone ranks Mozc's inflected forms
/// first (合い, 合え, 合お from あ: cost 0 each, as their connections carry the cost); from a
/// phrase's start the words a writer begins with come first (あり, ある, あなた, 相手).
pub fn ranking_cost(word_cost: i16, from_phrase_start: i32) -> i32 {
    word_cost as i32 + from_phrase_start
}
/// Padding after the last continuation of a short list.
pub const NONE: u32 = u32::MAX;
/// Largest scan bound a file may declare: a node without a list is read whole, so this
/// bounds what a hostile file can make one prediction read.
pub const MAX_SCAN_BOUND: u32 = 4096;
/// Largest list capacity (`limits::MAX_CANDIDATES`, the most predictions one call returns).
pub const MAX_CAPACITY: u32 = crate::limits::MAX_CANDIDATES as u32;

/// What the compiler stores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Continuations per list: predictions up to this limit come from the list alone.
    pub capacity: u32,
    /// Nodes with more entries than this under them get a list.
    pub scan_bound: u32,
}

impl Default for Options {
    /// Measured on Mozc's data (docs/PERFORMANCE.md, issue 19): 7,587 nodes have more than
    /// 64 entries under them, so lists of 16 cost about 0.5 MB, and reading 64 entries is a
    /// few microseconds.
    fn default() -> Options {
        Options { capacity: 16, scan_bound: 64 }
    }
}

/// An entry as the compiler ranks it, in file order.
#[derive(Debug, Clone, Copy)]
pub struct EntryFacts<'a> {
    /// [`ranking_cost`].
    pub cost: i32,
    /// Place in reading order (by reading, then as stored under the reading).
    pub rank: u32,
    /// The text prediction shows (the surface).
    pub text: &'a str,
}

/// The section for the trie of `keys` — (codes, entry count) in level order, the entries of
/// the i-th key the i-th group of `facts` — as `trie::encode` numbers its nodes.
pub fn encode(keys: &[(Vec<u8>, u32)], facts: &[EntryFacts], options: Options) -> Vec<u8> {
    let capacity = options.capacity.clamp(1, MAX_CAPACITY) as usize;
    let scan_bound = options.scan_bound.min(MAX_SCAN_BOUND);
    // Node numbers as `trie::encode` gives them.
    let prefixes = super::trie::nodes_in_level_order(keys);
    // The keys in reading order: a node's subtree is a run of them.
    let mut starts = Vec::with_capacity(keys.len());
    let mut at = 0usize;
    for (_, count) in keys {
        starts.push(at);
        at += *count as usize;
    }
    let mut lex: Vec<usize> = (0..keys.len()).collect();
    lex.sort_unstable_by(|&a, &b| keys[a].0.cmp(&keys[b].0));
    let mut sums = vec![0u64; keys.len() + 1];
    for (i, &k) in lex.iter().enumerate() {
        sums[i + 1] = sums[i] + keys[k].1 as u64;
    }
    let mut nodes: Vec<u32> = Vec::new();
    let mut lists: Vec<u32> = Vec::new();
    let mut found: Vec<(i32, u32, usize)> = Vec::new();
    let mut texts: Vec<&str> = Vec::with_capacity(capacity);
    for (node, prefix) in prefixes.iter().enumerate().skip(1) {
        let lo = lex.partition_point(|&k| keys[k].0.as_slice() < *prefix);
        let hi = lo + lex[lo..].partition_point(|&k| keys[k].0.starts_with(prefix));
        if sums[hi] - sums[lo] <= scan_bound as u64 {
            continue;
        }
        found.clear();
        for &k in &lex[lo..hi] {
            let chars = keys[k].0.len() as i32;
            for e in starts[k]..starts[k] + keys[k].1 as usize {
                let Some(f) = facts.get(e) else { continue };
                found.push((f.cost + chars * COST_PER_EXTRA_CHAR, f.rank, e));
            }
        }
        found.sort_unstable();
        texts.clear();
        let first = lists.len();
        for &(_, _, e) in &found {
            if !texts.contains(&facts[e].text) {
                texts.push(facts[e].text);
                lists.push(e as u32);
                if texts.len() == capacity {
                    break;
                }
            }
        }
        lists.resize(first + capacity, NONE);
        nodes.push(node as u32);
    }
    let mut out = Vec::with_capacity(HEADER + nodes.len() * 4 + lists.len() * 4);
    for v in [capacity as u32, nodes.len() as u32, scan_bound, COST_PER_EXTRA_CHAR as u32] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for v in nodes.iter().chain(&lists) {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// The section as checked at open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub capacity: u32,
    pub count: u32,
    /// A node without a list has at most this many entries under it.
    pub scan_bound: u32,
}

/// Checks every byte of the section against a trie of `nodes` nodes and `entry_count`
/// entries: the fields in range, the sizes exact, the node numbers strictly increasing
/// and inside the trie, every list's entries inside the entries, at least one per list,
/// padding only at a list's end.
pub fn layout(bytes: &[u8], nodes: u32, entry_count: u32) -> Result<Layout, String> {
    let field = |k: usize| read_u32(bytes, k * 4);
    let (Some(capacity), Some(count), Some(scan_bound), Some(cost)) = (field(0), field(1), field(2), field(3)) else {
        return Err(format!("are {} bytes, shorter than their {HEADER}-byte header", bytes.len()));
    };
    if capacity == 0 || capacity > MAX_CAPACITY {
        return Err(format!("hold {capacity} continuations per list, expected 1–{MAX_CAPACITY}"));
    }
    if scan_bound > MAX_SCAN_BOUND {
        return Err(format!("declare a scan bound of {scan_bound} entries, over the limit of {MAX_SCAN_BOUND}"));
    }
    if cost != COST_PER_EXTRA_CHAR as u32 {
        return Err(format!("were ranked with {cost} per extra character, this core ranks with {COST_PER_EXTRA_CHAR} (rebuild it with scripts/build_dictionary.sh)"));
    }
    if count > nodes {
        return Err(format!("are {count} lists for a trie of {nodes} nodes"));
    }
    let expected = (count as u64) * 4 * (1 + capacity as u64) + HEADER as u64;
    if bytes.len() as u64 != expected {
        return Err(format!("are {} bytes, but {count} lists of {capacity} take {expected}", bytes.len()));
    }
    let mut previous: Option<u32> = None;
    for i in 0..count as usize {
        let node = read_u32(bytes, HEADER + i * 4).unwrap_or(u32::MAX);
        if node >= nodes || previous.is_some_and(|p| node <= p) {
            return Err(format!("list {i} is for node {node}: not inside the trie or not after the list before it"));
        }
        previous = Some(node);
    }
    let lists_at = HEADER + count as usize * 4;
    for i in 0..count as usize {
        let mut ended = false;
        for j in 0..capacity as usize {
            let entry = read_u32(bytes, lists_at + (i * capacity as usize + j) * 4).unwrap_or(NONE);
            if entry == NONE {
                if j == 0 {
                    return Err(format!("list {i} is empty"));
                }
                ended = true;
            } else if ended || entry >= entry_count {
                return Err(format!("list {i} names entry {entry} at place {j}: not an entry, or after the list's end"));
            }
        }
    }
    Ok(Layout { capacity, count, scan_bound })
}

impl Layout {
    /// The list of `node`, if it has one: its entries, best first.
    pub fn list<'a>(&self, bytes: &'a [u8], node: u32) -> Option<impl Iterator<Item = u32> + 'a> {
        let (mut lo, mut hi) = (0usize, self.count as usize);
        while lo < hi {
            let mid = (lo + hi) / 2;
            match read_u32(bytes, HEADER + mid * 4)?.cmp(&node) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    let capacity = self.capacity as usize;
                    let at = HEADER + self.count as usize * 4 + mid * capacity * 4;
                    return Some((0..capacity).map_while(move |j| read_u32(bytes, at + j * 4).filter(|&e| e != NONE)));
                }
            }
        }
        None
    }
}
