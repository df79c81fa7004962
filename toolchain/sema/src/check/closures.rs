//! Code that becomes functions or loops of its own: nested `def`s, lambdas, generator
//! expressions, comprehensions, and f-strings (joined `str` pieces).

use std::collections::HashMap;
use std::rc::Rc;

use syntax::ast::{
    self, Comprehension, Expr, ExprKind, FStringPart, FunctionBody, Param, Stmt, StmtKind,
};
use syntax::Span;

use super::call::Arg;
use super::names::{names_read, names_read_stmts};
use super::{Binding, Fcx};
use crate::context::R;
use crate::defs::{ClassId, Symbol};
use crate::typed::{TExpr, TExprKind, TStmt, TTarget};
use crate::types::Type;

fn ident(name: &str, span: Span) -> ast::Ident {
    ast::Ident {
        name: name.to_string(),
        span,
    }
}

impl Fcx<'_, '_> {
    /// Locals visible here that `names` mentions: what a nested function must capture.
    fn captures_for(
        &self,
        names: &[String],
        exclude: &[String],
    ) -> Vec<(String, crate::typed::LocalId)> {
        let mut out = Vec::new();
        for n in names {
            if exclude.contains(n) {
                continue;
            }
            let shadowed = self.inner_scopes.iter().any(|s| s.contains_key(n));
            if let (Some(cell), false) = (self.cells.get(n), shadowed) {
                out.push((n.clone(), *cell));
                continue;
            }
            let found = self
                .inner_scopes
                .iter()
                .rev()
                .find_map(|s| match s.get(n) {
                    Some(Binding::Local(l)) => Some(*l),
                    _ => None,
                })
                .or_else(|| self.scope.get(n).copied());
            if let Some(l) = found {
                if !self.toplevel || self.inner_scopes.iter().any(|s| s.contains_key(n)) {
                    out.push((n.clone(), l));
                }
            }
        }
        out
    }

    /// Registers a function made here whose leading parameters receive the captured values,
    /// and returns the function value (a record of those values).
    fn make_closure(
        &mut self,
        mut f: ast::FunctionDef,
        captures: Vec<(String, crate::typed::LocalId)>,
        span: Span,
        synthetic: bool,
    ) -> TExpr {
        let mut params: Vec<Param> = captures
            .iter()
            .map(|(n, _)| Param {
                name: ident(n, span),
                annotation: None,
                default: None,
            })
            .collect();
        params.append(&mut f.params.posonly);
        params.append(&mut f.params.args);
        f.params.args = params;
        let def = self.s.add_func(self.module, self.file, None, Rc::new(f));
        let cell_captures = captures
            .iter()
            .filter(|(n, l)| self.cells.get(n) == Some(l))
            .map(|(n, _)| n.clone())
            .collect();
        let fd = &mut self.s.defs.funcs[def.0 as usize];
        fd.captures = captures.iter().map(|(n, _)| n.clone()).collect();
        fd.cell_captures = cell_captures;
        fd.synthetic = synthetic;
        fd.nested = !synthetic;
        let values: Vec<TExpr> = captures.iter().map(|(_, l)| self.local(*l, span)).collect();
        let ty = Type::Func {
            def,
            captured: values.iter().map(|v| v.ty.clone()).collect(),
        };
        TExpr::new(TExprKind::Record(values), ty, span)
    }

    /// A `def` statement: at module level it evaluates non-constant defaults once; inside a
    /// function it makes a closure bound to the name.
    pub fn check_def(&mut self, f: &ast::FunctionDef, span: Span) -> R<Vec<TStmt>> {
        if self.toplevel && self.inner_scopes.is_empty() {
            let module = self.module;
            let Some(def) = self
                .s
                .defs
                .funcs
                .iter()
                .position(|d| {
                    d.module == module && d.class.is_none() && d.ast.name.span == f.name.span
                })
                .map(|i| crate::defs::FuncDefId(i as u32))
            else {
                return Ok(vec![]);
            };
            let mut out = Vec::new();
            for p in f
                .params
                .posonly
                .iter()
                .chain(&f.params.args)
                .chain(&f.params.kwonly)
            {
                let Some(d) = &p.default else { continue };
                if is_constant(d) || super::is_type_param(p) {
                    continue;
                }
                let v = self.check_expr(d)?;
                let v = match &p.annotation {
                    Some(a) => {
                        let t = self.eval_type(a)?;
                        self.coerce(v, &t, "default value")?
                    }
                    None => v,
                };
                let g = self.s.defs.add_global(
                    format!("{}.default.{}", f.name.name, p.name.name),
                    Some(v.ty.clone()),
                );
                self.s.defs.funcs[def.0 as usize]
                    .default_globals
                    .insert(p.name.name.clone(), g);
                out.push(TStmt::Assign(TTarget::Global(g), v));
            }
            let decorators = user_decorators(f);
            if !decorators.is_empty() {
                out.extend(self.decorate_global(f, def, &decorators, span)?);
            }
            return Ok(out);
        }
        let FunctionBody::Stmts(body) = &f.body else {
            return Err(self.err(
                span,
                "@llvm functions must be defined at module or class level",
            ));
        };
        let params: Vec<String> = all_params(&f.params);
        let mut exclude = params;
        exclude.push(f.name.name.clone());
        let mut caps = self.captures_for(&names_read_stmts(body), &exclude);
        let mut def = f.clone();
        let (pre, defaults) = self.hoist_defaults(&mut def)?;
        caps.extend(defaults);
        let value = self.make_closure(def, caps, span, false);
        let value = Fcx::block(pre, value);
        let value = self.apply_decorators(&user_decorators(f), value, span)?;
        self.assign_name(&f.name.name, value, span)
    }

    /// `f = deco(f)` for a module-level function with decorators: the name becomes a global
    /// holding the decorated value. The global is typed before the decorators run (from the
    /// outermost decorator's declared return type, or its class) so that the function's own
    /// body, realized meanwhile, calls the decorated value (memoizing decorators).
    fn decorate_global(
        &mut self,
        f: &ast::FunctionDef,
        def: crate::defs::FuncDefId,
        decorators: &[Expr],
        span: Span,
    ) -> R<Vec<TStmt>> {
        let name = f.name.name.clone();
        let g = match self.s.defs.module(self.module).symbols.get(&name) {
            Some(Symbol::Global(g)) => *g,
            _ => self.s.declare_global(self.module, &name),
        };
        if self.s.defs.globals[g.0 as usize].ty.is_none() {
            let declared = self.decorator_result_type(&decorators[0], f)?;
            if let Some(t) = declared.filter(|t| self.s.store.is_resolved(t)) {
                self.s.defs.globals[g.0 as usize].ty = Some(t);
            }
        }
        let item = TExpr::new(
            TExprKind::Record(vec![]),
            Type::Func {
                def,
                captured: vec![],
            },
            span,
        );
        let value = self.apply_decorators(decorators, item, span)?;
        self.assign_global(g, value, span)
    }

    /// What a decorator evidently returns when applied to `f`: its declared return type (with
    /// its type parameters bound by `f`'s annotated signature), or its class. A decorator
    /// written as a call (`@lru_cache(maxsize=None)`) is its result's `__call__`.
    fn decorator_result_type(&mut self, d: &Expr, f: &ast::FunctionDef) -> R<Option<Type>> {
        if let ExprKind::Call { func, .. } = &d.kind {
            let ExprKind::Name(n) = &func.kind else {
                return Ok(None);
            };
            let Some(Symbol::Func(defs)) = self.lookup(n) else {
                return Ok(None);
            };
            let Some(made) = self.declared_result(defs[0], None, f)? else {
                return Ok(None);
            };
            let Some((class, _)) = self.s.class_of(&made) else {
                return Ok(None);
            };
            return match self.s.methods(class, "__call__").as_slice() {
                [call] => self.declared_result(*call, Some(made), f),
                _ => Ok(None),
            };
        }
        let ExprKind::Name(n) = &d.kind else {
            return Ok(None);
        };
        match self.lookup(n) {
            Some(Symbol::Func(defs)) if defs.len() == 1 => self.declared_result(defs[0], None, f),
            Some(Symbol::Class(c)) if self.s.defs.class(c).generics.is_empty() => {
                Ok(Some(self.s.simple(c)))
            }
            _ => Ok(None),
        }
    }

    /// The declared return type of `def` (a method of `self_ty` when given) called on the
    /// function `f`: its type parameters are bound by matching the parameter it takes `f` as
    /// (`func: Function[A, R]`) with `f`'s annotated signature. None when not known that way.
    fn declared_result(
        &mut self,
        def: crate::defs::FuncDefId,
        self_ty: Option<Type>,
        f: &ast::FunctionDef,
    ) -> R<Option<Type>> {
        let ast = self.s.defs.func(def).ast.clone();
        let Some(returns) = &ast.returns else {
            return Ok(None);
        };
        let saved = self.enter_generics(def, self_ty.clone());
        let result = (|| -> R<Option<Type>> {
            let skip = usize::from(self_ty.is_some());
            let first = ast.params.posonly.iter().chain(&ast.params.args).nth(skip);
            if let (Some(ann), Some(sig)) = (
                first.and_then(|p| p.annotation.as_ref()),
                self.annotated_signature(f)?,
            ) {
                let want = self.eval_type_in(def, ann)?;
                self.s.store.unify(&want, &sig);
            }
            let t = self.eval_type_in(def, returns)?;
            Ok(self.s.store.is_resolved(&t).then_some(t))
        })();
        self.generics = saved;
        result
    }

    /// `Function[Tuple[params], ret]` of a function whose parameters and return are annotated.
    fn annotated_signature(&mut self, f: &ast::FunctionDef) -> R<Option<Type>> {
        let p = &f.params;
        if p.vararg.is_some() || p.kwarg.is_some() || !p.kwonly.is_empty() {
            return Ok(None);
        }
        let Some(ret) = &f.returns else {
            return Ok(None);
        };
        let mut args = Vec::new();
        for param in p.posonly.iter().chain(&p.args) {
            let Some(ann) = &param.annotation else {
                return Ok(None);
            };
            args.push(self.eval_type(ann)?);
        }
        let ret = self.eval_type(ret)?;
        Ok(Some(self.s.function_t(args, ret)))
    }

    /// Applies decorators (innermost, i.e. last written, first) to a function value.
    fn apply_decorators(&mut self, decorators: &[Expr], mut value: TExpr, span: Span) -> R<TExpr> {
        for d in decorators.iter().rev() {
            let callee = self.check_expr(d)?;
            value = self.call_value(callee, vec![Arg { name: None, value }], span)?;
        }
        Ok(value)
    }

    /// A class used as a value (`map(str, xs)`, `partial(int, base=2)`): a function that
    /// constructs it, `def NAME(*args, **kwargs: _NamedArgs): return NAME(*args, **kwargs)`.
    pub fn class_as_function(&mut self, c: ClassId, span: Span) -> TExpr {
        let def = match self.s.class_ctor_funcs.get(&c) {
            Some(d) => *d,
            None => {
                let cd = self.s.defs.class(c);
                let (name, module, file) = (cd.name.clone(), cd.module, cd.file);
                let arg = Expr::new(ExprKind::Name("args".into()), span);
                let kwargs = Expr::new(ExprKind::Name("kwargs".into()), span);
                let call = Expr::new(
                    ExprKind::Call {
                        func: Box::new(Expr::new(ExprKind::Name(name.clone()), span)),
                        args: vec![Expr::new(ExprKind::Starred(Box::new(arg)), span)],
                        keywords: vec![ast::Keyword {
                            arg: None,
                            value: kwargs,
                            span,
                        }],
                    },
                    span,
                );
                let f = ast::FunctionDef {
                    name: ident(&name, span),
                    type_params: vec![],
                    params: ast::Parameters {
                        vararg: Some(Param {
                            name: ident("args", span),
                            annotation: None,
                            default: None,
                        }),
                        kwarg: Some(Param {
                            name: ident("kwargs", span),
                            annotation: Some(Expr::new(ExprKind::Name("_NamedArgs".into()), span)),
                            default: None,
                        }),
                        ..Default::default()
                    },
                    returns: None,
                    decorators: vec![],
                    body: FunctionBody::Stmts(vec![Stmt {
                        kind: StmtKind::Return(Some(call)),
                        span,
                    }]),
                    is_async: false,
                };
                let def = self.s.add_func(module, file, None, Rc::new(f));
                self.s.defs.funcs[def.0 as usize].synthetic = true;
                self.s.class_ctor_funcs.insert(c, def);
                def
            }
        };
        TExpr::new(
            TExprKind::Record(vec![]),
            Type::Func {
                def,
                captured: vec![],
            },
            span,
        )
    }

    /// `lambda params: body`.
    pub fn lambda(&mut self, params: &ast::Parameters, body: &Expr, span: Span) -> R<TExpr> {
        let names = all_params(params);
        let caps = self.captures_for(&names_read(body), &names);
        let f = ast::FunctionDef {
            name: ident("<lambda>", span),
            type_params: vec![],
            params: params.clone(),
            returns: None,
            decorators: vec![],
            body: FunctionBody::Stmts(vec![Stmt {
                kind: StmtKind::Return(Some(body.clone())),
                span,
            }]),
            is_async: false,
        };
        let mut f = f;
        let mut caps = caps;
        let (pre, defaults) = self.hoist_defaults(&mut f)?;
        caps.extend(defaults);
        let value = self.make_closure(f, caps, span, true);
        Ok(Fcx::block(pre, value))
    }

    /// Evaluates the non-constant defaults of a nested function once, where it is defined:
    /// each becomes a hidden captured value `.default.NAME`, which the parameter's default
    /// then names (calls through the function value bind it; see `call_value`).
    fn hoist_defaults(&mut self, f: &mut ast::FunctionDef) -> R<HoistedDefaults> {
        let mut pre = Vec::new();
        let mut caps = Vec::new();
        let p = &mut f.params;
        for param in p.posonly.iter_mut().chain(&mut p.args).chain(&mut p.kwonly) {
            let Some(d) = &param.default else { continue };
            if is_constant(d) {
                continue;
            }
            let v = self.check_expr(d)?;
            let v = match &param.annotation {
                Some(a) => {
                    let t = self.eval_type(a)?;
                    self.coerce(v, &t, "default value")?
                }
                None => v,
            };
            let (l, set) = self.temp(v);
            pre.push(set);
            let hidden = format!(".default.{}", param.name.name);
            param.default = Some(Expr::new(ExprKind::Name(hidden.clone()), d.span));
            caps.push((hidden, l));
        }
        Ok((pre, caps))
    }

    /// `(elt for … in … if …)`: a generator function called on the captured values.
    pub fn generator_expr(
        &mut self,
        elt: &Expr,
        generators: &[Comprehension],
        span: Span,
    ) -> R<TExpr> {
        let whole = Expr::new(
            ExprKind::GeneratorExp {
                elt: Box::new(elt.clone()),
                generators: generators.to_vec(),
            },
            span,
        );
        let caps = self.captures_for(&names_read(&whole), &[]);
        let mut stmt = Stmt {
            kind: StmtKind::Expr(Expr::new(
                ExprKind::Yield(Some(Box::new(elt.clone()))),
                span,
            )),
            span,
        };
        for g in generators.iter().rev() {
            for cond in g.ifs.iter().rev() {
                stmt = Stmt {
                    kind: StmtKind::If {
                        test: cond.clone(),
                        body: vec![stmt],
                        orelse: vec![],
                    },
                    span,
                };
            }
            stmt = Stmt {
                kind: StmtKind::For {
                    target: g.target.clone(),
                    iter: g.iter.clone(),
                    body: vec![stmt],
                    orelse: vec![],
                    is_async: false,
                    par: None,
                },
                span,
            };
        }
        let mut body = vec![stmt];
        if self.toplevel {
            // `(x := …)` inside a generator expression binds `x` in the enclosing scope.
            let walrus = super::names::walrus_targets(&whole);
            if !walrus.is_empty() {
                let names = walrus.iter().map(|n| ident(n, span)).collect();
                body.insert(
                    0,
                    Stmt {
                        kind: StmtKind::Global(names),
                        span,
                    },
                );
            }
        }
        let f = ast::FunctionDef {
            name: ident("<genexpr>", span),
            type_params: vec![],
            params: ast::Parameters::default(),
            returns: None,
            decorators: vec![],
            body: FunctionBody::Stmts(body),
            is_async: false,
        };
        let func = self.make_closure(f, caps, span, true);
        self.call_value(func, vec![], span)
    }

    /// List, set and dict comprehensions, run in place.
    pub fn comprehension(
        &mut self,
        class: ClassId,
        elts: &[&Expr],
        generators: &[Comprehension],
        span: Span,
    ) -> R<TExpr> {
        let ty = self.fresh_instance(class);
        let obj = self.construct(ty, vec![], span)?;
        let (acc, set) = self.temp(obj);
        self.inner_scopes.push(HashMap::new());
        let r = self.comp_level(acc, elts, generators, span);
        self.inner_scopes.pop();
        let body = r?;
        let mut stmts = vec![set];
        stmts.extend(body);
        Ok(Fcx::block(stmts, self.local(acc, span)))
    }

    fn comp_level(
        &mut self,
        acc: crate::typed::LocalId,
        elts: &[&Expr],
        generators: &[Comprehension],
        span: Span,
    ) -> R<Vec<TStmt>> {
        let Some((g, rest)) = generators.split_first() else {
            let target = self.local(acc, span);
            let call = if elts.len() == 2 {
                let k = self.check_expr(elts[0])?;
                let v = self.check_expr(elts[1])?;
                self.call_method_named(target, "__setitem__", vec![k, v], "a comprehension")?
            } else {
                let v = self.check_expr(elts[0])?;
                let is_list = self
                    .s
                    .class_of(&target.ty)
                    .map(|(c, _)| c == self.s.core().list)
                    .unwrap_or(false);
                let add = if is_list { "append" } else { "add" };
                self.call_method_named(target, add, vec![v], "a comprehension")?
            };
            return Ok(vec![TStmt::Expr(call)]);
        };
        let it = self.check_expr(&g.iter)?;
        let gen = self.iterate(it)?;
        let item = match self.s.class_of(&gen.ty) {
            Some((_, a)) if !a.is_empty() => a[0].clone(),
            _ => self.s.store.fresh(),
        };
        let mut names = Vec::new();
        collect_target_names(&g.target, &mut names);
        // a comprehension variable read by lambdas made in the comprehension is one cell, so
        // that each lambda sees its final value (as in Python)
        let lambda_reads = lambda_reads(elts, generators);
        let mut pre = Vec::new();
        let mut saved_cells = Vec::new();
        for n in names {
            if lambda_reads.contains(&n) {
                let (cell, alloc) = self.new_cell(&n, span)?;
                pre.push(alloc);
                saved_cells.push((n.clone(), self.cells.insert(n.clone(), cell)));
                self.inner_scopes
                    .last_mut()
                    .expect("comprehension scope")
                    .remove(&n);
                continue;
            }
            let t = self.s.store.fresh();
            let id = self.s.next_id();
            let l = self.new_local(&format!("{n}.c{id}"), t);
            self.inner_scopes
                .last_mut()
                .expect("comprehension scope")
                .insert(n, Binding::Local(l));
        }
        let id = self.s.next_id();
        let var = self.new_local(&format!(".comp{id}"), item);
        let r = self.comp_body(acc, elts, g, rest, var, span);
        for (n, old) in saved_cells {
            match old {
                Some(c) => self.cells.insert(n, c),
                None => self.cells.remove(&n),
            };
        }
        pre.push(TStmt::For {
            iter: gen,
            var,
            body: r?,
            par: None,
        });
        Ok(pre)
    }

    fn comp_body(
        &mut self,
        acc: crate::typed::LocalId,
        elts: &[&Expr],
        g: &Comprehension,
        rest: &[Comprehension],
        var: crate::typed::LocalId,
        span: Span,
    ) -> R<Vec<TStmt>> {
        let mut body = self.assign_to(&g.target, self.local(var, span))?;
        let mut conds = Vec::new();
        for cond in &g.ifs {
            let c = self.check_expr(cond)?;
            conds.push(self.truthy(c)?);
        }
        let mut inner = self.comp_level(acc, elts, rest, span)?;
        for c in conds.into_iter().rev() {
            inner = vec![TStmt::If(c, inner, vec![])];
        }
        body.extend(inner);
        Ok(body)
    }

    /// An f-string: the pieces converted to `str` and concatenated.
    pub fn fstring(&mut self, parts: &[FStringPart], span: Span) -> R<TExpr> {
        let mut acc: Option<TExpr> = None;
        for p in parts {
            let piece = match p {
                FStringPart::Literal(s) => {
                    TExpr::new(TExprKind::Str(s.clone()), self.s.str_t(), span)
                }
                FStringPart::Formatted {
                    value,
                    conversion,
                    spec,
                    debug_text,
                } => {
                    let v = self.check_expr(value)?;
                    let v = match conversion {
                        Some('r') => self.call_builtin("repr", vec![v], span)?,
                        Some('a') => self.call_builtin("ascii", vec![v], span)?,
                        Some(_) => self.call_builtin("str", vec![v], span)?,
                        None => v,
                    };
                    let text = if spec.is_empty() {
                        if debug_text.is_some() && conversion.is_none() {
                            self.call_builtin("repr", vec![v], span)?
                        } else {
                            self.call_builtin("str", vec![v], span)?
                        }
                    } else {
                        let spec_v = self.fstring(spec, span)?;
                        self.call_builtin("format", vec![v, spec_v], span)?
                    };
                    match debug_text {
                        Some(d) => {
                            let lit = TExpr::new(TExprKind::Str(d.clone()), self.s.str_t(), span);
                            self.binary(lit, "__add__", text, span)?
                        }
                        None => text,
                    }
                }
            };
            acc = Some(match acc {
                None => piece,
                Some(a) => self.binary(a, "__add__", piece, span)?,
            });
        }
        Ok(acc.unwrap_or_else(|| TExpr::new(TExprKind::Str(String::new()), self.s.str_t(), span)))
    }

    /// Calls a prelude function or class by name.
    pub fn call_builtin(&mut self, name: &str, args: Vec<TExpr>, span: Span) -> R<TExpr> {
        let args: Vec<Arg> = args
            .into_iter()
            .map(|value| Arg { name: None, value })
            .collect();
        match self
            .s
            .defs
            .module(self.s.builtins)
            .symbols
            .get(name)
            .cloned()
        {
            Some(Symbol::Func(defs)) => self.call_overloads(&defs, args, span, name),
            Some(Symbol::Class(c)) => {
                let t = self.fresh_instance(c);
                self.construct(t, args, span)
            }
            _ => Err(self.err(span, format!("the stdlib does not define '{name}'"))),
        }
    }
}

/// What evaluating a nested function's defaults produced: the statements computing them, and
/// the hidden captures holding them.
type HoistedDefaults = (Vec<TStmt>, Vec<(String, crate::typed::LocalId)>);

/// Names read by the bodies of lambdas inside a comprehension's parts.
fn lambda_reads(elts: &[&Expr], generators: &[Comprehension]) -> Vec<String> {
    let mut out = Vec::new();
    let parts = elts
        .iter()
        .copied()
        .chain(generators.iter().flat_map(|g| g.ifs.iter()));
    for e in parts {
        super::names::walk_expr(e, &mut |x| {
            if let ExprKind::Lambda { body, .. } = &x.kind {
                out.extend(names_read(body));
            }
        });
    }
    out
}

fn collect_target_names(e: &Expr, out: &mut Vec<String>) {
    match &e.kind {
        ExprKind::Name(n) => out.push(n.clone()),
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            items.iter().for_each(|i| collect_target_names(i, out))
        }
        ExprKind::Starred(i) => collect_target_names(i, out),
        _ => {}
    }
}

fn all_params(p: &ast::Parameters) -> Vec<String> {
    p.all().map(|x| x.name.name.clone()).collect()
}

/// Literal defaults are evaluated at each call instead of once (it is the same value).
fn is_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int { .. }
        | ExprKind::Float(_)
        | ExprKind::Str(_)
        | ExprKind::Bool(_)
        | ExprKind::None => true,
        ExprKind::UnaryOp { operand, .. } => is_constant(operand),
        ExprKind::Tuple(items) => items.iter().all(is_constant),
        _ => false,
    }
}

/// Decorators the compiler interprets itself (kinds of methods, code generation attributes);
/// any other decorator is a function applied to the defined function.
fn is_compiler_decorator(name: &str) -> bool {
    matches!(
        name,
        "staticmethod"
            | "classmethod"
            | "property"
            | "llvm"
            | "extern"
            | "C"
            | "tuple"
            | "__internal__"
            | "inline"
            | "noinline"
            | "export"
            | "par"
            | "test"
            | "pure"
            | "nocapture"
            | "noreturn"
            | "__hidden__"
            | "overload"
    ) || is_codon_annotation(name)
        || name.ends_with(".setter")
        || name.starts_with("par.")
}

/// Codon's optimisation annotations, recorded as the function's attributes in CIR and
/// otherwise without effect (`@pure` and `@nonpure` say whether a call may be removed or
/// folded; the others state algebraic properties for Codon's own IR passes).
fn is_codon_annotation(name: &str) -> bool {
    matches!(
        name,
        "nonpure" | "commutative" | "associative" | "distributive" | "derives" | "self_init"
    )
}

/// The decorators of a function that are applied to it as functions.
fn user_decorators(f: &ast::FunctionDef) -> Vec<Expr> {
    f.decorators
        .iter()
        .filter(|d| !is_compiler_decorator(&crate::loader::decorator_name(d)))
        .cloned()
        .collect()
}
