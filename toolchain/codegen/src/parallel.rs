//! `ParFor` (an `@par` loop that `cir::passes::parallel` outlined) lowered to the OpenMP
//! runtime ABI as clang emits it for `#pragma omp parallel for`:
//!
//! ```text
//! caller:    env = { start, end, chunk, &shared… }
//!            [__kmpc_push_num_threads(ident, __kmpc_global_thread_num(ident), n)]
//!            __kmpc_fork_call(ident, 1, microtask, env)
//! microtask(gtid*, btid*, env):
//!            register the thread with the GC; zeroed private storage per thread
//!            static:  __kmpc_for_static_init_8 … body(lo, hi, …) … __kmpc_for_static_fini
//!            others:  __kmpc_dispatch_init_8; while __kmpc_dispatch_next_8: body(lo, hi, …)
//!            [__kmpc_critical; combine(…); __kmpc_end_critical]
//! ```
//!
//! Threads that libomp starts are registered with the Boehm collector on their first
//! parallel region (`GC_allow_register_threads` once in the caller, then
//! `GC_register_my_thread` in the microtask when `GC_thread_is_registered` says no), so their
//! stacks are scanned and they may allocate. Only programs with `@par` reference these
//! symbols and libomp's.

use cir::{FuncId, ParCapture, ParClauses, ParSchedule, ValueId};
use inkwell::module::Linkage;
use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::BasicValue;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue, PointerValue};
use inkwell::{AddressSpace, IntPredicate};

use crate::error::{unsupported, R};
use crate::func::FuncGen;
use crate::rt::{get_or_declare, RtFn};

/// `kmp_sch_*` schedule kinds (libomp's `sched_type`).
const SCH_STATIC_CHUNKED: u64 = 33;
const SCH_STATIC: u64 = 34;
const SCH_DYNAMIC_CHUNKED: u64 = 35;
const SCH_GUIDED_CHUNKED: u64 = 36;
const SCH_RUNTIME: u64 = 37;
const SCH_AUTO: u64 = 38;

/// `ident_t` flags: `KMP_IDENT_KMPC`, and `KMP_IDENT_WORK_LOOP` for worksharing loops.
const IDENT_KMPC: u64 = 2;
const IDENT_WORK_LOOP: u64 = 0x200;

/// Fields of the environment record: the first thread's exception, then shared variables.
const ENV_EXC: u32 = 3;
const ENV_SHARED: u32 = 4;

impl<'g, 'ctx, 'a> FuncGen<'g, 'ctx, 'a> {
    pub(crate) fn lower_par_for(
        &mut self,
        start: ValueId,
        end: ValueId,
        body: FuncId,
        combine: Option<FuncId>,
        captures: &[ParCapture],
        clauses: &ParClauses,
    ) -> R<()> {
        let cx = self.g.cx;
        let i64t = cx.i64_type();
        let i32t = cx.i32_type();
        let ptr = cx.ptr_type(AddressSpace::default());
        let int_of = |v: BasicValueEnum<'ctx>, what: &str| match v {
            BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 64 => Ok(i),
            other => unsupported(format!(
                "{what} of a parallel loop has type {}",
                other.get_type()
            )),
        };
        let s = self.value(start)?;
        let s = int_of(s, "start")?;
        let e = self.value(end)?;
        let e = int_of(e, "end")?;
        let chunk = match clauses.chunk_size {
            Some(c) => {
                let c = self.value(c)?;
                Some(int_of(c, "chunk_size")?)
            }
            None => None,
        };
        let threads = match clauses.num_threads {
            Some(n) => {
                let n = self.value(n)?;
                Some(int_of(n, "num_threads")?)
            }
            None => None,
        };
        // The environment: bounds, chunk size and the addresses of shared variables.
        let shared: Vec<cir::VarId> = captures
            .iter()
            .filter_map(|c| match c {
                ParCapture::Shared(v) => Some(*v),
                ParCapture::Private(_) => None,
            })
            .collect();
        // { start, end, chunk, exception raised by a thread (or null), &shared… }
        let mut fields: Vec<BasicTypeEnum> =
            vec![i64t.into(), i64t.into(), i64t.into(), ptr.into()];
        fields.extend(shared.iter().map(|_| BasicTypeEnum::from(ptr)));
        let env_ty = cx.struct_type(&fields, false);
        let env = self.alloca(env_ty.into(), "par.env")?;
        let chunk_v = chunk.unwrap_or(i64t.const_zero());
        for (i, v) in [s, e, chunk_v].into_iter().enumerate() {
            let f = self.b().build_struct_gep(env_ty, env, i as u32, "")?;
            self.b().build_store(f, v)?;
        }
        let exc_field = self.b().build_struct_gep(env_ty, env, ENV_EXC, "")?;
        self.b().build_store(exc_field, ptr.const_null())?;
        for (i, v) in shared.iter().enumerate() {
            let slot = self.var_slot(*v)?;
            let f = self
                .b()
                .build_struct_gep(env_ty, env, ENV_SHARED + i as u32, "")?;
            self.b().build_store(f, slot)?;
        }
        let name = self.g.m.func(body).name.clone();
        let microtask = self.microtask(&name, env_ty, body, combine, captures, clauses)?;
        let ident = self.ident(&name, IDENT_KMPC);
        let module = &self.g.module;
        let allow = get_or_declare(
            module,
            "GC_allow_register_threads",
            cx.void_type().fn_type(&[], false),
        );
        self.b().build_call(allow, &[], "")?;
        if let Some(n) = threads {
            let gtid_fn = get_or_declare(
                &self.g.module,
                "__kmpc_global_thread_num",
                i32t.fn_type(&[ptr.into()], false),
            );
            let push = get_or_declare(
                &self.g.module,
                "__kmpc_push_num_threads",
                cx.void_type()
                    .fn_type(&[ptr.into(), i32t.into(), i32t.into()], false),
            );
            let gtid = self
                .b()
                .build_call(gtid_fn, &[ident.into()], "gtid")?
                .try_as_basic_value()
                .basic_value()
                .ok_or_else(|| crate::error::CodegenError::Unsupported("gtid".into()))?;
            // At least one thread; more than the i32 range is clamped.
            let one = i64t.const_int(1, false);
            let lo = self.b().build_int_compare(IntPredicate::SLT, n, one, "")?;
            let n = self.b().build_select(lo, one, n, "")?.into_int_value();
            let max = i64t.const_int(i32::MAX as u64, false);
            let hi = self.b().build_int_compare(IntPredicate::SGT, n, max, "")?;
            let n = self.b().build_select(hi, max, n, "")?.into_int_value();
            let n32 = self.b().build_int_truncate(n, i32t, "")?;
            self.b()
                .build_call(push, &[ident.into(), gtid.into(), n32.into()], "")?;
        }
        let fork = get_or_declare(
            &self.g.module,
            "__kmpc_fork_call",
            cx.void_type()
                .fn_type(&[ptr.into(), i32t.into(), ptr.into()], true),
        );
        let args: [BasicMetadataValueEnum; 4] = [
            ident.into(),
            i32t.const_int(1, false).into(),
            microtask.as_global_value().as_pointer_value().into(),
            env.into(),
        ];
        self.b().build_call(fork, &args, "")?;
        // An exception a thread raised goes on from here, as if the loop had raised it.
        let exc = self
            .b()
            .build_load(ptr, exc_field, "par.exc")?
            .into_pointer_value();
        let raised = self.b().build_is_not_null(exc, "par.raised")?;
        let (raise_bb, after) = (self.block("par.raise"), self.block("par.after"));
        self.b().build_conditional_branch(raised, raise_bb, after)?;
        self.b().position_at_end(raise_bb);
        let level = self.scopes.len();
        self.propagate(exc, level)?;
        self.b().build_unconditional_branch(after)?;
        self.b().position_at_end(after);
        Ok(())
    }

    /// A private `ident_t` (source location record) with `flags`.
    fn ident(&mut self, name: &str, flags: u64) -> PointerValue<'ctx> {
        let cx = self.g.cx;
        let i32t = cx.i32_type();
        let psource = self.g.cstr(&format!(";unknown;{name};0;0;;"));
        let ty = cx.struct_type(
            &[
                i32t.into(),
                i32t.into(),
                i32t.into(),
                i32t.into(),
                cx.ptr_type(AddressSpace::default()).into(),
            ],
            false,
        );
        let init = ty.const_named_struct(&[
            i32t.const_zero().into(),
            i32t.const_int(flags, false).into(),
            i32t.const_zero().into(),
            i32t.const_int(22, false).into(),
            psource.into(),
        ]);
        let gv = self.g.module.add_global(ty, None, ".omp.ident");
        gv.set_initializer(&init);
        gv.set_constant(true);
        gv.set_linkage(Linkage::Private);
        gv.as_pointer_value()
    }

    /// The function libomp runs on every thread of the team.
    fn microtask(
        &mut self,
        name: &str,
        env_ty: inkwell::types::StructType<'ctx>,
        body: FuncId,
        combine: Option<FuncId>,
        captures: &[ParCapture],
        clauses: &ParClauses,
    ) -> R<FunctionValue<'ctx>> {
        let cx = self.g.cx;
        let i64t = cx.i64_type();
        let i32t = cx.i32_type();
        let void = cx.void_type();
        let ptr = cx.ptr_type(AddressSpace::default());
        let ty = void.fn_type(&[ptr.into(), ptr.into(), ptr.into()], false);
        let fv = self.g.module.add_function(
            &format!("{name}.omp_outlined"),
            ty,
            Some(Linkage::Internal),
        );
        let loop_ident = self.ident(name, IDENT_KMPC | IDENT_WORK_LOOP);
        let ident = self.ident(name, IDENT_KMPC);
        let module = &self.g.module;
        let b = cx.create_builder();
        let entry = cx.append_basic_block(fv, "entry");
        b.position_at_end(entry);
        let param = |i: u32| -> R<PointerValue<'ctx>> {
            fv.get_nth_param(i)
                .map(|p| p.into_pointer_value())
                .ok_or_else(|| crate::error::CodegenError::Unsupported("microtask".into()))
        };
        let (gtid_p, env) = (param(0)?, param(2)?);
        // Register this thread with the collector (once per thread).
        let is_reg = get_or_declare(module, "GC_thread_is_registered", i32t.fn_type(&[], false));
        let get_sb = get_or_declare(
            module,
            "GC_get_stack_base",
            i32t.fn_type(&[ptr.into()], false),
        );
        let reg = get_or_declare(
            module,
            "GC_register_my_thread",
            i32t.fn_type(&[ptr.into()], false),
        );
        let sb = b.build_alloca(cx.i8_type().array_type(32), "gc.stack_base")?;
        let registered = b
            .build_call(is_reg, &[], "")?
            .try_as_basic_value()
            .basic_value()
            .map(|v| v.into_int_value())
            .unwrap_or(i32t.const_zero());
        let need = b.build_int_compare(IntPredicate::EQ, registered, i32t.const_zero(), "")?;
        let do_reg = cx.append_basic_block(fv, "gc.register");
        let start_bb = cx.append_basic_block(fv, "start");
        b.build_conditional_branch(need, do_reg, start_bb)?;
        b.position_at_end(do_reg);
        b.build_call(get_sb, &[sb.into()], "")?;
        b.build_call(reg, &[sb.into()], "")?;
        b.build_unconditional_branch(start_bb)?;
        b.position_at_end(start_bb);
        let gtid = b.build_load(i32t, gtid_p, "gtid")?.into_int_value();
        let field = |i: u32, ty: BasicTypeEnum<'ctx>, n: &str| -> R<BasicValueEnum<'ctx>> {
            let p = b.build_struct_gep(env_ty, env, i, "")?;
            Ok(b.build_load(ty, p, n)?)
        };
        let start = field(0, i64t.into(), "start")?.into_int_value();
        let end = field(1, i64t.into(), "end")?.into_int_value();
        let chunk = field(2, i64t.into(), "chunk")?.into_int_value();
        // Arguments of the body and combine functions, after `lo, hi`.
        let mut cap_args: Vec<BasicMetadataValueEnum> = Vec::new();
        let mut shared_i = ENV_SHARED;
        for c in captures {
            match c {
                ParCapture::Shared(_) => {
                    cap_args.push(field(shared_i, ptr.into(), "shared")?.into());
                    shared_i += 1;
                }
                ParCapture::Private(t) => {
                    let ty = self.g.types.lower(*t)?;
                    let slot = b.build_alloca(ty, "private")?;
                    b.build_store(slot, ty.const_zero())?;
                    cap_args.push(slot.into());
                }
            }
        }
        let (body_fn, _) = self.g.func_value(body)?;
        let personality = self.g.rt(RtFn::Personality);
        fv.set_personality_function(personality);
        let exc_slot = b.build_struct_gep(env_ty, env, ENV_EXC, "exc.slot")?;
        let lp_ty = cx.struct_type(&[ptr.into(), i32t.into()], false);
        // Runs a chunk unless a thread has raised; an exception it raises is kept (the
        // first one) for the code after the loop, and the thread goes on with no more work.
        let call_chunk = |lo: inkwell::values::IntValue<'ctx>,
                          hi: inkwell::values::IntValue<'ctx>|
         -> R<()> {
            let pending = b.build_load(ptr, exc_slot, "pending")?;
            if let Some(i) = pending.as_instruction_value() {
                i.set_atomic_ordering(inkwell::AtomicOrdering::Monotonic)
                    .map_err(|e| crate::error::CodegenError::Builder(e.to_string()))?;
            }
            let failed = b.build_is_not_null(pending.into_pointer_value(), "failed")?;
            let run = cx.append_basic_block(fv, "chunk.run");
            let pad = cx.append_basic_block(fv, "chunk.lpad");
            let cont = cx.append_basic_block(fv, "chunk.cont");
            b.build_conditional_branch(failed, cont, run)?;
            b.position_at_end(run);
            let lo = b.build_int_add(start, lo, "lo")?;
            let hi = b.build_int_add(start, hi, "hi")?;
            let mut args: Vec<BasicValueEnum> = vec![lo.into(), hi.into()];
            args.extend(cap_args.iter().map(|a| match a {
                BasicMetadataValueEnum::PointerValue(p) => BasicValueEnum::from(*p),
                _ => BasicValueEnum::from(ptr.const_null()),
            }));
            b.build_invoke(body_fn, &args, cont, pad, "")?;
            b.position_at_end(pad);
            let lp =
                b.build_landing_pad(lp_ty, personality, &[ptr.const_null().into()], true, "lp")?;
            let exc = b.build_extract_value(lp.into_struct_value(), 0, "exc")?;
            b.build_cmpxchg(
                exc_slot,
                ptr.const_null(),
                exc.into_pointer_value(),
                inkwell::AtomicOrdering::SequentiallyConsistent,
                inkwell::AtomicOrdering::SequentiallyConsistent,
            )?;
            b.build_unconditional_branch(cont)?;
            b.position_at_end(cont);
            Ok(())
        };
        // Iterations 0..n of the normalized space.
        let n = b.build_int_sub(end, start, "n")?;
        let last_iter = b.build_int_sub(n, i64t.const_int(1, false), "last")?;
        let any = b.build_int_compare(IntPredicate::SGT, n, i64t.const_zero(), "")?;
        let sched_bb = cx.append_basic_block(fv, "sched");
        let done_bb = cx.append_basic_block(fv, "done");
        b.build_conditional_branch(any, sched_bb, done_bb)?;
        b.position_at_end(sched_bb);
        let p_last = b.build_alloca(i32t, "p.last")?;
        let p_lb = b.build_alloca(i64t, "p.lb")?;
        let p_ub = b.build_alloca(i64t, "p.ub")?;
        let p_st = b.build_alloca(i64t, "p.st")?;
        b.build_store(p_last, i32t.const_zero())?;
        b.build_store(p_lb, i64t.const_zero())?;
        b.build_store(p_ub, last_iter)?;
        b.build_store(p_st, i64t.const_int(1, false))?;
        let one = i64t.const_int(1, false);
        // A chunk size below 1 means the schedule's default.
        let has_chunk = b.build_int_compare(IntPredicate::SGT, chunk, i64t.const_zero(), "")?;
        let chunk1 = b
            .build_select(has_chunk, chunk, one, "chunk")?
            .into_int_value();
        match clauses.schedule {
            ParSchedule::Static => {
                let init = get_or_declare(
                    module,
                    "__kmpc_for_static_init_8",
                    void.fn_type(
                        &[
                            ptr.into(),
                            i32t.into(),
                            i32t.into(),
                            ptr.into(),
                            ptr.into(),
                            ptr.into(),
                            ptr.into(),
                            i64t.into(),
                            i64t.into(),
                        ],
                        false,
                    ),
                );
                let fini = get_or_declare(
                    module,
                    "__kmpc_for_static_fini",
                    void.fn_type(&[ptr.into(), i32t.into()], false),
                );
                let kind = b.build_select(
                    has_chunk,
                    i32t.const_int(SCH_STATIC_CHUNKED, false),
                    i32t.const_int(SCH_STATIC, false),
                    "sched",
                )?;
                b.build_call(
                    init,
                    &[
                        loop_ident.into(),
                        gtid.into(),
                        kind.into(),
                        p_last.into(),
                        p_lb.into(),
                        p_ub.into(),
                        p_st.into(),
                        one.into(),
                        chunk1.into(),
                    ],
                    "",
                )?;
                // for (; lb <= last; lb += st, ub += st) body(lb, min(ub, last) + 1)
                let cond_bb = cx.append_basic_block(fv, "static.cond");
                let body_bb = cx.append_basic_block(fv, "static.body");
                let end_bb = cx.append_basic_block(fv, "static.end");
                b.build_unconditional_branch(cond_bb)?;
                b.position_at_end(cond_bb);
                let lb = b.build_load(i64t, p_lb, "lb")?.into_int_value();
                let more = b.build_int_compare(IntPredicate::SLE, lb, last_iter, "")?;
                b.build_conditional_branch(more, body_bb, end_bb)?;
                b.position_at_end(body_bb);
                let ub = b.build_load(i64t, p_ub, "ub")?.into_int_value();
                let over = b.build_int_compare(IntPredicate::SGT, ub, last_iter, "")?;
                let ub = b.build_select(over, last_iter, ub, "")?.into_int_value();
                let hi = b.build_int_add(ub, one, "")?;
                call_chunk(lb, hi)?;
                let st = b.build_load(i64t, p_st, "st")?.into_int_value();
                let lb2 = b.build_int_add(lb, st, "")?;
                b.build_store(p_lb, lb2)?;
                let ub0 = b.build_load(i64t, p_ub, "")?.into_int_value();
                let ub2 = b.build_int_add(ub0, st, "")?;
                b.build_store(p_ub, ub2)?;
                b.build_unconditional_branch(cond_bb)?;
                b.position_at_end(end_bb);
                b.build_call(fini, &[loop_ident.into(), gtid.into()], "")?;
            }
            other => {
                let kind = match other {
                    ParSchedule::Dynamic => SCH_DYNAMIC_CHUNKED,
                    ParSchedule::Guided => SCH_GUIDED_CHUNKED,
                    ParSchedule::Runtime => SCH_RUNTIME,
                    _ => SCH_AUTO,
                };
                let init = get_or_declare(
                    module,
                    "__kmpc_dispatch_init_8",
                    void.fn_type(
                        &[
                            ptr.into(),
                            i32t.into(),
                            i32t.into(),
                            i64t.into(),
                            i64t.into(),
                            i64t.into(),
                            i64t.into(),
                        ],
                        false,
                    ),
                );
                let next = get_or_declare(
                    module,
                    "__kmpc_dispatch_next_8",
                    i32t.fn_type(
                        &[
                            ptr.into(),
                            i32t.into(),
                            ptr.into(),
                            ptr.into(),
                            ptr.into(),
                            ptr.into(),
                        ],
                        false,
                    ),
                );
                b.build_call(
                    init,
                    &[
                        loop_ident.into(),
                        gtid.into(),
                        i32t.const_int(kind, false).into(),
                        i64t.const_zero().into(),
                        last_iter.into(),
                        one.into(),
                        chunk1.into(),
                    ],
                    "",
                )?;
                let cond_bb = cx.append_basic_block(fv, "dispatch.next");
                let body_bb = cx.append_basic_block(fv, "dispatch.body");
                let end_bb = cx.append_basic_block(fv, "dispatch.end");
                b.build_unconditional_branch(cond_bb)?;
                b.position_at_end(cond_bb);
                let got = b
                    .build_call(
                        next,
                        &[
                            loop_ident.into(),
                            gtid.into(),
                            p_last.into(),
                            p_lb.into(),
                            p_ub.into(),
                            p_st.into(),
                        ],
                        "",
                    )?
                    .try_as_basic_value()
                    .basic_value()
                    .map(|v| v.into_int_value())
                    .unwrap_or(i32t.const_zero());
                let more = b.build_int_compare(IntPredicate::NE, got, i32t.const_zero(), "")?;
                b.build_conditional_branch(more, body_bb, end_bb)?;
                b.position_at_end(body_bb);
                let lb = b.build_load(i64t, p_lb, "lb")?.into_int_value();
                let ub = b.build_load(i64t, p_ub, "ub")?.into_int_value();
                let hi = b.build_int_add(ub, one, "")?;
                call_chunk(lb, hi)?;
                b.build_unconditional_branch(cond_bb)?;
                b.position_at_end(end_bb);
            }
        }
        b.build_unconditional_branch(done_bb)?;
        b.position_at_end(done_bb);
        if let Some(c) = combine {
            let crit_ty = i32t.array_type(8);
            let lock = self
                .g
                .module
                .add_global(crit_ty, None, &format!("{name}.omp_lock"));
            lock.set_initializer(&crit_ty.const_zero());
            lock.set_linkage(Linkage::Internal);
            let lock = lock.as_pointer_value();
            let crit_fn_ty = void.fn_type(&[ptr.into(), i32t.into(), ptr.into()], false);
            let enter = get_or_declare(&self.g.module, "__kmpc_critical", crit_fn_ty);
            let leave = get_or_declare(&self.g.module, "__kmpc_end_critical", crit_fn_ty);
            let (combine_fn, _) = self.g.func_value(c)?;
            b.build_call(enter, &[ident.into(), gtid.into(), lock.into()], "")?;
            b.build_call(combine_fn, &cap_args, "")?;
            b.build_call(leave, &[ident.into(), gtid.into(), lock.into()], "")?;
        }
        b.build_return(None)?;
        let _ = ptr.as_basic_type_enum();
        Ok(fv)
    }
}

/// The value a call returns, if not `void`.
trait BasicResult<'ctx> {
    fn basic_value(self) -> Option<BasicValueEnum<'ctx>>;
}

impl<'ctx> BasicResult<'ctx> for inkwell::values::ValueKind<'ctx> {
    fn basic_value(self) -> Option<BasicValueEnum<'ctx>> {
        match self {
            inkwell::values::ValueKind::Basic(v) => Some(v),
            inkwell::values::ValueKind::Instruction(_) => None,
        }
    }
}
