//! `match` statements: Python 3.10's patterns plus Codon's range patterns (`case 1 ... 5:`)
//! and `...` in sequence patterns (any number of items, as `*_`).
//!
//! A match is checked as the statements it stands for: the subject is kept in a hidden local,
//! a hidden flag records whether a case matched, and each case becomes
//! `if not matched: <tests and bindings, nested> if guard: matched = True; body`.
//! Patterns are turned into tests by the subject's type: a tuple pattern against a tuple of
//! another length can never match and its case is dropped (its body is not checked), as a
//! class pattern naming a class the subject cannot be.

use std::collections::{HashMap, HashSet};

use syntax::ast::{
    BoolOpKind, CmpOp, Expr, ExprKind, Ident, MatchCase, Pattern, PatternKind, Stmt, StmtKind,
    UnaryOp,
};
use syntax::Span;

use super::{Binding, Fcx};
use crate::context::R;
use crate::defs::Symbol;
use crate::typed::{TStmt, TTarget};

/// One step of matching a pattern: a test that must hold, or a name bound to a value.
enum Step {
    Test(Expr),
    Bind(Ident, Expr),
}

fn ex(kind: ExprKind, span: Span) -> Expr {
    Expr::new(kind, span)
}

fn name(n: &str, span: Span) -> Expr {
    ex(ExprKind::Name(n.to_string()), span)
}

fn int(v: i64, span: Span) -> Expr {
    if v < 0 {
        return ex(
            ExprKind::UnaryOp {
                op: UnaryOp::USub,
                operand: Box::new(int(-v, span)),
            },
            span,
        );
    }
    ex(
        ExprKind::Int {
            digits: v.to_string(),
            radix: 10,
        },
        span,
    )
}

fn cmp(l: Expr, op: CmpOp, r: Expr, span: Span) -> Expr {
    ex(
        ExprKind::Compare {
            left: Box::new(l),
            ops: vec![op],
            comparators: vec![r],
        },
        span,
    )
}

fn call(f: &str, args: Vec<Expr>, span: Span) -> Expr {
    ex(
        ExprKind::Call {
            func: Box::new(name(f, span)),
            args,
            keywords: vec![],
        },
        span,
    )
}

fn index(v: &Expr, i: Expr, span: Span) -> Expr {
    ex(
        ExprKind::Subscript {
            value: Box::new(v.clone()),
            index: Box::new(i),
        },
        span,
    )
}

fn and_all(mut tests: Vec<Expr>, span: Span) -> Expr {
    match tests.len() {
        0 => ex(ExprKind::Bool(true), span),
        1 => tests.remove(0),
        _ => ex(
            ExprKind::BoolOp {
                op: BoolOpKind::And,
                values: tests,
            },
            span,
        ),
    }
}

/// What the unguarded cases of a `match` seen so far match, for telling when a later case
/// matches whatever is left.
#[derive(Default)]
struct Coverage {
    bools: Vec<bool>,
    /// Lengths matched by sequence patterns of captures and wildcards only.
    lengths: Vec<usize>,
}

impl Coverage {
    fn add(&mut self, p: &Pattern) {
        if let Some(b) = bool_literal(p) {
            self.bools.push(b);
        }
        if let Some((n, false)) = open_sequence(p) {
            self.lengths.push(n);
        }
    }

    /// Whether every value `p` tests against was matched already: the other bool, or every
    /// length below that of a `[a, b, *rest]` pattern.
    fn leaves_only(&self, p: &Pattern, subject_is_bool: bool) -> bool {
        if let (true, Some(b)) = (subject_is_bool, bool_literal(p)) {
            return self.bools.contains(&!b);
        }
        match open_sequence(p) {
            Some((n, true)) => (0..n).all(|k| self.lengths.contains(&k)),
            _ => false,
        }
    }
}

/// A sequence pattern whose items are all captures or wildcards: its number of fixed items
/// and whether it has a starred item (matching any length from there).
fn open_sequence(p: &Pattern) -> Option<(usize, bool)> {
    let PatternKind::Sequence(items) = &p.kind else {
        return None;
    };
    let mut fixed = 0;
    let mut open = false;
    for it in items {
        match &it.kind {
            PatternKind::Star(_) => open = true,
            PatternKind::As { pattern: None, .. } => fixed += 1,
            _ => return None,
        }
    }
    Some((fixed, open))
}

/// The value of a `True`/`False` pattern.
fn bool_literal(p: &Pattern) -> Option<bool> {
    match &p.kind {
        PatternKind::Value(e) | PatternKind::Singleton(e) => match e.kind {
            ExprKind::Bool(b) => Some(b),
            _ => None,
        },
        _ => None,
    }
}

fn stmt(kind: StmtKind, span: Span) -> Stmt {
    Stmt { kind, span }
}

/// Names a pattern binds (for the function's locals).
pub fn pattern_names(p: &Pattern, out: &mut HashSet<String>) {
    match &p.kind {
        PatternKind::As { pattern, name } => {
            if let Some(n) = name {
                out.insert(n.name.clone());
            }
            if let Some(p) = pattern {
                pattern_names(p, out);
            }
        }
        PatternKind::Star(Some(n)) => {
            out.insert(n.name.clone());
        }
        PatternKind::Sequence(ps) | PatternKind::Or(ps) => {
            ps.iter().for_each(|p| pattern_names(p, out))
        }
        PatternKind::Mapping { patterns, rest, .. } => {
            patterns.iter().for_each(|p| pattern_names(p, out));
            if let Some(r) = rest {
                out.insert(r.name.clone());
            }
        }
        PatternKind::Class {
            patterns,
            kwd_patterns,
            ..
        } => patterns
            .iter()
            .chain(kwd_patterns)
            .for_each(|p| pattern_names(p, out)),
        _ => {}
    }
}

impl Fcx<'_, '_> {
    /// Checks `match subject: cases`.
    pub fn check_match(
        &mut self,
        subject: &Expr,
        cases: &[MatchCase],
        span: Span,
    ) -> R<Vec<TStmt>> {
        let v = self.check_expr(subject)?;
        let (subj, set) = self.temp(v);
        let n = self.s.next_id();
        let subj_name = format!(".match{n}");
        let flag_name = format!(".matched{n}");
        let bt = self.s.bool_t();
        let flag = self.new_local(&flag_name, bt.clone());
        let mut out = vec![
            set,
            TStmt::Assign(
                TTarget::Local(flag),
                crate::typed::TExpr::new(crate::typed::TExprKind::Bool(false), bt, span),
            ),
        ];
        self.inner_scopes.push(HashMap::from([
            (subj_name.clone(), Binding::Local(subj)),
            (flag_name.clone(), Binding::Local(flag)),
        ]));
        let subject_is_bool =
            self.s.store.resolve(&self.locals[subj.0 as usize].1) == self.s.bool_t();
        let r = (|| {
            let mut stmts = Vec::new();
            // what earlier cases without a guard matched: bool literals, sequence lengths
            let mut covered = Coverage::default();
            for case in cases {
                let ps = case.pattern.span;
                let Some(mut steps) = self.pattern_steps(&case.pattern, &name(&subj_name, ps))?
                else {
                    continue; // can never match: the case is not checked
                };
                if covered.leaves_only(&case.pattern, subject_is_bool) {
                    // the earlier cases matched everything this one tests against: it takes
                    // what is left, so the match is exhaustive (its bindings stay)
                    steps.retain(|s| matches!(s, Step::Bind(..)));
                }
                if case.guard.is_none() {
                    covered.add(&case.pattern);
                }
                let mut tail = vec![stmt(
                    StmtKind::Assign {
                        targets: vec![name(&flag_name, ps)],
                        value: ex(ExprKind::Bool(true), ps),
                    },
                    ps,
                )];
                tail.extend(case.body.iter().cloned());
                if let Some(g) = &case.guard {
                    tail = vec![stmt(
                        StmtKind::If {
                            test: g.clone(),
                            body: tail,
                            orelse: vec![],
                        },
                        g.span,
                    )];
                }
                for step in steps.into_iter().rev() {
                    match step {
                        Step::Test(t) => {
                            let s = t.span;
                            tail = vec![stmt(
                                StmtKind::If {
                                    test: t,
                                    body: tail,
                                    orelse: vec![],
                                },
                                s,
                            )];
                        }
                        Step::Bind(n, v) => {
                            let mut b = vec![stmt(
                                StmtKind::Assign {
                                    targets: vec![ex(ExprKind::Name(n.name.clone()), n.span)],
                                    value: v,
                                },
                                n.span,
                            )];
                            b.extend(tail);
                            tail = b;
                        }
                    }
                }
                let not_matched = ex(
                    ExprKind::UnaryOp {
                        op: UnaryOp::Not,
                        operand: Box::new(name(&flag_name, ps)),
                    },
                    ps,
                );
                stmts.push(stmt(
                    StmtKind::If {
                        test: not_matched,
                        body: tail,
                        orelse: vec![],
                    },
                    ps,
                ));
            }
            self.check_block(&stmts)
        })();
        self.inner_scopes.pop();
        out.extend(r?);
        Ok(out)
    }

    /// The steps matching `p` against the value of `s`; None when it can never match.
    fn pattern_steps(&mut self, p: &Pattern, s: &Expr) -> R<Option<Vec<Step>>> {
        let span = p.span;
        let steps = match &p.kind {
            PatternKind::As { pattern, name } => {
                let mut steps = match pattern {
                    Some(inner) => match self.pattern_steps(inner, s)? {
                        Some(st) => st,
                        None => return Ok(None),
                    },
                    None => vec![],
                };
                if let Some(n) = name {
                    steps.push(Step::Bind(n.clone(), s.clone()));
                }
                steps
            }
            PatternKind::Value(v) => vec![Step::Test(cmp(s.clone(), CmpOp::Eq, v.clone(), span))],
            PatternKind::Singleton(v) => {
                let op = if matches!(v.kind, ExprKind::None) {
                    CmpOp::Is
                } else {
                    CmpOp::Eq
                };
                vec![Step::Test(cmp(s.clone(), op, v.clone(), span))]
            }
            PatternKind::Range(lo, hi) => vec![Step::Test(and_all(
                vec![
                    cmp(s.clone(), CmpOp::GtE, (**lo).clone(), span),
                    cmp(s.clone(), CmpOp::LtE, (**hi).clone(), span),
                ],
                span,
            ))],
            PatternKind::Or(alts) => {
                let mut tests = Vec::new();
                for a in alts {
                    let mut names = HashSet::new();
                    pattern_names(a, &mut names);
                    if !names.is_empty() {
                        return Err(self.err(
                            a.span,
                            "names bound inside alternatives of a match pattern (`|`) are not \
                             supported",
                        ));
                    }
                    let Some(steps) = self.pattern_steps(a, s)? else {
                        continue;
                    };
                    let parts: Vec<Expr> = steps
                        .into_iter()
                        .filter_map(|st| match st {
                            Step::Test(t) => Some(t),
                            Step::Bind(..) => None,
                        })
                        .collect();
                    if parts.is_empty() {
                        return Ok(Some(vec![])); // an alternative that always matches
                    }
                    tests.push(and_all(parts, a.span));
                }
                if tests.is_empty() {
                    return Ok(None);
                }
                let test = if tests.len() == 1 {
                    tests.remove(0)
                } else {
                    ex(
                        ExprKind::BoolOp {
                            op: BoolOpKind::Or,
                            values: tests,
                        },
                        span,
                    )
                };
                vec![Step::Test(test)]
            }
            PatternKind::Sequence(items) => return self.sequence_steps(items, s, span),
            PatternKind::Star(_) => {
                return Err(self.err(span, "a starred pattern must be inside a sequence pattern"))
            }
            PatternKind::Mapping {
                keys,
                patterns,
                rest,
            } => {
                if let Some(r) = rest {
                    return Err(self.err(r.span, "`**rest` in mapping patterns is not supported"));
                }
                let mut steps = Vec::new();
                for (k, p) in keys.iter().zip(patterns) {
                    steps.push(Step::Test(cmp(k.clone(), CmpOp::In, s.clone(), k.span)));
                    match self.pattern_steps(p, &index(s, k.clone(), p.span))? {
                        Some(st) => steps.extend(st),
                        None => return Ok(None),
                    }
                }
                steps
            }
            PatternKind::Class {
                cls,
                patterns,
                kwd_names,
                kwd_patterns,
            } => {
                let Some(Symbol::Class(class)) = self.static_symbol(cls) else {
                    return Err(self.err(cls.span, "a class pattern needs a class name"));
                };
                let test = call("isinstance", vec![s.clone(), cls.clone()], span);
                match self.static_bool(&test)? {
                    Some(false) => return Ok(None),
                    Some(true) => {}
                    None => {
                        return Err(
                            self.err(span, "the type of the match subject is not known here")
                        )
                    }
                }
                let cname = self.s.defs.class(class).name.clone();
                let builtin_self = matches!(
                    cname.as_str(),
                    "int" | "float" | "str" | "bool" | "list" | "dict" | "set" | "tuple" | "bytes"
                );
                let mut steps = Vec::new();
                if builtin_self && patterns.len() == 1 {
                    match self.pattern_steps(&patterns[0], s)? {
                        Some(st) => steps.extend(st),
                        None => return Ok(None),
                    }
                } else if !patterns.is_empty() {
                    let fields: Vec<String> = self
                        .s
                        .declared
                        .get(&class)
                        .map(|d| d.iter().map(|f| f.name.clone()).collect())
                        .unwrap_or_default();
                    if patterns.len() > fields.len() {
                        return Err(self.err(
                            span,
                            format!(
                                "{cname}() accepts {} positional sub-pattern(s) (its declared \
                                 fields), {} given",
                                fields.len(),
                                patterns.len()
                            ),
                        ));
                    }
                    for (p, f) in patterns.iter().zip(fields) {
                        let attr = attr_of(s, &f, p.span);
                        match self.pattern_steps(p, &attr)? {
                            Some(st) => steps.extend(st),
                            None => return Ok(None),
                        }
                    }
                }
                for (k, p) in kwd_names.iter().zip(kwd_patterns) {
                    let attr = attr_of(s, &k.name, k.span);
                    match self.pattern_steps(p, &attr)? {
                        Some(st) => steps.extend(st),
                        None => return Ok(None),
                    }
                }
                steps
            }
        };
        Ok(Some(steps))
    }

    /// A sequence pattern: a tuple subject is matched by its static length and items; any
    /// other subject by `len` and indexing.
    fn sequence_steps(&mut self, items: &[Pattern], s: &Expr, span: Span) -> R<Option<Vec<Step>>> {
        let stars: Vec<usize> = items
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p.kind, PatternKind::Star(_)))
            .map(|(i, _)| i)
            .collect();
        if stars.len() > 1 {
            return Err(self.err(
                items[stars[1]].span,
                "a sequence pattern takes one starred item (or `...`)",
            ));
        }
        let star = stars.first().copied();
        let fixed = items.len() - stars.len();
        let v = self.check_expr(s)?;
        let v = self.tuple_view(v);
        let static_len = self.tuple_items(&v.ty).map(|t| t.len());
        let is_str = self
            .s
            .class_of(&v.ty)
            .map(|(c, _)| self.s.defs.class(c).name == "str")
            .unwrap_or(false);
        if is_str {
            return Ok(None); // strings are not sequences for patterns
        }
        let mut steps = Vec::new();
        match (static_len, star) {
            (Some(n), None) if n != fixed => return Ok(None),
            (Some(n), Some(_)) if n < fixed => return Ok(None),
            (Some(_), _) => {}
            (None, None) => steps.push(Step::Test(cmp(
                call("len", vec![s.clone()], span),
                CmpOp::Eq,
                int(fixed as i64, span),
                span,
            ))),
            (None, Some(_)) => steps.push(Step::Test(cmp(
                call("len", vec![s.clone()], span),
                CmpOp::GtE,
                int(fixed as i64, span),
                span,
            ))),
        }
        let after = star.map(|st| items.len() - st - 1).unwrap_or(0);
        for (i, p) in items.iter().enumerate() {
            let at = match star {
                Some(st) if i == st => {
                    if let PatternKind::Star(Some(n)) = &p.kind {
                        let lower = int(i as i64, p.span);
                        let upper = match static_len {
                            Some(len) => Some(int((len - after) as i64, p.span)),
                            None if after == 0 => None,
                            None => Some(ex(
                                ExprKind::BinOp {
                                    left: Box::new(call("len", vec![s.clone()], p.span)),
                                    op: syntax::ast::BinOp::Sub,
                                    right: Box::new(int(after as i64, p.span)),
                                },
                                p.span,
                            )),
                        };
                        let slice = ex(
                            ExprKind::Slice {
                                lower: Some(Box::new(lower)),
                                upper: upper.map(Box::new),
                                step: None,
                            },
                            p.span,
                        );
                        steps.push(Step::Bind(n.clone(), index(s, slice, p.span)));
                    }
                    continue;
                }
                Some(st) if i > st => match static_len {
                    Some(len) => (len - (items.len() - i)) as i64,
                    None => -((items.len() - i) as i64),
                },
                _ => i as i64,
            };
            match self.pattern_steps(p, &index(s, int(at, p.span), p.span))? {
                Some(st) => steps.extend(st),
                None => return Ok(None),
            }
        }
        Ok(Some(steps))
    }
}

fn attr_of(s: &Expr, field: &str, span: Span) -> Expr {
    ex(
        ExprKind::Attribute {
            value: Box::new(s.clone()),
            attr: Ident {
                name: field.to_string(),
                span,
            },
        },
        span,
    )
}
