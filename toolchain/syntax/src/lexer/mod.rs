//! The indentation-aware tokenizer.
//!
//! A module is tokenized in one pass into a vector of [`Token`]s ending with
//! [`TokenKind::Eof`]. Lines inside brackets or ended by a backslash are joined; indentation
//! changes become `Indent`/`Dedent` tokens (tab stops of 8, with Python's check that tabs and
//! spaces are used consistently). The body of an `@llvm` function is not tokenized: it becomes
//! one [`TokenKind::LlvmBody`] token (see the `llvm` submodule).
//!
//! F-string replacement fields are tokenized on demand by the parser with
//! `lex_fstring_field`, which stops at the `}`, `!`, `:` or `=` that ends the expression.

pub(crate) mod escape;
mod layout;
mod llvm;
mod number;
mod punct;
mod string;
#[cfg(test)]
mod tests;

use crate::diag::{Diagnostic, FileId};
use crate::span::Span;
use crate::token::{Keyword, Token, TokenKind};

/// Why tokenizing stopped early.
#[derive(Debug, Clone)]
pub enum LexError {
    /// An error at a point in the file; the tokens stop there (with an `Eof` token).
    At(Diagnostic),
    /// A bracket opened at `open` was never closed; the tokens run to the end of the file.
    Unclosed { open: Span, diag: Diagnostic },
}

impl LexError {
    /// The diagnostic to report.
    pub fn diagnostic(&self) -> &Diagnostic {
        match self {
            LexError::At(d) | LexError::Unclosed { diag: d, .. } => d,
        }
    }
}

/// The tokens of a file, and the error that stopped the lexer, if any.
#[derive(Debug, Clone)]
pub struct LexOutput {
    /// The tokens, always ending with `Eof`.
    pub tokens: Vec<Token>,
    /// What stopped the lexer, if anything did.
    pub error: Option<LexError>,
}

/// Tokenizes a whole module.
pub fn tokenize(source: &str, file: FileId) -> LexOutput {
    let mut lx = Lexer::new(source, file, 0);
    if source.starts_with('\u{feff}') {
        lx.pos = '\u{feff}'.len_utf8();
    }
    let error = lx.run_module().err();
    let end = lx.pos.min(source.len());
    lx.tokens.push(Token {
        kind: TokenKind::Eof,
        span: Span::new(end, end),
    });
    LexOutput {
        tokens: lx.tokens,
        error,
    }
}

/// Tokenizes the expression of an f-string replacement field that starts at byte `start` of
/// `source` and must end before byte `end` (the f-string's closing quote). Returns the tokens
/// (ending with `Eof`) and the offset of the character that ended the expression.
pub(crate) fn lex_fstring_field(
    source: &str,
    file: FileId,
    start: usize,
    end: usize,
) -> Result<(Vec<Token>, usize), Diagnostic> {
    let text = source.get(..end).unwrap_or(source);
    let mut lx = Lexer::new(text, file, start);
    let stop = lx.run_fstring_field()?;
    lx.tokens.push(Token {
        kind: TokenKind::Eof,
        span: Span::new(stop, stop),
    });
    Ok((lx.tokens, stop))
}

/// Tokenizer state.
struct Lexer<'a> {
    src: &'a str,
    file: FileId,
    pos: usize,
    tokens: Vec<Token>,
    /// Open brackets: the bracket character and where it is.
    brackets: Vec<(char, Span)>,
    /// Indentation levels: column with tab stops of 8, and column with tabs counted as 1.
    indents: Vec<(usize, usize)>,
    /// Index in `tokens` of the first token of the current logical line.
    line_first_token: usize,
    /// The previous logical line was the decorator `@llvm` (possibly followed by others).
    llvm_pending: bool,
}

type LexResult<T> = Result<T, Diagnostic>;

impl<'a> Lexer<'a> {
    fn new(src: &'a str, file: FileId, pos: usize) -> Self {
        Lexer {
            src,
            file,
            pos,
            tokens: Vec::new(),
            brackets: Vec::new(),
            indents: vec![(0, 0)],
            line_first_token: 0,
            llvm_pending: false,
        }
    }

    fn peek(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().next())
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().nth(n))
    }

    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn error(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.file, span, message)
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        self.tokens.push(Token {
            kind,
            span: Span::new(start, self.pos),
        });
    }

    fn line_of(&self, offset: usize) -> usize {
        line_of(self.src, offset)
    }

    fn run_module(&mut self) -> Result<(), LexError> {
        let mut at_line_start = true;
        loop {
            if at_line_start && self.brackets.is_empty() {
                if !self.indentation().map_err(LexError::At)? {
                    break;
                }
                at_line_start = false;
            }
            self.skip_blanks();
            let start = self.pos;
            match self.peek() {
                None => break,
                Some('\n' | '\r') => {
                    self.eat_newline();
                    if self.brackets.is_empty() {
                        self.tokens.push(Token {
                            kind: TokenKind::Newline,
                            span: Span::new(start, start + 1),
                        });
                        self.end_logical_line();
                        at_line_start = true;
                    }
                }
                Some('#') => self.skip_comment(),
                Some('\\') => self.continuation().map_err(LexError::At)?,
                Some(_) => self.token().map_err(LexError::At)?,
            }
        }
        if let Some(&(open, span)) = self.brackets.last() {
            let diag = self.error(span, format!("'{open}' was never closed"));
            return Err(LexError::Unclosed { open: span, diag });
        }
        let end = self.pos;
        if self.tokens.len() > self.line_first_token {
            self.tokens.push(Token {
                kind: TokenKind::Newline,
                span: Span::new(end, end),
            });
        }
        for _ in 1..self.indents.len() {
            self.tokens.push(Token {
                kind: TokenKind::Dedent,
                span: Span::new(end, end),
            });
        }
        Ok(())
    }

    fn run_fstring_field(&mut self) -> LexResult<usize> {
        loop {
            self.skip_blanks();
            let start = self.pos;
            let Some(c) = self.peek() else {
                return Err(self.error(Span::new(start, start), "f-string: expecting '}'"));
            };
            if self.brackets.is_empty() {
                let next = self.peek_at(1);
                let stops = match c {
                    '}' | ':' => true,
                    '!' | '=' => next != Some('='),
                    _ => false,
                };
                if stops {
                    return Ok(start);
                }
            }
            match c {
                '\n' | '\r' => {
                    self.bump();
                }
                '#' => {
                    return Err(self.error(
                        Span::new(start, start + 1),
                        "f-string expression part cannot include '#'",
                    ))
                }
                '\\' => {
                    return Err(self.error(
                        Span::new(start, start + 1),
                        "f-string expression part cannot include a backslash",
                    ))
                }
                _ => self.token()?,
            }
        }
    }

    /// Lexes one token starting at the current (non-blank) character.
    fn token(&mut self) -> LexResult<()> {
        let start = self.pos;
        let Some(c) = self.peek() else { return Ok(()) };
        if is_id_start(c) {
            return self.name_or_string();
        }
        if c.is_ascii_digit() || (c == '.' && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())) {
            let kind = self.number()?;
            self.push(kind, start);
            return Ok(());
        }
        if c == '"' || c == '\'' {
            let kind = self.string(start, Default::default())?;
            self.push(kind, start);
            return Ok(());
        }
        match c {
            '(' | '[' | '{' => {
                self.open_bracket(c);
                Ok(())
            }
            ')' | ']' | '}' => self.close_bracket(c),
            _ => self.operator(),
        }
    }

    fn name_or_string(&mut self) -> LexResult<()> {
        let start = self.pos;
        while self.peek().is_some_and(is_id_continue) {
            self.bump();
        }
        let word = &self.src[start..self.pos];
        if let Some(prefix) = string::prefix(word) {
            if matches!(self.peek(), Some('"' | '\'')) {
                let kind = self.string(start, prefix)?;
                self.push(kind, start);
                return Ok(());
            }
        }
        let kind = match Keyword::from_word(word) {
            Some(k) => TokenKind::Keyword(k),
            None => TokenKind::Name(word.to_string()),
        };
        self.push(kind, start);
        Ok(())
    }
}

/// Whether `c` may start an identifier.
fn is_id_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

/// Whether `c` may continue an identifier.
fn is_id_continue(c: char) -> bool {
    c == '_' || c.is_alphanumeric()
}

/// 1-based line number of a byte offset (for "on line N" messages).
pub(crate) fn line_of(source: &str, offset: usize) -> usize {
    let upto = source.get(..offset).unwrap_or(source);
    upto.matches('\n').count() + 1
}
