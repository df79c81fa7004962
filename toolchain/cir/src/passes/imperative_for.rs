//! `for i in range(…)` lowered to a counted loop (`ImperativeFor`) when the step is a
//! constant: no range object and no generator are made, in debug builds too, and LLVM sees a
//! plain loop from the start.

use crate::module::Module;
use crate::node::{FuncId, ValueId, ValueKind};
use crate::pass::{Pass, Realizer};
use crate::types::TypeKind;

/// The pass; see the module documentation.
pub struct ImperativeFor;

impl Pass for ImperativeFor {
    fn key(&self) -> &str {
        "core-loops-imperative-for"
    }

    fn run(&mut self, module: &mut Module, _: &mut dyn Realizer) {
        for i in 0..module.values.len() {
            let id = ValueId(i as u32);
            let ValueKind::For { iter, var, body } = module.value(id).kind else {
                continue;
            };
            if !is_int(module, module.var(var).ty) {
                continue;
            }
            let Some((start, end, step)) = range_bounds(module, iter) else {
                continue;
            };
            let loc = module.value(id).loc;
            let start = start.unwrap_or_else(|| {
                let int = module.var(var).ty;
                module.add_value(ValueKind::IntConst(0), int, loc)
            });
            module.value_mut(id).kind = ValueKind::ImperativeFor {
                start,
                end,
                step,
                var,
                body,
            };
        }
    }
}

/// `(start, end, step)` when `iter` is `range(…).__iter__()` with a constant non-zero step;
/// `start` is `None` for `range(end)`.
fn range_bounds(m: &Module, iter: ValueId) -> Option<(Option<ValueId>, ValueId, i64)> {
    let ValueKind::Call { func, args } = &m.value(iter).kind else {
        return None;
    };
    let [range] = args.as_slice() else {
        return None;
    };
    if !is_range_method(m, *func, "__iter__") || !is_range(m, m.value(*range).ty) {
        return None;
    }
    let ValueKind::Call { func, args } = &m.value(*range).kind else {
        return None;
    };
    if !is_range_method(m, *func, "__new__") || !args.iter().all(|a| is_int(m, m.value(*a).ty)) {
        return None;
    }
    match args.as_slice() {
        [end] => Some((None, *end, 1)),
        [start, end] => Some((Some(*start), *end, 1)),
        [start, end, step] => match constant_int(m, *step) {
            Some(s) if s != 0 => Some((Some(*start), *end, s)),
            _ => None,
        },
        _ => None,
    }
}

/// The value of an integer constant, negated ones (`-3` is `int.__neg__(3)`) included.
fn constant_int(m: &Module, v: ValueId) -> Option<i64> {
    match &m.value(v).kind {
        ValueKind::IntConst(c) => Some(*c),
        ValueKind::Call { func, args } if m.func(*func).name == "int.__neg__[int]" => {
            let [x] = args.as_slice() else { return None };
            constant_int(m, *x)?.checked_neg()
        }
        _ => None,
    }
}

/// Whether `f` is the builtin `range`'s method `name` (its realizations are `range.NAME[…]`).
fn is_range_method(m: &Module, f: FuncId, name: &str) -> bool {
    let f = m.func(f);
    f.unmangled == name
        && f.name
            .strip_prefix("range.")
            .is_some_and(|rest| rest.starts_with(name))
}

fn is_range(m: &Module, ty: crate::types::TypeId) -> bool {
    m.types.get(ty).name == "range"
}

fn is_int(m: &Module, ty: crate::types::TypeId) -> bool {
    matches!(
        m.types.get(ty).kind,
        TypeKind::Int {
            bits: 64,
            signed: true
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::{Func, FuncKind, Loc};
    use crate::pass::NoRealizer;

    /// A module whose main runs `for i in range(ARGS): pass` with `ARGS` made by `args`.
    fn range_loop(args: impl FnOnce(&mut Module) -> Vec<ValueId>) -> (Module, ValueId) {
        let mut m = Module::default();
        let int = m.int_type();
        let none = m.none_type();
        let range = m.ty("range", TypeKind::Record { fields: vec![] });
        let generator = m.ty("Generator[int]", TypeKind::Generator(int));
        let arg_vars: Vec<_> = (0..3)
            .map(|i| m.add_var(format!("a{i}"), int, false))
            .collect();
        let new = m.add_func(external("range.__new__[int]", "__new__", arg_vars, range));
        let self_var = m.add_var("self", range, false);
        let iter = m.add_func(external(
            "range.__iter__[range]",
            "__iter__",
            vec![self_var],
            generator,
        ));
        let args = args(&mut m);
        let made = m.add_value(ValueKind::Call { func: new, args }, range, Loc::default());
        let gen = m.add_value(
            ValueKind::Call {
                func: iter,
                args: vec![made],
            },
            generator,
            Loc::default(),
        );
        let var = m.add_var("i", int, false);
        let body = m.add_value(ValueKind::Series(vec![]), none, Loc::default());
        let for_loop = m.add_value(
            ValueKind::For {
                iter: gen,
                var,
                body,
            },
            none,
            Loc::default(),
        );
        ImperativeFor.run(&mut m, &mut NoRealizer);
        (m, for_loop)
    }

    fn external(
        name: &str,
        unmangled: &str,
        args: Vec<crate::node::VarId>,
        ret: crate::types::TypeId,
    ) -> Func {
        Func {
            name: name.into(),
            unmangled: unmangled.into(),
            args,
            ret,
            kind: FuncKind::External {
                symbol: name.into(),
            },
            attrs: vec![],
            loc: Loc::default(),
        }
    }

    fn int(m: &mut Module, v: i64) -> ValueId {
        let t = m.int_type();
        m.add_value(ValueKind::IntConst(v), t, Loc::default())
    }

    #[test]
    fn range_of_an_end_counts_from_zero() {
        let (m, l) = range_loop(|m| vec![int(m, 10)]);
        let ValueKind::ImperativeFor { start, step, .. } = m.value(l).kind else {
            panic!("not lowered: {:?}", m.value(l).kind);
        };
        assert_eq!(m.value(start).kind, ValueKind::IntConst(0));
        assert_eq!(step, 1);
    }

    #[test]
    fn constant_negative_steps_are_kept() {
        let (m, l) = range_loop(|m| vec![int(m, 10), int(m, 0), int(m, -3)]);
        let ValueKind::ImperativeFor {
            start, end, step, ..
        } = m.value(l).kind
        else {
            panic!("not lowered: {:?}", m.value(l).kind);
        };
        assert_eq!(m.value(start).kind, ValueKind::IntConst(10));
        assert_eq!(m.value(end).kind, ValueKind::IntConst(0));
        assert_eq!(step, -3);
    }

    #[test]
    fn zero_or_unknown_steps_stay_generator_loops() {
        // range(0, 10, 0) must still raise ValueError when it runs.
        let (m, l) = range_loop(|m| vec![int(m, 0), int(m, 10), int(m, 0)]);
        assert!(matches!(m.value(l).kind, ValueKind::For { .. }));
        let (m, l) = range_loop(|m| {
            let t = m.int_type();
            let v = m.add_var("n", t, false);
            let step = m.add_value(ValueKind::VarRef(v), t, Loc::default());
            vec![int(m, 0), int(m, 10), step]
        });
        assert!(matches!(m.value(l).kind, ValueKind::For { .. }));
    }
}
