//! Checking an expression against the type its context expects (an annotated assignment, a
//! declared return type): displays build the expected container and fit each item to its
//! element type, and both branches of a conditional fit the type, so that
//! `xs: list[Base] = [Sub()]` or `f: list[Callable[[int], int]] = [neg, square]` hold values
//! of the declared element type.

use syntax::ast::{BinOp, Expr, ExprKind};

use super::Fcx;
use crate::context::R;
use crate::typed::{TExpr, TExprKind, TStmt};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Checks `e` and converts it to `want`.
    pub fn check_expected(&mut self, e: &Expr, want: &Type, what: &str) -> R<TExpr> {
        let core = self.s.core();
        let target = self.s.store.shallow(want);
        let (class, args) = match &target {
            Type::Class { class, args } => (*class, args.clone()),
            _ => {
                let v = self.check_expr(e)?;
                return self.coerce(v, want, what);
            }
        };
        match &e.kind {
            ExprKind::IfExp { test, body, orelse } => {
                let c = self.check_expr(test)?;
                let c = self.truthy(c)?;
                let a = self.check_expected(body, want, what)?;
                let b = self.check_expected(orelse, want, what)?;
                Ok(TExpr::new(
                    TExprKind::Ternary {
                        cond: Box::new(c),
                        then: Box::new(a),
                        other: Box::new(b),
                    },
                    target,
                    e.span,
                ))
            }
            ExprKind::List(items) | ExprKind::Set(items)
                if (class == core.list || class == core.set)
                    && !items.iter().any(|i| matches!(i.kind, ExprKind::Starred(_))) =>
            {
                let add = if class == core.list { "append" } else { "add" };
                let obj = self.construct(target.clone(), vec![], e.span)?;
                let (lid, set) = self.temp(obj);
                let mut stmts = vec![set];
                for it in items {
                    let v = self.check_expected(it, &args[0], what)?;
                    let call =
                        self.call_method_named(self.local(lid, e.span), add, vec![v], what)?;
                    stmts.push(TStmt::Expr(call));
                }
                Ok(Fcx::block(stmts, self.local(lid, e.span)))
            }
            ExprKind::Tuple(items)
                if class == core.tuple
                    && items.len() == args.len()
                    && !items.iter().any(|i| matches!(i.kind, ExprKind::Starred(_))) =>
            {
                let mut out = Vec::new();
                for (it, t) in items.iter().zip(&args) {
                    out.push(self.check_expected(it, t, what)?);
                }
                Ok(TExpr::new(TExprKind::Record(out), target, e.span))
            }
            ExprKind::Dict { keys, values }
                if class == core.dict && keys.iter().all(|k| k.is_some()) =>
            {
                let obj = self.construct(target.clone(), vec![], e.span)?;
                let (lid, set) = self.temp(obj);
                let mut stmts = vec![set];
                for (k, v) in keys.iter().flatten().zip(values) {
                    let kv = self.check_expected(k, &args[0], what)?;
                    let vv = self.check_expected(v, &args[1], what)?;
                    let call = self.call_method_named(
                        self.local(lid, e.span),
                        "__setitem__",
                        vec![kv, vv],
                        what,
                    )?;
                    stmts.push(TStmt::Expr(call));
                }
                Ok(Fcx::block(stmts, self.local(lid, e.span)))
            }
            ExprKind::BinOp {
                left,
                op: op @ (BinOp::Add | BinOp::Mult),
                right,
            } if (class == core.list) && (is_display(left) || is_display(right)) => {
                let side = |s: &mut Self, x: &Expr| {
                    if is_display(x) {
                        s.check_expected(x, want, what)
                    } else {
                        s.check_expr(x)
                    }
                };
                let l = side(self, left)?;
                let r = side(self, right)?;
                let v = self.binary(l, &format!("__{}__", op.magic()), r, e.span)?;
                self.coerce(v, want, what)
            }
            _ => {
                let v = self.check_expr(e)?;
                self.coerce(v, want, what)
            }
        }
    }

    /// The type a call's positional argument `index` is expected to have, when the callee is
    /// one plain (not generic, not overloaded) function whose parameter is annotated.
    pub fn expected_argument(&mut self, func: &Expr, index: usize) -> R<Option<Type>> {
        let ExprKind::Name(n) = &func.kind else {
            return Ok(None);
        };
        if self.is_variable(n) {
            return Ok(None);
        }
        let Some(crate::defs::Symbol::Func(defs)) = self.lookup(n) else {
            return Ok(None);
        };
        let [def] = defs.as_slice() else {
            return Ok(None);
        };
        let fd = self.s.defs.func(*def);
        if fd.class.is_some() || !fd.ast.type_params.is_empty() || !fd.captures.is_empty() {
            return Ok(None);
        }
        let p = &fd.ast.params;
        let Some(ann) = p
            .posonly
            .iter()
            .chain(&p.args)
            .nth(index)
            .and_then(|p| p.annotation.clone())
        else {
            return Ok(None);
        };
        let t = self.eval_type_in(*def, &ann)?;
        Ok(self.s.store.is_resolved(&t).then_some(t))
    }
}

/// Whether an expected type can shape the expression's own type (see `check_expected`).
pub fn shaped_by_expectation(e: &Expr) -> bool {
    is_display(e)
        || matches!(
            e.kind,
            ExprKind::IfExp { .. } | ExprKind::Tuple(_) | ExprKind::BinOp { .. }
        )
}

/// Whether an expression is a container display (whose element type a context may decide).
pub fn is_display(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::List(_) | ExprKind::Set(_) | ExprKind::Dict { .. }
    )
}
