//! Names in functions that nothing calls. The type checker resolves a function's names when it
//! realizes the function, so a misspelled name in a function that the program never calls
//! would go unnoticed; as Codon does, every such body in the user's modules is scanned and a
//! name bound nowhere (not in the function or any scope nested in it, not in its module, not
//! a builtin) is a compile error at its line.

use std::collections::HashSet;

use syntax::ast::{self, Expr, ExprKind, FunctionBody, Parameters, Stmt, StmtKind};
use syntax::Diagnostic;

use crate::check::names::{assigned_names, names_read_stmts, walk_expr};
use crate::context::{Sema, R};
use crate::defs::ModuleId;

/// Names the type checker interprets itself, without a definition in the stdlib.
const INTRINSIC_NAMES: &[&str] = &[
    "__copy_obj__",
    "__has__",
    "__obj_ptr__",
    "__ptr__",
    "__ptr_eq__",
    "__record__",
    "__typename__",
    "__val__",
    "_named_merge",
    "getattr",
    "isinstance",
    "staticlen",
    "staticrange",
    "super",
    "Static",
    "Any",
    "Callable",
    "__name__",
    "__file__",
];

impl Sema<'_> {
    /// Reports the first name that the user's functions which were never realized read and
    /// that is bound nowhere.
    pub fn check_unrealized_names(&self) -> R<()> {
        let realized: HashSet<(usize, u32)> = self
            .defs
            .reals
            .iter()
            .map(|r| {
                let fd = self.defs.func(r.def);
                (fd.file.0, fd.ast.name.span.start)
            })
            .collect();
        for m in 0..self.defs.modules.len() {
            let module = ModuleId(m as u32);
            if module == self.builtins {
                continue;
            }
            for (file, tree) in &self.defs.module(module).parts {
                if self.in_stdlib(*file) || has_star_import(&tree.body) {
                    continue;
                }
                let mut module_names = deep_bindings(&tree.body);
                module_names.extend(self.defs.module(module).symbols.keys().cloned());
                for f in top_level_functions(&tree.body) {
                    if realized.contains(&(file.0, f.name.span.start)) {
                        continue;
                    }
                    if let Some((name, span)) = self.unbound_name(f, &module_names) {
                        return Err(Box::new(
                            Diagnostic::error(*file, span, format!("name '{name}' is not defined"))
                                .with_help(format!(
                                    "'{}' is never called, but its body is checked; define \
                                     '{name}' or fix its spelling",
                                    f.name.name
                                )),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The first name `f`'s body reads that no scope binds.
    fn unbound_name(
        &self,
        f: &ast::FunctionDef,
        module_names: &HashSet<String>,
    ) -> Option<(String, syntax::Span)> {
        let FunctionBody::Stmts(body) = &f.body else {
            return None;
        };
        let mut bound = deep_bindings(body);
        params(&f.params, &mut bound);
        bound.extend(f.type_params.iter().map(|t| t.name.clone()));
        let builtins = &self.defs.module(self.builtins).symbols;
        let known = |n: &str| {
            bound.contains(n)
                || module_names.contains(n)
                || builtins.contains_key(n)
                || INTRINSIC_NAMES.contains(&n)
        };
        let unknown = names_read_stmts(body).into_iter().find(|n| !known(n))?;
        first_span_of(body, &unknown).map(|span| (unknown, span))
    }
}

/// Whether the module imports `*` from somewhere (then any name may be defined).
fn has_star_import(body: &[Stmt]) -> bool {
    body.iter().any(|s| match &s.kind {
        StmtKind::ImportFrom { names, .. } => names.iter().any(|a| a.name == "*"),
        _ => s.nested_blocks().iter().any(|b| has_star_import(b)),
    })
}

/// The module's functions and its classes' methods (at any depth of `if`/`try` blocks).
fn top_level_functions(body: &[Stmt]) -> Vec<&ast::FunctionDef> {
    let mut out = Vec::new();
    for s in body {
        match &s.kind {
            StmtKind::FunctionDef(f) => out.push(f.as_ref()),
            StmtKind::ClassDef(c) => out.extend(top_level_functions(&c.body)),
            _ => {
                for b in s.nested_blocks() {
                    out.extend(top_level_functions(b));
                }
            }
        }
    }
    out
}

/// Every name bound anywhere in `body`, nested functions, classes, lambdas, comprehensions and
/// `match` captures included (through `assigned_names`): a generous set, so that only names bound nowhere are reported.
fn deep_bindings(body: &[Stmt]) -> HashSet<String> {
    let (mut out, globals) = assigned_names(body);
    out.extend(globals);
    for s in body {
        match &s.kind {
            StmtKind::FunctionDef(f) => {
                params(&f.params, &mut out);
                out.extend(f.type_params.iter().map(|t| t.name.clone()));
                if let FunctionBody::Stmts(b) = &f.body {
                    out.extend(deep_bindings(b));
                }
            }
            StmtKind::ClassDef(c) => {
                out.extend(c.type_params.iter().map(|t| t.name.clone()));
                out.extend(deep_bindings(&c.body));
            }
            _ => {}
        }
        for b in s.nested_blocks() {
            out.extend(deep_bindings(b));
        }
    }
    let mut inner = HashSet::new();
    crate::check::names::visit_all_exprs(body, &mut |e| expr_bindings(e, &mut inner));
    out.extend(inner);
    out
}

/// Names bound inside an expression: lambda parameters, comprehension targets, `:=`.
fn expr_bindings(e: &Expr, out: &mut HashSet<String>) {
    walk_expr(e, &mut |x| match &x.kind {
        ExprKind::Lambda { params: p, .. } => params(p, out),
        ExprKind::ListComp { generators, .. }
        | ExprKind::SetComp { generators, .. }
        | ExprKind::GeneratorExp { generators, .. }
        | ExprKind::DictComp { generators, .. } => {
            for g in generators {
                crate::check::names::target_names(&g.target, out);
            }
        }
        ExprKind::NamedExpr { target, .. } => crate::check::names::target_names(target, out),
        _ => {}
    });
}

fn params(p: &Parameters, out: &mut HashSet<String>) {
    for a in p.all() {
        out.insert(a.name.name.clone());
    }
}

/// Where `name` is first read in `body`.
fn first_span_of(body: &[Stmt], name: &str) -> Option<syntax::Span> {
    let mut found = None;
    crate::check::names::visit_all_exprs(body, &mut |e| {
        walk_expr(e, &mut |x| {
            if found.is_none() && matches!(&x.kind, ExprKind::Name(n) if n == name) {
                found = Some(x.span);
            }
        })
    });
    found
}
