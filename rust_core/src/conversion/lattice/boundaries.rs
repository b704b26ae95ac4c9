//! Word boundaries the writer typed as spaces inside a reading: no word of the lattice spans
//! one, except a dictionary word the writer split where its written form goes from kanji to
//! kana (`току ни` for 特に), at a cost — the learner's habit of writing particles and endings
//! apart splits what Japanese keeps as one word.

use super::{Lattice, NodeText};
use crate::conversion::input::lookup_char;
use crate::dictionary::Dictionary;

impl Lattice {
    /// Enforces the word boundaries the writer typed as spaces (`boundaries`, character
    /// positions): a node spanning one is taken out of the lattice, unless `split_word` is
    /// given and the node is a dictionary word whose written form can be cut at each space it
    /// spans where kanji meet kana (see [`cuttable_at`]): 特|に for `току ни`, 世|の|中 for
    /// `ё но нака`, 持て|余す for `мотэ амасу`. Such a node costs `split_word` more. A compound
    /// written in kanji only (中野 for `нака но`) is never cut. Runs before [`Lattice::finish`].
    pub(super) fn enforce_boundaries(&mut self, dictionary: &Dictionary, boundaries: &[usize], split_word: Option<i32>) {
        if boundaries.is_empty() {
            return;
        }
        let mut surface = String::new();
        let mut removed = vec![false; self.nodes.len()];
        for (i, node) in self.nodes.iter_mut().enumerate() {
            let (s, e) = (node.start as usize, node.end as usize);
            // The spaces inside the node, as doubled positions (no list per node: this runs
            // for every node).
            let crossed = || boundaries.iter().map(|&b| 2 * b).filter(move |&c| s < c && c < e);
            if crossed().next().is_none() {
                continue;
            }
            let keep = split_word.is_some_and(|_| {
                // The reading the node's word was found under must map one to one onto the
                // input it covers, so the spaces fall at known places in it.
                let typed: Vec<char> = self.chars[s / 2..e.div_ceil(2)].iter().map(|&c| lookup_char(c)).collect();
                let (entry, reading): (u32, Vec<char>) = match node.text {
                    NodeText::Entry(entry) if s % 2 == 0 && e % 2 == 0 => (entry, typed.clone()),
                    NodeText::OtherReading { entry, reading } if s % 2 == 0 && e % 2 == 0 => (entry, self.readings.get(reading as usize).map(|r| r.chars().collect()).unwrap_or_default()),
                    _ => return false,
                };
                if reading.len() != typed.len() {
                    return false;
                }
                let Some(e) = dictionary.entry(entry) else { return false };
                surface.clear();
                dictionary.push_surface(&e, &reading.iter().collect::<String>(), &mut surface);
                let surface: Vec<char> = surface.chars().collect();
                crossed().all(|c| cuttable_at(&surface, &reading, (c - s) / 2))
            });
            if keep {
                node.cost += split_word.unwrap_or(0);
            } else {
                removed[i] = true;
            }
        }
        // Before `finish`, nothing refers to a node by its index: the nodes taken out are
        // dropped, the rest keep their order.
        let mut index = 0;
        self.nodes.retain(|_| {
            index += 1;
            !removed[index - 1]
        });
    }
}

/// Whether a word written `surface` and read `reading` can be cut after `at` characters of its
/// reading at a place where its written form goes from kanji to kana or from kana to kanji (or
/// between two kana): its kana are matched to the reading one to one, each run of other
/// characters to at least one reading character, and some such alignment puts a cut at `at`
/// next to a kana. 特に (とくに) can be cut after とく, 世の中 (よのなか) after よ and after
/// よの, 持て余す (もてあます) after もて; 中野 (なかの) nowhere.
pub fn cuttable_at(surface: &[char], reading: &[char], at: usize) -> bool {
    fn kana(c: char) -> Option<char> {
        match c {
            'ぁ'..='ゖ' => Some(c),
            'ァ'..='ヶ' => char::from_u32(c as u32 - 0x60),
            'ー' => Some(c),
            _ => None,
        }
    }
    // Units: a kana (one reading character) or a run of other characters (one or more).
    let mut units: Vec<Option<char>> = Vec::new();
    for &c in surface {
        match kana(c) {
            Some(k) => units.push(Some(k)),
            None if units.last() == Some(&None) => {}
            None => units.push(None),
        }
    }
    if at == 0 || at >= reading.len() {
        return false;
    }
    Alignment { units: &units, reading, at, budget: 4_096 }.fits(0, 0, false)
}

/// A search for an alignment of a written form's units (a kana, or a run of other characters)
/// with a reading that puts a cut at `at` next to a kana (`cuttable_at`).
struct Alignment<'a> {
    units: &'a [Option<char>],
    reading: &'a [char],
    at: usize,
    /// Steps left: the search gives up (no cut) when they run out.
    budget: usize,
}

impl Alignment<'_> {
    /// Whether the units from `unit` on align with the reading from `pos` on, depth-first;
    /// `cut_ok` says whether `at` already fell between units next to a kana.
    fn fits(&mut self, unit: usize, pos: usize, cut_ok: bool) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        let (units, reading, at) = (self.units, self.reading, self.at);
        // A cut at `at` between unit-1 and unit: allowed when one of them is a kana.
        let cut_ok = cut_ok || (pos == at && unit > 0 && unit < units.len() && (units[unit - 1].is_some() || units[unit].is_some()));
        if unit == units.len() {
            return pos == reading.len() && cut_ok;
        }
        if pos > at && !cut_ok {
            return false;
        }
        match units[unit] {
            Some(k) => pos < reading.len() && reading[pos] == k && self.fits(unit + 1, pos + 1, cut_ok),
            None => (pos + 1..=reading.len()).any(|next| self.fits(unit + 1, next, cut_ok)),
        }
    }
}
