//! Statement sequences, blocks and simple statements.

use super::target::TargetUse;
use super::{PResult, Parser, SyntaxError, MAX_ERRORS};
use crate::ast::{Alias, Expr, ExprKind, Ident, Module, Stmt, StmtKind};
use crate::token::{Keyword, TokenKind};

impl Parser<'_> {
    /// `file: statements ENDMARKER`.
    pub(super) fn parse_module(&mut self) -> (Module, Vec<SyntaxError>) {
        let mut body = Vec::new();
        let mut errors = Vec::new();
        while !self.at(&TokenKind::Eof) && errors.len() < MAX_ERRORS {
            if let Err(diagnostic) = self.parse_statement(&mut body) {
                errors.push(SyntaxError {
                    diagnostic: *diagnostic,
                    pos: self.pos,
                });
                self.skip_to_next_toplevel_statement();
            }
        }
        (Module { body }, errors)
    }

    /// Error recovery: skips past the statement that failed (at least one token) to the start
    /// of the next top-level statement, so that later, independent errors are found too.
    fn skip_to_next_toplevel_statement(&mut self) {
        let mut level: i64 = self.tokens[..self.pos]
            .iter()
            .map(|t| match t.kind {
                TokenKind::Indent => 1,
                TokenKind::Dedent => -1,
                _ => 0,
            })
            .sum();
        loop {
            let tok = self.bump();
            match tok.kind {
                TokenKind::Eof => return,
                TokenKind::Indent => level += 1,
                TokenKind::Dedent => level -= 1,
                _ => {}
            }
            let line_ended = matches!(tok.kind, TokenKind::Newline | TokenKind::Dedent);
            let at_statement = !matches!(
                self.kind(),
                TokenKind::Newline | TokenKind::Indent | TokenKind::Dedent
            );
            if level <= 0 && line_ended && at_statement {
                return;
            }
        }
    }

    /// One compound statement, or a line of `;`-separated simple statements, appended to `out`.
    pub(super) fn parse_statement(&mut self, out: &mut Vec<Stmt>) -> PResult<()> {
        match self.parse_compound()? {
            Some(stmt) => {
                out.push(stmt);
                Ok(())
            }
            None => self.parse_simple_line(out),
        }
    }

    /// `simple_stmt (';' simple_stmt)* [';'] NEWLINE`, appended to `out`.
    fn parse_simple_line(&mut self, out: &mut Vec<Stmt>) -> PResult<()> {
        loop {
            out.push(self.parse_simple()?);
            if !self.eat(&TokenKind::Semi) || self.at(&TokenKind::Newline) {
                break;
            }
        }
        if !self.eat(&TokenKind::Newline) {
            return Err(self.unexpected());
        }
        Ok(())
    }

    /// The body of a compound statement after its `:`: an indented block, or simple statements
    /// on the same line. `what` names the statement for the "expected an indented block"
    /// message; `header` is where the statement starts.
    pub(super) fn parse_block(&mut self, what: &str, header: u32) -> PResult<Vec<Stmt>> {
        self.nested(|p| {
            let mut body = Vec::new();
            if !p.eat(&TokenKind::Newline) {
                p.parse_simple_line(&mut body)?;
                return Ok(body);
            }
            if !p.eat(&TokenKind::Indent) {
                let line = p.line_of(header);
                let span = p.tok().span;
                return Err(p.error_at(
                    span,
                    format!("expected an indented block after {what} on line {line}"),
                ));
            }
            while !p.eat(&TokenKind::Dedent) {
                if p.at(&TokenKind::Eof) {
                    return Err(p.unexpected());
                }
                p.parse_statement(&mut body)?;
            }
            Ok(body)
        })
    }

    /// Parses `:` and a block.
    pub(super) fn parse_colon_block(&mut self, what: &str, header: u32) -> PResult<Vec<Stmt>> {
        self.expect(&TokenKind::Colon, ":")?;
        self.parse_block(what, header)
    }

    /// Whether the current `print` starts Codon's print statement (`print x, y`): it is
    /// followed by an operand that could not continue an expression made of the name `print`.
    fn at_print_statement(&self) -> bool {
        matches!(self.kind(), TokenKind::Name(n) if n == "print")
            && matches!(
                self.nth(1),
                TokenKind::Name(_)
                    | TokenKind::Int { .. }
                    | TokenKind::Float(_)
                    | TokenKind::Imaginary(_)
                    | TokenKind::Str(_)
                    | TokenKind::LBrace
                    | TokenKind::Tilde
                    | TokenKind::Keyword(
                        Keyword::True | Keyword::False | Keyword::None | Keyword::Lambda
                    )
            )
    }

    /// Codon's `print a, b` (a trailing comma ends the line with a space instead of a
    /// newline), written as the call `print(a, b)`.
    fn parse_print_statement(&mut self) -> PResult<StmtKind> {
        let func_tok = self.bump();
        let func = Expr::new(ExprKind::Name("print".into()), func_tok.span);
        let mut args = vec![self.parse_expression()?];
        let mut keywords = Vec::new();
        while self.eat(&TokenKind::Comma) {
            if !self.starts_expression() {
                let span = self.span_from(self.prev_end);
                keywords.push(crate::ast::Keyword {
                    arg: Some(crate::ast::Ident {
                        name: "end".into(),
                        span,
                    }),
                    value: Expr::new(ExprKind::Str(" ".into()), span),
                    span,
                });
                break;
            }
            args.push(self.parse_expression()?);
        }
        let call = ExprKind::Call {
            func: Box::new(func),
            args,
            keywords,
        };
        Ok(StmtKind::Expr(Expr::new(
            call,
            self.span_from(func_tok.span.start),
        )))
    }

    fn parse_simple(&mut self) -> PResult<Stmt> {
        let start = self.start();
        let kind = match self.kind() {
            TokenKind::Name(_) if self.at_print_statement() => self.parse_print_statement()?,
            TokenKind::Keyword(Keyword::Pass) => {
                self.bump();
                StmtKind::Pass
            }
            TokenKind::Keyword(Keyword::Break) => {
                let span = self.bump().span;
                if !self.ctx.in_loop {
                    return Err(self.error_at(span, "'break' outside loop"));
                }
                StmtKind::Break
            }
            TokenKind::Keyword(Keyword::Continue) => {
                let span = self.bump().span;
                if !self.ctx.in_loop {
                    return Err(self.error_at(span, "'continue' not properly in loop"));
                }
                StmtKind::Continue
            }
            TokenKind::Keyword(Keyword::Return) => self.parse_return()?,
            TokenKind::Keyword(Keyword::Raise) => self.parse_raise()?,
            TokenKind::Keyword(Keyword::Global) => {
                self.bump();
                StmtKind::Global(self.parse_name_list()?)
            }
            TokenKind::Keyword(Keyword::Nonlocal) => {
                let span = self.bump().span;
                if !self.ctx.in_function {
                    return Err(
                        self.error_at(span, "nonlocal declaration not allowed at module level")
                    );
                }
                StmtKind::Nonlocal(self.parse_name_list()?)
            }
            TokenKind::Keyword(Keyword::Del) => self.parse_del()?,
            TokenKind::Keyword(Keyword::Assert) => {
                self.bump();
                let test = self.parse_expression()?;
                let msg = if self.eat(&TokenKind::Comma) {
                    Some(self.parse_expression()?)
                } else {
                    None
                };
                StmtKind::Assert { test, msg }
            }
            TokenKind::Keyword(Keyword::Import) => self.parse_import()?,
            TokenKind::Keyword(Keyword::From) => self.parse_from_import()?,
            _ => self.parse_expr_stmt()?,
        };
        Ok(Stmt {
            kind,
            span: self.span_from(start),
        })
    }

    /// Whether the current token ends a simple statement.
    fn at_stmt_end(&self) -> bool {
        matches!(
            self.kind(),
            TokenKind::Newline | TokenKind::Semi | TokenKind::Eof
        )
    }

    fn parse_return(&mut self) -> PResult<StmtKind> {
        let span = self.bump().span;
        if !self.ctx.in_function {
            return Err(self.error_at(span, "'return' outside function"));
        }
        if self.at_stmt_end() {
            return Ok(StmtKind::Return(None));
        }
        Ok(StmtKind::Return(Some(self.parse_star_expressions()?)))
    }

    fn parse_raise(&mut self) -> PResult<StmtKind> {
        self.bump();
        if self.at_stmt_end() {
            return Ok(StmtKind::Raise {
                exc: None,
                cause: None,
            });
        }
        let exc = self.parse_expression()?;
        let cause = if self.eat_kw(Keyword::From) {
            Some(self.parse_expression()?)
        } else {
            None
        };
        Ok(StmtKind::Raise {
            exc: Some(exc),
            cause,
        })
    }

    fn parse_name_list(&mut self) -> PResult<Vec<Ident>> {
        let mut names = vec![self.expect_name()?];
        while self.eat(&TokenKind::Comma) {
            names.push(self.expect_name()?);
        }
        Ok(names)
    }

    fn parse_del(&mut self) -> PResult<StmtKind> {
        self.bump();
        let mut targets = Vec::new();
        loop {
            let target = self.parse_star_target()?;
            self.check_target(&target, TargetUse::Delete)?;
            targets.push(target);
            if !self.eat(&TokenKind::Comma) || self.at_stmt_end() {
                break;
            }
        }
        Ok(StmtKind::Delete(targets))
    }

    /// `import a.b as c, d`.
    fn parse_import(&mut self) -> PResult<StmtKind> {
        self.bump();
        let mut names = Vec::new();
        loop {
            let start = self.start();
            let name = self.parse_dotted_name()?;
            let asname = if self.eat_kw(Keyword::As) {
                Some(self.expect_name()?)
            } else {
                None
            };
            names.push(Alias {
                name,
                asname,
                span: self.span_from(start),
            });
            if !self.eat(&TokenKind::Comma) {
                break;
            }
        }
        Ok(StmtKind::Import(names))
    }

    fn parse_dotted_name(&mut self) -> PResult<String> {
        let mut name = self.expect_name()?.name;
        while self.eat(&TokenKind::Dot) {
            name.push('.');
            name.push_str(&self.expect_name()?.name);
        }
        Ok(name)
    }

    /// `from ..a.b import (c as d, e)` or `from . import *`.
    fn parse_from_import(&mut self) -> PResult<StmtKind> {
        self.bump();
        let mut level = 0;
        loop {
            match self.kind() {
                TokenKind::Dot => level += 1,
                TokenKind::Ellipsis => level += 3,
                _ => break,
            }
            self.bump();
        }
        let module = if level == 0 || matches!(self.kind(), TokenKind::Name(_)) {
            Some(self.parse_dotted_name()?)
        } else {
            None
        };
        self.expect(&TokenKind::Keyword(Keyword::Import), "import")?;
        if level == 0 && module.as_deref() == Some("C") {
            return self.parse_c_import();
        }
        if self.at(&TokenKind::BinOp(crate::ast::BinOp::Mult)) {
            let span = self.bump().span;
            let names = vec![Alias {
                name: "*".into(),
                asname: None,
                span,
            }];
            return Ok(StmtKind::ImportFrom {
                module,
                names,
                level,
            });
        }
        let parenthesized = self.eat(&TokenKind::LPar);
        let mut names = Vec::new();
        loop {
            let start = self.start();
            let name = self.expect_name()?;
            let asname = if self.eat_kw(Keyword::As) {
                Some(self.expect_name()?)
            } else {
                None
            };
            names.push(Alias {
                name: name.name,
                asname,
                span: self.span_from(start),
            });
            if !self.eat(&TokenKind::Comma) {
                break;
            }
            if parenthesized && self.at(&TokenKind::RPar) {
                break;
            }
            if !parenthesized && self.at_stmt_end() {
                let span = self.tok().span;
                return Err(self.error_at(
                    span,
                    "trailing comma not allowed without surrounding parentheses",
                ));
            }
        }
        if parenthesized {
            self.expect(&TokenKind::RPar, ")")?;
        }
        Ok(StmtKind::ImportFrom {
            module,
            names,
            level,
        })
    }

    /// Expression statements and assignments of every form.
    fn parse_expr_stmt(&mut self) -> PResult<StmtKind> {
        let first = self.parse_yield_or_star_expressions()?;
        match self.kind() {
            TokenKind::Colon => {
                self.bump();
                self.check_annotated_target(&first)?;
                let annotation = self.parse_expression()?;
                let value = if self.eat(&TokenKind::Equal) {
                    Some(self.parse_yield_or_star_expressions()?)
                } else {
                    None
                };
                Ok(StmtKind::AnnAssign {
                    target: first,
                    annotation,
                    value,
                })
            }
            &TokenKind::AugAssign(op) => {
                self.bump();
                self.check_target(&first, TargetUse::AugAssign)?;
                let value = self.parse_yield_or_star_expressions()?;
                Ok(StmtKind::AugAssign {
                    target: first,
                    op,
                    value,
                })
            }
            TokenKind::Equal => {
                let mut targets = vec![first];
                let mut value;
                loop {
                    self.bump();
                    value = self.parse_yield_or_star_expressions()?;
                    if !self.at(&TokenKind::Equal) {
                        break;
                    }
                    targets.push(value);
                }
                for target in &targets {
                    self.check_target(target, TargetUse::Assign)?;
                }
                self.check_not_starred(&value)?;
                Ok(StmtKind::Assign { targets, value })
            }
            _ => {
                self.check_not_starred(&first)?;
                Ok(StmtKind::Expr(first))
            }
        }
    }

    /// A bare `*x` cannot be a value on its own.
    fn check_not_starred(&self, value: &Expr) -> PResult<()> {
        if let ExprKind::Starred(_) = value.kind {
            return Err(self.error_at(value.span, "can't use starred expression here"));
        }
        Ok(())
    }

    fn check_annotated_target(&self, target: &Expr) -> PResult<()> {
        let message = match target.kind {
            ExprKind::Name(_) | ExprKind::Attribute { .. } | ExprKind::Subscript { .. } => {
                return Ok(())
            }
            ExprKind::Tuple(_) => "only single target (not tuple) can be annotated",
            ExprKind::List(_) => "only single target (not list) can be annotated",
            _ => "illegal target for annotation",
        };
        Err(self.error_at(target.span, message))
    }

    /// `yield …` or `star_expressions`, as allowed on the right of `=`.
    pub(super) fn parse_yield_or_star_expressions(&mut self) -> PResult<Expr> {
        if self.at_kw(Keyword::Yield) {
            self.parse_yield()
        } else {
            self.parse_star_expressions()
        }
    }
}
