//! Finding a class's instance fields before any method is checked: the names its methods
//! assign through their `self` parameter (`self.x = …`, `self.x: T = …`, `self.x += …`).
//! Knowing every field up front gives each class one layout (inherited fields first), whichever
//! method or subclass is checked first.

use syntax::ast::{self, Expr, ExprKind, FunctionBody, Stmt, StmtKind};

/// Instance attributes assigned in the methods of a class body, in first-assignment order,
/// each with the annotation of its first annotated assignment. Static methods, class methods
/// and properties are skipped (their first parameter is not an instance), as are names in
/// `skip` (methods and properties of the class).
pub fn assigned_attributes(body: &[Stmt], skip: &[String]) -> Vec<(String, Option<Expr>)> {
    let mut out: Vec<(String, Option<Expr>)> = Vec::new();
    for s in body {
        let StmtKind::FunctionDef(f) = &s.kind else {
            continue;
        };
        let Some(this) = instance_param(f) else {
            continue;
        };
        if let FunctionBody::Stmts(stmts) = &f.body {
            let cx = Scan {
                this: &this,
                params: &f.params,
            };
            for st in stmts {
                cx.stmt(st, &mut out);
            }
        }
    }
    out.retain(|(n, _)| !skip.contains(n));
    out
}

/// The name of a method's instance parameter, when it has one.
fn instance_param(f: &ast::FunctionDef) -> Option<String> {
    let is_static = f.decorators.iter().any(|d| {
        matches!(
            crate::loader::decorator_name(d).as_str(),
            "staticmethod" | "classmethod"
        )
    });
    if is_static {
        return None;
    }
    f.params
        .posonly
        .iter()
        .chain(&f.params.args)
        .next()
        .map(|p| p.name.name.clone())
}

/// What the scan of one method knows: its instance parameter and its parameters.
struct Scan<'a> {
    this: &'a str,
    params: &'a ast::Parameters,
}

/// Records an attribute; a later annotation fills in a missing one.
fn note(out: &mut Vec<(String, Option<Expr>)>, name: &str, ann: Option<Expr>) {
    match out.iter_mut().find(|(n, _)| n == name) {
        Some((_, a)) => {
            if a.is_none() {
                *a = ann;
            }
        }
        None => out.push((name.to_string(), ann)),
    }
}

impl Scan<'_> {
    /// The type an assigned value evidently has: that of an annotated parameter, or of a
    /// literal. Other values leave the field's type to inference.
    fn evident_type(&self, value: &Expr) -> Option<Expr> {
        let simple = |n: &str| Some(Expr::new(ExprKind::Name(n.to_string()), value.span));
        match &value.kind {
            ExprKind::Name(n) => self
                .params
                .posonly
                .iter()
                .chain(&self.params.args)
                .chain(&self.params.kwonly)
                .find(|p| &p.name.name == n)
                .and_then(|p| p.annotation.clone()),
            ExprKind::Int { .. } => simple("int"),
            ExprKind::Float(_) => simple("float"),
            ExprKind::Str(_) | ExprKind::FString(_) => simple("str"),
            ExprKind::Bool(_) => simple("bool"),
            _ => None,
        }
    }

    fn target(&self, e: &Expr, ann: Option<Expr>, out: &mut Vec<(String, Option<Expr>)>) {
        match &e.kind {
            ExprKind::Attribute { value, attr } => {
                if matches!(&value.kind, ExprKind::Name(n) if n == self.this) {
                    note(out, &attr.name, ann);
                }
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                for i in items {
                    self.target(i, None, out);
                }
            }
            ExprKind::Starred(inner) => self.target(inner, None, out),
            _ => {}
        }
    }

    fn block(&self, b: &[Stmt], out: &mut Vec<(String, Option<Expr>)>) {
        b.iter().for_each(|s| self.stmt(s, out))
    }

    fn stmt(&self, s: &Stmt, out: &mut Vec<(String, Option<Expr>)>) {
        match &s.kind {
            StmtKind::Assign { targets, value } => {
                let ann = if targets.len() == 1 {
                    self.evident_type(value)
                } else {
                    None
                };
                targets
                    .iter()
                    .for_each(|t| self.target(t, ann.clone(), out));
            }
            StmtKind::AnnAssign {
                target, annotation, ..
            } => self.target(target, Some(annotation.clone()), out),
            StmtKind::AugAssign { target, .. } => self.target(target, None, out),
            StmtKind::For { target, .. } => self.target(target, None, out),
            StmtKind::With { items, .. } => {
                for i in items {
                    if let Some(t) = &i.target {
                        self.target(t, None, out);
                    }
                }
            }
            _ => {}
        }
        s.nested_blocks()
            .into_iter()
            .for_each(|b| self.block(b, out));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attrs(src: &str) -> Vec<(String, bool)> {
        let m = syntax::parse(src, syntax::FileId(0)).expect("parses");
        let StmtKind::ClassDef(c) = &m.body[0].kind else {
            panic!("a class")
        };
        assigned_attributes(&c.body, &["prop".to_string()])
            .into_iter()
            .map(|(n, a)| (n, a.is_some()))
            .collect()
    }

    #[test]
    fn finds_self_assignments_in_every_method_in_order() {
        let src = "class A:\n    def __init__(me, v):\n        me.b = v\n        if v:\n            me.a: int = 1\n    def f(self):\n        self.c += 1\n        self.b = [2]\n        x.d = 3\n";
        assert_eq!(
            attrs(src),
            vec![
                ("b".to_string(), false),
                ("a".to_string(), true),
                ("c".to_string(), false)
            ]
        );
    }

    #[test]
    fn takes_types_from_annotated_parameters_and_literals() {
        let src = "class A:\n    def __init__(self, v: int, w):\n        self.v = v\n        self.w = w\n        self.s = 'x'\n";
        let found = attrs(src);
        assert_eq!(
            found,
            vec![
                ("v".to_string(), true),
                ("w".to_string(), false),
                ("s".to_string(), true)
            ]
        );
    }

    #[test]
    fn skips_static_methods_and_properties() {
        let src = "class A:\n    @staticmethod\n    def s(o):\n        o.x = 1\n    def __init__(self):\n        self.prop = 2\n        self.y = 3\n";
        assert_eq!(attrs(src), vec![("y".to_string(), true)]);
    }
}
