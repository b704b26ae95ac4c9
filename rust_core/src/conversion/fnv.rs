//! FNV-1a, the hash of the converter's small tables keyed by a few bytes of text or by a hash
//! already made: the standard hasher's setup (SipHash, keyed per table) cost more than these
//! lookups. No input can make them slow: the tables keyed by text are built from bundled data,
//! and the others hold a search's own states.

use std::hash::Hasher;

const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// `hash` (from `seed`, or the start of FNV-1a) extended by `bytes`.
pub fn extend(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME))
}

/// A seed for [`extend`] that mixes `value` into the start of FNV-1a.
pub fn seed(value: u64) -> u64 {
    OFFSET ^ value
}

/// FNV-1a over the bytes written; a `u64` written alone (a key that is a hash already) is
/// taken as it is.
pub struct FnvHasher(u64);

impl Default for FnvHasher {
    fn default() -> FnvHasher {
        FnvHasher(OFFSET)
    }
}

impl Hasher for FnvHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = extend(self.0, bytes);
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}
