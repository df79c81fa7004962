//! Reaching definitions: for each point of a function, which assignments of each tracked
//! variable may have produced its current value.
//!
//! Every tracked variable also has an *entry* definition, standing for "not assigned yet":
//! where it reaches a read, the variable may be unbound there (definite assignment), and where
//! it is the only one, the variable is never bound there.

use std::collections::HashMap;

use super::bitset::BitSet;
use super::cfg::{BlockId, Cfg, Inst};
use crate::module::Module;
use crate::node::{ValueKind, VarId};

/// Where a definition happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefSite {
    /// The variable's state when the function starts (unbound, for locals).
    Entry,
    /// Step `index` of block `block`.
    At { block: BlockId, index: usize },
}

/// One definition of a variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Def {
    pub var: VarId,
    pub site: DefSite,
}

/// The analysis' result.
#[derive(Debug, Clone)]
pub struct ReachingDefs {
    /// Every definition; indices are the bits of the sets.
    pub defs: Vec<Def>,
    /// The definitions of each tracked variable.
    by_var: HashMap<VarId, Vec<usize>>,
    /// The definitions reaching the start of each block.
    ins: Vec<BitSet>,
}

/// The variable a step assigns: an `Assign`, a binding, or taking the variable's address
/// (which lets anything write it).
pub fn defined_var(m: &Module, inst: Inst) -> Option<VarId> {
    match inst {
        Inst::Bind { var, .. } => Some(var),
        Inst::Value(v) => match m.value(v).kind {
            ValueKind::Assign { var, .. } | ValueKind::VarPtr(var) => Some(var),
            _ => None,
        },
    }
}

impl ReachingDefs {
    /// Solves the problem for the variables in `vars` over `cfg`.
    pub fn compute(m: &Module, cfg: &Cfg, vars: &[VarId]) -> Self {
        let mut defs: Vec<Def> = vars
            .iter()
            .map(|&var| Def {
                var,
                site: DefSite::Entry,
            })
            .collect();
        let mut by_var: HashMap<VarId, Vec<usize>> = vars
            .iter()
            .enumerate()
            .map(|(i, v)| (*v, vec![i]))
            .collect();
        for (b, block) in cfg.blocks.iter().enumerate() {
            for (index, inst) in block.insts.iter().enumerate() {
                if let Some(var) = defined_var(m, *inst) {
                    if let Some(list) = by_var.get_mut(&var) {
                        list.push(defs.len());
                        defs.push(Def {
                            var,
                            site: DefSite::At {
                                block: BlockId(b as u32),
                                index,
                            },
                        });
                    }
                }
            }
        }
        let mut ins = vec![BitSet::new(defs.len()); cfg.blocks.len()];
        for i in 0..vars.len() {
            ins[cfg.entry.0 as usize].insert(i);
        }
        let mut result = ReachingDefs { defs, by_var, ins };
        let order = cfg.reverse_post_order();
        let mut changed = true;
        while changed {
            changed = false;
            for &b in &order {
                let out = result.transfer(m, cfg, b, usize::MAX);
                for &s in &cfg.block(b).succs {
                    changed |= result.ins[s.0 as usize].union_with(&out);
                }
            }
        }
        result
    }

    /// The definitions reaching step `upto` of `block` (its end for `usize::MAX`).
    pub fn before(&self, m: &Module, cfg: &Cfg, block: BlockId, upto: usize) -> BitSet {
        self.transfer(m, cfg, block, upto)
    }

    fn transfer(&self, m: &Module, cfg: &Cfg, block: BlockId, upto: usize) -> BitSet {
        let mut set = self.ins[block.0 as usize].clone();
        for (index, inst) in cfg.block(block).insts.iter().enumerate().take(upto) {
            self.apply(m, block, index, *inst, &mut set);
        }
        set
    }

    /// Updates `set` for step `index` of `block`.
    pub fn apply(&self, m: &Module, block: BlockId, index: usize, inst: Inst, set: &mut BitSet) {
        let Some(var) = defined_var(m, inst) else {
            return;
        };
        let Some(list) = self.by_var.get(&var) else {
            return;
        };
        for &d in list {
            set.remove(d);
        }
        if let Some(&d) = list
            .iter()
            .find(|&&d| self.defs[d].site == DefSite::At { block, index })
        {
            set.insert(d);
        }
    }

    /// The definitions of `var` in `set`.
    pub fn of_var<'a>(&'a self, var: VarId, set: &'a BitSet) -> impl Iterator<Item = Def> + 'a {
        self.by_var
            .get(&var)
            .into_iter()
            .flatten()
            .filter(|&&d| set.contains(d))
            .map(|&d| self.defs[d])
    }

    /// The definitions reaching the start of `block`.
    pub fn at_start(&self, block: BlockId) -> &BitSet {
        &self.ins[block.0 as usize]
    }
}
