//! Driver scenarios: the real `codon` binary on the command line, in temporary folders.

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tempfile::TempDir;

mod support;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts a clean failure: exit status 1, stderr containing `needle`, and no panic.
fn assert_fails_with(out: &Output, needle: &str) {
    let err = stderr(out);
    assert_eq!(
        out.status.code(),
        Some(1),
        "want exit status 1; stderr:\n{err}"
    );
    assert!(err.contains(needle), "stderr lacks {needle:?}:\n{err}");
    assert!(
        !err.contains("panicked") && !err.contains("internal compiler error"),
        "panic:\n{err}"
    );
}

/// A project folder holding `codon.yaml` with `manifest` and a hello-world `src/main.codon`.
fn project(manifest: &str) -> TempDir {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("codon.yaml"), manifest).unwrap();
    fs::create_dir(dir.path().join("src")).unwrap();
    fs::write(dir.path().join("src/main.codon"), "print('hi')\n").unwrap();
    dir
}

#[test]
fn help_lists_the_commands() {
    let out = support::codon(Path::new("."), &["--help"]);
    assert!(out.status.success());
    let text = stdout(&out);
    for word in ["run", "build", "new", "--verbose", "--quiet", "--version"] {
        assert!(text.contains(word), "--help lacks {word}:\n{text}");
    }
    for sub in ["run", "build", "new"] {
        assert!(
            support::codon(Path::new("."), &[sub, "--help"])
                .status
                .success(),
            "{sub} --help"
        );
    }
}

#[test]
fn version_is_the_package_version() {
    let out = support::codon(Path::new("."), &["--version"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        format!("codon {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn bad_usage_is_a_usage_error() {
    let dir = support::temp("codon-cli-test-");
    assert_eq!(
        support::codon(dir.path(), &["frobnicate"]).status.code(),
        Some(2)
    );
    assert_eq!(
        support::codon(dir.path(), &["-v", "-q", "new", "x"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        support::codon(dir.path(), &["build", "x.py", "--emit", "pdf"])
            .status
            .code(),
        Some(2)
    );
    assert!(!dir.path().join("x").exists());
}

#[test]
fn new_creates_a_program_project() {
    let dir = support::temp("codon-cli-test-");
    let out = support::codon(dir.path(), &["new", "hello-demo"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("Created program package 'hello-demo'"));
    let root = dir.path().join("hello-demo");
    for file in [
        "codon.yaml",
        "src/main.codon",
        "tests/test_main.codon",
        ".gitignore",
        "README.md",
    ] {
        assert!(root.join(file).is_file(), "missing {file}");
    }
    let manifest = fs::read_to_string(root.join("codon.yaml")).unwrap();
    assert!(manifest.contains("name: hello-demo"), "{manifest}");
    assert!(fs::read_to_string(root.join("src/main.codon"))
        .unwrap()
        .contains("print("));
    assert!(fs::read_to_string(root.join(".gitignore"))
        .unwrap()
        .contains("/target"));
    assert!(!fs::read_to_string(root.join("README.md"))
        .unwrap()
        .contains("{{"));
}

#[test]
fn new_lib_creates_a_library_project() {
    let dir = support::temp("codon-cli-test-");
    let out = support::codon(dir.path(), &["-q", "new", "--lib", "nested/mylib"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), "", "-q prints nothing");
    let root = dir.path().join("nested/mylib");
    for file in [
        "codon.yaml",
        "src/lib.codon",
        "tests/test_lib.codon",
        ".gitignore",
        "README.md",
    ] {
        assert!(root.join(file).is_file(), "missing {file}");
    }
    assert!(!root.join("src/main.codon").exists());
    // A library has no program to run.
    assert_fails_with(&support::codon(&root, &["run"]), "is a library");
}

#[test]
fn new_refuses_an_existing_folder() {
    let dir = support::temp("codon-cli-test-");
    fs::create_dir(dir.path().join("taken")).unwrap();
    fs::write(dir.path().join("taken/keep.txt"), "mine").unwrap();
    assert_fails_with(
        &support::codon(dir.path(), &["new", "taken"]),
        "already exists",
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("taken/keep.txt")).unwrap(),
        "mine"
    );
    assert!(!dir.path().join("taken/codon.yaml").exists());
    fs::write(dir.path().join("file"), "").unwrap();
    assert_fails_with(
        &support::codon(dir.path(), &["new", "file"]),
        "already exists",
    );
}

#[test]
fn new_rejects_a_bad_name() {
    let dir = support::temp("codon-cli-test-");
    assert_fails_with(
        &support::codon(dir.path(), &["new", "9lives"]),
        "invalid package name '9lives'",
    );
    assert!(!dir.path().join("9lives").exists());
}

#[test]
fn malformed_manifest_is_located() {
    let dir = project("package:\n  name: demo\n  version: 0.1.0\n\tbin: x\n");
    let out = support::codon(dir.path(), &["build"]);
    assert_fails_with(&out, "codon.yaml:");
    let err = stderr(&out);
    let first = err.lines().next().unwrap_or_default();
    let located = first.split(": error: ").next().unwrap_or_default();
    assert_eq!(
        located, "codon.yaml:4:1",
        "want codon.yaml:LINE:COL: error: …, got {first:?}"
    );
}

#[test]
fn unknown_manifest_key_is_located_with_a_suggestion() {
    let dir = project("package:\n  name: demo\n  verison: 0.1.0\n");
    let out = support::codon(dir.path(), &["build"]);
    assert_fails_with(
        &out,
        "codon.yaml:3:3: error: unknown key 'verison' in 'package'",
    );
    assert!(
        stderr(&out).contains("help: did you mean 'version'?"),
        "{}",
        stderr(&out)
    );

    let dir = project("package: {name: demo, version: 0.1.0}\nprofiles:\n  fast: {}\n");
    assert_fails_with(
        &support::codon(dir.path(), &["run"]),
        "codon.yaml:3:3: error: unknown key 'fast' in 'profiles'",
    );
}

#[test]
fn manifest_is_found_from_a_subfolder() {
    let dir = project("package:\n  name: demo\n  versoin: 1\n");
    fs::create_dir_all(dir.path().join("src/deeper")).unwrap();
    assert_fails_with(
        &support::codon(&dir.path().join("src/deeper"), &["build"]),
        "unknown key 'versoin'",
    );
}

#[test]
fn missing_project_module_is_reported() {
    let dir = project("package: {name: demo, version: 0.1.0}\nbin: src/nope.codon\n");
    assert_fails_with(
        &support::codon(dir.path(), &["build"]),
        "src/nope.codon does not exist",
    );
}

#[test]
fn no_file_and_no_project() {
    let dir = support::temp("codon-cli-test-");
    assert_fails_with(&support::codon(dir.path(), &["build"]), "no codon.yaml");
    assert_fails_with(&support::codon(dir.path(), &["run"]), "no codon.yaml");
}

#[test]
fn building_a_missing_file_is_a_clear_error() {
    let dir = support::temp("codon-cli-test-");
    let out = support::codon(dir.path(), &["build", "missing.py", "-o", "out"]);
    assert_fails_with(&out, "no such file: missing.py");
    assert!(!dir.path().join("out").exists());
    assert_fails_with(
        &support::codon(dir.path(), &["run", "missing.py"]),
        "no such file: missing.py",
    );
}

#[test]
fn a_bad_target_triple_is_rejected() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("p.py"), "print(1)\n").unwrap();
    assert_fails_with(
        &support::codon(dir.path(), &["build", "p.py", "--target", "bogus-cpu-none"]),
        "invalid target triple 'bogus-cpu-none'",
    );
}

#[test]
fn missing_cross_tools_are_named_with_their_fix() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("p.py"), "print(1)\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_codon"))
        .args(["build", "p.py", "--target", "aarch64-apple-darwin"])
        .current_dir(dir.path())
        .env("CODON_HOME", dir.path().join("home"))
        .env("CODON_GC_SOURCE", dir.path().join("no-gc-here"))
        .output()
        .unwrap();
    assert_fails_with(&out, "the Boehm GC sources are not in");
    assert!(stderr(&out).contains("scripts/setup.sh"));
    assert!(!dir.path().join("p").exists());

    let empty = dir.path().join("empty-bin");
    fs::create_dir(&empty).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_codon"))
        .args(["run", "p.py", "--target", "aarch64-linux-gnu"])
        .current_dir(dir.path())
        .env("PATH", &empty)
        .output()
        .unwrap();
    assert_fails_with(&out, "needs the emulator qemu-aarch64");
    assert!(stderr(&out).contains("apt-get install qemu-user"));

    // A python3 without the ziglang package.
    fs::write(empty.join("python3"), "#!/bin/sh\nexit 1\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(empty.join("python3"), fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_codon"))
        .args(["build", "p.py", "--target", "x86_64-macos"])
        .current_dir(dir.path())
        .env("PATH", &empty)
        .output()
        .unwrap();
    assert_fails_with(&out, "needs zig's C toolchain");
    assert!(stderr(&out).contains("pip install ziglang"));
    assert!(!dir.path().join("p").exists());
}

#[test]
fn a_missing_stdlib_is_a_clear_error() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("p.py"), "print(1)\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_codon"))
        .args(["build", "p.py", "--emit", "cir"])
        .current_dir(dir.path())
        .env("CODON_STDLIB", dir.path().join("nowhere"))
        .output()
        .unwrap();
    assert_fails_with(&out, "CODON_STDLIB is set to");
}

#[test]
fn emit_cir_prints_to_stdout() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("p.py"), "print(1)\n").unwrap();
    let out = support::codon(dir.path(), &["build", "p.py", "--emit", "cir"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("__main__"), "{}", stdout(&out));
    assert!(!dir.path().join("p.cir").exists());
    let out = support::codon(
        dir.path(),
        &["-q", "build", "p.py", "--emit", "cir", "-o", "p.cir"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
    assert!(fs::read_to_string(dir.path().join("p.cir"))
        .unwrap()
        .contains("__main__"));
    let out = support::codon(dir.path(), &["build", "p.py", "--emit", "cir", "-o", "-"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("__main__"));
    assert!(!dir.path().join("-").exists());
}

#[test]
fn binary_outputs_refuse_stdout() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("p.py"), "print(1)\n").unwrap();
    for emit in ["obj", "bc", "exe"] {
        let out = support::codon(dir.path(), &["build", "p.py", "--emit", emit, "-o", "-"]);
        assert_fails_with(
            &out,
            &format!("--emit {emit} is binary and cannot go to stdout"),
        );
    }
}

#[test]
fn a_library_builds_to_an_object_file() {
    let dir = support::temp("codon-cli-test-");
    assert!(support::codon(dir.path(), &["new", "--lib", "mylib"])
        .status
        .success());
    let root = dir.path().join("mylib");
    let out = support::codon(&root, &["build"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let triples: Vec<_> = fs::read_dir(root.join("target"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(triples[0].join("debug/mylib.o").is_file(), "{triples:?}");
}

#[test]
fn project_outputs_go_under_target() {
    let dir = project("package: {name: demo, version: 0.1.0}\n");
    let out = support::codon(dir.path(), &["build", "--emit", "cir"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with("Built target/"),
        "{}",
        stderr(&out)
    );
    let out = support::codon(dir.path(), &["build", "--emit", "cir", "--release"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let triples: Vec<_> = fs::read_dir(dir.path().join("target"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(
        triples.len(),
        1,
        "one folder per target triple: {triples:?}"
    );
    assert!(triples[0].join("debug/demo.cir").is_file());
    assert!(triples[0].join("release/demo.cir").is_file());
}

#[test]
fn source_errors_are_located_and_write_nothing() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("bad.py"), "x = 1\nprint(y)\n").unwrap();
    let out = support::codon(dir.path(), &["build", "bad.py", "-o", "bad"]);
    assert_fails_with(&out, "bad.py:2:");
    assert!(!dir.path().join("bad").exists());
}

/// Asserts the internal-compiler-error report of a panic in `stage`: exit status 101, the
/// stage named, a request to report it, and no Rust panic message or backtrace.
fn assert_internal_error(out: &Output, stage: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(101), "stderr:\n{err}");
    assert!(
        err.starts_with(&format!("internal compiler error: {stage}: ")),
        "{err}"
    );
    assert!(err.contains("please report it"), "{err}");
    assert!(
        !err.contains("thread '"),
        "Rust's panic message leaked:\n{err}"
    );
    assert!(!err.contains("stack backtrace"), "{err}");
}

#[test]
fn a_panic_in_any_stage_is_an_internal_error_with_status_101() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("ok.py"), "print(1)\n").unwrap();
    for stage in ["sema", "codegen", "link"] {
        let out = Command::new(env!("CARGO_BIN_EXE_codon"))
            .args(["build", "ok.py", "-o", "ok"])
            .current_dir(dir.path())
            .env_remove("CODON_STDLIB")
            .env("RUST_BACKTRACE", "1")
            .env("CODON_DEBUG_PANIC_IN", stage)
            .output()
            .expect("cannot start codon");
        assert_internal_error(&out, stage);
        assert!(!dir.path().join("ok").exists(), "{stage}: wrote output");
    }
}

#[test]
fn a_very_long_operator_chain_compiles_without_overflowing_the_stack() {
    let dir = support::temp("codon-cli-test-");
    let terms = vec!["1"; 20_000].join(" + ");
    fs::write(
        dir.path().join("long.py"),
        format!("x = {terms}\nprint(x)\n"),
    )
    .unwrap();
    let out = support::codon(dir.path(), &["build", "long.py", "--emit", "llvm"]);
    assert_eq!(out.status.code(), Some(0), "stderr:\n{}", stderr(&out));
    assert!(stdout(&out).contains("define"), "no LLVM IR printed");
}

#[test]
fn diagnostics_have_no_colour_codes_when_stderr_is_not_a_terminal() {
    let dir = support::temp("codon-cli-test-");
    fs::write(dir.path().join("bad.py"), "x = 1\nprint(x + 'a')\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_codon"))
        .args(["build", "bad.py", "-o", "bad"])
        .current_dir(dir.path())
        .env_remove("CODON_STDLIB")
        .env_remove("NO_COLOR")
        .output()
        .expect("cannot start codon");
    assert_fails_with(&out, "bad.py:2:7: error: unsupported operand type(s) for +");
    assert!(!stderr(&out).contains('\x1b'), "{:?}", stderr(&out));
}

#[test]
fn c_libraries_are_linked_from_the_manifest_and_the_command_line() {
    let dir =
        project("package:\n  name: clink\n  version: 0.1.0\nbin: src/main.codon\nlink: [m]\n");
    fs::write(
        dir.path().join("src/main.codon"),
        "from C import hypot(float, float) -> float\nprint(hypot(3.0, 4.0))\n",
    )
    .unwrap();
    let out = support::codon(dir.path(), &["run", "-q"]);
    assert_eq!(stdout(&out), "5.0\n", "stderr:\n{}", stderr(&out));
    let file = dir.path().join("single.py");
    fs::write(
        &file,
        "from C import cbrt(float) -> float\nprint(cbrt(8.0))\n",
    )
    .unwrap();
    let out = support::codon(dir.path(), &["run", "-q", "-l", "m", "single.py"]);
    assert_eq!(stdout(&out), "2.0\n", "stderr:\n{}", stderr(&out));
    let out = support::codon(dir.path(), &["run", "-l", "-bad", "single.py"]);
    assert!(!out.status.success());
    let out = support::codon(dir.path(), &["build", "--link", "two words", "single.py"]);
    assert_fails_with(&out, "is not a library name");
}
