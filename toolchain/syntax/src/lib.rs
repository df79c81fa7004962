//! Front end of the codon toolchain: source files, diagnostics, lexer, parser and AST.
//!
//! [`parse`] turns a source file into an [`ast::Module`] or a list of [`Diagnostic`]s, which
//! [`diag::render`] formats as `FILE:LINE:COL: error: MESSAGE` with a source snippet.

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
