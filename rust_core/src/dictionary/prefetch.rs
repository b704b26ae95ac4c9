//! A hint to the memory system that a byte of the mapped file will be read soon.
//!
//! Conversion waits on loads from the dictionary at random places (entry records, matrix
//! cells): asked for together, before the code that needs them, they overlap instead of each
//! waiting its turn. Only a hint: it never faults, changes no result, and compiles to nothing
//! on targets without one.

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
