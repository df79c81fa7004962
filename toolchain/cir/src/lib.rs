//! Codon IR (CIR): a small, fully typed, monomorphic IR between the type checker and LLVM.
//!
//! See `../shared/seeds/codon-ir.txt` for the model: a module of types, variables, functions and
//! values, where values are constants, instructions or control flow and operators are calls to
//! magic methods.

pub mod analyze;
pub mod module;
pub mod node;
pub mod pass;
pub mod passes;
pub mod printer;
pub mod problem;
pub mod types;
pub mod util;

pub use module::{Module, Unit};
pub use node::{
    Func, FuncId, FuncKind, Handler, Loc, ParCapture, ParClauses, ParSchedule, Value, ValueId,
    ValueKind, Var, VarId,
};
pub use pass::{NoRealizer, Pass, PassManager, Realizer};
pub use problem::Problem;
pub use types::{Field, Type, TypeId, TypeKind, TypeTable};
