//! The language-level dialect's syntax: the print statement, pipelines, Codon's match forms.

mod common;

use common::{error_at, sexpr};
use rstest::rstest;

#[rstest]
#[case("print x, 'a'\n", "(call print x \"a\")")]
#[case("print x,\n", "(call print x (kw end \" \"))")]
#[case("print 1\n", "(call print 1)")]
#[case("print(x)\n", "(call print x)")]
#[case("print (x), y\n", "(tuple (call print x) y)")]
#[case("print = 3\n", "(= print 3)")]
#[case("print.x\n", "(. print x)")]
#[case(
    "x |> f |> g(1, ...)\n",
    "(call __pipe__ (call __pipe__ x f) (call g 1 ...))"
)]
#[case("a ||> f(2)\n", "(call __ppipe__ a (call f 2))")]
#[case("y = 1 + 2 |> f\n", "(= y (call __pipe__ (+ 1 2) f))")]
#[case(
    "match n:\n    case 1 ... 5:\n        pass\n",
    "(match n (case 1 ... 5 pass))"
)]
#[case(
    "match n:\n    case [a, ..., b]:\n        pass\n",
    "(match n (case [a, *_, b] pass))"
)]
#[case(
    "match n:\n    case (1, t := (2, _)):\n        pass\n",
    "(match n (case [1, ([2, _] as t)] pass))"
)]
fn parses_as(#[case] src: &str, #[case] want: &str) {
    assert_eq!(sexpr(src), want, "{src}");
}

#[rstest]
#[case("x |>\n", 1)]
#[case("match n:\n    case 1 ... :\n        pass\n", 2)]
#[case("print x y\n", 1)]
fn rejected_at_line(#[case] src: &str, #[case] line: usize) {
    assert_eq!(error_at(src).0, line, "{src}");
}
