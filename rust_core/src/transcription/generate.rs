//! The variants of one word: the alternatives of its patterns combined best first, and each
//! combination also with one vowel lengthened (ー), since stress is unwritten and Japanese
//! writes a stressed open vowel long (Наташа → ナターシャ).

use super::table::Alternative;
use super::Variant;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Most variants one call returns; a larger limit is cut to it.
pub const MAX_VARIANTS: usize = 64;

/// One place in the output: the alternatives of the pattern applied there (or of a hyphen).
pub(crate) struct Slot<'a> {
    pub alternatives: &'a [Alternative],
    /// If the pattern holds a vowel letter that may be lengthened, at what cost.
    pub lengthen: Option<i32>,
}

/// Whether a kana carries a vowel a ー may follow (not ン, ッ, ー or a separator).
fn carries_vowel(c: char) -> bool {
    ('\u{30A1}'..='\u{30FA}').contains(&c) && c != 'ッ' && c != 'ン'
}

/// Whether a kana cannot follow a ー: it belongs to the kana before (small ャ ィ…), or is
/// itself a length or a gemination.
fn cannot_follow_length(c: char) -> bool {
    matches!(c, 'ァ' | 'ィ' | 'ゥ' | 'ェ' | 'ォ' | 'ャ' | 'ュ' | 'ョ' | 'ヮ' | 'ッ' | 'ー')
}

/// The cheapest combinations of the slots' alternatives, best first, at most `limit`: the
/// cost and, for each slot with a choice (`choosing`), the alternative taken.
///
/// Best-first over the vectors of choices: a vector's successors raise one choice at or after
/// the last one raised, so each vector is reached once, and since every slot's alternatives
/// cost no less than the one before, a successor never costs less than its predecessor.
fn best_combinations(slots: &[Slot<'_>], choosing: &[usize], limit: usize) -> Vec<(i32, Vec<u8>)> {
    let base: i32 = slots.iter().map(|s| s.alternatives[0].cost).sum();
    let mut out = Vec::with_capacity(limit);
    let mut heap = BinaryHeap::new();
    // (cost, order pushed, first slot a successor may raise, choices): ties leave in the
    // order they came, so the output does not depend on the heap's layout.
    let mut pushed = 0usize;
    heap.push(Reverse((base, pushed, 0usize, vec![0u8; choosing.len()])));
    while let Some(Reverse((cost, _, first, choices))) = heap.pop() {
        for (j, &slot) in choosing.iter().enumerate().skip(first) {
            let alternatives = slots[slot].alternatives;
            let taken = choices[j] as usize;
            if taken + 1 < alternatives.len() {
                let mut next = choices.clone();
                next[j] += 1;
                pushed += 1;
                heap.push(Reverse((cost + alternatives[taken + 1].cost - alternatives[taken].cost, pushed, j, next)));
            }
        }
        out.push((cost, choices));
        if out.len() == limit {
            break;
        }
    }
    out
}

/// The alternative each slot takes in a combination (`choices` for the slots in `choosing`,
/// the first elsewhere), into `chosen`.
fn take<'a>(slots: &[Slot<'a>], choosing: &[usize], choices: &[u8], chosen: &mut Vec<&'a Alternative>) {
    chosen.clear();
    let mut next_choice = 0;
    for (i, slot) in slots.iter().enumerate() {
        let mut index = 0;
        if choosing.get(next_choice) == Some(&i) {
            index = choices[next_choice] as usize;
            next_choice += 1;
        }
        chosen.push(&slot.alternatives[index]);
    }
}

/// The variants of the word the slots write, best first, deduplicated, at most `limit`.
/// `unpreferred` is the lengthening cost where the ー would stand before ン (a closed
/// syllable, rarely written long).
pub(crate) fn variants(slots: &[Slot<'_>], unpreferred: i32, limit: usize) -> Vec<Variant> {
    let limit = limit.min(MAX_VARIANTS);
    if limit == 0 || slots.is_empty() {
        return Vec::new();
    }
    let choosing: Vec<usize> = (0..slots.len()).filter(|&i| slots[i].alternatives.len() > 1).collect();
    let combinations = best_combinations(slots, &choosing, limit);

    let mut chosen: Vec<&Alternative> = Vec::with_capacity(slots.len());

    // (cost, lengthened, rank of the combination, slot after which the ー stands).
    let mut candidates: Vec<(i32, bool, usize, usize)> = Vec::with_capacity(limit * 4);
    for (rank, (cost, choices)) in combinations.iter().enumerate() {
        candidates.push((*cost, false, rank, 0));
        take(slots, &choosing, choices, &mut chosen);
        for (i, slot) in slots.iter().enumerate() {
            let Some(mut lengthen) = slot.lengthen else { continue };
            if !chosen[i].katakana.chars().next_back().is_some_and(carries_vowel) {
                continue;
            }
            let Some(next) = chosen[i + 1..].iter().find_map(|a| a.katakana.chars().next()) else { continue };
            if cannot_follow_length(next) {
                continue;
            }
            if next == 'ン' {
                lengthen = lengthen.max(unpreferred);
            }
            candidates.push((cost + lengthen, true, rank, i));
        }
    }
    candidates.sort_unstable();

    let mut out: Vec<Variant> = Vec::with_capacity(limit);
    for (cost, lengthened, rank, after) in candidates {
        take(slots, &choosing, &combinations[rank].1, &mut chosen);
        let mut katakana = String::with_capacity(chosen.iter().map(|a| a.katakana.len()).sum::<usize>() + 3);
        for (i, alternative) in chosen.iter().enumerate() {
            katakana.push_str(&alternative.katakana);
            if lengthened && i == after {
                katakana.push('ー');
            }
        }
        if katakana.is_empty() || out.iter().any(|v| v.katakana == katakana) {
            continue;
        }
        out.push(Variant { katakana, cost });
        if out.len() == limit {
            break;
        }
    }
    out
}
