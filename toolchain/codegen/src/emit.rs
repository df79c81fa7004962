//! The pipeline: lower CIR, link `@llvm` functions and the runtime, internalize, verify,
//! optimize, and write the requested output.

use std::path::Path;

use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{FileType, TargetMachine};

use crate::error::{CodegenError, R};
use crate::llvm_funcs::link_llvm_funcs;
use crate::lower::ModuleGen;
use crate::options::{Emit, Options};
use crate::runtime_bitcode::runtime_bitcode;
use crate::runtime_link::{internalize, merge_runtime, share_unit_symbols};
use crate::target::{target_machine, triple};

/// Stack for code generation: lowering recurses through expression trees, which are as
/// deep as the longest operator chain in the source (`1 + 1 + … + 1`).
const CODEGEN_STACK_BYTES: usize = 1 << 30;

/// Runs `f` on a thread with [`CODEGEN_STACK_BYTES`] of stack (reserved, not committed). A
/// panic in `f` continues in the caller.
fn on_large_stack<T: Send>(
    f: impl FnOnce() -> Result<T, CodegenError> + Send,
) -> Result<T, CodegenError> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("codon-codegen".into())
            .stack_size(CODEGEN_STACK_BYTES)
            .spawn_scoped(scope, f)
            .map_err(|e| CodegenError::Emit(format!("cannot start the code generator: {e}")))?;
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

/// Compiles `m` for `opts` and writes `what` to `path`.
pub fn emit_to_file(
    m: &cir::Module,
    opts: &Options,
    what: Emit,
    path: &Path,
) -> Result<(), CodegenError> {
    on_large_stack(|| emit_to_file_here(m, opts, what, path))
}

fn emit_to_file_here(
    m: &cir::Module,
    opts: &Options,
    what: Emit,
    path: &Path,
) -> Result<(), CodegenError> {
    let cx = Context::create();
    let tm = target_machine(opts)?;
    let module = build(&cx, m, opts, &tm)?;
    write_module(&module, &tm, what, path)
}

/// Compiles `m` for `opts` and returns `what` as text: LLVM IR or assembly.
pub fn emit_to_string(m: &cir::Module, opts: &Options, what: Emit) -> Result<String, CodegenError> {
    on_large_stack(|| emit_to_string_here(m, opts, what))
}

fn emit_to_string_here(
    m: &cir::Module,
    opts: &Options,
    what: Emit,
) -> Result<String, CodegenError> {
    if matches!(what, Emit::Object | Emit::Bitcode) {
        return Err(CodegenError::NotText(what));
    }
    let cx = Context::create();
    let tm = target_machine(opts)?;
    let module = build(&cx, m, opts, &tm)?;
    if what == Emit::LlvmIr {
        return Ok(module.print_to_string().to_string());
    }
    let buf = tm
        .write_to_memory_buffer(&module, FileType::Assembly)
        .map_err(|e| CodegenError::Emit(e.to_string()))?;
    Ok(String::from_utf8_lossy(buf.as_slice()).into_owned())
}

/// Lowers, links, verifies and optimizes the whole program module.
fn build<'ctx>(
    cx: &'ctx Context,
    m: &cir::Module,
    opts: &Options,
    tm: &TargetMachine,
) -> R<Module<'ctx>> {
    let triple = triple(opts);
    let mut g = ModuleGen::new(cx, m, tm, &triple);
    g.declare()?;
    g.define_bodies()?;
    g.define_entry()?;
    link_llvm_funcs(&g)?;
    if m.unit.is_some() {
        // A unit links against the runtime object (see `emit_runtime`) instead of carrying it.
        share_unit_symbols(&g.module, &g.exported());
    } else {
        if let Some(bitcode) = runtime_bitcode(&triple.as_str().to_string_lossy()) {
            merge_runtime(&g.module, bitcode)?;
        }
        internalize(&g.module, &g.exported());
    }
    let module = g.into_module();
    verify_and_optimize(&module, opts, tm)?;
    Ok(module)
}

/// Verifies `module` and runs the profile's pipeline (`default<O3>` or `default<O0>`).
pub(crate) fn verify_and_optimize(
    module: &Module<'_>,
    opts: &Options,
    tm: &TargetMachine,
) -> R<()> {
    module
        .verify()
        .map_err(|e| CodegenError::Verify(e.to_string()))?;
    let pipeline = if opts.release {
        "default<O3>"
    } else {
        "default<O0>"
    };
    module
        .run_passes(pipeline, tm, PassBuilderOptions::create())
        .map_err(|e| CodegenError::Passes(e.to_string()))
}

/// Writes `what` for a finished module to `path`.
pub(crate) fn write_module(
    module: &Module<'_>,
    tm: &TargetMachine,
    what: Emit,
    path: &Path,
) -> Result<(), CodegenError> {
    let written = match what {
        Emit::LlvmIr => module.print_to_file(path).map_err(|e| e.to_string()),
        Emit::Bitcode => {
            if module.write_bitcode_to_path(path) {
                Ok(())
            } else {
                Err(format!("cannot write bitcode to {}", path.display()))
            }
        }
        Emit::Asm => tm
            .write_to_file(module, FileType::Assembly, path)
            .map_err(|e| e.to_string()),
        Emit::Object => tm
            .write_to_file(module, FileType::Object, path)
            .map_err(|e| e.to_string()),
    };
    written.map_err(CodegenError::Emit)
}
