//! Outlining: moving a region of a function's body (a value tree) into a new function whose
//! arguments carry what the region uses from outside.
//!
//! The region's nodes are moved, not copied: the new function's body is the same value tree,
//! with the variables renamed (`remap_vars`). Variables the region shares with the rest of
//! the function become by-reference arguments ([`crate::Var::by_ref`]), so writes inside the
//! region are seen outside; variables it only uses privately become its own locals. Globals
//! stay globals. The parallel-loop pass uses it, and GPU kernel outlining will too.

use std::collections::HashMap;

use crate::module::Module;
use crate::node::{Func, FuncId, FuncKind, Loc, ValueId, ValueKind, VarId};
use crate::types::TypeId;

/// How a variable is touched, in evaluation order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Touch {
    Read,
    Write,
    /// Its address is taken (`VarPtr`).
    Address,
}

/// Every variable occurrence in a value tree, in evaluation order (the value of an
/// assignment before its store; a loop's iterator before its variable's store, before the
/// body), with the value node it occurs in.
pub fn touches(m: &Module, root: ValueId) -> Vec<(VarId, Touch, ValueId)> {
    let mut out = Vec::new();
    walk(m, root, &mut out);
    out
}

fn walk(m: &Module, v: ValueId, out: &mut Vec<(VarId, Touch, ValueId)>) {
    let kind = &m.value(v).kind;
    match kind {
        ValueKind::VarRef(x) => out.push((*x, Touch::Read, v)),
        ValueKind::VarPtr(x) => out.push((*x, Touch::Address, v)),
        ValueKind::Assign { var, value } => {
            walk(m, *value, out);
            out.push((*var, Touch::Write, v));
        }
        ValueKind::For { iter, var, body } => {
            walk(m, *iter, out);
            out.push((*var, Touch::Write, v));
            walk(m, *body, out);
        }
        ValueKind::ImperativeFor {
            start,
            end,
            var,
            body,
            ..
        } => {
            walk(m, *start, out);
            walk(m, *end, out);
            out.push((*var, Touch::Write, v));
            walk(m, *body, out);
        }
        ValueKind::Try {
            body,
            handlers,
            orelse,
            finally,
        } => {
            walk(m, *body, out);
            for h in handlers {
                if let Some(x) = h.var {
                    out.push((x, Touch::Write, v));
                }
                walk(m, h.body, out);
            }
            for x in orelse.iter().chain(finally) {
                walk(m, *x, out);
            }
        }
        other => {
            for o in other.operands() {
                walk(m, o, out);
            }
        }
    }
}

/// Renames variables throughout a value tree (reads, writes, addresses, loop and handler
/// variables).
pub fn remap_vars(m: &mut Module, root: ValueId, map: &HashMap<VarId, VarId>) {
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        let r = |x: &mut VarId| {
            if let Some(n) = map.get(x) {
                *x = *n;
            }
        };
        let kind = &mut m.value_mut(v).kind;
        match kind {
            ValueKind::VarRef(x) | ValueKind::VarPtr(x) => r(x),
            ValueKind::Assign { var, .. }
            | ValueKind::For { var, .. }
            | ValueKind::ImperativeFor { var, .. } => r(var),
            ValueKind::Try { handlers, .. } => {
                for h in handlers {
                    if let Some(x) = &mut h.var {
                        r(x);
                    }
                }
            }
            _ => {}
        }
        stack.extend(m.value(v).kind.operands());
    }
}

/// A function being built around an outlined region.
pub struct Outlined {
    pub name: String,
    pub args: Vec<VarId>,
    pub locals: Vec<VarId>,
    /// Old variable → its replacement inside the new function.
    pub map: HashMap<VarId, VarId>,
}

impl Outlined {
    pub fn new(name: impl Into<String>) -> Self {
        Outlined {
            name: name.into(),
            args: Vec::new(),
            locals: Vec::new(),
            map: HashMap::new(),
        }
    }

    /// A by-value argument.
    pub fn arg(&mut self, m: &mut Module, name: &str, ty: TypeId) -> VarId {
        let v = m.add_var(name, ty, false);
        self.args.push(v);
        v
    }

    /// A by-reference argument standing for `old` (or for new storage, when `old` is `None`).
    pub fn by_ref(&mut self, m: &mut Module, name: &str, ty: TypeId, old: Option<VarId>) -> VarId {
        let v = m.add_by_ref_arg(name, ty);
        self.args.push(v);
        if let Some(o) = old {
            self.map.insert(o, v);
        }
        v
    }

    /// A local of the new function, standing for `old` when given.
    pub fn local(&mut self, m: &mut Module, name: &str, ty: TypeId, old: Option<VarId>) -> VarId {
        let v = m.add_var(name, ty, false);
        self.locals.push(v);
        if let Some(o) = old {
            self.map.insert(o, v);
        }
        v
    }

    /// Renames the region's variables and adds the function, with `body` (a `Series`) as its
    /// body, returning `NoneType`.
    pub fn finish(self, m: &mut Module, region: ValueId, body: ValueId, loc: Loc) -> FuncId {
        remap_vars(m, region, &self.map);
        let none = m.none_type();
        m.add_func(Func {
            name: self.name.clone(),
            unmangled: self.name,
            args: self.args,
            ret: none,
            kind: FuncKind::Bodied {
                locals: self.locals,
                body,
                generator: false,
            },
            attrs: vec![],
            loc,
        })
    }
}
