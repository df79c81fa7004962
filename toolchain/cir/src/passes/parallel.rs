//! `@par` loops outlined for the OpenMP runtime (key `core-parallel-loop-outline`).
//!
//! Sema normalizes every `@par` loop to `for k in range(N)` (see `sema::par`), which
//! `core-loops-imperative-for` turns into a counted loop; this pass then moves the loop into
//! a *chunk function* `body(lo, hi, CAPTURES…)` that runs iterations `[lo, hi)`, and replaces
//! the loop with a [`ValueKind::ParFor`], which codegen lowers to `__kmpc_fork_call` and a
//! schedule loop calling the chunk function.
//!
//! Each variable the loop body uses is classified by analysis, not by the user:
//!
//! * **reduction**: every occurrence is `x = F(x, e, consts…)` with one `F` that is `+`, `*`,
//!   `|`, `&`, `^` (the magic methods `__add__` … `__xor__`, so `@tuple` classes with
//!   `__add__` qualify), or `min`/`max`, and `e` does not use `x`. Each thread accumulates
//!   into private storage (plus a flag saying whether it holds anything, so no identity
//!   value is needed), and a *combine function* folds it into `x` once per thread, inside a
//!   critical section. Results do not depend on the schedule for associative, commutative
//!   `F` (floating-point sums may differ in the last bits, as in any parallel reduction).
//! * **private**: its first occurrence writes it (loop variables, temporaries, values
//!   computed per iteration): a local of the chunk function.
//! * **shared**: anything else. Locals of the enclosing function are passed by reference;
//!   globals stay globals. Writes to shared variables race unless the program synchronizes
//!   them (a lock, `@omp.critical`), as in OpenMP.

use std::collections::{HashMap, HashSet};

use crate::module::Module;
use crate::node::{FuncId, Loc, ParCapture, ValueId, ValueKind, VarId};
use crate::pass::{Pass, Realizer};
use crate::types::TypeId;
use crate::util::outline::{touches, Outlined, Touch};

/// The pass; see the module documentation.
pub struct ParallelLoops;

impl Pass for ParallelLoops {
    fn key(&self) -> &str {
        "core-parallel-loop-outline"
    }

    fn run(&mut self, module: &mut Module, _: &mut dyn Realizer) {
        if module.par_loops.is_empty() {
            return;
        }
        let owners = module.value_owners();
        let mut loops: Vec<ValueId> = module.par_loops.keys().copied().collect();
        loops.sort();
        let mut counts: HashMap<FuncId, u32> = HashMap::new();
        for id in loops {
            let Some(&owner) = owners.get(&id) else {
                continue;
            };
            let n = counts.entry(owner).or_default();
            *n += 1;
            let name = format!("{}.par_body{}", module.func(owner).name, n);
            outline_loop(module, id, &name);
        }
    }
}

/// A reduction found in a loop body: `x = F(x, e, consts…)`.
#[derive(Debug, Clone, PartialEq)]
pub struct Reduction {
    pub var: VarId,
    pub func: FuncId,
    /// The assignments (values of kind `Assign`) that update `var`.
    pub sites: Vec<ValueId>,
}

/// How the loop body uses a variable.
#[derive(Debug, Clone, PartialEq)]
pub enum Sharing {
    Shared,
    Private,
    Reduction(Reduction),
}

/// The name-independent test for reduction operators: `F`'s source name.
fn is_reduction_op(m: &Module, f: FuncId) -> bool {
    matches!(
        m.func(f).unmangled.as_str(),
        "__add__" | "__mul__" | "__or__" | "__and__" | "__xor__" | "min" | "max"
    )
}

/// `x = F(x, e, consts…)`: the assignment's variable and `F`, when `e` does not use `x`.
fn reduction_site(m: &Module, assign: ValueId) -> Option<(VarId, FuncId)> {
    let ValueKind::Assign { var, value } = &m.value(assign).kind else {
        return None;
    };
    let ValueKind::Call { func, args } = &m.value(*value).kind else {
        return None;
    };
    let [first, e, rest @ ..] = args.as_slice() else {
        return None;
    };
    if m.value(*first).kind != ValueKind::VarRef(*var) || !is_reduction_op(m, *func) {
        return None;
    }
    let ty = m.var(*var).ty;
    if m.value(*value).ty != ty || m.value(*e).ty != ty {
        return None;
    }
    if touches(m, *e).iter().any(|(x, _, _)| x == var) {
        return None;
    }
    let constant = |v: &ValueId| {
        matches!(
            m.value(*v).kind,
            ValueKind::Null | ValueKind::IntConst(_) | ValueKind::BoolConst(_)
        )
    };
    rest.iter().all(constant).then_some((*var, *func))
}

/// Classifies every variable `body` uses (see the module documentation). `loop_var` is
/// left out.
pub fn classify(m: &Module, body: ValueId, loop_var: VarId) -> Vec<(VarId, Sharing)> {
    let all = touches(m, body);
    let mut order: Vec<VarId> = Vec::new();
    let mut seen = HashSet::new();
    for (v, _, _) in &all {
        if *v != loop_var && seen.insert(*v) {
            order.push(*v);
        }
    }
    order
        .into_iter()
        .map(|v| {
            let mine: Vec<&(VarId, Touch, ValueId)> =
                all.iter().filter(|(x, _, _)| *x == v).collect();
            (v, sharing_of(m, v, &mine))
        })
        .collect()
}

fn sharing_of(m: &Module, v: VarId, touches: &[&(VarId, Touch, ValueId)]) -> Sharing {
    // A reduction: every write is a reduction site of one F, and every read is that site's
    // own `x` argument.
    let writes: Vec<ValueId> = touches
        .iter()
        .filter(|(_, t, _)| *t == Touch::Write)
        .map(|(_, _, at)| *at)
        .collect();
    let reads = touches.iter().filter(|(_, t, _)| *t == Touch::Read).count();
    let addressed = touches.iter().any(|(_, t, _)| *t == Touch::Address);
    if !writes.is_empty() && !addressed && reads == writes.len() {
        let sites: Option<Vec<(VarId, FuncId)>> =
            writes.iter().map(|w| reduction_site(m, *w)).collect();
        if let Some(sites) = sites {
            let f = sites[0].1;
            if sites.iter().all(|(_, g)| *g == f) {
                return Sharing::Reduction(Reduction {
                    var: v,
                    func: f,
                    sites: writes,
                });
            }
        }
    }
    match touches.first() {
        Some((_, Touch::Write, _)) => Sharing::Private,
        _ => Sharing::Shared,
    }
}

/// Outlines the `@par` loop `id` (an `ImperativeFor` with step 1) into `name`.
fn outline_loop(m: &mut Module, id: ValueId, name: &str) {
    let Some(clauses) = m.par_loops.remove(&id) else {
        return;
    };
    let ValueKind::ImperativeFor {
        start,
        end,
        step: 1,
        var,
        body,
    } = m.value(id).kind
    else {
        // Not a counted loop (sema always makes one): it stays a serial loop.
        return;
    };
    let loc = m.value(id).loc;
    let int = m.var(var).ty;
    let boolean = m.bool_type();
    let none = m.none_type();
    let sharing = classify(m, body, var);

    let mut chunk = Outlined::new(name);
    let lo = chunk.arg(m, "lo", int);
    let hi = chunk.arg(m, "hi", int);
    let mut combine = Outlined::new(format!("{name}.combine"));
    let mut captures = Vec::new();
    // Shared locals of the enclosing function, passed by reference to both functions.
    let mut combine_target: HashMap<VarId, VarId> = HashMap::new();
    for (v, s) in &sharing {
        let (vname, ty, global) = {
            let x = m.var(*v);
            (x.name.clone(), x.ty, x.global)
        };
        match s {
            Sharing::Private => {
                chunk.local(m, &vname, ty, Some(*v));
            }
            Sharing::Shared | Sharing::Reduction(_) if !global => {
                chunk.by_ref(m, &vname, ty, Some(*v));
                let c = combine.by_ref(m, &vname, ty, None);
                combine_target.insert(*v, c);
                captures.push(ParCapture::Shared(*v));
            }
            _ => {
                if global {
                    combine_target.insert(*v, *v);
                }
            }
        }
    }
    // Per reduction: private partial result and flag, and its update in the combine function.
    let mut combine_body = Vec::new();
    for (v, s) in &sharing {
        let Sharing::Reduction(r) = s else { continue };
        let (vname, ty) = (m.var(*v).name.clone(), m.var(*v).ty);
        let acc = chunk.by_ref(m, &format!("{vname}.partial"), ty, None);
        let has = chunk.by_ref(m, &format!("{vname}.has"), boolean, None);
        let c_acc = combine.by_ref(m, &format!("{vname}.partial"), ty, None);
        let c_has = combine.by_ref(m, &format!("{vname}.has"), boolean, None);
        captures.push(ParCapture::Private(ty));
        captures.push(ParCapture::Private(boolean));
        let extra = reduction_extra_args(m, r.sites[0]);
        for site in &r.sites {
            rewrite_site(m, &mut chunk, *site, acc, has, loc);
        }
        let target = combine_target.get(v).copied().unwrap_or(*v);
        let read_target = m.add_value(ValueKind::VarRef(target), ty, loc);
        let read_acc = m.add_value(ValueKind::VarRef(c_acc), ty, loc);
        let mut args = vec![read_target, read_acc];
        args.extend(extra);
        let call = m.add_value(ValueKind::Call { func: r.func, args }, ty, loc);
        let store = m.add_value(
            ValueKind::Assign {
                var: target,
                value: call,
            },
            none,
            loc,
        );
        let cond = m.add_value(ValueKind::VarRef(c_has), boolean, loc);
        combine_body.push(m.add_value(
            ValueKind::If {
                cond,
                then: store,
                other: None,
            },
            none,
            loc,
        ));
    }
    // The chunk function: `for k in range(lo, hi): BODY`.
    let var_name = m.var(var).name.clone();
    let k = chunk.local(m, &var_name, int, Some(var));
    let lo_v = m.add_value(ValueKind::VarRef(lo), int, loc);
    let hi_v = m.add_value(ValueKind::VarRef(hi), int, loc);
    let counted = m.add_value(
        ValueKind::ImperativeFor {
            start: lo_v,
            end: hi_v,
            step: 1,
            var: k,
            body,
        },
        none,
        loc,
    );
    let chunk_body = m.add_value(ValueKind::Series(vec![counted]), none, loc);
    let body_fn = chunk.finish(m, body, chunk_body, loc);
    let combine_fn = if combine_body.is_empty() {
        None
    } else {
        let series = m.add_value(ValueKind::Series(combine_body), none, loc);
        let empty = m.add_value(ValueKind::Series(vec![]), none, loc);
        Some(combine.finish(m, empty, series, loc))
    };
    m.value_mut(id).kind = ValueKind::ParFor {
        start,
        end,
        body: body_fn,
        combine: combine_fn,
        captures,
        clauses,
    };
}

/// Fresh copies of the constant arguments after `x` and `e` at a reduction site (`min`'s
/// `key=None`).
fn reduction_extra_args(m: &mut Module, site: ValueId) -> Vec<ValueId> {
    let ValueKind::Assign { value, .. } = m.value(site).kind else {
        return vec![];
    };
    let ValueKind::Call { args, .. } = m.value(value).kind.clone() else {
        return vec![];
    };
    args.iter()
        .skip(2)
        .map(|a| {
            let v = m.value(*a).clone();
            m.add_value(v.kind, v.ty, v.loc)
        })
        .collect()
}

/// `x = F(x, e)` becomes `t = e; if has: acc = F(acc, t) else: acc = t; has = True`.
fn rewrite_site(
    m: &mut Module,
    chunk: &mut Outlined,
    site: ValueId,
    acc: VarId,
    has: VarId,
    loc: Loc,
) {
    let ValueKind::Assign { var, value } = m.value(site).kind else {
        return;
    };
    let ValueKind::Call { args, .. } = m.value(value).kind.clone() else {
        return;
    };
    let ty: TypeId = m.var(var).ty;
    let none = m.none_type();
    let boolean = m.bool_type();
    let name = format!("{}.item", m.var(var).name);
    let t = chunk.local(m, &name, ty, None);
    let e = args[1];
    let set_t = m.add_value(ValueKind::Assign { var: t, value: e }, none, loc);
    // Reuse the call, now over the partial result and the item.
    let read_acc = m.add_value(ValueKind::VarRef(acc), ty, loc);
    let read_t = m.add_value(ValueKind::VarRef(t), ty, loc);
    if let ValueKind::Call { args, .. } = &mut m.value_mut(value).kind {
        args[0] = read_acc;
        args[1] = read_t;
    }
    let fold = m.add_value(ValueKind::Assign { var: acc, value }, none, loc);
    let read_t2 = m.add_value(ValueKind::VarRef(t), ty, loc);
    let first = m.add_value(
        ValueKind::Assign {
            var: acc,
            value: read_t2,
        },
        none,
        loc,
    );
    let cond = m.add_value(ValueKind::VarRef(has), boolean, loc);
    let branch = m.add_value(
        ValueKind::If {
            cond,
            then: fold,
            other: Some(first),
        },
        none,
        loc,
    );
    let yes = m.add_value(ValueKind::BoolConst(true), boolean, loc);
    let set_has = m.add_value(
        ValueKind::Assign {
            var: has,
            value: yes,
        },
        none,
        loc,
    );
    m.value_mut(site).kind = ValueKind::Series(vec![set_t, branch, set_has]);
}
