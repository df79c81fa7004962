//! Turning annotation expressions (`int`, `list[int]`, `Optional[T]`, `Int[32]`) into types.

use syntax::ast::{Expr, ExprKind};

use super::Fcx;
use crate::context::R;
use crate::defs::{ClassId, Symbol};
use crate::types::Type;

fn decorator_name_of(e: &Expr) -> String {
    crate::loader::decorator_name(e)
}

impl Fcx<'_, '_> {
    /// The type an annotation denotes. Generic classes named without arguments get fresh
    /// variables for them.
    pub fn eval_type(&mut self, e: &Expr) -> R<Type> {
        match &e.kind {
            ExprKind::None => Ok(self.s.none_t()),
            ExprKind::Str(s) => {
                let parsed = syntax::parse(s, self.file)
                    .ok()
                    .and_then(|m| m.body.into_iter().next());
                match parsed.map(|s| s.kind) {
                    Some(syntax::ast::StmtKind::Expr(inner)) => {
                        self.eval_type(&Expr::new(inner.kind, e.span))
                    }
                    _ => Err(self.err(e.span, "invalid type annotation")),
                }
            }
            ExprKind::Int { digits, radix } => i64::from_str_radix(digits, *radix)
                .map(Type::Static)
                .map_err(|_| self.err(e.span, "integer too large in type")),
            ExprKind::Name(n)
                if (n == "Any" || n == "Callable" || n == "type")
                    && !self.generics.contains_key(n) =>
            {
                Ok(self.s.store.fresh())
            }
            ExprKind::Name(n) => {
                if let Some(t) = self.generics.get(n) {
                    return Ok(t.clone());
                }
                if let Some(t) = self.alias_type(n) {
                    return t;
                }
                let class = self.class_named(n, e)?;
                let n_generics = self.s.defs.class(class).generics.len();
                let args = if class == self.s.core().tuple {
                    vec![]
                } else {
                    (0..n_generics).map(|_| self.s.store.fresh()).collect()
                };
                Ok(Type::Class { class, args })
            }
            ExprKind::Attribute { .. } => {
                let class = self.class_named("", e)?;
                let n_generics = self.s.defs.class(class).generics.len();
                let args = (0..n_generics).map(|_| self.s.store.fresh()).collect();
                Ok(Type::Class { class, args })
            }
            ExprKind::Subscript { value, index }
                if matches!(
                    decorator_name_of(value).as_str(),
                    "Callable" | "typing.Callable" | "Function"
                ) && matches!(&index.kind, ExprKind::Tuple(items) if items.len() == 2
                    && matches!(items[0].kind, ExprKind::List(_) | ExprKind::Ellipsis)) =>
            {
                // `Callable[[A, B], R]` is a function value; `Callable[..., R]` any callable
                let parts = match &index.kind {
                    ExprKind::Tuple(items) if items.len() == 2 => items,
                    _ => return Ok(self.s.store.fresh()),
                };
                let ExprKind::List(params) = &parts[0].kind else {
                    return Ok(self.s.store.fresh());
                };
                let mut args = Vec::new();
                for p in params {
                    args.push(self.eval_type(p)?);
                }
                let ret = self.eval_type(&parts[1])?;
                Ok(self.s.function_t(args, ret))
            }
            ExprKind::Subscript { value, .. }
                if matches!(&value.kind, ExprKind::Name(n) if n == "Static")
                    && self.lookup("Static").is_none() =>
            {
                // any compile-time value: each call site's argument decides which
                match super::static_args::static_kind(e) {
                    Some(_) => Ok(self.s.store.fresh()),
                    None => Err(self.err(e.span, "only Static[str] and Static[int] are supported")),
                }
            }
            ExprKind::Subscript { value, index } => {
                let class = self.class_named("", value)?;
                let items: Vec<&Expr> = match &index.kind {
                    ExprKind::Tuple(items) => items.iter().collect(),
                    _ => vec![index],
                };
                let mut args = Vec::new();
                for it in items {
                    args.push(self.eval_type(it)?);
                }
                let want = self.s.defs.class(class).generics.len();
                self.check_lowlevel_args(class, &args, index)?;
                if class != self.s.core().tuple && args.len() != want {
                    return Err(self.err(
                        e.span,
                        format!(
                            "'{}' takes {} type argument(s), {} given",
                            self.s.defs.class(class).name,
                            want,
                            args.len()
                        ),
                    ));
                }
                Ok(Type::Class { class, args })
            }
            ExprKind::BinOp {
                left,
                op: syntax::ast::BinOp::BitOr,
                right,
            } => {
                if matches!(right.kind, ExprKind::None) {
                    let inner = self.eval_type(left)?;
                    return Ok(self.s.optional_t(inner));
                }
                Err(self.err(
                    e.span,
                    "union types are not supported; use Optional[T] for values that may be None",
                ))
            }
            _ => Err(self.err(e.span, "invalid type annotation")),
        }
    }

    /// The class a (possibly dotted) name denotes.
    pub fn class_named(&mut self, name: &str, e: &Expr) -> R<ClassId> {
        let sym = match &e.kind {
            ExprKind::Name(n) => self.lookup(n),
            ExprKind::Attribute { value, attr } => match &value.kind {
                ExprKind::Name(m) => match self.s.lookup_symbol(self.module, m) {
                    Some(Symbol::Module(mid)) => {
                        self.s.defs.module(mid).symbols.get(&attr.name).cloned()
                    }
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        match sym {
            Some(Symbol::Class(c)) => Ok(c),
            _ => {
                let shown = if name.is_empty() {
                    syntax::pretty::expr(e)
                } else {
                    name.to_string()
                };
                Err(self.err(e.span, format!("name '{shown}' is not a type")))
            }
        }
    }
}
