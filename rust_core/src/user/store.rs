//! A user store kept in a directory: the two files, what happens when one is damaged or
//! the directory cannot be written, and saving after every change.

use super::file::{self, Kind};
use super::UserData;
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
    data: Arc<UserData>,
}

fn slot(kind: Kind) -> usize {
    match kind {
        Kind::Learning => 0,
        Kind::Words => 1,
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
        let mut store = UserStore { directory: dir, persistent, writable: [true, true], data: Arc::new(UserData::default()) };
        let mut data = UserData::default();
        for kind in [Kind::Learning, Kind::Words] {
            store.load(kind, &mut data, &mut warnings);
        }
        store.data = Arc::new(data);
        Ok((store, warnings))
    }

    fn path(&self, kind: Kind) -> PathBuf {
        self.directory.join(kind.file_name())
    }

    fn load(&mut self, kind: Kind, data: &mut UserData, warnings: &mut Vec<String>) {
        let path = self.path(kind);
        if self.persistent {
            for name in file::clean_temporaries(&path) {
                warnings.push(format!("user store {}: removed {name}, left by a save that was interrupted (the file before it is intact)", self.directory.display()));
            }
        }
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
            Err(e) => {
                if self.persistent {
                    // Never overwrite what could not be read.
                    self.writable[slot(kind)] = false;
                    warnings.push(format!("user store {}: cannot read it ({e}); it is left as it is and changes stay in memory", path.display()));
                }
                return;
            }
        };
        let mut loaded = data.clone();
        match file::read(kind, &bytes, &mut loaded) {
            Ok(()) => *data = loaded,
            Err(problem) => {
                let what = if kind == Kind::Learning { "learning starts fresh" } else { "the user dictionary starts empty" };
                match file::set_aside(&path) {
                    Ok(aside) => warnings.push(format!("user store {}: {problem}; moved to {}, {what}", path.display(), aside.display())),
                    Err(e) => {
                        self.writable[slot(kind)] = false;
                        warnings.push(format!("user store {}: {problem}; {e}, so it is left as it is, {what} and changes stay in memory", path.display()));
                    }
                }
            }
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

    /// Saves one file now.
    pub fn save(&self, kind: Kind) -> Saved {
        let path = self.path(kind);
        if !self.persistent {
            return Saved { saved: false, warnings: vec![format!("user store {}: not writable, the change stays in memory", self.directory.display())] };
        }
        if !self.writable[slot(kind)] {
            return Saved { saved: false, warnings: vec![format!("user store {}: could not be read or set aside at open, so it is not overwritten; the change stays in memory", path.display())] };
        }
        let bytes = match kind {
            Kind::Learning => file::write_learning(&self.data),
            Kind::Words => file::write_words(&self.data),
        };
        match file::write_atomic(&path, &bytes) {
            Ok(()) => Saved { saved: true, warnings: Vec::new() },
            Err(e) => Saved { saved: false, warnings: vec![format!("user store {}: {e}; the change stays in memory", path.display())] },
        }
    }

    /// Changes the data with `change` and saves `kind` if it reports a change.
    pub fn change<T>(&mut self, kind: Kind, change: impl FnOnce(&mut UserData) -> (T, bool)) -> (T, Saved) {
        let (result, changed) = change(Arc::make_mut(&mut self.data));
        let saved = if changed { self.save(kind) } else { Saved { saved: true, warnings: Vec::new() } };
        (result, saved)
    }

    /// Learns a committed conversion (checked first) and saves.
    pub fn learn(&mut self, reading: &str, segments: &[(String, String)]) -> Result<Saved, String> {
        self.learn_after(None, reading, segments)
    }

    /// [`UserStore::learn`] after the word `before` (the left context's word): the choices
    /// are also remembered after it (`UserData::learn_after`).
    pub fn learn_after(&mut self, before: Option<&str>, reading: &str, segments: &[(String, String)]) -> Result<Saved, String> {
        super::check_commit(reading, segments)?;
        Ok(self.change(Kind::Learning, |d| (d.learn_after(before, reading, segments), true)).1)
    }
}
