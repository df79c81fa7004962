//! Exceptions: Itanium zero-cost unwinding with the runtime's `seq_personality`, and the
//! try/except/else/finally state machine.
//!
//! Each `try` owns a slot for the exception in flight and, when it has a `finally`, a state
//! slot saying why the `finally` runs (`Action`). Code in a `try` body unwinds to a landing pad
//! that stores the exception and branches to the handler dispatch (or, with no handlers, to the
//! `finally` in state THROWN); code in the handlers and the `else` unwinds into the `finally`;
//! code in the `finally` unwinds to the enclosing `try`. `return`, `break` and `continue` that
//! leave a `try` with a `finally` record their action in the state and run the `finally`, whose
//! end repeats the action from outside the `try` (running further `finally` blocks).
//!
//! Handlers match the raised type id against every class that is a subclass of a handled type.
//! Objects carry no type, so `raise x` uses the static type of `x`, except when `x` is an
//! exception a handler of the same function caught: then its caught type id is kept, which
//! makes re-raising (`raise` / `raise e` in a handler) preserve the original class.

use cir::{Handler, Loc, TypeId, ValueId};
use inkwell::basic_block::BasicBlock;
use inkwell::types::BasicType;
use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::IntPredicate;

use crate::error::{unsupported, R};
use crate::func::{FuncGen, Scope};
use crate::rt::RtFn;

/// Why control reached a `finally` (the values of a `try`'s state slot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    /// The body (or `else`) completed normally.
    Normal = 0,
    /// An exception is propagating; it is in the `try`'s exception slot.
    Thrown = 1,
    /// A handler caught the exception and completed.
    Caught = 2,
    /// A `return` is pending; the value is in the function's return slot.
    Return = 3,
    /// A `break` is pending.
    Break = 4,
    /// A `continue` is pending.
    Continue = 5,
}

impl Action {
    /// The statement that causes the action, for messages.
    pub fn keyword(self) -> &'static str {
        match self {
            Action::Break => "break",
            Action::Continue => "continue",
            Action::Return => "return",
            Action::Normal | Action::Thrown | Action::Caught => "try",
        }
    }
}

/// Which part of a `try` code is being generated for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Region {
    /// The guarded body: exceptions go to the handlers.
    Body,
    /// The handlers and the `else` clause: exceptions run the `finally` and propagate.
    Handled,
    /// The `finally` clause: exceptions propagate to the enclosing `try`.
    Finally,
}

/// The blocks and slots of a `finally` clause.
#[derive(Clone, Copy)]
struct Finally<'ctx> {
    entry: BasicBlock<'ctx>,
    state: PointerValue<'ctx>,
    /// Sets the state to THROWN and enters the `finally`.
    thrown: BasicBlock<'ctx>,
}

/// An enclosing `try` on the scope stack.
pub(crate) struct TryScope<'ctx> {
    region: Region,
    exc: PointerValue<'ctx>,
    dispatch: Option<BasicBlock<'ctx>>,
    finally: Option<Finally<'ctx>>,
    /// Landing pads of the body and of the handled region, created on first use.
    pads: [Option<BasicBlock<'ctx>>; 2],
    /// Bit `1 << action` for each pending action that entered the `finally`.
    used: u8,
}

impl<'ctx> TryScope<'ctx> {
    /// A region whose exceptions all go to `target` (after being stored in `exc`), with no
    /// handlers or `finally` of its own: the guard around a generator's body.
    pub fn catch_all(exc: PointerValue<'ctx>, target: BasicBlock<'ctx>) -> Self {
        TryScope {
            region: Region::Body,
            exc,
            dispatch: Some(target),
            finally: None,
            pads: [None, None],
            used: 0,
        }
    }

    /// The exception slot and target of a [`TryScope::catch_all`] region.
    pub fn catch_all_parts(&self) -> (PointerValue<'ctx>, BasicBlock<'ctx>) {
        (
            self.exc,
            self.dispatch.expect("a catch-all region has a target"),
        )
    }

    /// Whether a control transfer from the current region must run this `try`'s `finally`.
    pub fn finally_pending(&self) -> bool {
        self.finally.is_some() && self.region != Region::Finally
    }

    /// Where an exception raised in the current region goes (after being stored in `exc`).
    fn target(&self) -> Option<BasicBlock<'ctx>> {
        match self.region {
            Region::Body => self.dispatch.or(self.finally.map(|f| f.thrown)),
            Region::Handled => self.finally.map(|f| f.thrown),
            Region::Finally => None,
        }
    }

    fn uses(&self, action: Action) -> bool {
        self.used & (1 << action as u8) != 0
    }
}

impl<'ctx> FuncGen<'_, 'ctx, '_> {
    fn try_scope(&mut self, level: usize) -> &mut TryScope<'ctx> {
        match &mut self.scopes[level] {
            Scope::Try(t) => t,
            Scope::Loop(_) => unreachable!("scope {level} is a try"),
        }
    }

    /// Records `action` in the state of the `try` at `level` and jumps into its `finally`.
    pub(crate) fn enter_finally(&mut self, level: usize, action: Action) -> R<()> {
        let t = self.try_scope(level);
        let f = t.finally.expect("enter_finally on a try with a finally");
        t.used |= 1 << action as u8;
        self.b().build_store(f.state, self.state_const(action))?;
        self.b().build_unconditional_branch(f.entry)?;
        self.continue_dead();
        Ok(())
    }

    fn state_const(&self, action: Action) -> IntValue<'ctx> {
        self.g.cx.i32_type().const_int(action as u64, false)
    }

    /// Where a call that may throw unwinds to: the landing pad of the innermost `try` region
    /// that handles exceptions, if any. A source-level call (`call_loc` set, outside
    /// generators) gets a pad of its own per line that first records this function's frame
    /// in the exception's traceback and then goes on as the region's pad does, or resumes
    /// unwinding when no region encloses it.
    pub(crate) fn unwind_dest(&mut self) -> R<Option<BasicBlock<'ctx>>> {
        let frame = self.call_loc.filter(|l| l.line > 0 && self.coro.is_none());
        let handler = self
            .scopes
            .iter()
            .enumerate()
            .rev()
            .find_map(|(level, scope)| {
                let Scope::Try(t) = scope else { return None };
                let target = t.target()?;
                let slot = usize::from(t.region != Region::Body);
                Some((level, slot, t.pads[slot], t.exc, target))
            });
        let Some((level, slot, existing, exc, target)) = handler else {
            return match frame {
                Some(loc) => self.frame_pad(None, loc).map(Some),
                None => Ok(None),
            };
        };
        if let Some(loc) = frame {
            return self.frame_pad(Some((exc, target)), loc).map(Some);
        }
        if let Some(pad) = existing {
            return Ok(Some(pad));
        }
        let pad = self.landing_pad(exc, target, None)?;
        self.try_scope(level).pads[slot] = Some(pad);
        Ok(Some(pad))
    }

    /// The pad of calls on line `loc.line` that records this frame: into a `try` region
    /// (its exception slot and target), or out of the function.
    fn frame_pad(
        &mut self,
        region: Option<(PointerValue<'ctx>, BasicBlock<'ctx>)>,
        loc: Loc,
    ) -> R<BasicBlock<'ctx>> {
        let key = (region.map(|r| r.1), loc.line);
        if let Some(pad) = self.frame_pads.get(&key) {
            return Ok(*pad);
        }
        let pad = match region {
            Some((exc, target)) => self.landing_pad(exc, target, Some(loc))?,
            None => self.resuming_frame_pad(loc)?,
        };
        self.frame_pads.insert(key, pad);
        Ok(pad)
    }

    /// A cleanup pad that records the frame at `loc` and resumes unwinding.
    fn resuming_frame_pad(&mut self, loc: Loc) -> R<BasicBlock<'ctx>> {
        let saved = self.current();
        let pad = self.block("frame.lpad");
        self.b().position_at_end(pad);
        let lp_ty = self.landing_pad_type();
        let personality = self.g.rt(RtFn::Personality);
        self.fv.set_personality_function(personality);
        let lp = self
            .b()
            .build_landing_pad(lp_ty, personality, &[], true, "lp")?;
        let exc = self
            .b()
            .build_extract_value(lp.into_struct_value(), 0, "exc")?;
        self.add_frame(exc.into_pointer_value(), loc)?;
        self.b().build_resume(lp.into_struct_value())?;
        self.b().position_at_end(saved);
        Ok(pad)
    }

    /// `seq_exc_add_frame(exc, file, line, function)` for this function at `loc`.
    fn add_frame(&mut self, exc: PointerValue<'ctx>, loc: Loc) -> R<()> {
        let m = self.g.m;
        let file = self.g.cstr(
            m.files
                .get(loc.file as usize)
                .map_or("<unknown>", String::as_str),
        );
        let func = self.g.cstr(traceback_name(self.func));
        let line = self.g.cx.i64_type().const_int(u64::from(loc.line), false);
        let add = self.g.rt(RtFn::AddFrame);
        self.b().build_call(
            add,
            &[exc.into(), file.into(), line.into(), func.into()],
            "",
        )?;
        Ok(())
    }

    /// `{ ptr, i32 }`, what a landing pad produces.
    fn landing_pad_type(&self) -> inkwell::types::StructType<'ctx> {
        let ptr = self.g.cx.ptr_type(Default::default());
        self.g
            .cx
            .struct_type(&[ptr.into(), self.g.cx.i32_type().into()], false)
    }

    /// A landing pad catching every exception: records the frame at `frame` (when given),
    /// stores the exception into `exc` and goes to `target`.
    ///
    /// It is also a `cleanup` pad: the code after it tests the exception's type and may
    /// `resume` unwinding, and LLVM's DwarfEHPrepare (at -O1 and above) deletes a `resume`
    /// reachable only from catch-only pads, as C++ semantics allow — which made exceptions
    /// that leave a generator, or pass a non-matching `except`, run off the end of the
    /// function in release builds.
    fn landing_pad(
        &mut self,
        exc: PointerValue<'ctx>,
        target: BasicBlock<'ctx>,
        frame: Option<Loc>,
    ) -> R<BasicBlock<'ctx>> {
        let saved = self.current();
        let pad = self.block("lpad");
        self.b().position_at_end(pad);
        let ptr = self.g.cx.ptr_type(Default::default());
        let lp_ty = self.landing_pad_type();
        let personality = self.g.rt(RtFn::Personality);
        let lp = self.b().build_landing_pad(
            lp_ty,
            personality,
            &[ptr.const_null().into()],
            true,
            "lp",
        )?;
        let obj = self
            .b()
            .build_extract_value(lp.into_struct_value(), 0, "exc")?;
        if let Some(loc) = frame {
            self.add_frame(obj.into_pointer_value(), loc)?;
        }
        self.b().build_store(exc, obj)?;
        self.b().build_unconditional_branch(target)?;
        self.b().position_at_end(saved);
        Ok(pad)
    }

    /// Propagates the exception `exc` (an unwind header) from scope depth `level`: into the
    /// nearest enclosing `try` region that handles it, or out of the function (`resume`).
    pub(crate) fn propagate(&mut self, exc: PointerValue<'ctx>, level: usize) -> R<()> {
        for i in (0..level).rev() {
            let Scope::Try(t) = &self.scopes[i] else {
                continue;
            };
            if let Some(target) = t.target() {
                self.b().build_store(t.exc, exc)?;
                self.b().build_unconditional_branch(target)?;
                self.continue_dead();
                return Ok(());
            }
        }
        let ptr = self.g.cx.ptr_type(Default::default());
        let lp_ty = self
            .g
            .cx
            .struct_type(&[ptr.into(), self.g.cx.i32_type().into()], false);
        let lp = self
            .b()
            .build_insert_value(lp_ty.get_undef(), exc, 0, "lp")?;
        let lp = self
            .b()
            .build_insert_value(lp, self.g.cx.i32_type().const_zero(), 1, "lp")?;
        self.fv
            .set_personality_function(self.g.rt(RtFn::Personality));
        self.b().build_resume(lp.into_struct_value())?;
        self.continue_dead();
        Ok(())
    }

    /// `raise x`: `seq_throw(obj, type id, type name, file, line, function)`.
    /// The error is raised with the type id and name of its static type, unless it is an
    /// exception this function caught (a re-raise), whose caught type id is kept.
    pub(crate) fn lower_throw(&mut self, x: ValueId, loc: Loc) -> R<()> {
        let ty = self.g.m.value(x).ty;
        let obj = self.ptr_value(x, "raised exception")?;
        let m = self.g.m;
        let i64t = self.g.cx.i64_type();
        let (type_id, type_name) = self.dynamic_type(obj, ty)?;
        let file = self.g.cstr(
            m.files
                .get(loc.file as usize)
                .map_or("<unknown>", String::as_str),
        );
        let func = self.g.cstr(traceback_name(self.func));
        // Helpers marked `@__hidden__` raise on their caller's behalf: no frame of their own.
        let file = if self.func.attrs.iter().any(|a| a == "__hidden__") {
            self.g
                .cx
                .ptr_type(inkwell::AddressSpace::default())
                .const_null()
        } else {
            file
        };
        let args: [BasicValueEnum<'ctx>; 6] = [
            obj.into(),
            type_id.into(),
            type_name.into(),
            file.into(),
            i64t.const_int(u64::from(loc.line), false).into(),
            func.into(),
        ];
        let throw = self.g.rt(RtFn::Throw).as_global_value().as_pointer_value();
        // The raise is the traceback's last line already: no frame pad for it.
        let outer = self.call_loc.take();
        self.emit_call(RtFn::Throw.ty(self.g.cx), throw, &args, true)?;
        self.call_loc = outer;
        self.b().build_unreachable()?;
        self.continue_dead();
        Ok(())
    }

    /// Slots recording the last exception a handler of one `try` caught and its type id
    /// (the object slot starts out null).
    fn caught_slots(&mut self) -> R<(PointerValue<'ctx>, PointerValue<'ctx>)> {
        let obj = self.alloca(self.g.types.ptr(), "caught.obj")?;
        self.entry_store(obj, self.g.types.ptr().const_zero())?;
        let tid = self.alloca(self.g.cx.i64_type().into(), "caught.type")?;
        self.caught.push((obj, tid));
        Ok((obj, tid))
    }

    /// The type id and name to raise `obj` with: those of its static type `ty`, or, when `obj`
    /// is an exception caught in this function, the type id it was caught with (the latest
    /// catch wins) and the name of that type (one of the subclasses of `ty`).
    fn dynamic_type(
        &mut self,
        obj: PointerValue<'ctx>,
        ty: TypeId,
    ) -> R<(IntValue<'ctx>, PointerValue<'ctx>)> {
        let i64t = self.g.cx.i64_type();
        let mut type_id = i64t.const_int(u64::from(ty.0), false);
        let mut name = self.g.cstr(self.g.types.name(ty));
        if self.caught.is_empty() {
            return Ok((type_id, name));
        }
        for (obj_slot, tid_slot) in self.caught.clone() {
            let seen = self
                .b()
                .build_load(self.g.types.ptr(), obj_slot, "caught.obj")?;
            let same = self.b().build_int_compare(
                IntPredicate::EQ,
                self.b().build_ptr_to_int(obj, i64t, "obj")?,
                self.b()
                    .build_ptr_to_int(seen.into_pointer_value(), i64t, "seen")?,
                "reraise",
            )?;
            let tid = self
                .b()
                .build_load(i64t, tid_slot, "caught.type")?
                .into_int_value();
            type_id = self
                .b()
                .build_select(same, tid, type_id, "type.id")?
                .into_int_value();
        }
        let types = &self.g.m.types;
        let subclasses: Vec<TypeId> = types
            .iter()
            .map(|(id, _)| id)
            .filter(|&id| id != ty && types.is_subclass(id, ty))
            .collect();
        for sub in subclasses {
            let is_sub = self.b().build_int_compare(
                IntPredicate::EQ,
                type_id,
                i64t.const_int(u64::from(sub.0), false),
                "is",
            )?;
            let sub_name = self.g.cstr(self.g.types.name(sub));
            name = self
                .b()
                .build_select(is_sub, sub_name, name, "type.name")?
                .into_pointer_value();
        }
        Ok((type_id, name))
    }

    /// `try`/`except`/`else`/`finally`.
    pub(crate) fn lower_try(
        &mut self,
        body: ValueId,
        handlers: &[Handler],
        orelse: Option<ValueId>,
        finally: Option<ValueId>,
    ) -> R<()> {
        if handlers.is_empty() && finally.is_none() {
            self.value(body)?;
            if let Some(e) = orelse {
                self.value(e)?;
            }
            return Ok(());
        }
        let level = self.scopes.len();
        let exit = self.block("try.end");
        let exc = self.alloca(self.g.types.ptr(), "try.exc")?;
        let fin = match finally {
            Some(_) => {
                let state = self.alloca(self.g.cx.i32_type().as_basic_type_enum(), "try.state")?;
                self.b()
                    .build_store(state, self.state_const(Action::Normal))?;
                Some(Finally {
                    entry: self.block("finally"),
                    state,
                    thrown: self.block("try.thrown"),
                })
            }
            None => None,
        };
        let dispatch = (!handlers.is_empty()).then(|| self.block("try.dispatch"));
        self.scopes.push(Scope::Try(TryScope {
            region: Region::Body,
            exc,
            dispatch,
            finally: fin,
            pads: [None, None],
            used: 0,
        }));
        let result = self.try_parts(level, body, handlers, orelse, finally, exit);
        self.scopes.pop();
        result?;
        self.b().position_at_end(exit);
        Ok(())
    }

    fn try_parts(
        &mut self,
        level: usize,
        body: ValueId,
        handlers: &[Handler],
        orelse: Option<ValueId>,
        finally: Option<ValueId>,
        exit: BasicBlock<'ctx>,
    ) -> R<()> {
        self.value(body)?;
        self.try_scope(level).region = Region::Handled;
        if let Some(e) = orelse {
            self.value(e)?;
        }
        self.leave_try(level, Action::Normal, exit)?;
        let t = self.try_scope(level);
        let (dispatch, fin, exc) = (t.dispatch, t.finally, t.exc);
        if let Some(d) = dispatch {
            self.b().position_at_end(d);
            self.dispatch_handlers(level, exc, handlers, exit)?;
        }
        if let (Some(f), Some(fbody)) = (fin, finally) {
            self.b().position_at_end(f.thrown);
            self.b()
                .build_store(f.state, self.state_const(Action::Thrown))?;
            self.b().build_unconditional_branch(f.entry)?;
            self.try_scope(level).region = Region::Finally;
            self.b().position_at_end(f.entry);
            self.value(fbody)?;
            self.finally_exit(level, f, exit)?;
        }
        Ok(())
    }

    /// Ends a part of a `try` normally: through the `finally` (in state `action`) or to `exit`.
    fn leave_try(&mut self, level: usize, action: Action, exit: BasicBlock<'ctx>) -> R<()> {
        match self.try_scope(level).finally {
            Some(f) => {
                self.b().build_store(f.state, self.state_const(action))?;
                self.b().build_unconditional_branch(f.entry)?;
            }
            None => {
                self.b().build_unconditional_branch(exit)?;
            }
        }
        Ok(())
    }

    /// Matches the caught exception's type id against the handlers, in order.
    fn dispatch_handlers(
        &mut self,
        level: usize,
        exc_slot: PointerValue<'ctx>,
        handlers: &[Handler],
        exit: BasicBlock<'ctx>,
    ) -> R<()> {
        let ptr = self.g.types.ptr();
        let exc = self
            .b()
            .build_load(ptr, exc_slot, "exc")?
            .into_pointer_value();
        let type_id_fn = self
            .g
            .rt(RtFn::ExcTypeId)
            .as_global_value()
            .as_pointer_value();
        let tid = self
            .emit_call(
                RtFn::ExcTypeId.ty(self.g.cx),
                type_id_fn,
                &[exc.into()],
                false,
            )?
            .expect("seq_exc_type_id returns the type id")
            .into_int_value();
        let mut cases: Vec<(TypeId, usize)> = Vec::new();
        let mut catch_all = None;
        for (k, h) in handlers.iter().enumerate() {
            if h.types.is_empty() {
                catch_all = Some(k);
                break;
            }
            for (id, _) in self.g.m.types.iter() {
                let caught = h
                    .types
                    .iter()
                    .any(|&anc| self.g.m.types.is_subclass(id, anc));
                if caught && !cases.iter().any(|(c, _)| *c == id) {
                    cases.push((id, k));
                }
            }
        }
        let reachable = catch_all.map_or(handlers.len(), |k| k + 1);
        let blocks: Vec<BasicBlock<'ctx>> = (0..reachable).map(|_| self.block("except")).collect();
        let no_match = match catch_all {
            Some(k) => blocks[k],
            None => self.block("try.nomatch"),
        };
        let i64t = self.g.cx.i64_type();
        let switch_cases: Vec<_> = cases
            .iter()
            .map(|(id, k)| (i64t.const_int(u64::from(id.0), false), blocks[*k]))
            .collect();
        let object_fn = self
            .g
            .rt(RtFn::ExcObject)
            .as_global_value()
            .as_pointer_value();
        let obj = self
            .emit_call(
                RtFn::ExcObject.ty(self.g.cx),
                object_fn,
                &[exc.into()],
                false,
            )?
            .expect("seq_exc_object returns the object");
        self.b().build_switch(tid, no_match, &switch_cases)?;
        let caught = self.caught_slots()?;
        for (h, bb) in handlers.iter().zip(&blocks) {
            self.b().position_at_end(*bb);
            self.b().build_store(caught.0, obj)?;
            self.b().build_store(caught.1, tid)?;
            if let Some(var) = h.var {
                let var_ty = self.g.types.lower(self.g.m.var(var).ty)?;
                if !var_ty.is_pointer_type() {
                    return unsupported(format!(
                        "`except ... as {}` binds a non-object type",
                        self.g.m.var(var).name
                    ));
                }
                let slot = self.var_slot(var)?;
                self.b().build_store(slot, obj)?;
            }
            self.value(h.body)?;
            self.leave_try(level, Action::Caught, exit)?;
        }
        if catch_all.is_none() {
            self.b().position_at_end(no_match);
            match self.try_scope(level).finally {
                Some(f) => {
                    self.b().build_unconditional_branch(f.thrown)?;
                }
                None => self.propagate(exc, level)?,
            }
        }
        Ok(())
    }

    /// The end of a `finally`: continue after the `try`, or repeat the pending action from
    /// outside it.
    fn finally_exit(&mut self, level: usize, f: Finally<'ctx>, exit: BasicBlock<'ctx>) -> R<()> {
        let state = self
            .b()
            .build_load(self.g.cx.i32_type(), f.state, "state")?
            .into_int_value();
        // The state is THROWN only if something branches to the `thrown` block.
        let thrown = f.thrown.get_first_use().is_some();
        let t = self.try_scope(level);
        let actions: Vec<Action> = [
            Action::Thrown,
            Action::Return,
            Action::Break,
            Action::Continue,
        ]
        .into_iter()
        .filter(|a| {
            if *a == Action::Thrown {
                thrown
            } else {
                t.uses(*a)
            }
        })
        .collect();
        let blocks: Vec<_> = actions
            .iter()
            .map(|a| (*a, self.block(&format!("finally.{a:?}"))))
            .collect();
        let cases: Vec<_> = blocks
            .iter()
            .map(|(a, bb)| (self.state_const(*a), *bb))
            .collect();
        self.b().build_switch(state, exit, &cases)?;
        for (action, bb) in blocks {
            self.b().position_at_end(bb);
            match action {
                Action::Thrown => {
                    let slot = self.try_scope(level).exc;
                    let exc = self.b().build_load(self.g.types.ptr(), slot, "exc")?;
                    self.propagate(exc.into_pointer_value(), level)?;
                }
                Action::Return => self.do_return(None, level)?,
                Action::Break => self.do_break(level)?,
                Action::Continue => self.do_continue(level)?,
                Action::Normal | Action::Caught => unreachable!("not a pending action"),
            }
        }
        Ok(())
    }
}

/// How a traceback names the function: as written in source, and a module's top-level code
/// (the function `MODULE.__init__`) as `<module>`, as CPython does.
fn traceback_name(func: &cir::Func) -> &str {
    match func.unmangled.strip_suffix(".__init__") {
        Some(_) => "<module>",
        None => &func.unmangled,
    }
}
