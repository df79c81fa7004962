//! F-strings: literal text, fields, conversions, format specs, debug fields, spans.

mod common;

use common::{error_at, sexpr};
use rstest::rstest;
use syntax::ast::{ExprKind, FStringPart, StmtKind};
use syntax::{parse, FileId};

#[rstest]
#[case(r#"f"abc""#, r#"(f "abc")"#)]
#[case(r#"f"""#, "(f)")]
#[case(r#"f"{x}""#, "(f (fmt x))")]
#[case(r#"f"a{x}b{y}c""#, r#"(f "a" (fmt x) "b" (fmt y) "c")"#)]
#[case(r#"f"{{x}} {{""#, r#"(f "{x} {")"#)]
#[case(
    r#"f"{x!r} {y!s} {z!a}""#,
    r#"(f (fmt x !r) " " (fmt y !s) " " (fmt z !a))"#
)]
#[case(r#"f"{x:>10}""#, r#"(f (fmt x (spec ">10")))"#)]
#[case(r#"f"{x:{w}.{p}f}""#, r#"(f (fmt x (spec (fmt w) "." (fmt p) "f")))"#)]
#[case(r#"f"{x!r:^{w}}""#, r#"(f (fmt x !r (spec "^" (fmt w))))"#)]
#[case(r#"f"{x=}""#, r#"(f (fmt x (debug "x=") !r))"#)]
#[case(r#"f"{x = }""#, r#"(f (fmt x (debug "x = ") !r))"#)]
#[case(r#"f"{x=!s}""#, r#"(f (fmt x (debug "x=") !s))"#)]
#[case(r#"f"{x=:.2f}""#, r#"(f (fmt x (debug "x=") (spec ".2f")))"#)]
#[case(r#"f"{a + b * 2}""#, "(f (fmt (+ a (* b 2))))")]
#[case(r#"f"{a == b}""#, "(f (fmt (cmp a == b)))")]
#[case(r#"f"{a != b}""#, "(f (fmt (cmp a != b)))")]
#[case(r#"f"{d['k']}""#, r#"(f (fmt ([] d "k")))"#)]
#[case(r#"f"{ {'a': 1}['a'] }""#, r#"(f (fmt ([] (dict ("a" 1)) "a")))"#)]
#[case(r#"f"{x[1:2]}""#, "(f (fmt ([] x (slice 1 2 _))))")]
#[case(r#"f"{a, b}""#, "(f (fmt (tuple a b)))")]
#[case(r#"f"{(lambda: 1)()}""#, "(f (fmt (call (lambda () 1))))")]
#[case(r#"f"{f'{x}'}""#, "(f (fmt (f (fmt x))))")]
#[case(
    r#"f"{x:{'>' if a else '<'}10}""#,
    r#"(f (fmt x (spec (fmt (if a ">" "<")) "10")))"#
)]
#[case(r#"f"\t{x}\n""#, r#"(f "\t" (fmt x) "\n")"#)]
#[case(r#"rf"\d{x}\w""#, r#"(f "\\d" (fmt x) "\\w")"#)]
#[case(r#"F"{x}" Rf'{y}' fR"{z}""#, "(f (fmt x) (fmt y) (fmt z))")]
#[case(r#""a" f"{b}" "c""#, r#"(f "a" (fmt b) "c")"#)]
#[case("f'''{\nx\n}'''", "(f (fmt x))")]
#[case(r#"f"{x:%Y-%m-%d}""#, r#"(f (fmt x (spec "%Y-%m-%d")))"#)]
#[case(r#"f"{x:}""#, "(f (fmt x))")]
fn fstrings(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[test]
fn field_expressions_have_file_spans() {
    let src = "x = 1\ns = f\"ab{foo + 1:>{width}}\"\n";
    let m = parse(src, FileId(0)).unwrap();
    let StmtKind::Assign { value, .. } = &m.body[1].kind else {
        panic!()
    };
    let ExprKind::FString(parts) = &value.kind else {
        panic!()
    };
    let FStringPart::Formatted {
        value: field, spec, ..
    } = &parts[1]
    else {
        panic!()
    };
    let text = |e: &syntax::ast::Expr| &src[e.span.start as usize..e.span.end as usize];
    assert_eq!(text(field), "foo + 1");
    let FStringPart::Formatted { value: width, .. } = &spec[1] else {
        panic!()
    };
    assert_eq!(text(width), "width");
    assert_eq!(text(value), "f\"ab{foo + 1:>{width}}\"");
}

#[rstest]
#[case(r#"f"{}""#, 1, 3, "f-string: empty expression not allowed")]
#[case(r#"f"{ }""#, 1, 3, "f-string: empty expression not allowed")]
#[case(r#"f"{x""#, 1, 5, "f-string: expecting '}'")]
#[case(
    r#"f"{x!}""#,
    1,
    5,
    "f-string: invalid conversion character: expected 's', 'r', or 'a'"
)]
#[case(
    r#"f"{x!q}""#,
    1,
    5,
    "f-string: invalid conversion character: expected 's', 'r', or 'a'"
)]
#[case(r#"f"{x!r x}""#, 1, 7, "f-string: expecting '}'")]
#[case(r#"f"a}b""#, 1, 4, "f-string: single '}' is not allowed")]
#[case(r#"f"{a b}""#, 1, 6, "invalid syntax")]
#[case(
    r#"f"{a\n}""#,
    1,
    5,
    "f-string expression part cannot include a backslash"
)]
#[case(r#"f"{a # c}""#, 1, 6, "f-string expression part cannot include '#'")]
#[case("x = 1\ny = f\"{)}\"", 2, 8, "unmatched ')'")]
#[case(r#"f"{x:{y}""#, 1, 9, "f-string: expecting '}'")]
fn fstring_errors(
    #[case] src: &str,
    #[case] line: usize,
    #[case] col: usize,
    #[case] message: &str,
) {
    assert_eq!(error_at(src), (line, col, message.to_string()));
}
