//! A user store kept in a directory: the two files, what happens when one is damaged or
//! the directory cannot be written, and saving after every change.
//!
//! Several processes may share the directory (the app and its keyboard extension through
//! an App Group, two keyboard processes on an iPad). Every save runs under the store's
//! lock ([`super::lock`]) and first merges: when the file on disk is no longer the one
//! this store last read or wrote, it is read again and this store's unsaved changes are
//! replayed over it, so what another process saved is kept, then the new change is
//! applied and the whole file written atomically. docs/LEARNING.md, "More than one
//! process", states what is guaranteed.

use super::change::Change;
use super::file::{self, Kind};
use super::lock;
use super::UserData;
use crate::dictionary::format::checksum;
use crate::limits;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The outcome of a change: whether it reached the disk, and what went wrong if not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Saved {
    pub saved: bool,
    pub warnings: Vec<String>,
}

/// The user store of one directory.
#[derive(Debug)]
pub struct UserStore {
    directory: PathBuf,
    /// Whether the directory takes writes; when not, learning stays in memory.
    persistent: bool,
    /// Per file (learning, words): whether saving it is allowed (not when it exists but
    /// could not be read, so it is never overwritten blindly).
    writable: [bool; 2],
    /// Per file: the checksum of its bytes as this store last read or wrote them (None:
    /// there was no file). A file on disk with other bytes was saved by another process.
    known: [Option<u64>; 2],
    /// Per file: the changes made here since its last successful save (a save failed),
    /// replayed over the file when another process changed it.
    unsaved: [Vec<Change>; 2],
    data: Arc<UserData>,
}

fn slot(kind: Kind) -> usize {
    match kind {
        Kind::Learning => 0,
        Kind::Words => 1,
    }
}

/// Empties the part of `data` that `kind`'s file holds.
fn clear(kind: Kind, data: &mut UserData) {
    match kind {
        Kind::Learning => {
            data.tick = 0;
            data.segments.clear();
            data.phrases.clear();
        }
        Kind::Words => data.words.clear(),
    }
}

impl UserStore {
    /// Opens (creating if needed) the store in `directory`. Damaged files are set aside
    /// and start empty, an unwritable directory keeps the store in memory: both reported as
    /// warnings. Errs only when `directory` itself is unusable as an argument.
    pub fn open(directory: &str) -> Result<(UserStore, Vec<String>), String> {
        if directory.is_empty() {
            return Err("directory is empty".to_string());
        }
        if directory.len() > limits::MAX_PATH_BYTES {
            return Err(format!("directory is {} bytes, over the limit of {}", directory.len(), limits::MAX_PATH_BYTES));
        }
        let dir = PathBuf::from(directory);
        let mut warnings = Vec::new();
        let mut persistent = true;
        if let Err(e) = fs::create_dir_all(&dir) {
            persistent = false;
            warnings.push(format!("user store {}: cannot create the directory ({e}); learning stays in memory", dir.display()));
        } else {
            let probe = dir.join(format!(".cime-probe-{}", std::process::id()));
            match fs::write(&probe, b"") {
                Ok(()) => {
                    let _ = fs::remove_file(&probe);
                }
                Err(e) => {
                    persistent = false;
                    warnings.push(format!("user store {}: cannot write there ({e}); learning stays in memory", dir.display()));
                }
            }
        }
        let mut store = UserStore { directory: dir, persistent, writable: [true, true], known: [None, None], unsaved: [Vec::new(), Vec::new()], data: Arc::new(UserData::default()) };
        // Under the lock, no other process is saving: a temporary file found now was left
        // by a save that died, and a damaged file can be set aside without a race.
        let held = if persistent {
            match lock::lock(&store.directory) {
                Ok(held) => Some(held),
                Err(e) => {
                    warnings.push(format!("user store {}: {e}; opened without cleaning temporary files", store.directory.display()));
                    None
                }
            }
        } else {
            None
        };
        let mut data = UserData::default();
        for kind in [Kind::Learning, Kind::Words] {
            if held.is_some() {
                for name in file::clean_temporaries(&store.path(kind)) {
                    warnings.push(format!("user store {}: removed {name}, left by a save that was interrupted (the file before it is intact)", store.directory.display()));
                }
            }
            if let Err(e) = store.load(kind, &mut data, &mut warnings) {
                if persistent {
                    // Never overwrite what could not be read.
                    store.writable[slot(kind)] = false;
                    warnings.push(format!("user store {}: cannot read it ({e}); it is left as it is and changes stay in memory", store.path(kind).display()));
                }
            }
        }
        drop(held);
        store.data = Arc::new(data);
        Ok((store, warnings))
    }

    fn path(&self, kind: Kind) -> PathBuf {
        self.directory.join(kind.file_name())
    }

    /// Reads `kind`'s file into `data` when it is not the one this store knows (at open:
    /// when there is one), replaying the unsaved changes over it. A damaged file is set
    /// aside (then `data` keeps what it held). Errs when the file exists but cannot be
    /// read: the caller must then not overwrite it.
    fn load(&mut self, kind: Kind, data: &mut UserData, warnings: &mut Vec<String>) -> Result<(), String> {
        let path = self.path(kind);
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // Removed since this store read or wrote it (the writer deleted the store):
                // what is left is what was changed here since.
                if self.known[slot(kind)].take().is_some() {
                    clear(kind, data);
                    self.replay(kind, data);
                }
                return Ok(());
            }
            Err(e) => return Err(e.to_string()),
        };
        let sum = checksum(&bytes);
        if self.known[slot(kind)] == Some(sum) {
            return Ok(());
        }
        let mut loaded = data.clone();
        match file::read(kind, &bytes, &mut loaded) {
            Ok(()) => {
                *data = loaded;
                self.known[slot(kind)] = Some(sum);
                self.replay(kind, data);
            }
            Err(problem) => {
                self.known[slot(kind)] = None;
                let mut empty = data.clone();
                clear(kind, &mut empty);
                let what = match (kind, *data == empty) {
                    (Kind::Learning, true) => "learning starts fresh",
                    (Kind::Words, true) => "the user dictionary starts empty",
                    (Kind::Learning, false) => "learning goes on from what this process holds",
                    (Kind::Words, false) => "the user dictionary goes on from what this process holds",
                };
                match file::set_aside(&path) {
                    Ok(aside) => warnings.push(format!("user store {}: {problem}; moved to {}, {what}", path.display(), aside.display())),
                    Err(e) => {
                        self.writable[slot(kind)] = false;
                        warnings.push(format!("user store {}: {problem}; {e}, so it is left as it is, {what} and changes stay in memory", path.display()));
                    }
                }
            }
        }
        Ok(())
    }

    /// Applies the unsaved changes of `kind` to `data` again (over what another process saved).
    fn replay(&self, kind: Kind, data: &mut UserData) {
        for change in &self.unsaved[slot(kind)] {
            let _ = change.apply(data);
        }
    }

    pub fn directory(&self) -> &Path {
        &self.directory
    }

    pub fn is_persistent(&self) -> bool {
        self.persistent
    }

    /// The current contents, shared (conversions hold this while they run).
    pub fn data(&self) -> Arc<UserData> {
        self.data.clone()
    }

    /// Makes `change` and saves its file: under the store's lock, merges what another
    /// process saved since this store read the file, applies the change, writes the whole
    /// file. The change is made in memory even when it cannot be saved (then `saved` is
    /// false and a warning says why). Returns what [`Change::apply`] returned.
    pub fn apply(&mut self, change: Change) -> (Result<usize, String>, Saved) {
        let kind = change.kind();
        let mut warnings = Vec::new();
        let refusal = if !self.persistent {
            Some(format!("user store {}: not writable, the change stays in memory", self.directory.display()))
        } else if !self.writable[slot(kind)] {
            Some(format!("user store {}: could not be read or set aside at open, so it is not overwritten; the change stays in memory", self.path(kind).display()))
        } else {
            None
        };
        let held = match refusal {
            Some(_) => None,
            None => match lock::lock(&self.directory) {
                Ok(held) => Some(held),
                Err(e) => {
                    warnings.push(format!("user store {}: {e}; the change stays in memory and is saved with the next one", self.directory.display()));
                    None
                }
            },
        };
        let mut data = (*self.data).clone();
        let mut held = held;
        if held.is_some() {
            if let Err(e) = self.load(kind, &mut data, &mut warnings) {
                // What cannot be read cannot be merged, so it is not overwritten this time.
                warnings.push(format!("user store {}: cannot read it to merge ({e}), so it is not overwritten; the change stays in memory and is saved with the next one", self.path(kind).display()));
                held = None;
            }
        }
        let result = change.apply(&mut data);
        let changed = matches!(result, Ok(n) if n > 0);
        if !changed {
            // Nothing to save, but what the merge brought in is kept.
            self.data = Arc::new(data);
            return (result, Saved { saved: true, warnings });
        }
        let saved = match (&refusal, &held) {
            (Some(refusal), _) => {
                warnings.insert(0, refusal.clone());
                false
            }
            (None, None) => {
                self.remember_unsaved(kind, change);
                false
            }
            (None, Some(_)) => {
                let bytes = match kind {
                    Kind::Learning => file::write_learning(&data),
                    Kind::Words => file::write_words(&data),
                };
                match file::write_atomic(&self.path(kind), &bytes) {
                    Ok(()) => {
                        self.known[slot(kind)] = Some(checksum(&bytes));
                        self.unsaved[slot(kind)].clear();
                        true
                    }
                    Err(e) => {
                        warnings.push(format!("user store {}: {e}; the change stays in memory and is saved with the next one", self.path(kind).display()));
                        self.remember_unsaved(kind, change);
                        false
                    }
                }
            }
        };
        drop(held);
        self.data = Arc::new(data);
        (result, Saved { saved, warnings })
    }

    fn remember_unsaved(&mut self, kind: Kind, change: Change) {
        let unsaved = &mut self.unsaved[slot(kind)];
        if unsaved.len() >= limits::MAX_UNSAVED_CHANGES {
            unsaved.remove(0);
        }
        unsaved.push(change);
    }

    /// Learns a committed conversion (checked first) and saves.
    pub fn learn(&mut self, reading: &str, segments: &[(String, String)]) -> Result<Saved, String> {
        self.learn_after(None, reading, segments)
    }

    /// [`UserStore::learn`] after the word `before` (the left context's word): the choices
    /// are also remembered after it (`UserData::learn_after`).
    pub fn learn_after(&mut self, before: Option<&str>, reading: &str, segments: &[(String, String)]) -> Result<Saved, String> {
        super::check_commit(reading, segments)?;
        Ok(self.apply(Change::Learn { before: before.map(str::to_string), reading: reading.to_string(), segments: segments.to_vec() }).1)
    }
}
