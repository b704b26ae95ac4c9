//! Buffers one conversion leaves for the next on the same thread: whatever keeps them (a
//! lattice, a search) says where its thread keeps one ([`Reusable::SPARE`], a thread-local
//! beside its type) and hands over each of its buffers ([`Buffers::each_buffer`]), which are
//! emptied and measured here, so this module knows none of those types.
//!
//! Why: a conversion of twenty kana builds a lattice of hundreds of nodes, grouped twice by
//! position, and searches it with tables sized for every word class; allocating, growing
//! and freeing those afresh for every reading was about a fifth of an exact conversion's
//! instructions (callgrind, docs/PERFORMANCE.md). One set per thread is kept — a converter
//! is shared by threads without a lock, so the set cannot live in it — and only up to
//! [`MAX_KEPT_BYTES`], so one very long reading does not keep its tables for ever.

use std::cell::RefCell;
use std::collections::{BinaryHeap, HashMap};
use std::mem::size_of;
use std::thread::LocalKey;

/// The most a thread keeps (lattice and search together, bytes of room): enough for a
/// reading of about 40 kana with spellings as heard, the most a writer converts at once.
/// Longer readings free theirs, so a long one now and then costs no memory for ever: with
/// 512 KiB, anonymous memory after 10^4 conversions of the benchmark's readings was about
/// 200 KiB above the build without kept buffers. With 128 KiB, the buffers of about 3 in 10
/// of the benchmark's heard conversions were freed (3.5 % more instructions than with 256
/// KiB); with 256 KiB, after the backward search queued fewer states, anonymous memory stays
/// below the build before that (`bench_conversion memory`, docs/PERFORMANCE.md).
pub const MAX_KEPT_BYTES: usize = 256 * 1024;

/// The most a thread keeps of a search's buffers: 120,384 bytes, a little under its half of
/// [`MAX_KEPT_BYTES`] (131,072). Keeping up to the whole half kept more of the longer
/// readings' tables and raised anonymous memory after 10^4 conversions of the benchmark's
/// readings by about 40 KiB (median of five runs; `bench_conversion memory`,
/// docs/PERFORMANCE.md).
pub const MAX_KEPT_SEARCH_BYTES: usize = 120_384;

/// One buffer whose room can be handed on.
pub trait Buffer {
    /// Makes it ready for its next user with its room kept (a vector is cleared).
    fn empty(&mut self);
    /// Bytes of room it holds (what keeping it costs).
    fn bytes(&self) -> usize;
}

impl<T> Buffer for Vec<T> {
    fn empty(&mut self) {
        self.clear();
    }

    fn bytes(&self) -> usize {
        self.capacity() * size_of::<T>()
    }
}

impl Buffer for String {
    fn empty(&mut self) {
        self.clear();
    }

    fn bytes(&self) -> usize {
        self.capacity()
    }
}

impl<T: Ord> Buffer for BinaryHeap<T> {
    fn empty(&mut self) {
        self.clear();
    }

    fn bytes(&self) -> usize {
        self.capacity() * size_of::<T>()
    }
}

impl<K, V, S> Buffer for HashMap<K, V, S> {
    fn empty(&mut self) {
        self.clear();
    }

    fn bytes(&self) -> usize {
        self.capacity() * size_of::<(K, V)>()
    }
}

/// Something made of buffers (a lattice, a search, or a part of one).
pub trait Buffers {
    /// Hands each of its buffers to `visit`, those of its parts too. Implementations name
    /// every field in one pattern without `..`, so a buffer added later cannot be left out of
    /// the emptying and the measuring: the pattern no longer compiles until it is handed on
    /// (or named as no buffer, `field: _`).
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer));
}

/// What keeps buffers worth handing on: a lattice, a search. Its empty value
/// ([`Default`]) is what it is made of when the thread has no spare.
pub trait Reusable: Buffers + Default + 'static {
    /// Where this thread keeps one (a thread-local beside the type).
    const SPARE: &'static LocalKey<RefCell<Option<Self>>>;
    /// The most room kept.
    const MAX_KEPT: usize = MAX_KEPT_BYTES / 2;
}

/// An empty one with the room of the last one dropped on this thread, if any.
pub fn take<T: Reusable>() -> Option<T> {
    T::SPARE.try_with(|spare| spare.try_borrow_mut().ok()?.take()).ok().flatten()
}

/// Keeps the buffers of `item` (being dropped), emptied, for the next one, if they are not
/// too big (each kind gets at most [`Reusable::MAX_KEPT`], half of [`MAX_KEPT_BYTES`] unless
/// it says otherwise). Does nothing while the thread is ending or the spare is in use.
pub fn keep<T: Reusable>(item: &mut T) {
    let mut bytes = 0;
    item.each_buffer(&mut |buffer| bytes += buffer.bytes());
    if bytes == 0 || bytes > T::MAX_KEPT {
        return;
    }
    let _ = T::SPARE.try_with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut() {
            if spare.is_none() {
                item.each_buffer(&mut |buffer| buffer.empty());
                *spare = Some(std::mem::take(item));
            }
        }
    });
}
