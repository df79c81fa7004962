//! A compact S-expression form of the AST, for tests, snapshots and debugging output
//! (`(= x (+ 1 (* 2 3)))`). Spans are not shown.

use crate::ast::*;

/// One line per top-level statement.
pub fn module(m: &Module) -> String {
    m.body.iter().map(|s| stmt(s) + "\n").collect()
}

/// A statement; nested blocks are written inline.
pub fn stmt(s: &Stmt) -> String {
    match &s.kind {
        StmtKind::Expr(e) => expr(e),
        StmtKind::Assign { targets, value } => format!("(={} {})", spaced(targets), expr(value)),
        StmtKind::AugAssign { target, op, value } => {
            format!("({}= {} {})", op.symbol(), expr(target), expr(value))
        }
        StmtKind::AnnAssign {
            target,
            annotation,
            value,
        } => {
            format!(
                "(ann {} {}{})",
                expr(target),
                expr(annotation),
                opt_prefixed(value)
            )
        }
        StmtKind::FunctionDef(f) => function(f),
        StmtKind::ClassDef(c) => {
            let mut out = format!("(class {}{}", c.name.name, type_params(&c.type_params));
            out += &format!(" (bases{}{})", spaced(&c.bases), keywords(&c.keywords));
            out += &decorators(&c.decorators);
            out + &block(&c.body) + ")"
        }
        StmtKind::Return(v) => format!("(return{})", opt_prefixed(v)),
        StmtKind::Delete(ts) => format!("(del{})", spaced(ts)),
        StmtKind::Pass => "pass".into(),
        StmtKind::Break => "break".into(),
        StmtKind::Continue => "continue".into(),
        StmtKind::If { test, body, orelse } => {
            format!("(if {}{}{})", expr(test), block(body), else_block(orelse))
        }
        StmtKind::While { test, body, orelse } => {
            format!(
                "(while {}{}{})",
                expr(test),
                block(body),
                else_block(orelse)
            )
        }
        StmtKind::For {
            target,
            iter,
            body,
            orelse,
            is_async,
            par,
        } => format!(
            "({}{}for {} {}{}{})",
            if par.is_some() { "par " } else { "" },
            async_prefix(*is_async),
            expr(target),
            expr(iter),
            block(body),
            else_block(orelse)
        ),
        StmtKind::With {
            items,
            body,
            is_async,
        } => {
            let items: Vec<String> = items
                .iter()
                .map(|i| match &i.target {
                    Some(t) => format!("(as {} {})", expr(&i.context), expr(t)),
                    None => expr(&i.context),
                })
                .collect();
            format!(
                "({}with ({}){})",
                async_prefix(*is_async),
                items.join(" "),
                block(body)
            )
        }
        StmtKind::Try {
            body,
            handlers,
            orelse,
            finalbody,
            is_star,
        } => {
            let mut out = format!("(try{}", block(body));
            for h in handlers {
                out += &format!(" ({}", if *is_star { "except*" } else { "except" });
                if let Some(t) = &h.typ {
                    out += &format!(" {}", expr(t));
                }
                if let Some(n) = &h.name {
                    out += &format!(" as {}", n.name);
                }
                out += &block(&h.body);
                out += ")";
            }
            out += &else_block(orelse);
            if !finalbody.is_empty() {
                out += &format!(" (finally{})", block(finalbody));
            }
            out + ")"
        }
        StmtKind::Raise { exc, cause } => {
            let cause = cause
                .as_ref()
                .map(|c| format!(" from {}", expr(c)))
                .unwrap_or_default();
            format!("(raise{}{cause})", opt_prefixed(exc))
        }
        StmtKind::Assert { test, msg } => format!("(assert {}{})", expr(test), opt_prefixed(msg)),
        StmtKind::Import(names) => format!("(import {})", aliases(names)),
        StmtKind::ImportFrom {
            module,
            names,
            level,
        } => {
            let dots = ".".repeat(*level as usize);
            format!(
                "(from {dots}{} {})",
                module.as_deref().unwrap_or(""),
                aliases(names)
            )
        }
        StmtKind::Global(names) => format!("(global {})", idents(names)),
        StmtKind::Nonlocal(names) => format!("(nonlocal {})", idents(names)),
        StmtKind::Match { subject, cases } => {
            let mut out = format!("(match {}", expr(subject));
            for c in cases {
                out += &format!(" (case {}", pattern(&c.pattern));
                if let Some(g) = &c.guard {
                    out += &format!(" if {}", expr(g));
                }
                out += &block(&c.body);
                out += ")";
            }
            out + ")"
        }
    }
}

fn function(f: &FunctionDef) -> String {
    let mut out = format!(
        "({}def {}{} ({})",
        async_prefix(f.is_async),
        f.name.name,
        type_params(&f.type_params),
        params(&f.params)
    );
    if let Some(r) = &f.returns {
        out += &format!(" -> {}", expr(r));
    }
    out += &decorators(&f.decorators);
    match &f.body {
        FunctionBody::Stmts(body) => out += &block(body),
        FunctionBody::Llvm { ir, .. } => out += &format!(" (llvm {ir:?})"),
    }
    out + ")"
}

fn block(body: &[Stmt]) -> String {
    body.iter().map(|s| format!(" {}", stmt(s))).collect()
}

fn else_block(orelse: &[Stmt]) -> String {
    if orelse.is_empty() {
        String::new()
    } else {
        format!(" (else{})", block(orelse))
    }
}

fn async_prefix(is_async: bool) -> &'static str {
    if is_async {
        "async "
    } else {
        ""
    }
}

fn decorators(ds: &[Expr]) -> String {
    ds.iter().map(|d| format!(" @{}", expr(d))).collect()
}

fn type_params(ps: &[Ident]) -> String {
    if ps.is_empty() {
        String::new()
    } else {
        format!("[{}]", idents(ps))
    }
}

fn idents(names: &[Ident]) -> String {
    names
        .iter()
        .map(|n| n.name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn aliases(names: &[Alias]) -> String {
    let names: Vec<String> = names
        .iter()
        .map(|a| match &a.asname {
            Some(n) => format!("(as {} {})", a.name, n.name),
            None => a.name.clone(),
        })
        .collect();
    names.join(" ")
}

/// Parameters: `a b=1 / c * d **e`, with annotations as `a:int`.
pub fn params(p: &Parameters) -> String {
    let one = |p: &Param| {
        let mut s = p.name.name.clone();
        if let Some(a) = &p.annotation {
            s += &format!(":{}", expr(a));
        }
        if let Some(d) = &p.default {
            s += &format!("={}", expr(d));
        }
        s
    };
    let mut parts: Vec<String> = p.posonly.iter().map(one).collect();
    if !p.posonly.is_empty() {
        parts.push("/".into());
    }
    parts.extend(p.args.iter().map(one));
    match &p.vararg {
        Some(v) => parts.push(format!("*{}", one(v))),
        None if !p.kwonly.is_empty() => parts.push("*".into()),
        None => {}
    }
    parts.extend(p.kwonly.iter().map(one));
    if let Some(k) = &p.kwarg {
        parts.push(format!("**{}", one(k)));
    }
    parts.join(" ")
}

/// Each expression preceded by a space.
fn spaced(es: &[Expr]) -> String {
    es.iter().map(|e| format!(" {}", expr(e))).collect()
}

fn opt_prefixed(e: &Option<Expr>) -> String {
    e.as_ref()
        .map(|e| format!(" {}", expr(e)))
        .unwrap_or_default()
}

fn keywords(ks: &[Keyword]) -> String {
    ks.iter()
        .map(|k| match &k.arg {
            Some(a) => format!(" (kw {} {})", a.name, expr(&k.value)),
            None => format!(" (** {})", expr(&k.value)),
        })
        .collect()
}

fn comprehensions(gs: &[Comprehension]) -> String {
    gs.iter()
        .map(|g| {
            let ifs: String = g.ifs.iter().map(|c| format!(" (if {})", expr(c))).collect();
            format!(
                " ({}for {} {}{ifs})",
                async_prefix(g.is_async),
                expr(&g.target),
                expr(&g.iter)
            )
        })
        .collect()
}

fn fstring_parts(parts: &[FStringPart]) -> String {
    parts
        .iter()
        .map(|p| match p {
            FStringPart::Literal(s) => format!(" {s:?}"),
            FStringPart::Formatted {
                value,
                conversion,
                spec,
                debug_text,
            } => {
                let mut out = format!(" (fmt {}", expr(value));
                if let Some(d) = debug_text {
                    out += &format!(" (debug {d:?})");
                }
                if let Some(c) = conversion {
                    out += &format!(" !{c}");
                }
                if !spec.is_empty() {
                    out += &format!(" (spec{})", fstring_parts(spec));
                }
                out + ")"
            }
        })
        .collect()
}

/// An expression.
pub fn expr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Name(n) => n.clone(),
        ExprKind::Int { digits, radix } => match radix {
            16 => format!("0x{digits}"),
            8 => format!("0o{digits}"),
            2 => format!("0b{digits}"),
            _ => digits.clone(),
        },
        ExprKind::Float(v) => format!("{v:?}"),
        ExprKind::Imaginary(v) => format!("{v:?}j"),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Bytes(b) => format!("b{:?}", String::from_utf8_lossy(b)),
        ExprKind::FString(parts) => format!("(f{})", fstring_parts(parts)),
        ExprKind::Bool(b) => if *b { "True" } else { "False" }.into(),
        ExprKind::None => "None".into(),
        ExprKind::Ellipsis => "...".into(),
        ExprKind::BoolOp { op, values } => {
            let op = match op {
                BoolOpKind::And => "and",
                BoolOpKind::Or => "or",
            };
            format!("({op}{})", spaced(values))
        }
        ExprKind::BinOp { left, op, right } => {
            format!("({} {} {})", op.symbol(), expr(left), expr(right))
        }
        ExprKind::UnaryOp { op, operand } => {
            let op = match op {
                UnaryOp::Invert => "~",
                UnaryOp::Not => "not",
                UnaryOp::UAdd => "+",
                UnaryOp::USub => "-",
            };
            format!("({op} {})", expr(operand))
        }
        ExprKind::Compare {
            left,
            ops,
            comparators,
        } => {
            let rest: String = ops
                .iter()
                .zip(comparators)
                .map(|(op, c)| format!(" {} {}", op.symbol(), expr(c)))
                .collect();
            format!("(cmp {}{rest})", expr(left))
        }
        ExprKind::NamedExpr { target, value } => format!("(:= {} {})", expr(target), expr(value)),
        ExprKind::Lambda { params: p, body } => format!("(lambda ({}) {})", params(p), expr(body)),
        ExprKind::IfExp { test, body, orelse } => {
            format!("(if {} {} {})", expr(test), expr(body), expr(orelse))
        }
        ExprKind::Dict { keys, values } => {
            let items: String = keys
                .iter()
                .zip(values)
                .map(|(k, v)| match k {
                    Some(k) => format!(" ({} {})", expr(k), expr(v)),
                    None => format!(" (** {})", expr(v)),
                })
                .collect();
            format!("(dict{items})")
        }
        ExprKind::Set(es) => format!("(set{})", spaced(es)),
        ExprKind::List(es) => format!("(list{})", spaced(es)),
        ExprKind::Tuple(es) => format!("(tuple{})", spaced(es)),
        ExprKind::ListComp { elt, generators } => {
            format!("(listcomp {}{})", expr(elt), comprehensions(generators))
        }
        ExprKind::SetComp { elt, generators } => {
            format!("(setcomp {}{})", expr(elt), comprehensions(generators))
        }
        ExprKind::DictComp {
            key,
            value,
            generators,
        } => {
            format!(
                "(dictcomp {} {}{})",
                expr(key),
                expr(value),
                comprehensions(generators)
            )
        }
        ExprKind::GeneratorExp { elt, generators } => {
            format!("(genexp {}{})", expr(elt), comprehensions(generators))
        }
        ExprKind::Await(v) => format!("(await {})", expr(v)),
        ExprKind::Yield(v) => match v {
            Some(v) => format!("(yield {})", expr(v)),
            None => "(yield)".into(),
        },
        ExprKind::YieldFrom(v) => format!("(yield-from {})", expr(v)),
        ExprKind::Call {
            func,
            args,
            keywords: kws,
        } => {
            format!("(call {}{}{})", expr(func), spaced(args), keywords(kws))
        }
        ExprKind::Attribute { value, attr } => format!("(. {} {})", expr(value), attr.name),
        ExprKind::Subscript { value, index } => format!("([] {} {})", expr(value), expr(index)),
        ExprKind::Starred(v) => format!("(* {})", expr(v)),
        ExprKind::Slice { lower, upper, step } => {
            let part = |e: &Option<Box<Expr>>| e.as_ref().map_or("_".to_string(), |e| expr(e));
            format!("(slice {} {} {})", part(lower), part(upper), part(step))
        }
    }
}

/// A `match` pattern.
pub fn pattern(p: &Pattern) -> String {
    match &p.kind {
        PatternKind::Value(e) => expr(e),
        PatternKind::Range(lo, hi) => format!("{} ... {}", expr(lo), expr(hi)),
        PatternKind::Singleton(e) => format!("(is {})", expr(e)),
        PatternKind::Sequence(ps) => format!("[{}]", patterns(ps)),
        PatternKind::Mapping {
            keys,
            patterns: ps,
            rest,
        } => {
            let mut items: Vec<String> = keys
                .iter()
                .zip(ps)
                .map(|(k, p)| format!("{}: {}", expr(k), pattern(p)))
                .collect();
            if let Some(r) = rest {
                items.push(format!("**{}", r.name));
            }
            format!("{{{}}}", items.join(", "))
        }
        PatternKind::Class {
            cls,
            patterns: ps,
            kwd_names,
            kwd_patterns,
        } => {
            let mut items: Vec<String> = ps.iter().map(pattern).collect();
            items.extend(
                kwd_names
                    .iter()
                    .zip(kwd_patterns)
                    .map(|(n, p)| format!("{}={}", n.name, pattern(p))),
            );
            format!("{}({})", expr(cls), items.join(", "))
        }
        PatternKind::Star(name) => format!("*{}", name.as_ref().map_or("_", |n| n.name.as_str())),
        PatternKind::As {
            pattern: None,
            name: None,
        } => "_".into(),
        PatternKind::As {
            pattern: None,
            name: Some(n),
        } => n.name.clone(),
        PatternKind::As {
            pattern: Some(p),
            name,
        } => {
            format!(
                "({} as {})",
                pattern(p),
                name.as_ref().map_or("_", |n| n.name.as_str())
            )
        }
        PatternKind::Or(ps) => format!(
            "({})",
            ps.iter().map(pattern).collect::<Vec<_>>().join(" | ")
        ),
    }
}

fn patterns(ps: &[Pattern]) -> String {
    ps.iter().map(pattern).collect::<Vec<_>>().join(", ")
}
