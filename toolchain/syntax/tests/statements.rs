//! Statements: simple statements, assignments, imports and every compound statement.

mod common;

use common::sexpr;
use rstest::rstest;

#[rstest]
#[case("x = 1", "(= x 1)")]
#[case("a = b = c", "(= a b c)")]
#[case("a, b = b, a", "(= (tuple a b) (tuple b a))")]
#[case("a, = x", "(= (tuple a) x)")]
#[case("(a, b), [c, *d] = x", "(= (tuple (tuple a b) (list c (* d))) x)")]
#[case("a.b[c] = x", "(= ([] (. a b) c) x)")]
#[case("x = *a, b", "(= x (tuple (* a) b))")]
#[case("x += 1", "(+= x 1)")]
#[case(
    "x **= 2; y //= 3; z >>= 1; w <<= 1; v @= m",
    "(**= x 2)\n(//= y 3)\n(>>= z 1)\n(<<= w 1)\n(@= v m)"
)]
#[case(
    "x %= 1; x &= 1; x |= 1; x ^= 1; x -= 1; x *= 1; x /= 1",
    "(%= x 1)\n(&= x 1)\n(|= x 1)\n(^= x 1)\n(-= x 1)\n(*= x 1)\n(/= x 1)"
)]
#[case("x: int", "(ann x int)")]
#[case("x: list[int] = []", "(ann x ([] list int) (list))")]
#[case("self.x: int = 0", "(ann (. self x) int 0)")]
#[case("pass; pass;", "pass\npass")]
#[case("del a, b[1], c.d", "(del a ([] b 1) (. c d))")]
#[case("del (a, b),", "(del (tuple a b))")]
#[case("assert x", "(assert x)")]
#[case("assert x, 'msg'", "(assert x \"msg\")")]
#[case("raise", "(raise)")]
#[case("raise E('x') from e", "(raise (call E \"x\") from e)")]
#[case("global a, b", "(global a b)")]
#[case("print(*a, sep='')", "(call print (* a) (kw sep \"\"))")]
#[case("x if y else z", "(if y x z)")]
#[case("1, 2", "(tuple 1 2)")]
fn simple_statements(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case("import os", "(import os)")]
#[case("import os.path as p, sys", "(import (as os.path p) sys)")]
#[case("from a import b", "(from a b)")]
#[case("from a.b import c as d, e", "(from a.b (as c d) e)")]
#[case("from . import x", "(from . x)")]
#[case("from .. import x", "(from .. x)")]
#[case("from ...a import x", "(from ...a x)")]
#[case("from .... import x", "(from .... x)")]
#[case("from ..a import (b as c, d)", "(from ..a (as b c) d)")]
#[case("from a import (\n    b,\n    c,\n)", "(from a b c)")]
#[case("from a import *", "(from a *)")]
#[case("from . import *", "(from . *)")]
fn imports(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[test]
fn relative_import_level() {
    let m = syntax::parse("from ..a import b", syntax::FileId(0)).unwrap();
    let syntax::ast::StmtKind::ImportFrom { module, level, .. } = &m.body[0].kind else {
        panic!()
    };
    assert_eq!((module.as_deref(), *level), (Some("a"), 2));
}

#[rstest]
#[case(
    "if a:\n    b\nelif c:\n    d\nelse:\n    e\n",
    "(if a b (else (if c d (else e))))"
)]
#[case("if a: b; c\n", "(if a b c)")]
#[case(
    "if (x := f()) > 0:\n    pass\n",
    "(if (cmp (:= x (call f)) > 0) pass)"
)]
#[case(
    "while x:\n    break\nelse:\n    pass\n",
    "(while x break (else pass))"
)]
#[case(
    "for i in range(3):\n    continue\n",
    "(for i (call range 3) continue)"
)]
#[case("for a, *b in c, d: pass\n", "(for (tuple a (* b)) (tuple c d) pass)")]
#[case("for (a, b) in c: pass\n", "(for (tuple a b) c pass)")]
#[case(
    "for x in y:\n    pass\nelse:\n    pass\n",
    "(for x y pass (else pass))"
)]
#[case("with a: pass\n", "(with (a) pass)")]
#[case(
    "with a as b, c as (d, e): pass\n",
    "(with ((as a b) (as c (tuple d e))) pass)"
)]
#[case("with (a as b, c as d,): pass\n", "(with ((as a b) (as c d)) pass)")]
#[case("with (a, b): pass\n", "(with (a b) pass)")]
#[case("with (a, b) as c: pass\n", "(with ((as (tuple a b) c)) pass)")]
#[case("with (open(f)) as g: pass\n", "(with ((as (call open f) g)) pass)")]
#[case(
    "try:\n    a\nexcept E as e:\n    b\nexcept (F, G):\n    c\nexcept:\n    d\nelse:\n    e\nfinally:\n    f\n",
    "(try a (except E as e b) (except (tuple F G) c) (except d) (else e) (finally f))"
)]
#[case("try:\n    a\nfinally:\n    b\n", "(try a (finally b))")]
#[case(
    "try:\n    a\nexcept* E:\n    b\nexcept* F as f:\n    c\n",
    "(try a (except* E b) (except* F as f c))"
)]
#[case("class A: pass\n", "(class A (bases) pass)")]
#[case(
    "class A(B, C, metaclass=M, **kw):\n    x: int\n",
    "(class A (bases B C (kw metaclass M) (** kw)) (ann x int))"
)]
#[case("class A():\n    pass\n", "(class A (bases) pass)")]
#[case(
    "@d1\n@d2.x(3)\nclass A:\n    pass\n",
    "(class A (bases) @d1 @(call (. d2 x) 3) pass)"
)]
fn compound_statements(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case("def f(): pass\n", "(def f () pass)")]
#[case(
    "def f(a, b: int = 1, *args: int, c, d=2, **kw: str) -> None:\n    return\n",
    "(def f (a b:int=1 *args:int c d=2 **kw:str) -> None (return))"
)]
#[case("def f(a, /, b, *, c): pass\n", "(def f (a / b * c) pass)")]
#[case("def f(a, b, /): pass\n", "(def f (a b /) pass)")]
#[case("def f(*, a=1, b): pass\n", "(def f (* a=1 b) pass)")]
#[case("def f(a,): pass\n", "(def f (a) pass)")]
#[case("def f():\n    return 1, 2\n", "(def f () (return (tuple 1 2)))")]
#[case("def f():\n    return *a, b\n", "(def f () (return (tuple (* a) b)))")]
#[case(
    "def g():\n    yield\n    yield x\n    yield from y\n    z = yield w\n",
    "(def g () (yield) (yield x) (yield-from y) (= z (yield w)))"
)]
#[case("def f():\n    x = [(yield)]\n", "(def f () (= x (list (yield))))")]
#[case(
    "def f():\n    x = yield a, b\n",
    "(def f () (= x (yield (tuple a b))))"
)]
#[case(
    "async def f():\n    await x\n    async for a in b: pass\n    async with c as d: pass\n",
    "(async def f () (await x) (async for a b pass) (async with ((as c d)) pass))"
)]
#[case("@dec\nasync def f(): pass\n", "(async def f () @dec pass)")]
#[case(
    "def f():\n    def g():\n        nonlocal x\n        x = 1\n    return g\n",
    "(def f () (def g () (nonlocal x) (= x 1)) (return g))"
)]
#[case(
    "def f():\n    global x\n    x = lambda: (yield)\n",
    "(def f () (global x) (= x (lambda () (yield))))"
)]
#[case(
    "@lru_cache(kind='lru', maxsize=2)\ndef f(): pass\n",
    "(def f () @(call lru_cache (kw kind \"lru\") (kw maxsize 2)) pass)"
)]
fn functions(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case("x = (1,\n     2)\n", "(= x (tuple 1 2))")]
#[case("x = 1 + \\\n    2\n", "(= x (+ 1 2))")]
#[case(
    "if a:\n\n    # comment\n    b\n  # odd comment\n\n    c\n",
    "(if a b c)"
)]
#[case("if a:\n\tb\n\tif c:\n\t\td\n", "(if a b (if c d))")]
#[case("if a:\n        b\nelse:\n  c\n", "(if a b (else c))")]
#[case("x = 1  # trailing\n# last", "(= x 1)")]
#[case("x = 1", "(= x 1)")]
#[case("\u{feff}x = 1\n", "(= x 1)")]
#[case("x = 1\r\ny = 2\r\n", "(= x 1)\n(= y 2)")]
#[case("x = [\n    1,  # one\n    2,\n]\n", "(= x (list 1 2))")]
#[case("", "")]
#[case("\n\n# only a comment\n", "")]
fn layout(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[test]
fn statement_spans_exclude_the_newline() {
    let src = "if a:\n    b = 1\nc\n";
    let m = syntax::parse(src, syntax::FileId(0)).unwrap();
    let text = |s: &syntax::ast::Stmt| &src[s.span.start as usize..s.span.end as usize];
    assert_eq!(text(&m.body[0]), "if a:\n    b = 1");
    assert_eq!(text(&m.body[1]), "c");
}

/// The blocks each compound statement holds, as the number of statements in each, in order.
#[rstest]
#[case("if a:\n    x\nelse:\n    y\n    z", vec![1, 2])]
#[case("while a:\n    x", vec![1, 0])]
#[case("for i in a:\n    x\nelse:\n    y", vec![1, 1])]
#[case("with a as b:\n    x\n    y", vec![2])]
#[case(
    "try:\n    x\nexcept E:\n    y\n    z\nexcept F:\n    w\nelse:\n    v\nfinally:\n    u",
    vec![1, 2, 1, 1, 1]
)]
#[case("match a:\n    case 1:\n        x\n    case _:\n        y\n        z", vec![1, 2])]
#[case("def f():\n    x", vec![])]
#[case("class C:\n    x", vec![])]
#[case("x = 1", vec![])]
fn nested_blocks_in_source_order(#[case] src: &str, #[case] sizes: Vec<usize>) {
    let m = syntax::parse(src, syntax::FileId(0)).expect("parses");
    let got: Vec<usize> = m.body[0].nested_blocks().iter().map(|b| b.len()).collect();
    assert_eq!(got, sizes, "{src}");
}
