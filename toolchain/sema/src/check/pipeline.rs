//! Codon's pipelines: `a |> f |> g(x, ...)` (the parser writes each stage as
//! `__pipe__(value, stage)`, `__ppipe__` for `||>`).
//!
//! A stage is called with the value flowing in: in place of its `...` argument, else as its
//! first argument (`x |> print(end=" ")` is `print(x, end=" ")`), or called with it alone
//! when it is not a call (`x |> f`, `x |> obj.method`). When a stage gives a generator, every
//! later stage runs once per value it yields (lazily, in order), so a pipeline with generator
//! stages is a nest of loops; it is a statement (its stages' results are not collected).
//! `||>` runs its stages as `|>` does, in order on one thread.

use std::collections::HashMap;

use syntax::ast::{Expr, ExprKind, Stmt, StmtKind};

use super::{Binding, Fcx};
use crate::context::R;
use crate::typed::{TExpr, TStmt};

/// Whether `e` is a pipeline (`a |> f`).
pub fn is_pipeline(e: &Expr) -> bool {
    matches!(&e.kind, ExprKind::Call { func, args, keywords }
        if args.len() == 2 && keywords.is_empty()
            && matches!(&func.kind, ExprKind::Name(n) if n == "__pipe__" || n == "__ppipe__"))
}

/// The value and the stages of a pipeline, in order.
fn stages(e: &Expr) -> (Expr, Vec<Expr>) {
    if let ExprKind::Call { args, .. } = &e.kind {
        if is_pipeline(e) {
            let (v, mut st) = stages(&args[0]);
            st.push(args[1].clone());
            return (v, st);
        }
    }
    (e.clone(), vec![])
}

/// The call a stage makes with `value` flowing in.
fn apply_stage(stage: &Expr, value: Expr) -> Expr {
    let span = stage.span;
    match &stage.kind {
        ExprKind::Call {
            func,
            args,
            keywords,
        } if !is_pipeline(stage) => {
            let mut args = args.clone();
            match args
                .iter()
                .position(|a| matches!(a.kind, ExprKind::Ellipsis))
            {
                Some(i) => args[i] = value,
                None => args.insert(0, value),
            }
            Expr::new(
                ExprKind::Call {
                    func: func.clone(),
                    args,
                    keywords: keywords.clone(),
                },
                span,
            )
        }
        _ => Expr::new(
            ExprKind::Call {
                func: Box::new(stage.clone()),
                args: vec![value],
                keywords: vec![],
            },
            span,
        ),
    }
}

impl Fcx<'_, '_> {
    /// Checks a pipeline; `statement` when its value is not used.
    pub fn check_pipeline(&mut self, e: &Expr, statement: bool) -> R<Result<TExpr, Vec<TStmt>>> {
        let (first, stages) = stages(e);
        self.inner_scopes.push(HashMap::new());
        let r = self.pipeline_in_scope(first, stages, statement, e);
        self.inner_scopes.pop();
        r
    }

    fn pipeline_in_scope(
        &mut self,
        first: Expr,
        stages: Vec<Expr>,
        statement: bool,
        whole: &Expr,
    ) -> R<Result<TExpr, Vec<TStmt>>> {
        let mut cur = first;
        let mut loops: Vec<(String, Expr)> = Vec::new();
        for stage in &stages {
            if let ExprKind::Ellipsis = stage.kind {
                return Err(self.err(stage.span, "a pipeline stage must be a function or a call"));
            }
            let v = self.check_expr(&cur)?;
            if let Some((c, args)) = self.s.class_of(&v.ty) {
                if c == self.s.core().generator {
                    let n = self.s.next_id();
                    let var = format!(".pipe{n}");
                    let lid = self.new_local(&var, args[0].clone());
                    if let Some(scope) = self.inner_scopes.last_mut() {
                        scope.insert(var.clone(), Binding::Local(lid));
                    }
                    loops.push((var.clone(), cur));
                    cur = Expr::new(ExprKind::Name(var), stage.span);
                }
            }
            cur = apply_stage(stage, cur);
        }
        if loops.is_empty() {
            return self.check_expr(&cur).map(Ok);
        }
        if !statement {
            return Err(self.err(
                whole.span,
                "a pipeline with generator stages runs its later stages once per item: \
                 use it as a statement (its value is not collected)",
            ));
        }
        let span = whole.span;
        let mut body = vec![Stmt {
            kind: StmtKind::Expr(cur),
            span,
        }];
        for (var, iter) in loops.into_iter().rev() {
            body = vec![Stmt {
                kind: StmtKind::For {
                    target: Expr::new(ExprKind::Name(var), iter.span),
                    iter,
                    body,
                    orelse: vec![],
                    is_async: false,
                    par: None,
                },
                span,
            }];
        }
        self.check_block(&body).map(Err)
    }
}
