//! The words each start gave the last lattice on this thread, kept for the next one: live
//! conversion builds the lattice of the whole composition at every keystroke, and the words
//! from all but the last few starts depend only on characters the keystroke did not change.
//!
//! What the words of one start depend on (`build.rs`, the loop over starts): the as-heard walk
//! from it (which reads the input up to its reach, `HeardWalk::reach`, and nothing after it,
//! not even whether the input ends there), the character at the start and the one before it,
//! a run of katakana, digits or Latin letters from it up to the run's end, the word boundaries
//! the writer typed before the reach, and what the request says of homophones and particles. A
//! start whose reach (and run) lies within the characters the new input shares with the last
//! one, and before any boundary typed in one of them and not the other, gives the same words in
//! the same order with the same readings: they are copied instead of looked up again, their
//! readings numbered where the new lattice's stand. Where the walk gave up (its limit) the
//! words come from the trie, whose reads are not recorded; the user's words read ahead of the
//! start and may change between two lattices: a start of the first kind is never copied, and
//! lattices with user words keep nothing. What is added after the starts (the conventional
//! spellings, the boundaries enforced, numbers, names) is made again as before.

use super::readings::Readings;
use super::{Node, NodeText};
use crate::conversion::heard::HeardCosts;
use std::cell::RefCell;

/// The longest input whose words are kept (as `heard/memo.rs`).
const MAX_KEPT_CHARS: usize = 160;

/// What shapes the words of every start, besides the input: lattices of different shapes
/// share no start.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Shape {
    pub dictionary: u64,
    pub heard: HeardCosts,
    pub particle_at_start: bool,
    /// The texts of a class kept (`BestOfClass`), and where (`LatticeRequest::texts_within`).
    pub texts: Option<usize>,
    pub texts_within: Option<(usize, usize)>,
}

/// Where the words of one start lie in the kept lists, and how far making them read.
#[derive(Debug, Clone, Copy)]
pub(super) struct StartRecord {
    pub nodes: (u32, u32),
    pub readings: (u32, u32),
    /// One past the last character read (the input's end read counts as its length + 1).
    pub horizon: u32,
}

/// The words of each start of the last lattice of a [`Shape`] built on this thread.
#[derive(Default)]
pub(super) struct KeptStarts {
    /// The number of the lattice they are of (each kept lattice gets the next).
    id: u64,
    shape: Option<Shape>,
    chars: Vec<char>,
    boundaries: Vec<usize>,
    nodes: Vec<Node>,
    readings: Readings,
    starts: Vec<StartRecord>,
}

thread_local! {
    static KEPT: RefCell<Option<KeptStarts>> = const { RefCell::new(None) };
}

impl KeptStarts {
    /// This thread's kept words, for a lattice over `chars` that keeps them (`shape`); None
    /// when it keeps none (too long, or no shape: see the module comment) or they are taken.
    pub fn take(chars: &[char], shape: Option<&Shape>) -> Option<KeptStarts> {
        if chars.len() > MAX_KEPT_CHARS {
            return None;
        }
        shape?;
        KEPT.try_with(|k| k.try_borrow_mut().ok().map(|mut k| k.take().unwrap_or_default())).ok().flatten()
    }

    /// How many characters from the first the words kept may have read for a lattice over
    /// `chars` with `boundaries` of `shape` (0 for another shape).
    pub fn shared(&self, chars: &[char], boundaries: &[usize], shape: &Shape) -> usize {
        if self.shape.as_ref() != Some(shape) {
            return 0;
        }
        let same = self.chars.iter().zip(chars).take_while(|(a, b)| a == b).count();
        // A boundary typed in one input and not the other ends what the words may have read.
        let differs = self.boundaries.iter().filter(|b| !boundaries.contains(b)).chain(boundaries.iter().filter(|b| !self.boundaries.contains(b))).min();
        differs.map_or(same, |&b| same.min(b))
    }

    /// Appends the words of `start` as kept, if making them read only the first `shared`
    /// characters; whether it did.
    pub fn copy_start(&self, start: usize, shared: usize, nodes: &mut Vec<Node>, readings: &mut Readings) -> bool {
        let Some(record) = self.starts.get(start).filter(|r| r.horizon as usize <= shared) else { return false };
        let (first, end) = (record.readings.0 as usize, record.readings.1 as usize);
        let here = readings.extend_from(&self.readings, first..end);
        let renumber = |slot: u32| slot - first as u32 + here;
        nodes.extend(self.nodes[record.nodes.0 as usize..record.nodes.1 as usize].iter().map(|node| match node.text {
            NodeText::OtherReading { entry, reading } => Node { text: NodeText::OtherReading { entry, reading: renumber(reading) }, ..*node },
            _ => *node,
        }));
        true
    }

    /// The number of the lattice the words are of ([`KeptStarts::keep`] gives it).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// How far the kept words of `start` read ([`StartRecord::horizon`]).
    pub fn horizon(&self, start: usize) -> u32 {
        self.starts.get(start).map_or(u32::MAX, |r| r.horizon)
    }

    /// Keeps the words of every start of the lattice just built, and gives them back to the
    /// thread; returns the number the lattice gets (its forward pass's costs are kept under it,
    /// `search.rs`).
    pub fn keep(mut self, built: Built) -> u64 {
        let Built { chars, boundaries, shape, nodes, readings, starts } = built;
        self.nodes.clear();
        self.nodes.extend_from_slice(nodes);
        self.readings.clear();
        self.readings.extend_from(readings, 0..readings.len());
        self.starts.clear();
        self.starts.extend_from_slice(starts);
        self.chars.clear();
        self.chars.extend_from_slice(chars);
        self.boundaries.clear();
        self.boundaries.extend_from_slice(boundaries);
        self.shape = Some(shape);
        self.id = self.id.wrapping_add(1);
        let id = self.id;
        let _ = KEPT.try_with(|k| {
            if let Ok(mut k) = k.try_borrow_mut() {
                *k = Some(self);
            }
        });
        id
    }
}

/// What the starts of a lattice just built gave (see [`KeptStarts::keep`]).
pub(super) struct Built<'a> {
    pub chars: &'a [char],
    pub boundaries: &'a [usize],
    pub shape: Shape,
    pub nodes: &'a [Node],
    pub readings: &'a Readings,
    pub starts: &'a [StartRecord],
}
