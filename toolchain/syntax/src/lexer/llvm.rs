//! The bodies of `@llvm` functions, which are raw LLVM IR rather than Python.
//!
//! After the header line of a `def` decorated with exactly `@llvm`, the lexer takes every
//! following line up to the first non-blank line indented no deeper than the `def` itself,
//! removes the block's indentation and a leading docstring, and emits the text as a single
//! [`TokenKind::LlvmBody`] token instead of tokenizing it.

use super::Lexer;
use crate::span::Span;
use crate::token::{Keyword, Token, TokenKind};

impl Lexer<'_> {
    /// Called after each `Newline` token: notices `@llvm` decorators and captures the body of
    /// the function they decorate; then starts a new logical line.
    pub(super) fn end_logical_line(&mut self) {
        let line = self.tokens.get(self.line_first_token..).unwrap_or(&[]);
        let kinds: Vec<&TokenKind> = line.iter().map(|t| &t.kind).collect();
        let is_llvm_decorator = matches!(kinds.as_slice(), [TokenKind::At, TokenKind::Name(n), TokenKind::Newline] if n == "llvm");
        let starts_def = matches!(
            kinds.as_slice(),
            [TokenKind::Keyword(Keyword::Def), ..]
                | [
                    TokenKind::Keyword(Keyword::Async),
                    TokenKind::Keyword(Keyword::Def),
                    ..
                ]
        );
        let ends_with_colon = kinds.len() >= 2 && kinds[kinds.len() - 2] == &TokenKind::Colon;
        if is_llvm_decorator {
            self.llvm_pending = true;
        } else if matches!(kinds.first(), Some(TokenKind::At)) {
            // Another decorator: keep waiting for the `def`.
        } else if self.llvm_pending && starts_def && ends_with_colon {
            self.llvm_pending = false;
            let def_indent = self.indents.last().map_or(0, |&(c, _)| c);
            self.capture_llvm_body(def_indent);
        } else {
            self.llvm_pending = false;
        }
        self.line_first_token = self.tokens.len();
    }

    /// Captures the body of an `@llvm` function starting at the current position (the line
    /// after the header). Leaves everything as it is when the block is empty, so that the
    /// parser reports the missing body.
    pub(super) fn capture_llvm_body(&mut self, def_indent: usize) {
        let mut lines: Vec<(usize, &str)> = Vec::new();
        let mut pos = self.pos;
        let mut body_end = None;
        while pos < self.src.len() {
            let rest = &self.src[pos..];
            let len = rest.find('\n').map_or(rest.len(), |i| i + 1);
            let line = rest[..len].trim_end_matches(['\n', '\r']);
            let blank = line.trim().is_empty();
            if !blank && indent_width(line) <= def_indent {
                break;
            }
            if !blank || !lines.is_empty() {
                lines.push((pos, line));
            }
            pos += len;
            if !blank {
                body_end = Some((lines.len(), pos));
            }
        }
        let Some((count, end)) = body_end else { return };
        lines.truncate(count);
        let strip = lines.first().map_or(0, |(_, l)| leading_ws(l));
        let dedented: Vec<(usize, &str)> = lines
            .iter()
            .map(|&(start, l)| (start, strip_indent(l, strip)))
            .collect();
        let body = &dedented[docstring_lines(&dedented)..];
        let first_code = body.iter().find(|(_, l)| !l.trim().is_empty());
        let span = match (first_code, lines.last()) {
            (Some(&(first, _)), Some(&(last, last_text))) => Span::new(
                first + leading_ws(&self.src[first..]),
                last + last_text.len(),
            ),
            _ => Span::new(end, end),
        };
        let ir: Vec<&str> = body.iter().map(|&(_, l)| l).collect();
        self.pos = end;
        self.tokens.push(Token {
            kind: TokenKind::LlvmBody(ir.join("\n")),
            span,
        });
    }
}

/// Width of a line's indentation with tab stops of 8.
fn indent_width(line: &str) -> usize {
    let mut col = 0;
    for c in line.chars() {
        match c {
            ' ' => col += 1,
            '\t' => col = (col / 8 + 1) * 8,
            '\x0c' => col = 0,
            _ => break,
        }
    }
    col
}

/// Byte length of the leading spaces and tabs of `text`.
fn leading_ws(text: &str) -> usize {
    text.len() - text.trim_start_matches([' ', '\t']).len()
}

/// Removes up to `n` leading spaces or tabs.
fn strip_indent(line: &str, n: usize) -> &str {
    &line[leading_ws(line).min(n)..]
}

/// How many leading lines of a dedented body form a docstring (0 if it has none).
fn docstring_lines(lines: &[(usize, &str)]) -> usize {
    let Some(&(_, first)) = lines.first() else {
        return 0;
    };
    for triple in ["\"\"\"", "'''"] {
        if let Some(after) = first.strip_prefix(triple) {
            if after.contains(triple) {
                return 1;
            }
            return match lines.iter().skip(1).position(|(_, l)| l.contains(triple)) {
                Some(i) => i + 2,
                None => 1,
            };
        }
    }
    usize::from(first.starts_with(['"', '\'']))
}
