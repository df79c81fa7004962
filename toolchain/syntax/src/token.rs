//! Tokens produced by the lexer and consumed by the parser.

use crate::ast::BinOp;
use crate::span::Span;

/// One token with its location.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// What a string literal's prefix asked for (`r`, `b`, `f`, in any case and order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StrPrefix {
    /// `r`: backslashes are literal.
    pub raw: bool,
    /// `b`: a bytes literal.
    pub bytes: bool,
    /// `f`: an f-string.
    pub format: bool,
}

/// A string literal token. Plain strings and bytes are decoded by the lexer; an f-string keeps
/// only the location of its contents, which the parser splits into literal text and fields.
#[derive(Debug, Clone, PartialEq)]
pub struct StrToken {
    /// The prefix letters.
    pub prefix: StrPrefix,
    /// The text between the quotes.
    pub content: Span,
    /// The decoded value (`None` for f-strings).
    pub value: Option<StrValue>,
}

/// The decoded value of a non-f-string literal.
#[derive(Debug, Clone, PartialEq)]
pub enum StrValue {
    /// The value of a `str` literal.
    Str(String),
    /// The value of a `bytes` literal.
    Bytes(Vec<u8>),
}

/// Reserved words of Python 3.11 (soft keywords such as `match` are ordinary names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Keyword {
    False,
    None,
    True,
    And,
    As,
    Assert,
    Async,
    Await,
    Break,
    Class,
    Continue,
    Def,
    Del,
    Elif,
    Else,
    Except,
    Finally,
    For,
    From,
    Global,
    If,
    Import,
    In,
    Is,
    Lambda,
    Nonlocal,
    Not,
    Or,
    Pass,
    Raise,
    Return,
    Try,
    While,
    With,
    Yield,
}

impl Keyword {
    /// The keyword spelled `word`, if it is one.
    pub fn from_word(word: &str) -> Option<Keyword> {
        use Keyword::*;
        Some(match word {
            "False" => False,
            "None" => None,
            "True" => True,
            "and" => And,
            "as" => As,
            "assert" => Assert,
            "async" => Async,
            "await" => Await,
            "break" => Break,
            "class" => Class,
            "continue" => Continue,
            "def" => Def,
            "del" => Del,
            "elif" => Elif,
            "else" => Else,
            "except" => Except,
            "finally" => Finally,
            "for" => For,
            "from" => From,
            "global" => Global,
            "if" => If,
            "import" => Import,
            "in" => In,
            "is" => Is,
            "lambda" => Lambda,
            "nonlocal" => Nonlocal,
            "not" => Not,
            "or" => Or,
            "pass" => Pass,
            "raise" => Raise,
            "return" => Return,
            "try" => Try,
            "while" => While,
            "with" => With,
            "yield" => Yield,
            _ => return Option::None,
        })
    }
}

/// The kinds of token.
#[derive(Debug, Clone, PartialEq)]
pub enum TokenKind {
    Name(String),
    Keyword(Keyword),
    /// An integer literal: digits without prefix or underscores, and the radix.
    Int {
        digits: String,
        radix: u32,
    },
    Float(f64),
    Imaginary(f64),
    /// A number with a type suffix (`1u32`, `5i8`, `2.5f32`): the number's token and the
    /// suffix, as Codon writes fixed-width literals.
    Suffixed {
        number: Box<TokenKind>,
        suffix: String,
    },
    Str(Box<StrToken>),
    /// End of a logical line.
    Newline,
    /// The indentation grew.
    Indent,
    /// The indentation shrank by one level.
    Dedent,
    /// The raw body of an `@llvm` function, dedented, with a leading docstring dropped.
    LlvmBody(String),
    /// End of input (or the point where the lexer stopped at an error).
    Eof,
    LPar,
    RPar,
    LSqb,
    RSqb,
    LBrace,
    RBrace,
    Colon,
    Comma,
    Semi,
    Dot,
    Ellipsis,
    /// `=`.
    Equal,
    /// `:=`.
    ColonEqual,
    /// `->`.
    Arrow,
    /// Codon's pipeline operator `|>`.
    Pipe,
    /// Codon's parallel pipeline operator `||>`.
    ParPipe,
    /// `@` (decorator or matrix multiplication).
    At,
    Tilde,
    /// A binary operator other than `@` (`+`, `**`, `//`, …).
    BinOp(BinOp),
    /// An augmented assignment operator (`+=`, `**=`, …).
    AugAssign(BinOp),
    EqEqual,
    NotEqual,
    Less,
    Greater,
    LessEqual,
    GreaterEqual,
}
