//! What to generate and for which machine.

/// Target and profile of one code generation run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// LLVM target triple, e.g. `x86_64-unknown-linux-gnu`; empty means LLVM's default triple.
    pub triple: String,
    /// Target CPU (`""` or `generic` for the baseline CPU of the triple).
    pub cpu: String,
    /// Target features, LLVM syntax (`+neon,-sve`), possibly empty.
    pub features: String,
    /// Optimize (`default<O3>`) instead of the debug pipeline (`default<O0>`).
    pub release: bool,
}

/// The kind of output to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Emit {
    /// Textual LLVM IR (`.ll`).
    LlvmIr,
    /// Target assembly (`.s`).
    Asm,
    /// A relocatable object file (`.o`), in the triple's object format.
    Object,
    /// LLVM bitcode (`.bc`).
    Bitcode,
}
