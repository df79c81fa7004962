//! Numeric literals with type suffixes, as Codon writes fixed-width numbers: `5i8` is
//! `Int[8](5)`, `1u32` is `UInt[32](1)`, `2.5f32` is `float32(2.5)` (also `f16`, `bf16`,
//! `f64`).

use super::{PResult, Parser};
use crate::ast::{Expr, ExprKind};
use crate::token::TokenKind;

/// The widest integer LLVM has (2**23 bits).
const MAX_BITS: u64 = 1 << 23;

impl Parser<'_> {
    /// A suffixed number, as the call of its type on the plain number.
    pub(super) fn parse_suffixed(&mut self) -> PResult<Expr> {
        let tok = self.bump();
        let span = tok.span;
        let TokenKind::Suffixed { number, suffix } = tok.kind else {
            return Err(self.error_at(span, "expected a number"));
        };
        let literal = match *number {
            TokenKind::Int { digits, radix } => ExprKind::Int { digits, radix },
            TokenKind::Float(v) => ExprKind::Float(v),
            _ => return Err(self.error_at(span, "expected a number")),
        };
        let is_float = matches!(literal, ExprKind::Float(_));
        let name = |n: &str| Expr::new(ExprKind::Name(n.into()), span);
        let func = match suffix.as_str() {
            "f16" => name("float16"),
            "bf16" => name("bfloat16"),
            "f32" => name("float32"),
            "f64" => name("float"),
            _ => {
                if is_float {
                    return Err(self.error_at(
                        span,
                        format!(
                            "the integer type suffix '{suffix}' cannot follow a float literal \
                             (Int[N]/UInt[N] literals are whole numbers)"
                        ),
                    ));
                }
                let bits: u64 = suffix[1..].parse().unwrap_or(0);
                if bits == 0 || bits > MAX_BITS {
                    return Err(self.error_at(
                        span,
                        format!(
                            "the literal suffix '{suffix}' needs a width from 1 to {MAX_BITS} bits"
                        ),
                    ));
                }
                let class = if suffix.starts_with('i') {
                    "Int"
                } else {
                    "UInt"
                };
                Expr::new(
                    ExprKind::Subscript {
                        value: Box::new(name(class)),
                        index: Box::new(Expr::new(
                            ExprKind::Int {
                                digits: bits.to_string(),
                                radix: 10,
                            },
                            span,
                        )),
                    },
                    span,
                )
            }
        };
        Ok(Expr::new(
            ExprKind::Call {
                func: Box::new(func),
                args: vec![Expr::new(literal, span)],
                keywords: vec![],
            },
            span,
        ))
    }
}
