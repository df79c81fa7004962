//! Numeric literals: integers in four radixes, floats and imaginary numbers.

use super::{is_id_continue, LexResult, Lexer};
use crate::span::Span;
use crate::token::{Keyword, TokenKind};

impl Lexer<'_> {
    /// Lexes a number starting at the current character (a digit, or `.` before a digit).
    pub(super) fn number(&mut self) -> LexResult<TokenKind> {
        let start = self.pos;
        if self.peek() == Some('0') {
            let radix = match self.peek_at(1) {
                Some('x' | 'X') => Some((16, "hexadecimal")),
                Some('o' | 'O') => Some((8, "octal")),
                Some('b' | 'B') => Some((2, "binary")),
                _ => None,
            };
            if let Some((radix, name)) = radix {
                self.pos += 2;
                let kind = self.radix_int(start, radix, name)?;
                return Ok(self.with_suffix(kind));
            }
        }
        let mut text = String::new();
        self.digits(&mut text, 10, "decimal", true)?;
        let int_digits = text.len();
        let mut is_float = false;
        if self.peek() == Some('.') {
            is_float = true;
            text.push('.');
            self.bump();
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.digits(&mut text, 10, "decimal", true)?;
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let sign = matches!(self.peek_at(1), Some('+' | '-'));
            let digit_at = if sign { 2 } else { 1 };
            if self.peek_at(digit_at).is_some_and(|c| c.is_ascii_digit()) {
                is_float = true;
                text.push('e');
                self.bump();
                if sign {
                    text.push(self.bump().unwrap_or('+'));
                }
                self.digits(&mut text, 10, "decimal", true)?;
            }
        }
        if matches!(self.peek(), Some('j' | 'J')) {
            self.bump();
            self.check_end(start, "imaginary")?;
            return Ok(TokenKind::Imaginary(self.parse_float(&text, start)?));
        }
        let suffix = self.suffix();
        self.check_end(start, "decimal")?;
        if is_float {
            let kind = TokenKind::Float(self.parse_float(&text, start)?);
            return Ok(match suffix {
                Some(suffix) => TokenKind::Suffixed {
                    number: Box::new(kind),
                    suffix,
                },
                None => kind,
            });
        }
        let digits = &text[..int_digits];
        if digits.len() > 1 && digits.starts_with('0') && digits.bytes().any(|b| b != b'0') {
            return Err(self.error(
                Span::new(start, self.pos),
                "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
            ));
        }
        let kind = TokenKind::Int {
            digits: text,
            radix: 10,
        };
        Ok(match suffix {
            Some(suffix) => TokenKind::Suffixed {
                number: Box::new(kind),
                suffix,
            },
            None => kind,
        })
    }

    /// A type suffix right after a number (`u32`, `i8`, `f32`), consumed when there is one.
    fn suffix(&mut self) -> Option<String> {
        let rest = self.rest();
        let len = rest
            .find(|c: char| !is_id_continue(c))
            .unwrap_or(rest.len());
        let word = &rest[..len];
        let digits = |d: &str| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit());
        let is_suffix = match word.as_bytes().first() {
            Some(b'i' | b'u') => digits(&word[1..]),
            Some(_) => matches!(word, "f16" | "f32" | "f64" | "bf16"),
            None => false,
        };
        if !is_suffix {
            return None;
        }
        let word = word.to_string();
        self.pos += word.len();
        Some(word)
    }

    /// `kind`, with the type suffix that follows it, if any.
    fn with_suffix(&mut self, kind: TokenKind) -> TokenKind {
        match self.suffix() {
            Some(suffix) => TokenKind::Suffixed {
                number: Box::new(kind),
                suffix,
            },
            None => kind,
        }
    }

    fn radix_int(&mut self, start: usize, radix: u32, name: &str) -> LexResult<TokenKind> {
        let mut text = String::new();
        self.digits(&mut text, radix, name, false)?;
        if text.is_empty() {
            return Err(self.invalid(start, name));
        }
        if self.suffix_follows() {
            return Ok(TokenKind::Int {
                digits: text,
                radix,
            });
        }
        self.check_end(start, name)?;
        Ok(TokenKind::Int {
            digits: text,
            radix,
        })
    }

    /// Reads digits of `radix` separated by single underscores into `out`. With
    /// `first_is_digit` the current character is a digit; otherwise (after a `0x` prefix) an
    /// underscore may come first.
    fn digits(
        &mut self,
        out: &mut String,
        radix: u32,
        name: &str,
        first_is_digit: bool,
    ) -> LexResult<()> {
        let start = self.pos;
        let mut need_digit = first_is_digit;
        loop {
            match self.peek() {
                Some('_') if !need_digit => {
                    self.bump();
                    need_digit = true;
                }
                Some(c) if c.is_digit(radix) => {
                    out.push(c);
                    self.bump();
                    need_digit = false;
                }
                Some(c) if c.is_ascii_digit() => {
                    let span = Span::new(self.pos, self.pos + 1);
                    return Err(self.error(span, format!("invalid digit '{c}' in {name} literal")));
                }
                _ if need_digit && self.pos > start => return Err(self.invalid(start, name)),
                _ => return Ok(()),
            }
        }
    }

    /// Whether a type suffix follows (checked without consuming it).
    fn suffix_follows(&mut self) -> bool {
        let at = self.pos;
        let found = self.suffix().is_some();
        self.pos = at;
        found
    }

    /// A number may not run into a name (`1abc`), except a keyword (`1if x else 2`).
    fn check_end(&self, start: usize, name: &str) -> LexResult<()> {
        if !self.peek().is_some_and(is_id_continue) {
            return Ok(());
        }
        let rest = self.rest();
        let word_len = rest
            .find(|c: char| !is_id_continue(c))
            .unwrap_or(rest.len());
        if Keyword::from_word(&rest[..word_len]).is_some() {
            return Ok(());
        }
        Err(self.invalid(start, name))
    }

    fn invalid(&self, start: usize, name: &str) -> crate::diag::Diagnostic {
        self.error(
            Span::new(start, self.pos.max(start + 1)),
            format!("invalid {name} literal"),
        )
    }

    fn parse_float(&self, text: &str, start: usize) -> LexResult<f64> {
        text.parse::<f64>()
            .map_err(|_| self.invalid(start, "decimal"))
    }
}
