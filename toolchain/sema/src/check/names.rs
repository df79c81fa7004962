//! Scope analysis over syntax trees: which names a function assigns (its locals), which it
//! declares `global`, and which names an expression reads (for closures).

use std::collections::HashSet;

use syntax::ast::{Expr, ExprKind, FStringPart, Stmt, StmtKind};

/// Names bound by assignment anywhere in `body` (not inside nested functions or classes), and
/// names declared `global` or `nonlocal`.
pub fn assigned_names(body: &[Stmt]) -> (HashSet<String>, HashSet<String>) {
    let mut bound = HashSet::new();
    let mut globals = HashSet::new();
    for s in body {
        stmt_names(s, &mut bound, &mut globals);
    }
    for g in &globals {
        bound.remove(g);
    }
    (bound, globals)
}

/// Names bound by an assignment target.
pub fn target_names(e: &Expr, out: &mut HashSet<String>) {
    match &e.kind {
        ExprKind::Name(n) => {
            out.insert(n.clone());
        }
        ExprKind::Tuple(items) | ExprKind::List(items) => {
            items.iter().for_each(|i| target_names(i, out))
        }
        ExprKind::Starred(inner) => target_names(inner, out),
        _ => {}
    }
}

/// Names bound by `:=` anywhere inside `e`, sorted.
pub fn walrus_targets(e: &Expr) -> Vec<String> {
    let mut out = HashSet::new();
    walrus_names(e, &mut out);
    let mut v: Vec<String> = out.into_iter().collect();
    v.sort();
    v
}

fn walrus_names(e: &Expr, out: &mut HashSet<String>) {
    walk_expr(e, &mut |x| {
        if let ExprKind::NamedExpr { target, .. } = &x.kind {
            target_names(target, out);
        }
    });
}

fn stmt_names(s: &Stmt, out: &mut HashSet<String>, globals: &mut HashSet<String>) {
    match &s.kind {
        StmtKind::Expr(e) => walrus_names(e, out),
        StmtKind::Assign { targets, value } => {
            targets.iter().for_each(|t| target_names(t, out));
            walrus_names(value, out);
        }
        StmtKind::AugAssign { target, value, .. } => {
            target_names(target, out);
            walrus_names(value, out);
        }
        StmtKind::AnnAssign { target, value, .. } => {
            target_names(target, out);
            if let Some(v) = value {
                walrus_names(v, out);
            }
        }
        StmtKind::FunctionDef(f) => {
            out.insert(f.name.name.clone());
        }
        StmtKind::ClassDef(c) => {
            out.insert(c.name.name.clone());
        }
        StmtKind::If { test, .. } | StmtKind::While { test, .. } => walrus_names(test, out),
        StmtKind::For { target, iter, .. } => {
            target_names(target, out);
            walrus_names(iter, out);
        }
        StmtKind::With { items, .. } => {
            for i in items {
                if let Some(t) = &i.target {
                    target_names(t, out);
                }
            }
        }
        StmtKind::Try { handlers, .. } => {
            for h in handlers {
                if let Some(n) = &h.name {
                    out.insert(n.name.clone());
                }
            }
        }
        StmtKind::Import(aliases) => {
            for a in aliases {
                let name = a
                    .asname
                    .as_ref()
                    .map(|n| n.name.clone())
                    .unwrap_or_else(|| a.name.split('.').next().unwrap_or_default().to_string());
                out.insert(name);
            }
        }
        StmtKind::ImportFrom { names, .. } => {
            for a in names {
                out.insert(
                    a.asname
                        .as_ref()
                        .map(|n| n.name.clone())
                        .unwrap_or_else(|| a.name.clone()),
                );
            }
        }
        StmtKind::Global(names) | StmtKind::Nonlocal(names) => {
            globals.extend(names.iter().map(|n| n.name.clone()));
        }
        StmtKind::Match { subject, cases } => {
            walrus_names(subject, out);
            for c in cases {
                super::match_stmt::pattern_names(&c.pattern, out);
                if let Some(g) = &c.guard {
                    walrus_names(g, out);
                }
            }
        }
        _ => {}
    }
    for b in s.nested_blocks() {
        b.iter().for_each(|s| stmt_names(s, out, globals));
    }
}

/// Calls `f` on `e` and every expression nested in it (lambdas and comprehensions included).
pub fn walk_expr(e: &Expr, f: &mut dyn FnMut(&Expr)) {
    f(e);
    let mut go = |x: &Expr| walk_expr(x, f);
    match &e.kind {
        ExprKind::BoolOp { values, .. } => values.iter().for_each(go),
        ExprKind::BinOp { left, right, .. } => {
            go(left);
            go(right);
        }
        ExprKind::UnaryOp { operand, .. } => go(operand),
        ExprKind::Compare {
            left, comparators, ..
        } => {
            go(left);
            comparators.iter().for_each(go);
        }
        ExprKind::NamedExpr { target, value } => {
            go(target);
            go(value);
        }
        ExprKind::Lambda { params, body } => {
            for p in params
                .posonly
                .iter()
                .chain(&params.args)
                .chain(&params.kwonly)
            {
                if let Some(d) = &p.default {
                    go(d);
                }
            }
            go(body);
        }
        ExprKind::IfExp { test, body, orelse } => {
            go(test);
            go(body);
            go(orelse);
        }
        ExprKind::Dict { keys, values } => {
            keys.iter().flatten().for_each(&mut go);
            values.iter().for_each(go);
        }
        ExprKind::Set(v) | ExprKind::List(v) | ExprKind::Tuple(v) => v.iter().for_each(go),
        ExprKind::ListComp { elt, generators }
        | ExprKind::SetComp { elt, generators }
        | ExprKind::GeneratorExp { elt, generators } => {
            go(elt);
            for g in generators {
                go(&g.target);
                go(&g.iter);
                g.ifs.iter().for_each(&mut go);
            }
        }
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => {
            go(key);
            go(value);
            for g in generators {
                go(&g.target);
                go(&g.iter);
                g.ifs.iter().for_each(&mut go);
            }
        }
        ExprKind::Await(x) | ExprKind::YieldFrom(x) | ExprKind::Starred(x) => go(x),
        ExprKind::Yield(Some(x)) => go(x),
        ExprKind::Call {
            func,
            args,
            keywords,
        } => {
            go(func);
            args.iter().for_each(&mut go);
            keywords.iter().for_each(|k| go(&k.value));
        }
        ExprKind::Attribute { value, .. } => go(value),
        ExprKind::Subscript { value, index } => {
            go(value);
            go(index);
        }
        ExprKind::Slice { lower, upper, step } => {
            for x in [lower, upper, step].into_iter().flatten() {
                go(x);
            }
        }
        ExprKind::FString(parts) => walk_fstring(parts, &mut go),
        _ => {}
    }
}

fn walk_fstring(parts: &[FStringPart], go: &mut dyn FnMut(&Expr)) {
    for p in parts {
        if let FStringPart::Formatted { value, spec, .. } = p {
            go(value);
            walk_fstring(spec, go);
        }
    }
}

/// Every name read anywhere in `e`, in first-seen order.
pub fn names_read(e: &Expr) -> Vec<String> {
    let mut seen = Vec::new();
    walk_expr(e, &mut |x| {
        if let ExprKind::Name(n) = &x.kind {
            if !seen.contains(n) {
                seen.push(n.clone());
            }
        }
    });
    seen
}

/// Every name read anywhere in the statements (nested functions included), in first-seen order.
pub fn names_read_stmts(body: &[Stmt]) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    for s in body {
        visit_stmt_exprs(s, &mut |e| {
            for n in names_read(e) {
                if !seen.contains(&n) {
                    seen.push(n);
                }
            }
        });
    }
    seen
}

/// Calls `f` on each expression of the statements (nested functions' bodies included).
pub fn visit_all_exprs(body: &[Stmt], f: &mut dyn FnMut(&Expr)) {
    body.iter().for_each(|s| visit_stmt_exprs(s, f));
}

/// Calls `f` on each expression directly inside a statement and its nested statements.
fn visit_stmt_exprs(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    let blk = |b: &[Stmt], f: &mut dyn FnMut(&Expr)| b.iter().for_each(|s| visit_stmt_exprs(s, f));
    match &s.kind {
        StmtKind::Expr(e) => f(e),
        StmtKind::Assign { targets, value } => {
            targets.iter().for_each(&mut *f);
            f(value);
        }
        StmtKind::AugAssign { target, value, .. } => {
            f(target);
            f(value);
        }
        StmtKind::AnnAssign { target, value, .. } => {
            f(target);
            if let Some(v) = value {
                f(v);
            }
        }
        StmtKind::Return(Some(e)) => f(e),
        StmtKind::Delete(es) => es.iter().for_each(&mut *f),
        StmtKind::If { test, body, orelse } | StmtKind::While { test, body, orelse } => {
            f(test);
            blk(body, f);
            blk(orelse, f);
        }
        StmtKind::For {
            target,
            iter,
            body,
            orelse,
            ..
        } => {
            f(target);
            f(iter);
            blk(body, f);
            blk(orelse, f);
        }
        StmtKind::With { items, body, .. } => {
            for i in items {
                f(&i.context);
            }
            blk(body, f);
        }
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finalbody,
            ..
        } => {
            blk(body, f);
            for h in handlers {
                if let Some(t) = &h.typ {
                    f(t);
                }
                blk(&h.body, f);
            }
            blk(orelse, f);
            blk(finalbody, f);
        }
        StmtKind::Raise { exc, cause } => {
            for e in [exc, cause].into_iter().flatten() {
                f(e);
            }
        }
        StmtKind::Assert { test, msg } => {
            f(test);
            if let Some(m) = msg {
                f(m);
            }
        }
        StmtKind::FunctionDef(fd) => {
            if let syntax::ast::FunctionBody::Stmts(b) = &fd.body {
                blk(b, f);
            }
        }
        StmtKind::Match { subject, cases } => {
            f(subject);
            for c in cases {
                if let Some(g) = &c.guard {
                    f(g);
                }
                blk(&c.body, f);
            }
        }
        _ => {}
    }
}

/// Whether statements contain `yield` outside nested functions, lambdas and generator
/// expressions (which makes the function a generator).
pub fn contains_yield(body: &[Stmt]) -> bool {
    let mut found = false;
    for s in body {
        if matches!(s.kind, StmtKind::FunctionDef(_) | StmtKind::ClassDef(_)) {
            continue;
        }
        visit_stmt_exprs_shallow(s, &mut |e| {
            if expr_yields(e) {
                found = true;
            }
        });
    }
    found
}

fn expr_yields(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Yield(_) | ExprKind::YieldFrom(_) => true,
        ExprKind::Lambda { .. } | ExprKind::GeneratorExp { .. } => false,
        _ => {
            let mut found = false;
            let mut first = true;
            walk_expr(e, &mut |x| {
                if first {
                    first = false;
                    return;
                }
                if matches!(x.kind, ExprKind::Yield(_) | ExprKind::YieldFrom(_)) {
                    found = true;
                }
            });
            found
        }
    }
}

/// Like the statement visitor, but skipping nested function bodies.
fn visit_stmt_exprs_shallow(s: &Stmt, f: &mut dyn FnMut(&Expr)) {
    if let StmtKind::FunctionDef(_) = &s.kind {
        return;
    }
    visit_stmt_exprs(s, f);
}

/// Variables of a function that must live in a heap cell shared with the nested functions
/// (defs and lambdas) that capture them, because they change after being captured: assigned
/// more than once, assigned in a loop, or assigned by a nested function (`nonlocal`).
/// The others are captured by value, which reads the same.
pub fn cell_names(params: &[String], body: &[Stmt]) -> HashSet<String> {
    let mut captured: HashSet<String> = HashSet::new();
    let mut nonlocals: HashSet<String> = HashSet::new();
    let mut sites: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for p in params {
        *sites.entry(p.clone()).or_default() += 1;
    }
    for s in body {
        scan_captures(s, &mut captured, &mut nonlocals);
        count_sites(s, &mut sites, false);
    }
    captured
        .into_iter()
        .filter(|n| {
            let count = sites.get(n).copied().unwrap_or(0);
            count > 0 && (count > 1 || nonlocals.contains(n))
        })
        .collect()
}

/// Names read by nested functions and lambdas, and names nested functions declare `nonlocal`.
fn scan_captures(s: &Stmt, captured: &mut HashSet<String>, nonlocals: &mut HashSet<String>) {
    if let StmtKind::FunctionDef(f) = &s.kind {
        if let syntax::ast::FunctionBody::Stmts(b) = &f.body {
            captured.extend(names_read_stmts(b));
            for st in b {
                collect_nonlocals(st, nonlocals);
            }
        }
        return;
    }
    if matches!(s.kind, StmtKind::ClassDef(_)) {
        return;
    }
    visit_stmt_exprs_shallow(s, &mut |e| {
        walk_expr(e, &mut |x| {
            if let ExprKind::Lambda { body, .. } = &x.kind {
                captured.extend(names_read(body));
            }
        })
    });
    let nested: Vec<&Stmt> = match &s.kind {
        StmtKind::If { body, orelse, .. }
        | StmtKind::While { body, orelse, .. }
        | StmtKind::For { body, orelse, .. } => body.iter().chain(orelse).collect(),
        StmtKind::With { body, .. } => body.iter().collect(),
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finalbody,
            ..
        } => body
            .iter()
            .chain(handlers.iter().flat_map(|h| h.body.iter()))
            .chain(orelse)
            .chain(finalbody)
            .collect(),
        _ => vec![],
    };
    // Every nested statement, not only defs directly in this block: a def inside a `try`
    // inside a loop captures as much as one at the top.
    for st in nested {
        scan_captures(st, captured, nonlocals);
    }
}

fn collect_nonlocals(s: &Stmt, out: &mut HashSet<String>) {
    let mut bound = HashSet::new();
    let mut declared = HashSet::new();
    stmt_names(s, &mut bound, &mut declared);
    out.extend(declared);
}

/// Counts assignment sites per name (a loop's or a nested block's count double: they repeat).
fn count_sites(s: &Stmt, sites: &mut std::collections::HashMap<String, usize>, repeated: bool) {
    let mut names = HashSet::new();
    let mut declared = HashSet::new();
    let weight = if repeated { 2 } else { 1 };
    match &s.kind {
        StmtKind::For {
            target,
            body,
            orelse,
            ..
        } => {
            target_names(target, &mut names);
            for n in names.drain() {
                *sites.entry(n).or_default() += 2;
            }
            body.iter().for_each(|b| count_sites(b, sites, true));
            orelse.iter().for_each(|b| count_sites(b, sites, repeated));
            return;
        }
        StmtKind::While { body, orelse, .. } => {
            body.iter().for_each(|b| count_sites(b, sites, true));
            orelse.iter().for_each(|b| count_sites(b, sites, repeated));
            return;
        }
        StmtKind::AugAssign { target, .. } => {
            target_names(target, &mut names);
            for n in names.drain() {
                *sites.entry(n).or_default() += 2;
            }
            return;
        }
        StmtKind::If { .. } | StmtKind::Try { .. } => {
            for b in s.nested_blocks() {
                b.iter().for_each(|b| count_sites(b, sites, repeated));
            }
            return;
        }
        StmtKind::With { body, items, .. } => {
            for i in items {
                if let Some(t) = &i.target {
                    target_names(t, &mut names);
                }
            }
            for n in names.drain() {
                *sites.entry(n).or_default() += weight;
            }
            body.iter().for_each(|b| count_sites(b, sites, repeated));
            return;
        }
        _ => stmt_names(s, &mut names, &mut declared),
    }
    for n in names {
        *sites.entry(n).or_default() += weight;
    }
}
