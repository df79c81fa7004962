//! Unit tests of the tokenizer.

use super::{lex_fstring_field, tokenize, LexError};
use crate::ast::BinOp;
use crate::diag::FileId;
use crate::token::{Keyword, TokenKind as T};

fn kinds(src: &str) -> Vec<T> {
    let out = tokenize(src, FileId(0));
    assert!(out.error.is_none(), "{:?}", out.error);
    out.tokens.into_iter().map(|t| t.kind).collect()
}

fn name(n: &str) -> T {
    T::Name(n.to_string())
}

fn int(d: &str) -> T {
    T::Int {
        digits: d.to_string(),
        radix: 10,
    }
}

#[test]
fn operators_take_the_longest_match() {
    let ops = kinds("**= //= >>= <<= @= := -> ... ** // << >> != == <= >= += @ . ~ ;");
    let expected = vec![
        T::AugAssign(BinOp::Pow),
        T::AugAssign(BinOp::FloorDiv),
        T::AugAssign(BinOp::RShift),
        T::AugAssign(BinOp::LShift),
        T::AugAssign(BinOp::MatMult),
        T::ColonEqual,
        T::Arrow,
        T::Ellipsis,
        T::BinOp(BinOp::Pow),
        T::BinOp(BinOp::FloorDiv),
        T::BinOp(BinOp::LShift),
        T::BinOp(BinOp::RShift),
        T::NotEqual,
        T::EqEqual,
        T::LessEqual,
        T::GreaterEqual,
        T::AugAssign(BinOp::Add),
        T::At,
        T::Dot,
        T::Tilde,
        T::Semi,
        T::Newline,
        T::Eof,
    ];
    assert_eq!(ops, expected);
}

#[test]
fn indentation_becomes_indent_and_dedent() {
    let src = "if a:\n    b\n    if c:\n        d\ne\n";
    let expected = vec![
        T::Keyword(Keyword::If),
        name("a"),
        T::Colon,
        T::Newline,
        T::Indent,
        name("b"),
        T::Newline,
        T::Keyword(Keyword::If),
        name("c"),
        T::Colon,
        T::Newline,
        T::Indent,
        name("d"),
        T::Newline,
        T::Dedent,
        T::Dedent,
        name("e"),
        T::Newline,
        T::Eof,
    ];
    assert_eq!(kinds(src), expected);
}

#[test]
fn dedents_are_closed_at_end_of_file() {
    let k = kinds("if a:\n  if b:\n    c");
    assert_eq!(
        &k[k.len() - 4..],
        &[T::Newline, T::Dedent, T::Dedent, T::Eof]
    );
}

#[test]
fn a_tab_reaches_the_next_multiple_of_eight() {
    // "  \t" and "\t" both reach column 8, but Python also requires them to agree when a
    // tab counts as one column.
    assert_eq!(
        kinds("if a:\n\tb\n\tc\n")
            .iter()
            .filter(|k| **k == T::Indent)
            .count(),
        1
    );
    assert_eq!(
        kinds("if a:\n  \tb\n  \tc\n")
            .iter()
            .filter(|k| **k == T::Indent)
            .count(),
        1
    );
    let out = tokenize("if a:\n\tb\n        c\n", FileId(0));
    let Some(LexError::At(d)) = out.error else {
        panic!("{:?}", out.error)
    };
    assert_eq!(
        d.message,
        "inconsistent use of tabs and spaces in indentation"
    );
}

#[test]
fn brackets_and_backslashes_join_lines() {
    assert_eq!(
        kinds("(a,\n   b)\n")
            .iter()
            .filter(|k| **k == T::Newline)
            .count(),
        1
    );
    assert_eq!(
        kinds("a = \\\n  b\n"),
        vec![name("a"), T::Equal, name("b"), T::Newline, T::Eof]
    );
}

#[test]
fn blank_and_comment_lines_produce_nothing() {
    assert_eq!(
        kinds("\n  \n# c\n   # d\nx # e\n\n"),
        vec![name("x"), T::Newline, T::Eof]
    );
    assert_eq!(kinds(""), vec![T::Eof]);
}

#[test]
fn numbers() {
    assert_eq!(
        kinds("0 00 1_0 0x_aB 0O7 0b1 1.5 1. .5 1e-2 2J 1if"),
        vec![
            int("0"),
            int("00"),
            int("10"),
            T::Int {
                digits: "aB".into(),
                radix: 16
            },
            T::Int {
                digits: "7".into(),
                radix: 8
            },
            T::Int {
                digits: "1".into(),
                radix: 2
            },
            T::Float(1.5),
            T::Float(1.0),
            T::Float(0.5),
            T::Float(0.01),
            T::Imaginary(2.0),
            int("1"),
            T::Keyword(Keyword::If),
            T::Newline,
            T::Eof,
        ]
    );
}

#[test]
fn keywords_names_and_prefixes() {
    assert_eq!(
        kinds("match rb bar f _x é"),
        vec![
            name("match"),
            name("rb"),
            name("bar"),
            name("f"),
            name("_x"),
            name("é"),
            T::Newline,
            T::Eof
        ]
    );
    let k = kinds("Rb'x' fR\"y\" u'z'");
    let prefixes: Vec<_> = k
        .iter()
        .filter_map(|t| match t {
            T::Str(s) => Some((s.prefix.raw, s.prefix.bytes, s.prefix.format)),
            _ => None,
        })
        .collect();
    assert_eq!(
        prefixes,
        vec![
            (true, true, false),
            (true, false, true),
            (false, false, false)
        ]
    );
}

#[test]
fn unclosed_bracket_keeps_all_tokens() {
    let out = tokenize("x = (1,\ny = 2\n", FileId(0));
    let Some(LexError::Unclosed { open, diag }) = out.error else {
        panic!()
    };
    assert_eq!(
        (open.start, diag.message.as_str()),
        (4, "'(' was never closed")
    );
    assert_eq!(out.tokens.last().map(|t| &t.kind), Some(&T::Eof));
    assert!(out.tokens.iter().any(|t| t.kind
        == T::Int {
            digits: "2".into(),
            radix: 10
        }));
}

#[test]
fn llvm_body_is_one_token() {
    let k = kinds("@llvm\ndef f() -> int:\n    %x = add i64 1, 2 ; (\n    ret i64 %x\ny\n");
    assert!(
        k.contains(&T::LlvmBody("%x = add i64 1, 2 ; (\nret i64 %x".into())),
        "{k:?}"
    );
    assert_eq!(&k[k.len() - 3..], &[name("y"), T::Newline, T::Eof]);
    assert!(!k.contains(&T::Indent));
}

#[test]
fn fstring_fields_stop_at_the_right_character() {
    let src = "f'{a[1:2] != b!r}'";
    let (tokens, stop) = lex_fstring_field(src, FileId(0), 3, src.len() - 1).unwrap();
    assert_eq!(&src[stop..stop + 1], "!");
    assert_eq!(tokens.len(), 9, "{tokens:?}");
    let src = "f'{x = }'";
    let (_, stop) = lex_fstring_field(src, FileId(0), 3, src.len() - 1).unwrap();
    assert_eq!(stop, 5);
    let src = "f'{ {1: 2}[1]:>3}'";
    let (_, stop) = lex_fstring_field(src, FileId(0), 3, src.len() - 1).unwrap();
    assert_eq!(&src[stop..stop + 1], ":");
    assert_eq!(stop, 13);
}
