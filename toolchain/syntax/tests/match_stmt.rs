//! `match` statements, every pattern kind, and `match`/`case`/`_` as ordinary names.

mod common;

use common::{error_at, sexpr};
use rstest::rstest;

fn case(pattern: &str) -> String {
    let out = sexpr(&format!("match x:\n    case {pattern}:\n        pass\n"));
    let inner = out
        .strip_prefix("(match x (case ")
        .and_then(|s| s.strip_suffix(" pass))"));
    inner
        .unwrap_or_else(|| panic!("unexpected shape: {out}"))
        .to_string()
}

#[rstest]
#[case("1", "1")]
#[case("-1", "(- 1)")]
#[case("1.5", "1.5")]
#[case("-1 + 2j", "(+ (- 1) 2.0j)")]
#[case("3 - 4j", "(- 3 4.0j)")]
#[case("'a' 'b'", "\"ab\"")]
#[case("b'x'", "b\"x\"")]
#[case("None", "(is None)")]
#[case("True", "(is True)")]
#[case("_", "_")]
#[case("name", "name")]
#[case("Color.RED", "(. Color RED)")]
#[case("a.b.c", "(. (. a b) c)")]
#[case("(1)", "1")]
#[case("()", "[]")]
#[case("[]", "[]")]
#[case("[a, *rest]", "[a, *rest]")]
#[case("(a, *_,)", "[a, *_]")]
#[case("a, b", "[a, b]")]
#[case("*a, b", "[*a, b]")]
#[case("[1, [2, 3]]", "[1, [2, 3]]")]
#[case("{}", "{}")]
#[case(
    "{'k': v, 1: [a], Color.RED: _, **rest}",
    "{\"k\": v, 1: [a], (. Color RED): _, **rest}"
)]
#[case("Point()", "Point()")]
#[case("Point(x, y=0)", "Point(x, y=0)")]
#[case("a.B(1, [c], k=d as e,)", "(. a B)(1, [c], k=(d as e))")]
#[case("1 | 2 | 3", "(1 | 2 | 3)")]
#[case("[1, 2] as p", "([1, 2] as p)")]
#[case("(1 | 2) as n", "((1 | 2) as n)")]
#[case("1 | 2 as n", "((1 | 2) as n)")]
#[case("str() | bytes()", "(str() | bytes())")]
fn patterns(#[case] pattern: &str, #[case] expected: &str) {
    assert_eq!(case(pattern), expected);
}

#[test]
fn full_match_statement() {
    let src = "\
match command.split():
    case [action]:
        go(action)
    case [action, obj] if obj in items:
        take(action, obj)
    case Point(x=0) | Point(y=0):
        pass
    case _:
        pass
";
    assert_eq!(
        sexpr(src),
        "(match (call (. command split)) \
         (case [action] (call go action)) \
         (case [action, obj] if (cmp obj in items) (call take action obj)) \
         (case (Point(x=0) | Point(y=0)) pass) \
         (case _ pass))"
    );
}

#[rstest]
#[case(
    "match x, *y:\n    case _: pass\n",
    "(match (tuple x (* y)) (case _ pass))"
)]
#[case("match (x):\n    case 1: pass\n", "(match x (case 1 pass))")]
#[case("match -x:\n    case 1: pass\n", "(match (- x) (case 1 pass))")]
fn subjects(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case("match = 3", "(= match 3)")]
#[case("match.x = 1", "(= (. match x) 1)")]
#[case("match(x)", "(call match x)")]
#[case("match[x]", "([] match x)")]
#[case("match: int = 1", "(ann match int 1)")]
#[case("match, case = 1, 2", "(= (tuple match case) (tuple 1 2))")]
#[case("case = _ = 3", "(= case _ 3)")]
#[case("print(match, case)", "(call print match case)")]
#[case("match(x).y(z)\n", "(call (. (call match x) y) z)")]
#[case("match x:\n    case case: pass\n", "(match x (case case pass))")]
#[case(
    "match match:\n    case match: pass\n",
    "(match match (case match pass))"
)]
fn soft_keywords_are_names(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case(
    "match x:\n    case a as _: pass\n",
    2,
    15,
    "cannot use '_' as a target"
)]
#[case("match x:\n    case *a: pass\n", 2, 10, "can't use starred name here")]
#[case(
    "match x:\n    case C(a=1, b): pass\n",
    2,
    17,
    "positional patterns follow keyword patterns"
)]
#[case(
    "match x:\n    case {**r, 'a': 1}: pass\n",
    2,
    16,
    "double star pattern must be the last item of a mapping pattern"
)]
#[case(
    "match x:\n    case f'{y}': pass\n",
    2,
    10,
    "patterns may only match literals and attribute lookups"
)]
#[case(
    "match x:\n    case 1 + 2: pass\n",
    2,
    14,
    "imaginary number required in complex literal"
)]
#[case("match x:\n    y = 1\n", 2, 5, "invalid syntax")]
#[case(
    "match x:\n    case 1:\n    pass\n",
    3,
    5,
    "expected an indented block after 'case' statement on line 2"
)]
fn pattern_errors(
    #[case] src: &str,
    #[case] line: usize,
    #[case] col: usize,
    #[case] message: &str,
) {
    assert_eq!(error_at(src), (line, col, message.to_string()));
}
