//! Error recovery: after a syntax error the parser resumes at the next top-level statement,
//! so one run reports every independent error, in source order, and nothing after a lexer
//! error that makes the rest unreadable.

use syntax::{parse, FileId, SourceFile};

/// `LINE: MESSAGE` for each error `parse` reports in `src`.
fn errors(src: &str) -> Vec<String> {
    let file = SourceFile::new("t.py", src);
    parse(src, FileId(0))
        .expect_err("the source has syntax errors")
        .iter()
        .map(|d| format!("{}: {}", file.line_col(d.span.start).0, d.message))
        .collect()
}

#[test]
fn independent_errors_are_all_reported() {
    let src = "def f(a, b)\n    return a\nprint(1)\nx = = 2\ny = 3\nfor i in range(3) print(i)\n";
    assert_eq!(
        errors(src),
        ["1: expected ':'", "4: invalid syntax", "6: expected ':'",]
    );
}

#[test]
fn an_error_inside_a_block_resumes_after_the_block() {
    let src = "def f():\n    x = (1 +)\n    y = = 2\n    return x\nz = )\n";
    let found = errors(src);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("2: "), "{found:?}");
    assert!(found[1].starts_with("5: "), "{found:?}");
}

#[test]
fn errors_before_a_lexer_error_are_kept_and_nothing_after_it() {
    let src = "x = = 1\ns = 'abc\nt = = 2\n";
    let found = errors(src);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].starts_with("1: "), "{found:?}");
    assert!(
        found[1].starts_with("2: unterminated string literal"),
        "{found:?}"
    );
}

#[test]
fn a_flood_of_errors_is_capped() {
    let src = "x = = 1\n".repeat(100);
    assert_eq!(errors(&src).len(), 20);
}
