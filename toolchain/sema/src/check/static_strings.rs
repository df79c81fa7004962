//! Compile-time strings (`Type::StaticStr`): the arguments of parameters annotated
//! `Static[str]` and the keyword names of a `_NamedArgs`. They exist so that stdlib code can
//! use a name given at each call site as a name in the code it compiles to
//! (`operator.attrgetter("price")` reads `obj.price`; `partial(f, exp=2)` calls `f(exp=…)`).
//! A static string value holds nothing at run time: its text is its type. Read as a value it
//! is that text as a `str` literal; tuples and records of them keep the static types, so the
//! names travel through fields and generic arguments to where they are used.

use syntax::ast::{Expr, ExprKind};
use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::typed::{TExpr, TExprKind};
use crate::types::Type;

/// Whether an annotation is `Static[str]`: the parameter takes a compile-time string.
pub fn is_static_str(ann: &Expr) -> bool {
    match &ann.kind {
        ExprKind::Subscript { value, index } => {
            matches!(&value.kind, ExprKind::Name(n) if n == "Static")
                && matches!(&index.kind, ExprKind::Name(n) if n == "str")
        }
        _ => false,
    }
}

impl Fcx<'_, '_> {
    /// A value of the static string type of `text`.
    pub fn static_str(&self, text: String, span: Span) -> TExpr {
        TExpr::new(TExprKind::Record(vec![]), Type::StaticStr(text), span)
    }

    /// The text of a checked expression known when compiling: a string literal (possibly
    /// after statements, as a read static string is) or a value of a static string type.
    pub fn static_text(&self, e: &TExpr) -> Option<String> {
        if let Type::StaticStr(text) = self.s.store.shallow(&e.ty) {
            return Some(text);
        }
        match &e.kind {
            TExprKind::Str(text) => Some(text.clone()),
            TExprKind::Block { value, .. } => self.static_text(value),
            _ => None,
        }
    }

    /// A value of a static string type, read as a value: its text as a `str` literal (after
    /// the expression itself, when reading it may do something).
    pub fn read_static_str(&self, e: TExpr) -> TExpr {
        let Type::StaticStr(text) = self.s.store.shallow(&e.ty) else {
            return e;
        };
        let literal = TExpr::new(TExprKind::Str(text), self.s.str_t(), e.span);
        match e.kind {
            TExprKind::Local(_) | TExprKind::Field { .. } | TExprKind::Record(_) => literal,
            _ => Fcx::block(vec![crate::typed::TStmt::Expr(e)], literal),
        }
    }

    /// The argument `v` of the `Static[str]` parameter `param` of `func`: a compile-time
    /// string, else an error at the argument saying what is accepted.
    pub fn static_str_arg(&mut self, v: TExpr, param: &str, func: &str) -> R<TExpr> {
        match self.static_text(&v) {
            Some(text) => Ok(self.static_str(text, v.span)),
            None => Err(self
                .err(
                    v.span,
                    format!(
                        "{func}() takes '{param}' as a string literal (it is used as a name \
                         when compiling), not a '{}' computed at run time",
                        self.s.type_name(&v.ty)
                    ),
                )
                .with_help("write the name itself, as in attrgetter(\"price\")")
                .into()),
        }
    }

    /// The `*args` tuple of a `*param: Static[str]` parameter: one static string per
    /// argument (a spread iterable has no names known when compiling).
    pub fn static_str_varargs(
        &mut self,
        items: Vec<(bool, TExpr)>,
        param: &str,
        func: &str,
        span: Span,
    ) -> R<TExpr> {
        let mut values = Vec::new();
        for (spread, v) in items {
            if spread {
                return Err(self.err(
                    v.span,
                    format!("{func}() takes '*{param}' as string literals, not unpacked with *"),
                ));
            }
            values.push(self.static_str_arg(v, param, func)?);
        }
        let ty = self.s.tuple_t(values.iter().map(|v| v.ty.clone()).collect());
        Ok(TExpr::new(TExprKind::Record(values), ty, span))
    }

    /// The name users call `def` by: its class's for a constructor.
    pub fn shown_name(&self, def: crate::defs::FuncDefId) -> String {
        let fd = self.s.defs.func(def);
        match fd.class {
            Some(c) if fd.name == "__new__" || fd.name == "__init__" => {
                self.s.defs.class(c).name.clone()
            }
            _ => fd.name.clone(),
        }
    }

    /// `getattr(obj, NAME)` with NAME known when compiling (a literal, or a static string):
    /// the attribute access `obj.NAME`; a dotted NAME reads each attribute in turn, as
    /// `operator.attrgetter` does.
    pub fn static_getattr(&mut self, args: &[Expr], span: Span) -> R<TExpr> {
        if args.len() != 2 {
            return Err(self.err(span, "getattr() takes an object and an attribute name"));
        }
        let obj = self.check_expr(&args[0])?;
        let name = self.check_expr(&args[1])?;
        let Some(text) = self.static_text(&name) else {
            return Err(self
                .err(
                    args[1].span,
                    format!(
                        "getattr() takes the attribute name as a string literal (attributes \
                         are resolved when compiling), not a '{}' computed at run time",
                        self.s.type_name(&name.ty)
                    ),
                )
                .with_help("write the name itself, as in getattr(obj, \"price\")")
                .into());
        };
        let mut value = obj;
        for part in text.split('.') {
            value = self.get_attr(value, part, span)?;
        }
        Ok(value)
    }
}
