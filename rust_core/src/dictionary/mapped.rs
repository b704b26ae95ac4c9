//! The dictionary file's bytes: memory-mapped read-only where the platform has POSIX
//! `mmap` (clean, file-backed pages an iOS extension is not charged for), read into
//! memory elsewhere or when mapping fails. Standard library only: the two libc calls
//! are declared here.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Bytes of a dictionary file.
pub enum FileBytes {
    #[cfg(unix)]
    Mapped(Mapping),
    Owned(Vec<u8>),
}

impl FileBytes {
    /// Maps `path` (or reads it when it cannot be mapped). The caller names the file in errors.
    pub fn open(path: &Path) -> Result<FileBytes, String> {
        let mut file = File::open(path).map_err(|e| format!("cannot open: {e}"))?;
        let len = file.metadata().map_err(|e| format!("cannot read its size: {e}"))?.len();
        #[cfg(unix)]
        if len > 0 && len <= isize::MAX as u64 {
            if let Some(mapping) = Mapping::new(&file, len as usize) {
                return Ok(FileBytes::Mapped(mapping));
            }
        }
        let mut bytes = Vec::with_capacity(len as usize);
        file.read_to_end(&mut bytes).map_err(|e| format!("cannot read: {e}"))?;
        Ok(FileBytes::Owned(bytes))
    }

    pub fn as_slice(&self) -> &[u8] {
        match self {
            #[cfg(unix)]
            FileBytes::Mapped(m) => m.as_slice(),
            FileBytes::Owned(v) => v,
        }
    }

    /// Whether the bytes are a file-backed mapping (reported by `rust_dictionary_info`).
    pub fn is_mapped(&self) -> bool {
        match self {
            #[cfg(unix)]
            FileBytes::Mapped(_) => true,
            FileBytes::Owned(_) => false,
        }
    }
}

#[cfg(unix)]
mod ffi {
    use std::ffi::c_void;
    pub const PROT_READ: i32 = 1;
    /// MAP_PRIVATE is 2 on Linux and on Darwin.
    pub const MAP_PRIVATE: i32 = 2;
    extern "C" {
        pub fn mmap(addr: *mut c_void, len: usize, prot: i32, flags: i32, fd: i32, offset: i64) -> *mut c_void;
        pub fn munmap(addr: *mut c_void, len: usize) -> i32;
    }
}

/// A read-only private mapping of a whole file, unmapped on drop.
#[cfg(unix)]
pub struct Mapping {
    ptr: *const u8,
    len: usize,
}

// The mapping is read-only and never written through, so sharing it between threads is
// as safe as sharing a `&[u8]`.
#[cfg(unix)]
unsafe impl Send for Mapping {}
#[cfg(unix)]
unsafe impl Sync for Mapping {}

#[cfg(unix)]
impl Mapping {
    fn new(file: &File, len: usize) -> Option<Mapping> {
        use std::os::fd::AsRawFd;
        // SAFETY: a fresh read-only private mapping of an open file; the kernel chooses the
        // address. A file truncated by someone else after this call would turn reads past
        // its new end into SIGBUS; the dictionary folder belongs to the app, which only
        // replaces files by rename, so the mapped inode never shrinks.
        let ptr = unsafe { ffi::mmap(std::ptr::null_mut(), len, ffi::PROT_READ, ffi::MAP_PRIVATE, file.as_raw_fd(), 0) };
        if ptr.is_null() || ptr as isize == -1 {
            return None;
        }
        Some(Mapping { ptr: ptr as *const u8, len })
    }

    fn as_slice(&self) -> &[u8] {
        // SAFETY: ptr..ptr+len is a live mapping owned by self.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

#[cfg(unix)]
impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: unmapping exactly the region mapped in `new`; no slices outlive self.
        unsafe {
            ffi::munmap(self.ptr as *mut std::ffi::c_void, self.len);
        }
    }
}
