//! Type-checking programs against the real stdlib and looking at the CIR or the diagnostics.

use std::path::PathBuf;

use syntax::{SourceFile, SourceMap};

fn stdlib() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../stdlib")
}

/// Compiles `src` as `prog.py`; the CIR text, or the first error as `LINE: MESSAGE`.
fn compile(src: &str) -> Result<String, String> {
    let mut map = SourceMap::default();
    let entry = map.add(SourceFile::new("prog.py", src));
    match sema::compile(
        &mut map,
        entry,
        &sema::Options {
            stdlib_dir: stdlib(),
            search_paths: vec![],
        },
    ) {
        Ok(m) => Ok(cir::printer::print_module(&m)),
        Err(ds) => {
            let d = &ds[0];
            let f = map.get(d.file);
            let (line, _) = f.line_col(d.span.start);
            Err(format!("{}:{line}: {}", f.name, d.message))
        }
    }
}

#[test]
fn hello_world_checks() {
    let cir = compile("print('hello', 1, 2.5)\n").unwrap();
    assert!(cir.contains("print["), "{cir}");
}

#[test]
fn recursion_infers_return_type() {
    let cir = compile(
        "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(10))\n",
    )
    .unwrap();
    assert!(cir.contains("\"fib[int]\""), "{cir}");
}

#[test]
fn undefined_name_is_located() {
    let e = compile("x = 1\nprint(y)\n").unwrap_err();
    assert!(e.starts_with("prog.py:2: name 'y' is not defined"), "{e}");
}

#[test]
fn missing_method_is_located() {
    let e = compile("s = [1, 2]\ns.push(3)\n").unwrap_err();
    assert!(e.starts_with("prog.py:2:"), "{e}");
    assert!(e.contains("'push'"), "{e}");
}
