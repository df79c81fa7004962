//! `from C import NAME(ARGTYPES) -> RET [as ALIAS]`: a C function declared by its signature,
//! as Codon has it. It becomes an `@extern("NAME")` function definition with parameters
//! `a0`, `a1`, … annotated with the argument types, named ALIAS (or NAME) in the module.

use super::{PResult, Parser};
use crate::ast::{
    Expr, ExprKind, FunctionBody, FunctionDef, Ident, Param, Parameters, Stmt, StmtKind,
};
use crate::token::{Keyword, TokenKind};

impl Parser<'_> {
    /// The rest of `from C import …`, after `import`.
    pub(super) fn parse_c_import(&mut self) -> PResult<StmtKind> {
        let start = self.start();
        let mut name = self.expect_name()?;
        if self.at(&TokenKind::Dot) {
            let span = self.tok().span;
            return Err(self.error_at(
                span,
                "`from C import LIBRARY.NAME` (a function of a library loaded at run time) is \
                 not supported; link the library and use `from C import NAME(ARGTYPES) -> RET`",
            ));
        }
        if !self.at(&TokenKind::LPar) {
            let span = self.tok().span;
            return Err(self.error_at(
                span,
                "`from C import` needs the C function's argument types: \
                 `from C import NAME(ARGTYPES) -> RET`",
            ));
        }
        self.bump();
        let mut args = Vec::new();
        while !self.at(&TokenKind::RPar) {
            let ty = self.parse_expression()?;
            args.push(Param {
                name: Ident {
                    name: format!("a{}", args.len()),
                    span: ty.span,
                },
                annotation: Some(ty),
                default: None,
            });
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        self.expect(&TokenKind::RPar, ")")?;
        let returns = if self.eat(&TokenKind::Arrow) {
            Some(self.parse_expression()?)
        } else {
            // no result type: C's `void`
            Some(Expr::new(ExprKind::None, name.span))
        };
        let symbol = Expr::new(ExprKind::Str(name.name.clone()), name.span);
        if self.eat_kw(Keyword::As) {
            name = self.expect_name()?;
        }
        let span = self.span_from(start);
        let decorator = Expr::new(
            ExprKind::Call {
                func: Box::new(Expr::new(ExprKind::Name("extern".into()), span)),
                args: vec![symbol],
                keywords: vec![],
            },
            span,
        );
        Ok(StmtKind::FunctionDef(Box::new(FunctionDef {
            name,
            type_params: vec![],
            params: Parameters {
                args,
                ..Parameters::default()
            },
            returns,
            decorators: vec![decorator],
            body: FunctionBody::Stmts(vec![Stmt {
                kind: StmtKind::Pass,
                span,
            }]),
            is_async: false,
        })))
    }
}
