//! Line structure: indentation, blank and comment lines, line endings and continuations.

use super::{LexResult, Lexer};
use crate::diag::Diagnostic;
use crate::span::Span;
use crate::token::{Token, TokenKind};

impl Lexer<'_> {
    /// Handles the indentation at the start of a line: skips blank and comment-only lines,
    /// then emits `Indent`/`Dedent` tokens. Returns false at the end of the input.
    pub(super) fn indentation(&mut self) -> LexResult<bool> {
        loop {
            let line_start = self.pos;
            let (mut col, mut alt) = (0usize, 0usize);
            while let Some(c) = self.peek() {
                match c {
                    ' ' => {
                        col += 1;
                        alt += 1;
                    }
                    '\t' => {
                        col = (col / 8 + 1) * 8;
                        alt += 1;
                    }
                    '\x0c' => {
                        col = 0;
                        alt = 0;
                    }
                    _ => break,
                }
                self.bump();
            }
            match self.peek() {
                None => return Ok(false),
                Some('#') => {
                    self.skip_comment();
                    self.eat_newline();
                    continue;
                }
                Some('\n' | '\r') => {
                    self.eat_newline();
                    continue;
                }
                Some(_) => {}
            }
            let span = Span::new(line_start, self.pos);
            let (top, top_alt) = self.indents.last().copied().unwrap_or((0, 0));
            if col > top {
                if alt <= top_alt {
                    return Err(self.inconsistent_tabs(span));
                }
                self.indents.push((col, alt));
                self.tokens.push(Token {
                    kind: TokenKind::Indent,
                    span,
                });
            } else {
                while self.indents.last().is_some_and(|&(c, _)| c > col) {
                    self.indents.pop();
                    self.tokens.push(Token {
                        kind: TokenKind::Dedent,
                        span: Span::new(self.pos, self.pos),
                    });
                }
                match self.indents.last() {
                    Some(&(c, a)) if c == col => {
                        if a != alt {
                            return Err(self.inconsistent_tabs(span));
                        }
                    }
                    _ => {
                        return Err(
                            self.error(span, "unindent does not match any outer indentation level")
                        );
                    }
                }
            }
            self.line_first_token = self.tokens.len();
            return Ok(true);
        }
    }

    fn inconsistent_tabs(&self, span: Span) -> Diagnostic {
        self.error(span, "inconsistent use of tabs and spaces in indentation")
    }

    /// Consumes one line ending (`\n`, `\r\n` or `\r`), if there is one.
    pub(super) fn eat_newline(&mut self) {
        match self.peek() {
            Some('\r') => {
                self.bump();
                if self.peek() == Some('\n') {
                    self.bump();
                }
            }
            Some('\n') => {
                self.bump();
            }
            _ => {}
        }
    }

    /// Skips spaces, tabs and form feeds.
    pub(super) fn skip_blanks(&mut self) {
        while let Some(' ' | '\t' | '\x0c') = self.peek() {
            self.bump();
        }
    }

    /// Skips a `#` comment up to (not including) the line ending.
    pub(super) fn skip_comment(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' || c == '\r' {
                break;
            }
            self.bump();
        }
    }

    /// A backslash that joins this line with the next.
    pub(super) fn continuation(&mut self) -> LexResult<()> {
        let start = self.pos;
        self.bump();
        match self.peek() {
            Some('\n' | '\r') => {
                self.eat_newline();
                Ok(())
            }
            None => Err(self.error(Span::new(start, self.pos), "unexpected EOF while parsing")),
            Some(_) => Err(self.error(
                Span::new(start, self.pos),
                "unexpected character after line continuation character",
            )),
        }
    }
}
