//! The C runtime (`runtime/`), natively: compiles `runtime/*.c` and each test program in
//! `runtime/tests` (`NAME.c`, linked with `NAME.ll` when there is one) with clang, links them
//! with libgc and libm, runs them and checks the outcome. A program passes when it exits with
//! status 0 (or N, given an `expect-exit: N` line in its source), prints `NAME.stdout` when that
//! file exists, and prints `NAME.stderr` (nothing when that file does not exist) on stderr.
//!
//! Also checks the runtime bitcode embedded for every target.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use codegen::runtime_bitcode::{runtime_bitcode, RUNTIME_TRIPLES};

fn runtime_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../runtime")
}

/// clang as build.rs finds it.
fn clang() -> PathBuf {
    if let Some(path) = std::env::var_os("CODON_CLANG") {
        return PathBuf::from(path);
    }
    if Command::new("clang-19").arg("--version").output().is_ok() {
        return PathBuf::from("clang-19");
    }
    PathBuf::from("/usr/lib/llvm-19/bin/clang")
}

/// The flags the runtime is always compiled with (`runtime/cflags.txt`).
fn runtime_cflags() -> Vec<String> {
    fs::read_to_string(runtime_dir().join("cflags.txt"))
        .expect("runtime/cflags.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Runs a compiler command, panicking with its diagnostics when it fails.
fn compile(mut cmd: Command) {
    let out = cmd
        .output()
        .expect("run clang (scripts/setup.sh installs it)");
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The files of `dir` with extension `ext`, sorted.
fn files_with_ext(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .expect("read directory")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// Compiles every runtime source for the host into `dir` (warnings are errors here).
fn build_runtime(dir: &Path) -> Vec<PathBuf> {
    fs::create_dir_all(dir).expect("create object directory");
    let flags = runtime_cflags();
    files_with_ext(&runtime_dir(), "c")
        .into_iter()
        .map(|src| {
            let obj = dir.join(src.file_stem().unwrap()).with_extension("o");
            let mut cmd = Command::new(clang());
            cmd.args(&flags)
                .args(["-Werror", "-c", "-o"])
                .arg(&obj)
                .arg(&src);
            compile(cmd);
            obj
        })
        .collect()
}

/// The exit status a test program declares with `expect-exit: N`, 0 by default.
fn expected_status(source: &str) -> i32 {
    source
        .lines()
        .find_map(|l| l.split("expect-exit:").nth(1))
        .map_or(0, |n| n.trim().parse().expect("expect-exit: N"))
}

/// Differences between a program's outcome and its expectations, if any.
fn judge(src: &Path, out: &Output) -> Option<String> {
    let source = fs::read_to_string(src).expect("read test source");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut problems = Vec::new();
    let status = out.status.code();
    if status != Some(expected_status(&source)) {
        problems.push(format!(
            "exit status {status:?}, want {}",
            expected_status(&source)
        ));
    }
    if let Ok(want) = fs::read_to_string(src.with_extension("stdout")) {
        if stdout != want {
            problems.push(format!("stdout differs; want:\n{want}"));
        }
    }
    let want_err = fs::read_to_string(src.with_extension("stderr")).unwrap_or_default();
    if stderr != want_err {
        problems.push(format!("stderr differs; want:\n{want_err}"));
    }
    (!problems.is_empty()).then(|| {
        format!(
            "{}: {}\n--- stdout:\n{stdout}--- stderr:\n{stderr}",
            src.display(),
            problems.join("; ")
        )
    })
}

#[test]
fn runtime_test_programs_pass() {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("runtime_c");
    let _ = fs::remove_dir_all(&work);
    let objects = build_runtime(&work.join("runtime"));
    let tests = files_with_ext(&runtime_dir().join("tests"), "c");
    assert!(!tests.is_empty(), "no test programs in runtime/tests");

    let mut failures = Vec::new();
    for src in &tests {
        let exe = work.join(src.file_stem().unwrap());
        let mut cmd = Command::new(clang());
        cmd.args([
            "-O1",
            "-g",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-Wno-override-module",
            "-I",
        ])
        .arg(runtime_dir())
        .arg(src);
        let ir = src.with_extension("ll");
        if ir.exists() {
            cmd.arg(ir);
        }
        cmd.args(&objects).args(["-lgc", "-lm", "-o"]).arg(&exe);
        compile(cmd);
        let out = Command::new(&exe)
            .stdin(Stdio::null())
            .output()
            .expect("run test program");
        failures.extend(judge(src, &out));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn bitcode_is_embedded_for_every_target() {
    assert_eq!(RUNTIME_TRIPLES.len(), 4);
    for triple in RUNTIME_TRIPLES {
        let bc = runtime_bitcode(triple).unwrap_or_else(|| panic!("no runtime for {triple}"));
        assert!(
            bc.starts_with(b"BC\xC0\xDE"),
            "{triple}: not plain LLVM bitcode"
        );
    }
}

#[test]
fn llvm_spellings_of_a_target_share_its_runtime() {
    let same = |a: &str, b: &str| {
        runtime_bitcode(a).map(<[u8]>::as_ptr) == runtime_bitcode(b).map(<[u8]>::as_ptr)
    };
    assert!(same("x86_64-pc-linux-gnu", "x86_64-unknown-linux-gnu"));
    assert!(same("arm64-apple-macosx14.0.0", "aarch64-apple-darwin"));
    assert!(same("aarch64-apple-darwin23.1.0", "aarch64-apple-darwin"));
    assert!(same("x86_64-apple-macosx10.15.0", "x86_64-apple-darwin"));
    assert!(same("aarch64-linux-gnu", "aarch64-unknown-linux-gnu"));
    assert!(!same("x86_64-apple-darwin", "x86_64-unknown-linux-gnu"));
    for other in [
        "riscv64-unknown-linux-gnu",
        "x86_64-pc-windows-msvc",
        "wasm32-unknown-unknown",
    ] {
        assert!(runtime_bitcode(other).is_none(), "{other}");
    }
}
