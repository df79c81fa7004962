//! Definite assignment: a read of a variable that may be unbound raises Python's error when the
//! unbound path is taken; a read that is unbound on every path is a compile error.
//!
//! The variables checked are a function's named locals and, in a module's top-level code, the
//! module's globals that no other function assigns. Over the function's [`Cfg`], reaching
//! definitions (with an "unbound" definition at entry) tell each read apart:
//! - only assignments reach it: nothing to do, no cost;
//! - the entry definition and assignments reach it: the variable gets a hidden flag, set by
//!   every assignment, and the read first tests the flag, calling `__unbound_local__` (raises
//!   `UnboundLocalError`) or `__unbound_global__` (raises `NameError`) when it is clear;
//! - only the entry definition reaches it: a [`Problem`], since the read can never succeed.

use std::collections::{HashMap, HashSet};

use crate::analyze::cfg::{Cfg, Inst};
use crate::analyze::conditions::refined_cfg;
use crate::analyze::noreturn;
use crate::analyze::reaching::{DefSite, ReachingDefs};
use crate::module::Module;
use crate::node::{FuncId, FuncKind, Loc, Value, ValueId, ValueKind, VarId};
use crate::pass::{Pass, Realizer};
use crate::problem::Problem;

/// The pass; see the module documentation.
pub struct DefiniteAssignment;

impl Pass for DefiniteAssignment {
    fn key(&self) -> &str {
        "core-definite-assignment"
    }

    fn run(&mut self, m: &mut Module, _: &mut dyn Realizer) {
        let noreturn = noreturn::functions(m);
        let assigners = global_assigners(m);
        let raisers = (find(m, "__unbound_local__"), find(m, "__unbound_global__"));
        let mut reported = HashSet::new();
        for f in m.func_ids().collect::<Vec<_>>() {
            let vars = checked_vars(m, f, &assigners);
            if vars.is_empty() {
                continue;
            }
            let Some(cfg) = refined_cfg(m, f, &noreturn) else {
                continue;
            };
            let reads = classify_reads(m, &cfg, &vars);
            for (&read, state) in &reads.reads {
                if !state.bound {
                    let var = m.var(reads.var_of[&read]);
                    let loc = m.value(read).loc;
                    if reported.insert((loc.file, loc.line, loc.col)) {
                        m.problems.push(never_bound(&var.name, var.global, loc));
                    }
                }
            }
            let guarded: HashSet<VarId> = reads
                .reads
                .iter()
                .filter(|(_, s)| s.bound && s.unbound)
                .map(|(r, _)| reads.var_of[r])
                .collect();
            if guarded.is_empty() {
                continue;
            }
            let raisers = match raisers {
                (Some(l), Some(g)) => (l, g),
                _ => {
                    m.problems.push(missing_raisers(m.func(f).loc));
                    return;
                }
            };
            guard(m, f, &guarded, &reads, raisers);
        }
    }
}

/// For each global, the functions that assign it (or take its address).
fn global_assigners(m: &Module) -> HashMap<VarId, HashSet<FuncId>> {
    let mut out: HashMap<VarId, HashSet<FuncId>> = HashMap::new();
    for f in m.func_ids() {
        let FuncKind::Bodied { body, .. } = &m.func(f).kind else {
            continue;
        };
        let mut stack = vec![*body];
        while let Some(v) = stack.pop() {
            let kind = &m.value(v).kind;
            if let ValueKind::Assign { var, .. } | ValueKind::VarPtr(var) = kind {
                if m.var(*var).global {
                    out.entry(*var).or_default().insert(f);
                }
            }
            stack.extend(kind.operands());
        }
    }
    out
}

/// Whether a variable name is one the user wrote: not a temporary of the type checker, nor a
/// dunder name that the compiler keeps (`__initialized__`, whose zero start is its meaning).
fn is_user_name(name: &str) -> bool {
    let shown = shown_name(name);
    shown
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && !(shown.starts_with("__") && shown.ends_with("__"))
}

/// A variable's name as the user wrote it: globals are `module.name` (with `~HASH` in
/// per-module builds), rebound locals `name.N`.
fn shown_name(name: &str) -> &str {
    if name.starts_with('.') {
        return "";
    }
    let name = name.split('.').next().unwrap_or(name);
    name.split('~').next().unwrap_or(name)
}

/// The variables of `f` whose reads are checked.
fn checked_vars(m: &Module, f: FuncId, assigners: &HashMap<VarId, HashSet<FuncId>>) -> Vec<VarId> {
    let func = m.func(f);
    let FuncKind::Bodied { locals, .. } = &func.kind else {
        return vec![];
    };
    let mut vars: Vec<VarId> = locals
        .iter()
        .copied()
        .filter(|v| is_user_name(&m.var(*v).name))
        .collect();
    if func.attrs.iter().any(|a| a == "__module_init__") {
        let mut globals: Vec<VarId> = assigners
            .iter()
            .filter(|(g, fs)| {
                fs.len() == 1 && fs.contains(&f) && is_user_name(global_name(&m.var(**g).name))
            })
            .map(|(g, _)| *g)
            .collect();
        globals.sort();
        vars.extend(globals);
    }
    vars
}

/// A global's name without its module (`pkg.mod.name` is `name`) or per-module-build hash
/// (`name~HASH`).
fn global_name(name: &str) -> &str {
    let name = name.rsplit('.').next().unwrap_or(name);
    name.split('~').next().unwrap_or(name)
}

/// What the paths to one read of a variable hold.
#[derive(Debug, Default, Clone, Copy)]
struct ReadState {
    /// Some path to it assigns the variable.
    bound: bool,
    /// Some path to it leaves the variable unbound.
    unbound: bool,
}

/// The reads of checked variables and the places that bind them.
#[derive(Default)]
struct Reads {
    reads: HashMap<ValueId, ReadState>,
    var_of: HashMap<ValueId, VarId>,
    /// Assignments and address-takings of each variable.
    writes: HashMap<VarId, HashSet<ValueId>>,
    /// Flows that start by binding each variable (loop bodies, handlers).
    binds: HashMap<VarId, HashSet<ValueId>>,
}

fn classify_reads(m: &Module, cfg: &Cfg, vars: &[VarId]) -> Reads {
    let rd = ReachingDefs::compute(m, cfg, vars);
    let tracked: HashSet<VarId> = vars.iter().copied().collect();
    let reachable = cfg.reachable();
    let mut out = Reads::default();
    for (b, block) in cfg.blocks.iter().enumerate() {
        if !reachable[b] {
            continue;
        }
        let id = crate::analyze::cfg::BlockId(b as u32);
        let mut set = rd.at_start(id).clone();
        for (i, inst) in block.insts.iter().enumerate() {
            match *inst {
                Inst::Value(v) => match m.value(v).kind {
                    ValueKind::VarRef(var) if tracked.contains(&var) => {
                        let state = out.reads.entry(v).or_default();
                        for d in rd.of_var(var, &set) {
                            match d.site {
                                DefSite::Entry => state.unbound = true,
                                DefSite::At { .. } => state.bound = true,
                            }
                        }
                        out.var_of.insert(v, var);
                    }
                    ValueKind::Assign { var, .. } | ValueKind::VarPtr(var)
                        if tracked.contains(&var) =>
                    {
                        out.writes.entry(var).or_default().insert(v);
                    }
                    _ => {}
                },
                Inst::Bind { var, body } if tracked.contains(&var) => {
                    out.binds.entry(var).or_default().insert(body);
                }
                Inst::Bind { .. } => {}
            }
            rd.apply(m, id, i, *inst, &mut set);
        }
    }
    out
}

/// Adds flags to `f` for the variables in `guarded` and checks them at their uncertain reads.
fn guard(
    m: &mut Module,
    f: FuncId,
    guarded: &HashSet<VarId>,
    reads: &Reads,
    (raise_local, raise_global): (FuncId, FuncId),
) {
    let bool_t = m.bool_type();
    let none = m.none_type();
    let str_t = m.func(raise_local).args.first().map(|a| m.var(*a).ty);
    let Some(str_t) = str_t else {
        return;
    };
    let mut vars: Vec<VarId> = guarded.iter().copied().collect();
    vars.sort();
    for var in vars {
        let (name, global) = {
            let v = m.var(var);
            (v.name.clone(), v.global)
        };
        let flag = m.add_var(format!(".{name}.bound"), bool_t, false);
        if let FuncKind::Bodied { locals, body, .. } = &mut m.func_mut(f).kind {
            locals.push(flag);
            let body = *body;
            let clear = flag_set(m, flag, false, Loc::default());
            prepend(m, body, clear);
        }
        for &w in reads.writes.get(&var).into_iter().flatten() {
            let loc = m.value(w).loc;
            let moved = m.add_value(m.value(w).kind.clone(), m.value(w).ty, loc);
            let set = flag_set(m, flag, true, loc);
            let kind = match m.value(w).kind {
                ValueKind::Assign { .. } => ValueKind::Series(vec![moved, set]),
                _ => ValueKind::FlowInstr {
                    flow: set,
                    value: moved,
                },
            };
            m.value_mut(w).kind = kind;
        }
        for &body in reads.binds.get(&var).into_iter().flatten() {
            let set = flag_set(m, flag, true, m.value(body).loc);
            prepend(m, body, set);
        }
        let (raiser, shown) = if global {
            (raise_global, global_name(&name))
        } else {
            (raise_local, shown_name(&name))
        };
        let shown = shown.to_string();
        for (&r, state) in &reads.reads {
            if reads.var_of[&r] != var || !(state.bound && state.unbound) {
                continue;
            }
            let loc = m.value(r).loc;
            let ty = m.value(r).ty;
            let read = m.add_value(ValueKind::VarRef(var), ty, loc);
            let name_v = m.add_value(ValueKind::StrConst(shown.clone()), str_t, loc);
            let call = m.add_value(
                ValueKind::Call {
                    func: raiser,
                    args: vec![name_v],
                },
                none,
                loc,
            );
            let then = m.add_value(ValueKind::Series(vec![]), none, loc);
            let other = m.add_value(ValueKind::Series(vec![call]), none, loc);
            let cond = m.add_value(ValueKind::VarRef(flag), bool_t, loc);
            let check = m.add_value(
                ValueKind::If {
                    cond,
                    then,
                    other: Some(other),
                },
                none,
                loc,
            );
            m.replace_value(
                r,
                Value {
                    kind: ValueKind::FlowInstr {
                        flow: check,
                        value: read,
                    },
                    ty,
                    loc,
                },
            );
        }
    }
}

/// `flag = value`.
fn flag_set(m: &mut Module, flag: VarId, value: bool, loc: Loc) -> ValueId {
    let bool_t = m.bool_type();
    let none = m.none_type();
    let c = m.add_value(ValueKind::BoolConst(value), bool_t, loc);
    m.add_value(
        ValueKind::Assign {
            var: flag,
            value: c,
        },
        none,
        loc,
    )
}

/// Makes `first` run at the start of flow `body`.
fn prepend(m: &mut Module, body: ValueId, first: ValueId) {
    if let ValueKind::Series(items) = &mut m.value_mut(body).kind {
        items.insert(0, first);
        return;
    }
    let old = m.value(body).clone();
    let moved = m.add_value(old.kind, old.ty, old.loc);
    m.value_mut(body).kind = ValueKind::Series(vec![first, moved]);
}

fn find(m: &Module, unmangled: &str) -> Option<FuncId> {
    m.func_ids().find(|&f| m.func(f).unmangled == unmangled)
}

fn never_bound(name: &str, global: bool, loc: Loc) -> Problem {
    let (what, shown, error) = if global {
        ("name", global_name(name), "NameError")
    } else {
        ("local variable", shown_name(name), "UnboundLocalError")
    };
    Problem {
        loc,
        width: shown.chars().count().max(1) as u32,
        message: format!("{what} '{shown}' is read before any assignment to it"),
        notes: vec![],
        help: Some(format!(
            "assign '{shown}' on every path before this read (Python would raise {error} here)"
        )),
    }
}

fn missing_raisers(loc: Loc) -> Problem {
    Problem {
        loc,
        width: 1,
        message: "the stdlib lacks __unbound_local__/__unbound_global__, needed to check \
                  reads of variables that may be unbound"
            .into(),
        notes: vec![],
        help: None,
    }
}
