//! The behaviour a class has for a magic method it does not define, as CPython's `object`
//! and its data model give it: `str` falls back to `repr`, truth to `len`, `in` to iteration,
//! `!=` to `==`, and objects compare and hash by identity.

use super::call::Arg;
use super::Fcx;
use crate::context::R;
use crate::defs::ClassKind;
use crate::typed::{TExpr, TExprKind, TStmt};

impl Fcx<'_, '_> {
    /// The value of `obj.name(args)` for a magic method `obj`'s class lacks; `None` when the
    /// method has no default.
    pub fn protocol_default(
        &mut self,
        obj: TExpr,
        name: &str,
        mut args: Vec<TExpr>,
    ) -> R<Option<TExpr>> {
        let Some((class, _)) = self.s.class_of(&obj.ty) else {
            return Ok(None);
        };
        let is_ref = self.s.defs.class(class).kind == ClassKind::Ref;
        let has = |s: &Self, m: &str| !s.s.methods(class, m).is_empty();
        let span = obj.span;
        let e = match (name, args.len()) {
            ("__str__", 0) if has(self, "__repr__") => {
                self.call_method_named(obj, "__repr__", vec![], "str()")?
            }
            ("__str__" | "__repr__", 0) if is_ref => {
                self.call_builtin("_object_repr", vec![obj], span)?
            }
            ("__str__" | "__repr__", 0)
                if self.s.defs.class(class).kind == ClassKind::Tuple
                    && class != self.s.core().tuple =>
            {
                self.record_repr(obj)?
            }
            ("__format__", 1) => {
                let spec = args.remove(0);
                self.call_builtin("_format_object", vec![obj, spec], span)?
            }
            ("__bool__", 0) if has(self, "__len__") => {
                let n = self.call_method_named(obj, "__len__", vec![], "truth value")?;
                let zero = TExpr::new(TExprKind::Int(0), self.s.int_t(), span);
                self.binary(n, "__ne__", zero, span)?
            }
            ("__bool__", 0) if is_ref => {
                let t = TExpr::new(TExprKind::Bool(true), self.s.bool_t(), span);
                Fcx::block(vec![TStmt::Expr(obj)], t)
            }
            ("__contains__", 1) if has(self, "__iter__") => {
                let x = args.remove(0);
                self.call_builtin("_contains_by_iter", vec![obj, x], span)?
            }
            ("__ne__", 1) if has(self, "__eq__") => {
                let other = args.remove(0);
                let eq = self.call_method_named(obj, "__eq__", vec![other], "!=")?;
                let eq = self.truthy(eq)?;
                self.not(eq)
            }
            ("__eq__" | "__ne__", 1) if is_ref => {
                let other = args.remove(0);
                let same = self.identical(obj, other, span)?;
                if name == "__ne__" {
                    self.not(same)
                } else {
                    same
                }
            }
            ("__eq__" | "__ne__", 1) if class == self.s.core().function => {
                let other = args.remove(0);
                let same = self.function_identity(obj, other, span)?;
                if name == "__ne__" {
                    self.not(same)
                } else {
                    same
                }
            }
            ("__eq__" | "__ne__" | "__lt__" | "__le__" | "__gt__" | "__ge__" | "__hash__", _)
                if self.s.defs.class(class).kind == ClassKind::Tuple
                    && class != self.s.core().tuple
                    && !self.s.defs.class(class).namedtuple
                    && args.len() == usize::from(name != "__hash__") =>
            {
                // As the tuple of the fields (Codon's default for `@tuple` classes).
                let this = self.fields_record(obj);
                let args = args.into_iter().map(|a| self.fields_record(a)).collect();
                self.call_method_named(this, name, args, name)?
            }
            ("__hash__", 0) if is_ref => self.call_builtin("_object_hash", vec![obj], span)?,
            _ => return Ok(None),
        };
        Ok(Some(e))
    }

    /// The plain tuple of a record's fields.
    fn fields_record(&mut self, v: TExpr) -> TExpr {
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

    /// A `@tuple` class's default text, as Codon writes it: `(x: 1, y: 2)`.
    fn record_repr(&mut self, obj: TExpr) -> R<TExpr> {
        let span = obj.span;
        let fields = self.fields_of(&obj.ty);
        let (lid, set) = self.temp(obj);
        let lit = |s: &Self, text: String| TExpr::new(TExprKind::Str(text), s.s.str_t(), span);
        let mut out = lit(self, "(".into());
        for (i, (name, ty)) in fields.into_iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            let label = lit(self, format!("{sep}{name}: "));
            out = self.binary(out, "__add__", label, span)?;
            let field = TExpr::new(
                TExprKind::Field {
                    obj: Box::new(self.local(lid, span)),
                    name,
                },
                ty,
                span,
            );
            let text = self.call_builtin("repr", vec![field], span)?;
            out = self.binary(out, "__add__", text, span)?;
        }
        let close = lit(self, ")".into());
        let out = self.binary(out, "__add__", close, span)?;
        Ok(Fcx::block(vec![set], out))
    }

    /// `a is b` for two objects.
    fn identical(&mut self, a: TExpr, b: TExpr, span: syntax::Span) -> R<TExpr> {
        let args = Arg::positional(vec![a, b]);
        match self.s.lookup_symbol(self.s.builtins, "__is__") {
            Some(crate::defs::Symbol::Func(defs)) => self.call_overloads(&defs, args, span, "is"),
            _ => Err(self.err(span, "'is' needs the stdlib's __is__")),
        }
    }
}

/// The method an operator tries on its right operand when the left one has none: the mirrored
/// comparison (`a < b` is `b > a`) or the reflected arithmetic method (`__radd__`).
pub fn reflected(method: &str) -> String {
    match method {
        "__lt__" => "__gt__".into(),
        "__gt__" => "__lt__".into(),
        "__le__" => "__ge__".into(),
        "__ge__" => "__le__".into(),
        "__eq__" | "__ne__" => method.into(),
        _ => format!("__r{}", &method[2..]),
    }
}
