//! `@par` loops, normalized before name resolution: every parallel loop becomes a loop over
//! `range(TOTAL)` whose body first computes the original loop variables from the iteration
//! number, so that the CIR pass (`cir::passes::parallel`) and the OpenMP lowering only ever
//! see counted loops.
//!
//! ```text
//! @par(collapse=2)                    .par_s1_0 = range(a, b, c)      # evaluated once, before
//! for i in range(a, b, c):            .par_s1_1 = xs
//!     for x in xs:                    .par_len1_0 = len(.par_s1_0)
//!         BODY                        .par_len1_1 = len(.par_s1_1)
//!                                     .par_tot1 = .par_len1_0 * .par_len1_1
//!                             ──▶     @par for .par_k1 in range(.par_tot1):
//!                                         i = .par_s1_0.start + (.par_k1 // .par_len1_1) * .par_s1_0.step
//!                                         x = .par_s1_1[.par_k1 % .par_len1_1]
//!                                         BODY
//! ```
//!
//! A loop over `range(…)` reads its items arithmetically; a loop over anything else indexes
//! `_par_items(it)` (a builtin: sequences as they are, generators, sets and dicts gathered
//! into a list first). Names starting with a dot cannot clash with the program's.

use syntax::ast::{BinOp, Expr, ExprKind, Ident, Keyword, Module, Stmt, StmtKind};
use syntax::{Diagnostic, FileId, Span};

/// Rewrites every `@par` loop of a parsed file (in functions, classes and nested blocks too).
pub fn desugar(m: &mut Module, file: FileId) -> Result<(), Box<Diagnostic>> {
    let mut cx = Cx { file, next: 0 };
    cx.block(&mut m.body)
}

struct Cx {
    file: FileId,
    next: u32,
}

impl Cx {
    fn block(&mut self, body: &mut Vec<Stmt>) -> Result<(), Box<Diagnostic>> {
        let mut out = Vec::with_capacity(body.len());
        for mut s in std::mem::take(body) {
            self.nested(&mut s)?;
            if matches!(&s.kind, StmtKind::For { par: Some(_), .. }) {
                out.extend(self.lower(s)?);
            } else {
                out.push(s);
            }
        }
        *body = out;
        Ok(())
    }

    /// Desugars the blocks inside a statement.
    fn nested(&mut self, s: &mut Stmt) -> Result<(), Box<Diagnostic>> {
        match &mut s.kind {
            StmtKind::If { body, orelse, .. }
            | StmtKind::While { body, orelse, .. }
            | StmtKind::For { body, orelse, .. } => {
                self.block(body)?;
                self.block(orelse)
            }
            StmtKind::With { body, .. } => self.block(body),
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finalbody,
                ..
            } => {
                self.block(body)?;
                for h in handlers {
                    self.block(&mut h.body)?;
                }
                self.block(orelse)?;
                self.block(finalbody)
            }
            StmtKind::FunctionDef(f) => match &mut f.body {
                syntax::ast::FunctionBody::Stmts(b) => self.block(b),
                syntax::ast::FunctionBody::Llvm { .. } => Ok(()),
            },
            StmtKind::ClassDef(c) => self.block(&mut c.body),
            StmtKind::Match { cases, .. } => {
                for c in cases {
                    self.block(&mut c.body)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// One `@par` loop (its body already desugared) as setup statements and a counted loop.
    fn lower(&mut self, s: Stmt) -> Result<Vec<Stmt>, Box<Diagnostic>> {
        let span = s.span;
        let StmtKind::For {
            target,
            iter,
            body,
            par: Some(mut spec),
            ..
        } = s.kind
        else {
            return Ok(vec![s]);
        };
        self.next += 1;
        let n = self.next;
        // The nest: (target, iter) per collapsed level, and the innermost body.
        let mut levels = vec![(target, iter)];
        let mut body = body;
        while levels.len() < spec.collapse as usize {
            let [Stmt {
                kind:
                    StmtKind::For {
                        target,
                        iter,
                        body: inner,
                        ..
                    },
                ..
            }] = body.as_mut_slice()
            else {
                return Err(self.err(spec.span, "collapse needs perfectly nested `for` loops"));
            };
            let bound: Vec<String> = levels.iter().flat_map(|(t, _)| names_of(t)).collect();
            if let Some(name) = bound.iter().find(|b| mentions(iter, b)) {
                return Err(self.err(
                    iter.span,
                    format!(
                        "a collapsed loop's bounds cannot depend on an outer loop's variable '{name}'"
                    ),
                ));
            }
            let level = (target.clone(), iter.clone());
            let inner = std::mem::take(inner);
            levels.push(level);
            body = inner;
        }
        let mut setup = Vec::new();
        let seq = |d: usize| format!(".par_s{n}_{d}");
        let len = |d: usize| format!(".par_len{n}_{d}");
        for (d, (_, iter)) in levels.iter().enumerate() {
            let items = if is_range_call(iter) {
                iter.clone()
            } else {
                call("_par_items", vec![iter.clone()], iter.span)
            };
            setup.push(assign(name(&seq(d), iter.span), items, iter.span));
            let l = call("len", vec![name(&seq(d), iter.span)], iter.span);
            setup.push(assign(name(&len(d), iter.span), l, iter.span));
        }
        let total = if levels.len() == 1 {
            len(0)
        } else {
            let tot = format!(".par_tot{n}");
            let mut prod = name(&len(0), span);
            for d in 1..levels.len() {
                prod = binop(prod, BinOp::Mult, name(&len(d), span), span);
            }
            setup.push(assign(name(&tot, span), prod, span));
            tot
        };
        // Stride of level d: the product of the lengths of the levels inside it.
        let mut strides = Vec::new();
        for d in 0..levels.len() {
            if d + 1 >= levels.len() {
                strides.push(None);
                continue;
            }
            let st = format!(".par_st{n}_{d}");
            let mut prod = name(&len(d + 1), span);
            for e in d + 2..levels.len() {
                prod = binop(prod, BinOp::Mult, name(&len(e), span), span);
            }
            setup.push(assign(name(&st, span), prod, span));
            strides.push(Some(st));
        }
        let k = format!(".par_k{n}");
        let mut new_body = Vec::new();
        for (d, (target, iter)) in levels.iter().enumerate() {
            let ts = target.span;
            let mut idx = name(&k, ts);
            if let Some(st) = &strides[d] {
                idx = binop(idx, BinOp::FloorDiv, name(st, ts), ts);
            }
            if d > 0 {
                idx = binop(idx, BinOp::Mod, name(&len(d), ts), ts);
            }
            let value = if is_range_call(iter) {
                let start = attr(name(&seq(d), ts), "start", ts);
                let step = attr(name(&seq(d), ts), "step", ts);
                binop(start, BinOp::Add, binop(idx, BinOp::Mult, step, ts), ts)
            } else {
                Expr::new(
                    ExprKind::Subscript {
                        value: Box::new(name(&seq(d), ts)),
                        index: Box::new(idx),
                    },
                    ts,
                )
            };
            new_body.push(assign(target.clone(), value, ts));
        }
        new_body.extend(body);
        spec.collapse = 1;
        let loop_stmt = Stmt {
            kind: StmtKind::For {
                target: name(&k, span),
                iter: call("range", vec![name(&total, span)], span),
                body: new_body,
                orelse: vec![],
                is_async: false,
                par: Some(spec),
            },
            span,
        };
        setup.push(loop_stmt);
        Ok(setup)
    }

    fn err(&self, span: Span, msg: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic::error(self.file, span, msg))
    }
}

fn name(n: &str, span: Span) -> Expr {
    Expr::new(ExprKind::Name(n.to_string()), span)
}

fn call(f: &str, args: Vec<Expr>, span: Span) -> Expr {
    Expr::new(
        ExprKind::Call {
            func: Box::new(name(f, span)),
            args,
            keywords: Vec::<Keyword>::new(),
        },
        span,
    )
}

fn attr(value: Expr, a: &str, span: Span) -> Expr {
    Expr::new(
        ExprKind::Attribute {
            value: Box::new(value),
            attr: Ident {
                name: a.to_string(),
                span,
            },
        },
        span,
    )
}

fn binop(left: Expr, op: BinOp, right: Expr, span: Span) -> Expr {
    Expr::new(
        ExprKind::BinOp {
            left: Box::new(left),
            op,
            right: Box::new(right),
        },
        span,
    )
}

fn assign(target: Expr, value: Expr, span: Span) -> Stmt {
    Stmt {
        kind: StmtKind::Assign {
            targets: vec![target],
            value,
        },
        span,
    }
}

/// Whether `e` is a call of `range`.
fn is_range_call(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call { func, keywords, .. }
        if keywords.is_empty() && matches!(&func.kind, ExprKind::Name(n) if n == "range"))
}

/// The names a loop target binds.
fn names_of(target: &Expr) -> Vec<String> {
    match &target.kind {
        ExprKind::Name(n) => vec![n.clone()],
        ExprKind::Tuple(es) | ExprKind::List(es) => es.iter().flat_map(names_of).collect(),
        ExprKind::Starred(e) => names_of(e),
        _ => vec![],
    }
}

/// Whether the name `n` occurs in `e` (conservatively: also inside lambdas and
/// comprehensions that might rebind it).
fn mentions(e: &Expr, n: &str) -> bool {
    let any = |es: &[Expr]| es.iter().any(|x| mentions(x, n));
    match &e.kind {
        ExprKind::Name(x) => x == n,
        ExprKind::Int { .. }
        | ExprKind::Float(_)
        | ExprKind::Imaginary(_)
        | ExprKind::Str(_)
        | ExprKind::Bytes(_)
        | ExprKind::Bool(_)
        | ExprKind::None
        | ExprKind::Ellipsis => false,
        ExprKind::FString(_) => true,
        ExprKind::BoolOp { values, .. } => any(values),
        ExprKind::BinOp { left, right, .. } => mentions(left, n) || mentions(right, n),
        ExprKind::UnaryOp { operand, .. } => mentions(operand, n),
        ExprKind::Compare {
            left, comparators, ..
        } => mentions(left, n) || any(comparators),
        ExprKind::NamedExpr { target, value } => mentions(target, n) || mentions(value, n),
        ExprKind::Lambda { .. }
        | ExprKind::ListComp { .. }
        | ExprKind::SetComp { .. }
        | ExprKind::DictComp { .. }
        | ExprKind::GeneratorExp { .. } => true,
        ExprKind::IfExp { test, body, orelse } => {
            mentions(test, n) || mentions(body, n) || mentions(orelse, n)
        }
        ExprKind::Dict { keys, values } => {
            keys.iter().flatten().any(|k| mentions(k, n)) || any(values)
        }
        ExprKind::Set(es) | ExprKind::List(es) | ExprKind::Tuple(es) => any(es),
        ExprKind::Await(x) | ExprKind::YieldFrom(x) | ExprKind::Starred(x) => mentions(x, n),
        ExprKind::Yield(x) => x.as_ref().is_some_and(|x| mentions(x, n)),
        ExprKind::Call {
            func,
            args,
            keywords,
        } => mentions(func, n) || any(args) || keywords.iter().any(|k| mentions(&k.value, n)),
        ExprKind::Attribute { value, .. } => mentions(value, n),
        ExprKind::Subscript { value, index } => mentions(value, n) || mentions(index, n),
        ExprKind::Slice { lower, upper, step } => [lower, upper, step]
            .iter()
            .any(|x| x.as_ref().is_some_and(|x| mentions(x, n))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(src: &str) -> Result<String, String> {
        let mut m = syntax::parse(src, FileId(0)).map_err(|e| e[0].message.clone())?;
        desugar(&mut m, FileId(0)).map_err(|e| e.message.clone())?;
        Ok(m.body
            .iter()
            .map(syntax::pretty::stmt)
            .collect::<Vec<_>>()
            .join("\n"))
    }

    #[test]
    fn range_loops_count_and_compute_the_variable() {
        let out = lowered("@par\nfor i in range(1, 9, 2):\n    s += i\n").unwrap();
        assert!(
            out.contains("(par for .par_k1 (call range .par_len1_0)"),
            "{out}"
        );
        assert!(out.contains("(. .par_s1_0 start)"), "{out}");
    }

    #[test]
    fn collapse_flattens_the_nest() {
        let out =
            lowered("@par(collapse=2)\nfor i in range(3):\n    for j in xs:\n        f(i, j)\n")
                .unwrap();
        assert!(out.contains(".par_tot1"), "{out}");
        assert!(out.contains("([] .par_s1_1"), "{out}");
        assert_eq!(out.matches("for ").count(), 1, "{out}");
    }

    #[test]
    fn collapsed_bounds_cannot_use_outer_variables() {
        let err = lowered(
            "@par(collapse=2)\nfor i in range(3):\n    for j in range(i):\n        f(i, j)\n",
        )
        .unwrap_err();
        assert!(err.contains("outer loop's variable 'i'"), "{err}");
    }
}
