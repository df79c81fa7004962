//! Generators as LLVM switched-resume coroutines, and `for` loops that consume them.
//!
//! A generator function allocates its frame with `seq_alloc`, suspends once before running
//! any of its body (creating a generator runs nothing), stores each yielded value into its
//! promise (an 8-aligned alloca of the yielded type, read by consumers through
//! `llvm.coro.promise(h, 8, false)`) and ends at a final suspend point, where `llvm.coro.done`
//! becomes true. The `llvm.coro.*` intrinsics that take or return `token` values are built
//! through the LLVM C API, since inkwell has no token type.

use std::ffi::CStr;

use cir::{TypeKind, ValueId, VarId};
use inkwell::basic_block::BasicBlock;
use inkwell::context::AsContextRef;
use inkwell::intrinsics::Intrinsic;
use inkwell::llvm_sys::core::{LLVMBuildCall2, LLVMConstNull, LLVMTokenTypeInContext};
use inkwell::llvm_sys::prelude::LLVMValueRef;
use inkwell::types::{AsTypeRef, BasicTypeEnum};
use inkwell::values::{AsValueRef, BasicValueEnum, FunctionValue, IntValue, PointerValue};

use crate::error::{unsupported, R};
use crate::exceptions::TryScope;
use crate::func::{check_type, FuncGen, LoopScope, Scope};
use crate::rt::RtFn;

/// Alignment of every generator's promise, fixed so that consumers can find it.
const PROMISE_ALIGN: u32 = 8;

/// The coroutine state of a generator function.
pub(crate) struct Coro<'ctx> {
    promise: PointerValue<'ctx>,
    promise_ty: BasicTypeEnum<'ctx>,
    id: LLVMValueRef,
    handle: PointerValue<'ctx>,
    /// Where the body goes when it ends (falls off the end or returns).
    pub final_bb: BasicBlock<'ctx>,
    cleanup_bb: BasicBlock<'ctx>,
    suspend_bb: BasicBlock<'ctx>,
}

impl<'ctx> FuncGen<'_, 'ctx, '_> {
    fn intrinsic(&self, name: &str, overloads: &[BasicTypeEnum<'ctx>]) -> FunctionValue<'ctx> {
        Intrinsic::find(name)
            .and_then(|i| i.get_declaration(&self.g.module, overloads))
            .unwrap_or_else(|| panic!("LLVM provides the intrinsic {name}"))
    }

    /// Calls `f` with raw operands (needed for `token` arguments and results).
    fn raw_call(&self, f: FunctionValue<'ctx>, args: &[LLVMValueRef]) -> LLVMValueRef {
        let mut args = args.to_vec();
        let name: &CStr = c"";
        // SAFETY: the builder is positioned in a block of the current function, `f` is a
        // declaration in the same module and context, and `args` match its parameter types.
        unsafe {
            LLVMBuildCall2(
                self.b().as_mut_ptr(),
                f.get_type().as_type_ref(),
                f.as_value_ref(),
                args.as_mut_ptr(),
                args.len() as u32,
                name.as_ptr(),
            )
        }
    }

    /// The `token none` constant.
    fn none_token(&self) -> LLVMValueRef {
        // SAFETY: creates a constant in the live context.
        unsafe { LLVMConstNull(LLVMTokenTypeInContext(self.g.cx.as_ctx_ref())) }
    }

    /// The generator's yielded type, from its return type `Generator[T]`.
    fn yield_type(&self) -> R<cir::TypeId> {
        match self.g.types.kind(self.func.ret) {
            TypeKind::Generator(t) => Ok(*t),
            _ => unsupported(format!(
                "generator `{}` returns `{}`, not a generator type",
                self.func.name,
                self.g.types.name(self.func.ret)
            )),
        }
    }

    /// The coroutine prologue up to `llvm.coro.begin` (arguments are stored after it).
    pub(crate) fn begin_coroutine(&mut self) -> R<()> {
        let elem = self.yield_type()?;
        let promise_ty = self.g.types.lower(elem)?;
        let promise = self.alloca(promise_ty, "promise")?;
        promise
            .as_instruction()
            .expect("an alloca is an instruction")
            .set_alignment(PROMISE_ALIGN)
            .map_err(|e| crate::error::CodegenError::Builder(e.to_string()))?;
        let cx = self.g.cx;
        let ptr = self.g.types.ptr().into_pointer_type();
        let align = cx.i32_type().const_int(u64::from(PROMISE_ALIGN), false);
        let null = ptr.const_null();
        let id = self.raw_call(
            self.intrinsic("llvm.coro.id", &[]),
            &[
                align.as_value_ref(),
                promise.as_value_ref(),
                null.as_value_ref(),
                null.as_value_ref(),
            ],
        );
        // SAFETY: `coro.alloc` returns i1.
        let need_alloc =
            unsafe { IntValue::new(self.raw_call(self.intrinsic("llvm.coro.alloc", &[]), &[id])) };
        let entry = self.current();
        let (alloc_bb, begin_bb) = (self.block("coro.alloc"), self.block("coro.begin"));
        self.b()
            .build_conditional_branch(need_alloc, alloc_bb, begin_bb)?;
        self.b().position_at_end(alloc_bb);
        let size_fn = self.intrinsic("llvm.coro.size", &[cx.i64_type().into()]);
        let size = self.b().build_call(size_fn, &[], "frame.size")?;
        let size = match size.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v,
            inkwell::values::ValueKind::Instruction(_) => unreachable!("coro.size returns i64"),
        };
        let alloc = self.g.rt(RtFn::Alloc).as_global_value().as_pointer_value();
        let mem = self
            .emit_call(RtFn::Alloc.ty(cx), alloc, &[size], false)?
            .expect("seq_alloc returns a pointer");
        self.b().build_unconditional_branch(begin_bb)?;
        self.b().position_at_end(begin_bb);
        let phi = self.b().build_phi(ptr, "frame")?;
        phi.add_incoming(&[(&null, entry), (&mem, alloc_bb)]);
        let frame = phi.as_basic_value().as_value_ref();
        // SAFETY: `coro.begin` returns ptr.
        let handle = unsafe {
            PointerValue::new(self.raw_call(self.intrinsic("llvm.coro.begin", &[]), &[id, frame]))
        };
        self.coro = Some(Coro {
            promise,
            promise_ty,
            id,
            handle,
            final_bb: self.block("coro.final"),
            cleanup_bb: self.block("coro.cleanup"),
            suspend_bb: self.block("coro.suspend"),
        });
        Ok(())
    }

    fn coro(&self) -> &Coro<'ctx> {
        self.coro.as_ref().expect("inside a generator")
    }

    /// `llvm.coro.suspend`: 0 resumes at `resume`, 1 destroys (`cleanup`), other values return
    /// to the caller.
    fn suspend(
        &self,
        is_final: bool,
        resume: BasicBlock<'ctx>,
        cleanup: BasicBlock<'ctx>,
    ) -> R<()> {
        let flag = self.g.cx.bool_type().const_int(u64::from(is_final), false);
        let f = self.intrinsic("llvm.coro.suspend", &[]);
        // SAFETY: `coro.suspend` returns i8.
        let s =
            unsafe { IntValue::new(self.raw_call(f, &[self.none_token(), flag.as_value_ref()])) };
        let i8t = self.g.cx.i8_type();
        let c = self.coro();
        self.b().build_switch(
            s,
            c.suspend_bb,
            &[
                (i8t.const_zero(), resume),
                (i8t.const_int(1, false), cleanup),
            ],
        )?;
        Ok(())
    }

    /// The initial suspend: the body runs at the first resume.
    pub(crate) fn initial_suspend(&mut self) -> R<()> {
        let body = self.block("coro.body");
        self.suspend(false, body, self.coro().cleanup_bb)?;
        self.b().position_at_end(body);
        Ok(())
    }

    /// `yield x`: store into the promise and suspend.
    pub(crate) fn lower_yield(&mut self, x: Option<ValueId>) -> R<()> {
        if self.coro.is_none() {
            return unsupported(format!(
                "`yield` in `{}`, which is not a generator",
                self.func.name
            ));
        }
        if let Some(x) = x {
            let v = self.value(x)?;
            let (promise, promise_ty) = (self.coro().promise, self.coro().promise_ty);
            check_type(promise_ty, v, "yielded value")?;
            self.b().build_store(promise, v)?;
        }
        let resume = self.block("yield.resume");
        let cleanup = self.yield_cleanup()?;
        self.suspend(false, resume, cleanup)?;
        self.b().position_at_end(resume);
        Ok(())
    }

    /// Where a generator destroyed at a `yield` goes: it destroys the generators of the `for`
    /// loops the `yield` is in, then runs the frame's cleanup. Like the loops' own exits, this
    /// keeps every path from an inner generator's creation through a destroy, which CoroElide
    /// needs to put the inner frame on the stack.
    fn yield_cleanup(&mut self) -> R<BasicBlock<'ctx>> {
        let loops: Vec<PointerValue<'ctx>> = self
            .scopes
            .iter()
            .filter_map(|s| match s {
                Scope::Loop(LoopScope {
                    generator: Some(h), ..
                }) => Some(*h),
                _ => None,
            })
            .collect();
        let cleanup_bb = self.coro().cleanup_bb;
        if loops.is_empty() {
            return Ok(cleanup_bb);
        }
        let saved = self.current();
        let bb = self.block("yield.cleanup");
        self.b().position_at_end(bb);
        for h in loops.into_iter().rev() {
            self.destroy_generator(h)?;
        }
        self.b().build_unconditional_branch(cleanup_bb)?;
        self.b().position_at_end(saved);
        Ok(bb)
    }

    /// Starts the guard around a generator's body: an exception escaping it must end the
    /// generator (so `next` on it stops instead of resuming a frame left mid-body).
    pub(crate) fn guard_generator_body(&mut self) -> R<()> {
        let exc = self.alloca(self.g.types.ptr(), "gen.exc")?;
        let unwind = self.block("gen.unwind");
        self.scopes
            .push(Scope::Try(TryScope::catch_all(exc, unwind)));
        Ok(())
    }

    /// Ends the guard: its landing block marks the coroutine done (`llvm.coro.end` on the
    /// unwind path) and lets the exception go on to the caller.
    pub(crate) fn end_generator_guard(&mut self) -> R<()> {
        let Some(Scope::Try(guard)) = self.scopes.pop() else {
            unreachable!("the generator guard is the outermost scope")
        };
        let (exc, unwind) = guard.catch_all_parts();
        let saved = self.current();
        self.b().position_at_end(unwind);
        self.coro_end(true);
        let obj = self
            .b()
            .build_load(self.g.types.ptr(), exc, "gen.exc.obj")?
            .into_pointer_value();
        self.propagate(obj, 0)?;
        self.b().position_at_end(saved);
        Ok(())
    }

    /// `llvm.coro.end(handle, unwinding, none)`; on the unwind path it marks the coroutine done.
    fn coro_end(&self, unwinding: bool) {
        let flag = self.g.cx.bool_type().const_int(u64::from(unwinding), false);
        self.raw_call(
            self.intrinsic("llvm.coro.end", &[]),
            &[
                self.coro().handle.as_value_ref(),
                flag.as_value_ref(),
                self.none_token(),
            ],
        );
    }

    /// The final suspend, the destroy path and the return of the handle to the caller.
    pub(crate) fn finish_coroutine(&mut self) -> R<()> {
        let c = self.coro();
        let (final_bb, cleanup_bb, suspend_bb, id, handle) =
            (c.final_bb, c.cleanup_bb, c.suspend_bb, c.id, c.handle);
        self.b().build_unconditional_branch(final_bb)?;
        self.b().position_at_end(final_bb);
        // Resuming a generator after its final suspend point is undefined.
        let after_final = self.block("coro.after_final");
        self.suspend(true, after_final, cleanup_bb)?;
        self.b().position_at_end(after_final);
        self.b().build_unreachable()?;
        self.b().position_at_end(cleanup_bb);
        // The frame is garbage collected: nothing to free.
        self.raw_call(
            self.intrinsic("llvm.coro.free", &[]),
            &[id, handle.as_value_ref()],
        );
        self.b().build_unconditional_branch(suspend_bb)?;
        self.b().position_at_end(suspend_bb);
        self.coro_end(false);
        self.b().build_return(Some(&handle))?;
        Ok(())
    }

    /// `llvm.coro.destroy(h)`.
    pub(crate) fn destroy_generator(&mut self, h: PointerValue<'ctx>) -> R<()> {
        let f = self.intrinsic("llvm.coro.destroy", &[]);
        self.b().build_call(f, &[h.into()], "")?;
        Ok(())
    }

    /// `llvm.coro.done(h)`: whether the generator is at its final suspend point.
    fn coro_done(&self, h: PointerValue<'ctx>) -> R<IntValue<'ctx>> {
        let done_fn = self.intrinsic("llvm.coro.done", &[]);
        let done = self.b().build_call(done_fn, &[h.into()], "done")?;
        match done.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(BasicValueEnum::IntValue(d)) => Ok(d),
            _ => unreachable!("coro.done returns i1"),
        }
    }

    /// `for var in gen: body`: resume, stop when done, read the promise; the generator is
    /// destroyed on every way out of the loop, exceptions included. A generator that is already
    /// exhausted (iterated before) runs no iteration. Destroying only runs the frame's cleanup
    /// path, which frees nothing (frames are garbage collected), so a generator left by `break`
    /// can still be iterated further, as in Python.
    ///
    /// Destroying on every path is what lets LLVM's CoroElide put the frame of a generator
    /// created for the loop on the stack, after which the optimizer turns the loop into a
    /// plain loop: CoroElide gives up when any exit of the function, `resume` included, is
    /// reachable from the frame's creation without passing a destroy.
    pub(crate) fn lower_for(&mut self, iter: ValueId, var: VarId, body: ValueId) -> R<()> {
        let gen_ty = self.g.m.value(iter).ty;
        let TypeKind::Generator(elem) = self.g.types.kind(gen_ty) else {
            return unsupported(format!(
                "`for` over `{}`, which is not a generator",
                self.g.types.name(gen_ty)
            ));
        };
        let elem_ty = self.g.types.lower(*elem)?;
        let var_ty = self.g.types.lower(self.g.m.var(var).ty)?;
        if var_ty != elem_ty {
            return unsupported(format!(
                "`for` variable `{}` of type `{}` over a generator of `{}`",
                self.g.m.var(var).name,
                self.g.types.name(self.g.m.var(var).ty),
                self.g.types.name(*elem)
            ));
        }
        let h = self.ptr_value(iter, "generator")?;
        let exc = self.alloca(self.g.types.ptr(), "for.exc")?;
        let unwind = self.block("for.unwind");
        let level = self.scopes.len();
        self.scopes
            .push(Scope::Try(TryScope::catch_all(exc, unwind)));
        let (next_bb, body_bb, brk, exit) = (
            self.block("for.next"),
            self.block("for.body"),
            self.block("for.done"),
            self.block("for.end"),
        );
        // A generator that is already exhausted is not resumed again (that is undefined). It
        // leaves through the destroying exit too, so that every path out of the loop destroys
        // the frame, which lets LLVM's CoroElide keep the frame on the stack.
        let exhausted = self.coro_done(h)?;
        self.b().build_conditional_branch(exhausted, brk, next_bb)?;
        self.b().position_at_end(next_bb);
        let resume = self.intrinsic("llvm.coro.resume", &[]);
        // The generator's body may raise: inside a `try` this is an invoke.
        self.emit_call(
            resume.get_type(),
            resume.as_global_value().as_pointer_value(),
            &[h.into()],
            true,
        )?;
        let done = self.coro_done(h)?;
        self.b().build_conditional_branch(done, brk, body_bb)?;
        self.b().position_at_end(body_bb);
        let promise_fn = self.intrinsic("llvm.coro.promise", &[]);
        let cx = self.g.cx;
        let args = [
            h.into(),
            cx.i32_type()
                .const_int(u64::from(PROMISE_ALIGN), false)
                .into(),
            cx.bool_type().const_zero().into(),
        ];
        let p = self.b().build_call(promise_fn, &args, "promise")?;
        let p = match p.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(BasicValueEnum::PointerValue(p)) => p,
            _ => unreachable!("coro.promise returns ptr"),
        };
        let x = self.b().build_load(elem_ty, p, "next")?;
        let slot = self.var_slot(var)?;
        self.b().build_store(slot, x)?;
        self.in_loop(
            LoopScope {
                brk,
                cont: next_bb,
                generator: Some(h),
            },
            body,
        )?;
        self.b().build_unconditional_branch(next_bb)?;
        self.scopes.pop();
        self.b().position_at_end(unwind);
        self.destroy_generator(h)?;
        let obj = self
            .b()
            .build_load(self.g.types.ptr(), exc, "for.exc.obj")?
            .into_pointer_value();
        self.propagate(obj, level)?;
        self.b().position_at_end(brk);
        self.destroy_generator(h)?;
        self.b().build_unconditional_branch(exit)?;
        self.b().position_at_end(exit);
        Ok(())
    }
}
