//! The LLVM target machine for the requested triple, CPU and features.

use std::sync::Once;

use inkwell::targets::{
    CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple,
};
use inkwell::OptimizationLevel;

use crate::error::{CodegenError, R};
use crate::options::Options;

/// Registers every target LLVM was built with (once per process).
fn init_targets() {
    static INIT: Once = Once::new();
    INIT.call_once(|| Target::initialize_all(&InitializationConfig::default()));
}

/// The triple to generate code for: the requested one, or LLVM's default when empty.
pub(crate) fn triple(opts: &Options) -> TargetTriple {
    if opts.triple.is_empty() {
        TargetMachine::get_default_triple()
    } else {
        TargetTriple::create(&opts.triple)
    }
}

/// Creates the target machine (position-independent code, default code model).
pub(crate) fn target_machine(opts: &Options) -> R<TargetMachine> {
    init_targets();
    let triple = triple(opts);
    let target = Target::from_triple(&triple).map_err(|e| CodegenError::Target(e.to_string()))?;
    let level = if opts.release {
        OptimizationLevel::Aggressive
    } else {
        OptimizationLevel::None
    };
    let cpu = if opts.cpu.is_empty() {
        "generic"
    } else {
        opts.cpu.as_str()
    };
    target
        .create_target_machine(
            &triple,
            cpu,
            &opts.features,
            level,
            RelocMode::PIC,
            CodeModel::Default,
        )
        .ok_or_else(|| {
            CodegenError::Target(format!(
                "no target machine for triple `{}`, CPU `{cpu}`, features `{}`",
                triple.as_str().to_string_lossy(),
                opts.features
            ))
        })
}

/// LLVM's data layout for the target of `opts` (target specs state theirs; tests compare).
pub fn data_layout(opts: &Options) -> Result<String, CodegenError> {
    let machine = target_machine(opts)?;
    Ok(machine
        .get_target_data()
        .get_data_layout()
        .as_str()
        .to_string_lossy()
        .into_owned())
}
