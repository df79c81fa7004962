//! Return paths: a function that returns a value (neither `None` nor an `Optional`, which
//! falling off the end returns as `None`) must not reach the end of its body. Where it can,
//! the program is rejected at the function, naming the last line of such a path — as rustc's
//! "missing return" — instead of returning garbage.

use std::collections::HashSet;

use crate::analyze::cfg::{BlockId, Cfg, Inst};
use crate::analyze::conditions::refined_cfg;
use crate::analyze::noreturn;
use crate::module::Module;
use crate::node::{FuncKind, Loc};
use crate::pass::{Pass, Realizer};
use crate::problem::Problem;
use crate::types::TypeKind;

/// The pass; see the module documentation.
pub struct ReturnPaths;

impl Pass for ReturnPaths {
    fn key(&self) -> &str {
        "core-return-paths"
    }

    fn run(&mut self, m: &mut Module, _: &mut dyn Realizer) {
        let noreturn = noreturn::functions(m);
        let mut reported = HashSet::new();
        for f in m.func_ids().collect::<Vec<_>>() {
            let func = m.func(f);
            let FuncKind::Bodied { generator, .. } = func.kind else {
                continue;
            };
            if generator || !needs_value(m, func.ret) {
                continue;
            }
            let Some(cfg) = refined_cfg(m, f, &noreturn) else {
                continue;
            };
            if !cfg.falls_through() {
                continue;
            }
            let func = m.func(f);
            let key = (func.loc.file, func.loc.line, func.loc.col);
            if !reported.insert(key) {
                continue;
            }
            let ty = m.types.get(func.ret).name.clone();
            let mut notes = Vec::new();
            if let Some(last) = last_loc(m, &cfg) {
                notes.push((last, "the path ends here without a `return`".to_string()));
            }
            m.problems.push(Problem {
                loc: func.loc,
                width: func.unmangled.chars().count().max(1) as u32,
                message: format!(
                    "missing return: '{}' can reach the end of its body without returning a \
                     value of type '{ty}'",
                    func.unmangled
                ),
                notes,
                help: Some(format!(
                    "end every path with `return` or `raise`, or declare the return type \
                     Optional[{ty}] to return None there"
                )),
            });
        }
    }
}

/// Whether falling off a function with this return type would need a value.
fn needs_value(m: &Module, ret: crate::types::TypeId) -> bool {
    match &m.types.get(ret).kind {
        TypeKind::Record { fields } => !fields.is_empty(),
        TypeKind::Optional(_) => false,
        _ => true,
    }
}

/// The location of the last step on a path that falls off the end: the fall-through block's
/// last located step, else its predecessors', walking back.
fn last_loc(m: &Module, cfg: &Cfg) -> Option<Loc> {
    let reachable = cfg.reachable();
    let mut seen = HashSet::new();
    let mut block = cfg.fall_through;
    while seen.insert(block) {
        let located = cfg.block(block).insts.iter().rev().find_map(|i| {
            let loc = match *i {
                Inst::Value(v) => m.value(v).loc,
                Inst::Bind { body, .. } => m.value(body).loc,
            };
            (loc.line != 0).then_some(loc)
        });
        if located.is_some() {
            return located;
        }
        let pred: Option<BlockId> = cfg
            .block(block)
            .preds
            .iter()
            .copied()
            .find(|p| reachable[p.0 as usize]);
        block = pred?;
    }
    None
}
