//! Realization: checking a function's body for one tuple of argument types, once, and the
//! module-level code that runs on import.

use std::rc::Rc;

use syntax::ast::{self, ExprKind, FunctionBody};
use syntax::{Diagnostic, FileId, Span};

use crate::check::{assigned_names, Fcx};
use crate::context::{Sema, R};
use crate::defs::{FuncDefId, ModuleId, RealId, Realization};
use crate::typed::{TBody, TExpr, TExprKind, TStmt, TTarget};
use crate::types::Type;

/// How many times a body is re-checked while later statements teach earlier ones their types.
const MAX_PASSES: usize = 4;

/// How many realizations of one function may be in progress at once (nested, each waiting on
/// the next) with growing argument types before the recursion is taken to grow them forever.
const MAX_NESTED_REALIZATIONS: usize = 16;

/// Type sizes are counted up to this many nodes.
const TYPE_SIZE_CAP: usize = 1 << 20;

impl Sema<'_> {
    /// Whether a source function is a generator.
    pub fn is_generator_def(&self, def: FuncDefId) -> bool {
        match &self.defs.func(def).ast.body {
            FunctionBody::Stmts(b) => crate::check::contains_yield(b),
            FunctionBody::Llvm { .. } => false,
        }
    }

    fn mangle(&self, def: FuncDefId, args: &[Type]) -> String {
        let fd = self.defs.func(def);
        let owner = fd
            .class
            .map(|c| format!("{}.", self.defs.class(c).name))
            .unwrap_or_default();
        let module = &self.defs.module(fd.module).name;
        let prefix = if fd.class.is_none() && module != "__main__" && module != "builtins" {
            format!("{module}.")
        } else {
            String::new()
        };
        let a: Vec<String> = args.iter().map(|t| self.type_name(t)).collect();
        let base = format!("{prefix}{owner}{}[{}]", fd.name, a.join(","));
        if fd.synthetic || !fd.captures.is_empty() {
            format!("{base}.{}", def.0)
        } else {
            base
        }
    }

    /// The realization of `def` for `args` (all resolved), checking its body when new.
    pub fn realize(&mut self, def: FuncDefId, args: Vec<Type>) -> R<RealId> {
        self.realize_with(def, args, None)
    }

    /// Refuses to realize `def` for `args` when [`MAX_NESTED_REALIZATIONS`] realizations of it
    /// are in progress (nested, each waiting on the next) and `args` are larger than all of
    /// theirs: a recursion that calls itself with ever larger types (`f(x)` calling `f([x])`)
    /// has no finite set of instances. (Recursing into smaller types, as the `__repr__` of a
    /// nested list does, always ends.)
    fn check_realization_depth(&self, def: FuncDefId, args: &[Type]) -> R<()> {
        let size = |args: &[Type]| -> usize {
            args.iter().map(|t| self.type_size(t, TYPE_SIZE_CAP)).sum()
        };
        let open = || {
            self.defs
                .reals
                .iter()
                .filter(|r| r.def == def && r.in_progress)
        };
        if open().count() < MAX_NESTED_REALIZATIONS {
            return Ok(());
        }
        let new_size = size(args);
        if open().any(|r| size(&r.args) >= new_size) {
            return Ok(());
        }
        let fd = self.defs.func(def);
        let mut types: Vec<String> = args.iter().map(|t| self.type_name(t)).collect();
        for t in &mut types {
            if t.chars().count() > 60 {
                *t = format!("{}…", t.chars().take(60).collect::<String>());
            }
        }
        Err(Box::new(
            Diagnostic::error(
                fd.file,
                fd.ast.name.span,
                format!(
                    "'{}' calls itself with ever larger argument types, so it would need \
                     infinitely many instances (the last with ({}))",
                    fd.name,
                    types.join(", ")
                ),
            )
            .with_help("annotate the parameter types so that the recursion keeps one type"),
        ))
    }

    /// How many nodes type `t` has, counting at most to `cap`.
    fn type_size(&self, t: &Type, cap: usize) -> usize {
        let inner: &[Type] = &match self.store.shallow(t) {
            Type::Class { args, .. } => args,
            Type::Func { captured, .. } => captured,
            _ => vec![],
        };
        let mut size = 1;
        for a in inner {
            if size >= cap {
                break;
            }
            size += self.type_size(a, cap - size);
        }
        size.min(cap)
    }

    /// Like [`Sema::realize`], for a static method of a generic class whose generic arguments
    /// are given (`Ptr[int](n)`).
    pub fn realize_with(
        &mut self,
        def: FuncDefId,
        args: Vec<Type>,
        class_args: Option<Vec<Type>>,
    ) -> R<RealId> {
        let mut key = args.clone();
        if let Some(ca) = &class_args {
            key.push(self.tuple_t(ca.clone()));
        }
        if let Some(id) = self.defs.real_index.get(&(def, key.clone())) {
            return Ok(*id);
        }
        self.check_realization_depth(def, &args)?;
        let mut name = self.mangle(def, &key);
        if self.defs.reals.iter().any(|r| r.name == name) {
            name = format!("{name}.{}", def.0);
        }
        let generator = self.is_generator_def(def);
        let yield_ty = self.store.fresh();
        let ret = if generator {
            self.generator_t(yield_ty.clone())
        } else {
            self.store.fresh()
        };
        let id = RealId(self.defs.reals.len() as u32);
        self.defs.reals.push(Realization {
            def,
            args: args.clone(),
            ret: ret.clone(),
            name,
            body: None,
            in_progress: true,
            generics: vec![],
        });
        self.defs.real_index.insert((def, key), id);
        let fd = self.defs.func(def);
        let ast = fd.ast.clone();
        let (module, file) = (fd.module, fd.file);
        let is_init = fd.decorators.iter().any(|d| d == "__module_init__");
        let mut passes = 0;
        let mut hints = std::collections::HashMap::new();
        loop {
            passes += 1;
            let mut fcx = Fcx::new(self, module, file, Some(def));
            fcx.local_hints = std::mem::take(&mut hints);
            fcx.default_open_types = passes == MAX_PASSES;
            fcx.ret = ret.clone();
            fcx.toplevel = is_init;
            if is_init {
                fcx.reset_global_versions();
            }
            fcx.ctor_args = class_args.clone();
            let mut stmts =
                fcx.check_function(&ast, &args, generator.then(|| yield_ty.clone()), is_init)?;
            if generator {
                stmts = fcx.guard_stop_iteration(stmts, ast.name.span)?;
            }
            fcx.resolve_pending()?;
            let pending: Vec<Option<RealId>> = fcx.pending.iter().map(|p| p.real).collect();
            let late: Vec<(usize, crate::check::PendingCall)> = fcx
                .pending
                .iter()
                .enumerate()
                .filter(|(_, p)| p.real.is_none())
                .map(|(i, p)| (i, p.clone()))
                .collect();
            let only_pending = fcx.only_pending;
            let generics: Vec<(String, Type)> = fcx
                .generics
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            let locals = fcx.locals.clone();
            let mut incomplete = fcx.incomplete.clone();
            hints = fcx.hints_for_next_pass();
            if only_pending {
                incomplete = None;
                for (slot, call) in late {
                    self.late_calls.push((id, slot, call));
                }
            }
            let done = incomplete.is_none();
            if done || passes >= MAX_PASSES {
                if let Some((span, what)) = incomplete {
                    return Err(self.err(
                        file,
                        span,
                        format!("cannot determine the type of {what}"),
                    ));
                }
                if !generator && matches!(self.store.shallow(&ret), Type::Var(_)) {
                    let none = self.none_t();
                    self.store.unify(&ret, &none);
                }
                if generator && matches!(self.store.shallow(&yield_ty), Type::Var(_)) {
                    let none = self.none_t();
                    self.store.unify(&yield_ty, &none);
                }
                let n_args = args.len();
                let r = &mut self.defs.reals[id.0 as usize];
                r.body = Some(TBody {
                    locals,
                    n_args,
                    stmts,
                    generator,
                    file,
                    pending,
                });
                r.generics = generics;
                r.in_progress = false;
                return Ok(id);
            }
        }
    }

    /// Realizes the calls left pending by finished checks, now that the program's types are
    /// known; an error names the first whose argument types stayed unknown.
    pub fn realize_late_calls(&mut self) -> R<()> {
        let mut defaulted = false;
        loop {
            let mut progress = false;
            for i in 0..self.late_calls.len() {
                let (owner, slot, call) = self.late_calls[i].clone();
                let args: Vec<Type> = call.args.iter().map(|t| self.store.resolve(t)).collect();
                let class_args = call
                    .class_args
                    .as_ref()
                    .map(|a| a.iter().map(|t| self.store.resolve(t)).collect::<Vec<_>>());
                let ready = args
                    .iter()
                    .chain(class_args.iter().flatten())
                    .all(|t| self.store.is_resolved(t));
                let body = self.defs.reals[owner.0 as usize].body.as_ref();
                let done = body.map(|b| b.pending[slot].is_some()).unwrap_or(true);
                if !ready || done {
                    continue;
                }
                let file = self.defs.func(self.defs.reals[owner.0 as usize].def).file;
                let real = self
                    .realize_with(call.def, args, class_args)
                    .map_err(|d| self.at_call_site(d, file, call.span))?;
                let ret = self.defs.reals[real.0 as usize].ret.clone();
                self.store.unify(&call.ret, &ret);
                if let Some(b) = self.defs.reals[owner.0 as usize].body.as_mut() {
                    b.pending[slot] = Some(real);
                }
                progress = true;
            }
            if progress {
                continue;
            }
            if defaulted {
                break;
            }
            // What nothing constrained by now (the items of a `[]` only compared or printed)
            // takes the default type, as on a body's last pass.
            defaulted = true;
            let int = self.int_t();
            let open: Vec<Type> = self
                .late_calls
                .iter()
                .flat_map(|(_, _, c)| c.args.iter().chain(c.class_args.iter().flatten()))
                .cloned()
                .collect();
            for t in open {
                self.store.default_vars(&t, &int);
            }
        }
        let open = self.late_calls.iter().find(|(owner, slot, _)| {
            self.defs.reals[owner.0 as usize]
                .body
                .as_ref()
                .map(|b| b.pending[*slot].is_none())
                .unwrap_or(false)
        });
        if let Some((owner, _, call)) = open {
            let file = self.defs.func(self.defs.reals[owner.0 as usize].def).file;
            return Err(self.err(
                file,
                call.span,
                "cannot determine the type of the arguments of this call",
            ));
        }
        Ok(())
    }

    /// Loads (once) the module `name`, searching next to the importing module, then the stdlib.
    pub fn import_module(
        &mut self,
        name: &str,
        from: ModuleId,
        file: FileId,
        span: Span,
    ) -> R<ModuleId> {
        if let Some(m) = self.module_by_name.get(name) {
            return Ok(*m);
        }
        if let Some((parent, _)) = name.rsplit_once('.') {
            self.import_module(parent, from, file, span)?;
        }
        let mut dirs = vec![self.defs.module(from).dir.clone(), self.entry_dir.clone()];
        dirs.extend(self.opts.search_paths.iter().cloned());
        dirs.push(self.stdlib_dir());
        let Some(path) = self.find_module_file(name, &dirs) else {
            return Err(self.err(file, span, format!("no module named '{name}'")));
        };
        self.load_module_file(name, &path)
    }

    /// `from .name import …` with `level` leading dots.
    pub fn import_relative(
        &mut self,
        name: &str,
        level: u32,
        from: ModuleId,
        file: FileId,
        span: Span,
    ) -> R<ModuleId> {
        if level == 0 {
            return self.import_module(name, from, file, span);
        }
        let importer = &self.defs.module(from);
        let is_package = importer.parts.first().is_some_and(|(f, _)| {
            let shown = &self.map.get(*f).name;
            std::path::Path::new(shown)
                .file_stem()
                .is_some_and(|s| s == "__init__")
        });
        if let Some(absolute) = crate::resolve_relative(&importer.name, is_package, name, level) {
            return self.import_module(&absolute, from, file, span);
        }
        let mut dir = self.defs.module(from).dir.clone();
        for _ in 1..level {
            dir = dir.parent().map(|p| p.to_path_buf()).unwrap_or(dir);
        }
        let target = if name.is_empty() {
            "__init__".to_string()
        } else {
            name.to_string()
        };
        let Some(path) = self.find_module_file(&target, &[dir.clone()]) else {
            return Err(self.err(
                file,
                span,
                format!("no module named '{}' relative to {}", name, dir.display()),
            ));
        };
        let key = path.display().to_string();
        if let Some(m) = self.module_by_name.get(&key) {
            return Ok(*m);
        }
        self.load_module_file(&key, &path)
    }

    fn load_module_file(&mut self, name: &str, path: &std::path::Path) -> R<ModuleId> {
        // Messages name the file relative to the current folder when it is inside it.
        let shown = std::env::current_dir()
            .ok()
            .and_then(|cwd| path.strip_prefix(cwd).ok())
            .unwrap_or(path)
            .display()
            .to_string();
        let part = self.parse_file(path, &shown)?;
        let dir = path.parent().map(|p| p.to_path_buf()).unwrap_or_default();
        let m = self.add_module(name, dir, vec![part])?;
        if let Some((parent, last)) = name.rsplit_once('.') {
            if let Some(p) = self.module_by_name.get(parent).copied() {
                self.defs.modules[p.0 as usize]
                    .symbols
                    .insert(last.to_string(), crate::defs::Symbol::Module(m));
            }
        }
        Ok(m)
    }

    /// The function that runs a module's top-level code once (realized on first use).
    pub fn module_init(&mut self, m: ModuleId) -> R<RealId> {
        let module = self.defs.module(m);
        let parts = module.parts.clone();
        let name = module.name.clone();
        let file = parts.first().map(|p| p.0).unwrap_or_default();
        let existing = self
            .defs
            .funcs
            .iter()
            .position(|f| f.module == m && f.decorators.iter().any(|d| d == "__module_init__"));
        let def = match existing {
            Some(i) => FuncDefId(i as u32),
            None => {
                let body: Vec<ast::Stmt> = parts
                    .iter()
                    .flat_map(|(_, a)| a.body.iter().cloned())
                    .collect();
                let span = Span::default();
                let f = ast::FunctionDef {
                    name: ast::Ident {
                        name: format!("{name}.__init__"),
                        span,
                    },
                    type_params: vec![],
                    params: ast::Parameters::default(),
                    returns: None,
                    decorators: vec![ast::Expr::new(
                        ExprKind::Name("__module_init__".into()),
                        span,
                    )],
                    body: FunctionBody::Stmts(body),
                    is_async: false,
                };
                let flag = self
                    .defs
                    .add_global(format!("{name}.__initialized__"), Some(self.bool_t()));
                self.defs.modules[m.0 as usize].init_flag = Some(flag);
                self.add_func(m, file, None, Rc::new(f))
            }
        };
        self.realize(def, vec![])
    }
}

impl Fcx<'_, '_> {
    /// Binds parameters and checks a function body (or a module's top-level code).
    pub fn check_function(
        &mut self,
        f: &ast::FunctionDef,
        args: &[Type],
        yield_ty: Option<Type>,
        is_init: bool,
    ) -> R<Vec<TStmt>> {
        let FunctionBody::Stmts(body) = &f.body else {
            self.bind_signature(f, args)?;
            return Ok(vec![]);
        };
        if crate::check::is_c_function(f) {
            // a C function's body is never run (`from C import`, `@C`, `@extern`)
            self.bind_signature(f, args)?;
            return Ok(vec![]);
        }
        self.yield_ty = yield_ty;
        let (locals, globals) = assigned_names(body);
        self.local_names = locals;
        self.global_names = globals;
        self.bind_signature(f, args)?;
        let mut out = Vec::new();
        let def = self.def.expect("a realization has a definition");
        if !is_init {
            for name in self.s.defs.func(def).cell_captures.clone() {
                self.bind_captured_cell(&name);
            }
            let params: Vec<String> = f
                .params
                .posonly
                .iter()
                .chain(&f.params.args)
                .chain(&f.params.vararg)
                .chain(&f.params.kwonly)
                .chain(&f.params.kwarg)
                .map(|p| p.name.name.clone())
                .collect();
            let mut cells: Vec<String> = crate::check::cell_names(&params, body)
                .into_iter()
                .filter(|n| !self.cells.contains_key(n) && !self.global_names.contains(n))
                .collect();
            cells.sort();
            for name in cells {
                out.extend(self.make_cell(&name, f.name.span)?);
            }
        }
        let fd = self.s.defs.func(def);
        if fd.nested && !self.scope.contains_key(&fd.name) {
            let n_caps = fd.captures.len();
            let name = fd.name.clone();
            let values: Vec<TExpr> = (0..n_caps)
                .map(|i| self.local(crate::typed::LocalId(i as u32), f.name.span))
                .collect();
            let ty = Type::Func {
                def,
                captured: values.iter().map(|v| v.ty.clone()).collect(),
            };
            let l = self.new_local(&name, ty.clone());
            self.scope.insert(name, l);
            out.push(TStmt::Assign(
                TTarget::Local(l),
                TExpr::new(TExprKind::Record(values), ty, f.name.span),
            ));
        }
        if is_init {
            let flag = self
                .s
                .defs
                .module(self.module)
                .init_flag
                .expect("module init has a flag");
            let bt = self.s.bool_t();
            out.push(TStmt::If(
                TExpr::new(TExprKind::Global(flag), bt.clone(), f.name.span),
                vec![TStmt::Return(None)],
                vec![],
            ));
            out.push(TStmt::Assign(
                TTarget::Global(flag),
                TExpr::new(TExprKind::Bool(true), bt, f.name.span),
            ));
            let pending: Vec<_> = self
                .s
                .pending_class_vars
                .iter()
                .filter(|p| p.0 == self.module)
                .cloned()
                .collect();
            for (_, file, g, value) in pending {
                let saved = std::mem::replace(&mut self.file, file);
                let owner = self
                    .s
                    .defs
                    .classes
                    .iter()
                    .find(|c| c.class_vars.values().any(|x| *x == g))
                    .map(|c| c.class_vars.clone())
                    .unwrap_or_default();
                self.inner_scopes.push(
                    owner
                        .into_iter()
                        .map(|(k, v)| (k, crate::check::Binding::Global(v)))
                        .collect(),
                );
                let v = self.check_expr(&value);
                self.inner_scopes.pop();
                self.file = saved;
                let v = v?;
                self.s.defs.globals[g.0 as usize]
                    .ty
                    .get_or_insert(v.ty.clone());
                out.push(TStmt::Assign(TTarget::Global(g), v));
            }
            if self.module != self.s.builtins {
                let b = self.s.builtins;
                out.extend(self.run_module_init(b, f.name.span)?);
            }
        }
        out.extend(self.check_block(body)?);
        Ok(out)
    }

    /// A call of a module's init function (nothing for the module being checked itself).
    pub fn run_module_init(&mut self, m: ModuleId, span: Span) -> R<Vec<TStmt>> {
        if m == self.module {
            return Ok(vec![]);
        }
        let real = self.s.module_init(m)?;
        let none = self.s.none_t();
        Ok(vec![TStmt::Expr(TExpr::new(
            TExprKind::Call {
                func: real,
                args: vec![],
            },
            none,
            span,
        ))])
    }

    fn bind_signature(&mut self, f: &ast::FunctionDef, args: &[Type]) -> R<()> {
        let def = self.def.expect("a realization has a definition");
        let fd = self.s.defs.func(def);
        let class = fd.class;
        let is_static = fd.decorators.iter().any(|d| d == "staticmethod") || fd.name == "__new__";
        if let Some(c) = class {
            let gens = self.s.defs.class(c).generics.clone();
            let self_args = match (is_static, args.first().and_then(|t| self.s.class_of(t))) {
                (false, Some((sc, sargs))) if sc == c => Some(sargs),
                (true, _) => self.ctor_args.take(),
                _ => None,
            };
            for (i, g) in gens.into_iter().enumerate() {
                let t = match &self_args {
                    Some(a) => a[i].clone(),
                    None => self.s.store.fresh(),
                };
                self.generics.insert(g, t);
            }
        }
        for t in &f.type_params {
            let v = self.s.store.fresh();
            self.generics.insert(t.name.clone(), v);
        }
        let p = &f.params;
        let params: Vec<&ast::Param> = p.all().collect();
        if params.len() != args.len() {
            return Err(self.err(
                f.name.span,
                format!(
                    "internal: {} parameters for {} arguments",
                    params.len(),
                    args.len()
                ),
            ));
        }
        let is_classmethod = class.is_some()
            && self
                .s
                .defs
                .func(def)
                .decorators
                .iter()
                .any(|d| d == "classmethod");
        let rest: Vec<&str> = p
            .vararg
            .iter()
            .chain(&p.kwarg)
            .map(|x| x.name.name.as_str())
            .collect();
        for (i, (param, ty)) in params.iter().zip(args).enumerate() {
            if i == 0 && is_classmethod {
                // `cls` stands for the class the method was called on; its argument is a
                // placeholder of that class's instance type.
                self.new_local(&param.name.name, ty.clone());
                if let Some((c, _)) = self.s.class_of(ty) {
                    self.static_names
                        .insert(param.name.name.clone(), crate::defs::Symbol::Class(c));
                }
                continue;
            }
            if crate::check::is_type_param(param) {
                // `T: type`: the name denotes the argument's type
                self.new_local(&param.name.name, ty.clone());
                self.generics.insert(param.name.name.clone(), ty.clone());
                continue;
            }
            match &param.annotation {
                // `*args: T` and `**kwargs: T` annotate the items
                Some(ann) if !rest.contains(&param.name.name.as_str()) => {
                    let want = self.eval_type(ann)?;
                    self.s.store.unify(&want, ty);
                }
                _ => {}
            }
            let l = self.new_local(&param.name.name, ty.clone());
            self.scope.insert(param.name.name.clone(), l);
        }
        if let Some(r) = &f.returns {
            let t = self.eval_type(r)?;
            let ret = self.ret.clone();
            if !self.s.store.unify(&ret, &t) {
                return Err(self.err(
                    r.span,
                    "return annotation does not match the generator's type",
                ));
            }
        }
        Ok(())
    }
}
