//! Loading modules: finding their files, parsing them, and registering the classes, functions
//! and globals they define in the module's namespace.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use syntax::ast::{self, ExprKind, StmtKind};
use syntax::{Diagnostic, FileId, SourceFile, Span};

use crate::context::{Sema, R};
use crate::defs::{ClassDef, ClassKind, FuncDef, FuncDefId, ModuleDef, ModuleId, Symbol};

/// The name a decorator is known by: `@llvm` → `llvm`, `@par(…)` → `par`, `@a.b` → `a.b`.
pub fn decorator_name(e: &ast::Expr) -> String {
    match &e.kind {
        ExprKind::Name(n) => n.clone(),
        ExprKind::Call { func, .. } => decorator_name(func),
        ExprKind::Attribute { value, attr } => format!("{}.{}", decorator_name(value), attr.name),
        _ => String::new(),
    }
}

impl Sema<'_> {
    /// Reads and parses a file, adding it to the source map.
    pub fn parse_file(&mut self, path: &Path, display: &str) -> R<(FileId, Rc<ast::Module>)> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Box::new(syntax::Diagnostic::error(
                FileId(0),
                Span::default(),
                format!("cannot read {}: {e}", path.display()),
            ))
        })?;
        let file = self.map.add(SourceFile::new(display, text));
        self.parse_loaded(file)
            .map_err(|mut ds| Box::new(ds.remove(0)))
    }

    /// Parses a file already in the source map; on failure, every syntax error found.
    pub fn parse_loaded(
        &mut self,
        file: FileId,
    ) -> Result<(FileId, Rc<ast::Module>), Vec<Diagnostic>> {
        let text = self.map.get(file).text.clone();
        let mut m = syntax::parse(&text, file)?;
        crate::par::desugar(&mut m, file).map_err(|d| vec![*d])?;
        Ok((file, Rc::new(m)))
    }

    /// Creates a module from parsed files and registers its definitions.
    pub fn add_module(
        &mut self,
        name: &str,
        dir: PathBuf,
        parts: Vec<(FileId, Rc<ast::Module>)>,
    ) -> R<ModuleId> {
        let id = ModuleId(self.defs.modules.len() as u32);
        self.defs.modules.push(ModuleDef {
            name: name.to_string(),
            parts: parts.clone(),
            dir,
            symbols: HashMap::new(),
            init_flag: None,
        });
        self.module_by_name.insert(name.to_string(), id);
        for (file, m) in &parts {
            for stmt in &m.body {
                self.register_stmt(id, *file, stmt)?;
            }
        }
        self.qualify_nested_classes(id);
        Ok(id)
    }

    /// Registers one top-level statement's definitions.
    fn register_stmt(&mut self, module: ModuleId, file: FileId, stmt: &ast::Stmt) -> R<()> {
        match &stmt.kind {
            StmtKind::FunctionDef(f) => {
                let id = self.add_func(module, file, None, Rc::new((**f).clone()));
                self.bind_func(module, &f.name.name, id);
                if let ast::FunctionBody::Stmts(body) = &f.body {
                    self.register_nested_classes(module, file, &f.name.name, body)?;
                }
            }
            StmtKind::ClassDef(c) => {
                self.register_class(module, file, c)?;
            }
            StmtKind::Assign { targets, value } if targets.len() == 1 => {
                if let (ExprKind::Name(alias), ExprKind::Name(_) | ExprKind::Attribute { .. }) =
                    (&targets[0].kind, &value.kind)
                {
                    let name = decorator_name(value);
                    let sym = match name.split_once('.') {
                        None => self.lookup_symbol(module, &name),
                        Some((m, attr)) => match self.lookup_symbol(module, m) {
                            Some(Symbol::Module(mid)) => {
                                self.defs.module(mid).symbols.get(attr).cloned()
                            }
                            _ => None,
                        },
                    };
                    if let Some(s @ Symbol::Class(_)) = sym {
                        self.defs.modules[module.0 as usize]
                            .symbols
                            .insert(alias.clone(), s);
                    }
                }
                if let (ExprKind::Name(alias), ExprKind::Subscript { value: base, .. }) =
                    (&targets[0].kind, &value.kind)
                {
                    // `i32 = Int[32]`: a type alias when the subscripted name is a class
                    if let Some(Symbol::Class(_)) =
                        self.lookup_symbol(module, &decorator_name(base))
                    {
                        self.type_aliases
                            .insert((module, alias.clone()), (file, value.clone()));
                    }
                }
            }
            StmtKind::If { body, orelse, .. } => {
                for s in body.iter().chain(orelse) {
                    if matches!(s.kind, StmtKind::FunctionDef(_) | StmtKind::ClassDef(_)) {
                        return Err(self.err(
                            file,
                            s.span,
                            "definitions inside a top-level `if` are not supported",
                        ));
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn bind_func(&mut self, module: ModuleId, name: &str, id: FuncDefId) {
        let syms = &mut self.defs.modules[module.0 as usize].symbols;
        match syms.get_mut(name) {
            Some(Symbol::Func(v)) => v.push(id),
            _ => {
                syms.insert(name.to_string(), Symbol::Func(vec![id]));
            }
        }
    }

    /// Adds a function definition.
    pub fn add_func(
        &mut self,
        module: ModuleId,
        file: FileId,
        class: Option<crate::defs::ClassId>,
        ast: Rc<ast::FunctionDef>,
    ) -> FuncDefId {
        let ast = crate::check::type_params_as_parameters(ast);
        let decorators = ast.decorators.iter().map(decorator_name).collect();
        self.defs.funcs.push(FuncDef {
            name: ast.name.name.clone(),
            module,
            file,
            class,
            ast,
            decorators,
            captures: vec![],
            cell_captures: vec![],
            default_globals: HashMap::new(),
            synthetic: false,
            nested: false,
        });
        FuncDefId(self.defs.funcs.len() as u32 - 1)
    }

    /// Registers a class definition (see `register_class`).
    pub fn register_class_def(
        &mut self,
        module: ModuleId,
        file: FileId,
        c: &ast::ClassDef,
    ) -> R<()> {
        self.register_class(module, file, c)
    }

    fn register_class(&mut self, module: ModuleId, file: FileId, c: &ast::ClassDef) -> R<()> {
        let decorators: Vec<String> = c.decorators.iter().map(decorator_name).collect();
        if decorators.iter().any(|d| d == "extend") {
            return self.extend_class(module, file, c);
        }
        let kind = if decorators.iter().any(|d| d == "__internal__") {
            ClassKind::Primitive
        } else if decorators.iter().any(|d| d == "tuple") {
            ClassKind::Tuple
        } else {
            ClassKind::Ref
        };
        let id = crate::defs::ClassId(self.defs.classes.len() as u32);
        let mut methods: HashMap<String, Vec<FuncDefId>> = HashMap::new();
        let mut field_decls = Vec::new();
        let mut generics: Vec<String> = c.type_params.iter().map(|t| t.name.clone()).collect();
        let mut base = None;
        for b in &c.bases {
            match &b.kind {
                ExprKind::Subscript { value, index } if decorator_name(value) == "Generic" => {
                    let items: Vec<&ast::Expr> = match &index.kind {
                        ExprKind::Tuple(items) => items.iter().collect(),
                        _ => vec![index],
                    };
                    generics.extend(items.iter().map(|i| decorator_name(i)));
                }
                _ if base.is_none() => base = Some(b.clone()),
                _ => return Err(self.err(file, b.span, "multiple inheritance is not supported")),
            }
        }
        let mut base_class = None;
        if let Some(b) = &base {
            let bname = decorator_name(b);
            match self.lookup_symbol(module, &bname) {
                Some(Symbol::Class(bc)) => {
                    base_class = Some(bc);
                    let parent = self.defs.class(bc);
                    methods = parent.methods.clone();
                    // `__init__` and friends are inherited too; overriding replaces them below.
                    field_decls = parent.field_decls.clone();
                }
                _ => {
                    return Err(self.err(
                        file,
                        b.span,
                        format!("base class '{bname}' is not defined"),
                    ))
                }
            }
        }
        self.defs.classes.push(ClassDef {
            name: c.name.name.clone(),
            module,
            file,
            generics,
            kind,
            methods: HashMap::new(),
            field_decls: vec![],
            base_class,
            has_subclasses: false,
            class_vars: HashMap::new(),
            namedtuple: false,
        });
        self.defs.modules[module.0 as usize]
            .symbols
            .insert(c.name.name.clone(), Symbol::Class(id));
        let mut ancestor = base_class;
        while let Some(a) = ancestor {
            self.defs.classes[a.0 as usize].has_subclasses = true;
            ancestor = self.defs.class(a).base_class;
        }
        let mut overridden: Vec<String> = Vec::new();
        for stmt in &c.body {
            match &stmt.kind {
                StmtKind::FunctionDef(f) => {
                    if let ast::FunctionBody::Stmts(body) = &f.body {
                        let outer = format!("{}.{}", c.name.name, f.name.name);
                        self.register_nested_classes(module, file, &outer, body)?;
                    }
                    let fid = self.add_func(module, file, Some(id), Rc::new((**f).clone()));
                    let name = f.name.name.clone();
                    if !overridden.contains(&name) {
                        overridden.push(name.clone());
                        // A method defined here hides every inherited overload of that name.
                        methods.insert(name.clone(), vec![]);
                    }
                    methods.entry(name).or_default().push(fid);
                }
                StmtKind::AnnAssign {
                    target, annotation, ..
                } => {
                    if let ExprKind::Name(n) = &target.kind {
                        field_decls.push((n.clone(), Some(annotation.clone()), id));
                    }
                }
                StmtKind::Assign { targets, value } => {
                    if let [ast::Expr {
                        kind: ExprKind::Name(n),
                        ..
                    }] = targets.as_slice()
                    {
                        let g = self.defs.add_global(format!("{}.{}", c.name.name, n), None);
                        self.defs.classes[id.0 as usize]
                            .class_vars
                            .insert(n.clone(), g);
                        self.pending_class_vars
                            .push((module, file, g, value.clone()));
                    }
                }
                _ => {}
            }
        }
        if kind == ClassKind::Ref {
            let mut skip: Vec<String> = field_decls.iter().map(|f| f.0.clone()).collect();
            skip.extend(methods.iter().filter_map(|(name, defs)| {
                let is_property = defs.iter().any(|d| {
                    self.defs
                        .func(*d)
                        .decorators
                        .iter()
                        .any(|x| x == "property")
                });
                is_property.then(|| name.clone())
            }));
            for (name, ann) in crate::class_fields::assigned_attributes(&c.body, &skip) {
                field_decls.push((name, ann, id));
            }
        }
        let inherited = base_class
            .and_then(|b| self.declared.get(&b).cloned())
            .unwrap_or_default();
        self.add_generated_methods(module, file, id, c, kind, inherited, &mut methods)?;
        let cls = &mut self.defs.classes[id.0 as usize];
        cls.methods = methods;
        cls.field_decls = field_decls;
        Ok(())
    }

    /// Finds the file of module `name` (see [`find_module_file`]).
    pub fn find_module_file(&self, name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
        find_module_file(name, dirs)
    }
}

/// Finds the file of module `name` (dotted) searching `dirs` in order: `a/b.codon`, `a/b.py`,
/// `a/b/__init__.codon`, `a/b/__init__.py`.
pub fn find_module_file(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    let rel = name.replace('.', "/");
    for d in dirs {
        for cand in [
            format!("{rel}.codon"),
            format!("{rel}.py"),
            format!("{rel}/__init__.codon"),
            format!("{rel}/__init__.py"),
        ] {
            let p = d.join(&cand);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}
