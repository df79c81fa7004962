//! Checking statements: assignments, control flow, loops, exceptions, imports, definitions.

use std::collections::HashMap;

use syntax::ast::{self, Expr, ExprKind, Stmt, StmtKind};
use syntax::Span;

use super::{Binding, Fcx};
use crate::context::R;
use crate::defs::Symbol;
use crate::typed::{TExpr, TExprKind, THandler, TStmt, TTarget};
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Checks statements in order.
    pub fn check_block(&mut self, body: &[Stmt]) -> R<Vec<TStmt>> {
        let mut out = Vec::new();
        let mut narrowed = 0;
        let mut result = Ok(());
        for (i, s) in body.iter().enumerate() {
            match self.check_stmt(s) {
                Ok(stmts) => out.extend(stmts),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
            match self.narrow_after(s, &body[i + 1..]) {
                Ok(Some((set, scope))) => {
                    out.push(set);
                    self.inner_scopes.push(scope);
                    narrowed += 1;
                }
                Ok(None) => {}
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        for _ in 0..narrowed {
            self.inner_scopes.pop();
        }
        result.map(|()| out)
    }

    /// Checks one statement (it may become several).
    pub fn check_stmt(&mut self, s: &Stmt) -> R<Vec<TStmt>> {
        let span = s.span;
        match &s.kind {
            StmtKind::Expr(e) if super::pipeline::is_pipeline(e) => {
                match self.check_pipeline(e, true)? {
                    Ok(v) => Ok(vec![TStmt::Expr(v)]),
                    Err(stmts) => Ok(stmts),
                }
            }
            StmtKind::Expr(e) => Ok(vec![TStmt::Expr(self.check_expr(e)?)]),
            StmtKind::Assign { targets, value } => {
                if let [Expr {
                    kind: ExprKind::Name(n),
                    ..
                }] = targets.as_slice()
                {
                    if let Some(stmts) = self.namedtuple_assign(n, value)? {
                        return Ok(stmts);
                    }
                    if self.toplevel
                        && (matches!(
                            self.s.defs.module(self.module).symbols.get(n),
                            Some(Symbol::Class(_))
                        ) || self.s.type_aliases.contains_key(&(self.module, n.clone())))
                    {
                        return Ok(vec![]);
                    }
                }
                let v = self.check_expr(value)?;
                if targets.len() == 1 {
                    return self.assign_to(&targets[0], v);
                }
                let (lid, set) = self.temp(v);
                let mut out = vec![set];
                for t in targets {
                    let val = self.local(lid, span);
                    out.extend(self.assign_to(t, val)?);
                }
                Ok(out)
            }
            StmtKind::AnnAssign {
                target,
                annotation,
                value,
            } => {
                let t = self.eval_type(annotation)?;
                match value {
                    Some(v) => {
                        let v = self.check_expected(v, &t, "annotated assignment")?;
                        self.assign_to(target, v)
                    }
                    None => Ok(vec![]),
                }
            }
            StmtKind::AugAssign { target, op, value } => self.aug_assign(target, *op, value, span),
            StmtKind::Pass => Ok(vec![]),
            StmtKind::Break => Ok(vec![TStmt::Break]),
            StmtKind::Continue => Ok(vec![TStmt::Continue]),
            StmtKind::Return(v) => self.check_return(v.as_ref(), span),
            StmtKind::If { test, body, orelse } => {
                if let Some(b) = self.static_bool(test)? {
                    return self.check_block(if b { body } else { orelse });
                }
                let c = self.check_expr(test)?;
                let c = self.truthy(c)?;
                let b = match self.narrow_within(test, body)? {
                    Some((set, scope)) => {
                        self.inner_scopes.push(scope);
                        let b = self.check_block(body);
                        self.inner_scopes.pop();
                        let mut out = vec![set];
                        out.extend(b?);
                        out
                    }
                    None => self.check_block(body)?,
                };
                let o = self.check_block(orelse)?;
                Ok(vec![TStmt::If(c, b, o)])
            }
            StmtKind::While { test, body, orelse } => {
                let c = self.check_expr(test)?;
                let c = self.truthy(c)?;
                self.enter_loop();
                let b = self.check_block(body);
                self.exit_loop();
                self.with_else(TStmt::While(c, b?), orelse)
            }
            StmtKind::For {
                target,
                iter,
                body,
                orelse,
                par,
                ..
            } => {
                let mut out = self.check_for(target, iter, body, orelse, span)?;
                if let Some(spec) = par {
                    let tpar = self.check_par(spec)?;
                    match out.iter_mut().find(|s| matches!(s, TStmt::For { .. })) {
                        Some(TStmt::For { par, .. }) => *par = Some(Box::new(tpar)),
                        _ => {
                            return Err(self.err(
                                spec.span,
                                "`@par` needs a loop over a sequence with a length",
                            ))
                        }
                    }
                }
                Ok(out)
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
                ..
            } => self.check_try(body, handlers, orelse, finalbody),
            StmtKind::Raise { exc, .. } => match exc {
                Some(e) => {
                    let v = match self.static_symbol(e) {
                        Some(Symbol::Class(c)) => {
                            let t = self.fresh_instance(c);
                            self.construct(t, vec![], e.span)?
                        }
                        _ => self.check_expr(e)?,
                    };
                    let v = match self.s.class_of(&v.ty) {
                        Some((c, _))
                            if self.s.defs.class(c).kind == crate::defs::ClassKind::Ref =>
                        {
                            v
                        }
                        Some(_) => {
                            return Err(
                                self.err(e.span, "exceptions must derive from BaseException")
                            )
                        }
                        None => {
                            return Ok(vec![TStmt::Expr(
                                self.defer(e.span, "the raised exception"),
                            )])
                        }
                    };
                    Ok(vec![TStmt::Raise(v, span)])
                }
                None => match self.exc_stack.last() {
                    Some(l) => Ok(vec![TStmt::Raise(self.local(*l, span), span)]),
                    None => Err(self.err(span, "no active exception to re-raise")),
                },
            },
            StmtKind::Assert { test, msg } => {
                let c = self.check_expr(test)?;
                let c = self.truthy(c)?;
                let args: Vec<Expr> = msg.iter().cloned().collect();
                let name = Expr::new(ExprKind::Name("AssertionError".into()), span);
                let exc = if args.is_empty() {
                    self.check_call(&name, &[], &[], span)?
                } else {
                    let m = self.check_expr(&args[0])?;
                    let m = self.call_method_named(m, "__str__", vec![], "assert message")?;
                    let e = ast::Expr::new(ExprKind::Name(".assert_msg".into()), span);
                    let (lid, set) = self.temp(m);
                    self.inner_scopes.push(HashMap::from([(
                        ".assert_msg".to_string(),
                        Binding::Local(lid),
                    )]));
                    let r = self.check_call(&name, &[e], &[], span);
                    self.inner_scopes.pop();
                    Fcx::block(vec![set], r?)
                };
                Ok(vec![TStmt::If(c, vec![], vec![TStmt::Raise(exc, span)])])
            }
            StmtKind::Delete(targets) => {
                let mut out = Vec::new();
                for t in targets {
                    match &t.kind {
                        ExprKind::Subscript { value, index } => {
                            let o = self.check_expr(value)?;
                            let i = self.check_index(index)?;
                            out.push(TStmt::Expr(self.call_method_named(
                                o,
                                "__delitem__",
                                vec![i],
                                "del",
                            )?));
                        }
                        ExprKind::Name(_) => {}
                        _ => return Err(self.err(t.span, "cannot delete this expression")),
                    }
                }
                Ok(out)
            }
            StmtKind::Global(_) | StmtKind::Nonlocal(_) => Ok(vec![]),
            StmtKind::Import(aliases) => {
                let mut out = Vec::new();
                for a in aliases {
                    let m = self
                        .s
                        .import_module(&a.name, self.module, self.file, a.span)?;
                    out.extend(self.run_module_init(m, a.span)?);
                    let (bind, target) = match &a.asname {
                        Some(n) => (n.name.clone(), m),
                        None => {
                            let top = a.name.split('.').next().unwrap_or_default().to_string();
                            let tm = self.s.module_by_name[&top];
                            (top, tm)
                        }
                    };
                    self.s.defs.modules[self.module.0 as usize]
                        .symbols
                        .insert(bind, Symbol::Module(target));
                }
                Ok(out)
            }
            StmtKind::ImportFrom {
                module,
                names,
                level,
            } => {
                let name = module.clone().unwrap_or_default();
                let m = self
                    .s
                    .import_relative(&name, *level, self.module, self.file, span)?;
                let mut out = self.run_module_init(m, span)?;
                for a in names {
                    if a.name == "*" {
                        let syms: Vec<(String, Symbol)> = self
                            .s
                            .defs
                            .module(m)
                            .symbols
                            .iter()
                            .filter(|(k, _)| !k.starts_with('_'))
                            .map(|(k, v)| (k.clone(), v.clone()))
                            .collect();
                        for (k, v) in syms {
                            self.s.defs.modules[self.module.0 as usize]
                                .symbols
                                .insert(k, v);
                        }
                        continue;
                    }
                    if let Some(alias) = self.s.type_aliases.get(&(m, a.name.clone())).cloned() {
                        // a type alias (`Vec = Ptr[float]`) imported by name
                        let bind = a
                            .asname
                            .as_ref()
                            .map(|n| n.name.clone())
                            .unwrap_or_else(|| a.name.clone());
                        self.s.type_aliases.insert((self.module, bind), alias);
                        continue;
                    }
                    let sym =
                        match self
                            .s
                            .defs
                            .module(m)
                            .symbols
                            .get(&a.name)
                            .cloned()
                            .or_else(|| {
                                self.s
                                    .defs
                                    .module(self.s.builtins)
                                    .symbols
                                    .get(&a.name)
                                    .cloned()
                            }) {
                            Some(s) => s,
                            None => {
                                let sub = format!("{}.{}", self.s.defs.module(m).name, a.name);
                                match self.s.import_module(&sub, self.module, self.file, a.span) {
                                    Ok(sm) => {
                                        out.extend(self.run_module_init(sm, a.span)?);
                                        Symbol::Module(sm)
                                    }
                                    Err(_) => {
                                        let mname = self.s.defs.module(m).name.clone();
                                        return Err(self.err(
                                            a.span,
                                            format!(
                                                "cannot import name '{}' from '{mname}'",
                                                a.name
                                            ),
                                        ));
                                    }
                                }
                            }
                        };
                    let bind = a
                        .asname
                        .as_ref()
                        .map(|n| n.name.clone())
                        .unwrap_or_else(|| a.name.clone());
                    self.s.defs.modules[self.module.0 as usize]
                        .symbols
                        .insert(bind, sym);
                }
                Ok(out)
            }
            StmtKind::FunctionDef(f) => self.check_def(f, span),
            StmtKind::ClassDef(c) => {
                if self.toplevel && self.inner_scopes.is_empty() {
                    return Ok(vec![]);
                }
                match self.s.nested_classes.get(&(self.file, c.name.span.start)) {
                    Some(id) => {
                        // a class defined in a function: its name, from here on
                        let sym = crate::defs::Symbol::Class(*id);
                        self.static_names.insert(c.name.name.clone(), sym);
                        Ok(vec![])
                    }
                    None => Err(self.err(
                        span,
                        "classes must be defined at module level or in the body of a \
                         module-level function",
                    )),
                }
            }
            StmtKind::With { items, body, .. } => self.check_with(items, body, span),
            StmtKind::Match { subject, cases } => self.check_match(subject, cases, span),
        }
    }

    fn with_else(&mut self, looped: TStmt, orelse: &[Stmt]) -> R<Vec<TStmt>> {
        if orelse.is_empty() {
            return Ok(vec![looped]);
        }
        // `else` runs unless the loop was left by `break`: a flag cleared by each break.
        let bt = self.s.bool_t();
        let n = self.s.next_id();
        let flag = self.new_local(&format!(".noBreak{n}"), bt.clone());
        let set = |v| {
            TStmt::Assign(
                crate::typed::TTarget::Local(flag),
                TExpr::new(TExprKind::Bool(v), bt.clone(), Span::default()),
            )
        };
        let looped = mark_breaks(looped, &|| set(false));
        let o = self.check_block(orelse)?;
        Ok(vec![
            set(true),
            looped,
            TStmt::If(self.local(flag, Span::default()), o, vec![]),
        ])
    }

    fn check_return(&mut self, v: Option<&Expr>, span: Span) -> R<Vec<TStmt>> {
        if self.toplevel {
            return Err(self.err(span, "'return' outside function"));
        }
        if self.yield_ty.is_some() || self.is_generator() {
            return Ok(vec![TStmt::Return(None)]);
        }
        let ret = self.ret.clone();
        let declared = !matches!(self.s.store.shallow(&ret), Type::Var(_));
        let val = match v {
            // A declared type shapes what it can (displays, conditionals, tuples); anything
            // else is checked on its own and fitted below, where a mismatch is explained.
            Some(e) if declared && super::expected::shaped_by_expectation(e) => {
                self.check_expected(e, &ret, "return value")?
            }
            Some(e) => self.check_expr(e)?,
            None => self.none(span),
        };
        let val = if self.s.store.is_resolved(&ret)
            || !matches!(self.s.store.shallow(&ret), Type::Var(_))
        {
            self.coerce_returned(val, &ret)?
        } else {
            self.first_return = Some(val.span);
            let t = if matches!(val.kind, TExprKind::Null)
                && self.s.store.can_unify(&val.ty, &self.s.none_t())
            {
                self.s.none_t()
            } else {
                val.ty.clone()
            };
            self.s.store.unify(&ret, &t);
            val
        };
        Ok(vec![TStmt::Return(Some(val))])
    }

    /// Converts a returned value to the function's return type; a value that does not fit is
    /// reported with a note at the `return` that decided the type, when one did.
    fn coerce_returned(&mut self, val: TExpr, ret: &Type) -> R<TExpr> {
        let (got, span) = (self.s.type_name(&val.ty), val.span);
        let want = self.s.type_name(ret);
        let mismatch = self.mismatch_message("return value", ret, &val.ty);
        match self.coerce(val, ret, "return value") {
            Err(d) if d.message == mismatch => {
                let name = self
                    .def
                    .map(|f| self.s.defs.func(f).name.clone())
                    .unwrap_or_default();
                let mut d = syntax::Diagnostic::error(
                    self.file,
                    span,
                    format!("'{name}' returns '{want}', but this value has type '{got}'"),
                )
                .with_help("a function returns one type; convert the value, or return an Optional");
                if let Some(first) = self.first_return.filter(|s| *s != span) {
                    d = d.with_label(self.file, first, format!("'{want}' is returned here first"));
                }
                Err(Box::new(d))
            }
            other => other,
        }
    }

    /// Whether the function being checked is a generator.
    pub fn is_generator(&self) -> bool {
        self.def
            .map(|d| self.s.is_generator_def(d))
            .unwrap_or(false)
    }

    fn aug_assign(
        &mut self,
        target: &Expr,
        op: ast::BinOp,
        value: &Expr,
        span: Span,
    ) -> R<Vec<TStmt>> {
        let imethod = format!("__i{}__", op.magic());
        let method = format!("__{}__", op.magic());
        match &target.kind {
            ExprKind::Subscript { value: obj, index } => {
                let o = self.check_expr(obj)?;
                let i = self.check_index(index)?;
                let (ol, oset) = self.temp(o);
                let (il, iset) = self.temp(i);
                let cur = self.call_method_named(
                    self.local(ol, span),
                    "__getitem__",
                    vec![self.local(il, span)],
                    "[]",
                )?;
                let rhs = self.check_expr(value)?;
                let new = self.inplace(cur, &imethod, &method, rhs, span)?;
                let set = self.call_method_named(
                    self.local(ol, span),
                    "__setitem__",
                    vec![self.local(il, span), new],
                    "[]=",
                )?;
                Ok(vec![oset, iset, TStmt::Expr(set)])
            }
            ExprKind::Attribute { value: obj, attr } if self.static_symbol(obj).is_none() => {
                let o = self.check_expr(obj)?;
                let (ol, oset) = self.temp(o);
                let cur = self.get_attr(self.local(ol, span), &attr.name, attr.span)?;
                let rhs = self.check_expr(value)?;
                let new = self.inplace(cur, &imethod, &method, rhs, span)?;
                let tgt = ast::Expr::new(
                    ExprKind::Attribute {
                        value: Box::new(ast::Expr::new(ExprKind::Name(".augobj".into()), span)),
                        attr: attr.clone(),
                    },
                    span,
                );
                self.inner_scopes
                    .push(HashMap::from([(".augobj".to_string(), Binding::Local(ol))]));
                let r = self.assign_to(&tgt, new);
                self.inner_scopes.pop();
                let mut out = vec![oset];
                out.extend(r?);
                Ok(out)
            }
            _ => {
                let cur = self.check_expr(target)?;
                let rhs = self.check_expr(value)?;
                let new = self.inplace(cur, &imethod, &method, rhs, span)?;
                self.assign_to(target, new)
            }
        }
    }

    fn inplace(
        &mut self,
        cur: TExpr,
        imethod: &str,
        method: &str,
        rhs: TExpr,
        span: Span,
    ) -> R<TExpr> {
        if let Some((c, _)) = self.s.class_of(&cur.ty) {
            for d in self.s.methods(c, imethod) {
                if self.fits_call(d, &[cur.ty.clone(), rhs.ty.clone()])? {
                    let args = vec![
                        super::call::Arg {
                            name: None,
                            value: cur,
                        },
                        super::call::Arg {
                            name: None,
                            value: rhs,
                        },
                    ];
                    return self.call_def(d, args, span);
                }
            }
        }
        self.binary(cur, method, rhs, span)
    }

    /// The generator a `for` loop runs: the value itself, or its `__iter__()`.
    pub fn iterate(&mut self, v: TExpr) -> R<TExpr> {
        match self.s.class_of(&v.ty) {
            Some((c, _)) if c == self.s.core().generator => Ok(v),
            Some(_) => {
                let it = self.call_method_named(v, "__iter__", vec![], "iteration")?;
                match self.s.class_of(&it.ty) {
                    Some((c, _)) if c == self.s.core().generator => Ok(it),
                    Some((c, _)) if !self.s.methods(c, "__next__").is_empty() => {
                        let span = it.span;
                        self.call_builtin("_iterate_next", vec![it], span)
                    }
                    Some(_) => self.call_method_named(it, "__iter__", vec![], "iteration"),
                    None => Ok(it),
                }
            }
            None => Ok(self.defer(v.span, "the iterated value")),
        }
    }

    fn check_for(
        &mut self,
        target: &Expr,
        iter: &Expr,
        body: &[Stmt],
        orelse: &[Stmt],
        span: Span,
    ) -> R<Vec<TStmt>> {
        if let Some(n) = self.static_range(iter) {
            return self.static_loop(
                target,
                (0..n).map(Binding::Static).collect(),
                body,
                orelse,
                span,
            );
        }
        let v = self.check_expr(iter)?;
        let mut v = self.tuple_view(v);
        if let Some((c, args)) = self.s.class_of(&v.ty) {
            let homogeneous = args.len() > 1
                && args
                    .iter()
                    .all(|a| self.s.store.is_resolved(a) && self.s.store.can_unify(a, &args[0]));
            if c == self.s.core().tuple && homogeneous {
                // Items of one type: an ordinary loop (over a list of them), whose variable
                // is a real variable (closures and generator expressions may read it).
                v = self.call_builtin("list", vec![v], span)?;
            } else if c == self.s.core().tuple {
                let (lid, set) = self.temp(v);
                let items = (0..args.len())
                    .map(|i| Binding::TupleItem(lid, i))
                    .collect();
                let mut out = vec![set];
                out.extend(self.static_loop(target, items, body, orelse, span)?);
                return Ok(out);
            }
        }
        let gen = self.iterate(v)?;
        let item = match self.s.class_of(&gen.ty) {
            Some((_, args)) if !args.is_empty() => args[0].clone(),
            _ => self.s.store.fresh(),
        };
        self.enter_loop();
        let looped = self.check_for_body(target, item, gen, body, span);
        self.exit_loop();
        self.with_else(looped?, orelse)
    }

    /// The target and body of a `for` loop over `gen` (items of type `item`).
    fn check_for_body(
        &mut self,
        target: &Expr,
        item: Type,
        gen: TExpr,
        body: &[Stmt],
        span: Span,
    ) -> R<TStmt> {
        let (var, pre) = match &target.kind {
            ExprKind::Name(n)
                if !self.toplevel
                    && !self.global_names.contains(n)
                    && !self.cells.contains_key(n) =>
            {
                self.binding_loop_target = true;
                let l = self.local_to_bind(n, &item, |_| item.clone());
                self.binding_loop_target = false;
                let lt = self.locals[l.0 as usize].1.clone();
                if !self.s.store.unify(&lt, &item) {
                    return Err(self.err(
                        target.span,
                        format!(
                            "loop variable '{n}' already has type '{}'",
                            self.s.type_name(&lt)
                        ),
                    ));
                }
                (l, vec![])
            }
            _ => {
                let n = self.s.next_id();
                let l = self.new_local(&format!(".for{n}"), item.clone());
                self.binding_loop_target = true;
                let pre = self.assign_to(target, self.local(l, span));
                self.binding_loop_target = false;
                (l, pre?)
            }
        };
        let mut b = pre;
        b.extend(self.check_block(body)?);
        Ok(TStmt::For {
            iter: gen,
            var,
            body: b,
            par: None,
        })
    }

    /// The clauses of an `@par` loop: thread counts and chunk sizes are `int`s.
    fn check_par(&mut self, spec: &syntax::ast::ParSpec) -> R<crate::typed::TPar> {
        let mut int_arg = |e: &Option<Expr>, what: &str| -> R<Option<TExpr>> {
            let Some(e) = e else { return Ok(None) };
            let v = self.check_expr(e)?;
            let int = self.s.int_t();
            Ok(Some(self.coerce(v, &int, what)?))
        };
        let chunk_size = int_arg(&spec.chunk_size, "chunk_size")?;
        let num_threads = int_arg(&spec.num_threads, "num_threads")?;
        Ok(crate::typed::TPar {
            schedule: spec.schedule,
            chunk_size,
            num_threads,
            ordered: spec.ordered,
            span: spec.span,
        })
    }

    /// `staticrange(N)` with a compile-time N: the loop is unrolled.
    pub fn static_range(&mut self, iter: &Expr) -> Option<i64> {
        if let ExprKind::Call { func, args, .. } = &iter.kind {
            if let ExprKind::Name(n) = &func.kind {
                if n == "staticrange" && args.len() == 1 {
                    return self.static_count(&args[0]);
                }
                if n == "staticlen" {
                    return None;
                }
            }
        }
        None
    }

    fn static_loop(
        &mut self,
        target: &Expr,
        items: Vec<Binding>,
        body: &[Stmt],
        orelse: &[Stmt],
        _span: Span,
    ) -> R<Vec<TStmt>> {
        let ExprKind::Name(n) = &target.kind else {
            return Err(self.err(
                target.span,
                "a loop over a tuple needs a single loop variable",
            ));
        };
        let mut out = Vec::new();
        for b in items {
            self.inner_scopes.push(HashMap::from([(n.clone(), b)]));
            let r = self.check_block(body);
            self.inner_scopes.pop();
            let stmts = r?;
            if contains_jump(&stmts) {
                return Err(self.err(
                    target.span,
                    "break/continue in a loop over a tuple is not supported",
                ));
            }
            out.push(TStmt::Block(stmts));
        }
        out.extend(self.check_block(orelse)?);
        Ok(out)
    }

    /// PEP 479: a `StopIteration` escaping a generator's body becomes a `RuntimeError`.
    pub fn guard_stop_iteration(&mut self, body: Vec<TStmt>, span: Span) -> R<Vec<TStmt>> {
        let stop = match self.s.lookup_symbol(self.module, "StopIteration") {
            Some(Symbol::Class(c)) => self.s.simple(c),
            _ => return Err(self.err(span, "the stdlib has no StopIteration")),
        };
        let msg = TExpr::new(
            TExprKind::Str("generator raised StopIteration".into()),
            self.s.str_t(),
            span,
        );
        let err = self.call_builtin("RuntimeError", vec![msg], span)?;
        let n = self.s.next_id();
        let caught = self.new_local(&format!(".stop{n}"), stop.clone());
        Ok(vec![TStmt::Try {
            body,
            handlers: vec![THandler {
                types: vec![stop],
                var: Some(caught),
                body: vec![TStmt::Raise(err, span)],
            }],
            orelse: vec![],
            finally: None,
        }])
    }

    /// An `except` clause names exception classes: subclasses of `BaseException`.
    fn check_exception_class(&self, t: &Type, span: syntax::Span) -> R<()> {
        let base = match self.s.lookup_symbol(self.s.builtins, "BaseException") {
            Some(Symbol::Class(c)) => c,
            _ => return Ok(()),
        };
        match self.s.class_of(t) {
            Some((c, _)) if self.is_subclass(c, base) => Ok(()),
            _ => Err(self
                .err(
                    span,
                    format!(
                        "catching '{}' is not allowed: an except clause names classes that \
                         inherit from BaseException",
                        self.s.type_name(t)
                    ),
                )
                .with_help("name an exception class, such as ValueError or Exception")
                .into()),
        }
    }

    fn check_try(
        &mut self,
        body: &[Stmt],
        handlers: &[ast::ExceptHandler],
        orelse: &[Stmt],
        finalbody: &[Stmt],
    ) -> R<Vec<TStmt>> {
        let b = self.check_block(body)?;
        let mut hs = Vec::new();
        for h in handlers {
            let mut types = Vec::new();
            if let Some(t) = &h.typ {
                let items: Vec<&Expr> = match &t.kind {
                    ExprKind::Tuple(items) => items.iter().collect(),
                    _ => vec![t],
                };
                for it in items {
                    let t = self.eval_type(it)?;
                    self.check_exception_class(&t, it.span)?;
                    types.push(t);
                }
            }
            let var_ty = match types.as_slice() {
                [one] => one.clone(),
                _ => {
                    let base = self.s.lookup_symbol(self.module, "BaseException");
                    match base {
                        Some(Symbol::Class(c)) => self.s.simple(c),
                        _ => return Err(self.err(h.span, "the stdlib has no BaseException")),
                    }
                }
            };
            let n = self.s.next_id();
            let exc_local = self.new_local(&format!(".exc{n}"), var_ty.clone());
            if let Some(name) = &h.name {
                self.exc_stack.push(exc_local);
                self.inner_scopes.push(HashMap::from([(
                    name.name.clone(),
                    Binding::Local(exc_local),
                )]));
                let r = self.check_block(&h.body);
                self.inner_scopes.pop();
                self.exc_stack.pop();
                hs.push(THandler {
                    types,
                    var: Some(exc_local),
                    body: r?,
                });
            } else {
                self.exc_stack.push(exc_local);
                let r = self.check_block(&h.body);
                self.exc_stack.pop();
                hs.push(THandler {
                    types,
                    var: Some(exc_local),
                    body: r?,
                });
            }
        }
        let o = self.check_block(orelse)?;
        let f = if finalbody.is_empty() {
            None
        } else {
            Some(self.check_block(finalbody)?)
        };
        Ok(vec![TStmt::Try {
            body: b,
            handlers: hs,
            orelse: o,
            finally: f,
        }])
    }

    fn check_with(&mut self, items: &[ast::WithItem], body: &[Stmt], span: Span) -> R<Vec<TStmt>> {
        let Some((first, rest)) = items.split_first() else {
            return self.check_block(body);
        };
        let ctx = self.check_expr(&first.context)?;
        let (cl, cset) = self.temp(ctx);
        let entered = self.call_method_named(self.local(cl, span), "__enter__", vec![], "with")?;
        let mut out = vec![cset];
        match &first.target {
            Some(t) => out.extend(self.assign_to(t, entered)?),
            None => out.push(TStmt::Expr(entered)),
        }
        let inner = if rest.is_empty() {
            self.check_block(body)?
        } else {
            self.check_with(rest, body, span)?
        };
        let n_exit_params = match self.s.class_of(&self.locals[cl.0 as usize].1) {
            Some((c, _)) => self
                .s
                .methods(c, "__exit__")
                .first()
                .map(|d| self.s.defs.func(*d).ast.params.args.len())
                .unwrap_or(1),
            None => 1,
        };
        if n_exit_params != 4 {
            let nones = (1..n_exit_params).map(|_| self.none(span)).collect();
            let exit = self.call_method_named(self.local(cl, span), "__exit__", nones, "with")?;
            out.push(TStmt::Try {
                body: inner,
                handlers: vec![],
                orelse: vec![],
                finally: Some(vec![TStmt::Expr(exit)]),
            });
            return Ok(out);
        }
        out.extend(self.exit_with_exception(cl, inner, span)?);
        Ok(out)
    }

    /// The body of a `with` whose manager's `__exit__(exc_type, exc, tb)` sees the exception:
    /// called with it (an `Optional[BaseException]` for both) when the body raises, and the
    /// exception is re-raised unless `__exit__` returns something true; called with `None`s
    /// on every other way out of the body.
    fn exit_with_exception(
        &mut self,
        mgr: crate::typed::LocalId,
        inner: Vec<TStmt>,
        span: Span,
    ) -> R<Vec<TStmt>> {
        let base = match self.s.lookup_symbol(self.module, "BaseException") {
            Some(Symbol::Class(c)) => self.s.simple(c),
            _ => return Err(self.err(span, "the stdlib has no BaseException")),
        };
        let opt = self.s.optional_t(base.clone());
        let bt = self.s.bool_t();
        let n = self.s.next_id();
        let exited = self.new_local(&format!(".exited{n}"), bt.clone());
        let exc = self.new_local(&format!(".exc{n}"), base);
        let some_exc = || {
            TExpr::new(
                TExprKind::MakeOptional(Box::new(TExpr::new(
                    TExprKind::Local(exc),
                    self.locals[exc.0 as usize].1.clone(),
                    span,
                ))),
                opt.clone(),
                span,
            )
        };
        let args = vec![some_exc(), some_exc(), self.none(span)];
        let on_error = self.call_method_named(self.local(mgr, span), "__exit__", args, "with")?;
        let suppressed = self.truthy(on_error)?;
        let no_exc = || TExpr::new(TExprKind::Null, opt.clone(), span);
        let args = vec![no_exc(), no_exc(), self.none(span)];
        let on_exit = self.call_method_named(self.local(mgr, span), "__exit__", args, "with")?;
        let flag = |v: bool| TExpr::new(TExprKind::Bool(v), bt.clone(), span);
        let handler = THandler {
            types: vec![],
            var: Some(exc),
            body: vec![
                TStmt::Assign(TTarget::Local(exited), flag(true)),
                TStmt::If(
                    self.not(suppressed),
                    vec![TStmt::Raise(self.local(exc, span), span)],
                    vec![],
                ),
            ],
        };
        Ok(vec![
            TStmt::Assign(TTarget::Local(exited), flag(false)),
            TStmt::Try {
                body: vec![TStmt::Try {
                    body: inner,
                    handlers: vec![handler],
                    orelse: vec![],
                    finally: None,
                }],
                handlers: vec![],
                orelse: vec![],
                finally: Some(vec![TStmt::If(
                    self.local(exited, span),
                    vec![],
                    vec![TStmt::Expr(on_exit)],
                )]),
            },
        ])
    }
}

/// Sets a flag before every `break` that leaves this loop (not nested loops').
fn mark_breaks(s: TStmt, set: &dyn Fn() -> TStmt) -> TStmt {
    fn in_body(b: Vec<TStmt>, set: &dyn Fn() -> TStmt) -> Vec<TStmt> {
        b.into_iter()
            .map(|s| match s {
                TStmt::Break => TStmt::Block(vec![set(), TStmt::Break]),
                TStmt::If(c, t, e) => TStmt::If(c, in_body(t, set), in_body(e, set)),
                TStmt::Block(v) => TStmt::Block(in_body(v, set)),
                TStmt::Try {
                    body,
                    handlers,
                    orelse,
                    finally,
                } => TStmt::Try {
                    body: in_body(body, set),
                    handlers: handlers
                        .into_iter()
                        .map(|h| THandler {
                            body: in_body(h.body, set),
                            ..h
                        })
                        .collect(),
                    orelse: in_body(orelse, set),
                    finally: finally.map(|f| in_body(f, set)),
                },
                other => other,
            })
            .collect()
    }
    match s {
        TStmt::While(c, b) => TStmt::While(c, in_body(b, set)),
        TStmt::For {
            iter,
            var,
            body,
            par,
        } => TStmt::For {
            iter,
            var,
            body: in_body(body, set),
            par,
        },
        other => other,
    }
}

/// Whether statements contain a `break`/`continue` for an enclosing loop.
fn contains_jump(stmts: &[TStmt]) -> bool {
    stmts.iter().any(|s| match s {
        TStmt::Break | TStmt::Continue => true,
        TStmt::If(_, a, b) => contains_jump(a) || contains_jump(b),
        TStmt::Block(v) => contains_jump(v),
        TStmt::Try {
            body,
            handlers,
            orelse,
            finally,
        } => {
            contains_jump(body)
                || handlers.iter().any(|h| contains_jump(&h.body))
                || contains_jump(orelse)
                || finally.as_ref().map(|f| contains_jump(f)).unwrap_or(false)
        }
        _ => false,
    })
}
