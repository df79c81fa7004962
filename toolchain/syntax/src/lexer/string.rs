//! String literals: prefixes, quoting and (for plain strings and bytes) decoding.

use super::{escape, LexResult, Lexer};
use crate::span::Span;
use crate::token::{StrPrefix, StrToken, StrValue, TokenKind};

/// The prefix spelled `word` (`r`, `u`, `b`, `br`, `rb`, `f`, `rf`, `fr`, any case), if it is one.
pub(super) fn prefix(word: &str) -> Option<StrPrefix> {
    let lower = word.to_ascii_lowercase();
    let (raw, bytes, format) = match lower.as_str() {
        "r" => (true, false, false),
        "u" => (false, false, false),
        "b" => (false, true, false),
        "br" | "rb" => (true, true, false),
        "f" => (false, false, true),
        "rf" | "fr" => (true, false, true),
        _ => return None,
    };
    Some(StrPrefix { raw, bytes, format })
}

impl Lexer<'_> {
    /// Lexes a string literal whose prefix (already consumed) starts at `start`; the current
    /// character is the opening quote.
    pub(super) fn string(&mut self, start: usize, prefix: StrPrefix) -> LexResult<TokenKind> {
        let quote = self.peek().unwrap_or('"');
        let triple = self.peek_at(1) == Some(quote) && self.peek_at(2) == Some(quote);
        let quote_len = if triple { 3 } else { 1 };
        self.pos += quote_len;
        let open = Span::new(start, self.pos);
        let content_start = self.pos;
        let content_end = loop {
            let here = self.pos;
            match self.bump() {
                None => return Err(self.unterminated(open, triple)),
                Some('\\') => {
                    if self.peek().is_none() {
                        return Err(self.unterminated(open, triple));
                    }
                    // A backslash-newline pair may be `\r\n`.
                    if self.peek() == Some('\r') && self.peek_at(1) == Some('\n') {
                        self.bump();
                    }
                    self.bump();
                }
                Some('\n' | '\r') if !triple => {
                    self.pos = here;
                    return Err(self.unterminated(open, triple));
                }
                Some(c) if c == quote => {
                    if !triple {
                        break here;
                    }
                    if self.peek() == Some(quote) && self.peek_at(1) == Some(quote) {
                        self.pos += 2;
                        break here;
                    }
                }
                Some(_) => {}
            }
        };
        let content = Span::new(content_start, content_end);
        let text = &self.src[content_start..content_end];
        let value = if prefix.format {
            None
        } else if prefix.bytes {
            Some(StrValue::Bytes(escape::decode_bytes(
                text,
                content_start,
                prefix.raw,
                self.file,
            )?))
        } else {
            Some(StrValue::Str(escape::decode_str(
                text,
                content_start,
                prefix.raw,
                self.file,
            )?))
        };
        Ok(TokenKind::Str(Box::new(StrToken {
            prefix,
            content,
            value,
        })))
    }

    fn unterminated(&self, open: Span, triple: bool) -> crate::diag::Diagnostic {
        // At the end of a file that ends with a newline, the last line is the one before it.
        let at = if self.pos >= self.src.len() && self.src.ends_with('\n') {
            self.pos - 1
        } else {
            self.pos
        };
        let line = self.line_of(at);
        let what = if triple {
            "unterminated triple-quoted string literal"
        } else {
            "unterminated string literal"
        };
        self.error(open, format!("{what} (detected at line {line})"))
    }
}
