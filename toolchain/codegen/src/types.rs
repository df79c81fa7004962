//! Lowering of CIR types to LLVM types, as documented on [`cir::TypeKind`].
//!
//! Only literal (unnamed) struct types are created, so the types printed into `@llvm` function
//! text agree with the types of generated code.

use std::cell::RefCell;
use std::num::NonZeroU32;

use cir::{TypeId, TypeKind, TypeTable};
use inkwell::context::Context;
use inkwell::types::{BasicType, BasicTypeEnum, FunctionType, StructType};
use inkwell::AddressSpace;

use crate::error::{unsupported, R};

/// Progress of lowering one type (recursion through by-value fields is an error).
#[derive(Clone, Copy)]
enum Slot<'ctx> {
    Todo,
    InProgress,
    Done(BasicTypeEnum<'ctx>),
}

/// Lowers and caches CIR types.
pub(crate) struct Types<'ctx, 'a> {
    cx: &'ctx Context,
    table: &'a TypeTable,
    cache: RefCell<Vec<Slot<'ctx>>>,
}

impl<'ctx, 'a> Types<'ctx, 'a> {
    /// A lowering for the types of `table`.
    pub fn new(cx: &'ctx Context, table: &'a TypeTable) -> Self {
        let n = table.iter().count();
        Types {
            cx,
            table,
            cache: RefCell::new(vec![Slot::Todo; n]),
        }
    }

    /// The CIR shape of a type.
    pub fn kind(&self, id: TypeId) -> &'a TypeKind {
        &self.table.get(id).kind
    }

    /// The printable name of a type.
    pub fn name(&self, id: TypeId) -> &'a str {
        &self.table.get(id).name
    }

    /// The opaque pointer type.
    pub fn ptr(&self) -> BasicTypeEnum<'ctx> {
        self.cx.ptr_type(AddressSpace::default()).into()
    }

    /// The LLVM type of values of a CIR type.
    pub fn lower(&self, id: TypeId) -> R<BasicTypeEnum<'ctx>> {
        let idx = id.0 as usize;
        let slot = self.cache.borrow().get(idx).copied().unwrap_or(Slot::Todo);
        match slot {
            Slot::Done(t) => return Ok(t),
            Slot::InProgress => {
                return unsupported(format!("type `{}` contains itself by value", self.name(id)));
            }
            Slot::Todo => {}
        }
        self.set(idx, Slot::InProgress);
        let lowered = self.compute(id);
        self.set(
            idx,
            match lowered {
                Ok(t) => Slot::Done(t),
                Err(_) => Slot::Todo,
            },
        );
        lowered
    }

    fn set(&self, idx: usize, slot: Slot<'ctx>) {
        let mut cache = self.cache.borrow_mut();
        if cache.len() <= idx {
            cache.resize(idx + 1, Slot::Todo);
        }
        cache[idx] = slot;
    }

    fn compute(&self, id: TypeId) -> R<BasicTypeEnum<'ctx>> {
        let cx = self.cx;
        Ok(match self.kind(id) {
            TypeKind::Int { bits, .. } => {
                match NonZeroU32::new(*bits).map(|b| cx.custom_width_int_type(b)) {
                    Some(Ok(t)) => t.into(),
                    _ => {
                        return unsupported(format!(
                            "integer type `{}` has {bits} bits",
                            self.name(id)
                        ))
                    }
                }
            }
            TypeKind::Float { bits: 16 } => cx.f16_type().into(),
            TypeKind::Float { bits: 32 } => cx.f32_type().into(),
            TypeKind::Float { bits: 64 } => cx.f64_type().into(),
            TypeKind::Float { bits: 128 } => cx.f128_type().into(),
            TypeKind::Float { bits } => {
                return unsupported(format!("float type `{}` has {bits} bits", self.name(id)));
            }
            TypeKind::Bool | TypeKind::Byte => cx.i8_type().into(),
            TypeKind::Ptr(_)
            | TypeKind::Ref { .. }
            | TypeKind::Func { .. }
            | TypeKind::Generator(_) => self.ptr(),
            TypeKind::Record { fields } => {
                let tys = fields
                    .iter()
                    .map(|f| self.lower(f.ty))
                    .collect::<R<Vec<_>>>()?;
                cx.struct_type(&tys, false).into()
            }
            TypeKind::Optional(inner) => {
                if self.is_ref(*inner) {
                    self.ptr()
                } else {
                    cx.struct_type(&[cx.bool_type().into(), self.lower(*inner)?], false)
                        .into()
                }
            }
        })
    }

    /// Whether a type is a reference class.
    pub fn is_ref(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Ref { .. })
    }

    /// Whether an optional type is represented as a nullable pointer (its inner type is a
    /// reference class) rather than as `{ i1, T }`.
    pub fn optional_is_ptr(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Optional(inner) if self.is_ref(*inner))
    }

    /// Whether values of the type carry no data (`NoneType` and other empty records).
    pub fn is_empty_record(&self, id: TypeId) -> bool {
        matches!(self.kind(id), TypeKind::Record { fields } if fields.is_empty())
    }

    /// The heap struct of a reference class: its fields by value.
    pub fn ref_struct(&self, id: TypeId) -> R<StructType<'ctx>> {
        match self.kind(id) {
            TypeKind::Ref { fields, .. } => {
                let tys = fields
                    .iter()
                    .map(|f| self.lower(f.ty))
                    .collect::<R<Vec<_>>>()?;
                Ok(self.cx.struct_type(&tys, false))
            }
            _ => unsupported(format!("`{}` is not a reference class", self.name(id))),
        }
    }

    /// The LLVM signature of a function with these CIR argument and return types. With
    /// `c_abi`, a return of an empty record (`NoneType`) becomes `void`, as C functions have it.
    pub fn fn_type(&self, args: &[TypeId], ret: TypeId, c_abi: bool) -> R<FunctionType<'ctx>> {
        let params = args
            .iter()
            .map(|a| self.lower(*a).map(Into::into))
            .collect::<R<Vec<_>>>()?;
        if c_abi && self.is_empty_record(ret) {
            return Ok(self.cx.void_type().fn_type(&params, false));
        }
        Ok(self.lower(ret)?.fn_type(&params, false))
    }
}
