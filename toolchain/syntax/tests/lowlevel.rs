//! The low-level dialect's syntax: numeric literal suffixes and `from C import`.

mod common;

use common::{error_at, sexpr};
use rstest::rstest;

#[rstest]
#[case("x = 5u32\n")]
#[case("x = 7i8\n")]
#[case("x = 0xFFu8\n")]
#[case("x = 0b101i3\n")]
#[case("x = 2.5f32\n")]
#[case("x = 1e-5f32\n")]
#[case("x = 3u128 * 4u128\n")]
fn suffixed_literals_are_calls_of_their_types(#[case] src: &str) {
    let out = sexpr(src);
    assert!(out.contains("call"), "{src:?} gave {out}");
    assert!(
        out.contains("Int") || out.contains("float32"),
        "{src:?} gave {out}"
    );
}

#[test]
fn suffix_widths_and_kinds_are_checked() {
    assert_eq!(error_at("x = 1\ny = 7u0\n").0, 2);
    assert!(error_at("y = 7u0\n").2.contains("width"));
    assert!(error_at("y = 2.5i32\n").2.contains("float literal"));
    // not a suffix: still an invalid literal
    assert!(error_at("y = 5q32\n").2.contains("invalid"));
}

#[test]
fn keywords_after_numbers_are_not_suffixes() {
    let out = sexpr("x = 1if y else 2\n");
    assert!(out.contains("if"), "{out}");
}

#[test]
fn c_imports_are_extern_declarations() {
    let out = sexpr("from C import strlen(cobj) -> int\n");
    assert!(out.contains("strlen") && out.contains("extern"), "{out}");
    let out = sexpr("from C import abs(i32) -> i32 as c_abs\n");
    assert!(out.contains("c_abs") && out.contains("\"abs\""), "{out}");
    let out = sexpr("from C import free(cobj)\n");
    assert!(out.contains("free"), "{out}");
}

#[test]
fn c_imports_need_signatures() {
    let (line, _, msg) = error_at("x = 1\nfrom C import strlen\n");
    assert_eq!(line, 2);
    assert!(msg.contains("argument types"), "{msg}");
    assert!(error_at("from C import libm.cos(float) -> float\n")
        .2
        .contains("LIBRARY.NAME"));
}
