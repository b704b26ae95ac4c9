//! A hint to the memory system that a byte of the mapped file will be read soon.
//!
//! Conversion waits on loads from the dictionary at random places: the entry records of
//! the keys a trie walk finds, asked for as it finds them, load while it goes on instead of
//! each stalling the read that needs it; so do the children's labels of a partial match of
//! the as-heard search, and what their bounds are read from (the trie's top table or its
//! samples), asked for when the match is found and read when it is extended
//! (`Dictionary::trie_child_span`); the trie walk asks for a node's children's bounds while
//! it searches their labels. (Matrix cells asked for ahead of the forward pass
//! gained nothing measurable, and a wider net of them cost 13 %.) Only a hint: it never
//! faults, changes no result, and compiles to nothing on targets without one.

/// Asks for the cache line holding `bytes[at]`; nothing when `at` is outside `bytes`.
#[inline(always)]
pub fn prefetch(bytes: &[u8], at: usize) {
    if at >= bytes.len() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `at` is inside `bytes`, and a prefetch reads nothing the program sees.
    unsafe {
        std::arch::x86_64::_mm_prefetch(bytes.as_ptr().add(at) as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: `at` is inside `bytes`; PRFM is a hint that neither faults nor writes.
    unsafe {
        std::arch::asm!("prfm pldl1keep, [{0}]", in(reg) bytes.as_ptr().add(at), options(nostack, preserves_flags, readonly));
    }
}
