//! The driver's one door into `codegen`: CIR to LLVM IR, assembly, bitcode or object code.

use std::path::Path;

use crate::errors::{Error, Result};
use crate::ice;
use crate::target::Target;

/// Code generation settings for one build.
pub struct Settings<'a> {
    pub target: &'a Target,
    /// Run LLVM's optimization pipeline (`default<O3>`).
    pub optimize: bool,
    /// C libraries to link the executable with (`-l`, the manifest's `link`).
    pub libs: &'a [String],
}

impl Settings<'_> {
    fn options(&self) -> codegen::Options {
        codegen::Options {
            triple: self.target.to_string(),
            cpu: self.target.cpu().to_string(),
            features: self.target.features().to_string(),
            release: self.optimize,
        }
    }
}

fn failed(e: impl std::fmt::Display) -> Error {
    Error::msg(format!("code generation failed: {e}"))
}

/// Writes `output` for `module` to `path`.
pub fn emit_to_file(
    module: &cir::Module,
    settings: &Settings,
    output: codegen::Emit,
    path: &Path,
) -> Result<()> {
    ice::stage("codegen", || {
        codegen::emit_to_file(module, &settings.options(), output, path)
    })
    .map_err(failed)
}

/// `output` for `module` as text (LLVM IR or assembly).
pub fn emit_to_string(
    module: &cir::Module,
    settings: &Settings,
    output: codegen::Emit,
) -> Result<String> {
    ice::stage("codegen", || {
        codegen::emit_to_string(module, &settings.options(), output)
    })
    .map_err(failed)
}

/// Writes the C runtime as an object file (what debug builds' units link against).
pub fn emit_runtime(settings: &Settings, path: &Path) -> Result<()> {
    ice::stage("codegen", || {
        codegen::emit_runtime(&settings.options(), codegen::Emit::Object, path)
    })
    .map_err(failed)
}

/// Links units' bitcode with the runtime into one module, optimizes it whole and writes an
/// object file (release builds of a per-module build).
pub fn link_units(units: &[std::path::PathBuf], settings: &Settings, path: &Path) -> Result<()> {
    ice::stage("codegen", || {
        codegen::link_units(units, &settings.options(), codegen::Emit::Object, path)
    })
    .map_err(failed)
}
