//! Primaries: an atom followed by attribute accesses, calls and subscripts.

use super::{PResult, Parser};
use crate::ast::{BinOp, Expr, ExprKind, Keyword as KeywordArg};
use crate::token::TokenKind;

impl Parser<'_> {
    /// `primary`: an atom with its trailers `.name`, `(args)` and `[slices]`.
    pub(super) fn parse_primary(&mut self) -> PResult<Expr> {
        let start = self.start();
        let mut expr = self.parse_atom()?;
        loop {
            let kind = match self.kind() {
                TokenKind::Dot => {
                    self.bump();
                    let attr = self.expect_name()?;
                    ExprKind::Attribute {
                        value: Box::new(expr),
                        attr,
                    }
                }
                TokenKind::LPar => {
                    self.bump();
                    let (args, keywords) = self.parse_call_args()?;
                    ExprKind::Call {
                        func: Box::new(expr),
                        args,
                        keywords,
                    }
                }
                TokenKind::LSqb => {
                    self.bump();
                    let index = self.parse_slices()?;
                    ExprKind::Subscript {
                        value: Box::new(expr),
                        index: Box::new(index),
                    }
                }
                _ => return Ok(expr),
            };
            expr = Expr::new(kind, self.span_from(start));
        }
    }

    /// Call arguments after `(`, up to and including `)`: positional (`x`, `*xs`) and keyword
    /// (`k=v`, `**kw`) arguments, or a lone generator expression.
    pub(super) fn parse_call_args(&mut self) -> PResult<(Vec<Expr>, Vec<KeywordArg>)> {
        let mut args: Vec<Expr> = Vec::new();
        let mut keywords: Vec<KeywordArg> = Vec::new();
        while !self.eat(&TokenKind::RPar) {
            if !args.is_empty() || !keywords.is_empty() {
                self.expect_comma_after(self.prev_end)?;
                if self.eat(&TokenKind::RPar) {
                    break;
                }
            }
            let start = self.start();
            match self.kind() {
                TokenKind::BinOp(BinOp::Mult) => {
                    if keywords.iter().any(|k| k.arg.is_none()) {
                        let span = self.here();
                        return Err(self.error_at(
                            span,
                            "iterable argument unpacking follows keyword argument unpacking",
                        ));
                    }
                    self.bump();
                    let value = self.parse_expression()?;
                    args.push(Expr::new(
                        ExprKind::Starred(Box::new(value)),
                        self.span_from(start),
                    ));
                }
                TokenKind::BinOp(BinOp::Pow) => {
                    self.bump();
                    let value = self.parse_expression()?;
                    keywords.push(KeywordArg {
                        arg: None,
                        value,
                        span: self.span_from(start),
                    });
                }
                TokenKind::Name(_) if self.nth(1) == &TokenKind::Equal => {
                    let arg = self.expect_name()?;
                    self.bump();
                    if keywords
                        .iter()
                        .any(|k| k.arg.as_ref().is_some_and(|a| a.name == arg.name))
                    {
                        return Err(self.error_at(
                            arg.span,
                            format!("keyword argument repeated: {}", arg.name),
                        ));
                    }
                    let value = self.parse_expression()?;
                    keywords.push(KeywordArg {
                        arg: Some(arg),
                        value,
                        span: self.span_from(start),
                    });
                }
                _ => {
                    let value = self.parse_named_expr()?;
                    if self.at(&TokenKind::Equal) {
                        return Err(self.error_at(
                            value.span,
                            "expression cannot contain assignment, perhaps you meant \"==\"?",
                        ));
                    }
                    if self.at_comp_for() {
                        let generators = self.parse_comp_for()?;
                        let genexp = ExprKind::GeneratorExp {
                            elt: Box::new(value),
                            generators,
                        };
                        let genexp = Expr::new(genexp, self.span_from(start));
                        if !args.is_empty() || !keywords.is_empty() || !self.at(&TokenKind::RPar) {
                            return Err(self.error_at(
                                genexp.span,
                                "Generator expression must be parenthesized",
                            ));
                        }
                        args.push(genexp);
                        continue;
                    }
                    if !keywords.is_empty() {
                        let message = if keywords.iter().any(|k| k.arg.is_none()) {
                            "positional argument follows keyword argument unpacking"
                        } else {
                            "positional argument follows keyword argument"
                        };
                        return Err(self.error_at(value.span, message));
                    }
                    args.push(value);
                }
            }
        }
        Ok((args, keywords))
    }

    /// Subscript contents after `[`, up to and including `]`: one slice or expression, or a
    /// tuple of them.
    fn parse_slices(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.parse_slice()?;
        if !matches!(first.kind, ExprKind::Starred(_)) && self.eat(&TokenKind::RSqb) {
            return Ok(first);
        }
        let mut elts = vec![first];
        while !self.at(&TokenKind::RSqb) {
            self.expect_comma_after(self.prev_end)?;
            if self.at(&TokenKind::RSqb) {
                break;
            }
            elts.push(self.parse_slice()?);
        }
        let index = Expr::new(ExprKind::Tuple(elts), self.span_from(start));
        self.bump();
        Ok(index)
    }

    /// `[lower]:[upper][:[step]]`, `*x` or a named expression.
    fn parse_slice(&mut self) -> PResult<Expr> {
        let start = self.start();
        if self.at(&TokenKind::BinOp(BinOp::Mult)) {
            return self.parse_starred();
        }
        let lower = if self.at(&TokenKind::Colon) {
            None
        } else {
            let expr = self.parse_named_expr()?;
            if !self.at(&TokenKind::Colon) {
                return Ok(expr);
            }
            Some(Box::new(expr))
        };
        self.bump();
        let bound_ends = |p: &Self| {
            matches!(
                p.kind(),
                TokenKind::Colon | TokenKind::Comma | TokenKind::RSqb
            )
        };
        let upper = if bound_ends(self) {
            None
        } else {
            Some(Box::new(self.parse_expression()?))
        };
        let step = if self.eat(&TokenKind::Colon) && !bound_ends(self) {
            Some(Box::new(self.parse_expression()?))
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::Slice { lower, upper, step },
            self.span_from(start),
        ))
    }

    /// Consumes the `,` between two elements; if it is missing, explains why (an element
    /// that ended at `prev_end` is followed by something else). Across lines the culprit is
    /// more likely an unclosed bracket, which the lexer reports.
    pub(super) fn expect_comma_after(&mut self, prev_end: u32) -> PResult<()> {
        if self.eat(&TokenKind::Comma) {
            return Ok(());
        }
        let same_line = self.line_of(prev_end) == self.line_of(self.start());
        if same_line && self.starts_expression() {
            let span = crate::span::Span {
                start: prev_end,
                end: self.here().end,
            };
            return Err(self.error_at(span, "invalid syntax. Perhaps you forgot a comma?"));
        }
        Err(self.unexpected())
    }
}
