//! The as-heard walks of the last input on this thread, kept for the next one: live
//! conversion converts the whole composition at every keystroke, and the walks from all but
//! the last few starts read only characters the keystroke did not change. A walk reads the
//! input from its start up to a point (`HeardWalk::reach`) and nothing after it, not even
//! whether the input ends there, so a walk kept from an input that has the same characters up
//! to that point is the walk of the new one, found again without a lookup; the same input
//! again (space after live conversion) keeps every walk. Most of a live
//! request's as-heard walking is so spared; the lattice is built from the walks exactly as
//! before (`lattice/build.rs`).

use super::walk::{HeardWalk, Input, SavedWalk, StartKeys};
use super::HeardCosts;
use std::cell::RefCell;

/// The longest input whose walks are kept: a composition typed without committing; a longer
/// input's walks (a few KB per start) are not kept.
const MAX_KEPT_CHARS: usize = 160;

/// The walks of the last input, start by start.
#[derive(Default)]
pub struct WalkMemo {
    /// What the walks were made with: the dictionary (`Dictionary::serial`) and the costs.
    dictionary: u64,
    costs: Option<HeardCosts>,
    /// The input (as looked up) they were made for.
    lookup: Vec<char>,
    /// The walk from each start, or None where none is kept for the current input.
    starts: Vec<Option<SavedWalk>>,
    /// The walks no longer kept, whose buffers the next saved walks take.
    free: Vec<SavedWalk>,
}

thread_local! {
    /// The last input's walks on this thread (taken while a lattice is built).
    static MEMO: RefCell<Option<WalkMemo>> = const { RefCell::new(None) };
}

impl WalkMemo {
    /// This thread's memo, ready for the walks over `input`: it keeps the walks that read only
    /// characters `input` shares with the input they were made for. None when the input is
    /// too long to keep (or the memo is taken).
    pub fn take(input: &Input) -> Option<WalkMemo> {
        if input.lookup.len() > MAX_KEPT_CHARS {
            return None;
        }
        let mut memo = MEMO.try_with(|m| m.try_borrow_mut().ok().map(|mut m| m.take().unwrap_or_default())).ok().flatten()?;
        let same_source = memo.dictionary == input.dictionary.serial() && memo.costs.as_ref() == Some(input.costs);
        // How many characters the input shares with the last one from its start.
        let shared = if same_source { memo.lookup.iter().zip(input.lookup).take_while(|(a, b)| a == b).count() } else { 0 };
        // The same input again (space opening the conversion live conversion showed): a walk
        // that read up to the end and found it there finds the same again, so every walk holds.
        let same_input = same_source && memo.lookup.len() == input.lookup.len() && shared == input.lookup.len();
        let shared = if same_input { usize::MAX } else { shared };
        for slot in memo.starts.iter_mut() {
            if slot.as_ref().is_some_and(|saved| saved.reach > shared) {
                memo.free.extend(slot.take());
            }
        }
        memo.dictionary = input.dictionary.serial();
        memo.costs = Some(*input.costs);
        memo.lookup.clear();
        memo.lookup.extend_from_slice(input.lookup);
        Some(memo)
    }

    /// [`HeardWalk::find`] from `start`, or the walk kept for it.
    #[inline]
    pub fn find(&mut self, walk: &mut HeardWalk, input: &Input, start: usize, keys: &mut StartKeys) -> bool {
        if let Some(saved) = self.starts.get(start).and_then(Option::as_ref) {
            return walk.restore(input.dictionary, saved, keys);
        }
        let complete = walk.find(input, start, keys);
        if self.starts.len() <= start {
            self.starts.resize_with(start + 1, || None);
        }
        let mut saved = self.free.pop().unwrap_or_default();
        walk.save(keys, complete, &mut saved);
        self.starts[start] = Some(saved);
        complete
    }

    /// Gives the memo back to the thread, keeping the walks of the current input only.
    pub fn keep(mut self) {
        let n = self.lookup.len();
        if self.starts.len() > n {
            let gone: Vec<SavedWalk> = self.starts.drain(n..).flatten().collect();
            self.free.extend(gone);
        }
        let _ = MEMO.try_with(|m| {
            if let Ok(mut m) = m.try_borrow_mut() {
                *m = Some(self);
            }
        });
    }
}
