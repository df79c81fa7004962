//! Types passed as arguments, as Codon allows: parameters annotated `type` (`def f(x, T: type)`,
//! called `f(1, int)` or `f(1, T=int)`, with defaults such as `T: type = int`) and explicit
//! type parameters of generic functions (`def g[T](…)` called `g(…, T=int)` or `g[int](…)`).
//!
//! A `type` parameter is realized per type: its argument is a placeholder value of the type
//! (the realization is keyed on argument types), and in the body its name denotes the type
//! (`T(x)`, `List[T]()`, `T.__name__`, `isinstance(x, T)`).

use std::collections::HashMap;

use syntax::ast::{self, Expr, ExprKind};
use syntax::Span;

use super::Fcx;
use crate::context::R;
use crate::defs::{FuncDefId, Symbol};
use crate::typed::{TExpr, TExprKind};
use crate::types::Type;

/// Whether a parameter is annotated `type`.
pub fn is_type_param(p: &ast::Param) -> bool {
    matches!(&p.annotation, Some(Expr { kind: ExprKind::Name(n), .. }) if n == "type")
}

/// The positional parameters (posonly, then normal) and keyword-only ones of a definition.
fn positional_params(f: &ast::FunctionDef) -> Vec<&ast::Param> {
    f.params.posonly.iter().chain(&f.params.args).collect()
}

/// The overloads of a function called with explicit type arguments, and those arguments.
pub type ExplicitCall = (Vec<FuncDefId>, HashMap<String, Type>);

/// Where a call passes types: positions and keyword names of `type` parameters, and the
/// function's own type parameters (for `T=int`).
#[derive(Default)]
pub struct TypeSlots {
    pub positions: Vec<usize>,
    pub keywords: Vec<String>,
    pub type_params: Vec<String>,
}

impl Fcx<'_, '_> {
    /// The type slots of the function a call's callee names (a plain function name).
    pub fn type_slots(&mut self, func: &Expr) -> Option<TypeSlots> {
        let ExprKind::Name(n) = &func.kind else {
            return None;
        };
        if self.is_variable(n) {
            return None;
        }
        let Some(Symbol::Func(defs)) = self.lookup(n) else {
            return None;
        };
        let f = self.s.defs.func(*defs.first()?).ast.clone();
        let mut slots = TypeSlots::default();
        for (i, p) in positional_params(&f).into_iter().enumerate() {
            if is_type_param(p) {
                slots.positions.push(i);
                slots.keywords.push(p.name.name.clone());
            }
        }
        for p in &f.params.kwonly {
            if is_type_param(p) {
                slots.keywords.push(p.name.name.clone());
            }
        }
        slots.type_params = f.type_params.iter().map(|t| t.name.clone()).collect();
        (!slots.positions.is_empty() || !slots.keywords.is_empty() || !slots.type_params.is_empty())
            .then_some(slots)
    }

    /// A type given as an argument: a placeholder value of that type.
    pub fn type_arg(&mut self, e: &Expr) -> R<TExpr> {
        let t = self.eval_type(e).map_err(|d| {
            Box::new(
                syntax::Diagnostic::error(
                    self.file,
                    e.span,
                    "this argument is a type (its parameter is annotated `type`): write a \
                     type such as int or List[str]",
                )
                .with_help(d.message.clone()),
            )
        })?;
        if matches!(
            self.s.store.shallow(&t),
            Type::Static(_) | Type::StaticStr(_)
        ) {
            return Err(self.err(
                e.span,
                "this argument is a type (its parameter is annotated `type`), not a value",
            ));
        }
        Ok(TExpr::new(TExprKind::Null, t, e.span))
    }

    /// Explicit type arguments of a generic function (`T=int`), bound when its signature is
    /// matched.
    pub fn explicit_type_params(
        &mut self,
        slots: &TypeSlots,
        keywords: &[ast::Keyword],
    ) -> R<HashMap<String, Type>> {
        let mut out = HashMap::new();
        for k in keywords {
            if let Some(n) = &k.arg {
                if slots.type_params.contains(&n.name) && !slots.keywords.contains(&n.name) {
                    let t = self.eval_type(&k.value)?;
                    out.insert(n.name.clone(), t);
                }
            }
        }
        Ok(out)
    }

    /// `f[int, str](…)`: a generic function called with its type parameters given in order.
    pub fn subscripted_function(
        &mut self,
        value: &Expr,
        index: &Expr,
        span: Span,
    ) -> R<Option<ExplicitCall>> {
        let ExprKind::Name(n) = &value.kind else {
            return Ok(None);
        };
        if self.is_variable(n) {
            return Ok(None);
        }
        let Some(Symbol::Func(defs)) = self.lookup(n) else {
            return Ok(None);
        };
        let params: Vec<String> = self
            .s
            .defs
            .func(defs[0])
            .ast
            .type_params
            .iter()
            .map(|t| t.name.clone())
            .collect();
        let items: Vec<&Expr> = match &index.kind {
            ExprKind::Tuple(items) => items.iter().collect(),
            _ => vec![index],
        };
        if items.len() != params.len() {
            return Err(self.err(
                span,
                format!(
                    "{n}[…] gives {} type argument(s) but {n} has {} type parameter(s){}",
                    items.len(),
                    params.len(),
                    if params.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", params.join(", "))
                    }
                ),
            ));
        }
        let mut out = HashMap::new();
        for (p, it) in params.into_iter().zip(items) {
            let t = self.eval_type(it)?;
            out.insert(p, t);
        }
        Ok(Some((defs, out)))
    }
}

/// A generic function's type parameters that its parameters' annotations do not mention
/// (`def make[T]() -> List[T]`, `def check[T](x)`) cannot be inferred from a call's
/// arguments: they become keyword-only `T: type` parameters, so that `make[int]()` and
/// `make(T=int)` realize the function per type (and a call without them is an error).
pub fn type_params_as_parameters(
    f: std::rc::Rc<ast::FunctionDef>,
) -> std::rc::Rc<ast::FunctionDef> {
    if f.type_params.is_empty() {
        return f;
    }
    let p = &f.params;
    let mut mentioned = std::collections::HashSet::new();
    for param in p.all() {
        if let Some(a) = &param.annotation {
            super::names::walk_expr(a, &mut |e| {
                if let ExprKind::Name(n) = &e.kind {
                    mentioned.insert(n.clone());
                }
            });
        }
    }
    let hidden: Vec<ast::Ident> = f
        .type_params
        .iter()
        .filter(|t| !mentioned.contains(&t.name))
        .cloned()
        .collect();
    if hidden.is_empty() {
        return f;
    }
    let mut g = (*f).clone();
    for t in hidden {
        g.params.kwonly.push(ast::Param {
            name: t.clone(),
            annotation: Some(Expr::new(ExprKind::Name("type".into()), t.span)),
            default: None,
        });
    }
    std::rc::Rc::new(g)
}
