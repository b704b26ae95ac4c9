//! The readings a lattice's words as heard were found under (`NodeText::OtherReading`), kept in one
//! buffer: a heard conversion finds a hundred or more, and a `String` each was most of its
//! lattice's allocations.

use crate::conversion::spare::{Buffer, Buffers};

/// Readings one after another in one text.
#[derive(Debug, Clone, Default)]
pub struct Readings {
    text: String,
    /// Where each reading ends in `text` (it starts where the one before ends).
    ends: Vec<u32>,
}

impl Readings {
    /// The number of readings.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Reading `index`.
    pub fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(index)? as usize;
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i] as usize);
        self.text.get(start..end)
    }

    /// Adds a reading, returning its index.
    pub fn push(&mut self, reading: &str) -> u32 {
        self.text.push_str(reading);
        self.close()
    }

    /// Adds the reading whose characters `reversed` holds last first (as the as-heard walk
    /// finds them, `HeardWalk::reading_reversed`), returning its index.
    pub fn push_reversed(&mut self, reversed: &[char]) -> u32 {
        self.text.extend(reversed.iter().rev());
        self.close()
    }

    /// Empties it, keeping its room.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// Appends `other`'s readings `range` (indices into `other`), returning the index the first
    /// of them has here.
    pub fn extend_from(&mut self, other: &Readings, range: std::ops::Range<usize>) -> u32 {
        let first = self.ends.len() as u32;
        let (Some(from), Some(to)) = (range.start.checked_sub(1).map_or(Some(0), |i| other.ends.get(i).map(|&e| e as usize)), range.end.checked_sub(1).map_or(Some(0), |i| other.ends.get(i).map(|&e| e as usize))) else {
            return first;
        };
        let base = self.text.len() as u32;
        self.text.push_str(other.text.get(from..to).unwrap_or(""));
        self.ends.extend(other.ends[range].iter().map(|&e| e - from as u32 + base));
        first
    }

    /// Ends the reading whose characters were appended to `text` since the last one.
    fn close(&mut self) -> u32 {
        self.ends.push(self.text.len() as u32);
        self.ends.len() as u32 - 1
    }
}

impl Buffers for Readings {
    fn each_buffer(&mut self, visit: &mut dyn FnMut(&mut dyn Buffer)) {
        let Readings { text, ends } = self;
        visit(text);
        visit(ends);
    }
}
