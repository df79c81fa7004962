//! Expressions: precedence, associativity, primaries, displays and comprehensions.

mod common;

use common::sexpr;
use rstest::rstest;

#[rstest]
// Arithmetic and bitwise precedence, left associativity.
#[case("1 + 2 * 3", "(+ 1 (* 2 3))")]
#[case("1 - 2 - 3", "(- (- 1 2) 3)")]
#[case("a / b // c % d @ e", "(@ (% (// (/ a b) c) d) e)")]
#[case("a | b ^ c & d << e + f", "(| a (^ b (& c (<< d (+ e f)))))")]
#[case("a >> b << c", "(<< (>> a b) c)")]
#[case("(1 + 2) * 3", "(* (+ 1 2) 3)")]
// Power: right-associative, tighter than a unary operator on its left.
#[case("2 ** 3 ** 2", "(** 2 (** 3 2))")]
#[case("-2 ** 2", "(- (** 2 2))")]
#[case("2 ** -1", "(** 2 (- 1))")]
#[case("-x ** -y ** z", "(- (** x (- (** y z))))")]
#[case("~a + -b * +c", "(+ (~ a) (* (- b) (+ c)))")]
#[case("await x ** 2", "(** (await x) 2)")]
// Boolean operators flatten; `not` sits between `and` and comparisons.
#[case("a or b or c", "(or a b c)")]
#[case("a and b or c and d", "(or (and a b) (and c d))")]
#[case("not a and not b", "(and (not a) (not b))")]
#[case("not a == b", "(not (cmp a == b))")]
#[case("not not a", "(not (not a))")]
// Comparison chains.
#[case("a < b <= c", "(cmp a < b <= c)")]
#[case("a == b != c > d >= e", "(cmp a == b != c > d >= e)")]
#[case("a in b not in c", "(cmp a in b not in c)")]
#[case("a is b is not c", "(cmp a is b is not c)")]
#[case("a | b < c & d", "(cmp (| a b) < (& c d))")]
// Conditional expressions and lambdas.
#[case("a if b else c", "(if b a c)")]
#[case("a if b else c if d else e", "(if b a (if d c e))")]
#[case("a or b if c and d else e", "(if (and c d) (or a b) e)")]
#[case("lambda: 0", "(lambda () 0)")]
#[case("lambda x, y=1, *a, k, **kw: x", "(lambda (x y=1 *a k **kw) x)")]
#[case("lambda a, /, b, *, c: a", "(lambda (a / b * c) a)")]
#[case("lambda x: lambda y: x + y", "(lambda (x) (lambda (y) (+ x y)))")]
#[case("lambda x: x if x else -x", "(lambda (x) (if x x (- x)))")]
// Walrus.
#[case("(y := f(x))", "(:= y (call f x))")]
#[case("[y := 1, y ** 2]", "(list (:= y 1) (** y 2))")]
#[case("f(a := 1)", "(call f (:= a 1))")]
#[case("a[b := 1]", "([] a (:= b 1))")]
fn operators(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case("f()", "(call f)")]
#[case("f(a, *b, c=1, **d)", "(call f a (* b) (kw c 1) (** d))")]
#[case("f(*a, *b, k=1, *c)", "(call f (* a) (* b) (* c) (kw k 1))")]
#[case("f(a,)", "(call f a)")]
#[case("f(x for x in y)", "(call f (genexp x (for x y)))")]
#[case("a.b.c(d)[e].f", "(. ([] (call (. (. a b) c) d) e) f)")]
#[case("a[1]", "([] a 1)")]
#[case("a[1:2]", "([] a (slice 1 2 _))")]
#[case("a[::2]", "([] a (slice _ _ 2))")]
#[case("a[:]", "([] a (slice _ _ _))")]
#[case("a[1:]", "([] a (slice 1 _ _))")]
#[case("a[:-1:]", "([] a (slice _ (- 1) _))")]
#[case("a[i, j]", "([] a (tuple i j))")]
#[case("a[i,]", "([] a (tuple i))")]
#[case("a[1:2, ::3]", "([] a (tuple (slice 1 2 _) (slice _ _ 3)))")]
#[case("a[*b]", "([] a (tuple (* b)))")]
#[case("Ptr[Int[64]]", "([] Ptr ([] Int 64))")]
#[case("x.y[z](w)", "(call ([] (. x y) z) w)")]
fn primaries(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case("()", "(tuple)")]
#[case("(1,)", "(tuple 1)")]
#[case("(1, 2, *a)", "(tuple 1 2 (* a))")]
#[case("[]", "(list)")]
#[case("[1, 2,]", "(list 1 2)")]
#[case("[*a, *b]", "(list (* a) (* b))")]
#[case("{}", "(dict)")]
#[case("{1: 2, **m, 3: 4,}", "(dict (1 2) (** m) (3 4))")]
#[case("{**a}", "(dict (** a))")]
#[case("{1, 2}", "(set 1 2)")]
#[case("{*a, 1}", "(set (* a) 1)")]
#[case("[x for x in y]", "(listcomp x (for x y))")]
#[case(
    "[x for x in y if x if not z]",
    "(listcomp x (for x y (if x) (if (not z))))"
)]
#[case(
    "[(x, y) for x in a for y in b]",
    "(listcomp (tuple x y) (for x a) (for y b))"
)]
#[case("[x for x, y in z]", "(listcomp x (for (tuple x y) z))")]
#[case("[x for x in a if b or c]", "(listcomp x (for x a (if (or b c))))")]
#[case("[a if b else c for x in y]", "(listcomp (if b a c) (for x y))")]
#[case("{x for x in y}", "(setcomp x (for x y))")]
#[case(
    "{k: v for k, v in d.items()}",
    "(dictcomp k v (for (tuple k v) (call (. d items))))"
)]
#[case("(x for x in y)", "(genexp x (for x y))")]
#[case("[x async for x in y]", "(listcomp x (async for x y))")]
#[case(
    "[[x for x in r] for r in m]",
    "(listcomp (listcomp x (for x r)) (for r m))"
)]
fn displays(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case("0", "0")]
#[case("1_000_000", "1000000")]
#[case("0x_FF", "0xFF")]
#[case("0o17", "0o17")]
#[case("0B1010", "0b1010")]
#[case("000", "000")]
#[case("18446744073709551616", "18446744073709551616")]
#[case("1.5", "1.5")]
#[case("1.", "1.0")]
#[case(".5", "0.5")]
#[case("1e3", "1000.0")]
#[case("1.5E-3", "0.0015")]
#[case("1_0.2_5", "10.25")]
#[case("3j", "3.0j")]
#[case("1.5J", "1.5j")]
#[case("1e2j", "100.0j")]
#[case("True", "True")]
#[case("None", "None")]
#[case("...", "...")]
#[case("1if x else 2", "(if x 1 2)")]
fn numbers_and_constants(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[rstest]
#[case(r#"'a' "b""#, r#""ab""#)]
#[case(r#""a\tb\n""#, r#""a\tb\n""#)]
#[case(r#"'\x41\u00e9\U0001F600\101\0'"#, r#""Aé😀A\0""#)]
#[case(r#"'it\'s ' "say \"hi\"""#, r#""it's say \"hi\"""#)]
#[case(r#"r'\d+\n'"#, r#""\\d+\\n""#)]
#[case(r#"R"\"""#, r#""\\\"""#)]
#[case(r#"u'x'"#, r#""x""#)]
#[case(r#"'\q'"#, r#""\\q""#)]
#[case("'''a\nb'''", r#""a\nb""#)]
#[case("\"\"\"a\\\nb\"\"\"", r#""ab""#)]
#[case("'a\\\nb'", r#""ab""#)]
#[case(r#"b'a\x00\xff' B"c""#, r#"b"a\0�c""#)]
#[case(r#"rb'\n' Br'\x'"#, r#"b"\\n\\x""#)]
#[case("'é' '日本'", r#""é日本""#)]
fn strings(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[test]
fn string_lines_are_normalized() {
    assert_eq!(sexpr("x = '''a\r\nb'''\r\n"), r#"(= x "a\nb")"#);
}

#[test]
fn bytes_keep_their_values() {
    let m = syntax::parse(r#"b'\xff\x00\777'"#, syntax::FileId(0)).unwrap();
    let syntax::ast::StmtKind::Expr(e) = &m.body[0].kind else {
        panic!()
    };
    assert_eq!(e.kind, syntax::ast::ExprKind::Bytes(vec![0xff, 0, 0xff]));
}

#[test]
fn spans_cover_the_source() {
    let src = "x = (a + b) * f(c)[1]";
    let m = syntax::parse(src, syntax::FileId(0)).unwrap();
    let syntax::ast::StmtKind::Assign { value, targets } = &m.body[0].kind else {
        panic!()
    };
    assert_eq!(
        &src[value.span.start as usize..value.span.end as usize],
        "(a + b) * f(c)[1]"
    );
    assert_eq!(
        &src[targets[0].span.start as usize..targets[0].span.end as usize],
        "x"
    );
    assert_eq!(
        &src[m.body[0].span.start as usize..m.body[0].span.end as usize],
        src
    );
    let syntax::ast::ExprKind::BinOp { left, right, .. } = &value.kind else {
        panic!()
    };
    assert_eq!(
        &src[left.span.start as usize..left.span.end as usize],
        "a + b"
    );
    assert_eq!(
        &src[right.span.start as usize..right.span.end as usize],
        "f(c)[1]"
    );
}
