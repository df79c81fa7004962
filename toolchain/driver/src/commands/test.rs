//! `codon test`: finds the `@test` functions of `tests/**/*.codon` and of the project's `src/`
//! modules, builds one test program (per module, through the object cache) whose main module
//! calls each test in its own `try`, and runs it: every test runs even when others fail.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use clap::Args;
use syntax::ast::StmtKind;

use crate::commands::{build_project_program, BuildFlags};
use crate::errors::{Error, Result};
use crate::manifest::ProfileName;
use crate::project::{normalize, Project};
use crate::target::Target;
use crate::ui::{shown, Ui};

/// Arguments of `codon test`.
#[derive(Debug, Args)]
pub struct TestArgs {
    /// Run only the tests whose name (`MODULE::FUNCTION`) contains this text.
    pub filter: Option<String>,
    /// Build the tests with optimizations (the `release` profile).
    #[arg(long)]
    pub release: bool,
    /// Target triple to build the tests for (default: the host, which alone can run them).
    #[arg(long, value_name = "TRIPLE")]
    pub target: Option<String>,
    #[command(flatten)]
    pub flags: BuildFlags,
}

/// One `@test` function.
#[derive(Debug, Clone, PartialEq)]
struct TestFn {
    /// The module's import name (dotted, relative to `tests/` or `src/`).
    module: String,
    function: String,
    /// `FILE:LINE` of the definition, for failure reports.
    location: String,
}

impl TestFn {
    fn name(&self) -> String {
        format!("{}::{}", self.module, self.function)
    }
}

/// Runs `codon test`.
pub fn test(ui: &Ui, req: &TestArgs) -> Result<ExitCode> {
    let project = Project::find(ui)?;
    let target = match &req.target {
        Some(t) => Target::parse(t)?,
        None => Target::host(),
    };
    // Fail before compiling when the tests could not be run here.
    let runner = crate::commands::run::runner(&target)?;
    let src = normalize(&project.root.join("src"));
    let tests_dir = normalize(&project.root.join("tests"));
    let skip = project
        .manifest
        .bin()
        .map(|b| normalize(&project.root.join(b)));
    let mut tests = Vec::new();
    for (root, dir) in [(&tests_dir, &tests_dir), (&src, &src)] {
        for file in codon_files(dir) {
            if Some(&file) != skip.as_ref() {
                tests.extend(find_tests(root, &file)?);
            }
        }
    }
    if let Some(filter) = &req.filter {
        tests.retain(|t| t.name().contains(filter.as_str()));
    }
    let profile = ProfileName::pick(req.release);
    let dir = project
        .root
        .join("target")
        .join(target.to_string())
        .join(profile.as_str())
        .join("test");
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::msg(format!("cannot create {}: {e}", shown(&dir))))?;
    let main = dir.join("codon_test_main.codon");
    std::fs::write(&main, harness(&tests))
        .map_err(|e| Error::msg(format!("cannot write {}: {e}", shown(&main))))?;
    let exe = dir.join(format!("{}-tests", project.manifest.package.name));
    let search = vec![tests_dir, src];
    build_project_program(
        ui,
        &project,
        &main,
        search,
        (&target, profile),
        &req.flags,
        &exe,
    )?;
    ui.step("Running", shown(&exe));
    let mut cmd = match runner.split_first() {
        None => Command::new(&exe),
        Some((program, rest)) => {
            let mut cmd = Command::new(program);
            cmd.args(rest).arg(&exe);
            cmd
        }
    };
    let status = cmd
        .status()
        .map_err(|e| Error::msg(format!("cannot run {}: {e}", shown(&exe))))?;
    Ok(if status.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The `.codon` files under `dir`, recursively, in path order.
fn codon_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            out.extend(codon_files(&p));
        } else if p.extension().is_some_and(|x| x == "codon") {
            out.push(p);
        }
    }
    out
}

/// The `@test` functions defined at the top of `file`, a module under `root`.
fn find_tests(root: &Path, file: &Path) -> Result<Vec<TestFn>> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| Error::msg(format!("cannot read {}: {e}", shown(file))))?;
    // A file that does not parse holds no tests here; building the test program reports it.
    let Ok(module) = syntax::parse(&text, syntax::FileId(0)) else {
        return Ok(vec![]);
    };
    let rel = file.strip_prefix(root).unwrap_or(file).with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "__init__") {
        parts.pop();
    }
    let module_name = parts.join(".");
    let mut out = Vec::new();
    for stmt in &module.body {
        let StmtKind::FunctionDef(f) = &stmt.kind else {
            continue;
        };
        if f.decorators
            .iter()
            .any(|d| sema::decorator_name(d) == "test")
        {
            let line = text[..f.name.span.start as usize].matches('\n').count() + 1;
            out.push(TestFn {
                module: module_name.clone(),
                function: f.name.name.clone(),
                location: format!("{}:{line}", shown(file)),
            });
        }
    }
    Ok(out)
}

/// Exceptions the test program names in a failure report (subclasses before their bases); any
/// other is caught as `Exception`.
const NAMED_EXCEPTIONS: &[&str] = &[
    "AssertionError",
    "IndexError",
    "KeyError",
    "ValueError",
    "ZeroDivisionError",
    "OverflowError",
    "TypeError",
    "AttributeError",
    "NameError",
    "NotImplementedError",
    "RecursionError",
    "RuntimeError",
    "StopIteration",
    "FileNotFoundError",
    "OSError",
    "EOFError",
];

/// The test program: imports every test's module, runs each test through `_codon_run` (its
/// own `try`), prints one line per test and the totals, and exits with status 1 when any
/// failed.
fn harness(tests: &[TestFn]) -> String {
    let mut modules: Vec<&str> = tests.iter().map(|t| t.module.as_str()).collect();
    modules.sort();
    modules.dedup();
    let mut s = String::from("# Generated by `codon test`.\nimport sys\n");
    for (i, m) in modules.iter().enumerate() {
        let _ = writeln!(s, "import {m} as _codon_test_{i}");
    }
    s.push_str(
        "\ndef _codon_run(test, name: str, location: str) -> bool:\n    try:\n        test()\n        \
         print(\"test \" + name + \" ... ok\")\n        return True\n",
    );
    let failed = |s: &mut String, class: &str, shown: &str| {
        let _ = write!(
            s,
            "    except {class} as e:\n        print(\"test \" + name + \" ... FAILED\")\n        \
             print(\"    \" + location + \": \" + {shown} + \": \" + str(e))\n"
        );
    };
    for class in NAMED_EXCEPTIONS {
        failed(&mut s, class, &format!("\"{class}\""));
    }
    failed(&mut s, "Exception", "__typename__(e)");
    s.push_str("    return False\n\n_codon_passed = 0\n_codon_failed = 0\n");
    for t in tests {
        let i = modules
            .iter()
            .position(|m| *m == t.module)
            .expect("every test's module is imported");
        let quoted = |text: &str| text.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = write!(
            s,
            "if _codon_run(_codon_test_{i}.{f}, \"{name}\", \"{loc}\"):\n    _codon_passed += 1\n\
             else:\n    _codon_failed += 1\n",
            f = t.function,
            name = quoted(&t.name()),
            loc = quoted(&t.location),
        );
    }
    s.push_str(
        "print(\"\")\nprint(str(_codon_passed) + \" passed, \" + str(_codon_failed) + \" failed\")\n\
         if _codon_failed > 0:\n    sys.exit(1)\n",
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_decorated_top_level_functions() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("pkg").join("test_a.codon");
        std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
        std::fs::write(
            &file,
            "@test\ndef t1():\n    pass\n\ndef helper():\n    pass\n",
        )
        .expect("write");
        let found = find_tests(dir.path(), &file).expect("scan");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name(), "pkg.test_a::t1");
        assert!(
            found[0].location.ends_with("test_a.codon:2"),
            "{}",
            found[0].location
        );
        let text = harness(&found);
        assert!(
            text.contains("import pkg.test_a as _codon_test_0"),
            "{text}"
        );
        assert!(
            text.contains("_codon_run(_codon_test_0.t1, \"pkg.test_a::t1\""),
            "{text}"
        );
    }
}
