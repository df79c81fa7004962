//! Front end of the codon toolchain: source files, diagnostics, lexer, parser and AST.
//!
//! [`parse`] turns a source file into an [`ast::Module`] or the [`Diagnostic`]s explaining
//! why it is not valid, which [`render`] formats as `FILE:LINE:COL: error: MESSAGE` with a
//! source snippet. The grammar is Python 3.11's plus the dialect's extensions: generic
//! parameters on classes and functions (`class A[T]`, `def f[T](x: T)`) and `@llvm`
//! functions, whose bodies are kept as raw LLVM IR text. [`pretty`] prints an AST as
//! S-expressions for tests and debugging.

pub mod ast;
pub mod diag;
pub mod lexer;
pub mod parser;
pub mod pretty;
pub mod span;
pub mod token;

pub use diag::{render, Diagnostic, FileId, SourceMap};
pub use parser::parse;
pub use span::{SourceFile, Span};
