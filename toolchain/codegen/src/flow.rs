//! Structured control flow: `if`, `while`, counted `for` loops, and the control transfers
//! `return`, `break` and `continue`, which run the `finally` blocks they cross.

use cir::{TypeKind, ValueId, VarId};
use inkwell::types::BasicTypeEnum;
use inkwell::values::BasicValueEnum;
use inkwell::IntPredicate;

use crate::error::{unsupported, R};
use crate::exceptions::Action;
use crate::func::{check_type, FuncGen, LoopScope, Scope};

impl<'ctx> FuncGen<'_, 'ctx, '_> {
    pub(crate) fn lower_if(
        &mut self,
        cond: ValueId,
        then: ValueId,
        other: Option<ValueId>,
    ) -> R<()> {
        let c = self.cond(cond)?;
        let then_bb = self.block("if.then");
        let else_bb = other.map(|_| self.block("if.else"));
        let merge = self.block("if.end");
        self.b()
            .build_conditional_branch(c, then_bb, else_bb.unwrap_or(merge))?;
        self.b().position_at_end(then_bb);
        self.value(then)?;
        self.b().build_unconditional_branch(merge)?;
        if let (Some(bb), Some(other)) = (else_bb, other) {
            self.b().position_at_end(bb);
            self.value(other)?;
            self.b().build_unconditional_branch(merge)?;
        }
        self.b().position_at_end(merge);
        Ok(())
    }

    pub(crate) fn lower_while(&mut self, cond: ValueId, body: ValueId) -> R<()> {
        let (cond_bb, body_bb, exit) = (
            self.block("while.cond"),
            self.block("while.body"),
            self.block("while.end"),
        );
        self.b().build_unconditional_branch(cond_bb)?;
        self.b().position_at_end(cond_bb);
        let c = self.cond(cond)?;
        self.b().build_conditional_branch(c, body_bb, exit)?;
        self.b().position_at_end(body_bb);
        self.in_loop(
            LoopScope {
                brk: exit,
                cont: cond_bb,
                generator: None,
            },
            body,
        )?;
        self.b().build_unconditional_branch(cond_bb)?;
        self.b().position_at_end(exit);
        Ok(())
    }

    /// Lowers a loop body with the loop on the scope stack.
    pub(crate) fn in_loop(&mut self, scope: LoopScope<'ctx>, body: ValueId) -> R<()> {
        self.scopes.push(Scope::Loop(scope));
        let result = self.value(body);
        self.scopes.pop();
        result.map(drop)
    }

    /// `for var in range(start, end, step)`: a hidden counter runs from `start` while it is
    /// below (`step > 0`) or above (`step < 0`) `end`; `var` receives it at each iteration, so
    /// assignments to `var` in the body do not change the iteration (as in Python).
    pub(crate) fn lower_imperative_for(
        &mut self,
        start: ValueId,
        end: ValueId,
        step: i64,
        var: VarId,
        body: ValueId,
    ) -> R<()> {
        let var_ty = self.g.m.var(var).ty;
        let (BasicTypeEnum::IntType(int_ty), TypeKind::Int { signed, .. }) =
            (self.g.types.lower(var_ty)?, self.g.types.kind(var_ty))
        else {
            return unsupported(format!(
                "counted loop over `{}`, not an integer type",
                self.g.types.name(var_ty)
            ));
        };
        if step == 0 {
            return unsupported(format!("counted loop with step 0 in `{}`", self.func.name));
        }
        let s = self.value(start)?;
        check_type(int_ty.into(), s, "start of a counted loop")?;
        let e = self.value(end)?;
        check_type(int_ty.into(), e, "end of a counted loop")?;
        let counter = self.alloca(int_ty.into(), "for.i")?;
        self.b().build_store(counter, s)?;
        let (cond_bb, body_bb, latch, exit) = (
            self.block("for.cond"),
            self.block("for.body"),
            self.block("for.step"),
            self.block("for.end"),
        );
        self.b().build_unconditional_branch(cond_bb)?;
        self.b().position_at_end(cond_bb);
        let i = self.b().build_load(int_ty, counter, "i")?.into_int_value();
        let pred = match (step > 0, *signed) {
            (true, true) => IntPredicate::SLT,
            (true, false) => IntPredicate::ULT,
            (false, true) => IntPredicate::SGT,
            (false, false) => IntPredicate::UGT,
        };
        let c = self
            .b()
            .build_int_compare(pred, i, e.into_int_value(), "for.more")?;
        self.b().build_conditional_branch(c, body_bb, exit)?;
        self.b().position_at_end(body_bb);
        let slot = self.var_slot(var)?;
        self.b().build_store(slot, i)?;
        self.in_loop(
            LoopScope {
                brk: exit,
                cont: latch,
                generator: None,
            },
            body,
        )?;
        self.b().build_unconditional_branch(latch)?;
        self.b().position_at_end(latch);
        let i = self.b().build_load(int_ty, counter, "i")?.into_int_value();
        let next = self
            .b()
            .build_int_add(i, int_ty.const_int(step as u64, true), "i.next")?;
        self.b().build_store(counter, next)?;
        self.b().build_unconditional_branch(cond_bb)?;
        self.b().position_at_end(exit);
        Ok(())
    }

    pub(crate) fn lower_return(&mut self, x: Option<ValueId>) -> R<()> {
        let val = match x {
            Some(x) => Some(self.value(x)?),
            None => None,
        };
        if self.coro.is_some() {
            // A generator's return value is dropped (it would be `StopIteration.value`).
            return self.do_return(None, self.scopes.len());
        }
        let ret_ty = self.g.types.lower(self.func.ret)?;
        let val = val.unwrap_or_else(|| ret_ty.const_zero());
        check_type(
            ret_ty,
            val,
            &format!("value returned from `{}`", self.func.name),
        )?;
        self.do_return(Some(val), self.scopes.len())
    }

    /// Returns from the function as seen from scope depth `level`: destroys the generators of
    /// the `for` loops it leaves and runs the first pending `finally` (which repeats the return
    /// when it ends). `val` is the value to return; `None` when it is already in the return
    /// slot (or the function is a generator).
    pub(crate) fn do_return(&mut self, val: Option<BasicValueEnum<'ctx>>, level: usize) -> R<()> {
        for i in (0..level).rev() {
            match &self.scopes[i] {
                Scope::Loop(LoopScope {
                    generator: Some(h), ..
                }) => {
                    let h = *h;
                    self.destroy_generator(h)?;
                }
                Scope::Try(t) if t.finally_pending() => {
                    if let (Some(v), None) = (val, &self.coro) {
                        let slot = self.ret_slot()?;
                        self.b().build_store(slot, v)?;
                    }
                    return self.enter_finally(i, Action::Return);
                }
                _ => {}
            }
        }
        if let Some(final_bb) = self.coro.as_ref().map(|c| c.final_bb) {
            self.b().build_unconditional_branch(final_bb)?;
        } else {
            let v = match val {
                Some(v) => v,
                None => {
                    let slot = self.ret_slot()?;
                    self.b()
                        .build_load(self.g.types.lower(self.func.ret)?, slot, "ret")?
                }
            };
            self.b().build_return(Some(&v))?;
        }
        self.continue_dead();
        Ok(())
    }

    /// `break` as seen from scope depth `level`.
    pub(crate) fn do_break(&mut self, level: usize) -> R<()> {
        self.loop_exit(level, Action::Break)
    }

    /// `continue` as seen from scope depth `level`.
    pub(crate) fn do_continue(&mut self, level: usize) -> R<()> {
        self.loop_exit(level, Action::Continue)
    }

    fn loop_exit(&mut self, level: usize, action: Action) -> R<()> {
        let found = (0..level).rev().find_map(|i| match &self.scopes[i] {
            Scope::Loop(l) => Some((i, *l)),
            Scope::Try(_) => None,
        });
        let Some((loop_idx, l)) = found else {
            return unsupported(format!(
                "`{}` outside a loop in `{}`",
                action.keyword(),
                self.func.name
            ));
        };
        for i in (loop_idx + 1..level).rev() {
            if matches!(&self.scopes[i], Scope::Try(t) if t.finally_pending()) {
                return self.enter_finally(i, action);
            }
        }
        let target = if action == Action::Break {
            l.brk
        } else {
            l.cont
        };
        self.b().build_unconditional_branch(target)?;
        self.continue_dead();
        Ok(())
    }
}
