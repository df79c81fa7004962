//! Deep nesting is either parsed or reported, never a stack overflow (the tests run on the
//! test harness's threads, which have 2 MiB stacks).

use rstest::rstest;
use syntax::{parse, FileId};

fn nest(open: &str, inner: &str, close: &str, n: usize) -> String {
    format!("x = {}{}{}\n", open.repeat(n), inner, close.repeat(n))
}

#[rstest]
#[case("(", "1", ")")]
#[case("[", "1", "]")]
#[case("{", "1", "}")]
#[case("{1: ", "1", "}")]
#[case("-", "1", "")]
#[case("not ", "1", "")]
#[case("f(", "1", ")")]
#[case("a[", "1", "]")]
#[case("lambda: ", "1", "")]
#[case("lambda x=", "1", ": 0")]
#[case("1 if 2 else ", "1", "")]
#[case("2 ** ", "1", "")]
#[case("[x for x in ", "y", "]")]
fn moderate_nesting_parses(#[case] open: &str, #[case] inner: &str, #[case] close: &str) {
    let src = nest(open, inner, close, 40);
    assert!(parse(&src, FileId(0)).is_ok(), "{src}");
}

#[rstest]
#[case("(", "1", ")")]
#[case("[", "1", "]")]
#[case("{", "1", "}")]
#[case("-", "1", "")]
#[case("not ", "1", "")]
#[case("~", "1", "")]
#[case("f(", "1", ")")]
#[case("a[", "1", "]")]
#[case("lambda: ", "1", "")]
#[case("lambda x=", "1", ": 0")]
#[case("1 if 2 else ", "1", "")]
#[case("2 ** ", "1", "")]
#[case("[x for x in ", "y", "]")]
fn excessive_nesting_is_an_error(#[case] open: &str, #[case] inner: &str, #[case] close: &str) {
    for n in [300, 5000] {
        let src = nest(open, inner, close, n);
        let errs = parse(&src, FileId(0)).expect_err(&src[..40]);
        assert!(
            errs[0].message.contains("too deeply nested"),
            "{}",
            errs[0].message
        );
    }
}

fn nested_ifs(n: usize) -> String {
    (0..n)
        .map(|i| format!("{}if x:\n", " ".repeat(i)))
        .collect::<String>()
        + &" ".repeat(n)
        + "pass\n"
}

#[test]
fn deep_blocks() {
    assert!(parse(&nested_ifs(40), FileId(0)).is_ok());
    let errs = parse(&nested_ifs(1000), FileId(0)).unwrap_err();
    assert!(errs[0].message.contains("too deeply nested"));
}

#[test]
fn deep_patterns() {
    let src = |n: usize| {
        format!(
            "match x:\n    case {}1{}:\n        pass\n",
            "[".repeat(n),
            "]".repeat(n)
        )
    };
    assert!(parse(&src(40), FileId(0)).is_ok());
    assert!(parse(&src(3000), FileId(0)).unwrap_err()[0]
        .message
        .contains("too deeply nested"));
}

#[test]
fn deep_format_specs() {
    let src = |n: usize| format!("x = f'{}{{1}}{}'\n", "{x:".repeat(n), "}".repeat(n));
    assert!(parse(&src(40), FileId(0)).is_ok());
    assert!(parse(&src(3000), FileId(0)).unwrap_err()[0]
        .message
        .contains("too deeply nested"));
}
