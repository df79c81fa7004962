//! Function values (`Function[Tuple[args], ret]`, written `Callable[[args], ret]`): turning a
//! function item (a function, a closure, a bound method) into one, calling one, and comparing
//! two by identity.

use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::defs::FuncDefId;
use crate::typed::{TExpr, TExprKind};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Converts the function item `e` (of `def` with `captured` values) into a function value
    /// taking `args` and returning `ret`.
    pub fn function_value(
        &mut self,
        e: TExpr,
        def: FuncDefId,
        captured: Vec<Type>,
        args: Vec<Type>,
        ret: Type,
    ) -> R<TExpr> {
        let span = e.span;
        let full: Vec<Type> = captured
            .iter()
            .chain(&args)
            .map(|t| self.resolve(t))
            .collect();
        if !full.iter().all(|t| self.s.store.is_resolved(t)) {
            return Ok(self.defer(span, "the signature of this function value"));
        }
        let mut chosen = None;
        for d in self.overloads_of(def) {
            let p = &self.s.defs.func(d).ast.params;
            let positional = p.posonly.len() + p.args.len();
            let required_kw = p.kwonly.iter().any(|k| k.default.is_none());
            if positional == full.len()
                && p.vararg.is_none()
                && !required_kw
                && self.fits_call(d, &full)?
            {
                chosen = Some(d);
                break;
            }
        }
        let target = self.s.function_t(args.clone(), ret.clone());
        let Some(d) = chosen else {
            return Err(self.err(
                span,
                format!(
                    "'{}' cannot be used as '{}'",
                    self.s.type_name(&e.ty),
                    self.s.type_name(&target)
                ),
            ));
        };
        let real = self.s.realize(d, full)?;
        let got = self.s.defs.reals[real.0 as usize].ret.clone();
        if !self.s.store.unify(&got, &ret) {
            return Err(self.err(
                span,
                format!(
                    "'{}' returns '{}' where '{}' is expected",
                    self.s.type_name(&e.ty),
                    self.s.type_name(&got),
                    self.s.type_name(&ret)
                ),
            ));
        }
        let (lid, set) = self.temp(e);
        let values = self.local_fields(
            lid,
            captured
                .into_iter()
                .enumerate()
                .map(|(i, t)| (i.to_string(), t)),
            span,
        );
        let value = TExpr::new(
            TExprKind::MakeFunction {
                real,
                captured: values,
            },
            target,
            span,
        );
        Ok(Fcx::block(vec![set], value))
    }

    /// Calls a function value with positional arguments fitted to its parameter types.
    pub fn call_function_value(
        &mut self,
        callee: TExpr,
        args: Vec<super::call::Arg>,
        span: Span,
    ) -> R<TExpr> {
        let (params, ret) = self
            .s
            .function_sig(&callee.ty)
            .expect("called with a function value");
        if args.iter().any(|a| a.name.is_some()) {
            return Err(self.err(span, "a function value takes positional arguments only"));
        }
        if args.len() != params.len() {
            return Err(self.err(
                span,
                format!(
                    "this function value takes {} argument(s), {} given",
                    params.len(),
                    args.len()
                ),
            ));
        }
        let (lid, set) = self.temp(callee);
        let mut values = Vec::new();
        for (a, p) in args.into_iter().zip(&params) {
            values.push(self.coerce(a.value, p, "argument")?);
        }
        let call = TExpr::new(
            TExprKind::CallFunction {
                callee: Box::new(self.local(lid, span)),
                args: values,
            },
            ret,
            span,
        );
        Ok(Fcx::block(vec![set], call))
    }

    /// `a is b` (and `==`) for function values: the same code pointer.
    pub fn function_identity(&mut self, a: TExpr, b: TExpr, span: Span) -> R<TExpr> {
        let (fa, fb) = if self.s.function_sig(&a.ty).is_some() {
            let t = a.ty.clone();
            let b = self.coerce(b, &t, "comparison")?;
            (a, b)
        } else {
            let t = b.ty.clone();
            let a = self.coerce(a, &t, "comparison")?;
            (a, b)
        };
        let byte = self.s.simple(self.s.core().byte);
        let ptr = Type::Class {
            class: self.s.core().ptr,
            args: vec![byte],
        };
        let code = |f: TExpr| {
            TExpr::new(
                TExprKind::Field {
                    obj: Box::new(f),
                    name: "0".into(),
                },
                ptr.clone(),
                span,
            )
        };
        self.binary(code(fa), "__eq__", code(fb), span)
    }
}
