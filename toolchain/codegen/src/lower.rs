//! Module-level lowering: declarations of every CIR function and global, string constants,
//! runtime declarations and the program entry `main`.

use std::collections::HashMap;

use cir::{FuncId, FuncKind, VarId};
use inkwell::attributes::{Attribute, AttributeLoc};
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::targets::{TargetData, TargetMachine, TargetTriple};
use inkwell::types::{BasicType, FunctionType};
use inkwell::values::{BasicMetadataValueEnum, FunctionValue, PointerValue, UnnamedAddress};

use crate::error::{unsupported, R};
use crate::func::FuncGen;
use crate::rt::{get_or_declare, RtFn};
use crate::types::Types;

/// State shared by the lowering of all functions of one module.
pub(crate) struct ModuleGen<'ctx, 'a> {
    /// The LLVM context everything is created in.
    pub cx: &'ctx Context,
    /// The LLVM module being built.
    pub module: Module<'ctx>,
    /// The instruction builder (one function is lowered at a time).
    pub builder: Builder<'ctx>,
    /// The CIR module being lowered.
    pub m: &'a cir::Module,
    /// Type lowering.
    pub types: Types<'ctx, 'a>,
    /// The target's data layout (object sizes).
    pub td: TargetData,
    /// Per CIR function: the LLVM function and the signature calls to it use.
    pub funcs: Vec<(FunctionValue<'ctx>, FunctionType<'ctx>)>,
    globals: HashMap<VarId, PointerValue<'ctx>>,
    strings: HashMap<String, PointerValue<'ctx>>,
    entry: Option<FunctionValue<'ctx>>,
}

impl<'ctx, 'a> ModuleGen<'ctx, 'a> {
    /// An empty LLVM module for the target machine's triple and data layout.
    pub fn new(
        cx: &'ctx Context,
        m: &'a cir::Module,
        tm: &TargetMachine,
        triple: &TargetTriple,
    ) -> Self {
        let module = cx.create_module("codon");
        if let Some(file) = m.files.first() {
            module.set_source_file_name(file);
        }
        module.set_triple(triple);
        let td = tm.get_target_data();
        module.set_data_layout(&td.get_data_layout());
        ModuleGen {
            cx,
            module,
            builder: cx.create_builder(),
            m,
            types: Types::new(cx, &m.types),
            td,
            funcs: Vec::new(),
            globals: HashMap::new(),
            strings: HashMap::new(),
            entry: None,
        }
    }

    /// Declares the entry `main`, every CIR function and every global variable.
    pub fn declare(&mut self) -> R<()> {
        // The entry point comes first so that no program function can take the name `main`.
        if self.has_entry() {
            let i32t = self.cx.i32_type();
            let main_ty = i32t.fn_type(&[i32t.into(), self.types.ptr().into()], false);
            self.entry = Some(self.module.add_function("main", main_ty, None));
        }
        for id in self.m.func_ids() {
            let f = self.m.func(id);
            let args: Vec<_> = f.args.iter().map(|a| self.m.var(*a).ty).collect();
            let decl = match &f.kind {
                FuncKind::External { symbol } => {
                    let ty = self.types.fn_type(&args, f.ret, true)?;
                    (get_or_declare(&self.module, symbol, ty), ty)
                }
                FuncKind::Bodied { .. } if f.args.iter().any(|a| self.m.var(*a).by_ref) => {
                    // By-reference arguments are pointers to the caller's storage.
                    let mut params: Vec<inkwell::types::BasicMetadataTypeEnum> = Vec::new();
                    for a in &f.args {
                        let v = self.m.var(*a);
                        params.push(if v.by_ref {
                            self.types.ptr().into()
                        } else {
                            self.types.lower(v.ty)?.into()
                        });
                    }
                    let ty = self.types.lower(f.ret)?.fn_type(&params, false);
                    (self.module.add_function(&f.name, ty, None), ty)
                }
                FuncKind::Llvm { .. } | FuncKind::Bodied { .. } => {
                    let ty = self.types.fn_type(&args, f.ret, false)?;
                    (self.module.add_function(&f.name, ty, None), ty)
                }
            };
            if let FuncKind::Bodied { generator, .. } = &f.kind {
                self.add_fn_attrs(decl.0, &f.attrs, *generator);
            }
            self.funcs.push(decl);
        }
        for g in &self.m.globals {
            self.global(*g)?;
        }
        Ok(())
    }

    fn add_fn_attrs(&self, fv: FunctionValue<'ctx>, attrs: &[String], generator: bool) {
        let add = |name: &str, val: u64| {
            let kind = Attribute::get_named_enum_kind_id(name);
            fv.add_attribute(
                AttributeLoc::Function,
                self.cx.create_enum_attribute(kind, val),
            );
        };
        // Asynchronous unwind tables, as C compilers emit them: exceptions unwind through here.
        add("uwtable", 2);
        if generator {
            add("presplitcoroutine", 0);
        } else if attrs.iter().any(|a| a == "noinline") {
            add("noinline", 0);
        } else if attrs.iter().any(|a| a == "inline") {
            add("alwaysinline", 0);
        }
    }

    /// Whether this module holds the program entry: a whole program, or the entry unit.
    pub fn has_entry(&self) -> bool {
        self.m.unit.as_ref().is_none_or(|u| u.entry)
    }

    /// Generates the body of every bodied function (but not of those another unit defines).
    pub fn define_bodies(&mut self) -> R<()> {
        let declared = self.m.unit.as_ref().map(|u| u.declared.as_slice());
        for id in self.m.func_ids() {
            if declared.is_some_and(|d| d.contains(&id)) {
                continue;
            }
            if matches!(self.m.func(id).kind, FuncKind::Bodied { .. }) {
                FuncGen::lower(self, id)?;
            }
        }
        Ok(())
    }

    /// Generates `i32 main(i32 argc, ptr argv)`: runtime initialization, the module's implicit
    /// main function, then `seq_exit(0)`.
    pub fn define_entry(&mut self) -> R<()> {
        let Some(entry) = self.entry else {
            return Ok(());
        };
        let bb = self.cx.append_basic_block(entry, "entry");
        self.builder.position_at_end(bb);
        let argc = entry.get_nth_param(0).expect("main has argc").into();
        let argv = entry.get_nth_param(1).expect("main has argv").into();
        self.call_rt(RtFn::Init, &[argc, argv])?;
        if let Some(main) = self.m.main {
            let (fv, ty) = self.func_value(main)?;
            if ty.count_param_types() != 0 {
                return unsupported(format!(
                    "the main function `{}` takes arguments",
                    self.m.func(main).name
                ));
            }
            self.builder.build_indirect_call(
                ty,
                fv.as_global_value().as_pointer_value(),
                &[],
                "",
            )?;
        }
        self.call_rt(RtFn::Exit, &[self.cx.i32_type().const_zero().into()])?;
        self.builder
            .build_return(Some(&self.cx.i32_type().const_zero()))?;
        Ok(())
    }

    fn call_rt(&self, f: RtFn, args: &[BasicMetadataValueEnum<'ctx>]) -> R<()> {
        let ty = f.ty(self.cx);
        self.builder.build_indirect_call(
            ty,
            self.rt(f).as_global_value().as_pointer_value(),
            args,
            "",
        )?;
        Ok(())
    }

    /// The names of functions that keep external linkage: `main`, `export` functions and the
    /// functions a unit exports to other units.
    pub fn exported(&self) -> Vec<String> {
        let mut keep = vec!["main".to_string()];
        let unit_exports = self.m.unit.as_ref().map(|u| u.exported.as_slice());
        for id in self.m.func_ids() {
            let f = self.m.func(id);
            let exported = f.attrs.iter().any(|a| a == "export")
                || unit_exports.is_some_and(|e| e.contains(&id));
            if matches!(f.kind, FuncKind::Bodied { .. }) && exported {
                keep.push(
                    self.funcs[id.0 as usize]
                        .0
                        .get_name()
                        .to_string_lossy()
                        .into_owned(),
                );
            }
        }
        keep
    }

    /// The LLVM function of a CIR function and the signature to call it with.
    pub fn func_value(&self, id: FuncId) -> R<(FunctionValue<'ctx>, FunctionType<'ctx>)> {
        match self.funcs.get(id.0 as usize) {
            Some(f) => Ok(*f),
            None => unsupported(format!("reference to unknown function #{}", id.0)),
        }
    }

    /// A runtime function, declared on first use.
    pub fn rt(&self, f: RtFn) -> FunctionValue<'ctx> {
        get_or_declare(&self.module, f.symbol(), f.ty(self.cx))
    }

    /// The storage of a global variable: an LLVM global initialized to zero.
    pub fn global(&mut self, var: VarId) -> R<PointerValue<'ctx>> {
        if let Some(p) = self.globals.get(&var) {
            return Ok(*p);
        }
        let v = self.m.var(var);
        let ty = self.types.lower(v.ty)?;
        let gv = self.module.add_global(ty, None, &v.name);
        gv.set_initializer(&ty.const_zero());
        // In a per-module build every unit using a module's global carries it; one is kept.
        gv.set_linkage(if self.m.unit.is_some() {
            Linkage::LinkOnceODR
        } else {
            Linkage::Internal
        });
        let p = gv.as_pointer_value();
        self.globals.insert(var, p);
        Ok(p)
    }

    /// A pointer to a private constant holding the UTF-8 bytes of `s` and a trailing NUL.
    pub fn cstr(&mut self, s: &str) -> PointerValue<'ctx> {
        if let Some(p) = self.strings.get(s) {
            return *p;
        }
        let init = self.cx.const_string(s.as_bytes(), true);
        let gv = self.module.add_global(init.get_type(), None, ".str");
        gv.set_initializer(&init);
        gv.set_constant(true);
        gv.set_linkage(Linkage::Private);
        gv.set_unnamed_address(UnnamedAddress::Global);
        gv.set_alignment(1);
        let p = gv.as_pointer_value();
        self.strings.insert(s.to_string(), p);
        p
    }

    /// Gives up the finished module.
    pub fn into_module(self) -> Module<'ctx> {
        self.module
    }
}
