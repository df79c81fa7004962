//! Syntax errors: messages as Python words them, at the offending token's line and column.

mod common;

use common::error_at;
use rstest::rstest;

#[rstest]
// Brackets.
#[case("x = (1,\ny = 2\nz = 3\n", 1, 5, "'(' was never closed")]
#[case("primes = [2, 3,\n          5, 7\n", 1, 10, "'[' was never closed")]
#[case("print('a', f(x)\nprint('b')\n", 1, 6, "'(' was never closed")]
#[case("x = {1: 2\n", 1, 5, "'{' was never closed")]
#[case("a = )\n", 1, 5, "unmatched ')'")]
#[case(
    "a = (]\n",
    1,
    6,
    "closing parenthesis ']' does not match opening parenthesis '('"
)]
#[case(
    "a = (\n]\n",
    2,
    1,
    "closing parenthesis ']' does not match opening parenthesis '(' on line 1"
)]
#[case("foo(a b)\n", 1, 6, "invalid syntax. Perhaps you forgot a comma?")]
#[case("[1, 2 3]\n", 1, 6, "invalid syntax. Perhaps you forgot a comma?")]
// Indentation.
#[case("x = 1\n    y = 2\n", 2, 5, "unexpected indent")]
#[case("  x = 1\n", 1, 3, "unexpected indent")]
#[case(
    "if x:\npass\n",
    2,
    1,
    "expected an indented block after 'if' statement on line 1"
)]
#[case(
    "def f():\n\nx = 1\n",
    3,
    1,
    "expected an indented block after function definition on line 1"
)]
#[case(
    "class A:\n",
    2,
    1,
    "expected an indented block after class definition on line 1"
)]
#[case(
    "for x in y:\n",
    2,
    1,
    "expected an indented block after 'for' statement on line 1"
)]
#[case(
    "while x:\n# c\n",
    3,
    1,
    "expected an indented block after 'while' statement on line 1"
)]
#[case(
    "try:\n    a\nexcept E:\nb\n",
    4,
    1,
    "expected an indented block after 'except' statement on line 3"
)]
#[case(
    "with a:\nb\n",
    2,
    1,
    "expected an indented block after 'with' statement on line 1"
)]
#[case(
    "if x:\n        a\n    b\n",
    3,
    1,
    "unindent does not match any outer indentation level"
)]
#[case(
    "if x:\n        a\n\tb\n",
    3,
    1,
    "inconsistent use of tabs and spaces in indentation"
)]
// Missing or stray keywords and punctuation.
#[case("if x\n    pass\n", 1, 5, "expected ':'")]
#[case("def add(a, b)\n    return a + b\n", 1, 14, "expected ':'")]
#[case("class A\n", 1, 8, "expected ':'")]
#[case(
    "n = 4\nif n:\n    pass\nprint(n)\nelse:\n    pass\n",
    5,
    1,
    "invalid syntax"
)]
#[case("x = 1 +\n", 1, 8, "invalid syntax")]
#[case("x = a if b\n", 1, 11, "expected 'else'")]
#[case(
    "if x = 1:\n    pass\n",
    1,
    6,
    "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"
)]
#[case("for x y:\n    pass\n", 1, 7, "expected 'in'")]
#[case(
    "try:\n    pass\nx = 1\n",
    3,
    1,
    "expected 'except' or 'finally' block"
)]
#[case("import a.b as c.d\n", 1, 16, "invalid syntax")]
#[case(
    "from a import b,\n",
    1,
    17,
    "trailing comma not allowed without surrounding parentheses"
)]
#[case("@dec\nx = 1\n", 2, 1, "invalid syntax")]
#[case("x = $\n", 1, 5, "invalid syntax")]
#[case("area = width × height\n", 1, 14, "invalid character '×' (U+00D7)")]
#[case(
    "a +\\ b\n",
    1,
    4,
    "unexpected character after line continuation character"
)]
#[case("def f(x):\n    return x\nx = a.if\n", 3, 7, "invalid syntax")]
// Assignment targets.
#[case("1 = x\n", 1, 1, "cannot assign to literal")]
#[case("x = 1\nget_limit() = 200\n", 2, 1, "cannot assign to function call")]
#[case("a + b = 1\n", 1, 1, "cannot assign to expression")]
#[case("a < b = 1\n", 1, 1, "cannot assign to comparison")]
#[case("None = 1\n", 1, 1, "cannot assign to None")]
#[case("x, f() = 1, 2\n", 1, 4, "cannot assign to function call")]
#[case("[a, 'b'] = c\n", 1, 5, "cannot assign to literal")]
#[case("for 1 in x: pass\n", 1, 5, "cannot assign to literal")]
#[case("with a as f(): pass\n", 1, 11, "cannot assign to function call")]
#[case("[x for 1 in y]\n", 1, 8, "cannot assign to literal")]
#[case(
    "*a = b\n",
    1,
    1,
    "starred assignment target must be in a list or tuple"
)]
#[case("*a, *b = c\n", 1, 5, "multiple starred expressions in assignment")]
#[case(
    "a, b += 1\n",
    1,
    1,
    "'tuple' is an illegal expression for augmented assignment"
)]
#[case(
    "f() += 1\n",
    1,
    1,
    "'function call' is an illegal expression for augmented assignment"
)]
#[case("del f()\n", 1, 5, "cannot delete function call")]
#[case("del *a, b\n", 1, 5, "cannot delete starred")]
#[case("a, b: int\n", 1, 1, "only single target (not tuple) can be annotated")]
#[case("x = *a\n", 1, 5, "can't use starred expression here")]
#[case(
    "(a.b := 1)\n",
    1,
    2,
    "cannot use assignment expressions with attribute"
)]
#[case("x := 1\n", 1, 3, "invalid syntax")]
#[case(
    "f(a.b=1)\n",
    1,
    3,
    "expression cannot contain assignment, perhaps you meant \"==\"?"
)]
// Calls and parameters.
#[case("f(a=1, 2)\n", 1, 8, "positional argument follows keyword argument")]
#[case(
    "f(**a, 2)\n",
    1,
    8,
    "positional argument follows keyword argument unpacking"
)]
#[case(
    "f(**a, *b)\n",
    1,
    8,
    "iterable argument unpacking follows keyword argument unpacking"
)]
#[case("f(a=1, a=2)\n", 1, 8, "keyword argument repeated: a")]
#[case(
    "f(x for x in y, 1)\n",
    1,
    3,
    "Generator expression must be parenthesized"
)]
#[case(
    "def f(a=1, b):\n    pass\n",
    1,
    12,
    "non-default argument follows default argument"
)]
#[case(
    "def f(a, a):\n    pass\n",
    1,
    10,
    "duplicate argument 'a' in function definition"
)]
#[case("def f(*):\n    pass\n", 1, 7, "named arguments must follow bare *")]
#[case(
    "def f(**k, a):\n    pass\n",
    1,
    12,
    "arguments cannot follow var-keyword argument"
)]
#[case(
    "def f(/, a):\n    pass\n",
    1,
    7,
    "at least one argument must precede /"
)]
#[case("def f(*a, /):\n    pass\n", 1, 11, "/ must be ahead of *")]
#[case(
    "def f(*a=1):\n    pass\n",
    1,
    7,
    "var-positional argument cannot have default value"
)]
// Statements in the wrong place.
#[case("def f():\n    pass\nreturn\n", 3, 1, "'return' outside function")]
#[case("class A:\n    return 1\n", 2, 5, "'return' outside function")]
#[case(
    "for x in y:\n    pass\nelse:\n    break\n",
    4,
    5,
    "'break' outside loop"
)]
#[case(
    "for x in y:\n    def f():\n        continue\n",
    3,
    9,
    "'continue' not properly in loop"
)]
#[case("x = yield 1\n", 1, 5, "'yield' outside function")]
#[case(
    "nonlocal x\n",
    1,
    1,
    "nonlocal declaration not allowed at module level"
)]
#[case(
    "try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass\n",
    3,
    1,
    "default 'except:' must be last"
)]
#[case(
    "try:\n    pass\nexcept E:\n    pass\nexcept* F:\n    pass\n",
    5,
    1,
    "cannot have both 'except' and 'except*' on the same 'try'"
)]
#[case(
    "try:\n    pass\nexcept*:\n    pass\n",
    3,
    8,
    "expected one or more exception types"
)]
#[case(
    "try:\n    pass\nexcept A, B:\n    pass\n",
    3,
    8,
    "multiple exception types must be parenthesized"
)]
// Literals.
#[case(
    "x = \"hello, world\nprint(x)\n",
    1,
    5,
    "unterminated string literal (detected at line 1)"
)]
#[case(
    "x = 1\ndoc = \"\"\"text\nmore\n",
    2,
    7,
    "unterminated triple-quoted string literal (detected at line 3)"
)]
#[case(
    "x = 'abc\\\n",
    1,
    5,
    "unterminated string literal (detected at line 1)"
)]
#[case("x = 0777\n", 1, 5, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers")]
#[case("x = 1_\n", 1, 5, "invalid decimal literal")]
#[case("x = 1__0\n", 1, 5, "invalid decimal literal")]
#[case("x = 0b102\n", 1, 9, "invalid digit '2' in binary literal")]
#[case("x = 0o8\n", 1, 7, "invalid digit '8' in octal literal")]
#[case("x = 0x\n", 1, 5, "invalid hexadecimal literal")]
#[case("x = 1abc\n", 1, 5, "invalid decimal literal")]
#[case("x = 1.5x\n", 1, 5, "invalid decimal literal")]
#[case("x = 1jx\n", 1, 5, "invalid imaginary literal")]
#[case("x = '\\N{DASH}'\n", 1, 6, "\\N{...} escapes are not supported")]
#[case("x = '\\x4'\n", 1, 6, "(unicode error) truncated \\xXX escape")]
#[case("x = '\\u12'\n", 1, 6, "(unicode error) truncated \\uXXXX escape")]
#[case(
    "x = '\\U00110000'\n",
    1,
    6,
    "(unicode error) illegal Unicode character"
)]
#[case(
    "x = '\\ud800'\n",
    1,
    6,
    "surrogate code points are not supported in string literals"
)]
#[case("x = b'é'\n", 1, 7, "bytes can only contain ASCII literal characters")]
#[case("x = b'a' 'b'\n", 1, 10, "cannot mix bytes and nonbytes literals")]
fn syntax_errors(
    #[case] src: &str,
    #[case] line: usize,
    #[case] col: usize,
    #[case] message: &str,
) {
    assert_eq!(error_at(src), (line, col, message.to_string()));
}

#[test]
fn earlier_parse_error_beats_later_lexer_error() {
    assert_eq!(
        error_at("x = = 1\ns = 'unterminated\n"),
        (1, 5, "invalid syntax".to_string())
    );
}

#[test]
fn lexer_error_reached_by_the_parser_is_reported() {
    assert_eq!(error_at("x = 1\ny = 'abc\n").0, 2);
    assert_eq!(error_at("x = 1\nif x:\n    y = $\n").0, 3);
}

#[test]
fn too_deep_nesting_is_reported_at_its_line() {
    let src = format!("x = 1\ny = {}1{}\n", "(".repeat(500), ")".repeat(500));
    let (line, _, message) = error_at(&src);
    assert_eq!((line, message.as_str()), (2, "too deeply nested"));
}
