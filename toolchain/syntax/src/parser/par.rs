//! `@par` above a `for` loop: the decorator's clauses (keywords or the OpenMP pragma string)
//! and the checks that need only the syntax (what it decorates, `break`/`return` in the body,
//! `collapse` against the loop nest).

use super::{PResult, Parser};
use crate::ast::{Expr, ExprKind, ParSchedule, ParSpec, Stmt, StmtKind};
use crate::span::Span;
use crate::token::{Keyword, TokenKind};

/// Whether a decorator is `@par` or `@par(...)`.
pub(super) fn is_par(d: &Expr) -> bool {
    match &d.kind {
        ExprKind::Name(n) => n == "par",
        ExprKind::Call { func, .. } => matches!(&func.kind, ExprKind::Name(n) if n == "par"),
        _ => false,
    }
}

const KEYWORDS: &[&str] = &[
    "schedule",
    "chunk_size",
    "num_threads",
    "ordered",
    "collapse",
    "gpu",
];

impl Parser<'_> {
    /// The statement after `@par` decorators: it must be a `for` loop.
    pub(super) fn parse_par_loop(&mut self, start: u32, par: Expr, count: usize) -> PResult<Stmt> {
        if count > 1 {
            return Err(self.error_at(par.span, "`@par` cannot be combined with other decorators"));
        }
        let what = match self.kind() {
            TokenKind::Keyword(Keyword::For) => None,
            TokenKind::Keyword(Keyword::While) => Some("a `while` loop"),
            TokenKind::Keyword(Keyword::Def) => Some("a function"),
            TokenKind::Keyword(Keyword::Class) => Some("a class"),
            TokenKind::Keyword(Keyword::Async) => Some("an `async` statement"),
            _ => Some("this statement"),
        };
        if let Some(what) = what {
            return Err(self.error_at(
                par.span,
                format!("`@par` applies to `for` loops, not to {what}"),
            ));
        }
        let spec = self.par_spec(&par)?;
        let mut stmt = self.parse_for(start, false)?;
        let StmtKind::For {
            body, orelse, par, ..
        } = &mut stmt.kind
        else {
            return Err(self.error_at(spec.span, "`@par` applies to `for` loops"));
        };
        if !orelse.is_empty() {
            return Err(self.error_at(spec.span, "an `@par` loop cannot have an `else` clause"));
        }
        if let Some(span) = leaving_statement(body, true) {
            return Err(self.error_at(
                span,
                "`break` and `return` cannot leave an `@par` loop (its iterations run on several threads)",
            ));
        }
        let nest = nest_depth(body);
        if spec.collapse > nest {
            return Err(self.error_at(
                spec.span,
                format!(
                    "collapse={} needs {} perfectly nested `for` loops, but this nest has {nest}",
                    spec.collapse, spec.collapse
                ),
            ));
        }
        *par = Some(Box::new(spec));
        Ok(stmt)
    }

    /// The clauses of `@par`, `@par(k=v, …)` or `@par('pragma clauses')`.
    fn par_spec(&self, d: &Expr) -> PResult<ParSpec> {
        let mut spec = ParSpec {
            schedule: ParSchedule::Static,
            chunk_size: None,
            num_threads: None,
            ordered: false,
            collapse: 1,
            span: d.span,
        };
        let ExprKind::Call { args, keywords, .. } = &d.kind else {
            return Ok(spec);
        };
        match args.as_slice() {
            [] => {}
            [Expr {
                kind: ExprKind::Str(pragma),
                span,
            }] => self.pragma(&mut spec, pragma, *span)?,
            [a, ..] => {
                return Err(self.error_at(
                    a.span,
                    "`@par` takes keyword arguments (schedule, chunk_size, num_threads, ordered, collapse, gpu) or one OpenMP pragma string",
                ))
            }
        }
        for k in keywords {
            let Some(name) = &k.arg else {
                return Err(self.error_at(k.span, "`@par` does not take `**` arguments"));
            };
            let v = &k.value;
            match name.name.as_str() {
                "schedule" => {
                    let ExprKind::Str(s) = &v.kind else {
                        return Err(self.error_at(
                            v.span,
                            "schedule must be a string: 'static', 'dynamic', 'guided', 'auto' or 'runtime'",
                        ));
                    };
                    spec.schedule = self.schedule(s, v.span)?;
                }
                "chunk_size" => spec.chunk_size = Some(v.clone()),
                "num_threads" => spec.num_threads = Some(v.clone()),
                "ordered" => spec.ordered = self.flag(v, "ordered")?,
                "collapse" => spec.collapse = self.count(v, "collapse")?,
                "gpu" => {
                    if self.flag(v, "gpu")? {
                        return Err(self.error_at(
                            v.span,
                            "`@par(gpu=True)` loops are not supported yet: GPU outlining is not built",
                        ));
                    }
                }
                other => {
                    let mut e =
                        self.error_at(name.span, format!("unknown `@par` argument '{other}'"));
                    if let Some(s) = closest(other) {
                        e.help = Some(format!("did you mean '{s}'?"));
                    } else {
                        e.help = Some(format!("`@par` takes {}", KEYWORDS.join(", ")));
                    }
                    return Err(e);
                }
            }
        }
        Ok(spec)
    }

    fn schedule(&self, s: &str, span: Span) -> PResult<ParSchedule> {
        ParSchedule::from_name(s.trim()).ok_or_else(|| {
            self.error_at(
                span,
                format!("unknown schedule '{s}' (expected 'static', 'dynamic', 'guided', 'auto' or 'runtime')"),
            )
        })
    }

    fn flag(&self, v: &Expr, what: &str) -> PResult<bool> {
        match v.kind {
            ExprKind::Bool(b) => Ok(b),
            _ => Err(self.error_at(v.span, format!("{what} must be True or False"))),
        }
    }

    fn count(&self, v: &Expr, what: &str) -> PResult<u32> {
        match &v.kind {
            ExprKind::Int { digits, radix } => match u32::from_str_radix(digits, *radix) {
                Ok(n) if (1..=16).contains(&n) => Ok(n),
                _ => Err(self.error_at(v.span, format!("{what} must be between 1 and 16"))),
            },
            _ => Err(self.error_at(v.span, format!("{what} must be an integer literal"))),
        }
    }

    /// `'schedule(dynamic, 100) num_threads(4) ordered collapse(2)'`, OpenMP's clause syntax.
    fn pragma(&self, spec: &mut ParSpec, text: &str, span: Span) -> PResult<()> {
        let err = |m: String| self.error_at(span, m);
        let mut rest = text.trim();
        if let Some(r) = rest.strip_prefix("omp") {
            rest = r.trim_start();
        }
        if let Some(r) = rest.strip_prefix("parallel") {
            rest = r.trim_start();
        }
        if let Some(r) = rest.strip_prefix("for") {
            rest = r.trim_start();
        }
        while !rest.is_empty() {
            let name_end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let (name, after) = rest.split_at(name_end);
            if name.is_empty() {
                return Err(err(format!("bad OpenMP clause at '{rest}'")));
            }
            let after = after.trim_start();
            let (args, after) = match after.strip_prefix('(') {
                Some(a) => match a.find(')') {
                    Some(close) => (Some(&a[..close]), &a[close + 1..]),
                    None => return Err(err(format!("missing ')' after '{name}('"))),
                },
                None => (None, after),
            };
            let parts: Vec<&str> = args
                .map(|a| a.split(',').map(str::trim).collect())
                .unwrap_or_default();
            let int_arg = |s: &str| -> PResult<Expr> {
                if let Ok(n) = s.parse::<u64>() {
                    return Ok(Expr::new(
                        ExprKind::Int {
                            digits: n.to_string(),
                            radix: 10,
                        },
                        span,
                    ));
                }
                if !s.is_empty()
                    && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !s.starts_with(|c: char| c.is_ascii_digit())
                {
                    return Ok(Expr::new(ExprKind::Name(s.to_string()), span));
                }
                Err(err(format!(
                    "'{s}' in `{name}(…)` must be an integer or a variable name"
                )))
            };
            match (name, parts.as_slice()) {
                ("schedule", [kind]) => spec.schedule = self.schedule(kind, span)?,
                ("schedule", [kind, chunk]) => {
                    spec.schedule = self.schedule(kind, span)?;
                    spec.chunk_size = Some(int_arg(chunk)?);
                }
                ("num_threads", [n]) => spec.num_threads = Some(int_arg(n)?),
                ("chunk_size", [n]) => spec.chunk_size = Some(int_arg(n)?),
                ("collapse", [n]) => match n.parse::<u32>() {
                    Ok(c) if (1..=16).contains(&c) => spec.collapse = c,
                    _ => return Err(err("collapse must be between 1 and 16".into())),
                },
                ("ordered", []) => spec.ordered = true,
                ("schedule" | "num_threads" | "chunk_size" | "collapse", _) => {
                    return Err(err(format!("bad arguments to the `{name}` clause")))
                }
                // Data-sharing clauses: sharing is decided by analysis.
                ("shared" | "private" | "firstprivate" | "lastprivate" | "reduction", _) => {}
                _ => return Err(err(format!("unknown OpenMP clause '{name}'"))),
            }
            rest = after.trim_start().trim_start_matches(',').trim_start();
        }
        Ok(())
    }
}

/// The first `break` (of this loop) or `return` in a loop body.
fn leaving_statement(body: &[Stmt], this_loop: bool) -> Option<Span> {
    for s in body {
        match &s.kind {
            StmtKind::Break if this_loop => return Some(s.span),
            StmtKind::Return(_) => return Some(s.span),
            StmtKind::FunctionDef(_) | StmtKind::ClassDef(_) => {}
            StmtKind::For { body, orelse, .. } | StmtKind::While { body, orelse, .. } => {
                if let Some(sp) = leaving_statement(body, false) {
                    return Some(sp);
                }
                if let Some(sp) = leaving_statement(orelse, this_loop) {
                    return Some(sp);
                }
            }
            _ => {
                for b in s.nested_blocks() {
                    if let Some(sp) = leaving_statement(b, this_loop) {
                        return Some(sp);
                    }
                }
            }
        }
    }
    None
}

/// How many perfectly nested `for` loops start at a loop with this body (1: only the loop).
fn nest_depth(body: &[Stmt]) -> u32 {
    match body {
        [Stmt {
            kind: StmtKind::For {
                body, orelse, par, ..
            },
            ..
        }] if orelse.is_empty() && par.is_none() => 1 + nest_depth(body),
        _ => 1,
    }
}

/// The `@par` keyword nearest to a misspelt one, if near enough.
fn closest(name: &str) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .map(|k| (edit_distance(name, k), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3))
        .min()
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use crate::ast::{ExprKind, ParSchedule, StmtKind};
    use crate::diag::FileId;

    fn spec(src: &str) -> Result<crate::ast::ParSpec, String> {
        let m = crate::parse(src, FileId(0)).map_err(|e| e[0].message.clone())?;
        match &m.body[0].kind {
            StmtKind::For { par: Some(p), .. } => Ok((**p).clone()),
            other => Err(format!("not a par loop: {other:?}")),
        }
    }

    #[test]
    fn keywords_and_the_pragma_form_give_the_same_clauses() {
        let k = spec(
            "@par(schedule='dynamic', chunk_size=100, num_threads=16)\nfor i in r:\n    pass\n",
        )
        .unwrap();
        let p = spec("@par('schedule(dynamic, 100) num_threads(16)')\nfor i in r:\n    pass\n")
            .unwrap();
        for s in [&k, &p] {
            assert_eq!(s.schedule, ParSchedule::Dynamic);
            assert!(
                matches!(&s.chunk_size.as_ref().unwrap().kind, ExprKind::Int { digits, .. } if digits == "100")
            );
            assert!(
                matches!(&s.num_threads.as_ref().unwrap().kind, ExprKind::Int { digits, .. } if digits == "16")
            );
        }
        let bare = spec("@par\nfor i in r:\n    pass\n").unwrap();
        assert_eq!(
            (bare.schedule, bare.collapse, bare.ordered),
            (ParSchedule::Static, 1, false)
        );
        let c = spec("@par('omp parallel for collapse(2) ordered')\nfor i in r:\n    for j in r:\n        pass\n")
            .unwrap();
        assert_eq!((c.collapse, c.ordered), (2, true));
    }

    #[test]
    fn misuse_is_a_located_error() {
        for (src, msg) in [
            ("@par\ndef f():\n    pass\n", "not to a function"),
            ("@par\nwhile x:\n    pass\n", "not to a `while` loop"),
            ("@par(colapse=2)\nfor i in r:\n    pass\n", "did you mean"),
            (
                "@par('schedule(fastest)')\nfor i in r:\n    pass\n",
                "unknown schedule",
            ),
            (
                "@par('tasks(3)')\nfor i in r:\n    pass\n",
                "unknown OpenMP clause",
            ),
            ("@par(gpu=True)\nfor i in r:\n    pass\n", "gpu=True"),
            (
                "def f():\n    @par\n    for i in r:\n        return\n",
                "cannot leave",
            ),
            (
                "@par\nfor i in r:\n    pass\nelse:\n    pass\n",
                "`else` clause",
            ),
            ("@dec\nfor i in r:\n    pass\n", "only `@par`"),
        ] {
            let err = crate::parse(src, FileId(0)).unwrap_err();
            let text = format!(
                "{} {}",
                err[0].message,
                err[0].help.clone().unwrap_or_default()
            );
            assert!(text.contains(msg), "{src:?}: {text}");
        }
    }
}
