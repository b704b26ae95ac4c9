//! Numbers for the word classes (part-of-speech ids) that keep the connection cells a
//! conversion reads close together in the matrix.
//!
//! Why: a conversion looks up about 1,500 cells of the connection matrix (2,672 × 2,672 cells,
//! 7 MB with Mozc's data) per reading, one row per word before and one column per word after,
//! and on the benchmark's readings waiting for those cells was a quarter of the time of the
//! exact one-best path. Which columns are read depends on which words' readings turn up in
//! the text; numbering the classes so that the often-read columns come first puts the cells of
//! one row that a reading needs on fewer cache lines. Over the lookups of 120 readings
//! (docs/PERFORMANCE.md) the lines a reading touches fell from 764 to 340.
//!
//! The order comes from the dictionary alone (tuning it on text would need text that is not
//! the evaluation sets): a class weighs the likelihood that a key of it starts at a place in
//! running text, estimated from the word costs: a key is as likely as all the words whose
//! readings start with it, each as likely as e^(−cost/400). The sentence boundary (id 0) keeps
//! its number; the same numbers are given to rows and columns, since the data uses one id for
//! both sides of a class.

use super::builder::{SourceEntry, SourceMatrix};
use std::collections::BTreeMap;

/// Cost units per factor e of a word's likelihood in the weights below (Mozc's costs are
/// about 500 × −ln p; the order is nearly the same for 200 to 800).
const COST_SCALE: f64 = 400.0;

/// The new number of each class (`order[old] = new`) for a matrix of `ids` × `ids`: the
/// sentence boundary 0 first, then the classes by falling weight, ties by their old number.
pub fn locality_order(entries: &[SourceEntry], ids: u16) -> Vec<u16> {
    // Each reading's likelihood and classes.
    let mut readings: BTreeMap<&str, (f64, Vec<u16>)> = BTreeMap::new();
    for e in entries {
        let slot = readings.entry(e.reading.as_str()).or_default();
        slot.0 += (-(e.cost as f64) / COST_SCALE).exp();
        if !slot.1.contains(&e.left_id) {
            slot.1.push(e.left_id);
        }
    }
    // A key's likelihood: its own and that of every longer reading it starts (they follow it
    // in the sorted order, up to the first reading it does not start).
    let keys: Vec<(&str, f64, &[u16])> = readings.iter().map(|(k, (p, ids))| (*k, *p, ids.as_slice())).collect();
    let mut sums = Vec::with_capacity(keys.len() + 1);
    sums.push(0.0f64);
    for &(_, p, _) in &keys {
        sums.push(sums.last().copied().unwrap_or(0.0) + p);
    }
    let mut weight = vec![0.0f64; ids as usize];
    for (i, &(key, _, classes)) in keys.iter().enumerate() {
        let end = i + keys[i..].partition_point(|(k, _, _)| k.starts_with(key));
        let likelihood = sums[end] - sums[i];
        for &id in classes {
            if let Some(w) = weight.get_mut(id as usize) {
                *w += likelihood;
            }
        }
    }
    let mut by_weight: Vec<u16> = (1..ids).collect();
    by_weight.sort_by(|&a, &b| weight[b as usize].total_cmp(&weight[a as usize]).then(a.cmp(&b)));
    let mut order = vec![0u16; ids as usize];
    for (new, &old) in by_weight.iter().enumerate() {
        order[old as usize] = new as u16 + 1;
    }
    order
}

/// Gives every class its number in `order` (from [`locality_order`]): the entries' left and
/// right ids and the matrix's rows and columns; every cost stays between the same two
/// classes. An id outside the matrix stays as it is (numbers inside it are all below it), for
/// the compiler to refuse with the id the file has. Does nothing unless the matrix is square
/// with `order.len()` ids.
pub fn renumber(entries: &mut [SourceEntry], matrix: &mut SourceMatrix, order: &[u16]) {
    let n = order.len();
    if matrix.left_ids as usize != n || matrix.right_ids as usize != n || matrix.costs.len() != n * n {
        return;
    }
    let new = |id: u16| order.get(id as usize).copied().unwrap_or(id);
    for e in entries.iter_mut() {
        e.left_id = new(e.left_id);
        e.right_id = new(e.right_id);
    }
    let mut costs = vec![0i16; n * n];
    for r in 0..n {
        for l in 0..n {
            costs[order[r] as usize * n + order[l] as usize] = matrix.costs[r * n + l];
        }
    }
    matrix.costs = costs;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(reading: &str, id: u16, cost: i16) -> SourceEntry {
        SourceEntry { reading: reading.to_string(), surface: reading.to_string(), left_id: id, right_id: id, cost }
    }

    /// A class whose keys start much of the text (here a one-kana key, cheap, and the start
    /// of a longer word) comes before one of rare long words; 0 stays 0; every id gets a
    /// distinct number.
    #[test]
    fn classes_of_likely_keys_come_first_and_the_boundary_stays() {
        let entries = [entry("かんがえる", 1, 6000), entry("か", 3, 500), entry("かみ", 2, 3000), entry("の", 3, 200)];
        let order = locality_order(&entries, 5);
        assert_eq!(order[0], 0);
        assert!(order[3] < order[2] && order[2] < order[1], "{order:?}");
        let mut seen = order.clone();
        seen.sort_unstable();
        assert_eq!(seen, [0, 1, 2, 3, 4], "a permutation");
    }

    /// Renumbered, every entry's connection costs are the ones it had.
    #[test]
    fn renumbering_keeps_every_cost_between_the_same_classes() {
        let n = 4usize;
        let costs: Vec<i16> = (0..(n * n) as i16).map(|c| c * 10).collect();
        let mut matrix = SourceMatrix { left_ids: n as u16, right_ids: n as u16, costs: costs.clone() };
        let mut entries = vec![entry("あ", 1, 0), entry("い", 3, 0)];
        entries[1].right_id = 2;
        let order = vec![0, 3, 1, 2];
        renumber(&mut entries, &mut matrix, &order);
        assert_eq!((entries[0].left_id, entries[0].right_id, entries[1].left_id, entries[1].right_id), (3, 3, 2, 1));
        for r in 0..n {
            for l in 0..n {
                assert_eq!(matrix.costs[order[r] as usize * n + order[l] as usize], costs[r * n + l]);
            }
        }
    }

    /// A damaged source's id outside the matrix is left for the compiler to refuse, and a
    /// matrix of another shape is left alone: no panic.
    #[test]
    fn ids_outside_the_matrix_and_other_shapes_are_left_as_they_are() {
        let mut entries = vec![entry("あ", 1, 0), entry("い", 9, 0)];
        let mut matrix = SourceMatrix { left_ids: 3, right_ids: 3, costs: vec![0; 9] };
        let order = locality_order(&entries, 3);
        renumber(&mut entries, &mut matrix, &order);
        assert_eq!((entries[0].left_id, entries[1].left_id, entries[1].right_id), (order[1], 9, 9));
        let mut other = SourceMatrix { left_ids: 3, right_ids: 2, costs: (0..6).collect() };
        renumber(&mut entries, &mut other, &[0, 2, 1]);
        assert_eq!(other.costs, (0..6).collect::<Vec<i16>>());
    }
}
