//! Per-function lowering state: variables as entry-block allocas, the stack of enclosing loops
//! and `try` statements, calls (`invoke` inside a `try`), and the function's epilogue.

use std::collections::HashMap;

use cir::{Func, FuncId, FuncKind, Loc, VarId};
use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::types::{BasicMetadataTypeEnum, BasicTypeEnum, FunctionType};
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum, FunctionValue, PointerValue};

use crate::error::{unsupported, R};
use crate::exceptions::TryScope;
use crate::generators::Coro;
use crate::lower::ModuleGen;

/// An enclosing loop: where `break` and `continue` go.
#[derive(Clone, Copy)]
pub(crate) struct LoopScope<'ctx> {
    /// Target of `break` (for generator loops, a block that destroys the generator first).
    pub brk: BasicBlock<'ctx>,
    /// Target of `continue`.
    pub cont: BasicBlock<'ctx>,
    /// The generator a `for` loop consumes; destroyed when a `return` leaves the loop.
    pub generator: Option<PointerValue<'ctx>>,
}

/// A statement that control transfers (`return`, `break`, `continue`, exceptions) may cross.
pub(crate) enum Scope<'ctx> {
    Loop(LoopScope<'ctx>),
    Try(TryScope<'ctx>),
}

/// Lowers the body of one bodied CIR function.
pub(crate) struct FuncGen<'g, 'ctx, 'a> {
    /// Module-level state.
    pub g: &'g mut ModuleGen<'ctx, 'a>,
    /// The CIR function.
    pub func: &'a Func,
    /// Its LLVM function.
    pub fv: FunctionValue<'ctx>,
    alloca_builder: Builder<'ctx>,
    vars: HashMap<VarId, PointerValue<'ctx>>,
    /// Enclosing loops and `try` statements, innermost last.
    pub scopes: Vec<Scope<'ctx>>,
    ret_slot: Option<PointerValue<'ctx>>,
    /// Per `try` with handlers: slots holding the last caught exception and its type id.
    pub caught: Vec<(PointerValue<'ctx>, PointerValue<'ctx>)>,
    /// Coroutine state when the function is a generator.
    pub coro: Option<Coro<'ctx>>,
    /// Where the source-level call being lowered is; `None` for calls the compiler adds.
    pub call_loc: Option<Loc>,
    /// Landing pads recording this function's frame in a passing exception's traceback, by
    /// the `try` target they lead to (none: out of the function) and the line of the call.
    pub frame_pads: HashMap<(Option<BasicBlock<'ctx>>, u32), BasicBlock<'ctx>>,
}

impl<'g, 'ctx, 'a> FuncGen<'g, 'ctx, 'a> {
    /// Generates the body of the bodied function `id` into its declared LLVM function.
    pub fn lower(g: &'g mut ModuleGen<'ctx, 'a>, id: FuncId) -> R<()> {
        let m = g.m;
        let func = m.func(id);
        let FuncKind::Bodied {
            locals,
            body,
            generator,
        } = &func.kind
        else {
            return Ok(());
        };
        let fv = g.func_value(id)?.0;
        let entry = g.cx.append_basic_block(fv, "entry");
        let start = g.cx.append_basic_block(fv, "start");
        g.builder.position_at_end(entry);
        let to_start = g.builder.build_unconditional_branch(start)?;
        let alloca_builder = g.cx.create_builder();
        alloca_builder.position_before(&to_start);
        g.builder.position_at_end(start);
        let mut fg = FuncGen {
            g,
            func,
            fv,
            alloca_builder,
            vars: HashMap::new(),
            scopes: Vec::new(),
            ret_slot: None,
            caught: Vec::new(),
            coro: None,
            call_loc: None,
            frame_pads: HashMap::new(),
        };
        let mut params = Vec::new();
        for (i, arg) in func.args.iter().enumerate() {
            let Some(param) = fv.get_nth_param(i as u32) else {
                return unsupported(format!("`{}` declared without argument {i}", func.name));
            };
            param.set_name(&m.var(*arg).name);
            if m.var(*arg).by_ref {
                // The argument names the caller's storage.
                fg.vars.insert(*arg, param.into_pointer_value());
                continue;
            }
            let slot = fg.var_slot(*arg)?;
            params.push((slot, param));
        }
        for l in locals {
            fg.var_slot(*l)?;
        }
        if *generator {
            fg.begin_coroutine()?;
        }
        for (slot, param) in params {
            fg.b().build_store(slot, param)?;
        }
        if *generator {
            fg.initial_suspend()?;
            fg.guard_generator_body()?;
        }
        fg.value(*body)?;
        if *generator {
            fg.end_generator_guard()?;
        }
        fg.finish()
    }

    /// The instruction builder.
    pub fn b(&self) -> &Builder<'ctx> {
        &self.g.builder
    }

    /// A new block at the end of the function.
    pub fn block(&self, name: &str) -> BasicBlock<'ctx> {
        self.g.cx.append_basic_block(self.fv, name)
    }

    /// The block the builder is in.
    pub fn current(&self) -> BasicBlock<'ctx> {
        self.b()
            .get_insert_block()
            .expect("the builder is always positioned")
    }

    /// Continues in a new block without predecessors, after an instruction that left the
    /// current block (`ret`, `br`, `unreachable`, `resume`): code after it is dead.
    pub fn continue_dead(&self) {
        let dead = self.block("dead");
        self.b().position_at_end(dead);
    }

    /// Whether the current block is unreachable (a block after a control transfer).
    pub fn is_dead(&self) -> bool {
        let bb = self.current();
        self.fv.get_first_basic_block() != Some(bb) && bb.get_first_use().is_none()
    }

    /// An entry-block alloca (mem2reg and SROA turn these into SSA values).
    pub fn alloca(&self, ty: BasicTypeEnum<'ctx>, name: &str) -> R<PointerValue<'ctx>> {
        Ok(self.alloca_builder.build_alloca(ty, name)?)
    }

    /// Stores `value` into `slot` when the function starts.
    pub fn entry_store(&self, slot: PointerValue<'ctx>, value: BasicValueEnum<'ctx>) -> R<()> {
        self.alloca_builder.build_store(slot, value)?;
        Ok(())
    }

    /// The storage of a variable: its alloca (created on first use) or its global.
    pub fn var_slot(&mut self, var: VarId) -> R<PointerValue<'ctx>> {
        if let Some(p) = self.vars.get(&var) {
            return Ok(*p);
        }
        let v = self.g.m.var(var);
        if v.global {
            return self.g.global(var);
        }
        let ty = self.g.types.lower(v.ty)?;
        let p = self.alloca(ty, &v.name)?;
        self.vars.insert(var, p);
        Ok(p)
    }

    /// The slot holding a pending return value while `finally` blocks run.
    pub fn ret_slot(&mut self) -> R<PointerValue<'ctx>> {
        if let Some(p) = self.ret_slot {
            return Ok(p);
        }
        let ty = self.g.types.lower(self.func.ret)?;
        let p = self.alloca(ty, "ret.slot")?;
        self.ret_slot = Some(p);
        Ok(p)
    }

    /// The zero (or `None`) value of a CIR type.
    pub fn zero(&self, ty: cir::TypeId) -> R<BasicValueEnum<'ctx>> {
        Ok(self.g.types.lower(ty)?.const_zero())
    }

    /// Calls `callee` with signature `ty`. A call that `may_throw` becomes an `invoke` where
    /// [`FuncGen::unwind_dest`] gives a landing pad (inside a `try`, or a source-level call,
    /// whose pad records the frame for tracebacks). Returns the result unless `void`.
    pub fn emit_call(
        &mut self,
        ty: FunctionType<'ctx>,
        callee: PointerValue<'ctx>,
        args: &[BasicValueEnum<'ctx>],
        may_throw: bool,
    ) -> R<Option<BasicValueEnum<'ctx>>> {
        let params = ty.get_param_types();
        if params.len() != args.len() {
            return unsupported(format!(
                "call in `{}` passes {} arguments to a function of {} parameters",
                self.func.name,
                args.len(),
                params.len()
            ));
        }
        for (i, (p, a)) in params.iter().zip(args).enumerate() {
            if *p != BasicMetadataTypeEnum::from(a.get_type()) {
                return unsupported(format!(
                    "call in `{}`: argument {i} has type {} where {} is expected",
                    self.func.name,
                    a.get_type().print_to_string(),
                    p
                ));
            }
        }
        let unwind = if may_throw { self.unwind_dest()? } else { None };
        let site = match unwind {
            Some(pad) => {
                let cont = self.block("invoke.cont");
                let site = self
                    .b()
                    .build_indirect_invoke(ty, callee, args, cont, pad, "")?;
                self.b().position_at_end(cont);
                site
            }
            None => {
                let args: Vec<BasicMetadataValueEnum> = args.iter().map(|a| (*a).into()).collect();
                self.b().build_indirect_call(ty, callee, &args, "")?
            }
        };
        Ok(match site.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => Some(v),
            inkwell::values::ValueKind::Instruction(_) => None,
        })
    }

    /// Ends the function where its body falls off the end.
    fn finish(mut self) -> R<()> {
        if self.coro.is_some() {
            self.finish_coroutine()?;
        } else if self.g.types.is_empty_record(self.func.ret)
            || matches!(
                self.g.m.types.get(self.func.ret).kind,
                cir::TypeKind::Optional(_)
            )
        {
            let none = self.zero(self.func.ret)?;
            self.b().build_return(Some(&none))?;
        } else {
            // CIR's `core-return-paths` rejects value-returning functions that can get here.
            self.b().build_unreachable()?;
        }
        for bb in self.fv.get_basic_blocks() {
            if bb.get_terminator().is_none() {
                self.b().position_at_end(bb);
                self.b().build_unreachable()?;
            }
        }
        Ok(())
    }
}

/// Checks that a value has the LLVM type its destination expects.
pub(crate) fn check_type<'ctx>(
    expected: BasicTypeEnum<'ctx>,
    got: BasicValueEnum<'ctx>,
    what: &str,
) -> R<()> {
    if expected == got.get_type() {
        Ok(())
    } else {
        unsupported(format!(
            "{what} has type {} where {} is expected",
            got.get_type().print_to_string(),
            expected.print_to_string()
        ))
    }
}
