//! Buffers one conversion leaves for the next on the same thread: a lattice's node and
//! position tables, and the searches' tables.
//!
//! Why: a conversion of twenty kana builds a lattice of hundreds of nodes, grouped twice by
//! position, and searches it with tables sized for every word class; allocating, growing
//! and freeing those afresh for every reading was about a fifth of an exact conversion's
//! instructions (callgrind, docs/PERFORMANCE.md). One set per thread is kept — a converter
//! is shared by threads without a lock, so the set cannot live in it — and only up to
//! [`MAX_KEPT_BYTES`], so one very long reading does not keep its tables for ever.

use super::lattice::Lattice;
use super::search::Search;
use std::cell::RefCell;
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

/// The most a thread keeps of a search's buffers: a little under its half of
/// [`MAX_KEPT_BYTES`]. The search's table of groups by class (10.7 KB with Mozc's classes)
/// went (`search::group_by_right`); keeping the rest up to the whole half kept more of the
/// longer readings' tables and raised anonymous memory after 10^4 conversions by about 40 KiB
/// (median of five runs; `bench_conversion memory`), so the search keeps what it kept before.
pub const MAX_KEPT_SEARCH_BYTES: usize = MAX_KEPT_BYTES / 2 - 10_688;

thread_local! {
    pub(super) static SPARE_LATTICE: RefCell<Option<Lattice>> = const { RefCell::new(None) };
    pub(super) static SPARE_SEARCH: RefCell<Option<Search>> = const { RefCell::new(None) };
}

/// What keeps buffers worth handing on: a lattice, a search (each implements it beside its
/// fields).
pub trait Reusable: Sized + 'static {
    /// Where this thread keeps one.
    const SPARE: &'static LocalKey<RefCell<Option<Self>>>;
    /// The most room kept.
    const MAX_KEPT: usize = MAX_KEPT_BYTES / 2;
    /// Bytes of room its buffers hold (what keeping them costs).
    fn buffer_bytes(&self) -> usize;
    /// Empties it and moves its buffers, their room kept, into a new one.
    fn take_buffers(&mut self) -> Self;
}

/// An empty one with the room of the last one dropped on this thread, if any.
pub fn take<T: Reusable>() -> Option<T> {
    T::SPARE.try_with(|spare| spare.try_borrow_mut().ok()?.take()).ok().flatten()
}

/// Keeps the buffers of `item` (being dropped) for the next one, if they are not too big
/// (each kind gets at most [`Reusable::MAX_KEPT`], half of [`MAX_KEPT_BYTES`] unless it says
/// otherwise). Does nothing while the thread is ending or the spare is in use.
pub fn keep<T: Reusable>(item: &mut T) {
    let bytes = item.buffer_bytes();
    if bytes == 0 || bytes > T::MAX_KEPT {
        return;
    }
    let _ = T::SPARE.try_with(|spare| {
        if let Ok(mut spare) = spare.try_borrow_mut() {
            if spare.is_none() {
                *spare = Some(item.take_buffers());
            }
        }
    });
}
