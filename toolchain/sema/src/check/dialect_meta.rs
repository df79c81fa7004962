//! Codon's compile-time metaprogramming: `hasattr` decided statically, `x.__class__.__name__`,
//! `type(x).__name__` and `T.__name__` as Codon names types (`List[int]`, `Tuple[int,str]`),
//! and conditions made of static parts (`isinstance(v, int) or isinstance(v, float)`) so that
//! only the taken branch is checked.

use syntax::ast::{BoolOpKind, Expr, ExprKind, Ident};
use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::defs::Symbol;
use crate::typed::{TExpr, TExprKind};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Codon's name of a type: builtin containers capitalised, arguments without spaces.
    pub fn codon_type_name(&self, t: &Type) -> String {
        match self.s.store.shallow(t) {
            Type::Class { class, args } => {
                let raw = self.s.defs.class(class).name.as_str();
                let name = match raw {
                    "list" => "List",
                    "dict" => "Dict",
                    "set" => "Set",
                    "tuple" => "Tuple",
                    other => other,
                };
                if args.is_empty() {
                    name.to_string()
                } else {
                    let a: Vec<String> = args.iter().map(|a| self.codon_type_name(a)).collect();
                    format!("{name}[{}]", a.join(","))
                }
            }
            other => self.s.type_name(&other),
        }
    }

    /// `hasattr(obj, "name")`: whether the static type of `obj` has a field, method or class
    /// variable of that name, as a constant.
    pub fn static_hasattr(&mut self, args: &[Expr], span: Span) -> R<TExpr> {
        let [obj, name] = args else {
            return Err(self.err(span, "hasattr() takes an object and a name"));
        };
        let ExprKind::Str(attr) = &name.kind else {
            return Err(self.err(
                name.span,
                "hasattr() is decided at compile time: its name must be a string literal",
            ));
        };
        let v = self.check_expr(obj)?;
        let Some(found) = self.has_attribute(&v.ty, attr) else {
            return Ok(self.defer(span, "the object given to hasattr()"));
        };
        Ok(TExpr::new(TExprKind::Bool(found), self.s.bool_t(), span))
    }

    /// Whether values of type `t` have attribute `attr` (None while `t` is unknown).
    fn has_attribute(&mut self, t: &Type, attr: &str) -> Option<bool> {
        let (class, _) = self.s.class_of(t)?;
        if self.fields_of(t).iter().any(|(n, _)| n == attr) {
            return Some(true);
        }
        Some(!self.s.methods(class, attr).is_empty() || self.s.class_var(class, attr).is_some())
    }

    /// Static conditions beyond `static_bool`'s own: `hasattr`, and `and`/`or`/`not` of static
    /// parts (a static part that decides the result is enough: `False and x`).
    pub fn static_bool_dialect(&mut self, test: &Expr) -> R<Option<bool>> {
        match &test.kind {
            ExprKind::Call {
                func,
                args,
                keywords,
            } if keywords.is_empty()
                && matches!(&func.kind, ExprKind::Name(n) if n == "hasattr")
                && !self.is_variable("hasattr") =>
            {
                let e = self.static_hasattr(args, test.span)?;
                Ok(match e.kind {
                    TExprKind::Bool(b) => Some(b),
                    _ => None,
                })
            }
            ExprKind::BoolOp { op, values } => {
                let decisive = *op == BoolOpKind::Or;
                let mut all_static = true;
                for v in values {
                    match self.static_bool(v)? {
                        Some(b) if b == decisive => return Ok(Some(decisive)),
                        Some(_) => {}
                        None => all_static = false,
                    }
                }
                Ok(all_static.then_some(!decisive))
            }
            _ => Ok(None),
        }
    }

    /// `X.__name__` where `X` denotes a type: `x.__class__`, `type(x)`, a type parameter or a
    /// class name. None when `value` is something else.
    pub fn type_name_attr(&mut self, value: &Expr, attr: &Ident, span: Span) -> R<Option<TExpr>> {
        if attr.name != "__name__" {
            if attr.name == "__class__" {
                return Err(self.err(
                    attr.span,
                    "x.__class__ is a compile-time type: use x.__class__.__name__, or type(x)",
                ));
            }
            return Ok(None);
        }
        let Some(t) = self.denoted_type(value)? else {
            return Ok(None);
        };
        if !self.s.store.is_resolved(&t) {
            return Ok(Some(self.defer(span, "the type whose __name__ is read")));
        }
        let name = self.codon_type_name(&t);
        Ok(Some(TExpr::new(TExprKind::Str(name), self.s.str_t(), span)))
    }

    /// The type an expression denotes when it is `x.__class__`, `type(x)`, a type parameter
    /// or a class name (without arguments, `List` alone is `List`).
    pub fn denoted_type(&mut self, e: &Expr) -> R<Option<Type>> {
        match &e.kind {
            ExprKind::Attribute { value, attr } if attr.name == "__class__" => {
                let v = self.check_expr(value)?;
                Ok(Some(v.ty))
            }
            ExprKind::Call {
                func,
                args,
                keywords,
            } if keywords.is_empty()
                && args.len() == 1
                && matches!(&func.kind, ExprKind::Name(n) if n == "type")
                && !self.is_variable("type") =>
            {
                let v = self.check_expr(&args[0])?;
                Ok(Some(v.ty))
            }
            ExprKind::Name(n) if self.generics.contains_key(n) && !self.is_variable(n) => {
                Ok(self.generics.get(n).cloned())
            }
            ExprKind::Name(_) | ExprKind::Subscript { .. } => match self.static_symbol(e) {
                Some(Symbol::Class(_)) => Ok(Some(self.eval_type(e)?)),
                _ => {
                    if let ExprKind::Subscript { value, .. } = &e.kind {
                        if let Some(Symbol::Class(_)) = self.static_symbol(value) {
                            return Ok(Some(self.eval_type(e)?));
                        }
                    }
                    Ok(None)
                }
            },
            _ => Ok(None),
        }
    }
}

impl Fcx<'_, '_> {
    /// A compile-time count: what `static_int` knows, or `staticlen(x)` / `len(x)` of any
    /// expression whose type is a tuple (a global, a field…).
    pub fn static_count(&mut self, e: &Expr) -> Option<i64> {
        if let Some(v) = self.static_int(e) {
            return Some(v);
        }
        let ExprKind::Call {
            func,
            args,
            keywords,
        } = &e.kind
        else {
            return None;
        };
        let ExprKind::Name(n) = &func.kind else {
            return None;
        };
        if !keywords.is_empty() || args.len() != 1 || !matches!(n.as_str(), "staticlen" | "len") {
            return None;
        }
        let v = self.check_expr(&args[0]).ok()?;
        let v = self.tuple_view(v);
        self.tuple_items(&v.ty).map(|items| items.len() as i64)
    }

    /// `tuple(f(i) for i in staticrange(N))`: a tuple of N items built at compile time, each
    /// checked with `i` a constant. None when the call is not of this shape.
    pub fn static_tuple_comprehension(&mut self, args: &[Expr], span: Span) -> R<Option<TExpr>> {
        let [arg] = args else { return Ok(None) };
        let ExprKind::GeneratorExp { elt, generators } = &arg.kind else {
            return Ok(None);
        };
        let [g] = generators.as_slice() else {
            return Ok(None);
        };
        if !g.ifs.is_empty() {
            return Ok(None);
        }
        let ExprKind::Name(var) = &g.target.kind else {
            return Ok(None);
        };
        let Some(n) = self.static_range(&g.iter) else {
            return Ok(None);
        };
        let mut items = Vec::new();
        for i in 0..n.max(0) {
            self.inner_scopes.push(std::collections::HashMap::from([(
                var.clone(),
                super::Binding::Static(i),
            )]));
            let r = self.check_expr(elt);
            self.inner_scopes.pop();
            items.push(r?);
        }
        let ty = self.s.tuple_t(items.iter().map(|x| x.ty.clone()).collect());
        Ok(Some(TExpr::new(TExprKind::Record(items), ty, span)))
    }
}
