//! The object cache of per-module builds: one file per unit, named by its key, beside a
//! checksum. Writes are atomic (temporary file, then rename); an entry whose checksum does not
//! match (corrupt or truncated) is a miss and is rebuilt; one build at a time holds the lock.

use std::fs::File;
use std::path::{Path, PathBuf};

use crate::errors::{Error, Result};
use crate::ui::shown;

/// An open cache folder, locked for this build until dropped.
pub struct Cache {
    dir: PathBuf,
    _lock: File,
}

/// What a lookup found.
pub enum Lookup {
    Hit(PathBuf),
    Miss,
    /// An entry was there but did not match its checksum; it was removed.
    Corrupt,
}

impl Cache {
    /// Opens (creating) the cache at `dir`, waiting while another build holds it.
    pub fn open(dir: &Path) -> Result<Self> {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::msg(format!("cannot create {}: {e}", shown(dir))))?;
        let lock_path = dir.join(".lock");
        let lock = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .map_err(|e| Error::msg(format!("cannot open {}: {e}", shown(&lock_path))))?;
        match lock.lock() {
            // A file system without locks still builds; concurrent builds are then unguarded.
            Err(e) if e.kind() == std::io::ErrorKind::Unsupported => {}
            other => {
                other.map_err(|e| Error::msg(format!("cannot lock {}: {e}", shown(&lock_path))))?
            }
        }
        Ok(Cache {
            dir: dir.to_path_buf(),
            _lock: lock,
        })
    }

    /// The file of entry `key` with extension `ext` (`o`, `bc`).
    pub fn entry(&self, key: &blake3::Hash, ext: &str) -> PathBuf {
        self.dir.join(format!("{}.{ext}", key.to_hex()))
    }

    fn checksum_file(entry: &Path) -> PathBuf {
        let mut name = entry.as_os_str().to_owned();
        name.push(".b3");
        PathBuf::from(name)
    }

    /// Finds entry `key`, checking its contents against the checksum stored beside it.
    pub fn lookup(&self, key: &blake3::Hash, ext: &str) -> Lookup {
        let entry = self.entry(key, ext);
        let sum = Self::checksum_file(&entry);
        let (Ok(expected), Ok(bytes)) = (std::fs::read_to_string(&sum), std::fs::read(&entry))
        else {
            return Lookup::Miss;
        };
        if expected.trim() == checksum(&bytes) {
            return Lookup::Hit(entry);
        }
        let _ = std::fs::remove_file(&sum);
        let _ = std::fs::remove_file(&entry);
        Lookup::Corrupt
    }

    /// A temporary path in the cache folder for an entry being produced.
    pub fn scratch(&self, key: &blake3::Hash, ext: &str) -> PathBuf {
        self.dir.join(format!(
            ".tmp-{}-{}.{ext}",
            key.to_hex(),
            std::process::id()
        ))
    }

    /// Moves a finished `produced` file into the cache as entry `key`, atomically.
    pub fn store(&self, key: &blake3::Hash, ext: &str, produced: &Path) -> Result<PathBuf> {
        let entry = self.entry(key, ext);
        let io = |e: std::io::Error| Error::msg(format!("cannot write {}: {e}", shown(&entry)));
        let bytes = std::fs::read(produced).map_err(io)?;
        let sum = Self::checksum_file(&entry);
        let sum_tmp = Self::checksum_file(produced);
        std::fs::write(&sum_tmp, checksum(&bytes)).map_err(io)?;
        std::fs::rename(produced, &entry).map_err(io)?;
        std::fs::rename(&sum_tmp, &sum).map_err(io)?;
        Ok(entry)
    }
}

/// The checksum of an entry: its length and blake3.
fn checksum(bytes: &[u8]) -> String {
    format!("{} {}", bytes.len(), blake3::hash(bytes).to_hex())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrupt_entries_are_misses() {
        let dir = tempfile::tempdir().expect("temp dir");
        let cache = Cache::open(dir.path()).expect("open");
        let key = blake3::hash(b"unit");
        assert!(matches!(cache.lookup(&key, "o"), Lookup::Miss));
        let tmp = cache.scratch(&key, "o");
        std::fs::write(&tmp, b"object bytes").expect("write");
        let entry = cache.store(&key, "o", &tmp).expect("store");
        assert!(matches!(cache.lookup(&key, "o"), Lookup::Hit(_)));
        std::fs::write(&entry, b"object").expect("truncate");
        assert!(matches!(cache.lookup(&key, "o"), Lookup::Corrupt));
        assert!(matches!(cache.lookup(&key, "o"), Lookup::Miss));
    }
}
