//! Project scenarios of per-module builds: the real `codon` binary on projects in temporary
//! folders (new/run/test, packages and path dependencies, the object cache, concurrency).

use std::fs;
use std::path::Path;
use std::process::{Command, Output};

use tempfile::TempDir;

mod support;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Asserts success and returns stdout.
fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed ({:?}):\nstdout:\n{}\nstderr:\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    text(&out.stdout)
}

/// A new program project `name` inside a temporary folder.
fn new_project(name: &str) -> (TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    ok(&support::codon(tmp.path(), &["new", name]));
    let root = tmp.path().join(name);
    (tmp, root)
}

fn write(path: &Path, contents: &str) {
    fs::create_dir_all(path.parent().expect("a parent folder")).expect("mkdir");
    fs::write(path, contents).expect("write");
}

/// The modules a JSON-reporting build compiled, sorted.
fn compiled_modules(out: &Output) -> Vec<String> {
    let mut names: Vec<String> = text(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["event"] == "compiled")
        .map(|v| v["module"].as_str().unwrap_or_default().to_string())
        .collect();
    names.sort();
    names
}

fn json_build(root: &Path) -> Output {
    support::codon(root, &["build", "--message-format", "json"])
}

/// A project whose main module imports `mid`, which imports `leaf`; `other` is separate.
fn layered_project() -> (TempDir, std::path::PathBuf) {
    let (tmp, root) = new_project("layers");
    write(
        &root.join("src/leaf.codon"),
        "def value():\n    return 20\n",
    );
    write(
        &root.join("src/mid.codon"),
        "import leaf\ndef twice():\n    return 2 * leaf.value()\n",
    );
    write(
        &root.join("src/other.codon"),
        "def name():\n    return 'other'\n",
    );
    write(
        &root.join("src/main.codon"),
        "import mid\nimport other\nprint(mid.twice(), other.name())\n",
    );
    (tmp, root)
}

#[test]
fn new_then_run_and_test() {
    let (_tmp, root) = new_project("hello");
    assert_eq!(ok(&support::codon(&root, &["run"])), "Hello, world!\n");
    let out = ok(&support::codon(&root, &["test"]));
    assert!(
        out.contains("test test_main::test_arithmetic ... ok"),
        "{out}"
    );
    assert!(out.contains("1 passed, 0 failed"), "{out}");
}

#[test]
fn packages_and_path_dependencies_build_and_run() {
    let tmp = tempfile::tempdir().expect("temp dir");
    ok(&support::codon(tmp.path(), &["new", "geo", "--lib"]));
    ok(&support::codon(tmp.path(), &["new", "app"]));
    let geo = tmp.path().join("geo");
    let app = tmp.path().join("app");
    write(
        &geo.join("src/shapes/__init__.codon"),
        "print('shapes loaded')\ndef area(w, h):\n    return w * h\n",
    );
    write(
        &geo.join("src/shapes/circle.codon"),
        "from . import area\ndef square(s: float) -> float:\n    return area(s, s)\n",
    );
    write(&app.join("src/util/__init__.codon"), "");
    write(
        &app.join("src/util/text.py"),
        "def shout(s: str) -> str:\n    return s.upper() + '!'\n",
    );
    write(
        &app.join("src/main.codon"),
        "import shapes\nfrom shapes.circle import square\nfrom util.text import shout\n\
         print(shapes.area(3, 4), square(1.5), shout('hi'))\n",
    );
    let manifest = fs::read_to_string(app.join("codon.yaml")).expect("manifest");
    fs::write(
        app.join("codon.yaml"),
        format!("{manifest}\ndependencies:\n  geo: {{path: ../geo}}\n"),
    )
    .expect("write manifest");
    // The package's top-level code runs once, on first import.
    assert_eq!(
        ok(&support::codon(&app, &["run"])),
        "shapes loaded\n12 2.25 HI!\n"
    );
}

#[test]
fn import_cycles_work_as_in_python() {
    let (_tmp, root) = new_project("cycle");
    write(
        &root.join("src/a.codon"),
        "import b\ndef f(x):\n    return b.g(x) + 1\nprint('a')\n",
    );
    write(
        &root.join("src/b.codon"),
        "import a\ndef g(x):\n    return x * 2\nprint('b')\n",
    );
    write(&root.join("src/main.codon"), "import a\nprint(a.f(3))\n");
    assert_eq!(ok(&support::codon(&root, &["run"])), "b\na\n7\n");
}

#[test]
fn rebuilds_compile_only_what_changed() {
    let (_tmp, root) = layered_project();
    let cold = json_build(&root);
    ok(&cold);
    assert_eq!(
        compiled_modules(&cold),
        ["__main__", "builtins", "leaf", "mid", "other"]
    );
    let noop = json_build(&root);
    ok(&noop);
    assert!(compiled_modules(&noop).is_empty(), "{}", text(&noop.stdout));

    // A leaf nobody else imports besides main: it and its importers.
    write(
        &root.join("src/other.codon"),
        "def name():\n    return 'changed'\n",
    );
    let edit = json_build(&root);
    ok(&edit);
    assert_eq!(compiled_modules(&edit), ["__main__", "other"]);

    // A module imported through another: it and every module importing it, transitively.
    write(
        &root.join("src/leaf.codon"),
        "def value():\n    return 21\n",
    );
    let edit = json_build(&root);
    ok(&edit);
    assert_eq!(compiled_modules(&edit), ["__main__", "leaf", "mid"]);

    let exe = triple_dir(&root.join("target"))
        .join("debug")
        .join("layers");
    let out = Command::new(exe).output().expect("run the program");
    assert_eq!(text(&out.stdout), "42 changed\n");
}

#[test]
fn the_summary_line_counts_modules() {
    let (_tmp, root) = layered_project();
    ok(&support::codon(&root, &["build"]));
    let out = support::codon(&root, &["build", "--timings"]);
    ok(&out);
    let err = text(&out.stderr);
    assert!(
        err.contains("Compiled 0 modules, reused 5, linked in"),
        "{err}"
    );
    assert!(err.contains(" link\n"), "{err}");
}

#[test]
fn a_corrupt_cache_entry_is_rebuilt() {
    let (_tmp, root) = layered_project();
    ok(&json_build(&root));
    let cache = triple_dir(&root.join("target/cache")).join("debug");
    let mut damaged = 0;
    for entry in fs::read_dir(&cache).expect("cache folder") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|x| x == "o") {
            let bytes = fs::read(&path).expect("read");
            fs::write(&path, &bytes[..bytes.len() / 2]).expect("truncate");
            damaged += 1;
        }
    }
    assert!(damaged >= 5, "only {damaged} cache entries");
    let out = json_build(&root);
    ok(&out);
    assert_eq!(
        compiled_modules(&out),
        ["__main__", "builtins", "leaf", "mid", "other"]
    );
    assert!(text(&out.stdout).contains("corrupt-cache-entry"));
    assert_eq!(ok(&support::codon(&root, &["run"])), "40 other\n");
}

#[test]
fn concurrent_builds_both_succeed() {
    let (_tmp, root) = layered_project();
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_codon"))
            .args(["build", "-q"])
            .current_dir(&root)
            .env_remove("CODON_STDLIB")
            .spawn()
            .expect("start codon")
    };
    let (a, b) = (spawn(), spawn());
    for child in [a, b] {
        let out = child.wait_with_output().expect("wait");
        assert!(out.status.success(), "{:?}", out.status);
    }
    assert_eq!(ok(&support::codon(&root, &["run", "-q"])), "40 other\n");
}

#[test]
fn failing_tests_fail_the_run_but_all_run() {
    let (_tmp, root) = new_project("checked");
    write(
        &root.join("src/calc.codon"),
        "def add(a, b):\n    return a + b\n",
    );
    write(
        &root.join("tests/test_calc.codon"),
        "import calc\n\n@test\ndef test_add():\n    assert calc.add(2, 2) == 4\n\n\
         @test\ndef test_wrong():\n    assert calc.add(2, 2) == 5, 'bad sum'\n\n\
         @test\ndef test_raises():\n    [1][3]\n\n@test\ndef test_after():\n    assert True\n",
    );
    let out = support::codon(&root, &["test"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for line in [
        "test test_calc::test_add ... ok",
        "test test_calc::test_wrong ... FAILED",
        "tests/test_calc.codon:8: AssertionError: bad sum",
        "tests/test_calc.codon:12: IndexError: list index out of range",
        "test test_calc::test_raises ... FAILED",
        "test test_calc::test_after ... ok",
        "3 passed, 2 failed",
    ] {
        assert!(stdout.contains(line), "missing {line:?} in:\n{stdout}");
    }
    let only = ok(&support::codon(&root, &["test", "test_calc::test_add"]));
    assert!(only.contains("1 passed, 0 failed"), "{only}");
}

#[test]
fn bad_manifests_get_located_errors() {
    let (_tmp, root) = new_project("broken");
    fs::write(
        root.join("codon.yaml"),
        "package:\n  name: broken\n  version: 0.1.0\ndependencies:\n  geo: {paht: ../geo}\n",
    )
    .expect("write");
    let out = support::codon(&root, &["build"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("codon.yaml:5:9"), "{err}");
    assert!(err.contains("did you mean 'path'?"), "{err}");
}

#[test]
fn clean_removes_outputs_and_cache() {
    let (_tmp, root) = new_project("tidy");
    ok(&support::codon(&root, &["build"]));
    assert!(root.join("target/cache").is_dir());
    ok(&support::codon(&root, &["clean"]));
    assert!(!root.join("target").exists());
}

/// The one target-triple folder under `dir` (the host's).
fn triple_dir(dir: &Path) -> std::path::PathBuf {
    fs::read_dir(dir)
        .expect("a target folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.is_dir() && p.file_name().is_some_and(|n| n != "cache"))
        .expect("a triple folder")
}

#[test]
fn errors_in_imported_modules_are_located() {
    let (_tmp, root) = new_project("typo");
    write(
        &root.join("src/util.codon"),
        "def f():\n    return 1 + 'a'\n",
    );
    write(
        &root.join("src/main.codon"),
        "import util\nprint(util.f())\n",
    );
    let out = support::codon(&root, &["build"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("src/util.codon:2:12: error:"), "{err}");
    assert!(
        !err.contains("/src/util.codon:2"),
        "an absolute path: {err}"
    );
    let json = support::codon(&root, &["build", "--message-format", "json"]);
    assert_eq!(json.status.code(), Some(1));
    let error = text(&json.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["event"] == "error")
        .expect("an error event");
    assert_eq!(error["kind"], "diagnostics");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("src/util.codon:2:12")),
        "{error}"
    );
}

#[test]
fn release_builds_optimize_the_cached_bitcode_whole() {
    let (_tmp, root) = layered_project();
    let cold = support::codon(&root, &["build", "--release", "--message-format", "json"]);
    ok(&cold);
    assert_eq!(compiled_modules(&cold).len(), 5);
    let cache = triple_dir(&root.join("target/cache")).join("release");
    let bitcode = fs::read_dir(&cache)
        .expect("release cache")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "bc"))
        })
        .count();
    assert_eq!(bitcode, 5, "one bitcode entry per module");
    let noop = support::codon(&root, &["build", "--release", "--message-format", "json"]);
    ok(&noop);
    assert!(compiled_modules(&noop).is_empty());
    assert_eq!(
        ok(&support::codon(&root, &["run", "--release", "-q"])),
        "40 other\n"
    );
}

#[test]
fn a_new_library_tests_itself() {
    let tmp = tempfile::tempdir().expect("temp dir");
    ok(&support::codon(tmp.path(), &["new", "shapes", "--lib"]));
    let out = ok(&support::codon(&tmp.path().join("shapes"), &["test"]));
    assert!(out.contains("test test_lib::test_add ... ok"), "{out}");
    assert!(out.contains("1 passed, 0 failed"), "{out}");
}

#[test]
fn golden_programs_print_the_same_built_per_module() {
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/programs");
    let (_tmp, root) = new_project("golden");
    let mut checked = 0;
    for area in fs::read_dir(&programs).expect("tests/programs") {
        for entry in fs::read_dir(area.expect("area").path()).expect("area folder") {
            let path = entry.expect("entry").path();
            let expected = path.with_extension("out");
            let plain = ["exit", "args", "stdin"]
                .iter()
                .all(|x| !path.with_extension(x).exists());
            if path.extension().is_none_or(|x| x != "py") || !expected.exists() || !plain {
                continue;
            }
            fs::copy(&path, root.join("src/main.codon")).expect("copy");
            let out = ok(&support::codon(&root, &["run", "-q"]));
            let want = fs::read_to_string(&expected).expect("expected output");
            assert_eq!(out, want, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} golden programs");
}
