//! Buffers one conversion leaves for the next on the same thread: a lattice's node and
//! position tables, and the searches' tables.
//!
//! Why: a conversion of twenty kana builds a lattice of hundreds of nodes, grouped twice by
//! position, and searches it with tables sized for every word class; allocating, growing
//! and freeing those afresh for every reading was about a fifth of an exact conversion's
//! instructions (callgrind, docs/PERFORMANCE.md). One set per thread is kept — a converter
//! is shared by threads without a lock, so the set cannot live in it — and only up to
//! [`MAX_KEPT_BYTES`]: what a long reading grew beyond that is given back, the largest
//! buffers halved first, so one very long reading does not keep its tables for ever while the
//! next conversion still starts with room for most of what it needs.

use super::lattice::Lattice;
use super::search::Search;
use std::cell::RefCell;
use std::thread::LocalKey;

/// The most a thread keeps (lattice and search together, bytes of room). With 512 KiB,
/// anonymous memory after 10^4 conversions of the benchmark's readings was about 200 KiB above
/// the build without kept buffers; with 128 KiB it is within its spread (`bench_conversion
/// memory`, docs/PERFORMANCE.md). Half of the keyboard's requests (spellings as heard, nine
/// candidates) grow their search beyond its share: those are trimmed to it, not dropped, since
/// growing every buffer again from nothing was 5 % of such a request's instructions.
pub const MAX_KEPT_BYTES: usize = 128 * 1024;

thread_local! {
    pub(super) static SPARE_LATTICE: RefCell<Option<Lattice>> = const { RefCell::new(None) };
    pub(super) static SPARE_SEARCH: RefCell<Option<Search>> = const { RefCell::new(None) };
}

/// A buffer whose room can be given back in part.
pub trait Room {
    /// Bytes of room it holds.
    fn room(&self) -> usize;
    /// Gives back half its room, never what it holds; false when that frees nothing.
    fn halve(&mut self) -> bool;
}

impl<T> Room for Vec<T> {
    fn room(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
    fn halve(&mut self) -> bool {
        let before = self.capacity();
        self.shrink_to(before / 2);
        self.capacity() < before
    }
}

impl Room for String {
    fn room(&self) -> usize {
        self.capacity()
    }
    fn halve(&mut self) -> bool {
        let before = self.capacity();
        self.shrink_to(before / 2);
        self.capacity() < before
    }
}

impl<T: Ord> Room for std::collections::BinaryHeap<T> {
    fn room(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>()
    }
    fn halve(&mut self) -> bool {
        let before = self.capacity();
        self.shrink_to(before / 2);
        self.capacity() < before
    }
}

/// What keeps buffers worth handing on: a lattice, a search (each implements it beside its
/// fields).
pub trait Reusable: Sized + 'static {
    /// Where this thread keeps one.
    const SPARE: &'static LocalKey<RefCell<Option<Self>>>;
    /// Calls `visit` with each of its buffers (what keeping them costs, and what can be
    /// given back), always in the same order.
    fn visit_buffers(&mut self, visit: &mut dyn FnMut(&mut dyn Room));
    /// Empties it and moves its buffers, their room kept, into a new one.
    fn take_buffers(&mut self) -> Self;
}

/// An empty one with the room of the last one dropped on this thread, if any.
pub fn take<T: Reusable>() -> Option<T> {
    T::SPARE.try_with(|spare| spare.try_borrow_mut().ok()?.take()).ok().flatten()
}

/// Keeps the buffers of `item` (being dropped) for the next one, trimmed to half of
/// [`MAX_KEPT_BYTES`] (each kind gets half). Does nothing while the thread is ending or the
/// spare is in use.
pub fn keep<T: Reusable>(item: &mut T) {
    let _ = T::SPARE.try_with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut() {
            if spare.is_none() {
                let mut kept = item.take_buffers();
                if trim(&mut kept, MAX_KEPT_BYTES / 2) {
                    *spare = Some(kept);
                }
                // Not kept: dropped here, where its own `keep` finds the spare borrowed.
            }
        }
    });
}

/// Halves the largest of `item`'s buffers that can give room back until they hold at most
/// `budget` bytes. False when they hold nothing or cannot get within it (what they must hold
/// is over it). Visits, not a list: this runs at every conversion's end.
fn trim<T: Reusable>(item: &mut T, budget: usize) -> bool {
    // Buffers (by visiting order, the first 64) that can give nothing back.
    let mut stuck = 0u64;
    loop {
        let (mut total, mut largest, mut k) = (0usize, None::<(usize, usize)>, 0usize);
        item.visit_buffers(&mut |buffer| {
            let room = buffer.room();
            total += room;
            if k < 64 && stuck & (1 << k) == 0 && largest.is_none_or(|(_, r)| room > r) {
                largest = Some((k, room));
            }
            k += 1;
        });
        if total == 0 {
            return false;
        }
        if total <= budget {
            return true;
        }
        let Some((target, _)) = largest else { return false };
        let mut k = 0usize;
        item.visit_buffers(&mut |buffer| {
            if k == target && !buffer.halve() {
                stuck |= 1 << k;
            }
            k += 1;
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static SPARE_PAIR: RefCell<Option<Pair>> = const { RefCell::new(None) };
    }

    /// Two buffers, one of which must keep what it holds.
    struct Pair {
        big: Vec<u8>,
        held: Vec<u8>,
    }

    impl Reusable for Pair {
        const SPARE: &'static LocalKey<RefCell<Option<Pair>>> = &SPARE_PAIR;
        fn visit_buffers(&mut self, visit: &mut dyn FnMut(&mut dyn Room)) {
            visit(&mut self.big);
            visit(&mut self.held);
        }
        fn take_buffers(&mut self) -> Pair {
            let mut big = std::mem::take(&mut self.big);
            big.clear();
            Pair { big, held: std::mem::take(&mut self.held) }
        }
    }

    #[test]
    fn buffers_over_the_budget_are_trimmed_largest_first_and_kept() {
        let mut pair = Pair { big: Vec::with_capacity(MAX_KEPT_BYTES), held: vec![1; 100] };
        keep(&mut pair);
        let kept = take::<Pair>().expect("trimmed and kept, not dropped");
        assert!(kept.big.capacity() + kept.held.capacity() <= MAX_KEPT_BYTES / 2);
        assert!(kept.big.capacity() >= MAX_KEPT_BYTES / 8, "only halved as far as needed: {}", kept.big.capacity());
        assert_eq!(kept.held, vec![1; 100], "what a buffer holds is never given back");
    }

    #[test]
    fn buffers_that_must_hold_more_than_the_budget_are_not_kept() {
        let mut pair = Pair { big: Vec::new(), held: vec![0; MAX_KEPT_BYTES] };
        keep(&mut pair);
        assert!(take::<Pair>().is_none());
        let mut empty = Pair { big: Vec::new(), held: Vec::new() };
        keep(&mut empty);
        assert!(take::<Pair>().is_none(), "nothing worth keeping");
    }
}
