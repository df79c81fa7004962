//! The two ends of a per-module build: the runtime as an object of its own (units do not carry
//! it), and the whole-program link of units' bitcode that release builds optimize as one.

use std::path::{Path, PathBuf};

use inkwell::context::Context;
use inkwell::module::Module;

use crate::emit::{verify_and_optimize, write_module};
use crate::error::{CodegenError, R};
use crate::options::{Emit, Options};
use crate::runtime_bitcode::runtime_bitcode;
use crate::runtime_link::{internalize, merge_runtime};
use crate::target::{target_machine, triple};

/// An empty module for the target of `opts`.
fn empty_module<'ctx>(cx: &'ctx Context, opts: &Options, name: &str) -> R<Module<'ctx>> {
    let tm = target_machine(opts)?;
    let module = cx.create_module(name);
    module.set_triple(&triple(opts));
    module.set_data_layout(&tm.get_target_data().get_data_layout());
    Ok(module)
}

/// Writes the C runtime for the target of `opts` as `what` (an object for debug builds' links).
pub fn emit_runtime(opts: &Options, what: Emit, path: &Path) -> Result<(), CodegenError> {
    let cx = Context::create();
    let module = empty_module(&cx, opts, "codon_rt")?;
    let t = triple(opts);
    let bitcode = runtime_bitcode(&t.as_str().to_string_lossy()).ok_or_else(|| {
        CodegenError::Link(format!(
            "no runtime is built for {}",
            t.as_str().to_string_lossy()
        ))
    })?;
    merge_runtime(&module, bitcode)?;
    let tm = target_machine(opts)?;
    verify_and_optimize(&module, opts, &tm)?;
    write_module(&module, &tm, what, path)
}

/// Links the bitcode of every unit and the runtime into one module, keeps only `main`
/// external, optimizes it whole (`opts.release`) and writes `what` to `path`: link-time
/// optimization over a per-module build.
pub fn link_units(
    units: &[PathBuf],
    opts: &Options,
    what: Emit,
    path: &Path,
) -> Result<(), CodegenError> {
    let cx = Context::create();
    let module = empty_module(&cx, opts, "codon")?;
    for unit in units {
        let part = Module::parse_bitcode_from_path(unit, &cx)
            .map_err(|e| CodegenError::Link(format!("{}: {e}", unit.display())))?;
        module
            .link_in_module(part)
            .map_err(|e| CodegenError::Link(format!("{}: {e}", unit.display())))?;
    }
    if let Some(bitcode) = runtime_bitcode(&triple(opts).as_str().to_string_lossy()) {
        merge_runtime(&module, bitcode)?;
    }
    internalize(&module, &["main".to_string()]);
    let tm = target_machine(opts)?;
    verify_and_optimize(&module, opts, &tm)?;
    write_module(&module, &tm, what, path)
}
