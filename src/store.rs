//! State that outlives the process: decks, the Funhouse run and its history.
//!
//! Each kind of state is one JSON file in the data directory, read when a
//! command needs it and written back at once, so a one-shot command in a
//! shell and an open REPL see the same decks and the same run. Writes go to
//! a temporary file that is renamed over the old one: a crash mid-write
//! leaves the old file whole. A file that will not parse is moved aside
//! under a backup name and reported, never overwritten.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot save {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path} is damaged ({reason}); it was kept aside as {backup} and a fresh one will be started"
    )]
    Damaged {
        path: PathBuf,
        backup: PathBuf,
        reason: String,
    },
}

/// The data directory. Nothing is created until something is saved.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    pub fn path(&self, file: &str) -> PathBuf {
        self.dir.join(file)
    }

    /// Read `file`, or `None` if it does not exist yet.
    pub fn load<T: DeserializeOwned>(&self, file: &str) -> Result<Option<T>, StoreError> {
        let path = self.path(file);
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                return Err(self.set_aside(&path, "not UTF-8 text".into()));
            }
            Err(source) => return Err(StoreError::Read { path, source }),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| self.set_aside(&path, e.to_string()))
    }

    /// Like `load`, for state that passed parsing but failed a check.
    pub fn reject(&self, file: &str, reason: String) -> StoreError {
        self.set_aside(&self.path(file), reason)
    }

    fn set_aside(&self, path: &Path, reason: String) -> StoreError {
        let mut n = 1;
        let backup = loop {
            let candidate = path.with_extension(format!("json.damaged-{n}"));
            if !candidate.exists() {
                break candidate;
            }
            n += 1;
        };
        match fs::rename(path, &backup) {
            Ok(()) => StoreError::Damaged {
                path: path.to_path_buf(),
                backup,
                reason,
            },
            Err(source) => StoreError::Read {
                path: path.to_path_buf(),
                source,
            },
        }
    }

    /// Write `value` to `file` atomically (temporary file, then rename).
    pub fn save<T: Serialize>(&self, file: &str, value: &T) -> Result<(), StoreError> {
        let path = self.path(file);
        let werr = |source| StoreError::Write {
            path: path.clone(),
            source,
        };
        fs::create_dir_all(&self.dir).map_err(werr)?;
        let tmp = self.dir.join(format!(".{file}.tmp-{}", std::process::id()));
        let text = serde_json::to_string_pretty(value).expect("state serialises");
        let mut f = fs::File::create(&tmp).map_err(werr)?;
        f.write_all(text.as_bytes()).map_err(werr)?;
        f.write_all(b"\n").map_err(werr)?;
        f.sync_all().map_err(werr)?;
        fs::rename(&tmp, &path).map_err(werr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::new(dir.path().join("d"));
        assert_eq!(store.load::<Vec<u32>>("x.json").unwrap(), None);
        store.save("x.json", &vec![1u32, 2]).unwrap();
        assert_eq!(store.load::<Vec<u32>>("x.json").unwrap(), Some(vec![1, 2]));
        fs::write(store.path("x.json"), "{ not json").unwrap();
        let err = store.load::<Vec<u32>>("x.json").unwrap_err();
        assert!(err.to_string().contains("x.json.damaged-1"), "{err}");
        assert!(store.path("x.json.damaged-1").exists());
        assert!(!store.path("x.json").exists());
    }
}
