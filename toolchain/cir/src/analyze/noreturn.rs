//! Which functions never return normally: every path of their body raises (or calls another
//! such function). Calls of them end control-flow paths, so code after `sys.exit()` or after a
//! helper that always raises is not a path that falls off a function's end.

use std::collections::HashSet;

use crate::module::Module;
use crate::node::{FuncId, FuncKind};

/// The functions of `m` that never return, found by iterating to a fixed point (a function
/// that only calls never-returning functions never returns either), starting from those
/// declared `@noreturn` (such as the runtime's `seq_exit`).
pub fn functions(m: &Module) -> HashSet<FuncId> {
    let mut found: HashSet<FuncId> = m
        .func_ids()
        .filter(|&f| m.func(f).attrs.iter().any(|a| a == "noreturn"))
        .collect();
    loop {
        let before = found.len();
        for f in m.func_ids() {
            if found.contains(&f) {
                continue;
            }
            let FuncKind::Bodied { generator, .. } = m.func(f).kind else {
                continue;
            };
            if generator {
                continue;
            }
            if let Some(cfg) = super::conditions::refined_cfg(m, f, &found) {
                if !cfg.returns() {
                    found.insert(f);
                }
            }
        }
        if found.len() == before {
            return found;
        }
    }
}
