//! Differential fuzzing (docs/fuzzing.md): random, well-typed, terminating programs from
//! `tests/fuzz/gen.py` run with CPython and with `codon` in debug and release builds; standard
//! output and exit status must agree, and codon must accept every program.
//!
//! The runner is `tests/fuzz/fuzz.py` (CPython is needed for the comparison anyway); this test
//! runs it for a bounded time with a fixed seed, so CI is reproducible:
//!
//! - `CODON_DIFF_SECONDS` (default 20): how long to start new programs (one started in time
//!   is finished);
//! - `CODON_DIFF_SEED` (default 1): the first program's seed; program N uses seed + N;
//! - `CODON_DIFF_UNITS` (default 4): independent test functions per program (one compile);
//! - `CODON_DIFF_ARGS`: more arguments for the runner (e.g. `--with gen_raise`);
//! - `CODON_DIFF_OUT`: where failing programs and their minimized forms are written
//!   (default: a folder under cargo's target tmp dir, printed).
//!
//! It prints the figures (programs, units, rejected, internal errors, differences) and, for a
//! failure, the seed, the program's path and the minimized program's path.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

#[test]
fn codon_agrees_with_cpython_on_random_programs() {
    let python = env_or("PYTHON", "python3");
    let version = Command::new(&python)
        .args(["-c", "import sys; print(sys.version_info >= (3, 9))"])
        .output();
    match version {
        Ok(out) if String::from_utf8_lossy(&out.stdout).trim() == "True" => {}
        _ => {
            eprintln!("differential: skipped, no CPython 3.9+ as `{python}`");
            return;
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out_dir = std::env::var("CODON_DIFF_OUT").unwrap_or_else(|_| {
        Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("differential")
            .display()
            .to_string()
    });
    let mut cmd = Command::new(&python);
    cmd.arg(root.join("tests/fuzz/fuzz.py"))
        .arg("--codon")
        .arg(env!("CARGO_BIN_EXE_codon"))
        .args(["--seconds", &env_or("CODON_DIFF_SECONDS", "20")])
        .args(["--seed", &env_or("CODON_DIFF_SEED", "1")])
        .args(["--units", &env_or("CODON_DIFF_UNITS", "4")])
        .args(["--out", &out_dir])
        .args(["--minimize-seconds", "300"])
        .args(env_or("CODON_DIFF_ARGS", "").split_whitespace())
        .env_remove("CODON_STDLIB")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut child = cmd.spawn().expect("cannot start tests/fuzz/fuzz.py");
    let mut lines = Vec::new();
    for line in BufReader::new(child.stdout.take().expect("piped")).lines() {
        let line = line.expect("the runner's output is text");
        println!("{line}");
        lines.push(line);
    }
    let status = child.wait().expect("the runner ends");
    let result = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("RESULT "))
        .cloned()
        .unwrap_or_else(|| panic!("the runner printed no RESULT line:\n{}", lines.join("\n")));
    eprintln!("differential: {result}");
    let failures: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("FAILED ") || l.starts_with("    "))
        .collect();
    assert!(
        status.success(),
        "codon differs from CPython ({result}); programs in {out_dir}:\n{}",
        failures
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
