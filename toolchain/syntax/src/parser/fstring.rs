//! F-strings: splitting the contents into literal text and replacement fields
//! `{expr[=][!conv][:spec]}`, where the expression is tokenized in place (so its spans are
//! positions in the file) and parsed with the ordinary expression parser, and the spec may
//! contain nested fields.

use super::atom::push_part;
use super::{PResult, Parser};
use crate::ast::{Expr, FStringPart};
use crate::lexer::{escape, lex_fstring_field};
use crate::span::Span;
use crate::token::{Keyword, StrToken, TokenKind};

impl Parser<'_> {
    /// The parts of one f-string literal.
    pub(super) fn parse_fstring(&mut self, tok: &StrToken) -> PResult<Vec<FStringPart>> {
        let (start, end) = (tok.content.start as usize, tok.content.end as usize);
        let (parts, stop) = self.fstring_segment(start, end, tok.prefix.raw, false)?;
        if stop < end {
            // Only a spec stops early, at its closing brace.
            return Err(self.error_at(
                Span::new(stop, stop + 1),
                "f-string: single '}' is not allowed",
            ));
        }
        Ok(parts)
    }

    /// Literal text and fields from `start` until `end`, or (in a format spec) until the `}`
    /// that closes the field. Returns the parts and where scanning stopped.
    fn fstring_segment(
        &mut self,
        start: usize,
        end: usize,
        raw: bool,
        in_spec: bool,
    ) -> PResult<(Vec<FStringPart>, usize)> {
        let bytes = self.src.as_bytes();
        let mut parts = Vec::new();
        let mut literal_start = start;
        let mut i = start;
        while i < end {
            match bytes[i] {
                b'\\' if !raw => {
                    // An escape; `\N{…}` keeps its braces, `\{` leaves the brace to us.
                    if bytes.get(i + 1) == Some(&b'N') && bytes.get(i + 2) == Some(&b'{') {
                        i = self.src[i..end].find('}').map_or(end, |j| i + j + 1);
                    } else if matches!(bytes.get(i + 1), Some(b'{' | b'}')) || i + 1 >= end {
                        i += 1;
                    } else {
                        i += 2;
                    }
                }
                b'{' if !in_spec && bytes.get(i + 1) == Some(&b'{') => {
                    self.flush_literal(&mut parts, literal_start, i + 1, raw)?;
                    i += 2;
                    literal_start = i;
                }
                b'}' if !in_spec && bytes.get(i + 1) == Some(&b'}') && i + 1 < end => {
                    self.flush_literal(&mut parts, literal_start, i + 1, raw)?;
                    i += 2;
                    literal_start = i;
                }
                b'{' => {
                    self.flush_literal(&mut parts, literal_start, i, raw)?;
                    let (field, next) = self.nested(|p| p.fstring_field(i, end, raw))?;
                    parts.push(field);
                    i = next;
                    literal_start = i;
                }
                b'}' => {
                    if in_spec {
                        self.flush_literal(&mut parts, literal_start, i, raw)?;
                        return Ok((parts, i));
                    }
                    return Err(
                        self.error_at(Span::new(i, i + 1), "f-string: single '}' is not allowed")
                    );
                }
                _ => i += 1,
            }
        }
        self.flush_literal(&mut parts, literal_start, end.min(i), raw)?;
        Ok((parts, end))
    }

    /// Decodes the literal text in `start..end` and appends it.
    fn flush_literal(
        &self,
        parts: &mut Vec<FStringPart>,
        start: usize,
        end: usize,
        raw: bool,
    ) -> PResult<()> {
        if start >= end {
            return Ok(());
        }
        let text = self.src.get(start..end).unwrap_or("");
        push_part(
            parts,
            FStringPart::Literal(escape::decode_str(text, start, raw, self.file)?),
        );
        Ok(())
    }

    /// One replacement field whose `{` is at `open`. Returns it and the offset after its `}`.
    fn fstring_field(
        &mut self,
        open: usize,
        end: usize,
        raw: bool,
    ) -> PResult<(FStringPart, usize)> {
        let expecting =
            |p: &Self, at: usize| p.error_at(Span::new(at, at + 1), "f-string: expecting '}'");
        let (tokens, stop) = lex_fstring_field(self.src, self.file, open + 1, end)?;
        if tokens.len() <= 1 {
            return Err(self.error_at(
                Span::new(open, stop + 1),
                "f-string: empty expression not allowed",
            ));
        }
        let value = self.parse_field_expr(tokens)?;
        let bytes = self.src.as_bytes();
        let mut i = stop;
        let mut debug_text = None;
        if bytes.get(i) == Some(&b'=') {
            i += 1;
            while matches!(bytes.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                i += 1;
            }
            debug_text = self.src.get(open + 1..i).map(str::to_string);
        }
        let mut conversion = None;
        if bytes.get(i) == Some(&b'!') {
            let c = self.src.get(i + 1..).and_then(|s| s.chars().next());
            match c {
                Some(c @ ('r' | 's' | 'a')) if i + 1 < end => {
                    conversion = Some(c);
                    i += 2;
                }
                _ => {
                    let span = Span::new(i, (i + 2).min(end.max(i + 1)));
                    return Err(self.error_at(
                        span,
                        "f-string: invalid conversion character: expected 's', 'r', or 'a'",
                    ));
                }
            }
        }
        let mut spec = Vec::new();
        if bytes.get(i) == Some(&b':') && i < end {
            let (parts, stop) = self.fstring_segment(i + 1, end, raw, true)?;
            spec = parts;
            i = stop;
        }
        if i >= end || bytes.get(i) != Some(&b'}') {
            return Err(expecting(self, i.min(end)));
        }
        if debug_text.is_some() && conversion.is_none() && spec.is_empty() {
            // `f"{x=}"` shows the repr unless a conversion or format spec says otherwise.
            conversion = Some('r');
        }
        Ok((
            FStringPart::Formatted {
                value: Box::new(value),
                conversion,
                spec,
                debug_text,
            },
            i + 1,
        ))
    }

    /// Parses the tokens of a field's expression (`yield`, or one or more expressions).
    fn parse_field_expr(&mut self, tokens: Vec<crate::token::Token>) -> PResult<Expr> {
        let mut sub = Parser::new(self.src, self.file, tokens, self.ctx);
        sub.depth = self.depth;
        sub.stack_base = self.stack_base;
        let value = if sub.at_kw(Keyword::Yield) {
            sub.parse_yield()?
        } else {
            sub.parse_star_expressions()?
        };
        if !sub.at(&TokenKind::Eof) {
            return Err(sub.unexpected());
        }
        Ok(value)
    }
}
