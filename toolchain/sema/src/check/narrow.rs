//! Narrowing an `Optional` local: after the guard `if x is None: return …` (or `raise`,
//! `break`, `continue`) the rest of the block reads `x` as its value, and so does the body of
//! `if x is not None: …`. Only where that code never assigns `x`, so that the narrowed copy
//! cannot go stale.

use std::collections::HashMap;

use syntax::ast::{CmpOp, Expr, ExprKind, Stmt, StmtKind};

use super::names::assigned_names;
use super::{Binding, Fcx};
use crate::context::R;
use crate::typed::{TStmt, TTarget};

impl Fcx<'_, '_> {
    /// After the guard `s`, the statement that binds the narrowed copy of the guarded local
    /// (and the scope that makes its name mean the copy), when `s` is such a guard.
    pub fn narrow_after(
        &mut self,
        s: &Stmt,
        rest: &[Stmt],
    ) -> R<Option<(TStmt, HashMap<String, Binding>)>> {
        match guarded_name(s) {
            Some(name) => self.narrowed_copy(name, rest, s.span),
            None => Ok(None),
        }
    }

    /// For `if x is not None:`, the narrowed copy of `x` for the body `body` (as
    /// [`Fcx::narrow_after`]), when `test` is that test.
    pub fn narrow_within(
        &mut self,
        test: &Expr,
        body: &[Stmt],
    ) -> R<Option<(TStmt, HashMap<String, Binding>)>> {
        match none_test(test, CmpOp::IsNot) {
            Some(name) => self.narrowed_copy(name, body, test.span),
            None => Ok(None),
        }
    }

    /// A copy of the Optional local `name`, unwrapped, and a scope naming it, for code
    /// `region` that never assigns `name`.
    fn narrowed_copy(
        &mut self,
        name: &str,
        region: &[Stmt],
        span: syntax::Span,
    ) -> R<Option<(TStmt, HashMap<String, Binding>)>> {
        if self.toplevel || self.cells.contains_key(name) || assigned_names(region).0.contains(name)
        {
            return Ok(None);
        }
        if self.inner_scopes.iter().any(|sc| sc.contains_key(name)) {
            return Ok(None);
        }
        let Some(local) = self.scope.get(name).copied() else {
            return Ok(None);
        };
        let ty = self.locals[local.0 as usize].1.clone();
        match self.s.class_of(&ty) {
            Some((c, args))
                if c == self.s.core().optional && self.s.store.is_resolved(&args[0]) => {}
            _ => return Ok(None),
        }
        let value = self.local(local, span);
        let Some(unwrapped) = self.demote(value)? else {
            return Ok(None);
        };
        let copy = self.new_local(name, unwrapped.ty.clone());
        let set = TStmt::Assign(TTarget::Local(copy), unwrapped);
        Ok(Some((
            set,
            HashMap::from([(name.to_string(), Binding::Local(copy))]),
        )))
    }
}

/// `x` of a guard `if x is None: …` whose body always leaves the block and that has no `else`.
fn guarded_name(s: &Stmt) -> Option<&str> {
    let StmtKind::If { test, body, orelse } = &s.kind else {
        return None;
    };
    if !orelse.is_empty() || !body.last().is_some_and(leaves_block) {
        return None;
    }
    none_test(test, CmpOp::Is)
}

/// `x` of the test `x is None` (`op` Is) or `x is not None` (`op` IsNot).
fn none_test(test: &Expr, op: CmpOp) -> Option<&str> {
    let ExprKind::Compare {
        left,
        ops,
        comparators,
    } = &test.kind
    else {
        return None;
    };
    match (&left.kind, ops.as_slice(), comparators.as_slice()) {
        (
            ExprKind::Name(n),
            [o],
            [Expr {
                kind: ExprKind::None,
                ..
            }],
        ) if *o == op => Some(n),
        _ => None,
    }
}

fn leaves_block(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::Return(_) | StmtKind::Raise { .. } | StmtKind::Break | StmtKind::Continue
    )
}
