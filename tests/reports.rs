//! Snapshot tests of what the user reads when a program is wrong: every `tests/reports/NAME.py`
//! runs as `codon run NAME.py` (in that folder, without colours) and must exit with status 1,
//! print exactly `NAME.stdout` (empty when absent) on stdout and exactly `NAME.stderr` on
//! stderr: a rendered compile-time diagnostic, or the traceback of a runtime error. The
//! stdlib's folder is written `<stdlib>` in the snapshots.
//!
//! `CODON_BLESS=1 cargo test -p codon --test reports` rewrites the snapshots from the current
//! output (review the diff before committing it).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

mod support;

fn reports_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/reports")
}

/// `text` with the stdlib's absolute folder replaced by `<stdlib>`.
fn portable(text: &str) -> String {
    let stdlib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../stdlib");
    let canonical = stdlib.canonicalize().unwrap_or(stdlib.clone());
    text.replace(&canonical.display().to_string(), "<stdlib>")
        .replace(&stdlib.display().to_string(), "<stdlib>")
}

/// Runs one program; a description of each way it differs from its snapshots.
fn check(program: &Path, bless: bool) -> Vec<String> {
    let name = program.file_name().unwrap().to_str().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_codon"))
        .args(["run", name])
        .current_dir(program.parent().unwrap())
        .env_remove("CODON_STDLIB")
        .env("NO_COLOR", "1")
        .output()
        .expect("cannot start codon");
    let stdout = portable(&String::from_utf8_lossy(&out.stdout));
    let stderr = portable(&String::from_utf8_lossy(&out.stderr));
    let mut problems = Vec::new();
    if out.status.code() != Some(1) {
        problems.push(format!("exit status {:?}, want 1", out.status.code()));
    }
    for (ext, got) in [("stdout", &stdout), ("stderr", &stderr)] {
        let path = program.with_extension(ext);
        if bless {
            if got.is_empty() {
                let _ = fs::remove_file(&path);
            } else {
                fs::write(&path, got).expect("write snapshot");
            }
            continue;
        }
        let want = fs::read_to_string(&path).unwrap_or_default();
        if *got != want {
            problems.push(format!("{ext} differs\n--- want:\n{want}--- got:\n{got}"));
        }
    }
    if stderr.is_empty() {
        problems.push("nothing on stderr".into());
    }
    problems
}

#[test]
fn diagnostics_and_runtime_reports_match_their_snapshots() {
    let mut programs: Vec<PathBuf> = fs::read_dir(reports_dir())
        .expect("tests/reports exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "py"))
        .collect();
    programs.sort();
    assert!(!programs.is_empty(), "no programs in tests/reports");
    let bless = std::env::var_os("CODON_BLESS").is_some();

    let failures = support::failures_in_parallel(
        &programs,
        |program| program.file_name().unwrap().to_string_lossy().into_owned(),
        |program| {
            let problems = check(program, bless);
            if problems.is_empty() {
                Ok(())
            } else {
                Err(problems.join("\n"))
            }
        },
    );
    assert!(
        failures.is_empty(),
        "{} of {} reports differ (CODON_BLESS=1 rewrites them):\n{}",
        failures.len(),
        programs.len(),
        failures.join("\n\n")
    );
}
