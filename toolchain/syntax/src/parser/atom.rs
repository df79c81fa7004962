//! Atoms: names, literals, strings, and parenthesized, list, set and dict displays with their
//! comprehensions.

use super::target::TargetUse;
use super::{PResult, Parser};
use crate::ast::{BinOp, Comprehension, Expr, ExprKind, FStringPart};
use crate::token::{Keyword, StrValue, TokenKind};

impl Parser<'_> {
    /// A name, literal, string or bracketed display.
    pub(super) fn parse_atom(&mut self) -> PResult<Expr> {
        let kind = match self.kind() {
            TokenKind::Name(n) => ExprKind::Name(n.clone()),
            TokenKind::Keyword(Keyword::True) => ExprKind::Bool(true),
            TokenKind::Keyword(Keyword::False) => ExprKind::Bool(false),
            TokenKind::Keyword(Keyword::None) => ExprKind::None,
            TokenKind::Int { digits, radix } => ExprKind::Int {
                digits: digits.clone(),
                radix: *radix,
            },
            TokenKind::Float(v) => ExprKind::Float(*v),
            TokenKind::Imaginary(v) => ExprKind::Imaginary(*v),
            TokenKind::Ellipsis => ExprKind::Ellipsis,
            TokenKind::Suffixed { .. } => return self.parse_suffixed(),
            TokenKind::Str(_) => return self.parse_strings(),
            TokenKind::LPar => return self.parse_paren(),
            TokenKind::LSqb => return self.parse_list(),
            TokenKind::LBrace => return self.parse_brace(),
            _ => return Err(self.unexpected()),
        };
        let span = self.bump().span;
        Ok(Expr::new(kind, span))
    }

    /// Adjacent string literals, concatenated: a `Str`, `Bytes` or (if any part is an
    /// f-string) `FString`.
    fn parse_strings(&mut self) -> PResult<Expr> {
        let start = self.start();
        let mut parts: Vec<FStringPart> = Vec::new();
        let mut bytes: Vec<u8> = Vec::new();
        let mut is_bytes: Option<bool> = None;
        let mut has_fstring = false;
        while let TokenKind::Str(tok) = self.kind() {
            let tok = (**tok).clone();
            let span = self.bump().span;
            if is_bytes.is_some_and(|b| b != tok.prefix.bytes) {
                return Err(self.error_at(span, "cannot mix bytes and nonbytes literals"));
            }
            is_bytes = Some(tok.prefix.bytes);
            match tok.value {
                Some(StrValue::Bytes(b)) => bytes.extend(b),
                Some(StrValue::Str(s)) => push_part(&mut parts, FStringPart::Literal(s)),
                None => {
                    has_fstring = true;
                    for part in self.parse_fstring(&tok)? {
                        push_part(&mut parts, part);
                    }
                }
            }
        }
        let span = self.span_from(start);
        let kind = if is_bytes == Some(true) {
            ExprKind::Bytes(bytes)
        } else if has_fstring {
            ExprKind::FString(parts)
        } else {
            match parts.pop() {
                Some(FStringPart::Literal(s)) => ExprKind::Str(s),
                _ => ExprKind::Str(String::new()),
            }
        };
        Ok(Expr::new(kind, span))
    }

    /// `()`, `(x)`, `(x, y)`, `(yield x)` or `(x for x in y)`.
    fn parse_paren(&mut self) -> PResult<Expr> {
        let start = self.bump().span.start;
        if self.eat(&TokenKind::RPar) {
            return Ok(Expr::new(
                ExprKind::Tuple(Vec::new()),
                self.span_from(start),
            ));
        }
        if self.at_kw(Keyword::Yield) {
            let value = self.parse_yield()?;
            self.expect(&TokenKind::RPar, ")")?;
            return Ok(value);
        }
        let first = self.parse_star_named_expr()?;
        if self.at_comp_for() {
            let generators = self.parse_comp_for()?;
            self.expect(&TokenKind::RPar, ")")?;
            let kind = ExprKind::GeneratorExp {
                elt: Box::new(first),
                generators,
            };
            return Ok(Expr::new(kind, self.span_from(start)));
        }
        if self.eat(&TokenKind::RPar) {
            if let ExprKind::Starred(_) = first.kind {
                return Err(self.error_at(first.span, "cannot use starred expression here"));
            }
            return Ok(first);
        }
        let elts = self.parse_elements_after(first, &TokenKind::RPar)?;
        Ok(Expr::new(ExprKind::Tuple(elts), self.span_from(start)))
    }

    /// `[…]`: a list display or list comprehension.
    fn parse_list(&mut self) -> PResult<Expr> {
        let start = self.bump().span.start;
        if self.eat(&TokenKind::RSqb) {
            return Ok(Expr::new(ExprKind::List(Vec::new()), self.span_from(start)));
        }
        let first = self.parse_star_named_expr()?;
        if self.at_comp_for() {
            let generators = self.parse_comp_for()?;
            self.expect(&TokenKind::RSqb, "]")?;
            let kind = ExprKind::ListComp {
                elt: Box::new(first),
                generators,
            };
            return Ok(Expr::new(kind, self.span_from(start)));
        }
        let elts = self.parse_elements_after(first, &TokenKind::RSqb)?;
        Ok(Expr::new(ExprKind::List(elts), self.span_from(start)))
    }

    /// The rest of a comma-separated display whose first element is parsed, up to and
    /// including `close`.
    fn parse_elements_after(&mut self, first: Expr, close: &TokenKind) -> PResult<Vec<Expr>> {
        let mut elts = vec![first];
        while !self.eat(close) {
            self.expect_comma_after(self.prev_end)?;
            if self.eat(close) {
                break;
            }
            elts.push(self.parse_star_named_expr()?);
        }
        Ok(elts)
    }

    /// `{…}`: a dict or set display or comprehension.
    fn parse_brace(&mut self) -> PResult<Expr> {
        let start = self.bump().span.start;
        if self.eat(&TokenKind::RBrace) {
            let kind = ExprKind::Dict {
                keys: Vec::new(),
                values: Vec::new(),
            };
            return Ok(Expr::new(kind, self.span_from(start)));
        }
        if self.at(&TokenKind::BinOp(BinOp::Pow)) {
            return self.parse_dict_items(start, Vec::new(), Vec::new());
        }
        let first = self.parse_star_named_expr()?;
        if self.eat(&TokenKind::Colon) {
            if let ExprKind::Starred(_) = first.kind {
                return Err(self.error_at(
                    first.span,
                    "cannot use a starred expression in a dictionary key",
                ));
            }
            let value = self.parse_expression()?;
            if self.at_comp_for() {
                let generators = self.parse_comp_for()?;
                self.expect(&TokenKind::RBrace, "}")?;
                let kind = ExprKind::DictComp {
                    key: Box::new(first),
                    value: Box::new(value),
                    generators,
                };
                return Ok(Expr::new(kind, self.span_from(start)));
            }
            if !self.eat(&TokenKind::RBrace) {
                self.expect_comma_after(self.prev_end)?;
                return self.parse_dict_items(start, vec![Some(first)], vec![value]);
            }
            let kind = ExprKind::Dict {
                keys: vec![Some(first)],
                values: vec![value],
            };
            return Ok(Expr::new(kind, self.span_from(start)));
        }
        if self.at_comp_for() {
            let generators = self.parse_comp_for()?;
            self.expect(&TokenKind::RBrace, "}")?;
            let kind = ExprKind::SetComp {
                elt: Box::new(first),
                generators,
            };
            return Ok(Expr::new(kind, self.span_from(start)));
        }
        let elts = self.parse_elements_after(first, &TokenKind::RBrace)?;
        Ok(Expr::new(ExprKind::Set(elts), self.span_from(start)))
    }

    /// Dict items (`k: v` or `**m`) up to and including `}`, after those already parsed (and
    /// the comma that followed them).
    fn parse_dict_items(
        &mut self,
        start: u32,
        mut keys: Vec<Option<Expr>>,
        mut values: Vec<Expr>,
    ) -> PResult<Expr> {
        loop {
            if self.eat(&TokenKind::RBrace) {
                break;
            }
            if self.eat(&TokenKind::BinOp(BinOp::Pow)) {
                keys.push(None);
                values.push(self.parse_bitor()?);
            } else {
                keys.push(Some(self.parse_expression()?));
                self.expect(&TokenKind::Colon, ":")?;
                values.push(self.parse_expression()?);
            }
            if self.eat(&TokenKind::RBrace) {
                break;
            }
            self.expect_comma_after(self.prev_end)?;
        }
        Ok(Expr::new(
            ExprKind::Dict { keys, values },
            self.span_from(start),
        ))
    }

    /// Whether a comprehension's `for` (or `async for`) starts here.
    pub(super) fn at_comp_for(&self) -> bool {
        self.at_kw(Keyword::For)
            || (self.at_kw(Keyword::Async) && self.nth(1) == &TokenKind::Keyword(Keyword::For))
    }

    /// `for target in iter if cond …` clauses, one or more.
    pub(super) fn parse_comp_for(&mut self) -> PResult<Vec<Comprehension>> {
        let mut generators = Vec::new();
        while self.at_comp_for() {
            let is_async = self.eat_kw(Keyword::Async);
            self.bump();
            let target = self.parse_target_list()?;
            self.check_target(&target, TargetUse::Comprehension)?;
            self.expect(&TokenKind::Keyword(Keyword::In), "in")?;
            let iter = self.parse_disjunction()?;
            let mut ifs = Vec::new();
            while self.eat_kw(Keyword::If) {
                ifs.push(self.parse_disjunction()?);
            }
            generators.push(Comprehension {
                target,
                iter,
                ifs,
                is_async,
            });
        }
        Ok(generators)
    }
}

/// Appends a part, merging adjacent literal text and dropping empty literals.
pub(super) fn push_part(parts: &mut Vec<FStringPart>, part: FStringPart) {
    match (parts.last_mut(), part) {
        (_, FStringPart::Literal(s)) if s.is_empty() => {}
        (Some(FStringPart::Literal(prev)), FStringPart::Literal(s)) => prev.push_str(&s),
        (_, part) => parts.push(part),
    }
}
