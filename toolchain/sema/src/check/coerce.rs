//! Fitting a value to an expected type: unification, plus the implicit conversions the dialect
//! allows (into `Optional`, a subclass object to its base class, `int` to `float`).

use super::Fcx;
use crate::context::R;
use crate::typed::{TExpr, TExprKind};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Whether `value` can be fitted to `target` (without binding anything).
    pub fn fits(&mut self, value: &Type, target: &Type) -> bool {
        if self.s.store.can_unify(value, target) {
            return true;
        }
        self.bind_open_signature(value, target);
        let core = self.s.core();
        let (v, t) = (self.s.store.shallow(value), self.s.store.shallow(target));
        if matches!(v, Type::Func { .. }) && self.s.function_sig(&t).is_some() {
            return true;
        }
        match (&v, &t) {
            (_, Type::Class { class, args }) if *class == core.optional => {
                let inner = args[0].clone();
                if matches!(&v, Type::Class { class: vc, .. } if *vc == core.none) {
                    return true;
                }
                self.s.store.can_unify(value, &inner)
                    || matches!(&v, Type::Class { class: c, args: a } if *c == core.optional && self.s.store.can_unify(&a[0], &inner))
            }
            (Type::Class { class: vc, .. }, Type::Class { class: tc, .. })
                if *tc == core.generator && *vc != core.generator =>
            {
                if self.s.methods(*vc, "__iter__").is_empty() {
                    return false;
                }
                if !self.s.store.is_resolved(value) {
                    return true;
                }
                let probe = TExpr::new(TExprKind::Null, value.clone(), syntax::Span::default());
                match self.iterate(probe) {
                    Ok(g) => {
                        !self.s.store.is_resolved(&g.ty) || self.s.store.can_unify(&g.ty, target)
                    }
                    Err(_) => false,
                }
            }
            (
                Type::Class {
                    class: vc,
                    args: va,
                },
                Type::Class { class: tc, .. },
            ) if *vc == core.optional
                && *tc != core.optional
                && self.s.defs.class(*tc).kind == crate::defs::ClassKind::Ref =>
            {
                // an optional object is unwrapped (raising on None) where an object is expected
                let inner = va[0].clone();
                self.fits(&inner, target)
            }
            (Type::Class { class: vc, .. }, Type::Class { class: tc, .. }) if vc != tc => {
                (*vc == core.int && *tc == core.float)
                    || (*vc == core.bool_ && *tc == core.int)
                    || self.is_subclass(*vc, *tc)
            }
            _ => false,
        }
    }

    /// A function item fitted to `Function[A, R]` whose argument types `A` are still open (a
    /// generic decorator's parameter): `A` becomes the function's annotated parameter types.
    fn bind_open_signature(&mut self, value: &Type, target: &Type) {
        let Type::Func { def, captured } = self.s.store.shallow(value) else {
            return;
        };
        let Type::Class { class, args } = self.s.store.shallow(target) else {
            return;
        };
        if class != self.s.core().function
            || !matches!(self.s.store.shallow(&args[0]), Type::Var(_))
        {
            return;
        }
        let ast = self.s.defs.func(def).ast.clone();
        let p = &ast.params;
        if p.vararg.is_some() || p.kwarg.is_some() {
            return;
        }
        let mut types = Vec::new();
        for param in p.posonly.iter().chain(&p.args).skip(captured.len()) {
            let Some(ann) = &param.annotation else { return };
            match self.eval_type_in(def, ann) {
                Ok(t) if self.s.store.is_resolved(&t) => types.push(t),
                _ => return,
            }
        }
        let tuple = self.s.tuple_t(types);
        self.s.store.unify(&args[0], &tuple);
    }

    /// Whether class `c` is `ancestor` or inherits from it.
    pub fn is_subclass(&self, c: crate::defs::ClassId, ancestor: crate::defs::ClassId) -> bool {
        let mut cur = Some(c);
        while let Some(x) = cur {
            if x == ancestor {
                return true;
            }
            cur = self.s.defs.class(x).base_class;
        }
        false
    }

    /// Converts `e` to `target`, or explains why it cannot be.
    pub fn coerce(&mut self, e: TExpr, target: &Type, what: &str) -> R<TExpr> {
        if self.s.store.can_unify(&e.ty, target) {
            self.s.store.unify(&e.ty, target);
            return Ok(e);
        }
        self.bind_open_signature(&e.ty.clone(), target);
        let core = self.s.core();
        let (v, t) = (self.s.store.shallow(&e.ty), self.s.store.shallow(target));
        if let (Type::Func { def, captured }, Some((args, ret))) = (&v, self.s.function_sig(&t)) {
            return self.function_value(e, *def, captured.clone(), args, ret);
        }
        if let Type::Class { class, args } = &t {
            if *class == core.optional {
                let inner = args[0].clone();
                if matches!(&v, Type::Class { class: vc, .. } if *vc == core.none) {
                    return Ok(TExpr::new(TExprKind::Null, t.clone(), e.span));
                }
                if let Type::Class {
                    class: vc,
                    args: va,
                } = &v
                {
                    if *vc == core.optional && self.s.store.can_unify(&va[0], &inner) {
                        self.s.store.unify(&va[0], &inner);
                        return Ok(e);
                    }
                }
                let span = e.span;
                let inner_e = self.coerce(e, &inner, what)?;
                return Ok(TExpr::new(
                    TExprKind::MakeOptional(Box::new(inner_e)),
                    t.clone(),
                    span,
                ));
            }
            if let Type::Class { class: vc, .. } = &v {
                if *class == core.generator
                    && *vc != core.generator
                    && !self.s.methods(*vc, "__iter__").is_empty()
                {
                    let g = self.iterate(e)?;
                    return self.coerce(g, target, what);
                }
                if *vc == core.int && *class == core.float {
                    return self.call_method_named(e, "__float__", vec![], "float()");
                }
                if *vc == core.bool_ && *class == core.int {
                    return self.call_method_named(e, "__int__", vec![], "int()");
                }
                if *vc != *class && self.is_subclass(*vc, *class) {
                    let span = e.span;
                    return Ok(TExpr::new(TExprKind::Cast(Box::new(e)), t.clone(), span));
                }
            }
        }
        if let Type::Var(_) = v {
            self.s.store.unify(&e.ty, target);
            return Ok(e);
        }
        if let Type::Class { class, args } = &v {
            if *class == core.optional && self.fits(&args[0], target) {
                let inner = self.demote(e)?.expect("optionals can be unwrapped");
                return self.coerce(inner, target, what);
            }
        }
        Err(self.err(e.span, self.mismatch_message(what, target, &e.ty)))
    }

    /// The message of [`Fcx::coerce`] when the value does not fit at all, so that callers can
    /// recognise that error and word it for their context.
    pub fn mismatch_message(&self, what: &str, target: &Type, got: &Type) -> String {
        format!(
            "{what}: expected '{}', got '{}'",
            self.s.type_name(target),
            self.s.type_name(got)
        )
    }
}
