//! Lowering of CIR values: constants and instructions. Control flow is in `flow.rs`,
//! exceptions in `exceptions.rs` and generators in `generators.rs`.

use cir::{FuncId, FuncKind, TypeId, TypeKind, ValueId, ValueKind};
use inkwell::types::BasicTypeEnum;
use inkwell::values::{BasicValue, BasicValueEnum, IntValue, PointerValue, StructValue};
use inkwell::IntPredicate;

use crate::error::{unsupported, R};
use crate::func::{check_type, FuncGen};
use crate::rt::RtFn;

impl<'ctx> FuncGen<'_, 'ctx, '_> {
    /// Lowers a value, returning what it evaluates to (`{}` for statements).
    pub fn value(&mut self, id: ValueId) -> R<BasicValueEnum<'ctx>> {
        let m = self.g.m;
        let v = m.value(id);
        match &v.kind {
            ValueKind::IntConst(i) => self.int_const(*i, v.ty),
            ValueKind::FloatConst(f) => self.float_const(*f, v.ty),
            ValueKind::BoolConst(b) => {
                Ok(self.g.cx.i8_type().const_int(u64::from(*b), false).into())
            }
            ValueKind::StrConst(s) => self.str_const(s, v.ty),
            ValueKind::Null => self.zero(v.ty),
            ValueKind::VarRef(var) => {
                let slot = self.var_slot(*var)?;
                let ty = self.g.types.lower(m.var(*var).ty)?;
                Ok(self.b().build_load(ty, slot, &m.var(*var).name)?)
            }
            ValueKind::VarPtr(var) => Ok(self.var_slot(*var)?.into()),
            ValueKind::FuncRef(f) => Ok(self
                .g
                .func_value(*f)?
                .0
                .as_global_value()
                .as_pointer_value()
                .into()),
            ValueKind::Call { func, args } => {
                let outer = self.call_loc.replace(v.loc);
                let result = self.call(*func, args, v.ty);
                self.call_loc = outer;
                result
            }
            ValueKind::CallIndirect { callee, args } => {
                let outer = self.call_loc.replace(v.loc);
                let result = self.call_indirect(*callee, args, v.ty);
                self.call_loc = outer;
                result
            }
            ValueKind::Assign { var, value } => {
                let x = self.value(*value)?;
                let slot = self.var_slot(*var)?;
                let ty = self.g.types.lower(m.var(*var).ty)?;
                check_type(ty, x, &format!("value assigned to `{}`", m.var(*var).name))?;
                self.b().build_store(slot, x)?;
                self.zero(v.ty)
            }
            ValueKind::Extract { value, field } => self.extract(*value, *field),
            ValueKind::FieldPtr { base, field } => self.field_ptr(*base, *field),
            ValueKind::Insert {
                target,
                field,
                value,
            } => {
                self.insert(*target, *field, *value)?;
                self.zero(v.ty)
            }
            ValueKind::MakeRecord(fields) => self.make_record(fields, v.ty),
            ValueKind::New => self.new_object(v.ty),
            ValueKind::MakeOptional(x) => self.make_optional(*x, v.ty),
            ValueKind::OptionalHas(x) => self.optional_has(*x),
            ValueKind::OptionalGet(x) => self.optional_get(*x),
            ValueKind::Cast(x) => self.cast(*x, v.ty),
            ValueKind::Ternary { cond, then, other } => self.ternary(*cond, *then, *other, v.ty),
            ValueKind::Return(x) => {
                self.lower_return(*x)?;
                self.zero(v.ty)
            }
            ValueKind::Break => {
                self.do_break(self.scopes.len())?;
                self.zero(v.ty)
            }
            ValueKind::Continue => {
                self.do_continue(self.scopes.len())?;
                self.zero(v.ty)
            }
            ValueKind::Yield(x) => {
                self.lower_yield(*x)?;
                self.zero(v.ty)
            }
            ValueKind::Throw(x) => {
                self.lower_throw(*x, v.loc)?;
                self.zero(v.ty)
            }
            ValueKind::FlowInstr { flow, value } => {
                self.value(*flow)?;
                self.value(*value)
            }
            ValueKind::Series(items) => {
                for item in items {
                    if self.is_dead() {
                        break;
                    }
                    self.value(*item)?;
                }
                self.zero(v.ty)
            }
            ValueKind::If { cond, then, other } => {
                self.lower_if(*cond, *then, *other)?;
                self.zero(v.ty)
            }
            ValueKind::While { cond, body } => {
                self.lower_while(*cond, *body)?;
                self.zero(v.ty)
            }
            ValueKind::For { iter, var, body } => {
                self.lower_for(*iter, *var, *body)?;
                self.zero(v.ty)
            }
            ValueKind::ImperativeFor {
                start,
                end,
                step,
                var,
                body,
            } => {
                self.lower_imperative_for(*start, *end, *step, *var, *body)?;
                self.zero(v.ty)
            }
            ValueKind::ParFor {
                start,
                end,
                body,
                combine,
                captures,
                clauses,
            } => {
                self.lower_par_for(*start, *end, *body, *combine, captures, clauses)?;
                self.zero(v.ty)
            }
            ValueKind::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                self.lower_try(*body, handlers, *orelse, *finally)?;
                self.zero(v.ty)
            }
        }
    }

    /// A value that must be a pointer (objects, generators, function pointers).
    pub fn ptr_value(&mut self, id: ValueId, what: &str) -> R<PointerValue<'ctx>> {
        match self.value(id)? {
            BasicValueEnum::PointerValue(p) => Ok(p),
            other => unsupported(format!(
                "{what} in `{}` has non-pointer type {}",
                self.func.name,
                other.get_type()
            )),
        }
    }

    /// A condition as `i1`: `bool` (`i8`) and integers compare `ne 0`, pointers `ne null`.
    pub fn cond(&mut self, id: ValueId) -> R<IntValue<'ctx>> {
        match self.value(id)? {
            BasicValueEnum::IntValue(i) if i.get_type().get_bit_width() == 1 => Ok(i),
            BasicValueEnum::IntValue(i) => Ok(self.b().build_int_compare(
                IntPredicate::NE,
                i,
                i.get_type().const_zero(),
                "cond",
            )?),
            BasicValueEnum::PointerValue(p) => Ok(self.b().build_is_not_null(p, "cond")?),
            other => unsupported(format!(
                "condition in `{}` has type {}",
                self.func.name,
                other.get_type()
            )),
        }
    }

    fn int_const(&self, i: i64, ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        let lowered = self.g.types.lower(ty)?;
        Ok(match (self.g.types.kind(ty), lowered) {
            (TypeKind::Bool, BasicTypeEnum::IntType(t)) => {
                t.const_int(u64::from(i != 0), false).into()
            }
            (_, BasicTypeEnum::IntType(t)) => t.const_int(i as u64, true).into(),
            (_, BasicTypeEnum::FloatType(t)) => t.const_float(i as f64).into(),
            _ => {
                return unsupported(format!(
                    "integer constant of type `{}`",
                    self.g.types.name(ty)
                ))
            }
        })
    }

    fn float_const(&self, f: f64, ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        match self.g.types.lower(ty)? {
            BasicTypeEnum::FloatType(t) => Ok(t.const_float(f).into()),
            _ => unsupported(format!(
                "float constant of type `{}`",
                self.g.types.name(ty)
            )),
        }
    }

    /// A `str` constant: `{ i64 len, ptr data }` pointing at a private constant byte array.
    fn str_const(&mut self, s: &str, ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        let BasicTypeEnum::StructType(st) = self.g.types.lower(ty)? else {
            return unsupported(format!(
                "string constant of non-record type `{}`",
                self.g.types.name(ty)
            ));
        };
        let fields = st.get_field_types();
        let (Some(BasicTypeEnum::IntType(len_ty)), Some(BasicTypeEnum::PointerType(_)), 2) =
            (fields.first(), fields.get(1), fields.len())
        else {
            return unsupported(format!(
                "string constant of type `{}`, not {{ len, ptr }}",
                self.g.types.name(ty)
            ));
        };
        let data = self.g.cstr(s);
        let len = len_ty.const_int(s.len() as u64, false);
        Ok(st.const_named_struct(&[len.into(), data.into()]).into())
    }

    fn call(&mut self, func: FuncId, args: &[ValueId], ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        let (fv, fty) = self.g.func_value(func)?;
        let argv = args.iter().map(|a| self.value(*a)).collect::<R<Vec<_>>>()?;
        // `@llvm` functions are primitive operations: they do not unwind.
        let may_throw = !matches!(self.g.m.func(func).kind, FuncKind::Llvm { .. });
        let result = self.emit_call(
            fty,
            fv.as_global_value().as_pointer_value(),
            &argv,
            may_throw,
        )?;
        match result {
            Some(r) => Ok(r),
            None => self.zero(ty),
        }
    }

    fn call_indirect(
        &mut self,
        callee: ValueId,
        args: &[ValueId],
        ty: TypeId,
    ) -> R<BasicValueEnum<'ctx>> {
        let callee_ty = self.g.m.value(callee).ty;
        let TypeKind::Func { args: arg_tys, ret } = self.g.types.kind(callee_ty) else {
            return unsupported(format!(
                "indirect call through non-function type `{}`",
                self.g.types.name(callee_ty)
            ));
        };
        let fty = self.g.types.fn_type(arg_tys, *ret, false)?;
        let ptr = self.ptr_value(callee, "callee")?;
        let argv = args.iter().map(|a| self.value(*a)).collect::<R<Vec<_>>>()?;
        match self.emit_call(fty, ptr, &argv, true)? {
            Some(r) => Ok(r),
            None => self.zero(ty),
        }
    }

    /// Field `field` of a record value or of a reference object.
    fn extract(&mut self, value: ValueId, field: usize) -> R<BasicValueEnum<'ctx>> {
        let ty = self.g.m.value(value).ty;
        match self.g.types.kind(ty) {
            TypeKind::Record { fields } => {
                if field >= fields.len() {
                    return unsupported(format!(
                        "field {field} of `{}` does not exist",
                        self.g.types.name(ty)
                    ));
                }
                let rec = self.struct_value(value)?;
                Ok(self
                    .b()
                    .build_extract_value(rec, field as u32, &fields[field].name)?)
            }
            TypeKind::Ref { fields, .. } => {
                let Some(f) = fields.get(field) else {
                    return unsupported(format!(
                        "field {field} of `{}` does not exist",
                        self.g.types.name(ty)
                    ));
                };
                let obj = self.ptr_value(value, "object")?;
                let addr = self.field_addr(ty, obj, field)?;
                let fty = self.g.types.lower(f.ty)?;
                Ok(self.b().build_load(fty, addr, &f.name)?)
            }
            _ => unsupported(format!(
                "field access on `{}`, which has no fields",
                self.g.types.name(ty)
            )),
        }
    }

    /// The address of field `field` of a reference object, or of the record a pointer points to.
    fn field_ptr(&mut self, base: ValueId, field: usize) -> R<BasicValueEnum<'ctx>> {
        let ty = self.g.m.value(base).ty;
        let (st, fields) = match self.g.types.kind(ty) {
            TypeKind::Ref { fields, .. } => (self.g.types.ref_struct(ty)?, fields),
            TypeKind::Ptr(inner) => {
                match (self.g.types.kind(*inner), self.g.types.lower(*inner)?) {
                    (TypeKind::Record { fields }, BasicTypeEnum::StructType(st)) => (st, fields),
                    _ => {
                        return unsupported(format!(
                            "field address through `{}`, not a pointer to a record",
                            self.g.types.name(ty)
                        ))
                    }
                }
            }
            _ => {
                return unsupported(format!(
                    "field address of `{}`, which has no fields",
                    self.g.types.name(ty)
                ))
            }
        };
        if field >= fields.len() {
            return unsupported(format!(
                "field {field} of `{}` does not exist",
                self.g.types.name(ty)
            ));
        }
        let obj = self.ptr_value(base, "object")?;
        Ok(self
            .b()
            .build_struct_gep(st, obj, field as u32, "field")?
            .into())
    }

    /// Stores into field `field` of a reference object.
    fn insert(&mut self, target: ValueId, field: usize, value: ValueId) -> R<()> {
        let ty = self.g.m.value(target).ty;
        let TypeKind::Ref { fields, .. } = self.g.types.kind(ty) else {
            return unsupported(format!(
                "field store into `{}`, not a reference class",
                self.g.types.name(ty)
            ));
        };
        let Some(f) = fields.get(field) else {
            return unsupported(format!(
                "field {field} of `{}` does not exist",
                self.g.types.name(ty)
            ));
        };
        let obj = self.ptr_value(target, "object")?;
        let x = self.value(value)?;
        check_type(
            self.g.types.lower(f.ty)?,
            x,
            &format!("value stored to field `{}`", f.name),
        )?;
        let addr = self.field_addr(ty, obj, field)?;
        self.b().build_store(addr, x)?;
        Ok(())
    }

    fn field_addr(
        &self,
        ty: TypeId,
        obj: PointerValue<'ctx>,
        field: usize,
    ) -> R<PointerValue<'ctx>> {
        let st = self.g.types.ref_struct(ty)?;
        Ok(self.b().build_struct_gep(st, obj, field as u32, "field")?)
    }

    fn struct_value(&mut self, id: ValueId) -> R<StructValue<'ctx>> {
        match self.value(id)? {
            BasicValueEnum::StructValue(s) => Ok(s),
            other => unsupported(format!(
                "expected a record in `{}`, got {}",
                self.func.name,
                other.get_type()
            )),
        }
    }

    fn make_record(&mut self, fields: &[ValueId], ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        let BasicTypeEnum::StructType(st) = self.g.types.lower(ty)? else {
            return unsupported(format!(
                "record of non-record type `{}`",
                self.g.types.name(ty)
            ));
        };
        if st.count_fields() as usize != fields.len() {
            return unsupported(format!(
                "record of type `{}` built from {} values",
                self.g.types.name(ty),
                fields.len()
            ));
        }
        let mut agg = st.get_undef();
        for (i, f) in fields.iter().enumerate() {
            let x = self.value(*f)?;
            let expected = st
                .get_field_type_at_index(i as u32)
                .expect("field count checked");
            check_type(
                expected,
                x,
                &format!("field {i} of a `{}` record", self.g.types.name(ty)),
            )?;
            agg = self
                .b()
                .build_insert_value(agg, x, i as u32, "rec")?
                .into_struct_value();
        }
        Ok(agg.into())
    }

    /// Allocates a zeroed object of a reference class with `seq_alloc`.
    fn new_object(&mut self, ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        let st = self.g.types.ref_struct(ty)?;
        let size = self.g.td.get_abi_size(&st).max(1);
        let size = self.g.cx.i64_type().const_int(size, false);
        let alloc = self.g.rt(RtFn::Alloc).as_global_value().as_pointer_value();
        let obj = self.emit_call(RtFn::Alloc.ty(self.g.cx), alloc, &[size.into()], true)?;
        Ok(obj.expect("seq_alloc returns a pointer"))
    }

    fn optional_inner(&self, ty: TypeId) -> R<TypeId> {
        match self.g.types.kind(ty) {
            TypeKind::Optional(inner) => Ok(*inner),
            _ => unsupported(format!(
                "optional operation on non-optional type `{}`",
                self.g.types.name(ty)
            )),
        }
    }

    fn make_optional(&mut self, x: ValueId, ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        let inner = self.optional_inner(ty)?;
        let xv = self.value(x)?;
        check_type(
            self.g.types.lower(inner)?,
            xv,
            "value wrapped into an optional",
        )?;
        if self.g.types.optional_is_ptr(ty) {
            return Ok(xv);
        }
        let BasicTypeEnum::StructType(st) = self.g.types.lower(ty)? else {
            unreachable!("non-pointer optionals lower to {{ i1, T }}")
        };
        let has = self.g.cx.bool_type().const_all_ones();
        let agg = self.b().build_insert_value(st.get_undef(), has, 0, "opt")?;
        Ok(self
            .b()
            .build_insert_value(agg, xv, 1, "opt")?
            .into_struct_value()
            .into())
    }

    fn optional_has(&mut self, x: ValueId) -> R<BasicValueEnum<'ctx>> {
        let ty = self.g.m.value(x).ty;
        self.optional_inner(ty)?;
        let has = if self.g.types.optional_is_ptr(ty) {
            let p = self.ptr_value(x, "optional")?;
            self.b().build_is_not_null(p, "has")?
        } else {
            let s = self.struct_value(x)?;
            match self.b().build_extract_value(s, 0, "has")? {
                BasicValueEnum::IntValue(has) => has,
                other => return unsupported(format!("optional flag of type {}", other.get_type())),
            }
        };
        Ok(self
            .b()
            .build_int_z_extend(has, self.g.cx.i8_type(), "has")?
            .into())
    }

    fn optional_get(&mut self, x: ValueId) -> R<BasicValueEnum<'ctx>> {
        let ty = self.g.m.value(x).ty;
        self.optional_inner(ty)?;
        if self.g.types.optional_is_ptr(ty) {
            return self.value(x);
        }
        let s = self.struct_value(x)?;
        Ok(self.b().build_extract_value(s, 1, "val")?)
    }

    /// Reinterprets a value: pointer to pointer is a no-op; integers are resized.
    fn cast(&mut self, x: ValueId, ty: TypeId) -> R<BasicValueEnum<'ctx>> {
        let from_ty = self.g.m.value(x).ty;
        let to = self.g.types.lower(ty)?;
        let xv = self.value(x)?;
        if xv.get_type() == to {
            return Ok(xv);
        }
        let signed = matches!(
            self.g.types.kind(from_ty),
            TypeKind::Int { signed: true, .. }
        );
        Ok(match (xv, to) {
            (BasicValueEnum::IntValue(i), BasicTypeEnum::IntType(t)) => self
                .b()
                .build_int_cast_sign_flag(i, t, signed, "cast")?
                .into(),
            (BasicValueEnum::IntValue(i), BasicTypeEnum::PointerType(t)) => {
                self.b().build_int_to_ptr(i, t, "cast")?.into()
            }
            (BasicValueEnum::PointerValue(p), BasicTypeEnum::IntType(t)) => {
                self.b().build_ptr_to_int(p, t, "cast")?.into()
            }
            (BasicValueEnum::IntValue(i), BasicTypeEnum::FloatType(t)) => {
                if signed {
                    self.b().build_signed_int_to_float(i, t, "cast")?.into()
                } else {
                    self.b().build_unsigned_int_to_float(i, t, "cast")?.into()
                }
            }
            (BasicValueEnum::FloatValue(f), BasicTypeEnum::IntType(t)) => {
                let to_signed = !matches!(
                    self.g.types.kind(ty),
                    TypeKind::Int { signed: false, .. } | TypeKind::Bool | TypeKind::Byte
                );
                if to_signed {
                    self.b().build_float_to_signed_int(f, t, "cast")?.into()
                } else {
                    self.b().build_float_to_unsigned_int(f, t, "cast")?.into()
                }
            }
            (BasicValueEnum::FloatValue(f), BasicTypeEnum::FloatType(t)) => {
                self.b().build_float_cast(f, t, "cast")?.into()
            }
            (BasicValueEnum::PointerValue(p), BasicTypeEnum::PointerType(t)) => {
                self.b().build_pointer_cast(p, t, "cast")?.into()
            }
            _ => {
                return unsupported(format!(
                    "cast from `{}` to `{}`",
                    self.g.types.name(from_ty),
                    self.g.types.name(ty)
                ))
            }
        })
    }

    /// `cond ? then : other`, evaluating only the chosen side.
    fn ternary(
        &mut self,
        cond: ValueId,
        then: ValueId,
        other: ValueId,
        ty: TypeId,
    ) -> R<BasicValueEnum<'ctx>> {
        let c = self.cond(cond)?;
        let (then_bb, else_bb, merge) = (
            self.block("tern.then"),
            self.block("tern.else"),
            self.block("tern.end"),
        );
        self.b().build_conditional_branch(c, then_bb, else_bb)?;
        self.b().position_at_end(then_bb);
        let tv = self.value(then)?;
        let then_end = self.current();
        self.b().build_unconditional_branch(merge)?;
        self.b().position_at_end(else_bb);
        let ev = self.value(other)?;
        let else_end = self.current();
        self.b().build_unconditional_branch(merge)?;
        self.b().position_at_end(merge);
        let lowered = self.g.types.lower(ty)?;
        if self.g.types.is_empty_record(ty) {
            return Ok(lowered.const_zero());
        }
        check_type(lowered, tv, "true branch of a conditional expression")?;
        check_type(lowered, ev, "false branch of a conditional expression")?;
        let phi = self.b().build_phi(lowered, "tern")?;
        phi.add_incoming(&[
            (&tv as &dyn BasicValue, then_end),
            (&ev as &dyn BasicValue, else_end),
        ]);
        Ok(phi.as_basic_value())
    }
}
