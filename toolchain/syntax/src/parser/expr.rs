//! Expressions by precedence climbing, from `lambda` and conditional expressions down to
//! `**` and `await`. Atoms and trailers are in [`super::atom`].

use super::target::describe;
use super::{PResult, Parser};
use crate::ast::{BinOp, BoolOpKind, CmpOp, Expr, ExprKind, Parameters, UnaryOp};
use crate::token::{Keyword, TokenKind};

/// Binding strength of operators, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Prec {
    Or,
    And,
    Not,
    Compare,
    BitOr,
    BitXor,
    BitAnd,
    Shift,
    Arith,
    Term,
    Unary,
}

/// An infix operator found at the current token.
#[derive(Debug, Clone, Copy)]
enum Infix {
    Bool(BoolOpKind),
    Cmp(CmpOp),
    Bin(BinOp),
}

impl Infix {
    fn prec(self) -> Prec {
        match self {
            Infix::Bool(BoolOpKind::Or) => Prec::Or,
            Infix::Bool(BoolOpKind::And) => Prec::And,
            Infix::Cmp(_) => Prec::Compare,
            Infix::Bin(op) => match op {
                BinOp::BitOr => Prec::BitOr,
                BinOp::BitXor => Prec::BitXor,
                BinOp::BitAnd => Prec::BitAnd,
                BinOp::LShift | BinOp::RShift => Prec::Shift,
                BinOp::Add | BinOp::Sub => Prec::Arith,
                BinOp::Mult
                | BinOp::MatMult
                | BinOp::Div
                | BinOp::FloorDiv
                | BinOp::Mod
                | BinOp::Pow => Prec::Term,
            },
        }
    }
}

/// The next-stronger precedence (the operand level of a left-associative operator).
fn tighter(p: Prec) -> Prec {
    match p {
        Prec::Or => Prec::And,
        Prec::And => Prec::Not,
        Prec::Not => Prec::Compare,
        Prec::Compare => Prec::BitOr,
        Prec::BitOr => Prec::BitXor,
        Prec::BitXor => Prec::BitAnd,
        Prec::BitAnd => Prec::Shift,
        Prec::Shift => Prec::Arith,
        Prec::Arith => Prec::Term,
        Prec::Term | Prec::Unary => Prec::Unary,
    }
}

impl Parser<'_> {
    /// `expression`: a lambda, a conditional expression, or a disjunction.
    pub(super) fn parse_expression(&mut self) -> PResult<Expr> {
        if self.at_kw(Keyword::Lambda) {
            return self.nested(|p| p.parse_lambda());
        }
        let start = self.start();
        let body = self.parse_pipeline()?;
        if !self.eat_kw(Keyword::If) {
            return Ok(body);
        }
        let test = self.parse_bp(Prec::Or)?;
        if !self.eat_kw(Keyword::Else) {
            return Err(self.expected("else"));
        }
        let orelse = self.nested(|p| p.parse_expression())?;
        let kind = ExprKind::IfExp {
            test: Box::new(test),
            body: Box::new(body),
            orelse: Box::new(orelse),
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// Codon's pipelines `a |> f |> g(x, ...)` and `a ||> f`: each stage is written as a call
    /// `__pipe__(value, stage)` (`__ppipe__` for `||>`), which the type checker expands.
    fn parse_pipeline(&mut self) -> PResult<Expr> {
        let start = self.start();
        let mut value = self.parse_bp(Prec::Or)?;
        loop {
            let marker = match self.kind() {
                TokenKind::Pipe => "__pipe__",
                TokenKind::ParPipe => "__ppipe__",
                _ => return Ok(value),
            };
            let op_span = self.bump().span;
            let stage = self.parse_bp(Prec::Or)?;
            let func = Expr::new(ExprKind::Name(marker.to_string()), op_span);
            value = Expr::new(
                ExprKind::Call {
                    func: Box::new(func),
                    args: vec![value, stage],
                    keywords: vec![],
                },
                self.span_from(start),
            );
        }
    }

    /// `named_expression`: `name := value` or an expression.
    pub(super) fn parse_named_expr(&mut self) -> PResult<Expr> {
        if matches!(self.kind(), TokenKind::Name(_)) && self.nth(1) == &TokenKind::ColonEqual {
            let start = self.start();
            let target = self.expect_name()?;
            self.bump();
            let value = self.parse_expression()?;
            let target = Expr::new(ExprKind::Name(target.name), target.span);
            let kind = ExprKind::NamedExpr {
                target: Box::new(target),
                value: Box::new(value),
            };
            return Ok(Expr::new(kind, self.span_from(start)));
        }
        let expr = self.parse_expression()?;
        if self.at(&TokenKind::ColonEqual) {
            let message = format!("cannot use assignment expressions with {}", describe(&expr));
            return Err(self.error_at(expr.span, message));
        }
        Ok(expr)
    }

    /// `star_named_expression`: `*x` or a named expression (list, set and tuple elements).
    pub(super) fn parse_star_named_expr(&mut self) -> PResult<Expr> {
        if self.at(&TokenKind::BinOp(BinOp::Mult)) {
            return self.parse_starred();
        }
        self.parse_named_expr()
    }

    /// `*x` with `x` above comparisons.
    pub(super) fn parse_starred(&mut self) -> PResult<Expr> {
        let start = self.bump().span.start;
        let value = self.parse_bitor()?;
        Ok(Expr::new(
            ExprKind::Starred(Box::new(value)),
            self.span_from(start),
        ))
    }

    /// `star_expressions`: one expression, or a tuple of them without parentheses.
    pub(super) fn parse_star_expressions(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.parse_star_expression()?;
        if !self.at(&TokenKind::Comma) {
            return Ok(first);
        }
        let mut elts = vec![first];
        while self.eat(&TokenKind::Comma) {
            if !self.starts_expression() {
                break;
            }
            elts.push(self.parse_star_expression()?);
        }
        Ok(Expr::new(ExprKind::Tuple(elts), self.span_from(start)))
    }

    fn parse_star_expression(&mut self) -> PResult<Expr> {
        if self.at(&TokenKind::BinOp(BinOp::Mult)) {
            return self.parse_starred();
        }
        self.parse_expression()
    }

    /// `bitwise_or`: an expression above comparisons.
    pub(super) fn parse_bitor(&mut self) -> PResult<Expr> {
        self.parse_bp(Prec::BitOr)
    }

    /// `disjunction`: an expression without a conditional or lambda.
    pub(super) fn parse_disjunction(&mut self) -> PResult<Expr> {
        self.parse_bp(Prec::Or)
    }

    /// Whether the current token can begin an expression.
    pub(super) fn starts_expression(&self) -> bool {
        match self.kind() {
            TokenKind::Name(_)
            | TokenKind::Int { .. }
            | TokenKind::Float(_)
            | TokenKind::Imaginary(_)
            | TokenKind::Suffixed { .. }
            | TokenKind::Str(_)
            | TokenKind::LPar
            | TokenKind::LSqb
            | TokenKind::LBrace
            | TokenKind::Tilde
            | TokenKind::Ellipsis => true,
            TokenKind::BinOp(op) => matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mult),
            TokenKind::Keyword(k) => matches!(
                k,
                Keyword::False
                    | Keyword::None
                    | Keyword::True
                    | Keyword::Not
                    | Keyword::Lambda
                    | Keyword::Await
            ),
            _ => false,
        }
    }

    /// Binary, boolean and comparison operators binding at least as tightly as `min`.
    fn parse_bp(&mut self, min: Prec) -> PResult<Expr> {
        self.nested(|p| {
            let start = p.start();
            let mut left = p.parse_prefix(min)?;
            while let Some(op) = p.infix() {
                let prec = op.prec();
                if prec < min {
                    break;
                }
                let kind = match op {
                    Infix::Bool(kind) => {
                        let mut values = vec![left];
                        while matches!(p.infix(), Some(Infix::Bool(k)) if k == kind) {
                            p.bump();
                            values.push(p.parse_bp(tighter(prec))?);
                        }
                        ExprKind::BoolOp { op: kind, values }
                    }
                    Infix::Cmp(_) => {
                        let (mut ops, mut comparators) = (Vec::new(), Vec::new());
                        while let Some(Infix::Cmp(cmp)) = p.infix() {
                            p.bump();
                            if matches!(cmp, CmpOp::NotIn | CmpOp::IsNot) {
                                p.bump();
                            }
                            ops.push(cmp);
                            comparators.push(p.parse_bp(Prec::BitOr)?);
                        }
                        ExprKind::Compare {
                            left: Box::new(left),
                            ops,
                            comparators,
                        }
                    }
                    Infix::Bin(op) => {
                        p.bump();
                        let right = p.parse_bp(tighter(prec))?;
                        ExprKind::BinOp {
                            left: Box::new(left),
                            op,
                            right: Box::new(right),
                        }
                    }
                };
                left = Expr::new(kind, p.span_from(start));
            }
            Ok(left)
        })
    }

    /// The infix operator at the current token, if any.
    fn infix(&self) -> Option<Infix> {
        Some(match self.kind() {
            TokenKind::Keyword(Keyword::Or) => Infix::Bool(BoolOpKind::Or),
            TokenKind::Keyword(Keyword::And) => Infix::Bool(BoolOpKind::And),
            TokenKind::EqEqual => Infix::Cmp(CmpOp::Eq),
            TokenKind::NotEqual => Infix::Cmp(CmpOp::NotEq),
            TokenKind::Less => Infix::Cmp(CmpOp::Lt),
            TokenKind::LessEqual => Infix::Cmp(CmpOp::LtE),
            TokenKind::Greater => Infix::Cmp(CmpOp::Gt),
            TokenKind::GreaterEqual => Infix::Cmp(CmpOp::GtE),
            TokenKind::Keyword(Keyword::In) => Infix::Cmp(CmpOp::In),
            TokenKind::Keyword(Keyword::Is) => {
                if self.nth(1) == &TokenKind::Keyword(Keyword::Not) {
                    Infix::Cmp(CmpOp::IsNot)
                } else {
                    Infix::Cmp(CmpOp::Is)
                }
            }
            TokenKind::Keyword(Keyword::Not) if self.nth(1) == &TokenKind::Keyword(Keyword::In) => {
                Infix::Cmp(CmpOp::NotIn)
            }
            TokenKind::At => Infix::Bin(BinOp::MatMult),
            &TokenKind::BinOp(op) if op != BinOp::Pow => Infix::Bin(op),
            _ => return None,
        })
    }

    /// Prefix `not`, `-`, `+`, `~` where `min` allows them, else a power expression.
    fn parse_prefix(&mut self, min: Prec) -> PResult<Expr> {
        let start = self.start();
        let (op, operand_prec) = match self.kind() {
            TokenKind::Keyword(Keyword::Not) if min <= Prec::Not => (UnaryOp::Not, Prec::Not),
            TokenKind::BinOp(BinOp::Sub) if min <= Prec::Unary => (UnaryOp::USub, Prec::Unary),
            TokenKind::BinOp(BinOp::Add) if min <= Prec::Unary => (UnaryOp::UAdd, Prec::Unary),
            TokenKind::Tilde if min <= Prec::Unary => (UnaryOp::Invert, Prec::Unary),
            _ => return self.parse_power(),
        };
        self.bump();
        let operand = self.parse_bp(operand_prec)?;
        Ok(Expr::new(
            ExprKind::UnaryOp {
                op,
                operand: Box::new(operand),
            },
            self.span_from(start),
        ))
    }

    /// `await_primary ['**' factor]`: `**` is right-associative and binds tighter than a
    /// unary operator on its left, looser than one on its right.
    fn parse_power(&mut self) -> PResult<Expr> {
        let start = self.start();
        let base = if self.eat_kw(Keyword::Await) {
            let value = self.parse_primary()?;
            Expr::new(ExprKind::Await(Box::new(value)), self.span_from(start))
        } else {
            self.parse_primary()?
        };
        if !self.eat(&TokenKind::BinOp(BinOp::Pow)) {
            return Ok(base);
        }
        let exponent = self.parse_bp(Prec::Unary)?;
        let kind = ExprKind::BinOp {
            left: Box::new(base),
            op: BinOp::Pow,
            right: Box::new(exponent),
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// `lambda params: body`.
    fn parse_lambda(&mut self) -> PResult<Expr> {
        let start = self.bump().span.start;
        let params = if self.at(&TokenKind::Colon) {
            Parameters::default()
        } else {
            self.parse_params(&TokenKind::Colon, false)?
        };
        self.expect(&TokenKind::Colon, ":")?;
        let ctx = super::Context {
            in_function: true,
            in_loop: false,
        };
        let body = self.with_ctx(ctx, |p| p.parse_expression())?;
        let kind = ExprKind::Lambda {
            params: Box::new(params),
            body: Box::new(body),
        };
        Ok(Expr::new(kind, self.span_from(start)))
    }

    /// `yield [star_expressions]` or `yield from expression`.
    pub(super) fn parse_yield(&mut self) -> PResult<Expr> {
        let span = self.bump().span;
        if !self.ctx.in_function {
            return Err(self.error_at(span, "'yield' outside function"));
        }
        if self.eat_kw(Keyword::From) {
            let value = self.parse_expression()?;
            return Ok(Expr::new(
                ExprKind::YieldFrom(Box::new(value)),
                self.span_from(span.start),
            ));
        }
        let value = if self.starts_expression() {
            Some(Box::new(self.parse_star_expressions()?))
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::Yield(value),
            self.span_from(span.start),
        ))
    }
}
