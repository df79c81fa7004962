//! Dialect extensions: `@llvm` functions with raw IR bodies, and generic parameters.

mod common;

use common::{error_at, sexpr};
use rstest::rstest;
use syntax::ast::{FunctionBody, StmtKind};
use syntax::{parse, FileId};

fn only_function(src: &str) -> syntax::ast::FunctionDef {
    let m = parse(src, FileId(0)).unwrap_or_else(|e| panic!("{e:?}"));
    let stmt = m
        .body
        .into_iter()
        .find(|s| matches!(s.kind, StmtKind::FunctionDef(_)))
        .unwrap();
    let StmtKind::FunctionDef(f) = stmt.kind else {
        unreachable!()
    };
    *f
}

fn llvm_ir(src: &str) -> String {
    match only_function(src).body {
        FunctionBody::Llvm { ir, .. } => ir,
        FunctionBody::Stmts(s) => panic!("not an @llvm body: {s:?}"),
    }
}

#[test]
fn llvm_body_is_raw_text() {
    let src = "\
@llvm
def __add__(self: int, other: int) -> int:
    %tmp = add i64 %self, %other
    ret i64 %tmp
x = 1
";
    assert_eq!(llvm_ir(src), "%tmp = add i64 %self, %other\nret i64 %tmp");
    let m = parse(src, FileId(0)).unwrap();
    assert_eq!(
        m.body.len(),
        2,
        "the statement after the body is parsed as Python"
    );
}

#[test]
fn llvm_body_span_covers_the_ir() {
    let src = "@llvm\ndef f() -> int:\n    ret i64 0\n";
    let FunctionBody::Llvm { span, .. } = only_function(src).body else {
        panic!()
    };
    assert_eq!(&src[span.start as usize..span.end as usize], "ret i64 0");
}

#[rstest]
// A docstring line is dropped; blank lines inside are kept; comments and odd tokens are text.
#[case("@llvm\ndef f(x: int) -> int:\n    \"\"\"Adds one.\"\"\"\n    %0 = add i64 %x, 1\n\n    ret i64 %0 ; done\n", "%0 = add i64 %x, 1\n\nret i64 %0 ; done")]
#[case(
    "@llvm\ndef f() -> int:\n    '''Multi\n    line doc.\n    '''\n    ret i64 0\n",
    "ret i64 0"
)]
#[case("@llvm\ndef f() -> int:\n    'doc'\n    ret i64 0\n", "ret i64 0")]
// Deeper-indented lines keep their extra indentation; trailing blank lines are dropped.
#[case(
    "@llvm\ndef f() -> int:\n    entry:\n      br label %x\n    x:\n      ret i64 0\n\n\n",
    "entry:\n  br label %x\nx:\n  ret i64 0"
)]
// Text Python could not tokenize at all.
#[case("@llvm\ndef f() -> int:\n    %p = getelementptr {i64, [2 x i8]}, ptr @g, i32 0 ; \"unterminated '\n    ret i64 0\n", "%p = getelementptr {i64, [2 x i8]}, ptr @g, i32 0 ; \"unterminated '\nret i64 0")]
// Other decorators may come before or after; `async def` works too.
#[case("@inline\n@llvm\n@pure\ndef f() -> int:\n    ret i64 1\n", "ret i64 1")]
#[case("@llvm\nasync def f() -> int:\n    ret i64 1\n", "ret i64 1")]
// Comments and blank lines between decorator and def.
#[case(
    "@llvm\n\n# comment\ndef f() -> int:  # header comment\n    ret i64 2\n",
    "ret i64 2"
)]
// A CRLF file.
#[case("@llvm\r\ndef f() -> int:\r\n    ret i64 3\r\n", "ret i64 3")]
fn llvm_bodies(#[case] src: &str, #[case] ir: &str) {
    assert_eq!(llvm_ir(src), ir);
}

#[test]
fn llvm_methods_in_a_class() {
    let src = "\
class int:
    @llvm
    def __add__(self: int, other: int) -> int:
        %tmp = add i64 %self, %other
        ret i64 %tmp

    @llvm
    def __neg__(self: int) -> int:
        %0 = sub i64 0, %self
        ret i64 %0
    def ok(self) -> bool:
        return True
print(1)
";
    let out = sexpr(src);
    assert_eq!(
        out,
        "(class int (bases) \
         (def __add__ (self:int other:int) -> int @llvm (llvm \"%tmp = add i64 %self, %other\\nret i64 %tmp\")) \
         (def __neg__ (self:int) -> int @llvm (llvm \"%0 = sub i64 0, %self\\nret i64 %0\")) \
         (def ok (self) -> bool (return True)))\n(call print 1)"
    );
}

#[rstest]
// Only a decorator that is exactly the name `llvm` makes a raw body.
#[case("@llvm.x\ndef f():\n    return 1\n")]
#[case("@llvm()\ndef f():\n    return 1\n")]
#[case("@llvm\nclass A:\n    x = 1\ndef f():\n    return 1\n")]
#[case("@llvm\nx = 1\n")]
fn other_decorators_leave_python_bodies(#[case] src: &str) {
    if let Ok(m) = parse(src, FileId(0)) {
        let text = syntax::pretty::module(&m);
        assert!(!text.contains("(llvm "), "{text}");
    }
}

#[test]
fn empty_llvm_body_is_an_error() {
    assert_eq!(
        error_at("@llvm\ndef f() -> int:\nx = 1\n"),
        (
            3,
            1,
            "expected an indented block after function definition on line 2".to_string()
        )
    );
}

#[rstest]
#[case("class A[T]:\n    x: T\n", "(class A[T] (bases) (ann x T))")]
#[case(
    "class Dict[K, V](Base[K]):\n    pass\n",
    "(class Dict[K V] (bases ([] Base K)) pass)"
)]
#[case(
    "def f[T](x: T) -> T:\n    return x\n",
    "(def f[T] (x:T) -> T (return x))"
)]
#[case("def g[T, U,](x: T, y: U): pass\n", "(def g[T U] (x:T y:U) pass)")]
#[case(
    "@llvm\ndef h[T](x: T) -> T:\n    ret i64 0\n",
    "(def h[T] (x:T) -> T @llvm (llvm \"ret i64 0\"))"
)]
#[case("x: Ptr[Int[32]] = p\n", "(ann x ([] Ptr ([] Int 32)) p)")]
fn generics(#[case] src: &str, #[case] expected: &str) {
    assert_eq!(sexpr(src), expected);
}

#[test]
fn type_parameter_bounds_are_rejected() {
    assert_eq!(
        error_at("class A[T: int]:\n    pass\n").2,
        "bounds on type parameters are not supported"
    );
}
