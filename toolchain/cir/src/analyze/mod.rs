//! Analyses of CIR functions: the control-flow graph, reaching definitions, and which
//! functions never return.

pub mod bitset;
pub mod cfg;
pub mod noreturn;
pub mod reaching;
