//! Homophone pruning while a lattice is built: of the words one key gives at one place, only
//! those a search can take (`BestOfClass`). Why it is safe, and what it saves, is on the type.

use crate::conversion::spare::Buffer;
use crate::dictionary::format;

/// Slots of [`BestOfClass`]'s table: the classes of one key's words (about 20 for a common
/// reading, a few hundred at most).
const CLASS_SLOTS: usize = 256;

/// Of the words one key gives at one place, those the searches can take. A word of the same
/// class (left id, right id; here its part-of-speech pair's number, which only entries of one
/// class share) has the same connections on both sides: any path through a later word can take
/// an earlier one that costs no more instead, at no more cost and ahead of it in a tie (the
/// searches take the first in the lattice's order). So with `keep` earlier words of its class
/// costing no more, a word is never on the best path (`keep` 1), nor among the first `keep`
/// texts of a search by text: the builder keeps one copy of a word (reading, surface and
/// class), so those earlier words write `keep` texts of their own, each at no more cost.
/// Such homophones are 56 % of the nodes over the benchmark's readings for the best path, and
/// 11 % for the ten texts a segment of nine candidates searches.
#[derive(Default)]
pub(super) struct BestOfClass {
    /// [`CLASS_SLOTS`] of them once prepared; kept with the lattice's buffers, since clearing
    /// a new table for every conversion was 3 % of a short one-best conversion.
    slots: Vec<ClassSlot>,
    /// How many words of a class a key keeps at most.
    keep: u32,
    /// The current key's number: slots of other numbers are free.
    key: u32,
    classes: usize,
}

#[derive(Clone, Copy)]
struct ClassSlot {
    key: u32,
    class: u32,
    /// How many more of the class's words are among its first `keep`.
    free: u32,
    /// The highest cost among the class's first `keep` words: a later word costing at
    /// least as much has `keep` earlier ones no dearer.
    bound: i32,
}

impl BestOfClass {
    /// Makes the table if this is its first use (a kept one needs nothing: slots of earlier
    /// keys are free), to keep `keep` words of a class.
    pub(super) fn prepare(&mut self, keep: usize) {
        if self.slots.len() != CLASS_SLOTS {
            self.slots = vec![ClassSlot { key: 0, class: 0, free: 0, bound: 0 }; CLASS_SLOTS];
            self.key = 0;
        }
        self.keep = keep as u32;
    }

    /// The rank below which a key's words are taken (`keep`), when the rank the compiler
    /// recorded in each entry decides it (`format::CLASS_RANK_SHIFT`): a key's words come
    /// cheapest first, so when each costs the same extra the words this table would take are
    /// the first `keep` of each class, those of rank below `keep`, found without the table (a
    /// class past the table's load limit, which it takes whole, loses only words that `keep`
    /// earlier ones dominate). None for more texts than the ranks tell apart.
    pub(super) fn by_rank(&self) -> Option<u32> {
        (self.keep <= format::CLASS_RANK_MAX).then_some(self.keep)
    }

    /// Whether the table has anything to decide for a key of `words` words: with no more
    /// words than `keep`, no class can have more than `keep`, and every word is taken.
    pub(super) fn decides(&self, words: usize) -> bool {
        words > self.keep as usize
    }

    /// Starts the words of another key (or reading as heard).
    pub(super) fn next_key(&mut self) {
        self.key = self.key.wrapping_add(1);
        if self.key == 0 {
            self.slots.iter_mut().for_each(|s| s.key = 0);
            self.key = 1;
        }
        self.classes = 0;
    }

    /// Whether a word of part-of-speech pair `pair` costing `cost` may be taken: fewer than
    /// `keep` earlier words of the key in its class cost as little. A class beyond the
    /// table's load limit is always admitted, which is safe.
    pub(super) fn admits(&mut self, pair: u16, cost: i32) -> bool {
        let class = pair as u32;
        let mut i = (class.wrapping_mul(0x9E37_79B9) >> 24) as usize % CLASS_SLOTS;
        loop {
            let slot = &mut self.slots[i];
            if slot.key != self.key {
                if self.classes < CLASS_SLOTS * 3 / 4 {
                    *slot = ClassSlot { key: self.key, class, free: self.keep - 1, bound: cost };
                    self.classes += 1;
                }
                return true;
            }
            if slot.class == class {
                if slot.free > 0 {
                    // One of the class's first `keep`: always taken.
                    slot.free -= 1;
                    slot.bound = slot.bound.max(cost);
                    return true;
                }
                // A cheaper word taken after them leaves the bound as it is: which of the
                // kept is then the dearest is not known, and the bound stays safe.
                return cost < slot.bound;
            }
            i = (i + 1) % CLASS_SLOTS;
        }
    }
}

impl Buffer for BestOfClass {
    /// Nothing to empty: slots of earlier keys are free (the next key has another number), so
    /// the table serves the next lattice as it is.
    fn empty(&mut self) {}

    fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<ClassSlot>()
    }
}
