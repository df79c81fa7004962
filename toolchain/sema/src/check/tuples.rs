//! Tuples are records whose length is part of their type, so the operations that change the
//! length happen at compile time: `a + b`, `t * N` with a constant `N`, and slices with
//! constant bounds (`t[1:3]`) build new records from the fields.

use syntax::ast::{Expr, ExprKind};
use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::typed::{TExpr, TExprKind, TStmt};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// The item types of a tuple type.
    pub fn tuple_items(&self, t: &Type) -> Option<Vec<Type>> {
        match self.s.class_of(t) {
            Some((c, args)) if c == self.s.core().tuple => Some(args),
            _ => None,
        }
    }

    /// A namedtuple's value as the plain tuple of its fields (the value evaluated once), for
    /// what tuples do and the class does not define; any other value as it is.
    pub fn tuple_view(&mut self, v: TExpr) -> TExpr {
        let Some((class, _)) = self.s.class_of(&v.ty) else {
            return v;
        };
        if !self.s.defs.class(class).namedtuple {
            return v;
        }
        let span = v.span;
        let fields = self.fields_of(&v.ty);
        let (lid, set) = self.temp(v);
        let items = fields
            .into_iter()
            .map(|(name, ty)| {
                let obj = Box::new(self.local(lid, span));
                TExpr::new(TExprKind::Field { obj, name }, ty, span)
            })
            .collect();
        self.tuple_record(vec![set], items, span)
    }

    /// `a + b`, `t * N` and `N * t` on tuples; None when the operands are something else.
    pub fn tuple_binary(
        &mut self,
        l: &TExpr,
        method: &str,
        r: &TExpr,
        span: Span,
    ) -> R<Option<TExpr>> {
        let (lt, rt) = (self.tuple_items(&l.ty), self.tuple_items(&r.ty));
        match (method, lt, rt) {
            ("__add__", Some(_), Some(_)) => {
                let (mut stmts, mut items) = self.spill_fields(l.clone(), span);
                let (s2, i2) = self.spill_fields(r.clone(), span);
                stmts.extend(s2);
                items.extend(i2);
                Ok(Some(self.tuple_record(stmts, items, span)))
            }
            ("__mul__", Some(_), None) => self.tuple_repeat(l, r, span),
            ("__mul__", None, Some(_)) => self.tuple_repeat(r, l, span),
            _ => Ok(None),
        }
    }

    fn tuple_repeat(&mut self, t: &TExpr, n: &TExpr, span: Span) -> R<Option<TExpr>> {
        let TExprKind::Int(count) = n.kind else {
            return Ok(None);
        };
        let (stmts, fields) = self.spill_fields(t.clone(), span);
        let items = (0..count.max(0))
            .flat_map(|_| fields.iter().cloned())
            .collect();
        Ok(Some(self.tuple_record(stmts, items, span)))
    }

    /// `t[a:b:c]` with constant bounds; None when the index is not such a slice.
    pub fn tuple_slice(&mut self, obj: &TExpr, index: &Expr, span: Span) -> R<Option<TExpr>> {
        let Some(items) = self.tuple_items(&obj.ty) else {
            return Ok(None);
        };
        let ExprKind::Slice { lower, upper, step } = &index.kind else {
            return Ok(None);
        };
        let bound = |e: &Option<Box<Expr>>| match e {
            None => Some(None),
            Some(e) => self.static_int(e).map(Some),
        };
        let (Some(lo), Some(hi), Some(st)) = (bound(lower), bound(upper), bound(step)) else {
            return Ok(None);
        };
        let step = st.unwrap_or(1);
        if step == 0 {
            return Err(self.err(index.span, "slice step cannot be zero"));
        }
        let picked = slice_positions(items.len() as i64, lo, hi, step);
        let (stmts, fields) = self.spill_fields(obj.clone(), span);
        let chosen = picked.into_iter().map(|i| fields[i].clone()).collect();
        Ok(Some(self.tuple_record(stmts, chosen, span)))
    }

    /// Evaluates a tuple once into a temporary; its fields as expressions.
    fn spill_fields(&mut self, t: TExpr, span: Span) -> (Vec<TStmt>, Vec<TExpr>) {
        let items = self.tuple_items(&t.ty).unwrap_or_default();
        let (lid, set) = self.temp(t);
        let fields = self.local_fields(
            lid,
            items
                .into_iter()
                .enumerate()
                .map(|(i, ty)| (i.to_string(), ty)),
            span,
        );
        (vec![set], fields)
    }

    pub(super) fn tuple_record(
        &mut self,
        stmts: Vec<TStmt>,
        items: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        let ty = self.s.tuple_t(items.iter().map(|i| i.ty.clone()).collect());
        Fcx::block(stmts, TExpr::new(TExprKind::Record(items), ty, span))
    }
}

/// The positions `range(len)[lo:hi:step]` picks, with Python's clamping of the bounds.
fn slice_positions(len: i64, lo: Option<i64>, hi: Option<i64>, step: i64) -> Vec<usize> {
    let clamp = |v: i64, low: i64, high: i64| {
        let v = if v < 0 { v + len } else { v };
        v.clamp(low, high)
    };
    let mut out = Vec::new();
    if step > 0 {
        let (mut i, end) = (
            lo.map_or(0, |v| clamp(v, 0, len)),
            hi.map_or(len, |v| clamp(v, 0, len)),
        );
        while i < end {
            out.push(i as usize);
            i += step;
        }
    } else {
        let (mut i, end) = (
            lo.map_or(len - 1, |v| clamp(v, -1, len - 1)),
            hi.map_or(-1, |v| clamp(v, -1, len - 1)),
        );
        while i > end {
            out.push(i as usize);
            i += step;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::slice_positions;

    #[test]
    fn slice_positions_follow_python() {
        assert_eq!(slice_positions(5, Some(1), Some(3), 1), vec![1, 2]);
        assert_eq!(slice_positions(5, None, None, -1), vec![4, 3, 2, 1, 0]);
        assert_eq!(slice_positions(5, Some(-2), None, 1), vec![3, 4]);
        assert_eq!(slice_positions(5, None, None, 2), vec![0, 2, 4]);
        assert_eq!(
            slice_positions(3, Some(10), Some(20), 1),
            Vec::<usize>::new()
        );
        assert_eq!(slice_positions(5, Some(3), Some(-10), -1), vec![3, 2, 1, 0]);
    }
}
