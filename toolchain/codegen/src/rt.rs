//! The runtime functions generated code calls on its own (`runtime/codon_rt.h`).

use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::types::FunctionType;
use inkwell::values::FunctionValue;
use inkwell::AddressSpace;

/// A runtime entry point used by the code generator itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RtFn {
    /// `void seq_init(int32_t argc, char **argv)`
    Init,
    /// `void seq_exit(int32_t code)`
    Exit,
    /// `void *seq_alloc(int64_t size)`
    Alloc,
    /// `void seq_throw(void *obj, int64_t type_id, const char *type_name, const char *file,
    /// int64_t line, const char *func)`
    Throw,
    /// `void *seq_exc_object(void *unwind_exception)`
    ExcObject,
    /// `int64_t seq_exc_type_id(void *unwind_exception)`
    ExcTypeId,
    /// `void seq_exc_add_frame(void *unwind_exception, const char *file, int64_t line,
    /// const char *func)`
    AddFrame,
    /// `int seq_personality(int version, int actions, uint64_t klass, void *exc, void *ctx)`
    Personality,
}

impl RtFn {
    /// The C symbol.
    pub fn symbol(self) -> &'static str {
        match self {
            RtFn::Init => "seq_init",
            RtFn::Exit => "seq_exit",
            RtFn::Alloc => "seq_alloc",
            RtFn::Throw => "seq_throw",
            RtFn::ExcObject => "seq_exc_object",
            RtFn::ExcTypeId => "seq_exc_type_id",
            RtFn::AddFrame => "seq_exc_add_frame",
            RtFn::Personality => "seq_personality",
        }
    }

    /// The C signature, lowered.
    pub fn ty<'ctx>(self, cx: &'ctx Context) -> FunctionType<'ctx> {
        let ptr = cx.ptr_type(AddressSpace::default());
        let (i32t, i64t, void) = (cx.i32_type(), cx.i64_type(), cx.void_type());
        match self {
            RtFn::Init => void.fn_type(&[i32t.into(), ptr.into()], false),
            RtFn::Exit => void.fn_type(&[i32t.into()], false),
            RtFn::Alloc => ptr.fn_type(&[i64t.into()], false),
            RtFn::Throw => void.fn_type(
                &[
                    ptr.into(),
                    i64t.into(),
                    ptr.into(),
                    ptr.into(),
                    i64t.into(),
                    ptr.into(),
                ],
                false,
            ),
            RtFn::ExcObject => ptr.fn_type(&[ptr.into()], false),
            RtFn::ExcTypeId => i64t.fn_type(&[ptr.into()], false),
            RtFn::AddFrame => {
                void.fn_type(&[ptr.into(), ptr.into(), i64t.into(), ptr.into()], false)
            }
            RtFn::Personality => i32t.fn_type(
                &[
                    i32t.into(),
                    i32t.into(),
                    i64t.into(),
                    ptr.into(),
                    ptr.into(),
                ],
                false,
            ),
        }
    }
}

/// The function named `symbol`, declared with `ty` when the module has none yet. Callers call
/// it through its own signature, so an earlier declaration with another type is harmless.
pub(crate) fn get_or_declare<'ctx>(
    module: &Module<'ctx>,
    symbol: &str,
    ty: FunctionType<'ctx>,
) -> FunctionValue<'ctx> {
    module
        .get_function(symbol)
        .unwrap_or_else(|| module.add_function(symbol, ty, None))
}
