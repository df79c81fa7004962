//! Assignment, deletion and loop targets: parsing target lists and checking that an
//! expression can be assigned to.

use super::{PResult, Parser};
use crate::ast::{BinOp, Expr, ExprKind};
use crate::token::TokenKind;

/// Where a target appears, which decides what it may be and how errors read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TargetUse {
    Assign,
    AugAssign,
    Delete,
    For,
    With,
    Comprehension,
}

impl Parser<'_> {
    /// One target of a `for` loop, comprehension or `with … as`: `*x` or an expression
    /// above comparisons (so that `in` ends it).
    pub(super) fn parse_star_target(&mut self) -> PResult<Expr> {
        if self.at(&TokenKind::BinOp(BinOp::Mult)) {
            let start = self.bump().span.start;
            let value = self.parse_bitor()?;
            return Ok(Expr::new(
                ExprKind::Starred(Box::new(value)),
                self.span_from(start),
            ));
        }
        self.parse_bitor()
    }

    /// `a, *b, c` before `in`: a single target or a tuple of them.
    pub(super) fn parse_target_list(&mut self) -> PResult<Expr> {
        let start = self.start();
        let first = self.parse_star_target()?;
        if !self.at(&TokenKind::Comma) {
            return Ok(first);
        }
        let mut elts = vec![first];
        while self.eat(&TokenKind::Comma) {
            if !self.starts_expression() {
                break;
            }
            elts.push(self.parse_star_target()?);
        }
        Ok(Expr::new(ExprKind::Tuple(elts), self.span_from(start)))
    }

    /// Checks that `target` can be assigned to (or deleted) in the given position.
    pub(super) fn check_target(&self, target: &Expr, usage: TargetUse) -> PResult<()> {
        match (&target.kind, usage) {
            (ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. }, _) => {
                Ok(())
            }
            (
                ExprKind::Tuple(_) | ExprKind::List(_) | ExprKind::Starred(_),
                TargetUse::AugAssign,
            ) => {
                let what = match target.kind {
                    ExprKind::Tuple(_) => "tuple",
                    ExprKind::List(_) => "list",
                    _ => "starred",
                };
                Err(self.error_at(
                    target.span,
                    format!("'{what}' is an illegal expression for augmented assignment"),
                ))
            }
            (ExprKind::Tuple(elts) | ExprKind::List(elts), _) => {
                let mut starred = 0;
                for elt in elts {
                    if let ExprKind::Starred(inner) = &elt.kind {
                        if usage == TargetUse::Delete {
                            return Err(self.error_at(elt.span, "cannot delete starred"));
                        }
                        starred += 1;
                        if starred > 1 {
                            return Err(self
                                .error_at(elt.span, "multiple starred expressions in assignment"));
                        }
                        self.check_target(inner, usage)?;
                    } else {
                        self.check_target(elt, usage)?;
                    }
                }
                Ok(())
            }
            (ExprKind::Starred(_), TargetUse::Delete) => {
                Err(self.error_at(target.span, "cannot delete starred"))
            }
            (ExprKind::Starred(_), _) => Err(self.error_at(
                target.span,
                "starred assignment target must be in a list or tuple",
            )),
            (_, TargetUse::AugAssign) => Err(self.error_at(
                target.span,
                format!(
                    "'{}' is an illegal expression for augmented assignment",
                    describe(target)
                ),
            )),
            (_, TargetUse::Delete) => {
                Err(self.error_at(target.span, format!("cannot delete {}", describe(target))))
            }
            _ => Err(self.error_at(
                target.span,
                format!("cannot assign to {}", describe(target)),
            )),
        }
    }
}

/// How Python names an expression that cannot be a target.
pub(super) fn describe(expr: &Expr) -> &'static str {
    match &expr.kind {
        ExprKind::Int { .. }
        | ExprKind::Float(_)
        | ExprKind::Imaginary(_)
        | ExprKind::Str(_)
        | ExprKind::Bytes(_)
        | ExprKind::Ellipsis => "literal",
        ExprKind::Bool(true) => "True",
        ExprKind::Bool(false) => "False",
        ExprKind::None => "None",
        ExprKind::FString(_) => "f-string expression",
        ExprKind::BoolOp { .. } | ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. } => "expression",
        ExprKind::Compare { .. } => "comparison",
        ExprKind::NamedExpr { .. } => "named expression",
        ExprKind::Lambda { .. } => "lambda",
        ExprKind::IfExp { .. } => "conditional expression",
        ExprKind::Dict { .. } => "dict literal",
        ExprKind::Set(_) => "set display",
        ExprKind::ListComp { .. } => "list comprehension",
        ExprKind::SetComp { .. } => "set comprehension",
        ExprKind::DictComp { .. } => "dict comprehension",
        ExprKind::GeneratorExp { .. } => "generator expression",
        ExprKind::Await(_) => "await expression",
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => "yield expression",
        ExprKind::Call { .. } => "function call",
        ExprKind::Slice { .. } => "slice",
        ExprKind::Starred(_) => "starred",
        ExprKind::Tuple(_) => "tuple",
        ExprKind::List(_) => "list",
        ExprKind::Name(_) => "name",
        ExprKind::Attribute { .. } => "attribute",
        ExprKind::Subscript { .. } => "subscript",
    }
}
