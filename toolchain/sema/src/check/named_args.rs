//! `**kwargs: _NamedArgs` records (stdlib/builtins/12_format.codon): keyword arguments of any
//! types as a record of their names and their values. The names are static strings, so they
//! are in the record's type: a record can be spread back into a call as keywords
//! (`f(**kwargs)`), and two can be merged when compiling (`_named_merge(a, b)`, `b`'s keywords
//! overriding `a`'s), which is what `functools.partial` is made of.

use syntax::ast::Expr;
use syntax::Span;

use super::call::Arg;
use super::Fcx;
use crate::context::R;
use crate::defs::ClassId;
use crate::typed::{TExpr, TExprKind, TStmt};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// The class `_NamedArgs` when `t` is an instance of it.
    pub fn named_args_class(&self, t: &Type) -> Option<ClassId> {
        let (class, _) = self.s.class_of(t)?;
        (self.s.defs.class(class).name == "_NamedArgs").then_some(class)
    }

    /// The `_NamedArgs` record of keyword arguments (`Some(name)`); `**mapping` has no names
    /// known when compiling, so it cannot be one.
    pub fn named_args(
        &mut self,
        class: ClassId,
        items: Vec<(Option<String>, TExpr)>,
        span: Span,
    ) -> R<TExpr> {
        let mut names = Vec::new();
        let mut values = Vec::new();
        for (key, v) in items {
            let Some(k) = key else {
                return Err(self.err(v.span, "'**' cannot unpack a mapping here"));
            };
            names.push(k);
            values.push(v);
        }
        Ok(self.make_named_args(class, names, values, span))
    }

    /// `_NamedArgs[Tuple[static names], Tuple[value types]]` of these names and values.
    fn make_named_args(
        &self,
        class: ClassId,
        names: Vec<String>,
        values: Vec<TExpr>,
        span: Span,
    ) -> TExpr {
        let names: Vec<TExpr> = names
            .into_iter()
            .map(|n| self.static_str(n, span))
            .collect();
        let names_t = self.s.tuple_t(names.iter().map(|n| n.ty.clone()).collect());
        let values_t = self
            .s
            .tuple_t(values.iter().map(|v| v.ty.clone()).collect());
        let ty = Type::Class {
            class,
            args: vec![names_t.clone(), values_t.clone()],
        };
        TExpr::new(
            TExprKind::Record(vec![
                TExpr::new(TExprKind::Record(names), names_t, span),
                TExpr::new(TExprKind::Record(values), values_t, span),
            ]),
            ty,
            span,
        )
    }

    /// The keyword names and value types of a `_NamedArgs` type; `None` while not known.
    fn named_args_parts(&self, t: &Type) -> Option<(Vec<String>, Vec<Type>)> {
        let (_, args) = self.s.class_of(t)?;
        let (_, names) = self.s.class_of(args.first()?)?;
        let (_, values) = self.s.class_of(args.get(1)?)?;
        let names = names
            .iter()
            .map(|n| match self.s.store.shallow(n) {
                Type::StaticStr(text) => Some(text),
                _ => None,
            })
            .collect::<Option<Vec<String>>>()?;
        (names.len() == values.len()).then_some((names, values))
    }

    /// The values of a `_NamedArgs` held in local `lid`, by name.
    fn named_values(&mut self, lid: crate::typed::LocalId, span: Span) -> Vec<(String, TExpr)> {
        let rec = self.local(lid, span);
        let Some((names, types)) = self.named_args_parts(&rec.ty) else {
            return vec![];
        };
        let values_t = self.s.tuple_t(types.clone());
        let values = TExpr::new(
            TExprKind::Field {
                obj: Box::new(rec),
                name: "values".into(),
            },
            values_t,
            span,
        );
        names
            .into_iter()
            .zip(types)
            .enumerate()
            .map(|(i, (name, t))| {
                let field = TExprKind::Field {
                    obj: Box::new(values.clone()),
                    name: i.to_string(),
                };
                (name, TExpr::new(field, t, span))
            })
            .collect()
    }

    /// `**v` at a call, where `v` is a `_NamedArgs`: one keyword argument per name, and the
    /// statement evaluating `v` once, before them; `v` itself back when it is not one.
    pub fn spread_named_args(&mut self, v: TExpr) -> R<Result<(TStmt, Vec<Arg>), TExpr>> {
        if self.named_args_class(&v.ty).is_none() {
            return Ok(Err(v));
        }
        let span = v.span;
        if self.named_args_parts(&v.ty).is_none() {
            let d = self.defer(span, "the keywords unpacked with **");
            return Ok(Ok((TStmt::Expr(d), vec![])));
        }
        let (lid, set) = self.temp(v);
        let args = self
            .named_values(lid, span)
            .into_iter()
            .map(|(name, value)| Arg {
                name: Some(name),
                value,
            })
            .collect();
        Ok(Ok((set, args)))
    }

    /// `_named_merge(a, b)`: the keywords of `a` then those of `b`, where a name in both
    /// takes `b`'s value (in `a`'s place), as `{**a, **b}` orders a dict.
    pub fn merge_named_args(&mut self, args: &[Expr], span: Span) -> R<TExpr> {
        let [a, b] = args else {
            return Err(self.err(span, "_named_merge() takes two _NamedArgs records"));
        };
        let (a, b) = (self.check_expr(a)?, self.check_expr(b)?);
        for v in [&a, &b] {
            if matches!(self.s.store.shallow(&v.ty), Type::Var(_)) {
                return Ok(self.defer(span, "the keywords given to _named_merge()"));
            }
            if self.named_args_parts(&v.ty).is_none() {
                return Err(self.err(v.span, "_named_merge() takes two _NamedArgs records"));
            }
        }
        let class = self.named_args_class(&a.ty).expect("checked above");
        let (la, set_a) = self.temp(a);
        let (lb, set_b) = self.temp(b);
        let mut merged = self.named_values(la, span);
        for (name, value) in self.named_values(lb, span) {
            match merged.iter_mut().find(|(n, _)| *n == name) {
                Some(slot) => slot.1 = value,
                None => merged.push((name, value)),
            }
        }
        let (names, values) = merged.into_iter().unzip();
        let record = self.make_named_args(class, names, values, span);
        Ok(Fcx::block(vec![set_a, set_b], record))
    }
}
