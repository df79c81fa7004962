//! Lowering the checked program to CIR: types to CIR types, realizations to functions, typed
//! trees to values and flows.

use std::collections::HashMap;

use cir::{Field, FuncId, FuncKind, Handler, Loc, TypeId, TypeKind, ValueId, ValueKind, VarId};
use syntax::{Diagnostic, FileId, Span};

use crate::context::Sema;
use crate::defs::{ClassKind, GlobalId, RealId};
use crate::typed::{TBody, TExpr, TExprKind, TStmt, TTarget};
use crate::types::Type;

type LR<T> = Result<T, Box<Diagnostic>>;

/// Builds the CIR module.
pub struct Lowerer<'a, 'm> {
    s: &'a mut Sema<'m>,
    pub m: cir::Module,
    types: HashMap<Type, TypeId>,
    funcs: HashMap<RealId, FuncId>,
    globals: HashMap<GlobalId, VarId>,
    /// Set when lowering one unit of a per-module build: the unit's module.
    unit: Option<crate::defs::ModuleId>,
    /// Entry points of function values, by the realization they call.
    thunks: HashMap<RealId, FuncId>,
    /// The by-value classes whose fields are being lowered, with the field in progress: a
    /// class met again while it is here contains itself by value.
    by_value: Vec<(Type, crate::defs::ClassId, String)>,
}

/// Per-function lowering state.
struct FnState {
    locals: Vec<VarId>,
    file: FileId,
    pending: Vec<Option<RealId>>,
    /// Variables the lowering itself needs (environments of function values).
    hidden: Vec<VarId>,
}

impl<'a, 'm> Lowerer<'a, 'm> {
    /// A lowerer over a checked session.
    pub fn new(s: &'a mut Sema<'m>) -> Self {
        Lowerer {
            s,
            m: cir::Module::default(),
            types: HashMap::new(),
            funcs: HashMap::new(),
            globals: HashMap::new(),
            unit: None,
            thunks: HashMap::new(),
            by_value: Vec::new(),
        }
    }

    /// A lowerer for the unit of module `own` in a per-module build (stable symbol names,
    /// other modules' inits only declared).
    pub fn for_unit(s: &'a mut Sema<'m>, own: crate::defs::ModuleId) -> Self {
        Lowerer {
            unit: Some(own),
            ..Lowerer::new(s)
        }
    }

    fn internal(&self, msg: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic::error(
            FileId(0),
            Span::default(),
            format!("internal error while lowering: {}", msg.into()),
        ))
    }

    /// The CIR type of a (resolved) type.
    pub fn ty(&mut self, t: &Type) -> LR<TypeId> {
        let t = self.s.store.resolve(t);
        if self.by_value.iter().any(|(b, _, _)| *b == t) {
            return Err(self.contains_itself(&t));
        }
        if let Some(id) = self.types.get(&t) {
            return Ok(*id);
        }
        let name = self.s.type_name(&t);
        let id = match &t {
            Type::Var(_) => {
                // a field annotation that named no type leaves its field undetermined
                return Err(match self.s.field_error.take() {
                    Some(e) => e,
                    None => self.internal("a type was left undetermined"),
                });
            }
            // a static argument's value is in its type; nothing is left for run time
            Type::Static(_) | Type::StaticStr(_) => {
                self.m.ty(&name, TypeKind::Record { fields: vec![] })
            }
            Type::Func { captured, .. } => {
                let mut fields = Vec::new();
                for (i, c) in captured.iter().enumerate() {
                    fields.push(Field {
                        name: i.to_string(),
                        ty: self.ty(c)?,
                    });
                }
                self.m.ty(&name, TypeKind::Record { fields })
            }
            Type::Class { class, args } => {
                let core = self.s.core();
                let cd = self.s.defs.class(*class);
                let kind = cd.kind;
                let cname = cd.name.clone();
                if *class == core.tuple {
                    let mut fields = Vec::new();
                    for (i, a) in args.iter().enumerate() {
                        fields.push(Field {
                            name: i.to_string(),
                            ty: self.ty(a)?,
                        });
                    }
                    self.m.ty(&name, TypeKind::Record { fields })
                } else if kind == ClassKind::Primitive {
                    let static_arg = |i: usize| match args.get(i) {
                        Some(Type::Static(n)) => Ok(*n as u32),
                        _ => Err(self.internal(format!("{cname} needs a static bit width"))),
                    };
                    let k = match cname.as_str() {
                        "int" => TypeKind::Int {
                            bits: 64,
                            signed: true,
                        },
                        "float" => TypeKind::Float { bits: 64 },
                        "float32" => TypeKind::Float { bits: 32 },
                        "float16" => TypeKind::Float { bits: 16 },
                        "bool" => TypeKind::Bool,
                        "byte" => TypeKind::Byte,
                        "NoneType" => TypeKind::Record { fields: vec![] },
                        "Int" => TypeKind::Int {
                            bits: static_arg(0)?,
                            signed: true,
                        },
                        "UInt" => TypeKind::Int {
                            bits: static_arg(0)?,
                            signed: false,
                        },
                        "Ptr" => TypeKind::Ptr(self.ty(&args[0])?),
                        "Optional" => TypeKind::Optional(self.ty(&args[0])?),
                        "Generator" => TypeKind::Generator(self.ty(&args[0])?),
                        "Function" => {
                            let code = self.code_type(&t)?;
                            let env = self.env_ptr_type();
                            TypeKind::Record {
                                fields: vec![
                                    Field {
                                        name: "code".into(),
                                        ty: code,
                                    },
                                    Field {
                                        name: "env".into(),
                                        ty: env,
                                    },
                                ],
                            }
                        }
                        other => {
                            return Err(self.internal(format!("unknown primitive class '{other}'")))
                        }
                    };
                    self.m.ty(&name, k)
                } else {
                    let parent = match self.s.defs.class(*class).base_class {
                        Some(b)
                            if kind == ClassKind::Ref
                                && self.s.defs.class(b).generics.is_empty() =>
                        {
                            Some(self.ty(&Type::Class {
                                class: b,
                                args: vec![],
                            })?)
                        }
                        _ => None,
                    };
                    let shell = if kind == ClassKind::Ref {
                        TypeKind::Ref {
                            fields: vec![],
                            parent,
                        }
                    } else {
                        TypeKind::Record { fields: vec![] }
                    };
                    let id = self.m.ty(&name, shell);
                    self.types.insert(t.clone(), id);
                    let fields = self.s.fields_resolved(&t);
                    let mut cf = Vec::new();
                    for (n, ft) in fields {
                        if kind != ClassKind::Ref {
                            self.by_value.push((t.clone(), *class, n.clone()));
                        }
                        let ty = self.ty(&ft);
                        if kind != ClassKind::Ref {
                            self.by_value.pop();
                        }
                        cf.push(Field { name: n, ty: ty? });
                    }
                    self.m.types.set_fields(id, cf);
                    id
                }
            }
        };
        self.types.insert(t, id);
        Ok(id)
    }

    /// The error for by-value class `t` met again while its own fields are lowered, at the
    /// field that closes the cycle.
    fn contains_itself(&self, t: &Type) -> Box<Diagnostic> {
        let name = self.s.type_name(t);
        let Some((_, class, field)) = self.by_value.last() else {
            return self.internal(format!("'{name}' contains itself"));
        };
        let cd = self.s.defs.class(*class);
        let span = cd
            .field_decls
            .iter()
            .find(|(n, _, _)| n == field)
            .and_then(|(_, ann, _)| ann.as_ref().map(|a| a.span))
            .unwrap_or_default();
        Box::new(
            Diagnostic::error(
                cd.file,
                span,
                format!(
                    "'{name}' contains itself by value: field '{field}' of '{}' would make it \
                     infinitely large",
                    cd.name
                ),
            )
            .with_help(
                "a @tuple class is stored inline; hold the nested value in a list, or make the \
                 class a reference class (without @tuple)",
            ),
        )
    }

    fn none(&mut self) -> TypeId {
        self.m.none_type()
    }

    fn loc(&self, file: FileId, span: Span) -> Loc {
        let (line, col) = self.s.map.get(file).line_col(span.start);
        Loc {
            file: file.0 as u32,
            line: line as u32,
            col: col as u32,
        }
    }

    fn global(&mut self, g: GlobalId) -> LR<VarId> {
        if let Some(v) = self.globals.get(&g) {
            return Ok(*v);
        }
        let gd = &self.s.defs.globals[g.0 as usize];
        let name = match self.unit {
            Some(_) => self.s.unit_global_symbol(g),
            None => gd.name.clone(),
        };
        let t = gd
            .ty
            .clone()
            .ok_or_else(|| self.internal(format!("global '{name}' has no type")))?;
        let ty = self.ty(&t)?;
        let v = self.m.add_var(name, ty, true);
        self.globals.insert(g, v);
        Ok(v)
    }

    /// Declares the CIR function of a realization (bodies come later).
    fn declare(&mut self, r: RealId) -> LR<FuncId> {
        if let Some(f) = self.funcs.get(&r) {
            return Ok(*f);
        }
        let real = &self.s.defs.reals[r.0 as usize];
        let (def, name, arg_types, ret_t) = (
            real.def,
            match self.unit {
                Some(_) => self.s.unit_func_symbol(r),
                None => real.name.clone(),
            },
            real.args.clone(),
            real.ret.clone(),
        );
        let generics = real.generics.clone();
        let fd = self.s.defs.func(def);
        let unmangled = fd.name.clone();
        let decorators = fd.decorators.clone();
        // `@export`: C linkage, under the function's own name (callable from C)
        let name = if decorators.iter().any(|d| d == "export") && fd.class.is_none() {
            unmangled.clone()
        } else {
            name
        };
        let file = fd.file;
        let ast = fd.ast.clone();
        let span = ast.name.span;
        let params: Vec<String> = {
            let p = &ast.params;
            p.all().map(|x| x.name.name.clone()).collect()
        };
        let ret = self.ty(&ret_t)?;
        let mut args = Vec::new();
        for (n, t) in params.iter().zip(&arg_types) {
            let ty = self.ty(t)?;
            args.push(self.m.add_var(n.clone(), ty, false));
        }
        let kind = if decorators.iter().any(|d| d == "llvm") {
            let ir = match &ast.body {
                syntax::ast::FunctionBody::Llvm { ir, .. } => ir.clone(),
                _ => String::new(),
            };
            let mut type_args = Vec::new();
            for (g, t) in generics {
                if let Type::Static(n) = self.s.store.resolve(&t) {
                    let _ = n;
                    continue;
                }
                if self.s.store.is_resolved(&t) {
                    type_args.push((g, self.ty(&t)?));
                }
            }
            FuncKind::Llvm {
                ir: substitute_statics(&ir, &self.static_generics(r)),
                type_args,
            }
        } else if decorators.iter().any(|d| d == "extern" || d == "C") {
            FuncKind::External {
                symbol: crate::check::c_symbol(&ast).unwrap_or_else(|| unmangled.clone()),
            }
        } else {
            let none = self.none();
            let body = self
                .m
                .add_value(ValueKind::Series(vec![]), none, Loc::default());
            FuncKind::Bodied {
                locals: vec![],
                body,
                generator: false,
            }
        };
        let attrs = decorators
            .iter()
            .filter(|d| !matches!(d.as_str(), "llvm" | "extern" | "C"))
            .cloned()
            .collect();
        let loc = self.loc(file, span);
        let f = self.m.add_func(cir::Func {
            name,
            unmangled,
            args,
            ret,
            kind,
            attrs,
            loc,
        });
        self.funcs.insert(r, f);
        Ok(f)
    }

    fn static_generics(&self, r: RealId) -> Vec<(String, i64)> {
        self.s.defs.reals[r.0 as usize]
            .generics
            .iter()
            .filter_map(|(g, t)| match self.s.store.resolve(t) {
                Type::Static(n) => Some((g.clone(), n)),
                _ => None,
            })
            .collect()
    }

    /// Lowers every realization and builds `main` from the module inits in `order`.
    pub fn lower_program(mut self, order: &[RealId]) -> LR<cir::Module> {
        self.lower_reals()?;
        self.build_main(order)?;
        Ok(self.m)
    }

    /// Lowers the unit whose top-level code is `own_init`; `order` (the inits `main` runs) is
    /// given for the program's entry unit only.
    pub fn lower_unit(mut self, own_init: RealId, order: Option<&[RealId]>) -> LR<cir::Module> {
        let own = self
            .unit
            .expect("lower_unit needs a lowerer made by for_unit");
        self.lower_reals()?;
        if let Some(order) = order {
            self.build_main(order)?;
        }
        let init = self.declare(own_init)?;
        let other_inits = self
            .funcs
            .iter()
            .filter(|(r, _)| self.s.is_other_module_init(**r, own))
            .map(|(_, f)| *f)
            .collect();
        // the runtime helpers are kept whole in every unit: passes insert calls to them later
        let helpers = self
            .m
            .func_ids()
            .filter(|f| crate::RUNTIME_HELPERS.contains(&self.m.func(*f).unmangled.as_str()));
        let roots: Vec<FuncId> = std::iter::once(init)
            .chain(self.m.main)
            .chain(helpers)
            .collect();
        let declared = crate::unit::bodiless(&self.m, &roots, &other_inits);
        self.m.unit = Some(cir::Unit {
            exported: vec![init],
            declared,
            entry: order.is_some(),
        });
        Ok(self.m)
    }

    fn lower_reals(&mut self) -> LR<()> {
        self.m.files = (0..self.s.map.len())
            .map(|i| self.s.map.get(FileId(i)).name.clone())
            .collect();
        let mut i = 0;
        while i < self.s.defs.reals.len() {
            let r = RealId(i as u32);
            let f = self.declare(r)?;
            let elsewhere = self
                .unit
                .is_some_and(|own| self.s.is_other_module_init(r, own));
            if matches!(self.m.func(f).kind, FuncKind::Bodied { .. }) && !elsewhere {
                let body = self.s.defs.reals[i]
                    .body
                    .clone()
                    .ok_or_else(|| self.internal("a function was never checked"))?;
                self.lower_body(f, &body)?;
            }
            i += 1;
        }
        Ok(())
    }

    fn build_main(&mut self, order: &[RealId]) -> LR<()> {
        let none = self.none();
        let mut calls = Vec::new();
        for r in order {
            let f = self.declare(*r)?;
            calls.push(self.m.add_value(
                ValueKind::Call {
                    func: f,
                    args: vec![],
                },
                none,
                Loc::default(),
            ));
        }
        let body = self
            .m
            .add_value(ValueKind::Series(calls), none, Loc::default());
        let main = self.m.add_func(cir::Func {
            name: "__main__".into(),
            unmangled: "<module>".into(),
            args: vec![],
            ret: none,
            kind: FuncKind::Bodied {
                locals: vec![],
                body,
                generator: false,
            },
            attrs: vec![],
            loc: Loc::default(),
        });
        self.m.main = Some(main);
        Ok(())
    }

    fn lower_body(&mut self, f: FuncId, body: &TBody) -> LR<()> {
        let args = self.m.func(f).args.clone();
        let mut locals = args.clone();
        let mut extra = Vec::new();
        for (n, t) in &body.locals[body.n_args..] {
            let ty = self.ty(t)?;
            let v = self.m.add_var(n.clone(), ty, false);
            locals.push(v);
            extra.push(v);
        }
        let mut st = FnState {
            locals,
            file: body.file,
            pending: body.pending.clone(),
            hidden: Vec::new(),
        };
        let b = self.block(&mut st, &body.stmts)?;
        extra.extend(st.hidden);
        if let FuncKind::Bodied {
            locals,
            body: bv,
            generator,
        } = &mut self.m.func_mut(f).kind
        {
            *locals = extra;
            *bv = b;
            *generator = body.generator;
        }
        Ok(())
    }

    fn block(&mut self, st: &mut FnState, stmts: &[TStmt]) -> LR<ValueId> {
        let mut vs = Vec::new();
        for s in stmts {
            vs.push(self.stmt(st, s)?);
        }
        let none = self.none();
        Ok(self
            .m
            .add_value(ValueKind::Series(vs), none, Loc::default()))
    }

    /// An `@par` loop: the loop, with its clauses recorded in `Module::par_loops`.
    fn par_loop(
        &mut self,
        st: &mut FnState,
        kind: ValueKind,
        p: &crate::typed::TPar,
    ) -> LR<ValueId> {
        use syntax::ast::ParSchedule as S;
        let chunk_size = match &p.chunk_size {
            Some(e) => Some(self.expr(st, e)?),
            None => None,
        };
        let num_threads = match &p.num_threads {
            Some(e) => Some(self.expr(st, e)?),
            None => None,
        };
        let none = self.none();
        let loc = self.loc(st.file, p.span);
        let id = self.m.add_value(kind, none, loc);
        let schedule = match p.schedule {
            S::Static => cir::ParSchedule::Static,
            S::Dynamic => cir::ParSchedule::Dynamic,
            S::Guided => cir::ParSchedule::Guided,
            S::Auto => cir::ParSchedule::Auto,
            S::Runtime => cir::ParSchedule::Runtime,
        };
        self.m.par_loops.insert(
            id,
            cir::ParClauses {
                schedule,
                chunk_size,
                num_threads,
                ordered: p.ordered,
            },
        );
        Ok(id)
    }

    fn stmt(&mut self, st: &mut FnState, s: &TStmt) -> LR<ValueId> {
        let none = self.none();
        let kind = match s {
            TStmt::Expr(e) => return self.expr(st, e),
            TStmt::Assign(t, e) => {
                let var = match t {
                    TTarget::Local(l) => st.locals[l.0 as usize],
                    TTarget::Global(g) => self.global(*g)?,
                };
                let value = self.expr(st, e)?;
                ValueKind::Assign { var, value }
            }
            TStmt::Return(v) => ValueKind::Return(match v {
                Some(e) => Some(self.expr(st, e)?),
                None => None,
            }),
            TStmt::Break => ValueKind::Break,
            TStmt::Continue => ValueKind::Continue,
            TStmt::If(c, a, b) => {
                let cond = self.expr(st, c)?;
                let then = self.block(st, a)?;
                let other = if b.is_empty() {
                    None
                } else {
                    Some(self.block(st, b)?)
                };
                ValueKind::If { cond, then, other }
            }
            TStmt::While(c, b) => {
                let cond = self.expr(st, c)?;
                let body = self.block(st, b)?;
                ValueKind::While { cond, body }
            }
            TStmt::For {
                iter,
                var,
                body,
                par,
            } => {
                let iter = self.expr(st, iter)?;
                let body = self.block(st, body)?;
                let kind = ValueKind::For {
                    iter,
                    var: st.locals[var.0 as usize],
                    body,
                };
                if let Some(p) = par {
                    return self.par_loop(st, kind, p);
                }
                kind
            }
            TStmt::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                let b = self.block(st, body)?;
                let mut hs = Vec::new();
                for h in handlers {
                    let mut types = Vec::new();
                    for t in &h.types {
                        types.push(self.ty(t)?);
                    }
                    let var = h.var.map(|l| st.locals[l.0 as usize]);
                    let body = self.block(st, &h.body)?;
                    hs.push(Handler { types, var, body });
                }
                let orelse = if orelse.is_empty() {
                    None
                } else {
                    Some(self.block(st, orelse)?)
                };
                let finally = match finally {
                    Some(f) => Some(self.block(st, f)?),
                    None => None,
                };
                ValueKind::Try {
                    body: b,
                    handlers: hs,
                    orelse,
                    finally,
                }
            }
            TStmt::Raise(e, span) => {
                let v = self.expr(st, e)?;
                let loc = self.loc(st.file, *span);
                return Ok(self.m.add_value(ValueKind::Throw(v), none, loc));
            }
            TStmt::Block(b) => return self.block(st, b),
        };
        Ok(self.m.add_value(kind, none, Loc::default()))
    }

    fn field_index(&mut self, obj_ty: &Type, name: &str) -> LR<usize> {
        let t = self.s.store.resolve(obj_ty);
        if let Ok(i) = name.parse::<usize>() {
            return Ok(i);
        }
        let fields = self.s.fields_resolved(&t);
        fields.iter().position(|(n, _)| n == name).ok_or_else(|| {
            self.internal(format!("no field '{name}' in '{}'", self.s.type_name(&t)))
        })
    }

    fn expr(&mut self, st: &mut FnState, e: &TExpr) -> LR<ValueId> {
        let ty = self.ty(&e.ty)?;
        let loc = self.loc(st.file, e.span);
        let kind = match &e.kind {
            TExprKind::Int(v) => ValueKind::IntConst(*v),
            TExprKind::Float(v) => ValueKind::FloatConst(*v),
            TExprKind::Bool(v) => ValueKind::BoolConst(*v),
            TExprKind::Str(s) => ValueKind::StrConst(s.clone()),
            TExprKind::Null => ValueKind::Null,
            TExprKind::Local(l) => ValueKind::VarRef(st.locals[l.0 as usize]),
            TExprKind::LocalPtr(l) => ValueKind::VarPtr(st.locals[l.0 as usize]),
            TExprKind::GlobalPtr(g) => ValueKind::VarPtr(self.global(*g)?),
            TExprKind::FieldPtr { base, of, name } => {
                let field = self.field_index(of, name)?;
                let base = self.expr(st, base)?;
                ValueKind::FieldPtr { base, field }
            }
            TExprKind::Global(g) => ValueKind::VarRef(self.global(*g)?),
            TExprKind::Call { func, args } => {
                let f = self.declare(*func)?;
                let mut a = Vec::new();
                for x in args {
                    a.push(self.expr(st, x)?);
                }
                ValueKind::Call { func: f, args: a }
            }
            TExprKind::PendingCall { slot, args } => {
                let real = st
                    .pending
                    .get(*slot as usize)
                    .copied()
                    .flatten()
                    .ok_or_else(|| self.internal("a pending call was never realized"))?;
                let f = self.declare(real)?;
                let mut a = Vec::new();
                for x in args {
                    a.push(self.expr(st, x)?);
                }
                ValueKind::Call { func: f, args: a }
            }
            TExprKind::Field { obj, name } => {
                let field = self.field_index(&obj.ty, name)?;
                let value = self.expr(st, obj)?;
                ValueKind::Extract { value, field }
            }
            TExprKind::SetField { obj, name, value } => {
                let field = self.field_index(&obj.ty, name)?;
                let target = self.expr(st, obj)?;
                let value = self.expr(st, value)?;
                ValueKind::Insert {
                    target,
                    field,
                    value,
                }
            }
            TExprKind::Record(items) => {
                let mut a = Vec::new();
                for x in items {
                    a.push(self.expr(st, x)?);
                }
                ValueKind::MakeRecord(a)
            }
            TExprKind::New => ValueKind::New,
            TExprKind::MakeOptional(x) => ValueKind::MakeOptional(self.expr(st, x)?),
            TExprKind::OptionalHas(x) => ValueKind::OptionalHas(self.expr(st, x)?),
            TExprKind::OptionalGet(x) => ValueKind::OptionalGet(self.expr(st, x)?),
            TExprKind::Cast(x) => ValueKind::Cast(self.expr(st, x)?),
            TExprKind::MakeFunction { real, captured } => {
                return self.make_function(st, *real, captured, ty, loc)
            }
            TExprKind::CallFunction { callee, args } => {
                let code_ty = self.code_type(&callee.ty)?;
                let env_ty = self.env_ptr_type();
                let c1 = self.expr(st, callee)?;
                let c2 = self.expr(st, callee)?;
                let code = self.m.add_value(
                    ValueKind::Extract {
                        value: c1,
                        field: 0,
                    },
                    code_ty,
                    loc,
                );
                let env = self.m.add_value(
                    ValueKind::Extract {
                        value: c2,
                        field: 1,
                    },
                    env_ty,
                    loc,
                );
                let mut a = vec![env];
                for x in args {
                    a.push(self.expr(st, x)?);
                }
                ValueKind::CallIndirect {
                    callee: code,
                    args: a,
                }
            }
            TExprKind::Ternary { cond, then, other } => {
                let cond = self.expr(st, cond)?;
                let then = self.expr(st, then)?;
                let other = self.expr(st, other)?;
                ValueKind::Ternary { cond, then, other }
            }
            TExprKind::Yield(v) => ValueKind::Yield(match v {
                Some(x) => Some(self.expr(st, x)?),
                None => None,
            }),
            TExprKind::Block { stmts, value } => {
                let flow = self.block(st, stmts)?;
                let value = self.expr(st, value)?;
                ValueKind::FlowInstr { flow, value }
            }
        };
        Ok(self.m.add_value(kind, ty, loc))
    }
}

impl Lowerer<'_, '_> {
    /// `Ptr[byte]`: how a function value holds its environment.
    fn env_ptr_type(&mut self) -> TypeId {
        let byte = self.m.ty("byte", TypeKind::Byte);
        self.m.ty("Ptr[byte]", TypeKind::Ptr(byte))
    }

    /// The code pointer type of a `Function` type: the environment, then the arguments.
    fn code_type(&mut self, function: &Type) -> LR<TypeId> {
        let (params, ret) = self
            .s
            .function_sig(function)
            .ok_or_else(|| self.internal("a function value without a signature"))?;
        let mut args = vec![self.env_ptr_type()];
        for p in &params {
            args.push(self.ty(p)?);
        }
        let ret = self.ty(&ret)?;
        let names: Vec<String> = args
            .iter()
            .map(|a| self.m.types.get(*a).name.clone())
            .collect();
        let name = format!(
            "code[{}]->{}",
            names.join(","),
            self.m.types.get(ret).name.clone()
        );
        Ok(self.m.ty(&name, TypeKind::Func { args, ret }))
    }

    /// The heap record holding the captured values of a function value calling `real`.
    fn env_type(&mut self, real: RealId, captured: &[Type]) -> LR<TypeId> {
        let mut fields = Vec::new();
        for (i, t) in captured.iter().enumerate() {
            fields.push(Field {
                name: i.to_string(),
                ty: self.ty(t)?,
            });
        }
        let name = format!("env[{}]", self.s.defs.reals[real.0 as usize].name);
        Ok(self.m.ty(
            &name,
            TypeKind::Ref {
                fields,
                parent: None,
            },
        ))
    }

    /// `{code, env}`: the entry point of `real` for function values, and a new environment
    /// holding the captured values (null when there are none).
    fn make_function(
        &mut self,
        st: &mut FnState,
        real: RealId,
        captured: &[TExpr],
        ty: TypeId,
        loc: Loc,
    ) -> LR<ValueId> {
        let types: Vec<Type> = captured.iter().map(|c| c.ty.clone()).collect();
        let thunk = self.thunk(real, &types)?;
        let code_ty = self.m.types.fields(ty)[0].ty;
        let env_ptr = self.env_ptr_type();
        let code = self.m.add_value(ValueKind::FuncRef(thunk), code_ty, loc);
        let env = if captured.is_empty() {
            self.m.add_value(ValueKind::Null, env_ptr, loc)
        } else {
            let env_ty = self.env_type(real, &types)?;
            let none = self.none();
            let var = self.m.add_var(".env", env_ty, false);
            st.hidden.push(var);
            let new = self.m.add_value(ValueKind::New, env_ty, loc);
            let mut series =
                vec![self
                    .m
                    .add_value(ValueKind::Assign { var, value: new }, none, loc)];
            for (i, c) in captured.iter().enumerate() {
                let target = self.m.add_value(ValueKind::VarRef(var), env_ty, loc);
                let value = self.expr(st, c)?;
                series.push(self.m.add_value(
                    ValueKind::Insert {
                        target,
                        field: i,
                        value,
                    },
                    none,
                    loc,
                ));
            }
            let flow = self.m.add_value(ValueKind::Series(series), none, loc);
            let obj = self.m.add_value(ValueKind::VarRef(var), env_ty, loc);
            let value = self.m.add_value(ValueKind::Cast(obj), env_ptr, loc);
            self.m
                .add_value(ValueKind::FlowInstr { flow, value }, env_ptr, loc)
        };
        Ok(self
            .m
            .add_value(ValueKind::MakeRecord(vec![code, env]), ty, loc))
    }

    /// The function a function value's code pointer calls: it takes the environment and the
    /// arguments, and calls `real` with the captured values and the arguments.
    fn thunk(&mut self, real: RealId, captured: &[Type]) -> LR<FuncId> {
        if let Some(f) = self.thunks.get(&real) {
            return Ok(*f);
        }
        let target = self.declare(real)?;
        let r = &self.s.defs.reals[real.0 as usize];
        let (arg_types, ret, name) = (r.args.clone(), r.ret.clone(), r.name.clone());
        let env_ptr = self.env_ptr_type();
        let loc = self.m.func(target).loc;
        let unmangled = self.m.func(target).unmangled.clone();
        let env_arg = self.m.add_var("env", env_ptr, false);
        let mut args = vec![env_arg];
        let mut call_args = Vec::new();
        if !captured.is_empty() {
            let env_ty = self.env_type(real, captured)?;
            for (i, t) in captured.iter().enumerate() {
                let ct = self.ty(t)?;
                let e = self.m.add_value(ValueKind::VarRef(env_arg), env_ptr, loc);
                let obj = self.m.add_value(ValueKind::Cast(e), env_ty, loc);
                call_args.push(self.m.add_value(
                    ValueKind::Extract {
                        value: obj,
                        field: i,
                    },
                    ct,
                    loc,
                ));
            }
        }
        for (i, t) in arg_types[captured.len()..].iter().enumerate() {
            let at = self.ty(t)?;
            let v = self.m.add_var(format!("a{i}"), at, false);
            args.push(v);
            call_args.push(self.m.add_value(ValueKind::VarRef(v), at, loc));
        }
        let ret_ty = self.ty(&ret)?;
        let none = self.none();
        let call = self.m.add_value(
            ValueKind::Call {
                func: target,
                args: call_args,
            },
            ret_ty,
            loc,
        );
        let ret_v = self.m.add_value(ValueKind::Return(Some(call)), none, loc);
        let body = self.m.add_value(ValueKind::Series(vec![ret_v]), none, loc);
        let f = self.m.add_func(cir::Func {
            name: format!("{name}.fn"),
            unmangled,
            args,
            ret: ret_ty,
            kind: FuncKind::Bodied {
                locals: vec![],
                body,
                generator: false,
            },
            attrs: vec![],
            loc,
        });
        self.thunks.insert(real, f);
        Ok(f)
    }
}

/// Replaces `{=N}` placeholders of static generics (`Int[N]`) with their numbers.
fn substitute_statics(ir: &str, statics: &[(String, i64)]) -> String {
    let mut out = ir.to_string();
    for (n, v) in statics {
        out = out.replace(&format!("{{={n}}}"), &v.to_string());
    }
    out
}

impl Sema<'_> {
    /// The final fields of a resolved class instance type.
    pub fn fields_resolved(&mut self, t: &Type) -> Vec<(String, Type)> {
        if let Some(f) = self.defs.fields.get(t) {
            return f.clone();
        }
        let Some((class, _)) = self.class_of(t) else {
            return vec![];
        };
        let (module, file) = (self.defs.class(class).module, self.defs.class(class).file);
        let mut fcx = crate::check::Fcx::new(self, module, file, None);
        fcx.fields_of(t)
    }
}
