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
    pub raw: bool,
    pub bytes: bool,
    pub format: bool,
}

/// A string literal token. Plain strings and bytes are decoded by the lexer; an f-string keeps
/// only the location of its contents, which the parser splits into literal text and fields.
#[derive(Debug, Clone, PartialEq)]
pub struct StrToken {
    pub prefix: StrPrefix,
    /// The text between the quotes.
    pub content: Span,
    /// The decoded value (`None` for f-strings).
    pub value: Option<StrValue>,
}

/// The decoded value of a non-f-string literal.
#[derive(Debug, Clone, PartialEq)]
pub enum StrValue {
    Str(String),
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

impl TokenKind {
    /// How the token reads in an error message (`'('`, `newline`, `'if'`).
    pub fn describe(&self) -> String {
        match self {
            TokenKind::Name(n) => format!("name '{n}'"),
            TokenKind::Keyword(k) => format!("'{}'", keyword_text(*k)),
            TokenKind::Int { .. } | TokenKind::Float(_) | TokenKind::Imaginary(_) => {
                "number".into()
            }
            TokenKind::Str(_) => "string".into(),
            TokenKind::Newline => "newline".into(),
            TokenKind::Indent => "indent".into(),
            TokenKind::Dedent => "unindent".into(),
            TokenKind::LlvmBody(_) => "LLVM IR block".into(),
            TokenKind::Eof => "end of file".into(),
            TokenKind::BinOp(op) => format!("'{}'", op.symbol()),
            TokenKind::AugAssign(op) => format!("'{}='", op.symbol()),
            other => format!("'{}'", punct_text(other)),
        }
    }
}

/// The spelling of a keyword.
pub fn keyword_text(k: Keyword) -> &'static str {
    use Keyword::*;
    match k {
        False => "False",
        None => "None",
        True => "True",
        And => "and",
        As => "as",
        Assert => "assert",
        Async => "async",
        Await => "await",
        Break => "break",
        Class => "class",
        Continue => "continue",
        Def => "def",
        Del => "del",
        Elif => "elif",
        Else => "else",
        Except => "except",
        Finally => "finally",
        For => "for",
        From => "from",
        Global => "global",
        If => "if",
        Import => "import",
        In => "in",
        Is => "is",
        Lambda => "lambda",
        Nonlocal => "nonlocal",
        Not => "not",
        Or => "or",
        Pass => "pass",
        Raise => "raise",
        Return => "return",
        Try => "try",
        While => "while",
        With => "with",
        Yield => "yield",
    }
}

/// The spelling of a punctuation token (empty for tokens that are not punctuation).
fn punct_text(kind: &TokenKind) -> &'static str {
    match kind {
        TokenKind::LPar => "(",
        TokenKind::RPar => ")",
        TokenKind::LSqb => "[",
        TokenKind::RSqb => "]",
        TokenKind::LBrace => "{",
        TokenKind::RBrace => "}",
        TokenKind::Colon => ":",
        TokenKind::Comma => ",",
        TokenKind::Semi => ";",
        TokenKind::Dot => ".",
        TokenKind::Ellipsis => "...",
        TokenKind::Equal => "=",
        TokenKind::ColonEqual => ":=",
        TokenKind::Arrow => "->",
        TokenKind::At => "@",
        TokenKind::Tilde => "~",
        TokenKind::EqEqual => "==",
        TokenKind::NotEqual => "!=",
        TokenKind::Less => "<",
        TokenKind::Greater => ">",
        TokenKind::LessEqual => "<=",
        TokenKind::GreaterEqual => ">=",
        _ => "",
    }
}
