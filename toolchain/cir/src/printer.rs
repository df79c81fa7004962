//! Prints a module in CIR's S-expression form (`codon build --emit cir`).

use std::fmt::Write;

use crate::module::Module;
use crate::node::{FuncKind, ValueId, ValueKind};

/// Renders the whole module: types, globals, then every function.
pub fn print_module(m: &Module) -> String {
    let mut p = Printer {
        m,
        out: String::new(),
    };
    for (id, t) in m.types.iter() {
        let _ = writeln!(p.out, "(type {} '{:?} {:?})", id.0, t.name, t.kind);
    }
    for g in &m.globals {
        let v = m.var(*g);
        let _ = writeln!(
            p.out,
            "(var '{:?} (type '{:?}) (global true))",
            v.name,
            m.types.get(v.ty).name
        );
    }
    for f in m.func_ids() {
        p.func(f);
    }
    p.out
}

struct Printer<'a> {
    m: &'a Module,
    out: String,
}

impl Printer<'_> {
    fn ty(&self, t: crate::types::TypeId) -> String {
        format!("(type '{:?})", self.m.types.get(t).name)
    }

    fn var(&self, v: crate::node::VarId) -> String {
        let var = self.m.var(v);
        format!(
            "(var '{:?} {} (global {}))",
            var.name,
            self.ty(var.ty),
            var.global
        )
    }

    fn func(&mut self, id: crate::node::FuncId) {
        let f = self.m.func(id);
        let args: Vec<String> = f.args.iter().map(|a| self.var(*a)).collect();
        let head = match &f.kind {
            FuncKind::Bodied { .. } => "bodied_func",
            FuncKind::External { .. } => "external_func",
            FuncKind::Llvm { .. } => "llvm_func",
        };
        let _ = write!(
            self.out,
            "({head}\n  '{:?}\n  {}\n  (args {})",
            f.name,
            self.ty(f.ret),
            args.join(" ")
        );
        match &f.kind {
            FuncKind::Bodied {
                locals,
                body,
                generator,
            } => {
                let vars: Vec<String> = locals.iter().map(|a| self.var(*a)).collect();
                let _ = write!(self.out, "\n  (vars {})", vars.join(" "));
                if *generator {
                    self.out.push_str("\n  (generator)");
                }
                self.out.push_str("\n  ");
                self.value(*body, 2);
            }
            FuncKind::External { symbol } => {
                let _ = write!(self.out, "\n  (symbol '{symbol:?})");
            }
            FuncKind::Llvm { ir, .. } => {
                let _ = write!(self.out, "\n  (ir {ir:?})");
            }
        }
        self.out.push_str(")\n");
    }

    fn list(&mut self, head: &str, items: &[ValueId], depth: usize) {
        let _ = write!(self.out, "({head}");
        for v in items {
            self.nl(depth + 1);
            self.value(*v, depth + 1);
        }
        self.out.push(')');
    }

    fn nl(&mut self, depth: usize) {
        self.out.push('\n');
        for _ in 0..depth {
            self.out.push_str("  ");
        }
    }

    fn value(&mut self, id: ValueId, depth: usize) {
        use ValueKind::*;
        let v = self.m.value(id);
        match &v.kind {
            IntConst(i) => {
                let _ = write!(self.out, "{i}");
            }
            FloatConst(f) => {
                let _ = write!(self.out, "{f:?}");
            }
            BoolConst(b) => {
                let _ = write!(self.out, "{b}");
            }
            StrConst(s) => {
                let _ = write!(self.out, "{s:?}");
            }
            Null => {
                let _ = write!(self.out, "(null {})", self.ty(v.ty));
            }
            VarRef(var) => {
                let _ = write!(self.out, "'{:?}", self.m.var(*var).name);
            }
            VarPtr(var) => {
                let _ = write!(self.out, "(ptr '{:?})", self.m.var(*var).name);
            }
            FuncRef(f) => {
                let _ = write!(self.out, "(func '{:?})", self.m.func(*f).name);
            }
            Call { func, args } => {
                let head = format!("call '{:?}", self.m.func(*func).name);
                self.list(&head, args, depth);
            }
            CallIndirect { callee, args } => {
                let mut all = vec![*callee];
                all.extend(args);
                self.list("call_indirect", &all, depth);
            }
            Assign { var, value } => {
                let _ = write!(self.out, "(assign '{:?} ", self.m.var(*var).name);
                self.value(*value, depth + 1);
                self.out.push(')');
            }
            Extract { value, field } => {
                let head = format!("extract {field}");
                self.list(&head, &[*value], depth);
            }
            FieldPtr { base, field } => {
                let head = format!("field_ptr {field}");
                self.list(&head, &[*base], depth);
            }
            Insert {
                target,
                field,
                value,
            } => {
                let head = format!("insert {field}");
                self.list(&head, &[*target, *value], depth);
            }
            MakeRecord(vs) => self.list("record", vs, depth),
            New => {
                let _ = write!(self.out, "(new {})", self.ty(v.ty));
            }
            MakeOptional(x) => self.list("optional", &[*x], depth),
            OptionalHas(x) => self.list("optional_has", &[*x], depth),
            OptionalGet(x) => self.list("optional_get", &[*x], depth),
            Cast(x) => {
                let head = format!("cast {}", self.ty(v.ty));
                self.list(&head, &[*x], depth);
            }
            Ternary { cond, then, other } => self.list("ternary", &[*cond, *then, *other], depth),
            Return(x) => self.list("return", &x.iter().copied().collect::<Vec<_>>(), depth),
            Break => self.out.push_str("(break)"),
            Continue => self.out.push_str("(continue)"),
            Yield(x) => self.list("yield", &x.iter().copied().collect::<Vec<_>>(), depth),
            Throw(x) => self.list("throw", &[*x], depth),
            FlowInstr { flow, value } => self.list("flow_instr", &[*flow, *value], depth),
            Series(vs) => self.list("series", vs, depth),
            If { cond, then, other } => {
                let mut items = vec![*cond, *then];
                items.extend(other);
                self.list("if", &items, depth);
            }
            While { cond, body } => self.list("while", &[*cond, *body], depth),
            For { iter, var, body } => {
                let head = format!("for '{:?}", self.m.var(*var).name);
                self.list(&head, &[*iter, *body], depth);
            }
            ImperativeFor {
                start,
                end,
                step,
                var,
                body,
            } => {
                let head = format!("imperative_for '{:?} (step {step})", self.m.var(*var).name);
                self.list(&head, &[*start, *end, *body], depth);
            }
            ParFor {
                start,
                end,
                body,
                combine,
                captures,
                clauses,
            } => {
                let caps: Vec<String> = captures
                    .iter()
                    .map(|c| match c {
                        crate::node::ParCapture::Shared(v) => self.var(*v),
                        crate::node::ParCapture::Private(t) => format!("(private {})", self.ty(*t)),
                    })
                    .collect();
                let mut head = format!(
                    "par_for (schedule {:?}) (body '{:?}) (captures {})",
                    clauses.schedule,
                    self.m.func(*body).name,
                    caps.join(" ")
                );
                if let Some(c) = combine {
                    let _ = write!(head, " (combine '{:?})", self.m.func(*c).name);
                }
                if clauses.ordered {
                    head.push_str(" ordered");
                }
                let mut items = vec![*start, *end];
                items.extend(clauses.chunk_size);
                items.extend(clauses.num_threads);
                self.list(&head, &items, depth);
            }
            Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                self.out.push_str("(try");
                self.nl(depth + 1);
                self.value(*body, depth + 1);
                for h in handlers {
                    self.nl(depth + 1);
                    let types: Vec<String> = h.types.iter().map(|t| self.ty(*t)).collect();
                    let var = h.var.map(|x| self.var(x)).unwrap_or_default();
                    let _ = write!(self.out, "(catch ({}) {var}", types.join(" "));
                    self.nl(depth + 2);
                    self.value(h.body, depth + 2);
                    self.out.push(')');
                }
                if let Some(e) = orelse {
                    self.nl(depth + 1);
                    self.list("else", &[*e], depth + 1);
                }
                if let Some(f) = finally {
                    self.nl(depth + 1);
                    self.list("finally", &[*f], depth + 1);
                }
                self.out.push(')');
            }
        }
    }
}
