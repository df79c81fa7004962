//! Analyses of CIR functions: the control-flow graph, reaching definitions, conditions that
//! are constant on every path, and which functions never return.

pub mod bitset;
pub mod cfg;
pub mod conditions;
pub mod noreturn;
pub mod reaching;
