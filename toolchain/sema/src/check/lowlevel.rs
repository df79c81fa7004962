//! The low-level dialect (Codon's "Low-Level Programming"): type aliases of subscripted types
//! (`i32 = Int[32]`, `cobj = Ptr[byte]`), numeric conversions between machine types
//! (`__cast__`), and addresses of variables (`__ptr__`).

use syntax::ast::{Expr, ExprKind};
use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::defs::{ClassId, ClassKind, Symbol};
use crate::typed::{TExpr, TExprKind};
use crate::types::Type;

/// The widest integer LLVM has: `Int[N]` and `UInt[N]` take 1 ≤ N ≤ 2**23.
const MAX_INT_BITS: i64 = 1 << 23;

/// How the generic classes of the low-level dialect are written with their type arguments.
fn lowlevel_spelling(class: &str) -> Option<&'static str> {
    Some(match class {
        "Int" => "Int[N] needs a bit width, as in Int[32](x)",
        "UInt" => "UInt[N] needs a bit width, as in UInt[32](x)",
        "Ptr" => "Ptr[T] needs a type argument, as in Ptr[int](n)",
        "Array" => "Array[T] needs a type argument, as in Array[int](n)",
        "__array__" => "__array__[T] needs a type argument, as in __array__[int](n)",
        _ => return None,
    })
}

impl Fcx<'_, '_> {
    /// Whether a class is one of the prelude's (not a user class of the same name).
    fn is_prelude_class(&self, class: ClassId) -> bool {
        self.s.defs.class(class).module == self.s.builtins
    }

    /// `Int(5)`, `Ptr(8)`: a low-level generic class called without its type arguments.
    pub fn check_lowlevel_ctor(&mut self, class: ClassId, callee: &Expr) -> R<()> {
        if !self.is_prelude_class(class) {
            return Ok(());
        }
        match lowlevel_spelling(&self.s.defs.class(class).name) {
            Some(msg) => Err(self.err(callee.span, msg)),
            None => Ok(()),
        }
    }

    /// The bit width of `Int[N]`/`UInt[N]` is a literal from 1 to 2**23.
    pub fn check_lowlevel_args(&mut self, class: ClassId, args: &[Type], index: &Expr) -> R<()> {
        let name = self.s.defs.class(class).name.clone();
        if !self.is_prelude_class(class) || !matches!(name.as_str(), "Int" | "UInt") {
            return Ok(());
        }
        match args.first().map(|a| self.s.store.shallow(a)) {
            Some(Type::Static(n)) if (1..=MAX_INT_BITS).contains(&n) => Ok(()),
            Some(Type::Static(n)) => Err(self.err(
                index.span,
                format!("{name}[N] needs a bit width from 1 to {MAX_INT_BITS}, not {n}"),
            )),
            // a generic width (`Int[N]` inside a generic class or function)
            Some(Type::Var(_)) => Ok(()),
            _ => Err(self.err(
                index.span,
                format!("{name}[N] needs an integer bit width, as in {name}[32]"),
            )),
        }
    }

    /// The type a module-level alias of a subscripted type names (`i32`, `cobj`), when `n` is
    /// one here (the module's own aliases first, then the prelude's) and nothing else binds it.
    pub fn alias_type(&mut self, n: &str) -> Option<R<Type>> {
        if self.generics.contains_key(n) || self.is_variable(n) || self.lookup(n).is_some() {
            return None;
        }
        let (file, expr) = self
            .s
            .type_aliases
            .get(&(self.module, n.to_string()))
            .map(|a| (self.module, a))
            .or_else(|| {
                self.s
                    .type_aliases
                    .get(&(self.s.builtins, n.to_string()))
                    .map(|a| (self.s.builtins, a))
            })
            .map(|(m, (f, e))| ((m, *f), e.clone()))?;
        let (module, file) = file;
        let saved = (
            std::mem::replace(&mut self.module, module),
            std::mem::replace(&mut self.file, file),
            std::mem::take(&mut self.generics),
        );
        let t = self.eval_type(&expr);
        self.module = saved.0;
        self.file = saved.1;
        self.generics = saved.2;
        Some(t)
    }

    /// Whether a class is one of the machine number types a `__cast__` converts between.
    fn is_machine_number(&self, t: &Type) -> bool {
        let Some((c, _)) = self.s.class_of(t) else {
            return false;
        };
        let cd = self.s.defs.class(c);
        cd.kind == ClassKind::Primitive
            && matches!(
                cd.name.as_str(),
                "int"
                    | "Int"
                    | "UInt"
                    | "bool"
                    | "byte"
                    | "float"
                    | "float32"
                    | "float16"
                    | "bfloat16"
                    | "float128"
                    | "Ptr"
            )
    }

    /// `__cast__(x, T)`: `x` converted to the machine number type `T` (truncated, sign- or
    /// zero-extended by `x`'s signedness, or converted between integers and floats).
    pub fn cast_intrinsic(&mut self, args: &[Expr], span: Span) -> R<TExpr> {
        let [value, ty] = args else {
            return Err(self.err(span, "__cast__() takes a value and a type"));
        };
        let v = self.check_expr(value)?;
        let t = self.eval_type(ty)?;
        if matches!(self.s.store.shallow(&v.ty), Type::Var(_)) {
            return Ok(self.defer(value.span, "the value given to __cast__()"));
        }
        for (what, at) in [(&v.ty, value.span), (&t, ty.span)] {
            if !self.is_machine_number(what) {
                return Err(self.err(
                    at,
                    format!(
                        "__cast__() converts between machine numbers, not '{}'",
                        self.s.type_name(what)
                    ),
                ));
            }
        }
        Ok(TExpr::new(TExprKind::Cast(Box::new(v)), t, span))
    }

    /// `__ptr__(obj.f)`: the address of a field of an object (a reference class) or of a
    /// record variable (a `@tuple` class value held in a local or global).
    fn field_address(&mut self, value: &Expr, attr: &syntax::ast::Ident, span: Span) -> R<TExpr> {
        let obj = self.check_expr(value)?;
        let Some((class, _)) = self.s.class_of(&obj.ty) else {
            return Ok(self.defer(value.span, "the object whose field's address is taken"));
        };
        let shown = self.s.type_name(&obj.ty);
        let Some(fty) = self
            .fields_of(&obj.ty)
            .into_iter()
            .find(|(n, _)| *n == attr.name)
            .map(|(_, t)| t)
        else {
            return Err(self.err(
                attr.span,
                format!("__ptr__(): '{shown}' has no field '{}'", attr.name),
            ));
        };
        let ptr_t = |t: Type, s: &Self| Type::Class {
            class: s.s.core().ptr,
            args: vec![t],
        };
        let of = obj.ty.clone();
        let base = match (self.s.defs.class(class).kind, &obj.kind) {
            (ClassKind::Ref, _) => obj,
            (ClassKind::Tuple, TExprKind::Local(l)) => {
                TExpr::new(TExprKind::LocalPtr(*l), ptr_t(of.clone(), self), value.span)
            }
            (ClassKind::Tuple, TExprKind::Global(g)) => TExpr::new(
                TExprKind::GlobalPtr(*g),
                ptr_t(of.clone(), self),
                value.span,
            ),
            (ClassKind::Tuple, _) => {
                return Err(self.err(
                    value.span,
                    format!(
                        "__ptr__(): the '{shown}' value must be a variable to take a field's \
                         address"
                    ),
                ))
            }
            _ => {
                return Err(self.err(
                    value.span,
                    format!("__ptr__(): '{shown}' values have no addressable fields"),
                ))
            }
        };
        Ok(TExpr::new(
            TExprKind::FieldPtr {
                base: Box::new(base),
                of,
                name: attr.name.clone(),
            },
            ptr_t(fty, self),
            span,
        ))
    }

    /// `__ptr__(x)`: the address of a variable (a local, a captured cell, or a global).
    pub fn address_of(&mut self, args: &[Expr], span: Span) -> R<TExpr> {
        let [a] = args else {
            return Err(self.err(span, "__ptr__() takes one argument"));
        };
        if let ExprKind::Attribute { value, attr } = &a.kind {
            return self.field_address(value, attr, span);
        }
        let ExprKind::Name(n) = &a.kind else {
            return Err(self.err(
                a.span,
                "__ptr__() takes a variable or a field (`__ptr__(x)`, `__ptr__(obj.f)`), \
                 not another expression",
            ));
        };
        if let Some(cell) = self.cells.get(n).copied() {
            // a variable shared with closures lives in a heap cell: its address is the cell
            return Ok(self.local(cell, span));
        }
        let v = self.check_expr(a)?;
        let ptr = |t: Type, s: &Self| Type::Class {
            class: s.s.core().ptr,
            args: vec![t],
        };
        match v.kind {
            TExprKind::Local(l) => Ok(TExpr::new(
                TExprKind::LocalPtr(l),
                ptr(v.ty.clone(), self),
                span,
            )),
            TExprKind::Global(g) => Ok(TExpr::new(
                TExprKind::GlobalPtr(g),
                ptr(v.ty.clone(), self),
                span,
            )),
            _ => {
                let what = match self.lookup(n) {
                    Some(Symbol::Func(_)) => "a function",
                    Some(Symbol::Class(_)) => "a class",
                    Some(Symbol::Module(_)) => "a module",
                    _ => "this name",
                };
                Err(self.err(
                    a.span,
                    format!("__ptr__() takes a variable; '{n}' is {what}"),
                ))
            }
        }
    }
}

/// Whether a function is declared in C (`@extern`, `@C`, `from C import`).
pub fn is_c_function(f: &syntax::ast::FunctionDef) -> bool {
    f.decorators
        .iter()
        .any(|d| matches!(crate::loader::decorator_name(d).as_str(), "extern" | "C"))
}

/// The C symbol a declared C function names, when it differs from its Python name
/// (`from C import abs(i32) -> i32 as iabs` is `@extern("abs")`).
pub fn c_symbol(f: &syntax::ast::FunctionDef) -> Option<String> {
    f.decorators.iter().find_map(|d| match &d.kind {
        ExprKind::Call { func, args, .. }
            if matches!(&func.kind, ExprKind::Name(n) if n == "extern") =>
        {
            match args.first().map(|a| &a.kind) {
                Some(ExprKind::Str(s)) => Some(s.clone()),
                _ => None,
            }
        }
        _ => None,
    })
}
