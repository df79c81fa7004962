//! Internal compiler errors: a panic anywhere in the pipeline (on any thread) is recorded with
//! the stage that was running, instead of Rust's default panic message, and reported once as
//! `internal compiler error: STAGE: MESSAGE` with exit status 101.

use std::backtrace::Backtrace;
use std::sync::{Mutex, MutexGuard};

use crate::errors::Error;

/// The stage running now; panics are attributed to it.
static STAGE: Mutex<&str> = Mutex::new("driver");
/// The first panic since the last [`take`]: its stage and message.
static PANIC: Mutex<Option<(&str, String)>> = Mutex::new(None);

/// Locks a mutex, ignoring poisoning (the data are plain values, always consistent).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Environment variable asking for the backtrace of an internal error (for codon's own
/// developers; `RUST_BACKTRACE`, often set for other programs, does not print one).
pub const BACKTRACE_VAR: &str = "CODON_BACKTRACE";

/// Replaces Rust's panic message with a record of the panic (see [`take`]). With
/// `CODON_BACKTRACE` set, the backtrace is printed at once.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        let stage = *lock(&STAGE);
        let mut message = info
            .payload_as_str()
            .unwrap_or("unknown panic payload")
            .to_string();
        if let Some(loc) = info.location() {
            message += &format!(
                " (panicked at {}:{}:{})",
                loc.file(),
                loc.line(),
                loc.column()
            );
        }
        if std::env::var_os(BACKTRACE_VAR).is_some_and(|v| v != "0") {
            let backtrace = Backtrace::force_capture();
            eprintln!("codon: panic in {stage}: {message}\n{backtrace}");
        }
        lock(&PANIC).get_or_insert((stage, message));
    }));
}

/// Environment variable naming a stage that must panic on entry: a debugging aid that lets
/// tests (and anyone changing this file) see the internal-error report of a real panic.
pub const FORCE_PANIC_VAR: &str = "CODON_DEBUG_PANIC_IN";

/// Runs `f` as pipeline stage `name` (for attributing panics).
pub fn stage<T>(name: &'static str, f: impl FnOnce() -> T) -> T {
    let outer = std::mem::replace(&mut *lock(&STAGE), name);
    let forced = std::env::var_os(FORCE_PANIC_VAR).is_some_and(|v| v == name);
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        assert!(!forced, "panic forced by {FORCE_PANIC_VAR}={name}");
        f()
    }));
    *lock(&STAGE) = outer;
    result.unwrap_or_else(|payload| std::panic::resume_unwind(payload))
}

/// The panic recorded since the last call, as an internal error.
pub fn take() -> Option<Error> {
    lock(&PANIC)
        .take()
        .map(|(stage, message)| Error::Internal { stage, message })
}

/// The recorded panic as an internal error, for a caller that caught an unwinding panic.
pub fn take_error() -> Error {
    take().unwrap_or(Error::Internal {
        stage: "driver",
        message: "a panic left no message".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_an_internal_error_of_its_stage() {
        let previous = std::panic::take_hook();
        install_hook();
        let caught = std::panic::catch_unwind(|| stage("codegen", || panic!("no such type")));
        std::panic::set_hook(previous);
        assert!(caught.is_err());
        match take_error() {
            Error::Internal { stage, message } => {
                assert_eq!(stage, "codegen");
                assert!(
                    message.starts_with("no such type (panicked at "),
                    "{message}"
                );
            }
            other => panic!("not an internal error: {other:?}"),
        }
        assert!(take().is_none(), "taken once");
    }
}
