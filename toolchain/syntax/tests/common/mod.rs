//! Helpers shared by the parser tests.

// Each test binary uses only some of these.
#![allow(dead_code)]

use syntax::{parse, pretty, Diagnostic, FileId, SourceFile};

/// Parses `src` and prints it in the S-expression form, one line per top-level statement
/// (without the final newline); panics with the error if it does not parse.
pub fn sexpr(src: &str) -> String {
    match parse(src, FileId(0)) {
        Ok(m) => pretty::module(&m).trim_end().to_string(),
        Err(errs) => panic!("{src:?} did not parse: {errs:?}"),
    }
}

/// The first error for `src`; panics if it parses.
pub fn error(src: &str) -> Diagnostic {
    match parse(src, FileId(0)) {
        Ok(m) => panic!("{src:?} parsed: {}", pretty::module(&m)),
        Err(mut errs) => {
            assert!(!errs.is_empty(), "no diagnostics for {src:?}");
            errs.remove(0)
        }
    }
}

/// Line, column and message of the first error for `src`.
pub fn error_at(src: &str) -> (usize, usize, String) {
    let d = error(src);
    let (line, col) = SourceFile::new("t.py", src).line_col(d.span.start);
    (line, col, d.message)
}
