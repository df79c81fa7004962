//! Compound statements: `if`, `while`, `for`, `try`, `with`, `def`, `class`, decorators.
//! (`match` is in [`super::pattern`].)

use super::target::TargetUse;
use super::{Context, PResult, Parser};
use crate::ast::{
    BinOp, ClassDef, ExceptHandler, Expr, FunctionBody, FunctionDef, Ident, Stmt, StmtKind,
    WithItem,
};
use crate::token::{Keyword, TokenKind};

impl Parser<'_> {
    /// Parses a compound statement if one starts here.
    pub(super) fn parse_compound(&mut self) -> PResult<Option<Stmt>> {
        let start = self.start();
        let stmt = match self.kind() {
            TokenKind::Keyword(Keyword::If) => self.parse_if()?,
            TokenKind::Keyword(Keyword::While) => self.parse_while()?,
            TokenKind::Keyword(Keyword::For) => self.parse_for(start, false)?,
            TokenKind::Keyword(Keyword::Try) => self.parse_try()?,
            TokenKind::Keyword(Keyword::With) => self.parse_with(start, false)?,
            TokenKind::Keyword(Keyword::Def) => self.parse_def(start, Vec::new(), false)?,
            TokenKind::Keyword(Keyword::Class) => self.parse_class(start, Vec::new())?,
            TokenKind::At => self.parse_decorated()?,
            TokenKind::Keyword(Keyword::Async) => {
                self.bump();
                match self.kind() {
                    TokenKind::Keyword(Keyword::Def) => self.parse_def(start, Vec::new(), true)?,
                    TokenKind::Keyword(Keyword::For) => self.parse_for(start, true)?,
                    TokenKind::Keyword(Keyword::With) => self.parse_with(start, true)?,
                    _ => return Err(self.unexpected()),
                }
            }
            TokenKind::Name(n) if n == "match" => match self.parse_match()? {
                Some(stmt) => stmt,
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        Ok(Some(stmt))
    }

    /// A condition of `if`/`elif`/`while`, with a hint for `=` written instead of `==`.
    fn parse_condition(&mut self) -> PResult<Expr> {
        let test = self.parse_named_expr()?;
        if self.at(&TokenKind::Equal) {
            let span = self.here();
            return Err(self.error_at(
                span,
                "invalid syntax. Maybe you meant '==' or ':=' instead of '='?",
            ));
        }
        Ok(test)
    }

    fn parse_if(&mut self) -> PResult<Stmt> {
        let start = self.start();
        let keyword = if self.at_kw(Keyword::If) {
            "'if' statement"
        } else {
            "'elif' statement"
        };
        self.bump();
        let test = self.parse_condition()?;
        let body = self.parse_colon_block(keyword, start)?;
        let orelse = if self.at_kw(Keyword::Elif) {
            vec![self.nested(|p| p.parse_if())?]
        } else {
            self.parse_else()?
        };
        Ok(self.stmt(StmtKind::If { test, body, orelse }, start))
    }

    /// An optional `else:` block.
    fn parse_else(&mut self) -> PResult<Vec<Stmt>> {
        if !self.at_kw(Keyword::Else) {
            return Ok(Vec::new());
        }
        let start = self.bump().span.start;
        self.parse_colon_block("'else' statement", start)
    }

    /// A loop body: `break` and `continue` are allowed inside.
    fn parse_loop_body(&mut self, what: &str, start: u32) -> PResult<Vec<Stmt>> {
        let ctx = Context {
            in_loop: true,
            ..self.ctx
        };
        self.with_ctx(ctx, |p| p.parse_colon_block(what, start))
    }

    fn parse_while(&mut self) -> PResult<Stmt> {
        let start = self.bump().span.start;
        let test = self.parse_condition()?;
        let body = self.parse_loop_body("'while' statement", start)?;
        let orelse = self.parse_else()?;
        Ok(self.stmt(StmtKind::While { test, body, orelse }, start))
    }

    pub(super) fn parse_for(&mut self, start: u32, is_async: bool) -> PResult<Stmt> {
        self.bump();
        let target = self.parse_target_list()?;
        self.check_target(&target, TargetUse::For)?;
        self.expect(&TokenKind::Keyword(Keyword::In), "in")?;
        let iter = self.parse_star_expressions()?;
        let body = self.parse_loop_body("'for' statement", start)?;
        let orelse = self.parse_else()?;
        Ok(self.stmt(
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
                is_async,
                par: None,
            },
            start,
        ))
    }

    fn parse_try(&mut self) -> PResult<Stmt> {
        let start = self.bump().span.start;
        let body = self.parse_colon_block("'try' statement", start)?;
        let mut handlers: Vec<ExceptHandler> = Vec::new();
        let mut is_star = false;
        while self.at_kw(Keyword::Except) {
            let (handler, star) = self.parse_handler(&handlers, is_star)?;
            handlers.push(handler);
            is_star = star;
        }
        let orelse = if handlers.is_empty() {
            Vec::new()
        } else {
            self.parse_else()?
        };
        let finalbody = if self.at_kw(Keyword::Finally) {
            let f_start = self.bump().span.start;
            self.parse_colon_block("'finally' statement", f_start)?
        } else {
            Vec::new()
        };
        if handlers.is_empty() && finalbody.is_empty() {
            return Err(self.error_at(self.here(), "expected 'except' or 'finally' block"));
        }
        Ok(self.stmt(
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
                is_star,
            },
            start,
        ))
    }

    /// `except [*] [Type [as name]]: body`, checked against the handlers before it. Returns
    /// the handler and whether it is an `except*`.
    fn parse_handler(
        &mut self,
        previous: &[ExceptHandler],
        previous_star: bool,
    ) -> PResult<(ExceptHandler, bool)> {
        let start = self.bump().span.start;
        let star = self.eat(&TokenKind::BinOp(BinOp::Mult));
        if !previous.is_empty() && star != previous_star {
            let span = self.span_from(start);
            return Err(self.error_at(
                span,
                "cannot have both 'except' and 'except*' on the same 'try'",
            ));
        }
        if let Some(prev) = previous.last().filter(|h| h.typ.is_none()) {
            return Err(self.error_at(prev.span, "default 'except:' must be last"));
        }
        let (typ, name) = if self.at(&TokenKind::Colon) {
            if star {
                return Err(self.error_at(self.here(), "expected one or more exception types"));
            }
            (None, None)
        } else {
            let typ = self.parse_expression()?;
            if self.at(&TokenKind::Comma) {
                let span = self.span_from(typ.span.start);
                return Err(self.error_at(span, "multiple exception types must be parenthesized"));
            }
            let name = if self.eat_kw(Keyword::As) {
                Some(self.expect_name()?)
            } else {
                None
            };
            (Some(typ), name)
        };
        let what = if star {
            "'except*' statement"
        } else {
            "'except' statement"
        };
        let body = self.parse_colon_block(what, start)?;
        let span = self.span_from(start);
        Ok((
            ExceptHandler {
                typ,
                name,
                body,
                span,
            },
            star,
        ))
    }

    fn parse_with(&mut self, start: u32, is_async: bool) -> PResult<Stmt> {
        self.bump();
        let parenthesized = if self.at(&TokenKind::LPar) {
            self.speculate(|p| {
                p.bump();
                let items = p.parse_with_items(true)?;
                p.expect(&TokenKind::RPar, ")")?;
                if !p.at(&TokenKind::Colon) {
                    return Err(p.expected(":"));
                }
                Ok(items)
            })
        } else {
            None
        };
        let items = match parenthesized {
            Some(items) => items,
            None => self.parse_with_items(false)?,
        };
        let body = self.parse_colon_block("'with' statement", start)?;
        Ok(self.stmt(
            StmtKind::With {
                items,
                body,
                is_async,
            },
            start,
        ))
    }

    /// `item, item`; inside parentheses a trailing comma is allowed.
    fn parse_with_items(&mut self, in_parens: bool) -> PResult<Vec<WithItem>> {
        let mut items = Vec::new();
        loop {
            let context = self.parse_expression()?;
            let target = if self.eat_kw(Keyword::As) {
                let target = self.parse_star_target()?;
                self.check_target(&target, TargetUse::With)?;
                Some(target)
            } else {
                None
            };
            items.push(WithItem { context, target });
            if !self.eat(&TokenKind::Comma) {
                break;
            }
            if in_parens && self.at(&TokenKind::RPar) {
                break;
            }
        }
        Ok(items)
    }

    /// `@decorator NEWLINE …` followed by a `def` or `class`.
    fn parse_decorated(&mut self) -> PResult<Stmt> {
        let start = self.start();
        let mut decorators = Vec::new();
        while self.eat(&TokenKind::At) {
            decorators.push(self.parse_named_expr()?);
            if !self.eat(&TokenKind::Newline) {
                return Err(self.unexpected());
            }
        }
        if let Some(par) = decorators.iter().find(|d| super::par::is_par(d)) {
            return self.parse_par_loop(start, par.clone(), decorators.len());
        }
        match self.kind() {
            TokenKind::Keyword(Keyword::For) => {
                Err(self.error_at(decorators[0].span, "only `@par` may decorate a `for` loop"))
            }
            TokenKind::Keyword(Keyword::Def) => self.parse_def(start, decorators, false),
            TokenKind::Keyword(Keyword::Class) => self.parse_class(start, decorators),
            TokenKind::Keyword(Keyword::Async)
                if self.nth(1) == &TokenKind::Keyword(Keyword::Def) =>
            {
                self.bump();
                self.parse_def(start, decorators, true)
            }
            _ => Err(self.unexpected()),
        }
    }

    /// `[T, U]` after a function or class name.
    fn parse_type_params(&mut self) -> PResult<Vec<Ident>> {
        let mut params = Vec::new();
        if !self.eat(&TokenKind::LSqb) {
            return Ok(params);
        }
        loop {
            params.push(self.expect_name()?);
            if self.at(&TokenKind::Colon) {
                return Err(
                    self.error_at(self.here(), "bounds on type parameters are not supported")
                );
            }
            if !self.eat(&TokenKind::Comma) || self.at(&TokenKind::RSqb) {
                break;
            }
        }
        self.expect(&TokenKind::RSqb, "]")?;
        Ok(params)
    }

    /// `def name[T](params) -> ret: body`; the current token is `def`.
    fn parse_def(&mut self, start: u32, decorators: Vec<Expr>, is_async: bool) -> PResult<Stmt> {
        let header = self.bump().span.start;
        let name = self.expect_name()?;
        let type_params = self.parse_type_params()?;
        self.expect(&TokenKind::LPar, "(")?;
        let params = self.parse_params(&TokenKind::RPar, true)?;
        self.expect(&TokenKind::RPar, ")")?;
        let returns = if self.eat(&TokenKind::Arrow) {
            Some(self.parse_expression()?)
        } else {
            None
        };
        self.expect(&TokenKind::Colon, ":")?;
        let body = match self.nth(1) {
            TokenKind::LlvmBody(ir) if self.at(&TokenKind::Newline) => {
                let ir = ir.clone();
                self.bump();
                let span = self.bump().span;
                FunctionBody::Llvm { ir, span }
            }
            _ => {
                let ctx = Context {
                    in_function: true,
                    in_loop: false,
                };
                FunctionBody::Stmts(
                    self.with_ctx(ctx, |p| p.parse_block("function definition", header))?,
                )
            }
        };
        let def = FunctionDef {
            name,
            type_params,
            params,
            returns,
            decorators,
            body,
            is_async,
        };
        Ok(self.stmt(StmtKind::FunctionDef(Box::new(def)), start))
    }

    /// `class Name[T](bases, kw=v): body`; the current token is `class`.
    fn parse_class(&mut self, start: u32, decorators: Vec<Expr>) -> PResult<Stmt> {
        let header = self.bump().span.start;
        let name = self.expect_name()?;
        let type_params = self.parse_type_params()?;
        let (bases, keywords) = if self.eat(&TokenKind::LPar) {
            self.parse_call_args()?
        } else {
            Default::default()
        };
        self.expect(&TokenKind::Colon, ":")?;
        let ctx = Context::default();
        let body = self.with_ctx(ctx, |p| p.parse_block("class definition", header))?;
        let class = ClassDef {
            name,
            type_params,
            bases,
            keywords,
            decorators,
            body,
        };
        Ok(self.stmt(StmtKind::ClassDef(Box::new(class)), start))
    }
}
