//! Helpers shared by the driver's integration tests (each test file is its own crate and
//! includes this module; not every crate uses every helper).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;

/// Runs `codon ARGS` in `dir`, with a clean environment for what the driver reads and no
/// standard input.
pub fn codon(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_codon"))
        .args(args)
        .current_dir(dir)
        .env_remove("CODON_STDLIB")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("cannot start codon")
}

/// A fresh temporary folder named after the test file.
pub fn temp(prefix: &str) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix(prefix)
        .tempdir()
        .expect("cannot make a temporary folder")
}

/// The repository's root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `check` on every item, on every core, and returns the failures as
/// `NAME: WHY`, sorted (`name` says what an item is called in a report).
pub fn failures_in_parallel<T: Sync>(
    items: &[T],
    name: impl Fn(&T) -> String + Sync,
    check: impl Fn(&T) -> Result<(), String> + Sync,
) -> Vec<String> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let workers = thread::available_parallelism().map_or(2, |n| n.get());
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if let Err(why) = check(item) {
                        let line = format!("{}: {why}", name(item));
                        failures.lock().expect("no worker panics").push(line);
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().expect("no worker panics");
    failures.sort();
    failures
}
