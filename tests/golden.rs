//! Golden programs: every `tests/programs/**/NAME.py` runs through the real `codon` binary.
//!
//! - With `NAME.out`: `codon run NAME.py [-- ARGS]` must print exactly `NAME.out` on stdout and
//!   exit with the status in `NAME.exit` (default 0), in a debug build and in a release build
//!   (`--release`) alike. `NAME.args` holds the arguments, one per
//!   line; `NAME.stdin`, when present, is its standard input (else it reads an empty one).
//! - With `NAME.err` (holding a line number `LINE`): `codon build NAME.py -o OUT` must fail,
//!   write no `OUT`, and name `NAME.py:LINE:` on stderr.
//!
//! No case may make the compiler panic. Every mismatch is collected and reported at once.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

mod support;

/// Longest a single case may take (compile and run).
const TIMEOUT: Duration = Duration::from_secs(120);

/// What a finished `codon` invocation left.
struct Finished {
    /// Exit code; `None` when killed by a signal.
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

#[test]
fn golden_programs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let mut programs = Vec::new();
    collect(&root, &mut programs);
    programs.sort();
    assert!(!programs.is_empty(), "no programs under {}", root.display());

    let failures = support::failures_in_parallel(
        &programs,
        |program| {
            program
                .strip_prefix(&root)
                .unwrap_or(program)
                .display()
                .to_string()
        },
        |program| check(program),
    );
    assert!(
        failures.is_empty(),
        "{} of {} golden programs failed:\n{}",
        failures.len(),
        programs.len(),
        failures.join("\n")
    );
}

/// Every `.py` file under `dir`, recursively.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
    {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "py") {
            out.push(path);
        }
    }
}

/// Checks one program against its expectation files.
fn check(program: &Path) -> Result<(), String> {
    let sibling = |ext: &str| program.with_extension(ext);
    let scratch = tempfile::Builder::new()
        .prefix("codon-golden-")
        .tempdir()
        .map_err(|e| e.to_string())?;
    if let Ok(line) = fs::read_to_string(sibling("err")) {
        let output = scratch.path().join("out");
        let mut cmd = codon();
        cmd.arg("build").arg(program).arg("-o").arg(&output);
        let done = finish(cmd, scratch.path())?;
        no_panic(&done)?;
        if done.code == Some(0) {
            return Err("accepted a program that must be rejected".into());
        }
        if output.exists() {
            return Err("wrote an output file for a rejected program".into());
        }
        let name = program.file_name().unwrap().to_string_lossy();
        let want = format!("{name}:{}:", line.trim());
        if !done.stderr.contains(&want) {
            return Err(format!(
                "stderr lacks '{want}':\n{}",
                done.stderr.trim_end()
            ));
        }
        return Ok(());
    }
    let want = fs::read_to_string(sibling("out"))
        .map_err(|_| "no .out or .err file beside it".to_string())?;
    let want_code = match fs::read_to_string(sibling("exit")) {
        Ok(text) => text
            .trim()
            .parse::<i32>()
            .map_err(|e| format!("bad .exit file: {e}"))?,
        Err(_) => 0,
    };
    let args: Vec<String> = fs::read_to_string(sibling("args"))
        .map(|text| text.lines().map(str::to_string).collect())
        .unwrap_or_default();
    for profile in ["debug", "release"] {
        let mut cmd = codon();
        cmd.arg("run").arg(program);
        if profile == "release" {
            cmd.arg("--release");
        }
        cmd.arg("--").args(&args);
        if let Ok(stdin) = File::open(sibling("stdin")) {
            cmd.stdin(stdin);
        }
        let done = finish(cmd, scratch.path()).map_err(|e| format!("{profile}: {e}"))?;
        no_panic(&done)?;
        if done.stdout != want {
            return Err(format!(
                "{profile}: stdout differs: {}\nstderr:\n{}",
                first_difference(&want, &done.stdout),
                done.stderr.trim_end()
            ));
        }
        if done.code != Some(want_code) {
            return Err(format!(
                "{profile}: exit status {:?}, want {want_code}\nstderr:\n{}",
                done.code,
                done.stderr.trim_end()
            ));
        }
    }
    Ok(())
}

fn codon() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_codon"));
    cmd.env_remove("CODON_STDLIB")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    cmd
}

fn no_panic(done: &Finished) -> Result<(), String> {
    if done.stderr.contains("panicked at") || done.stderr.contains("internal compiler error") {
        Err(format!(
            "the compiler panicked:\n{}",
            done.stderr.trim_end()
        ))
    } else {
        Ok(())
    }
}

/// Runs `cmd` with its output in files under `scratch` (no pipe can fill up), killing its
/// process group after [`TIMEOUT`].
fn finish(mut cmd: Command, scratch: &Path) -> Result<Finished, String> {
    use std::os::unix::process::CommandExt;
    let (out_path, err_path) = (scratch.join("stdout"), scratch.join("stderr"));
    let io = |p: &Path| File::create(p).map_err(|e| e.to_string());
    let mut child = cmd
        .stdout(io(&out_path)?)
        .stderr(io(&err_path)?)
        .current_dir(scratch)
        .process_group(0)
        .spawn()
        .map_err(|e| format!("cannot start codon: {e}"))?;
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = Command::new("kill")
                .arg("-KILL")
                .arg(format!("-{}", child.id()))
                .status();
            let _ = child.wait();
            return Err(format!("timed out after {}s", TIMEOUT.as_secs()));
        }
        thread::sleep(Duration::from_millis(20));
    };
    let read = |p: &Path| String::from_utf8_lossy(&fs::read(p).unwrap_or_default()).into_owned();
    Ok(Finished {
        code: status.code(),
        stdout: read(&out_path),
        stderr: read(&err_path),
    })
}

/// The first line where `want` and `got` differ, for the failure report.
fn first_difference(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    for i in 0..w.len().max(g.len()) {
        let (a, b) = (
            w.get(i).copied().unwrap_or("<end>"),
            g.get(i).copied().unwrap_or("<end>"),
        );
        if a != b {
            return format!("line {}: want {a:?}, got {b:?}", i + 1);
        }
    }
    "trailing newline differs".into()
}
