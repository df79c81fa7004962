//! Rendering diagnostics as `FILE:LINE:COL: error: MESSAGE` plus a source snippet.

use syntax::diag::Severity;
use syntax::{parse, render, Diagnostic, SourceFile, SourceMap, Span};

fn map_with(name: &str, text: &str) -> (SourceMap, syntax::FileId) {
    let mut map = SourceMap::default();
    let id = map.add(SourceFile::new(name, text));
    (map, id)
}

#[test]
fn parse_error_renders_with_snippet() {
    let src = "def add(a, b)\n    return a + b\n";
    let (map, id) = map_with("prog.py", src);
    let diag = parse(src, id).unwrap_err().remove(0);
    assert_eq!(
        render(&diag, &map, false),
        "prog.py:1:14: error: expected ':'\n  |\n1 | def add(a, b)\n  |              ^\n"
    );
}

#[test]
fn span_is_underlined_and_help_follows() {
    let src = "x = 1\nstack.push(5)\n";
    let (map, id) = map_with("t.py", src);
    let diag = Diagnostic::error(id, Span::new(12, 16), "list has no method 'push'")
        .with_help("did you mean 'append'?");
    assert_eq!(
        render(&diag, &map, false),
        "t.py:2:7: error: list has no method 'push'\n  |\n2 | stack.push(5)\n  |       ^^^^\nhelp: did you mean 'append'?\n"
    );
}

#[test]
fn labels_render_as_notes() {
    let src = "x = 1\nx = 'a'\n";
    let (map, id) = map_with("t.py", src);
    let diag = Diagnostic::error(id, Span::new(10, 13), "type mismatch").with_label(
        id,
        Span::new(0, 1),
        "first assigned here",
    );
    let text = render(&diag, &map, false);
    assert_eq!(
        text,
        "t.py:2:5: error: type mismatch\n  |\n2 | x = 'a'\n  |     ^^^\n\
         t.py:1:1: note: first assigned here\n  |\n1 | x = 1\n  | -\n"
    );
}

#[test]
fn wide_line_numbers_tabs_and_multiline_spans() {
    let src = format!("{}\tif (a +\n  b): pass\n", "\n".repeat(9));
    let (map, id) = map_with("t.py", &src);
    let diag = Diagnostic::error(id, Span::new(13, 20), "multi-line");
    assert_eq!(
        render(&diag, &map, false),
        "t.py:10:5: error: multi-line\n   |\n10 |     if (a +\n   |        ^^^^\n"
    );
}

#[test]
fn warnings_and_color() {
    let (map, id) = map_with("t.py", "x\n");
    let mut diag = Diagnostic::error(id, Span::new(0, 1), "unused");
    diag.severity = Severity::Warning;
    assert!(render(&diag, &map, false).starts_with("t.py:1:1: warning: unused\n"));
    let colored = render(&diag, &map, true);
    assert!(colored.contains("\u{1b}["), "{colored:?}");
    assert!(colored.contains("warning"));
}

#[test]
fn error_at_end_of_file_and_unknown_file() {
    let (map, id) = map_with("t.py", "x = (");
    let diag = Diagnostic::error(id, Span::new(5, 5), "at end");
    assert!(render(&diag, &map, false).starts_with("t.py:1:6: error: at end\n"));
    let other = Diagnostic::error(syntax::FileId(7), Span::new(0, 1), "lost");
    assert_eq!(render(&other, &map, false), "<unknown>: error: lost\n");
}

#[test]
fn labels_on_the_primary_line_are_underlined_below_it() {
    let src = "n = 1\nx = n + 'a'\n";
    let (map, id) = map_with("t.py", src);
    let diag = Diagnostic::error(id, Span::new(10, 17), "bad operands")
        .with_label(id, Span::new(10, 11), "this is an 'int'")
        .with_label(id, Span::new(14, 17), "this is a 'str'")
        .with_label(id, Span::new(0, 1), "set here");
    assert_eq!(
        render(&diag, &map, false),
        "t.py:2:5: error: bad operands\n  |\n2 | x = n + 'a'\n  |     ^^^^^^^\n\
         \x20 |     - this is an 'int'\n  |         --- this is a 'str'\n\
         t.py:1:1: note: set here\n  |\n1 | n = 1\n  | -\n"
    );
}

/// Any column renders (Rust's format width stops at 65535): a long line is cut to a window
/// around the error, with `…` where text was left out, and the underline stays under it.
#[test]
fn long_lines_render_a_window_around_the_error() {
    for indent in [200usize, 70_000, 200_000] {
        let src = format!("x = [{}9 $]\n", "1, ".repeat(indent / 3));
        let (map, id) = map_with("wide.py", &src);
        let at = src.find('$').unwrap();
        let diag = Diagnostic::error(id, Span::new(at, at + 1), "invalid syntax");
        let text = render(&diag, &map, false);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].starts_with(&format!("wide.py:1:{}: ", at + 1)),
            "{text}"
        );
        let shown = lines[2].trim_start_matches("1 | ");
        assert!(
            shown.starts_with('…') && shown.chars().count() <= 125,
            "{text}"
        );
        let caret = lines[3].find('^').unwrap();
        assert_eq!(lines[2].chars().nth(caret), Some('$'), "{text}");
    }
}
