//! The parser: tokens to [`ast::Module`](crate::ast::Module).
//!
//! Statements are parsed by recursive descent (`stmt`, `compound`), expressions by
//! precedence climbing (`expr`). Errors are returned as [`Diagnostic`]s; after one, the parser
//! skips to the next top-level statement and goes on. Nesting is capped at [`MAX_DEPTH`]
//! levels, and by a stack budget, so that no input can exhaust the stack.

mod atom;
mod c_import;
mod call;
mod compound;
mod expr;
mod fstring;
mod par;
mod params;
mod pattern;
mod stmt;
mod suffix;
mod target;

use crate::ast::{Ident, Module, Stmt, StmtKind};
use crate::diag::{Diagnostic, FileId};
use crate::lexer::{self, LexError, LexOutput};
use crate::span::Span;
use crate::token::{Keyword, Token, TokenKind};

/// How deeply expressions, blocks and patterns may nest.
pub const MAX_DEPTH: usize = 200;

/// How much stack the parser may use below its entry point. Nesting is also reported as too
/// deep when this runs out first (unoptimized builds have large stack frames), so that
/// parsing fits with room to spare in a thread with the default 2 MiB stack.
const STACK_BUDGET: usize = 1024 * 1024;

/// An address in the caller's stack frame, to measure how much stack is in use.
#[inline(always)]
fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Result of a parsing step. The error is boxed to keep results, and so the parser's stack
/// frames, small.
type PResult<T> = Result<T, Box<Diagnostic>>;

/// How many syntax errors one parse reports at most (later ones are usually consequences).
const MAX_ERRORS: usize = 20;

/// A syntax error and the token position the parser had reached when it was found.
struct SyntaxError {
    diagnostic: Diagnostic,
    pos: usize,
}

/// Parses a whole source file. On failure returns the syntax errors found: after an error
/// the parser skips to the next top-level statement and goes on, so independent errors are
/// reported together.
pub fn parse(source: &str, file: FileId) -> Result<Module, Vec<Diagnostic>> {
    let LexOutput { tokens, error } = lexer::tokenize(source, file);
    let last = tokens.len().saturating_sub(1);
    let mut parser = Parser::new(source, file, tokens, Context::default());
    let (module, errors) = parser.parse_module();
    let Some(lex) = error else {
        if errors.is_empty() {
            return Ok(module);
        }
        return Err(errors.into_iter().map(|e| e.diagnostic).collect());
    };
    // Parse errors before the lexer's error are independent of it; the first one after it
    // (or at the end of the tokens, which stop at the lexer's error) may be its consequence,
    // and everything later is noise.
    let lex_start = lex.diagnostic().span.start;
    let (before, after): (Vec<SyntaxError>, Vec<SyntaxError>) = errors
        .into_iter()
        .partition(|e| e.diagnostic.span.start < lex_start && e.pos < last);
    let mut out: Vec<Diagnostic> = before.into_iter().map(|e| e.diagnostic).collect();
    match after.into_iter().next() {
        None => out.push(lex.diagnostic().clone()),
        Some(first) => {
            let stopped_at_end = first.pos >= last;
            let lexer_wins = match &lex {
                // The tokens stop at the lexer's error: a parse error there is its consequence.
                LexError::At(_) => stopped_at_end,
                // A forgotten closing bracket shows up as a parse error on a later line.
                LexError::Unclosed { open, .. } => {
                    stopped_at_end
                        || lexer::line_of(source, first.diagnostic.span.start as usize)
                            > lexer::line_of(source, open.start as usize)
                }
            };
            out.push(if lexer_wins {
                lex.diagnostic().clone()
            } else {
                first.diagnostic
            });
        }
    }
    Err(out)
}

/// What encloses the code being parsed, for `return`/`yield`/`break`/`continue` checks.
#[derive(Debug, Clone, Copy, Default)]
struct Context {
    in_function: bool,
    in_loop: bool,
}

/// Parser state over a token vector that ends with `Eof`.
struct Parser<'a> {
    src: &'a str,
    file: FileId,
    tokens: Vec<Token>,
    pos: usize,
    /// End of the last consumed token that is not a layout token (newline, indent, dedent).
    prev_end: u32,
    depth: usize,
    /// [`stack_position`] where parsing started.
    stack_base: usize,
    ctx: Context,
}

impl<'a> Parser<'a> {
    fn new(src: &'a str, file: FileId, mut tokens: Vec<Token>, ctx: Context) -> Self {
        if !matches!(
            tokens.last(),
            Some(Token {
                kind: TokenKind::Eof,
                ..
            })
        ) {
            let end = tokens.last().map_or(0, |t| t.span.end as usize);
            tokens.push(Token {
                kind: TokenKind::Eof,
                span: Span::new(end, end),
            });
        }
        let prev_end = tokens.first().map_or(0, |t| t.span.start);
        Parser {
            src,
            file,
            tokens,
            pos: 0,
            prev_end,
            depth: 0,
            stack_base: stack_position(),
            ctx,
        }
    }

    fn tok(&self) -> &Token {
        // `new` guarantees a final `Eof` and `bump` never moves past it.
        &self.tokens[self.pos.min(self.tokens.len() - 1)]
    }

    fn kind(&self) -> &TokenKind {
        &self.tok().kind
    }

    /// The kind of the token `n` places ahead (the final `Eof` beyond the end).
    fn nth(&self, n: usize) -> &TokenKind {
        let i = (self.pos + n).min(self.tokens.len() - 1);
        &self.tokens[i].kind
    }

    /// The span of the current token.
    fn here(&self) -> Span {
        self.tok().span
    }

    /// Start offset of the current token.
    fn start(&self) -> u32 {
        self.tok().span.start
    }

    /// Consumes the current token and returns it (`Eof` is never consumed).
    fn bump(&mut self) -> Token {
        let tok = self.tok().clone();
        if tok.kind != TokenKind::Eof {
            self.pos += 1;
        }
        if !matches!(
            tok.kind,
            TokenKind::Newline | TokenKind::Indent | TokenKind::Dedent | TokenKind::Eof
        ) {
            self.prev_end = tok.span.end;
        }
        tok
    }

    fn at(&self, kind: &TokenKind) -> bool {
        self.kind() == kind
    }

    fn at_kw(&self, kw: Keyword) -> bool {
        self.at(&TokenKind::Keyword(kw))
    }

    /// Whether the current token is the (soft keyword) name `word`.
    fn at_name(&self, word: &str) -> bool {
        matches!(self.kind(), TokenKind::Name(n) if n == word)
    }

    fn eat(&mut self, kind: &TokenKind) -> bool {
        let found = self.at(kind);
        if found {
            self.bump();
        }
        found
    }

    fn eat_kw(&mut self, kw: Keyword) -> bool {
        self.eat(&TokenKind::Keyword(kw))
    }

    /// Consumes `kind` or fails with "expected 'what'".
    fn expect(&mut self, kind: &TokenKind, what: &str) -> PResult<Span> {
        if self.at(kind) {
            Ok(self.bump().span)
        } else {
            Err(self.expected(what))
        }
    }

    /// An "expected 'what'" error at the current token (or "unexpected indent" there).
    fn expected(&self, what: &str) -> Box<Diagnostic> {
        if self.at(&TokenKind::Indent) {
            return self.unexpected();
        }
        self.error_at(self.error_span(), format!("expected '{what}'"))
    }

    /// The error for a token that cannot appear here.
    fn unexpected(&self) -> Box<Diagnostic> {
        let message = match self.kind() {
            TokenKind::Indent => "unexpected indent",
            TokenKind::Dedent => "unexpected unindent",
            TokenKind::Eof if self.at_eof_of_input() => "unexpected EOF while parsing",
            _ => "invalid syntax",
        };
        self.error_at(self.error_span(), message)
    }

    /// Whether the current `Eof` is the true end of the source (not the end of an f-string field).
    fn at_eof_of_input(&self) -> bool {
        self.tok().span.start as usize >= self.src.len()
    }

    /// Where to point for an error at the current token: indents point at the indented text.
    fn error_span(&self) -> Span {
        let tok = self.tok();
        match tok.kind {
            TokenKind::Indent => {
                let next = self.tokens.get(self.pos + 1).map_or(tok.span, |t| t.span);
                Span::new(tok.span.end as usize, next.end as usize)
            }
            _ => tok.span,
        }
    }

    fn error_at(&self, span: Span, message: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic::error(self.file, span, message))
    }

    /// A statement spanning from `start` to the last consumed token.
    fn stmt(&self, kind: StmtKind, start: u32) -> Stmt {
        Stmt {
            kind,
            span: self.span_from(start),
        }
    }

    /// The span from `start` to the end of the last consumed token.
    fn span_from(&self, start: u32) -> Span {
        Span {
            start,
            end: self.prev_end.max(start),
        }
    }

    /// 1-based line of a byte offset, for "on line N" messages.
    fn line_of(&self, offset: u32) -> usize {
        lexer::line_of(self.src, offset as usize)
    }

    /// Runs `f` one nesting level deeper, failing past [`MAX_DEPTH`] or [`STACK_BUDGET`].
    fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        if self.depth >= MAX_DEPTH || stack_position().abs_diff(self.stack_base) > STACK_BUDGET {
            return Err(self.error_at(self.tok().span, "too deeply nested"));
        }
        self.depth += 1;
        let result = f(self);
        self.depth -= 1;
        result
    }

    /// Runs `f` with the enclosing-code context `ctx`.
    fn with_ctx<T>(&mut self, ctx: Context, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = std::mem::replace(&mut self.ctx, ctx);
        let result = f(self);
        self.ctx = saved;
        result
    }

    /// Tries `f`; on failure rewinds to where it started and returns `None`.
    fn speculate<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> Option<T> {
        let (pos, prev_end) = (self.pos, self.prev_end);
        match f(self) {
            Ok(v) => Some(v),
            Err(_) => {
                self.pos = pos;
                self.prev_end = prev_end;
                None
            }
        }
    }

    /// Consumes a name token.
    fn expect_name(&mut self) -> PResult<Ident> {
        let TokenKind::Name(name) = self.kind() else {
            return Err(self.unexpected());
        };
        let ident = Ident {
            name: name.clone(),
            span: self.tok().span,
        };
        self.bump();
        Ok(ident)
    }
}
