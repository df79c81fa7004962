//! Operators, delimiters and bracket matching.

use super::{LexResult, Lexer};
use crate::ast::BinOp;
use crate::span::Span;
use crate::token::TokenKind;

impl Lexer<'_> {
    /// An opening bracket; lines are joined until it is closed.
    pub(super) fn open_bracket(&mut self, c: char) {
        let start = self.pos;
        self.bump();
        self.brackets.push((c, Span::new(start, self.pos)));
        let kind = match c {
            '(' => TokenKind::LPar,
            '[' => TokenKind::LSqb,
            _ => TokenKind::LBrace,
        };
        self.push(kind, start);
    }

    /// A closing bracket, which must match the innermost open one.
    pub(super) fn close_bracket(&mut self, c: char) -> LexResult<()> {
        let start = self.pos;
        self.bump();
        let span = Span::new(start, self.pos);
        let expected_open = match c {
            ')' => '(',
            ']' => '[',
            _ => '{',
        };
        match self.brackets.pop() {
            None => Err(self.error(span, format!("unmatched '{c}'"))),
            Some((open, open_span)) if open != expected_open => {
                let open_line = self.line_of(open_span.start as usize);
                let here_line = self.line_of(start);
                let msg = if open_line == here_line {
                    format!("closing parenthesis '{c}' does not match opening parenthesis '{open}'")
                } else {
                    format!("closing parenthesis '{c}' does not match opening parenthesis '{open}' on line {open_line}")
                };
                Err(self.error(span, msg))
            }
            Some(_) => {
                let kind = match c {
                    ')' => TokenKind::RPar,
                    ']' => TokenKind::RSqb,
                    _ => TokenKind::RBrace,
                };
                self.push(kind, start);
                Ok(())
            }
        }
    }

    /// An operator or delimiter (longest match first), or an invalid character.
    pub(super) fn operator(&mut self) -> LexResult<()> {
        use TokenKind as T;
        let start = self.pos;
        let rest = self.rest();
        const OPS: &[(&str, TokenKind)] = &[
            ("**=", T::AugAssign(BinOp::Pow)),
            ("//=", T::AugAssign(BinOp::FloorDiv)),
            (">>=", T::AugAssign(BinOp::RShift)),
            ("<<=", T::AugAssign(BinOp::LShift)),
            ("...", T::Ellipsis),
            ("||>", T::ParPipe),
            ("+=", T::AugAssign(BinOp::Add)),
            ("-=", T::AugAssign(BinOp::Sub)),
            ("*=", T::AugAssign(BinOp::Mult)),
            ("/=", T::AugAssign(BinOp::Div)),
            ("%=", T::AugAssign(BinOp::Mod)),
            ("@=", T::AugAssign(BinOp::MatMult)),
            ("&=", T::AugAssign(BinOp::BitAnd)),
            ("|=", T::AugAssign(BinOp::BitOr)),
            ("^=", T::AugAssign(BinOp::BitXor)),
            ("**", T::BinOp(BinOp::Pow)),
            ("//", T::BinOp(BinOp::FloorDiv)),
            ("<<", T::BinOp(BinOp::LShift)),
            (">>", T::BinOp(BinOp::RShift)),
            ("==", T::EqEqual),
            ("!=", T::NotEqual),
            ("<=", T::LessEqual),
            (">=", T::GreaterEqual),
            (":=", T::ColonEqual),
            ("->", T::Arrow),
            ("|>", T::Pipe),
            ("+", T::BinOp(BinOp::Add)),
            ("-", T::BinOp(BinOp::Sub)),
            ("*", T::BinOp(BinOp::Mult)),
            ("/", T::BinOp(BinOp::Div)),
            ("%", T::BinOp(BinOp::Mod)),
            ("&", T::BinOp(BinOp::BitAnd)),
            ("|", T::BinOp(BinOp::BitOr)),
            ("^", T::BinOp(BinOp::BitXor)),
            ("~", T::Tilde),
            ("<", T::Less),
            (">", T::Greater),
            ("=", T::Equal),
            (":", T::Colon),
            (",", T::Comma),
            (";", T::Semi),
            (".", T::Dot),
            ("@", T::At),
        ];
        for (text, kind) in OPS {
            if rest.starts_with(text) {
                self.pos += text.len();
                self.push(kind.clone(), start);
                return Ok(());
            }
        }
        let c = self.peek().unwrap_or(' ');
        let span = Span::new(start, start + c.len_utf8());
        if c.is_ascii() {
            Err(self.error(span, "invalid syntax"))
        } else {
            Err(self.error(
                span,
                format!("invalid character '{c}' (U+{:04X})", c as u32),
            ))
        }
    }
}
