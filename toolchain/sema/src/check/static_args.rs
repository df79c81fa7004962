//! Compile-time arguments: parameters annotated `Static[str]` or `Static[int]` take a
//! literal, whose value becomes part of its type (`Type::StaticStr`, `Type::Static`), and so
//! of the realization of the function taking it. They exist so that stdlib code can use a
//! value given at each call site as a name or a position in the code it compiles to
//! (`operator.attrgetter("price")` reads `obj.price`; `itemgetter(1)` reads item 1 of a tuple
//! of mixed types; the keyword names of a `_NamedArgs` are static strings too, so that
//! `partial(f, exp=2)` can call `f(exp=…)`). A static value holds nothing at run time. Read
//! as a value it is its literal; tuples and records of static values keep their static
//! types, so the values travel through fields and generic arguments to where they are used.

use syntax::ast::{Expr, ExprKind};
use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::typed::{TExpr, TExprKind, TStmt};
use crate::types::Type;

/// What a `Static[…]` parameter takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StaticKind {
    Str,
    Int,
}

impl StaticKind {
    fn literal(self) -> &'static str {
        match self {
            StaticKind::Str => "a string literal",
            StaticKind::Int => "an integer literal",
        }
    }
}

/// What an annotation `Static[str]` or `Static[int]` asks for; `None` for other annotations.
pub fn static_kind(ann: &Expr) -> Option<StaticKind> {
    let ExprKind::Subscript { value, index } = &ann.kind else {
        return None;
    };
    if !matches!(&value.kind, ExprKind::Name(n) if n == "Static") {
        return None;
    }
    match &index.kind {
        ExprKind::Name(n) if n == "str" => Some(StaticKind::Str),
        ExprKind::Name(n) if n == "int" => Some(StaticKind::Int),
        _ => None,
    }
}

/// The static kind of a parameter's optional annotation.
pub fn static_param(ann: &Option<Expr>) -> Option<StaticKind> {
    ann.as_ref().and_then(static_kind)
}

impl Fcx<'_, '_> {
    /// A value of a static type (nothing at run time).
    fn static_value(&self, ty: Type, span: Span) -> TExpr {
        TExpr::new(TExprKind::Record(vec![]), ty, span)
    }

    /// The static type of a checked expression's value known when compiling (a literal,
    /// possibly after statements, as a read static value is; or a value of a static type).
    pub fn static_type_of(&self, e: &TExpr, kind: StaticKind) -> Option<Type> {
        match (self.s.store.shallow(&e.ty), kind) {
            (t @ Type::StaticStr(_), StaticKind::Str) | (t @ Type::Static(_), StaticKind::Int) => {
                return Some(t)
            }
            _ => {}
        }
        match (&e.kind, kind) {
            (TExprKind::Str(text), StaticKind::Str) => Some(Type::StaticStr(text.clone())),
            (TExprKind::Int(n), StaticKind::Int) => Some(Type::Static(*n)),
            (TExprKind::Block { value, .. }, _) => self.static_type_of(value, kind),
            _ => None,
        }
    }

    /// The text of a checked expression known when compiling.
    pub fn static_text(&self, e: &TExpr) -> Option<String> {
        match self.static_type_of(e, StaticKind::Str)? {
            Type::StaticStr(text) => Some(text),
            _ => None,
        }
    }

    /// A static string value.
    pub fn static_str(&self, text: String, span: Span) -> TExpr {
        self.static_value(Type::StaticStr(text), span)
    }

    /// A value of a static type, read as a value: its literal (after the expression itself,
    /// when reading it may do something).
    pub fn read_static(&self, e: TExpr) -> TExpr {
        let literal = match self.s.store.shallow(&e.ty) {
            Type::StaticStr(text) => TExprKind::Str(text),
            Type::Static(n) => TExprKind::Int(n),
            _ => return e,
        };
        let ty = match literal {
            TExprKind::Str(_) => self.s.str_t(),
            _ => self.s.int_t(),
        };
        let literal = TExpr::new(literal, ty, e.span);
        match e.kind {
            TExprKind::Local(_) | TExprKind::Field { .. } | TExprKind::Record(_) => literal,
            _ => Fcx::block(vec![TStmt::Expr(e)], literal),
        }
    }

    /// The error for an argument `v` of the static parameter `param` of `func` that is not a
    /// literal: what is accepted, at the argument.
    pub fn not_static(
        &self,
        v: &TExpr,
        kind: StaticKind,
        param: &str,
        func: &str,
    ) -> Box<syntax::Diagnostic> {
        let example = match kind {
            StaticKind::Str => "\"price\"",
            StaticKind::Int => "1",
        };
        self.err(
            v.span,
            format!(
                "{func}() takes '{param}' as {} (it is used when compiling), not a '{}' \
                 computed at run time",
                kind.literal(),
                self.s.type_name(&v.ty)
            ),
        )
        .with_help(format!("write the value itself there, such as {example}"))
        .into()
    }

    /// The argument `v` of a static parameter: its static value, else the error saying what
    /// is accepted.
    pub fn static_arg(&mut self, v: TExpr, kind: StaticKind, param: &str, func: &str) -> R<TExpr> {
        match self.static_type_of(&v, kind) {
            Some(t) => Ok(self.static_value(t, v.span)),
            None => Err(self.not_static(&v, kind, param, func)),
        }
    }

    /// The `*args` tuple of a `*param: Static[…]` parameter: one static value per argument
    /// (a spread iterable has no values known when compiling).
    pub fn static_varargs(
        &mut self,
        items: Vec<(bool, TExpr)>,
        kind: StaticKind,
        param: &str,
        func: &str,
        span: Span,
    ) -> R<TExpr> {
        let mut values = Vec::new();
        for (spread, v) in items {
            if spread {
                return Err(self.err(
                    v.span,
                    format!("{func}() takes '*{param}' as literals, not unpacked with *"),
                ));
            }
            values.push(self.static_arg(v, kind, param, func)?);
        }
        let ty = self
            .s
            .tuple_t(values.iter().map(|v| v.ty.clone()).collect());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn annotation(text: &str) -> Expr {
        let module = syntax::parse(text, syntax::FileId(0)).expect("the annotation parses");
        match module.body.into_iter().next().map(|s| s.kind) {
            Some(syntax::ast::StmtKind::Expr(e)) => e,
            _ => panic!("an expression statement"),
        }
    }

    #[test]
    fn static_annotations_name_their_kind() {
        assert_eq!(
            static_kind(&annotation("Static[str]")),
            Some(StaticKind::Str)
        );
        assert_eq!(
            static_kind(&annotation("Static[int]")),
            Some(StaticKind::Int)
        );
        assert_eq!(static_kind(&annotation("Static[float]")), None);
        assert_eq!(static_kind(&annotation("List[str]")), None);
        assert_eq!(static_kind(&annotation("str")), None);
    }
}
