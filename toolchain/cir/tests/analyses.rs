//! The control-flow graph, reaching definitions and the passes built on them, on functions
//! written directly in CIR.

use std::collections::HashSet;

use cir::analyze::cfg::Cfg;
use cir::analyze::noreturn;
use cir::analyze::reaching::{DefSite, ReachingDefs};
use cir::node::{Func, FuncId, FuncKind, Handler, Loc, ValueId, ValueKind, VarId};
use cir::{Module, NoRealizer, Pass};

/// A module under construction with one function `f(c: bool) -> ret`.
struct Fixture {
    m: Module,
    c: VarId,
    x: VarId,
    int: cir::TypeId,
    none: cir::TypeId,
}

impl Fixture {
    fn new() -> Self {
        let mut m = Module::default();
        let int = m.int_type();
        let none = m.none_type();
        let b = m.bool_type();
        let c = m.add_var("c", b, false);
        let x = m.add_var("x", int, false);
        Fixture { m, c, x, int, none }
    }

    fn line(&self, line: u32) -> Loc {
        Loc {
            file: 0,
            line,
            col: 5,
        }
    }

    fn v(&mut self, kind: ValueKind, line: u32) -> ValueId {
        let ty = match kind {
            ValueKind::IntConst(_) | ValueKind::VarRef(_) => self.int,
            _ => self.none,
        };
        let loc = self.line(line);
        self.m.add_value(kind, ty, loc)
    }

    fn assign_x(&mut self, value: i64, line: u32) -> ValueId {
        let k = self.v(ValueKind::IntConst(value), line);
        self.v(
            ValueKind::Assign {
                var: self.x,
                value: k,
            },
            line,
        )
    }

    fn series(&mut self, items: Vec<ValueId>) -> ValueId {
        self.v(ValueKind::Series(items), 0)
    }

    fn cond(&mut self) -> ValueId {
        let b = self.m.bool_type();
        let loc = self.line(1);
        self.m.add_value(ValueKind::VarRef(self.c), b, loc)
    }

    fn func(&mut self, name: &str, body: Vec<ValueId>, ret: cir::TypeId) -> FuncId {
        let body = self.series(body);
        let loc = self.line(1);
        self.m.add_func(Func {
            name: name.into(),
            unmangled: name.into(),
            args: vec![self.c],
            ret,
            kind: FuncKind::Bodied {
                locals: vec![self.x],
                body,
                generator: false,
            },
            attrs: vec![],
            loc,
        })
    }
}

/// `if c: x = 1` then `return x`: the read sees the assignment and the unbound entry.
#[test]
fn a_branch_leaves_the_variable_maybe_unbound() {
    let mut t = Fixture::new();
    let a = t.assign_x(1, 2);
    let then = t.series(vec![a]);
    let cond = t.cond();
    let iff = t.v(
        ValueKind::If {
            cond,
            then,
            other: None,
        },
        2,
    );
    let read = t.v(ValueKind::VarRef(t.x), 3);
    let ret = t.v(ValueKind::Return(Some(read)), 3);
    let int = t.int;
    let f = t.func("f", vec![iff, ret], int);
    let cfg = Cfg::build(&t.m, f, &HashSet::new()).unwrap();
    assert!(!cfg.falls_through(), "the return ends every path");
    let rd = ReachingDefs::compute(&t.m, &cfg, &[t.x]);
    let (block, index) = position(&cfg, read);
    let set = rd.before(&t.m, &cfg, block, index);
    let sites: Vec<DefSite> = rd.of_var(t.x, &set).map(|d| d.site).collect();
    assert_eq!(sites.len(), 2);
    assert!(sites.contains(&DefSite::Entry));
}

/// `try: x = 1 / except: pass / finally: <nothing>` then `return x`: the exception path reaches
/// the read with `x` unbound, the normal path with it bound; a `return` inside `try`'s body
/// runs the `finally` and never reaches the code after the `try`.
#[test]
fn exceptions_and_finally_have_their_own_paths() {
    let mut t = Fixture::new();
    let raiser = t.m.add_func(Func {
        name: "may_raise".into(),
        unmangled: "may_raise".into(),
        args: vec![],
        ret: t.none,
        kind: FuncKind::External {
            symbol: "may_raise".into(),
        },
        attrs: vec![],
        loc: Loc::default(),
    });
    let call = t.v(
        ValueKind::Call {
            func: raiser,
            args: vec![],
        },
        2,
    );
    let a = t.assign_x(1, 2);
    let body = t.series(vec![call, a]);
    let hbody = t.series(vec![]);
    let fin = t.series(vec![]);
    let tr = t.v(
        ValueKind::Try {
            body,
            handlers: vec![Handler {
                types: vec![],
                var: None,
                body: hbody,
            }],
            orelse: None,
            finally: Some(fin),
        },
        2,
    );
    let read = t.v(ValueKind::VarRef(t.x), 5);
    let ret = t.v(ValueKind::Return(Some(read)), 5);
    let int = t.int;
    let f = t.func("f", vec![tr, ret], int);
    let cfg = Cfg::build(&t.m, f, &HashSet::new()).unwrap();
    let rd = ReachingDefs::compute(&t.m, &cfg, &[t.x]);
    let (block, index) = position(&cfg, read);
    let set = rd.before(&t.m, &cfg, block, index);
    assert_eq!(rd.of_var(t.x, &set).count(), 2);

    // try: return 1 / finally: pass — nothing after the try is reachable.
    let one = t.v(ValueKind::IntConst(1), 2);
    let r1 = t.v(ValueKind::Return(Some(one)), 2);
    let body = t.series(vec![r1]);
    let fin = t.series(vec![]);
    let tr = t.v(
        ValueKind::Try {
            body,
            handlers: vec![],
            orelse: None,
            finally: Some(fin),
        },
        2,
    );
    let g = t.func("g", vec![tr], int);
    let cfg = Cfg::build(&t.m, g, &HashSet::new()).unwrap();
    assert!(!cfg.falls_through());
    assert!(cfg.returns());
}

/// `while True:` without `break` never ends; a function that always raises never returns,
/// and a call of it ends its caller's path.
#[test]
fn infinite_loops_and_raising_calls_end_paths() {
    let mut t = Fixture::new();
    let tru = {
        let b = t.m.bool_type();
        t.m.add_value(ValueKind::BoolConst(true), b, Loc::default())
    };
    let body = t.series(vec![]);
    let w = t.v(ValueKind::While { cond: tru, body }, 2);
    let int = t.int;
    let f = t.func("forever", vec![w], int);
    let cfg = Cfg::build(&t.m, f, &HashSet::new()).unwrap();
    assert!(!cfg.returns());

    let exc = t.v(ValueKind::IntConst(0), 2);
    let throw = t.v(ValueKind::Throw(exc), 2);
    let none = t.none;
    let raiser = t.func("raiser", vec![throw], none);
    let call = t.v(
        ValueKind::Call {
            func: raiser,
            args: vec![],
        },
        3,
    );
    let caller = t.func("caller", vec![call], int);
    let nr = noreturn::functions(&t.m);
    assert!(nr.contains(&raiser) && nr.contains(&f) && nr.contains(&caller));
    let cfg = Cfg::build(&t.m, caller, &nr).unwrap();
    assert!(!cfg.falls_through());
}

/// The passes: a maybe-unbound read gets a flag test, a never-bound read and a missing return
/// become problems.
#[test]
fn passes_guard_reads_and_report_problems() {
    let mut t = Fixture::new();
    let str_t = t.m.ty("str", cir::TypeKind::Record { fields: vec![] });
    for name in ["__unbound_local__", "__unbound_global__"] {
        let arg = t.m.add_var("name", str_t, false);
        let body = t.series(vec![]);
        let none = t.none;
        t.m.add_func(Func {
            name: name.into(),
            unmangled: name.into(),
            args: vec![arg],
            ret: none,
            kind: FuncKind::Bodied {
                locals: vec![],
                body,
                generator: false,
            },
            attrs: vec![],
            loc: Loc::default(),
        });
    }
    // f: if c: x = 1 / return x    (maybe unbound: guarded)
    let a = t.assign_x(1, 2);
    let then = t.series(vec![a]);
    let cond = t.cond();
    let iff = t.v(
        ValueKind::If {
            cond,
            then,
            other: None,
        },
        2,
    );
    let read = t.v(ValueKind::VarRef(t.x), 3);
    let ret = t.v(ValueKind::Return(Some(read)), 3);
    let int = t.int;
    t.func("f", vec![iff, ret], int);
    cir::passes::definite_assignment::DefiniteAssignment.run(&mut t.m, &mut NoRealizer);
    assert!(t.m.problems.is_empty(), "{:?}", t.m.problems);
    assert!(
        matches!(t.m.value(read).kind, ValueKind::FlowInstr { .. }),
        "the read is guarded"
    );

    // g: return x   (never bound) and h: if c: return 1   (falls off)
    let read = t.v(ValueKind::VarRef(t.x), 7);
    let ret = t.v(ValueKind::Return(Some(read)), 7);
    t.func("g", vec![ret], int);
    let one = t.v(ValueKind::IntConst(1), 9);
    let r1 = t.v(ValueKind::Return(Some(one)), 9);
    let then = t.series(vec![r1]);
    let cond = t.cond();
    let iff = t.v(
        ValueKind::If {
            cond,
            then,
            other: None,
        },
        9,
    );
    t.func("h", vec![iff], int);
    cir::passes::definite_assignment::DefiniteAssignment.run(&mut t.m, &mut NoRealizer);
    cir::passes::return_paths::ReturnPaths.run(&mut t.m, &mut NoRealizer);
    let messages: Vec<(u32, &str)> =
        t.m.problems
            .iter()
            .map(|p| (p.loc.line, p.message.as_str()))
            .collect();
    assert!(
        messages
            .iter()
            .any(|(l, m)| *l == 7 && m.contains("'x' is read before any assignment")),
        "{messages:?}"
    );
    assert!(
        messages
            .iter()
            .any(|(_, m)| m.contains("missing return: 'h'")),
        "{messages:?}"
    );
}

/// The block and step index where value `v` is computed.
fn position(cfg: &Cfg, v: ValueId) -> (cir::analyze::cfg::BlockId, usize) {
    for (b, block) in cfg.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            if *inst == cir::analyze::cfg::Inst::Value(v) {
                return (cir::analyze::cfg::BlockId(b as u32), i);
            }
        }
    }
    panic!("value not in the graph")
}

/// `m = False; if c: { m = True; return 1 }; if not m: return 2` cannot fall off its end: the
/// only definition of `m` reaching the second test is `False`, so `not m` always holds there.
#[test]
fn constant_flags_prune_impossible_branches() {
    let mut t = Fixture::new();
    let b = t.m.bool_type();
    let flag = t.m.add_var(".matched", b, false);
    let konst =
        |t: &mut Fixture, v: bool| t.m.add_value(ValueKind::BoolConst(v), b, Loc::default());
    let f0 = konst(&mut t, false);
    let init = t.v(
        ValueKind::Assign {
            var: flag,
            value: f0,
        },
        2,
    );
    let f1 = konst(&mut t, true);
    let set = t.v(
        ValueKind::Assign {
            var: flag,
            value: f1,
        },
        3,
    );
    let one = t.v(ValueKind::IntConst(1), 3);
    let r1 = t.v(ValueKind::Return(Some(one)), 3);
    let then = t.series(vec![set, r1]);
    let cond = t.cond();
    let first = t.v(
        ValueKind::If {
            cond,
            then,
            other: None,
        },
        3,
    );
    let read = t.m.add_value(ValueKind::VarRef(flag), b, Loc::default());
    let (no, yes) = (konst(&mut t, false), konst(&mut t, true));
    let not_m = t.m.add_value(
        ValueKind::Ternary {
            cond: read,
            then: no,
            other: yes,
        },
        b,
        Loc::default(),
    );
    let two = t.v(ValueKind::IntConst(2), 4);
    let r2 = t.v(ValueKind::Return(Some(two)), 4);
    let then = t.series(vec![r2]);
    let second = t.v(
        ValueKind::If {
            cond: not_m,
            then,
            other: None,
        },
        4,
    );
    let int = t.int;
    let f = t.func("f", vec![init, first, second], int);
    let plain = Cfg::build(&t.m, f, &HashSet::new()).unwrap();
    assert!(
        plain.falls_through(),
        "without the flag's value the test may fail"
    );
    let refined = cir::analyze::conditions::refined_cfg(&t.m, f, &HashSet::new()).unwrap();
    assert!(!refined.falls_through());
}
