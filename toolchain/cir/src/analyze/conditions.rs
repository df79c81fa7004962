//! Conditions that are constant on every path: a test of a local `bool` whose reaching
//! definitions all assign the same constant. The type checker lowers some constructs with such
//! flags (`match` sets `.matched` when a case runs, and later cases test `not .matched`);
//! knowing their value prunes paths that cannot run, so that a `match` whose every case
//! returns does not fall off its function's end.
//!
//! Solved by iterating: reaching definitions over the graph, constant conditions found, the
//! graph rebuilt without their impossible branches, until nothing changes. Each graph only
//! loses edges that the (over-approximate) previous one already proved impossible, so the
//! result is sound.

use std::collections::{HashMap, HashSet};

use super::cfg::{BlockId, Cfg, Inst};
use super::reaching::{DefSite, ReachingDefs};
use crate::module::Module;
use crate::node::{FuncId, ValueId, ValueKind, VarId};
use crate::types::TypeKind;

/// The graph of `f` with its constant conditions' impossible branches removed.
pub fn refined_cfg(m: &Module, f: FuncId, noreturn: &HashSet<FuncId>) -> Option<Cfg> {
    let mut known: HashMap<ValueId, bool> = HashMap::new();
    let mut cfg = Cfg::build_knowing(m, f, noreturn, &known)?;
    let flags = flag_vars(m, &cfg);
    if flags.is_empty() {
        return Some(cfg);
    }
    loop {
        let rd = ReachingDefs::compute(m, &cfg, &flags);
        let found = constant_reads(m, &cfg, &rd, &flags);
        let before = known.len();
        for (v, value) in found {
            known.entry(v).or_insert(value);
        }
        if known.len() == before {
            return Some(cfg);
        }
        cfg = Cfg::build_knowing(m, f, noreturn, &known)?;
    }
}

/// The `bool` variables assigned somewhere in the graph.
fn flag_vars(m: &Module, cfg: &Cfg) -> Vec<VarId> {
    let mut out = Vec::new();
    for block in &cfg.blocks {
        for inst in &block.insts {
            let Inst::Value(v) = *inst else { continue };
            if let ValueKind::Assign { var, .. } = m.value(v).kind {
                let var_t = m.var(var).ty;
                if matches!(m.types.get(var_t).kind, TypeKind::Bool) && !out.contains(&var) {
                    out.push(var);
                }
            }
        }
    }
    out
}

/// Reads of flags whose every reaching definition assigns the same constant.
fn constant_reads(
    m: &Module,
    cfg: &Cfg,
    rd: &ReachingDefs,
    flags: &[VarId],
) -> Vec<(ValueId, bool)> {
    let reachable = cfg.reachable();
    let mut out = Vec::new();
    for (b, block) in cfg.blocks.iter().enumerate() {
        if !reachable[b] {
            continue;
        }
        let id = BlockId(b as u32);
        let mut set = rd.at_start(id).clone();
        for (i, inst) in block.insts.iter().enumerate() {
            if let Inst::Value(v) = *inst {
                if let ValueKind::VarRef(var) = m.value(v).kind {
                    if flags.contains(&var) {
                        if let Some(c) = single_constant(m, cfg, rd.of_var(var, &set)) {
                            out.push((v, c));
                        }
                    }
                }
            }
            rd.apply(m, id, i, *inst, &mut set);
        }
    }
    out
}

/// The constant every definition assigns, if they all assign the same one.
fn single_constant(
    m: &Module,
    cfg: &Cfg,
    defs: impl Iterator<Item = super::reaching::Def>,
) -> Option<bool> {
    let mut value = None;
    for d in defs {
        let DefSite::At { block, index } = d.site else {
            return None;
        };
        let Inst::Value(v) = cfg.block(block).insts[index] else {
            return None;
        };
        let ValueKind::Assign {
            value: assigned, ..
        } = m.value(v).kind
        else {
            return None;
        };
        let ValueKind::BoolConst(c) = m.value(assigned).kind else {
            return None;
        };
        if value.is_some_and(|x| x != c) {
            return None;
        }
        value = Some(c);
    }
    value
}
