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
//!   `__add__` qualify), or `min`/`max`, and `e` does not use `x`; also `-` on machine
//!   numbers. Each thread accumulates into private storage, and a *combine function* folds
//!   it into `x` once per thread, inside a critical section. For `+`, `-`, `|`, `^` on
//!   machine numbers the storage starts at zero (their identity; `-` partials are then
//!   added); otherwise a flag says whether it holds anything yet, so no identity value is
//!   needed (`min`, `max`, `*`, `&`, user classes). Results do not depend on the schedule for associative, commutative
//!   `F` (floating-point sums may differ in the last bits, as in any parallel reduction).
//! * **private**: its first occurrence writes it (loop variables, temporaries, values
//!   computed per iteration): a local of the chunk function. Unless that write is
//!   conditional (inside an `if`, loop or `try` of the body) and code outside the loop uses
//!   the variable: `if c: found = True` keeps `found` shared.
//! * **shared**: anything else. Locals of the enclosing function are passed by reference;
//!   globals stay globals. Writes to shared variables race unless the program synchronizes
//!   them (a lock, `@omp.critical`), as in OpenMP.

use std::collections::{HashMap, HashSet};

use crate::module::Module;
use crate::node::{FuncId, FuncKind, Loc, ParCapture, ValueId, ValueKind, VarId};
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
    /// Folds two partial results (`F(T, T)`).
    pub func: FuncId,
    /// The assignments (values of kind `Assign`) that update `var`.
    pub sites: Vec<ValueId>,
    /// Zeroed storage is `F`'s identity: partial results start at zero and need no flag.
    pub zero_identity: bool,
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
        "__add__" | "__sub__" | "__mul__" | "__or__" | "__and__" | "__xor__" | "min" | "max"
    )
}

/// One update `x = F(x, e, consts…)` of a reduction variable.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Site {
    var: VarId,
    /// `F(T, T…)`, what folds two partial results (`F` itself when `e` has `x`'s type; else
    /// its realization for two `T`s, `float.__add__[float,float]` for `f += 1`).
    combine: FuncId,
    /// Whether `e` has `x`'s type.
    same_type: bool,
}

/// `x = F(x, e, consts…)` when `e` does not use `x`.
fn reduction_site(m: &Module, assign: ValueId) -> Option<Site> {
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
    if m.value(*value).ty != ty || touches(m, *e).iter().any(|(x, _, _)| x == var) {
        return None;
    }
    let constant = |v: &ValueId| {
        matches!(
            m.value(*v).kind,
            ValueKind::Null | ValueKind::IntConst(_) | ValueKind::BoolConst(_)
        )
    };
    if !rest.iter().all(constant) {
        return None;
    }
    let same_type = m.value(*e).ty == ty;
    let combine = if m.func(*func).unmangled == "__sub__" {
        // `x -= e`: each thread subtracts from zero; the partial results are added.
        if !zero_is_identity(m, *func, ty) {
            return None;
        }
        same_op_for(m, *func, ty, Some(("__sub__", "__add__")))?
    } else if same_type {
        *func
    } else {
        same_op_for(m, *func, ty, None)?
    };
    Some(Site {
        var: *var,
        combine,
        same_type,
    })
}

/// The realization of `f` (`NAME[A,B,…]`) whose second argument has type `ty` too, or of
/// another method of the same class (`rename`: from, to).
fn same_op_for(m: &Module, f: FuncId, ty: TypeId, rename: Option<(&str, &str)>) -> Option<FuncId> {
    let func = m.func(f);
    // per-module builds add `~HASH` to names; the sibling carries its own
    let (name, _) = func.name.split_once('~').unwrap_or((&func.name, ""));
    let mut prefix = name.split('[').next()?.to_string();
    if let Some((from, to)) = rename {
        prefix = prefix.strip_suffix(from)?.to_string() + to;
    }
    let mut names: Vec<String> = func
        .args
        .iter()
        .map(|a| m.types.get(m.var(*a).ty).name.clone())
        .collect();
    *names.get_mut(1)? = m.types.get(ty).name.clone();
    let wanted = format!("{prefix}[{}]", names.join(","));
    let g = m.func_ids().find(|g| {
        let n = &m.func(*g).name;
        n.split_once('~').map_or(n.as_str(), |(base, _)| base) == wanted
    })?;
    (m.func(g).ret == ty).then_some(g)
}

/// Whether zeroed storage is the identity of `F` on `ty` (`+`, `|`, `^` on machine numbers),
/// so partial results need no "has a value" flag.
fn zero_is_identity(m: &Module, f: FuncId, ty: TypeId) -> bool {
    matches!(
        m.types.get(ty).kind,
        crate::types::TypeKind::Int { .. } | crate::types::TypeKind::Float { .. }
    ) && matches!(
        m.func(f).unmangled.as_str(),
        "__add__" | "__sub__" | "__or__" | "__xor__"
    )
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
    let top = top_level(m, body);
    let outside = used_outside(m, body, &all);
    order
        .into_iter()
        .map(|v| {
            let mine: Vec<&(VarId, Touch, ValueId)> =
                all.iter().filter(|(x, _, _)| *x == v).collect();
            let mut sharing = sharing_of(m, v, &mine);
            // A variable first written only on some iterations' paths (`if c: found = True`)
            // and read after the loop keeps the shared variable's meaning.
            if sharing == Sharing::Private && !top.contains(&mine[0].2) && outside.contains(&v) {
                sharing = Sharing::Shared;
            }
            (v, sharing)
        })
        .collect()
}

/// The statements every iteration runs: the body's series, and series inside it.
fn top_level(m: &Module, body: ValueId) -> HashSet<ValueId> {
    let mut out = HashSet::new();
    let mut stack = vec![body];
    while let Some(v) = stack.pop() {
        out.insert(v);
        if let ValueKind::Series(items) = &m.value(v).kind {
            stack.extend(items.iter().copied());
        }
    }
    out
}

/// The variables of `inside` (the touches of a loop body) that code elsewhere in the module
/// touches too.
fn used_outside(m: &Module, body: ValueId, inside: &[(VarId, Touch, ValueId)]) -> HashSet<VarId> {
    let mut count: HashMap<VarId, usize> = HashMap::new();
    for (v, _, _) in inside {
        *count.entry(*v).or_default() += 1;
    }
    let mut out = HashSet::new();
    for f in m.func_ids() {
        let FuncKind::Bodied { body: fb, .. } = &m.func(f).kind else {
            continue;
        };
        let mut total: HashMap<VarId, usize> = HashMap::new();
        for (v, _, _) in touches(m, *fb) {
            if count.contains_key(&v) {
                *total.entry(v).or_default() += 1;
            }
        }
        for (v, n) in total {
            // The loop's own function sees the body's touches too.
            let within = if touches_contains(m, *fb, body) {
                count[&v]
            } else {
                0
            };
            if n > within {
                out.insert(v);
            }
        }
    }
    out
}

/// Whether the value tree at `root` contains `v`.
fn touches_contains(m: &Module, root: ValueId, v: ValueId) -> bool {
    let mut stack = vec![root];
    while let Some(x) = stack.pop() {
        if x == v {
            return true;
        }
        stack.extend(m.value(x).kind.operands());
    }
    false
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
        let sites: Option<Vec<Site>> = writes.iter().map(|w| reduction_site(m, *w)).collect();
        if let Some(sites) = sites {
            let f = sites[0].combine;
            let ty = m.var(v).ty;
            let zero = zero_is_identity(m, f, ty);
            // Items of another type need a zero start (there is no first item to copy).
            if sites
                .iter()
                .all(|s| s.combine == f && (s.same_type || zero))
            {
                return Sharing::Reduction(Reduction {
                    var: v,
                    func: f,
                    sites: writes,
                    zero_identity: zero,
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
        let c_acc = combine.by_ref(m, &format!("{vname}.partial"), ty, None);
        captures.push(ParCapture::Private(ty));
        let flags = if r.zero_identity {
            None
        } else {
            let has = chunk.by_ref(m, &format!("{vname}.has"), boolean, None);
            let c_has = combine.by_ref(m, &format!("{vname}.has"), boolean, None);
            captures.push(ParCapture::Private(boolean));
            Some((has, c_has))
        };
        let extra = reduction_extra_args(m, r.sites[0]);
        for site in &r.sites {
            match flags {
                Some((has, _)) => rewrite_site(m, &mut chunk, *site, acc, has, loc),
                None => accumulate_site(m, *site, acc, loc),
            }
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
        combine_body.push(match flags {
            Some((_, c_has)) => {
                let cond = m.add_value(ValueKind::VarRef(c_has), boolean, loc);
                m.add_value(
                    ValueKind::If {
                        cond,
                        then: store,
                        other: None,
                    },
                    none,
                    loc,
                )
            }
            None => store,
        });
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

/// `x = F(x, e)` becomes `acc = F(acc, e)` (the partial result starts at zero).
fn accumulate_site(m: &mut Module, site: ValueId, acc: VarId, loc: Loc) {
    let ValueKind::Assign { value, .. } = m.value(site).kind else {
        return;
    };
    let ty = m.var(acc).ty;
    let read_acc = m.add_value(ValueKind::VarRef(acc), ty, loc);
    if let ValueKind::Call { args, .. } = &mut m.value_mut(value).kind {
        args[0] = read_acc;
    }
    m.value_mut(site).kind = ValueKind::Assign { var: acc, value };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::{Func, FuncKind, ParClauses, ParSchedule};
    use crate::pass::NoRealizer;
    use crate::types::TypeKind;

    /// A module with `main` running `@par for k in range(0, 100): BODY` and the helpers the
    /// bodies call.
    struct Fixture {
        m: Module,
        int: TypeId,
        none: TypeId,
        add: FuncId,
        mul: FuncId,
        min: FuncId,
        locals: Vec<VarId>,
    }

    impl Fixture {
        fn new() -> Fixture {
            let mut m = Module::default();
            let int = m.int_type();
            let none = m.none_type();
            let ext = |m: &mut Module, name: &str, unmangled: &str, n: usize| {
                let args = (0..n)
                    .map(|i| m.add_var(format!("a{i}"), int, false))
                    .collect();
                m.add_func(Func {
                    name: name.into(),
                    unmangled: unmangled.into(),
                    args,
                    ret: int,
                    kind: FuncKind::External {
                        symbol: name.into(),
                    },
                    attrs: vec![],
                    loc: Loc::default(),
                })
            };
            let add = ext(&mut m, "int.__add__[int,int]", "__add__", 2);
            let mul = ext(&mut m, "int.__mul__[int,int]", "__mul__", 2);
            let min = ext(&mut m, "min[int,int,NoneType]", "min", 3);
            Fixture {
                m,
                int,
                none,
                add,
                mul,
                min,
                locals: vec![],
            }
        }

        fn local(&mut self, name: &str) -> VarId {
            let v = self.m.add_var(name, self.int, false);
            self.locals.push(v);
            v
        }

        fn read(&mut self, v: VarId) -> ValueId {
            self.m
                .add_value(ValueKind::VarRef(v), self.int, Loc::default())
        }

        fn int(&mut self, i: i64) -> ValueId {
            self.m
                .add_value(ValueKind::IntConst(i), self.int, Loc::default())
        }

        fn call(&mut self, func: FuncId, args: Vec<ValueId>) -> ValueId {
            self.m
                .add_value(ValueKind::Call { func, args }, self.int, Loc::default())
        }

        fn assign(&mut self, var: VarId, value: ValueId) -> ValueId {
            self.m
                .add_value(ValueKind::Assign { var, value }, self.none, Loc::default())
        }

        /// `x = F(x, e)`.
        fn update(&mut self, x: VarId, f: FuncId, e: ValueId) -> ValueId {
            let r = self.read(x);
            let c = self.call(f, vec![r, e]);
            self.assign(x, c)
        }

        /// The loop over `body` (statements) in `main`; returns the loop's id.
        fn par_loop(&mut self, k: VarId, stmts: Vec<ValueId>) -> ValueId {
            self.par_loop_then(k, stmts, vec![])
        }

        /// The loop, followed in `main` by `after`.
        fn par_loop_then(&mut self, k: VarId, stmts: Vec<ValueId>, after: Vec<ValueId>) -> ValueId {
            let body = self
                .m
                .add_value(ValueKind::Series(stmts), self.none, Loc::default());
            let (start, end) = (self.int(0), self.int(100));
            let lp = self.m.add_value(
                ValueKind::ImperativeFor {
                    start,
                    end,
                    step: 1,
                    var: k,
                    body,
                },
                self.none,
                Loc::default(),
            );
            let mut main_stmts = vec![lp];
            main_stmts.extend(after);
            let main_body =
                self.m
                    .add_value(ValueKind::Series(main_stmts), self.none, Loc::default());
            self.m.add_func(Func {
                name: "main".into(),
                unmangled: "main".into(),
                args: vec![],
                ret: self.none,
                kind: FuncKind::Bodied {
                    locals: self.locals.clone(),
                    body: main_body,
                    generator: false,
                },
                attrs: vec![],
                loc: Loc::default(),
            });
            self.m.par_loops.insert(
                lp,
                ParClauses {
                    schedule: ParSchedule::Static,
                    chunk_size: None,
                    num_threads: None,
                    ordered: false,
                },
            );
            lp
        }
    }

    fn sharing_of_var(m: &Module, lp: ValueId, v: VarId) -> Option<Sharing> {
        let ValueKind::ImperativeFor { body, var, .. } = m.value(lp).kind else {
            panic!("not a loop");
        };
        classify(m, body, var)
            .into_iter()
            .find(|(x, _)| *x == v)
            .map(|(_, s)| s)
    }

    #[test]
    fn updates_through_one_operator_are_reductions() {
        let mut f = Fixture::new();
        let (k, total, lo) = (f.local("k"), f.local("total"), f.local("lo"));
        let e = f.read(k);
        let s1 = f.update(total, f.add, e);
        let e2 = f.read(k);
        let s2 = f.update(total, f.add, e2);
        let (r, e3) = (f.read(lo), f.read(k));
        let key = f.m.add_value(ValueKind::Null, f.none, Loc::default());
        let c = f.call(f.min, vec![r, e3, key]);
        let s3 = f.assign(lo, c);
        let lp = f.par_loop(k, vec![s1, s2, s3]);
        let Some(Sharing::Reduction(r)) = sharing_of_var(&f.m, lp, total) else {
            panic!("total is not a reduction");
        };
        assert_eq!((r.func, r.sites.len()), (f.add, 2));
        assert!(matches!(
            sharing_of_var(&f.m, lp, lo),
            Some(Sharing::Reduction(Reduction { func, .. })) if func == f.min
        ));
    }

    #[test]
    fn other_uses_make_a_variable_shared_or_private() {
        let mut f = Fixture::new();
        let (k, mixed, selfref, tmp, input) = (
            f.local("k"),
            f.local("mixed"),
            f.local("selfref"),
            f.local("tmp"),
            f.local("input"),
        );
        // mixed += k; mixed *= k  (two operators)
        let e = f.read(k);
        let a = f.update(mixed, f.add, e);
        let e = f.read(k);
        let b = f.update(mixed, f.mul, e);
        // selfref = selfref + selfref  (the item uses the variable)
        let e = f.read(selfref);
        let c = f.update(selfref, f.add, e);
        // tmp = input * k  (written first: private); input is only read (shared)
        let (i, kk) = (f.read(input), f.read(k));
        let prod = f.call(f.mul, vec![i, kk]);
        let d = f.assign(tmp, prod);
        let lp = f.par_loop(k, vec![a, b, c, d]);
        assert_eq!(sharing_of_var(&f.m, lp, mixed), Some(Sharing::Shared));
        assert_eq!(sharing_of_var(&f.m, lp, selfref), Some(Sharing::Shared));
        assert_eq!(sharing_of_var(&f.m, lp, tmp), Some(Sharing::Private));
        assert_eq!(sharing_of_var(&f.m, lp, input), Some(Sharing::Shared));
        assert_eq!(sharing_of_var(&f.m, lp, k), None);
    }

    #[test]
    fn conditional_first_writes_of_variables_used_later_stay_shared() {
        let mut f = Fixture::new();
        let (k, found, scratch) = (f.local("k"), f.local("found"), f.local("scratch"));
        // if k: found = k; scratch = k   (both first written conditionally)
        let (c, e1, e2) = (f.read(k), f.read(k), f.read(k));
        let w1 = f.assign(found, e1);
        let w2 = f.assign(scratch, e2);
        let then =
            f.m.add_value(ValueKind::Series(vec![w1, w2]), f.none, Loc::default());
        let branch = f.m.add_value(
            ValueKind::If {
                cond: c,
                then,
                other: None,
            },
            f.none,
            Loc::default(),
        );
        // only `found` is read after the loop
        let after = f.read(found);
        let lp = f.par_loop_then(k, vec![branch], vec![after]);
        assert_eq!(sharing_of_var(&f.m, lp, found), Some(Sharing::Shared));
        assert_eq!(sharing_of_var(&f.m, lp, scratch), Some(Sharing::Private));
    }

    #[test]
    fn the_loop_is_outlined_with_captures_by_reference() {
        let mut f = Fixture::new();
        let (k, total, input, tmp) = (
            f.local("k"),
            f.local("total"),
            f.local("input"),
            f.local("tmp"),
        );
        let (i, kk) = (f.read(input), f.read(k));
        let prod = f.call(f.mul, vec![i, kk]);
        let a = f.assign(tmp, prod);
        let t = f.read(tmp);
        let b = f.update(total, f.mul, t);
        let lp = f.par_loop(k, vec![a, b]);
        ParallelLoops.run(&mut f.m, &mut NoRealizer);
        assert!(f.m.par_loops.is_empty());
        let ValueKind::ParFor {
            body,
            combine,
            captures,
            ..
        } = f.m.value(lp).kind.clone()
        else {
            panic!("not outlined: {:?}", f.m.value(lp).kind);
        };
        let bool_t = f.m.types.lookup("bool").unwrap();
        // input and total (in order of first use) are the enclosing function's locals;
        // total's partial product and its flag (one is not zero) are per thread.
        assert_eq!(
            captures,
            vec![
                ParCapture::Shared(input),
                ParCapture::Shared(total),
                ParCapture::Private(f.int),
                ParCapture::Private(bool_t),
            ]
        );
        let chunk = f.m.func(body);
        assert_eq!(chunk.name, "main.par_body1");
        assert_eq!(chunk.args.len(), 2 + captures.len());
        assert!(!f.m.var(chunk.args[0]).by_ref && !f.m.var(chunk.args[1]).by_ref);
        assert!(chunk.args[2..].iter().all(|a| f.m.var(*a).by_ref));
        // tmp and the loop variable became the chunk function's own locals.
        let FuncKind::Bodied {
            locals, body: cb, ..
        } = &chunk.kind
        else {
            panic!("chunk function has no body");
        };
        let names: Vec<&str> = locals.iter().map(|l| f.m.var(*l).name.as_str()).collect();
        assert!(names.contains(&"tmp") && names.contains(&"k"), "{names:?}");
        // The body no longer mentions the enclosing function's variables.
        let used: Vec<VarId> = touches(&f.m, *cb).into_iter().map(|(v, _, _)| v).collect();
        for old in [k, total, input, tmp] {
            assert!(!used.contains(&old), "{} still used", f.m.var(old).name);
        }
        let combine =
            f.m.func(combine.expect("a reduction needs a combine function"));
        assert_eq!(combine.args.len(), captures.len());
        let printed = crate::printer::print_module(&f.m);
        assert!(printed.contains("par_for (schedule Static)"), "{printed}");
    }

    #[test]
    fn sums_start_from_zero_without_a_flag() {
        let mut f = Fixture::new();
        let (k, total) = (f.local("k"), f.local("total"));
        let e = f.read(k);
        let a = f.update(total, f.add, e);
        let lp = f.par_loop(k, vec![a]);
        ParallelLoops.run(&mut f.m, &mut NoRealizer);
        let ValueKind::ParFor { captures, .. } = &f.m.value(lp).kind else {
            panic!("not outlined");
        };
        assert_eq!(
            captures,
            &vec![ParCapture::Shared(total), ParCapture::Private(f.int)]
        );
        // The site now updates the partial sum directly.
        let ValueKind::Assign { var, .. } = f.m.value(a).kind else {
            panic!("site rewritten to {:?}", f.m.value(a).kind);
        };
        assert_eq!(f.m.var(var).name, "total.partial");
    }

    #[test]
    fn loops_without_reductions_have_no_combine_function() {
        let mut f = Fixture::new();
        let (k, tmp) = (f.local("k"), f.local("tmp"));
        let e = f.read(k);
        let a = f.assign(tmp, e);
        let lp = f.par_loop(k, vec![a]);
        ParallelLoops.run(&mut f.m, &mut NoRealizer);
        let ValueKind::ParFor {
            combine, captures, ..
        } = &f.m.value(lp).kind
        else {
            panic!("not outlined");
        };
        assert!(combine.is_none() && captures.is_empty());
        let _ = TypeKind::Bool;
    }
}
