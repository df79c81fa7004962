//! `*args` and `**kwargs` parameters filled at run time: `f(*xs)` with a list or another
//! iterable (not a tuple) gives `*args` a tuple-like `_VarArgs[T]` of the items, and keyword
//! arguments without a parameter of their name (or `**mapping`) make `**kwargs` a
//! `dict[str, T]` in the order written.

use syntax::Span;

use super::call::Arg;
use super::Fcx;
use crate::context::R;
use crate::typed::{TExpr, TExprKind, TStmt};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// The `*args` value of positional arguments some of which may be spread iterables
    /// (`true`): their items, then the others', in order, as a `_VarArgs` of `elem` (the
    /// parameter's annotation) when given.
    pub fn spread_varargs(
        &mut self,
        items: Vec<(bool, TExpr)>,
        elem: Option<Type>,
        span: Span,
    ) -> R<TExpr> {
        let elem = match (elem, items.first()) {
            (Some(t), _) => t,
            (None, Some((true, v))) => {
                let g = self.iterate(v.clone())?;
                match self.s.class_of(&g.ty) {
                    Some((_, a)) if !a.is_empty() => a[0].clone(),
                    _ => return Ok(self.defer(span, "the items unpacked into *args")),
                }
            }
            (None, Some((false, v))) => v.ty.clone(),
            (None, None) => self.s.store.fresh(),
        };
        let list_t = Type::Class {
            class: self.s.core().list,
            args: vec![elem.clone()],
        };
        let obj = self.construct(list_t, vec![], span)?;
        let (lid, set) = self.temp(obj);
        let mut stmts = vec![set];
        for (spread, v) in items {
            let call = if spread {
                self.call_method_named(self.local(lid, span), "extend", vec![v], "*args")?
            } else {
                let v = self.coerce(v, &elem, "*args")?;
                self.call_method_named(self.local(lid, span), "append", vec![v], "*args")?
            };
            stmts.push(TStmt::Expr(call));
        }
        let list = self.local(lid, span);
        let args = self.call_builtin("_VarArgs", vec![list], span)?;
        Ok(Fcx::block(stmts, args))
    }

    /// The `**kwargs` dict of keyword arguments (`Some(name)`) and unpacked mappings (`None`),
    /// with values of `value_ty` (the parameter's annotation) when given. A parameter
    /// annotated `_NamedArgs` takes keywords of any types instead, as a record of their names
    /// and their values (`str.format(name=…, age=…)`).
    pub fn keyword_dict(
        &mut self,
        items: Vec<(Option<String>, TExpr)>,
        value_ty: Option<Type>,
        span: Span,
    ) -> R<TExpr> {
        if let Some(named) = value_ty.as_ref().and_then(|t| self.named_args_class(t)) {
            return self.named_args(named, items, span);
        }
        let value_ty = match (value_ty, items.first()) {
            (Some(t), _) => t,
            (None, Some((Some(_), v))) => v.ty.clone(),
            (None, Some((None, v))) => match self.s.class_of(&v.ty) {
                Some((_, a)) if a.len() == 2 => a[1].clone(),
                _ => self.s.store.fresh(),
            },
            (None, None) => self.s.store.fresh(),
        };
        let dict_t = Type::Class {
            class: self.s.core().dict,
            args: vec![self.s.str_t(), value_ty.clone()],
        };
        let obj = self.construct(dict_t, vec![], span)?;
        let (lid, set) = self.temp(obj);
        let mut stmts = vec![set];
        for (key, v) in items {
            let call = match key {
                Some(k) => {
                    let k = TExpr::new(TExprKind::Str(k), self.s.str_t(), span);
                    let v = self.coerce(v, &value_ty, "**kwargs")?;
                    let args = Arg::positional(vec![self.local(lid, span), k, v]);
                    let setitem = self.s.methods(self.s.core().dict, "__setitem__");
                    self.call_overloads(&setitem, args, span, "**kwargs")?
                }
                None => self.call_method_named(self.local(lid, span), "update", vec![v], "**")?,
            };
            stmts.push(TStmt::Expr(call));
        }
        Ok(Fcx::block(stmts, self.local(lid, span)))
    }
}
