//! The reading trie (format version 3, `docs/DICTIONARY.md`): a level-order (breadth-first)
//! trie over the key codes, stored succinctly so it costs less than the front-coded key
//! blocks it replaced while a lookup walks it one code at a time.
//!
//! Nodes are numbered in level order, children sorted by code, so node 0 is the root and
//! the children of a node are consecutive. Three arrays describe them:
//! - `labels[i]`: the code on the edge into node i (0 for the root);
//! - the children counts, as a [`unary`] sequence: node i's children are the nodes
//!   `1 + before(i) .. 1 + before(i + 1)`, where `before(i)` is the sum of the counts of
//!   the nodes before i;
//! - the entry counts, another unary sequence: node i's entries are `before(i) ..
//!   before(i + 1)` — so the entries are stored in the order of their nodes, readings
//!   shortest first, then by code;
//! - (version 6) both sums, `before(i)` of the children and of the entries, written out for
//!   the first [`TOP_NODES`] nodes: the shortest readings, where most lookups go.
//!
//! A lookup state is a node (`reader::TrieNode`): extending a match by one reading
//! character is one step (`Dictionary::trie_child`, or a node's children looked up once and
//! searched for a code), which is what common-prefix search and the as-heard walk
//! (`conversion/heard/walk.rs`) do.

/// A sequence of counts written as `1^count 0` per item, with the bit position of every
/// `SAMPLE_EVERY`-th item's start sampled, so `bounds(i)` scans at most a few words.
///
/// Layout (little-endian): `u32 items, u32 ones, u32 sample count, u32 word count`, the
/// samples (u32 each), then the bit words (u64 each, bit p of the sequence is bit p % 64
/// of word p / 64).
pub mod unary {
    /// Items between two samples (format version 7; 12 in versions 5 and 6, 32 before). A
    /// lookup skips 9.5 items from its sample on average, mostly within the word it loads
    /// first. Every 12th was 3–5 % of a one-best conversion's time faster than every 32nd
    /// (version 5); since version 7 the top table answers five in six of a heard request's
    /// lookups (`TOP_NODES`), and the 0.5 MB every 12th took besides every 20th pays for the
    /// table's larger part (docs/DICTIONARY.md). 8 was no faster than 12.
    pub const SAMPLE_EVERY: usize = 20;
    /// Bytes of the fixed fields before the samples.
    pub const HEADER: usize = 16;

    use std::ops::Range;

    /// Encodes `counts`.
    pub fn encode(counts: &[u32]) -> Vec<u8> {
        let ones: u64 = counts.iter().map(|&c| c as u64).sum();
        let bits = ones as usize + counts.len();
        let mut words = vec![0u64; bits.div_ceil(64)];
        let mut samples = Vec::with_capacity(counts.len().div_ceil(SAMPLE_EVERY));
        let mut at = 0usize;
        for (i, &count) in counts.iter().enumerate() {
            if i % SAMPLE_EVERY == 0 {
                samples.push(at as u32);
            }
            for p in at..at + count as usize {
                words[p / 64] |= 1 << (p % 64);
            }
            at += count as usize + 1;
        }
        let mut out = Vec::with_capacity(HEADER + samples.len() * 4 + words.len() * 8);
        for v in [counts.len() as u32, ones as u32, samples.len() as u32, words.len() as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for s in samples {
            out.extend_from_slice(&s.to_le_bytes());
        }
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// A validated view of an encoded sequence.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Layout {
        pub items: u32,
        pub ones: u32,
        samples_at: usize,
        sample_count: usize,
        words_at: usize,
        word_count: usize,
    }

    /// Reads the fixed fields of `bytes` and checks that the parts fit it exactly and that
    /// the counts agree (every item has its sample, the bits hold items + ones). The bit
    /// contents are not trusted: `bounds` checks what it reads.
    pub fn layout(bytes: &[u8]) -> Result<Layout, String> {
        let field = |k: usize| super::super::format::read_u32(bytes, k * 4).map(|v| v as usize);
        let (Some(items), Some(ones), Some(sample_count), Some(word_count)) = (field(0), field(1), field(2), field(3)) else {
            return Err(format!("is {} bytes, shorter than its {HEADER}-byte header", bytes.len()));
        };
        let samples_at = HEADER;
        let words_at = samples_at + sample_count * 4;
        if words_at + word_count * 8 != bytes.len() {
            return Err(format!("is {} bytes, but its header describes {} samples and {} words", bytes.len(), sample_count, word_count));
        }
        if sample_count != items.div_ceil(SAMPLE_EVERY) || word_count != (items + ones).div_ceil(64) {
            return Err(format!("has {sample_count} samples and {word_count} words for {items} items and {ones} ones"));
        }
        Ok(Layout { items: items as u32, ones: ones as u32, samples_at, sample_count, words_at, word_count })
    }

    impl Layout {
        fn word(&self, bytes: &[u8], w: usize) -> Option<u64> {
            if w >= self.word_count {
                return None;
            }
            super::super::format::read_u64(bytes, self.words_at + w * 8)
        }

        /// Where item i's sample lies in the encoded bytes, if it has one (`bounds` reads it; a
        /// lookup to come asks for it ahead, `Dictionary::prefetch_bounds`).
        #[inline]
        pub fn sample_at(&self, i: u32) -> Option<usize> {
            let sample = i as usize / SAMPLE_EVERY;
            (sample < self.sample_count).then_some(self.samples_at + sample * 4)
        }

        /// `(before(i), before(i + 1))`: the sum of the counts of the items before item i,
        /// and with item i. None for an item out of range or bits that do not add up.
        #[inline]
        pub fn bounds(&self, bytes: &[u8], i: u32) -> Option<(u32, u32)> {
            if i >= self.items {
                return None;
            }
            let mut pos = super::super::format::read_u32(bytes, self.sample_at(i)?)? as usize;
            let i = i as usize;
            // Skip the zeros ending the items from the sample's to i's.
            let mut skip = i % SAMPLE_EVERY;
            let mut w = pos / 64;
            let mut zeros = !self.word(bytes, w)? & (u64::MAX << (pos % 64));
            while skip > 0 {
                let here = zeros.count_ones() as usize;
                if here >= skip {
                    for _ in 1..skip {
                        zeros &= zeros - 1;
                    }
                    pos = w * 64 + zeros.trailing_zeros() as usize + 1;
                    zeros &= zeros - 1;
                    if pos.is_multiple_of(64) {
                        w += 1;
                        zeros = !self.word(bytes, w)?;
                    }
                    break;
                }
                skip -= here;
                w += 1;
                zeros = !self.word(bytes, w)?;
            }
            // Item i starts at pos; its count is the run of ones before the next zero.
            while zeros == 0 {
                w += 1;
                zeros = !self.word(bytes, w)?;
            }
            let end = w * 64 + zeros.trailing_zeros() as usize;
            let before = pos.checked_sub(i)? as u32;
            let count = (end - pos) as u32;
            let after = before.checked_add(count)?;
            (after <= self.ones).then_some((before, after))
        }

        /// The bounds of the consecutive `items`, appended to `out`: one `bounds` and then a
        /// linear scan, so walking all children of a node costs little more per child than
        /// reading its bits. Stops early at bits that do not add up.
        pub fn bounds_run(&self, bytes: &[u8], items: Range<u32>, out: &mut Vec<(u32, u32)>) {
            self.bounds_run_from(bytes, &mut None, items, out);
        }

        /// [`Layout::bounds_run`] continuing from `cursor` (the item a previous run stopped
        /// at and the bit it starts at) when the run does not start before it: a walk that asks for
        /// runs in increasing order — the nodes of one depth in a depth-first walk — reads
        /// the bits between them once instead of seeking from a sample each time. The
        /// cursor is left after the run.
        pub fn bounds_run_from(&self, bytes: &[u8], cursor: &mut Option<(u32, usize)>, items: Range<u32>, out: &mut Vec<(u32, u32)>) {
            let (first, last) = (items.start, items.end.min(self.items));
            if first >= last {
                return;
            }
            // Bit position where item `first` starts: before(first) + first.
            let start = match *cursor {
                Some((item, pos)) if item <= first => self.skip_zeros(bytes, pos, (first - item) as usize),
                _ => self.bounds(bytes, first).map(|(before, _)| before as usize + first as usize),
            };
            let Some(mut pos) = start else { return };
            for i in first..last {
                let Some(before) = pos.checked_sub(i as usize) else { return };
                let mut w = pos / 64;
                let Some(word) = self.word(bytes, w) else { return };
                let mut zeros = !word & (u64::MAX << (pos % 64));
                while zeros == 0 {
                    w += 1;
                    let Some(word) = self.word(bytes, w) else { return };
                    zeros = !word;
                }
                let end = w * 64 + zeros.trailing_zeros() as usize;
                let after = before + (end - pos);
                if after > self.ones as usize {
                    return;
                }
                out.push((before as u32, after as u32));
                pos = end + 1;
                *cursor = Some((i + 1, pos));
            }
        }

        /// The item whose count covers one number `k`: the i with `before(i) ≤ k <
        /// before(i + 1)` — the inverse of [`Layout::bounds`], so the node of an entry (in
        /// the entry counts) and the parent of a node (in the children counts) are found from
        /// the sequences alone. A binary search over the samples, then a scan of the bits to
        /// the k-th one (bit `k + i`); the answer is checked with `bounds`, so samples or bits
        /// that lie give None, never a wrong item.
        pub fn item_of_one(&self, bytes: &[u8], k: u32) -> Option<u32> {
            if k >= self.ones || self.sample_count == 0 {
                return None;
            }
            let sample_before = |s: usize| -> Option<usize> {
                let pos = super::super::format::read_u32(bytes, self.samples_at + s * 4)? as usize;
                pos.checked_sub(s * SAMPLE_EVERY)
            };
            // The last sample whose item starts at or before the k-th one.
            let (mut lo, mut hi) = (0usize, self.sample_count);
            while hi - lo > 1 {
                let mid = (lo + hi) / 2;
                if sample_before(mid).is_some_and(|before| before <= k as usize) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            let start = super::super::format::read_u32(bytes, self.samples_at + lo * 4)? as usize;
            let before = start.checked_sub(lo * SAMPLE_EVERY)?;
            // Ones still to pass from `start` to reach the k-th.
            let mut skip = (k as usize).checked_sub(before)?;
            let mut w = start / 64;
            let mut ones = self.word(bytes, w)? & (u64::MAX << (start % 64));
            loop {
                let here = ones.count_ones() as usize;
                if here > skip {
                    for _ in 0..skip {
                        ones &= ones - 1;
                    }
                    let bit = w * 64 + ones.trailing_zeros() as usize;
                    let item = u32::try_from(bit.checked_sub(k as usize)?).ok()?;
                    let (first, end) = self.bounds(bytes, item)?;
                    return (first <= k && k < end).then_some(item);
                }
                skip -= here;
                w += 1;
                ones = self.word(bytes, w)?;
            }
        }

        /// The bit after the `k`-th zero from bit `pos` on (`pos` itself for k = 0).
        fn skip_zeros(&self, bytes: &[u8], pos: usize, mut k: usize) -> Option<usize> {
            if k == 0 {
                return Some(pos);
            }
            let mut w = pos / 64;
            let mut zeros = !self.word(bytes, w)? & (u64::MAX << (pos % 64));
            loop {
                let here = zeros.count_ones() as usize;
                if here >= k {
                    for _ in 1..k {
                        zeros &= zeros - 1;
                    }
                    return Some(w * 64 + zeros.trailing_zeros() as usize + 1);
                }
                k -= here;
                w += 1;
                zeros = !self.word(bytes, w)?;
            }
        }
    }
}

/// How many of the first nodes have their bounds written out after the counts (the top
/// table; format version 6 wrote 32,768, version 7 98,304): nodes 0 to 98,303 are where 83 %
/// of the keyboard's request's trie lookups go (63 % to the first 32,768, a fifth of them to
/// the first 256) and 90 % of an exact one-best conversion's, and a bound read from the table
/// is one load where the counts take a sample, a word or two and a scan of up to 19 items.
/// 768 KiB of the file; kept in memory instead (read at open), the same table would cost
/// that much anonymous memory, so only the first 256 nodes were kept before version 6.
pub const TOP_NODES: usize = 98_304;

/// Bytes of one row of the top table: `before(i)` of the children, then of the entries.
const TOP_ROW: usize = 8;

/// Bytes of the trie sections built from keys given in level order.
pub struct Encoded {
    /// `Section::TrieLabels`: one code per node.
    pub labels: Vec<u8>,
    /// `Section::TrieCounts`: the children counts, then the entry counts (each a unary
    /// sequence padded to 8 bytes), then the top table: `before(i)` of the children and of the
    /// entries (u32 each) for i from 0 to the top nodes (`min(nodes, TOP_NODES)`), that many
    /// rows and one more.
    pub counts: Vec<u8>,
}

/// The trie's nodes, numbered as the file numbers them: every prefix of every key (the root
/// is the empty one), in level order — by length, then by codes.
pub fn nodes_in_level_order(keys: &[(Vec<u8>, u32)]) -> Vec<&[u8]> {
    let mut prefixes: Vec<&[u8]> = vec![&[]];
    for (codes, _) in keys {
        for len in 1..=codes.len() {
            prefixes.push(&codes[..len]);
        }
    }
    prefixes.sort_unstable_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    prefixes.dedup();
    prefixes
}

/// Builds the trie of `keys` — (codes, entry count), sorted by length, then by codes,
/// distinct — so that the entries of the i-th key are the i-th group of the entries.
pub fn encode(keys: &[(Vec<u8>, u32)]) -> Encoded {
    use std::collections::HashMap;
    let prefixes = nodes_in_level_order(keys);
    let id: HashMap<&[u8], usize> = prefixes.iter().enumerate().map(|(i, &p)| (p, i)).collect();
    let mut children = vec![0u32; prefixes.len()];
    let mut entries = vec![0u32; prefixes.len()];
    let mut labels = vec![0u8; prefixes.len()];
    for (i, p) in prefixes.iter().enumerate().skip(1) {
        labels[i] = p[p.len() - 1];
        children[id[&p[..p.len() - 1]]] += 1;
    }
    for (codes, count) in keys {
        entries[id[codes.as_slice()]] = *count;
    }
    let mut counts = unary::encode(&children);
    counts.resize(counts.len().next_multiple_of(8), 0);
    counts.extend_from_slice(&unary::encode(&entries));
    counts.resize(counts.len().next_multiple_of(8), 0);
    let (mut children_before, mut entries_before) = (0u32, 0u32);
    for i in 0..=prefixes.len().min(TOP_NODES) {
        counts.extend_from_slice(&children_before.to_le_bytes());
        counts.extend_from_slice(&entries_before.to_le_bytes());
        if i < prefixes.len() {
            children_before += children[i];
            entries_before += entries[i];
        }
    }
    Encoded { labels, counts }
}

/// The trie as the reader checked it at open.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub nodes: u32,
    pub children: unary::Layout,
    /// Where the entry counts start in the counts section.
    pub entries_at: usize,
    pub entries: unary::Layout,
    /// Where the top table starts in the counts section, and how many nodes it covers.
    pub top_at: usize,
    pub top_nodes: u32,
}

impl Shape {
    /// Node `node`'s children bounds (`before(node)`, `before(node + 1)`) from the top table,
    /// if it covers the node (`check_top_table` says what is known of them).
    #[inline]
    pub fn top_children(&self, counts: &[u8], node: u32) -> Option<(u32, u32)> {
        self.top(counts, node, 0)
    }

    /// Node `node`'s entry bounds from the top table, as [`Shape::top_children`].
    #[inline]
    pub fn top_entries(&self, counts: &[u8], node: u32) -> Option<(u32, u32)> {
        self.top(counts, node, 4)
    }

    /// Where node `node`'s row of the top table lies in the counts section, if the table has one.
    #[inline]
    pub fn top_row_at(&self, node: u32) -> Option<usize> {
        (node < self.top_nodes).then(|| self.top_at + node as usize * TOP_ROW)
    }

    #[inline]
    fn top(&self, counts: &[u8], node: u32, column: usize) -> Option<(u32, u32)> {
        let at = self.top_row_at(node)? + column;
        Some((super::format::read_u32(counts, at)?, super::format::read_u32(counts, at + TOP_ROW)?))
    }
}

/// Validates the trie sections against each other and the entry count.
pub fn shape(labels: &[u8], counts: &[u8], entry_count: u32) -> Result<Shape, String> {
    let nodes = labels.len();
    if nodes == 0 || nodes > u32::MAX as usize / 2 {
        return Err(format!("has {nodes} nodes"));
    }
    let (children, children_len) = sequence_at(counts, "children counts")?;
    let (entries, entries_len) = sequence_at(&counts[children_len..], "entry counts")?;
    if children.items as usize != nodes || children.ones as usize != nodes - 1 {
        return Err(format!("children counts describe {} nodes with {} children, the labels {nodes} nodes", children.items, children.ones));
    }
    if entries.items as usize != nodes || entries.ones != entry_count {
        return Err(format!("entry counts describe {} nodes with {} entries, expected {nodes} nodes with {entry_count}", entries.items, entries.ones));
    }
    let top_at = children_len + entries_len;
    let top_nodes = nodes.min(TOP_NODES);
    if counts.len() != top_at + (top_nodes + 1) * TOP_ROW {
        return Err(format!("counts section is {} bytes, expected {} with a top table of {top_nodes} nodes", counts.len(), top_at + (top_nodes + 1) * TOP_ROW));
    }
    let shape = Shape { nodes: nodes as u32, children, entries_at: children_len, entries, top_at, top_nodes: top_nodes as u32 };
    check_top_table(&shape, counts, entry_count)?;
    Ok(shape)
}

/// The unary sequence `bytes` starts with (`what` names it in errors) and its length padded
/// to 8 bytes, where what follows it starts.
fn sequence_at(bytes: &[u8], what: &str) -> Result<(unary::Layout, usize), String> {
    let field = |k: usize| super::format::read_u32(bytes, k * 4).map(|v| v as usize);
    let (Some(samples), Some(words)) = (field(2), field(3)) else {
        return Err(format!("{what} are cut short"));
    };
    let len = unary::HEADER + samples * 4 + words * 8;
    if len.next_multiple_of(8) > bytes.len() {
        return Err(format!("{what} run past the section"));
    }
    let layout = unary::layout(&bytes[..len]).map_err(|m| format!("{what} {m}"))?;
    Ok((layout, len.next_multiple_of(8)))
}

/// Checks that what a lookup reads from the top table is safe to use: the sums never fall
/// and end within the trie's nodes and entries, so every range read from it lies inside them
/// (an entry range is iterated). Whether they are the counts' sums is the builder's to get
/// right (the checksum covers them, and the tests compare); a hostile table that passes finds
/// other words, as hostile counts do.
fn check_top_table(shape: &Shape, counts: &[u8], entry_count: u32) -> Result<(), String> {
    let row = |i: u32| shape.top_children(counts, i).zip(shape.top_entries(counts, i));
    let mut last = (0, 0);
    for i in 0..shape.top_nodes {
        let Some(((children, children_after), (entries, entries_after))) = row(i) else {
            return Err(format!("top table is cut short at node {i}"));
        };
        if children < last.0 || entries < last.1 || children_after < children || entries_after < entries {
            return Err(format!("top table's sums fall at node {i}"));
        }
        last = (children_after, entries_after);
    }
    if last.0 > shape.nodes - 1 || last.1 > entry_count {
        return Err(format!("top table counts {} children and {} entries, more than the trie's {} and {entry_count}", last.0, last.1, shape.nodes - 1));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::unary;

    /// The top table holds the counts' own sums for the first nodes, and only for them: over a
    /// trie of more nodes than it covers, every node's bounds from the table (where it covers
    /// it) agree with the bounds read from the counts.
    #[test]
    fn the_top_table_holds_the_sums_of_the_counts_for_the_first_nodes() {
        // Keys of up to three codes out of 50: more than TOP_NODES nodes.
        let mut keys: Vec<(Vec<u8>, u32)> = Vec::new();
        for len in 1..=3u32 {
            for n in 0..50u32.pow(len) {
                let codes: Vec<u8> = (0..len).map(|k| 1 + (n / 50u32.pow(k) % 50) as u8).rev().collect();
                keys.push((codes, 1 + n % 4));
            }
        }
        keys.sort_by(|a, b| a.0.len().cmp(&b.0.len()).then(a.0.cmp(&b.0)));
        let entry_count: u32 = keys.iter().map(|k| k.1).sum();
        let encoded = super::encode(&keys);
        let shape = super::shape(&encoded.labels, &encoded.counts, entry_count).expect("what the encoder wrote is valid");
        assert!(shape.nodes as usize > super::TOP_NODES && shape.top_nodes as usize == super::TOP_NODES, "{} nodes", shape.nodes);
        let entry_counts = &encoded.counts[shape.entries_at..];
        for node in 0..shape.nodes {
            let (children, entries) = (shape.children.bounds(&encoded.counts, node), shape.entries.bounds(entry_counts, node));
            let top = (shape.top_children(&encoded.counts, node), shape.top_entries(&encoded.counts, node));
            if node < shape.top_nodes {
                assert_eq!(top, (children, entries), "node {node}");
            } else {
                assert_eq!(top, (None, None), "node {node} is past the table");
            }
        }
    }

    #[test]
    fn bounds_and_runs_give_the_prefix_sums_of_the_counts() {
        // Counts of every size, long runs of ones and of zeros, over many samples.
        let mut state = 12345u64;
        let counts: Vec<u32> = (0..2_000)
            .map(|i| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                match i % 7 {
                    0 => 0,
                    1 => (state >> 33) as u32 % 200,
                    _ => (state >> 33) as u32 % 3,
                }
            })
            .collect();
        let bytes = unary::encode(&counts);
        let layout = unary::layout(&bytes).expect("a sequence the encoder wrote is valid");
        let mut sum = 0u32;
        let mut expected = Vec::new();
        for &c in &counts {
            expected.push((sum, sum + c));
            sum += c;
        }
        for (i, &e) in expected.iter().enumerate() {
            assert_eq!(layout.bounds(&bytes, i as u32), Some(e), "item {i}");
        }
        assert_eq!(layout.bounds(&bytes, counts.len() as u32), None, "past the last item");
        for (first, count) in [(0, 2_000), (31, 70), (1_990, 50), (500, 1)] {
            let mut run = Vec::new();
            layout.bounds_run(&bytes, first..first + count, &mut run);
            let end = (first + count).min(counts.len() as u32) as usize;
            assert_eq!(run, expected[first as usize..end], "run from {first}");
        }
        // Runs continuing from a cursor, forwards (reading on) and backwards (seeking again).
        let mut cursor = None;
        for (first, count) in [(0, 5), (40, 3), (43, 100), (700, 64), (650, 10), (1_999, 5)] {
            let mut run = Vec::new();
            layout.bounds_run_from(&bytes, &mut cursor, first..first + count, &mut run);
            let end = (first + count).min(counts.len() as u32) as usize;
            assert_eq!(run, expected[first as usize..end], "run from {first} after a cursor");
        }
        // The inverse: the item of every one.
        for (i, &(first, end)) in expected.iter().enumerate() {
            for k in first..end {
                assert_eq!(layout.item_of_one(&bytes, k), Some(i as u32), "one {k}");
            }
        }
        assert_eq!(layout.item_of_one(&bytes, sum), None, "past the last one");
    }
}
