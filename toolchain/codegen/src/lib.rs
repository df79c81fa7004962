//! Code generation: lowers a CIR module to LLVM IR through inkwell, merges the C runtime, runs
//! LLVM's optimization pipeline and writes LLVM IR, bitcode, assembly or an object file.
//!
//! The mapping follows `seeds/codon-llvm-codegen.txt` and the doc of [`cir::TypeKind`]: every
//! CIR function becomes one LLVM function, variables are entry-block allocas, generators are
//! switched-resume LLVM coroutines and exceptions use Itanium zero-cost unwinding with the
//! runtime's `seq_personality` and a try/except/else/finally state machine.

mod emit;
mod error;
mod exceptions;
mod flow;
mod func;
mod generators;
mod llvm_funcs;
mod lower;
mod options;
mod parallel;
mod rt;
pub mod runtime_bitcode;
mod runtime_link;
mod target;
mod types;
mod units;
mod value;

pub use emit::{emit_to_file, emit_to_string};
pub use error::CodegenError;
pub use options::{Emit, Options};
pub use target::data_layout;
pub use units::{emit_runtime, link_units};
