//! Errors reported by code generation.

use std::fmt;

use crate::options::Emit;

/// Why code generation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodegenError {
    /// The target triple is unknown to LLVM, or no target machine exists for triple/CPU/features.
    Target(String),
    /// The CIR module uses a construct that cannot be lowered (the message says which and where).
    Unsupported(String),
    /// The text of the `@llvm` functions is not valid LLVM IR.
    LlvmFunction {
        /// The `@llvm` function the error points into, when known.
        func: Option<String>,
        /// LLVM's parser message.
        message: String,
    },
    /// The LLVM instruction builder refused an instruction.
    Builder(String),
    /// Linking the `@llvm` functions or the runtime bitcode into the program failed.
    Link(String),
    /// The generated module failed LLVM's verifier.
    Verify(String),
    /// The LLVM optimization pipeline failed.
    Passes(String),
    /// Writing the output failed.
    Emit(String),
    /// The requested output is binary and cannot be returned as a string.
    NotText(Emit),
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodegenError::Target(m) => write!(f, "target: {m}"),
            CodegenError::Unsupported(m) => write!(f, "cannot generate code: {m}"),
            CodegenError::LlvmFunction {
                func: Some(name),
                message,
            } => {
                write!(f, "invalid LLVM IR in @llvm function `{name}`: {message}")
            }
            CodegenError::LlvmFunction {
                func: None,
                message,
            } => {
                write!(f, "invalid LLVM IR in @llvm functions: {message}")
            }
            CodegenError::Builder(m) => write!(f, "LLVM builder: {m}"),
            CodegenError::Link(m) => write!(f, "linking: {m}"),
            CodegenError::Verify(m) => write!(f, "generated LLVM IR is invalid: {m}"),
            CodegenError::Passes(m) => write!(f, "LLVM optimization pipeline: {m}"),
            CodegenError::Emit(m) => write!(f, "writing output: {m}"),
            CodegenError::NotText(what) => write!(f, "{what:?} output is binary, not text"),
        }
    }
}

impl std::error::Error for CodegenError {}

impl From<inkwell::builder::BuilderError> for CodegenError {
    fn from(e: inkwell::builder::BuilderError) -> Self {
        CodegenError::Builder(e.to_string())
    }
}

/// Shorthand for results of code generation.
pub(crate) type R<T> = Result<T, CodegenError>;

/// An [`CodegenError::Unsupported`] error.
pub(crate) fn unsupported<T>(msg: impl Into<String>) -> R<T> {
    Err(CodegenError::Unsupported(msg.into()))
}
