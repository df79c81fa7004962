//! The `match` statement and its patterns. `match`, `case` and `_` are soft keywords: a
//! line starting with `match` is a match statement only if it reads as one up to the `:` and
//! newline of its header; otherwise it is parsed as an ordinary statement.

use super::{PResult, Parser};
use crate::ast::{
    BinOp, Expr, ExprKind, Ident, MatchCase, Pattern, PatternKind, Stmt, StmtKind, UnaryOp,
};
use crate::token::{Keyword, TokenKind};

impl Parser<'_> {
    /// A `match` statement, or `None` (having consumed nothing) if this line is not one.
    pub(super) fn parse_match(&mut self) -> PResult<Option<Stmt>> {
        let start = self.start();
        let subject = self.speculate(|p| {
            p.bump();
            let subject = p.parse_match_subject()?;
            p.expect(&TokenKind::Colon, ":")?;
            if !p.at(&TokenKind::Newline) {
                return Err(p.unexpected());
            }
            Ok(subject)
        });
        let Some(subject) = subject else {
            return Ok(None);
        };
        self.bump();
        if !self.eat(&TokenKind::Indent) {
            let line = self.line_of(start);
            let span = self.here();
            return Err(self.error_at(
                span,
                format!("expected an indented block after 'match' statement on line {line}"),
            ));
        }
        let cases = self.nested(|p| {
            let mut cases = Vec::new();
            while !p.eat(&TokenKind::Dedent) {
                if !p.at_name("case") {
                    return Err(p.unexpected());
                }
                cases.push(p.parse_case()?);
            }
            Ok(cases)
        })?;
        Ok(Some(self.stmt(StmtKind::Match { subject, cases }, start)))
    }

    /// `named_expression`, or a tuple of star-named expressions.
    fn parse_match_subject(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.parse_star_named_expr()?;
        if !self.at(&TokenKind::Comma) {
            if let ExprKind::Starred(_) = first.kind {
                return Err(self.error_at(first.span, "cannot use starred expression here"));
            }
            return Ok(first);
        }
        let mut elts = vec![first];
        while self.eat(&TokenKind::Comma) {
            if !self.starts_expression() {
                break;
            }
            elts.push(self.parse_star_named_expr()?);
        }
        Ok(Expr::new(ExprKind::Tuple(elts), self.span_from(start)))
    }

    /// `case patterns [if guard]: block`.
    fn parse_case(&mut self) -> PResult<MatchCase> {
        let start = self.bump().span.start;
        let pattern = self.parse_open_patterns()?;
        let guard = if self.eat_kw(Keyword::If) {
            Some(self.parse_named_expr()?)
        } else {
            None
        };
        let body = self.parse_colon_block("'case' statement", start)?;
        Ok(MatchCase {
            pattern,
            guard,
            body,
        })
    }

    /// `pattern` or an unparenthesized sequence `a, *rest`.
    fn parse_open_patterns(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let first = self.parse_maybe_star_pattern()?;
        if !self.at(&TokenKind::Comma) {
            if let PatternKind::Star(_) = first.kind {
                return Err(self.error_at(first.span, "can't use starred name here"));
            }
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat(&TokenKind::Comma) {
            if self.at(&TokenKind::Colon) || self.at_kw(Keyword::If) {
                break;
            }
            items.push(self.parse_maybe_star_pattern()?);
        }
        Ok(Pattern {
            kind: PatternKind::Sequence(items),
            span: self.span_from(start),
        })
    }

    /// `*name`, `*_` or a pattern.
    fn parse_maybe_star_pattern(&mut self) -> PResult<Pattern> {
        if !self.at(&TokenKind::BinOp(BinOp::Mult)) {
            return self.parse_pattern();
        }
        let start = self.bump().span.start;
        let name = self.expect_name()?;
        let name = if name.name == "_" { None } else { Some(name) };
        Ok(Pattern {
            kind: PatternKind::Star(name),
            span: self.span_from(start),
        })
    }

    /// `or_pattern ['as' name]`.
    fn parse_pattern(&mut self) -> PResult<Pattern> {
        self.nested(|p| {
            let start = p.start();
            let pattern = p.parse_or_pattern()?;
            if !p.eat_kw(Keyword::As) {
                return Ok(pattern);
            }
            let name = p.expect_name()?;
            if name.name == "_" {
                return Err(p.error_at(name.span, "cannot use '_' as a target"));
            }
            let kind = PatternKind::As {
                pattern: Some(Box::new(pattern)),
                name: Some(name),
            };
            Ok(Pattern {
                kind,
                span: p.span_from(start),
            })
        })
    }

    /// `closed | closed | …`.
    fn parse_or_pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let first = self.parse_closed_pattern()?;
        if !self.at(&TokenKind::BinOp(BinOp::BitOr)) {
            return Ok(first);
        }
        let mut alternatives = vec![first];
        while self.eat(&TokenKind::BinOp(BinOp::BitOr)) {
            alternatives.push(self.parse_closed_pattern()?);
        }
        Ok(Pattern {
            kind: PatternKind::Or(alternatives),
            span: self.span_from(start),
        })
    }

    fn parse_closed_pattern(&mut self) -> PResult<Pattern> {
        let start = self.start();
        let kind = match self.kind() {
            TokenKind::Keyword(Keyword::None | Keyword::True | Keyword::False) => {
                PatternKind::Singleton(self.parse_atom()?)
            }
            TokenKind::Int { .. }
            | TokenKind::Float(_)
            | TokenKind::Imaginary(_)
            | TokenKind::BinOp(BinOp::Sub)
            | TokenKind::Str(_) => {
                let lo = self.parse_literal_expr()?;
                if self.eat(&TokenKind::Ellipsis) {
                    // Codon's range pattern `lo ... hi`
                    let hi = self.parse_literal_expr()?;
                    PatternKind::Range(Box::new(lo), Box::new(hi))
                } else {
                    PatternKind::Value(lo)
                }
            }
            // Codon's `...` in a sequence pattern: any number of items (as `*_`)
            TokenKind::Ellipsis => {
                self.bump();
                PatternKind::Star(None)
            }
            TokenKind::Name(n)
                if n == "_"
                    && self.nth(1) != &TokenKind::Dot
                    && self.nth(1) != &TokenKind::LPar =>
            {
                self.bump();
                PatternKind::As {
                    pattern: None,
                    name: None,
                }
            }
            TokenKind::Name(_) if self.nth(1) == &TokenKind::ColonEqual => {
                // Codon's `name := pattern`, as `pattern as name`
                let name = self.expect_name()?;
                self.bump();
                let inner = self.parse_closed_pattern()?;
                PatternKind::As {
                    pattern: Some(Box::new(inner)),
                    name: Some(name),
                }
            }
            TokenKind::Name(_) => {
                let dotted = self.nth(1) == &TokenKind::Dot;
                let name = self.parse_name_or_attr()?;
                if self.eat(&TokenKind::LPar) {
                    self.parse_class_pattern(name)?
                } else if dotted {
                    PatternKind::Value(name)
                } else {
                    let ExprKind::Name(n) = name.kind else {
                        return Err(self.unexpected());
                    };
                    PatternKind::As {
                        pattern: None,
                        name: Some(Ident {
                            name: n,
                            span: name.span,
                        }),
                    }
                }
            }
            TokenKind::LPar => {
                self.bump();
                if self.eat(&TokenKind::RPar) {
                    PatternKind::Sequence(Vec::new())
                } else {
                    let first = self.parse_maybe_star_pattern()?;
                    if self.eat(&TokenKind::RPar) {
                        if let PatternKind::Star(_) = first.kind {
                            return Err(self.error_at(first.span, "can't use starred name here"));
                        }
                        return Ok(first);
                    }
                    PatternKind::Sequence(self.parse_pattern_items_after(first, &TokenKind::RPar)?)
                }
            }
            TokenKind::LSqb => {
                self.bump();
                if self.eat(&TokenKind::RSqb) {
                    PatternKind::Sequence(Vec::new())
                } else {
                    let first = self.parse_maybe_star_pattern()?;
                    PatternKind::Sequence(self.parse_pattern_items_after(first, &TokenKind::RSqb)?)
                }
            }
            TokenKind::LBrace => self.parse_mapping_pattern()?,
            _ => return Err(self.unexpected()),
        };
        Ok(Pattern {
            kind,
            span: self.span_from(start),
        })
    }

    /// The rest of a bracketed sequence pattern, up to and including `close`.
    fn parse_pattern_items_after(
        &mut self,
        first: Pattern,
        close: &TokenKind,
    ) -> PResult<Vec<Pattern>> {
        let mut items = vec![first];
        while !self.eat(close) {
            self.expect_comma_after(self.prev_end)?;
            if self.eat(close) {
                break;
            }
            items.push(self.parse_maybe_star_pattern()?);
        }
        Ok(items)
    }

    /// A literal usable as a value pattern or mapping key: a signed number, a complex
    /// `a+bj`, a string (not an f-string), `None`, `True` or `False`, or a dotted name.
    fn parse_literal_expr(&mut self) -> PResult<Expr> {
        let start = self.start();
        match self.kind() {
            TokenKind::Str(_) => {
                let expr = self.parse_atom()?;
                if let ExprKind::FString(_) = expr.kind {
                    return Err(self.error_at(
                        expr.span,
                        "patterns may only match literals and attribute lookups",
                    ));
                }
                return Ok(expr);
            }
            TokenKind::Keyword(Keyword::None | Keyword::True | Keyword::False) => {
                return self.parse_atom()
            }
            TokenKind::Name(_) => {
                let expr = self.parse_name_or_attr()?;
                if let ExprKind::Name(_) = expr.kind {
                    return Err(self.error_at(
                        expr.span,
                        "mapping pattern keys may only match literals and attribute lookups",
                    ));
                }
                return Ok(expr);
            }
            _ => {}
        }
        let real = self.parse_signed_number()?;
        let op = match self.kind() {
            TokenKind::BinOp(BinOp::Add) => BinOp::Add,
            TokenKind::BinOp(BinOp::Sub) => BinOp::Sub,
            _ => return Ok(real),
        };
        self.bump();
        let imag = self.parse_atom()?;
        if !matches!(imag.kind, ExprKind::Imaginary(_)) {
            return Err(self.error_at(imag.span, "imaginary number required in complex literal"));
        }
        let kind = ExprKind::BinOp {
            left: Box::new(real),
            op,
            right: Box::new(imag),
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// `[-]number`.
    fn parse_signed_number(&mut self) -> PResult<Expr> {
        let start = self.start();
        let negative = self.eat(&TokenKind::BinOp(BinOp::Sub));
        if !matches!(
            self.kind(),
            TokenKind::Int { .. } | TokenKind::Float(_) | TokenKind::Imaginary(_)
        ) {
            return Err(self.unexpected());
        }
        let number = self.parse_atom()?;
        if !negative {
            return Ok(number);
        }
        let kind = ExprKind::UnaryOp {
            op: UnaryOp::USub,
            operand: Box::new(number),
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// `name` or `name.attr.attr`.
    fn parse_name_or_attr(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.expect_name()?;
        let mut expr = Expr::new(ExprKind::Name(first.name), first.span);
        while self.eat(&TokenKind::Dot) {
            let attr = self.expect_name()?;
            expr = Expr::new(
                ExprKind::Attribute {
                    value: Box::new(expr),
                    attr,
                },
                self.span_from(start),
            );
        }
        Ok(expr)
    }

    /// `Cls(p, q, k=r)` after the `(`.
    fn parse_class_pattern(&mut self, cls: Expr) -> PResult<PatternKind> {
        let mut patterns = Vec::new();
        let mut kwd_names: Vec<Ident> = Vec::new();
        let mut kwd_patterns = Vec::new();
        while !self.eat(&TokenKind::RPar) {
            if !patterns.is_empty() || !kwd_names.is_empty() {
                self.expect_comma_after(self.prev_end)?;
                if self.eat(&TokenKind::RPar) {
                    break;
                }
            }
            if matches!(self.kind(), TokenKind::Name(_)) && self.nth(1) == &TokenKind::Equal {
                let name = self.expect_name()?;
                self.bump();
                kwd_names.push(name);
                kwd_patterns.push(self.parse_pattern()?);
            } else {
                let pattern = self.parse_pattern()?;
                if !kwd_names.is_empty() {
                    return Err(
                        self.error_at(pattern.span, "positional patterns follow keyword patterns")
                    );
                }
                patterns.push(pattern);
            }
        }
        Ok(PatternKind::Class {
            cls,
            patterns,
            kwd_names,
            kwd_patterns,
        })
    }

    /// `{key: pattern, …, **rest}` starting at the `{`.
    fn parse_mapping_pattern(&mut self) -> PResult<PatternKind> {
        self.bump();
        let mut keys = Vec::new();
        let mut patterns = Vec::new();
        let mut rest = None;
        while !self.eat(&TokenKind::RBrace) {
            if !keys.is_empty() || rest.is_some() {
                self.expect_comma_after(self.prev_end)?;
                if self.eat(&TokenKind::RBrace) {
                    break;
                }
            }
            if rest.is_some() {
                let span = self.here();
                return Err(self.error_at(
                    span,
                    "double star pattern must be the last item of a mapping pattern",
                ));
            }
            if self.eat(&TokenKind::BinOp(BinOp::Pow)) {
                rest = Some(self.expect_name()?);
                continue;
            }
            keys.push(self.parse_literal_expr()?);
            self.expect(&TokenKind::Colon, ":")?;
            patterns.push(self.parse_pattern()?);
        }
        Ok(PatternKind::Mapping {
            keys,
            patterns,
            rest,
        })
    }
}
