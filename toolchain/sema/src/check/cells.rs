//! Variables captured by reference: a variable that closures capture and that changes after
//! being captured lives in a heap cell (`Ptr[T]` of one element) that the function and its
//! closures share, so every reader sees the latest value (`nonlocal` writes included).

use syntax::Span;

use super::call::Arg;
use super::Fcx;
use crate::context::R;
use crate::typed::{LocalId, TExpr, TExprKind, TStmt, TTarget};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Makes `name` a cell variable of this function, initialised from its current local
    /// (a parameter) when it has one.
    pub fn make_cell(&mut self, name: &str, span: Span) -> R<Vec<TStmt>> {
        let param = self.scope.remove(name);
        let elem = match param {
            Some(l) => self.locals[l.0 as usize].1.clone(),
            None => self.s.store.fresh(),
        };
        let (cell, alloc) = self.new_cell_of(name, elem, span)?;
        self.cells.insert(name.to_string(), cell);
        let mut out = vec![alloc];
        if let Some(l) = param {
            out.extend(self.cell_store(cell, self.local(l, span), span)?);
        }
        Ok(out)
    }

    /// A new cell local for `name` (of a type still to be learnt) and its allocation.
    pub fn new_cell(&mut self, name: &str, span: Span) -> R<(LocalId, TStmt)> {
        let elem = self.s.store.fresh();
        self.new_cell_of(name, elem, span)
    }

    fn new_cell_of(&mut self, name: &str, elem: Type, span: Span) -> R<(LocalId, TStmt)> {
        let ptr_t = Type::Class {
            class: self.s.core().ptr,
            args: vec![elem],
        };
        let one = TExpr::new(TExprKind::Int(1), self.s.int_t(), span);
        let alloc = self.construct(
            ptr_t.clone(),
            vec![Arg {
                name: None,
                value: one,
            }],
            span,
        )?;
        let cell = self.new_local(&format!("{name}.cell"), ptr_t);
        Ok((cell, TStmt::Assign(TTarget::Local(cell), alloc)))
    }

    /// Binds a captured cell (a leading parameter holding the `Ptr[T]`) under its name.
    pub fn bind_captured_cell(&mut self, name: &str) {
        if let Some(l) = self.scope.remove(name) {
            self.cells.insert(name.to_string(), l);
        }
    }

    /// The current value of a cell variable.
    pub fn cell_load(&mut self, cell: LocalId, span: Span) -> R<TExpr> {
        let zero = TExpr::new(TExprKind::Int(0), self.s.int_t(), span);
        self.call_method_named(
            self.local(cell, span),
            "__getitem__",
            vec![zero],
            "a variable",
        )
    }

    /// Stores into a cell variable (its first value decides its type).
    pub fn cell_store(&mut self, cell: LocalId, value: TExpr, span: Span) -> R<Vec<TStmt>> {
        let elem = match self.s.store.shallow(&self.locals[cell.0 as usize].1) {
            Type::Class { args, .. } => args[0].clone(),
            _ => unreachable!("a cell holds a pointer"),
        };
        if matches!(self.s.store.shallow(&elem), Type::Var(_)) {
            let first = self.initial_type(&value);
            self.s.store.unify(&elem, &first);
        }
        let value = self.coerce(value, &elem, "assignment")?;
        let zero = TExpr::new(TExprKind::Int(0), self.s.int_t(), span);
        let set = self.call_method_named(
            self.local(cell, span),
            "__setitem__",
            vec![zero, value],
            "assignment",
        )?;
        Ok(vec![TStmt::Expr(set)])
    }
}
