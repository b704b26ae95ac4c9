//! The user store's advisory lock (docs/LEARNING.md, "More than one process"): a file
//! `store.lock` in the store's directory, locked exclusively (`File::try_lock`, then
//! `File::lock` on a waiting thread; flock on Linux and Apple systems) around every
//! read-merge-write and around the cleaning of temporary files at open. The operating system releases it when its holder exits or is
//! killed, so a writer that died never blocks the others, and a temporary file found by
//! whoever holds the lock has no living writer.

use crate::limits;
use std::fs::{File, OpenOptions, TryLockError};
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

/// Name of the lock file; it is never removed (removing a lock file lets two holders in).
pub const LOCK_FILE: &str = "store.lock";

/// The held lock; released when dropped (closing the file releases it).
#[derive(Debug)]
pub struct StoreLock {
    _file: File,
}

/// Takes the lock of the store in `directory`, waiting up to
/// `limits::USER_STORE_LOCK_WAIT_MS` for another process to release it. The error says
/// why (the caller names the store).
pub fn lock(directory: &Path) -> Result<StoreLock, String> {
    let path = directory.join(LOCK_FILE);
    let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path).map_err(|e| format!("cannot open its lock file {} ({e})", path.display()))?;
    match file.try_lock() {
        Ok(()) => return Ok(StoreLock { _file: file }),
        Err(TryLockError::WouldBlock) => {}
        Err(TryLockError::Error(e)) => return Err(format!("cannot lock {} ({e})", path.display())),
    }
    // Held by another process: wait in the kernel's queue (a blocking lock, woken when it
    // is released — polling could miss every short gap between another writer's saves), on
    // a thread so the wait can end. The lock belongs to the open file both handles share:
    // if the wait is abandoned, closing both handles releases whatever the thread got.
    let waiter = file.try_clone().map_err(|e| format!("cannot lock {} ({e})", path.display()))?;
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(waiter.lock());
    });
    match receiver.recv_timeout(Duration::from_millis(limits::USER_STORE_LOCK_WAIT_MS)) {
        Ok(Ok(())) => Ok(StoreLock { _file: file }),
        Ok(Err(e)) => Err(format!("cannot lock {} ({e})", path.display())),
        Err(_) => Err(format!("another process held its lock {} for over {} ms", path.display(), limits::USER_STORE_LOCK_WAIT_MS)),
    }
}
