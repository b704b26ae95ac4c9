//! The lattice over a reading (Mozc's immutable converter, simplified): at every
//! position, every dictionary word whose reading starts there — as typed, or through the
//! spellings of a listener (`heard/`) at a cost — plus nodes that keep any input
//! convertible (the character as typed, runs of katakana, digits and Latin letters), so
//! the lattice is never broken, whatever was typed.
//!
//! Positions are doubled: character boundary i is position 2i, and 2i + 1 is the middle
//! of character i, where a syllable n + vowel written for ん + particle (`ほの` for
//! ほん + を) is split. Only such particles start at a middle position.
//!
//! This module holds the nodes, their costs and the texts they stand for; building one is
//! `build.rs`, with the pieces it uses beside it: the readings as heard (`readings.rs`), the
//! grouping by position (`by_position.rs`), homophone pruning (`homophones.rs`) and the word
//! boundaries the writer typed (`boundaries.rs`).

pub mod boundaries;
pub mod build;
mod by_position;
mod homophones;
mod kept;
mod readings;

use super::heard::walk::HeardWalk;
use super::input::lookup_char;
use super::spare::{self, Buffer, Buffers};
use crate::dictionary::Dictionary;
use by_position::ByPosition;
use homophones::BestOfClass;
use readings::Readings;
use std::cell::RefCell;
use std::ops::Range;
use std::thread::LocalKey;

/// Where a node's text comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeText {
    /// A dictionary entry found under the reading as typed.
    Entry(u32),
    /// A dictionary entry found under another reading than the input as typed
    /// (`Lattice::readings[reading]`): a listener's spelling of it, a particle written as
    /// heard, a conventional spelling's reading, a transcription of a word the writer typed.
    OtherReading { entry: u32, reading: u32 },
    /// The input characters as typed.
    AsTyped,
    /// A text no dictionary entry writes here (`Lattice::texts[index]`), and where it is from.
    Text { index: u32, source: TextSource },
}

/// Where a [`NodeText::Text`] is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextSource {
    /// A word of the user dictionary.
    UserWord,
    /// A conventional spelling's text the dictionary lacks (`conventional.rs`).
    Conventional,
    /// A foreign form of a word the writer typed (`foreign.rs`).
    Foreign,
    /// A written form of a number read in kana, or of digits typed as digits (`numbers/`).
    Number,
}

impl TextSource {
    /// Whether the text is the writer's own choice of a Japanese word (a user word, an
    /// established spelling), which keeps its cost where a typed name makes the Japanese
    /// readings of its kana dearer (`foreign.rs`).
    pub fn keeps_its_cost_under_a_name(self) -> bool {
        matches!(self, TextSource::UserWord | TextSource::Conventional)
    }
}

/// A word spanning positions `start..end` (doubled, see the module comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    pub start: u16,
    pub end: u16,
    pub left_id: u16,
    pub right_id: u16,
    /// Word cost (dictionary cost plus any cost of the spelling it was matched through).
    pub cost: i32,
    pub text: NodeText,
}

/// Cost of one input character kept as typed when nothing else covers it: high, so a
/// dictionary word always wins, but finite, so the path always exists.
pub const AS_TYPED_CHAR_COST: i32 = 10_000;
/// Cost of a run the writer typed in katakana, kept whole.
pub const KATAKANA_RUN_COST: i32 = 3_000;
/// Cost of a run of digits or Latin letters kept whole.
pub const RUN_COST: i32 = 1_500;
/// Cost of a user dictionary word whose reading the dictionary does not have: a common
/// word's cost, so it wins over characters kept as typed and competes with dictionary words
/// like one of them. Where the dictionary has the reading, the user word costs one less than
/// its cheapest word there, so it comes first in the same context. Either way the word joins
/// with the ids of its class (`user::WordClass`), so what may follow it is its class's.
pub const USER_WORD_COST: i32 = 3_000;
/// Cost of a conventional spelling's text the dictionary lacks (on top of
/// `HeardCosts::conventional`): as a user word's, an established word the writer means.
pub const CONVENTIONAL_TEXT_COST: i32 = USER_WORD_COST;

/// All nodes over a reading, indexed by start and end position.
#[derive(Default)]
pub struct Lattice {
    pub chars: Vec<char>,
    pub nodes: Vec<Node>,
    /// Readings of `NodeText::OtherReading` nodes.
    pub readings: Readings,
    /// Texts of `NodeText::Text` nodes.
    pub texts: Vec<String>,
    /// Node indices by start position (doubled).
    pub starting: ByPosition,
    /// Node indices by end position (doubled).
    pub ending: ByPosition,
    /// What building it worked in besides (`build.rs`), kept with it for the next lattice
    /// on the thread (`spare.rs`): the as-heard walk's buffers, the table of classes that
    /// leaves homophones out, and the input as the dictionary is looked up (`lookup_char`)
    /// with its key codes.
    heard_walk: HeardWalk,
    best_of_class: BestOfClass,
    lookup: Vec<char>,
    codes: Vec<u8>,
    /// What of it is the same as the lattice before it on the thread (`kept.rs`).
    pub lineage: Lineage,
}

/// What a lattice shares with the last one built on its thread, for its forward pass
/// (`Search::forward`), which takes the last pass's costs of the words they share.
#[derive(Default)]
pub struct Lineage {
    /// The number its starts' words were kept under (`KeptStarts::keep`), if they were.
    pub id: Option<u64>,
    /// The lattice whose words its first starts were copied from, and the number of words
    /// those starts end at, start by start (the words of the first `k` starts are the first
    /// `leading_ends[k - 1]`, in both lattices).
    pub copied_from: Option<u64>,
    pub leading_ends: Vec<u32>,
    /// The first position (doubled) of a word added after the starts (conventional spellings,
    /// numbers, foreign forms); the positions' count when there is none.
    pub added_from: usize,
    /// Whether anything after the starts changed their words (the spaces enforced, names'
    /// charges).
    pub starts_changed: bool,
}

impl Lineage {
    fn clear(&mut self) {
        self.id = None;
        self.copied_from = None;
        self.leading_ends.clear();
        self.added_from = 0;
        self.starts_changed = false;
    }
}

thread_local! {
    /// The buffers of the last lattice dropped on this thread (`spare.rs`).
    static SPARE: RefCell<Option<Lattice>> = const { RefCell::new(None) };
}

impl Buffers for Lattice {
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer)) {
        let Lattice { chars, nodes, readings, texts, starting, ending, heard_walk, best_of_class, lookup, codes, lineage } = self;
        visit(chars);
        visit(nodes);
        readings.each_buffer(visit);
        visit(texts);
        starting.each_buffer(visit);
        ending.each_buffer(visit);
        heard_walk.each_buffer(visit);
        visit(best_of_class);
        visit(lookup);
        visit(codes);
        visit(&mut lineage.leading_ends);
    }
}

impl spare::Reusable for Lattice {
    const SPARE: &'static LocalKey<RefCell<Option<Lattice>>> = &SPARE;
}

impl Drop for Lattice {
    /// Leaves the buffers for the next lattice on this thread (`spare.rs`).
    fn drop(&mut self) {
        if !std::thread::panicking() {
            spare::keep(self);
        }
    }
}

impl Lattice {
    /// Adds a node; [`Lattice::finish`] must run before the lattice is searched.
    fn push(&mut self, node: Node) {
        self.nodes.push(node);
    }

    /// Groups the nodes by start and end position, after the last [`Lattice::push`].
    fn finish(&mut self) {
        let positions = self.positions();
        self.starting.group(positions, &self.nodes, |n| n.start as usize);
        self.ending.group(positions, &self.nodes, |n| n.end as usize);
    }

    /// Whether every node is grouped by position (no push since [`Lattice::finish`]).
    pub fn is_finished(&self) -> bool {
        self.starting.len() == self.nodes.len() && self.ending.len() == self.nodes.len()
    }

    /// How many (doubled) positions the lattice has: the boundaries and middles of its
    /// characters, 0 to 2 × len inclusive.
    pub fn positions(&self) -> usize {
        2 * self.chars.len() + 1
    }

    /// Characters of the input.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// For each input character, whether no word covers it, only the character kept as typed.
    pub fn uncovered(&self) -> Vec<bool> {
        let mut uncovered = vec![true; self.chars.len()];
        for node in self.nodes.iter().filter(|n| !matches!(n.text, NodeText::AsTyped)) {
            uncovered[Self::typed_range(node)].iter_mut().for_each(|u| *u = false);
        }
        uncovered
    }

    /// The input characters a node covers, whole characters only.
    fn typed_range(node: &Node) -> Range<usize> {
        node.start as usize / 2..(node.end as usize).div_ceil(2)
    }

    /// The text a node stands for.
    pub fn push_text(&self, dictionary: &Dictionary, node: &Node, out: &mut String) {
        match node.text {
            NodeText::AsTyped => out.extend(&self.chars[Self::typed_range(node)]),
            NodeText::Text { index, .. } => out.push_str(self.texts.get(index as usize).map_or("", String::as_str)),
            NodeText::Entry(entry) => {
                // This runs for every path the candidate search pops: build the reading only
                // for a surface written in katakana (pooled ones need none, a surface that is
                // the reading is written from the input directly).
                let typed = || self.chars[Self::typed_range(node)].iter().map(|&c| lookup_char(c));
                match dictionary.entry(entry) {
                    Some(e) if e.surface_is_pooled() => dictionary.push_surface(&e, "", out),
                    Some(e) if e.surface_is_reading() => out.extend(typed()),
                    // Written from the input too, without a reading made for it first.
                    Some(e) if e.surface_is_katakana() => out.extend(typed().map(crate::kana_script::katakana_char)),
                    Some(e) => dictionary.push_surface(&e, &typed().collect::<String>(), out),
                    None => out.extend(typed()),
                }
            }
            NodeText::OtherReading { entry, reading } => {
                let reading = self.readings.get(reading as usize).unwrap_or("");
                match dictionary.entry(entry) {
                    Some(e) => dictionary.push_surface(&e, reading, out),
                    None => out.push_str(reading),
                }
            }
        }
    }
}
