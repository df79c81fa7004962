//! What release builds make of the code users write: `for` loops over generators and ranges
//! become plain loops (no coroutine frame is allocated and no resume function is called).

mod support;

use std::fs;

/// Builds `source` with `--emit llvm --release` and returns the optimized module's text.
fn release_ir(source: &str) -> String {
    let dir = support::temp("codon-opt-test-");
    fs::write(dir.path().join("prog.py"), source).unwrap();
    let out = support::codon(
        dir.path(),
        &[
            "build",
            "prog.py",
            "--emit",
            "llvm",
            "--release",
            "-o",
            "prog.ll",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    fs::read_to_string(dir.path().join("prog.ll")).unwrap()
}

/// Every reference to a coroutine's resume or destroy function (a call, or a store into a
/// heap-allocated frame), by symbol name.
fn coroutine_references(ir: &str) -> Vec<&str> {
    ir.lines()
        .filter(|l| !l.starts_with("define") && !l.starts_with("declare"))
        .flat_map(|l| l.split('@').skip(1))
        .filter_map(|s| {
            let name = s.strip_prefix('"')?.split('"').next()?;
            (name.ends_with(".resume") || name.ends_with(".destroy")).then_some(name)
        })
        .collect()
}

#[test]
fn loops_over_local_generators_and_ranges_are_plain_loops() {
    // The bodies may raise, the sizes come from the command line (nothing folds away), and
    // one generator loops over a list inside its own body.
    let ir = release_ir(
        r#"import sys

def evens(xs: list[int]):
    for x in xs:
        if x % 2 == 0:
            yield x

def countdown(n: int):
    while n > 0:
        yield n
        n -= 1

def total(xs: list[int]) -> int:
    s = 0
    for x in evens(xs):
        if x > 1000000:
            raise ValueError("too big")
        s += x * 3
    for k in countdown(len(xs)):
        s = s * 31 + k
    for i in range(len(xs)):
        s ^= xs[i] // (i + 1)
    return s

print(total([int(a) for a in sys.argv[1:]]))
"#,
    );
    let refs = coroutine_references(&ir);
    assert!(refs.is_empty(), "coroutines left in the loops: {refs:?}");
    assert!(!ir.contains("@llvm.coro."), "{ir}");
}

#[test]
fn range_loops_with_constant_steps_are_counted_loops_in_cir() {
    let dir = support::temp("codon-opt-test-");
    fs::write(
        dir.path().join("prog.py"),
        "def f(n: int):\n    for i in range(n):\n        print(i)\n    for j in range(10, 0, -3):\n        print(j)\n    for k in range(0, 9, n):\n        print(k)\nf(5)\n",
    )
    .unwrap();
    let out = support::codon(
        dir.path(),
        &["build", "prog.py", "--emit", "cir", "-o", "prog.cir"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cir = fs::read_to_string(dir.path().join("prog.cir")).unwrap();
    assert!(cir.contains("(imperative_for '\"i\" (step 1)"), "{cir}");
    assert!(cir.contains("(imperative_for '\"j\" (step -3)"), "{cir}");
    // A step known only at run time keeps the generator (range() must check it for zero).
    assert!(cir.contains("(for '\"k\""), "{cir}");
}
