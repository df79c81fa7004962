//! Merging the C runtime (LLVM bitcode) into the program, and internalizing everything the
//! program does not export so the optimizer can inline and drop it.

use inkwell::memory_buffer::MemoryBuffer;
use inkwell::module::{Linkage, Module};

use crate::error::{CodegenError, R};

/// Links the runtime bitcode into `module` (after giving it the module's triple and layout).
pub(crate) fn merge_runtime(module: &Module<'_>, bitcode: &[u8]) -> R<()> {
    let buf = MemoryBuffer::create_from_memory_range_copy(bitcode, "codon_rt");
    let rt = Module::parse_bitcode_from_buffer(&buf, module.get_context())
        .map_err(|e| CodegenError::Link(format!("runtime bitcode: {e}")))?;
    rt.set_triple(&module.get_triple());
    rt.set_data_layout(&module.get_data_layout());
    module
        .link_in_module(rt)
        .map_err(|e| CodegenError::Link(format!("runtime: {e}")))
}

/// Gives every function and global defined in `module` internal linkage, except those named in
/// `keep`, LLVM's own (`llvm.*`) globals and the personality routine: unwind tables refer to
/// it, and Mach-O's `__compact_unwind` must name an external symbol there (a local one is a
/// "bad relocation" to the linker).
pub(crate) fn internalize(module: &Module<'_>, keep: &[String]) {
    let personality = crate::rt::RtFn::Personality.symbol().as_bytes();
    let kept = |name: &[u8]| {
        name.starts_with(b"llvm.")
            || name == personality
            || keep.iter().any(|k| k.as_bytes() == name)
    };
    for f in module.get_functions() {
        if f.count_basic_blocks() > 0 && !kept(f.get_name().to_bytes()) {
            f.set_linkage(Linkage::Internal);
        }
    }
    for g in module.get_globals() {
        if !g.is_declaration() && !kept(g.get_name().to_bytes()) {
            g.set_linkage(Linkage::Internal);
        }
    }
}

/// The linkage of one unit of a per-module build: what it exports (`keep`) stays external;
/// every other function and global it defines with external linkage becomes `linkonce_odr`,
/// so that the copies other units carry of the same function fold into one at link time.
pub(crate) fn share_unit_symbols(module: &Module<'_>, keep: &[String]) {
    let kept =
        |name: &[u8]| name.starts_with(b"llvm.") || keep.iter().any(|k| k.as_bytes() == name);
    for f in module.get_functions() {
        if f.count_basic_blocks() > 0
            && f.get_linkage() == Linkage::External
            && !kept(f.get_name().to_bytes())
        {
            f.set_linkage(Linkage::LinkOnceODR);
        }
    }
    for g in module.get_globals() {
        if !g.is_declaration()
            && g.get_linkage() == Linkage::External
            && !kept(g.get_name().to_bytes())
        {
            g.set_linkage(Linkage::LinkOnceODR);
        }
    }
}
