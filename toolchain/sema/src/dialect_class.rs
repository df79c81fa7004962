//! Codon's class extensions, applied when a class is registered: the automatic `__init__` of
//! classes with declared fields, `@dataclass` (and `dataclasses.dataclass`) options, the
//! methods `@tuple` classes get without defining them, and `@extend` (methods added to a class
//! defined elsewhere, builtin classes included).
//!
//! Generated methods are written as dialect source in a file of their own (shown as
//! `<generated methods of NAME>`), parsed, and registered as methods of the class in the
//! class's module, so their bodies resolve names as the user's code does.

use std::collections::HashMap;
use std::rc::Rc;

use syntax::ast::{self, ExprKind, StmtKind};
use syntax::{FileId, SourceFile};

use crate::context::{Sema, R};
use crate::defs::{ClassId, ClassKind, FuncDefId, ModuleId, Symbol};
use crate::loader::decorator_name;

/// A field declared in a class body (`name: ANN` or `name: ANN = DEFAULT`), as source text.
#[derive(Debug, Clone)]
pub struct DeclaredField {
    pub name: String,
    pub ann: String,
    pub default: Option<String>,
}

/// The options of `@dataclass(...)` (Python's defaults; Codon spells `hash`, Python
/// `unsafe_hash`/`frozen`).
#[derive(Debug, Clone, Copy)]
struct DataclassOptions {
    init: bool,
    repr: bool,
    eq: bool,
    order: bool,
    hash: bool,
}

const DATACLASS_OPTIONS: &[&str] = &[
    "init",
    "repr",
    "eq",
    "order",
    "hash",
    "unsafe_hash",
    "frozen",
    "match_args",
    "kw_only",
    "slots",
];

impl Sema<'_> {
    /// Whether `module` is the user's (not the stdlib's, nor a generated one).
    pub fn is_user_module(&self, module: ModuleId) -> bool {
        if module == self.builtins {
            return false;
        }
        let m = self.defs.module(module);
        !m.name.contains('<') && !m.dir.starts_with(self.stdlib_dir())
    }

    /// The `@dataclass` options of a class, or None when it is not a dataclass.
    fn dataclass_options(&self, file: FileId, c: &ast::ClassDef) -> R<Option<DataclassOptions>> {
        let Some(d) = c.decorators.iter().find(|d| {
            matches!(
                decorator_name(d).as_str(),
                "dataclass" | "dataclasses.dataclass"
            )
        }) else {
            return Ok(None);
        };
        let mut o = DataclassOptions {
            init: true,
            repr: true,
            eq: true,
            order: false,
            hash: false,
        };
        if let ExprKind::Call { args, keywords, .. } = &d.kind {
            if let Some(a) = args.first() {
                return Err(self.err(
                    file,
                    a.span,
                    "@dataclass takes its options by keyword (init=, repr=, eq=, order=, hash=)",
                ));
            }
            for k in keywords {
                let Some(name) = &k.arg else {
                    return Err(self.err(file, k.span, "@dataclass options must be named"));
                };
                if !DATACLASS_OPTIONS.contains(&name.name.as_str()) {
                    return Err(self.err(
                        file,
                        k.span,
                        format!(
                            "@dataclass has no option '{}' (it takes init, repr, eq, order, hash)",
                            name.name
                        ),
                    ));
                }
                let ExprKind::Bool(v) = k.value.kind else {
                    return Err(self.err(
                        file,
                        k.value.span,
                        format!("@dataclass option '{}' must be True or False", name.name),
                    ));
                };
                match name.name.as_str() {
                    "init" => o.init = v,
                    "repr" => o.repr = v,
                    "eq" => o.eq = v,
                    "order" => o.order = v,
                    "hash" | "unsafe_hash" | "frozen" => o.hash = o.hash || v,
                    _ => {}
                }
            }
        }
        if o.order && !o.eq {
            return Err(self.err(file, d.span, "@dataclass: order=True needs eq=True"));
        }
        Ok(Some(o))
    }

    /// The fields a class body declares, with their annotation and default as source text.
    pub fn declared_fields(&self, file: FileId, body: &[ast::Stmt]) -> Vec<DeclaredField> {
        let text = &self.map.get(file).text;
        let slice = |e: &ast::Expr| {
            text.get(e.span.start as usize..e.span.end as usize)
                .unwrap_or("")
                .to_string()
        };
        body.iter()
            .filter_map(|s| match &s.kind {
                StmtKind::AnnAssign {
                    target,
                    annotation,
                    value,
                } => match &target.kind {
                    ExprKind::Name(n) => Some(DeclaredField {
                        name: n.clone(),
                        ann: slice(annotation),
                        default: value.as_ref().map(slice),
                    }),
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }

    /// Registers the methods Codon gives a class it does not define itself, appending them to
    /// `methods` (an automatic `__init__` is an extra overload after the user's).
    #[allow(clippy::too_many_arguments)]
    pub fn add_generated_methods(
        &mut self,
        module: ModuleId,
        file: FileId,
        id: ClassId,
        c: &ast::ClassDef,
        kind: ClassKind,
        inherited: Vec<DeclaredField>,
        methods: &mut HashMap<String, Vec<FuncDefId>>,
    ) -> R<()> {
        let dataclass = self.dataclass_options(file, c)?;
        let mut fields = inherited;
        let own_fields = self.declared_fields(file, &c.body);
        let declares_fields = !own_fields.is_empty();
        fields.extend(own_fields);
        self.declared.insert(id, fields.clone());
        if kind == ClassKind::Primitive || !self.is_user_module(module) {
            return Ok(());
        }
        let own: Vec<String> = c
            .body
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::FunctionDef(f) => Some(f.name.name.clone()),
                _ => None,
            })
            .collect();
        let defines = |n: &str| own.iter().any(|o| o == n);
        let name = c.name.name.as_str();
        let mut src = String::new();
        let self_fields = |prefix: &str| -> String {
            let items: Vec<String> = fields
                .iter()
                .map(|f| format!("{prefix}.{}", f.name))
                .collect();
            match items.len() {
                1 => format!("({},)", items[0]),
                _ => format!("({})", items.join(", ")),
            }
        };
        let want_init = match (kind, dataclass) {
            (ClassKind::Ref, Some(o)) => o.init,
            // a subclass declaring no fields of its own keeps its base's constructors
            (ClassKind::Ref, None) => declares_fields,
            _ => false,
        };
        if want_init && !(dataclass.is_some() && defines("__init__")) {
            let params: Vec<String> = fields
                .iter()
                .map(|f| {
                    let default = f.default.clone().unwrap_or_else(|| format!("{}()", f.ann));
                    format!("{}: {} = {}", f.name, f.ann, default)
                })
                .collect();
            src.push_str(&format!("def __init__(self, {}):\n", params.join(", ")));
            for f in &fields {
                src.push_str(&format!("    self.{0} = {0}\n", f.name));
            }
            if fields.is_empty() {
                src.push_str("    pass\n");
            }
        }
        let is_tuple = kind == ClassKind::Tuple;
        let (repr, eq, order, hash) = match dataclass {
            Some(o) => (o.repr, o.eq, o.order, o.hash),
            None => (is_tuple, is_tuple, is_tuple, is_tuple),
        };
        if repr && !defines("__repr__") {
            let parts: Vec<String> = fields
                .iter()
                .map(|f| {
                    if is_tuple && dataclass.is_none() {
                        format!("\"{}: \" + repr(self.{})", f.name, f.name)
                    } else {
                        format!("\"{}=\" + repr(self.{})", f.name, f.name)
                    }
                })
                .collect();
            let open = if is_tuple && dataclass.is_none() {
                "(".to_string()
            } else {
                format!("{name}(")
            };
            let joined = if parts.is_empty() {
                "\"\"".to_string()
            } else {
                parts.join(" + \", \" + ")
            };
            src.push_str(&format!(
                "def __repr__(self) -> str:\n    return \"{open}\" + {joined} + \")\"\n"
            ));
        }
        if !fields.is_empty() {
            let (mine, theirs) = (self_fields("self"), self_fields("other"));
            if eq {
                for (m, op) in [("__eq__", "=="), ("__ne__", "!=")] {
                    if !defines(m) {
                        src.push_str(&format!(
                            "def {m}(self, other: {name}) -> bool:\n    return {mine} {op} {theirs}\n"
                        ));
                    }
                }
            }
            if order {
                for (m, op) in [
                    ("__lt__", "<"),
                    ("__le__", "<="),
                    ("__gt__", ">"),
                    ("__ge__", ">="),
                ] {
                    if !defines(m) {
                        src.push_str(&format!(
                            "def {m}(self, other: {name}) -> bool:\n    return {mine} {op} {theirs}\n"
                        ));
                    }
                }
            }
            if hash && !defines("__hash__") {
                src.push_str(&format!(
                    "def __hash__(self) -> int:\n    return hash({mine})\n"
                ));
            }
        }
        if src.is_empty() {
            return Ok(());
        }
        let shown = format!("<generated methods of {name}>");
        let gen_file = self.map.add(SourceFile::new(shown, src));
        let (_, parsed) = self
            .parse_loaded(gen_file)
            .map_err(|mut ds| Box::new(ds.remove(0)))?;
        self.generated_files.insert(gen_file, module);
        for stmt in &parsed.body {
            if let StmtKind::FunctionDef(f) = &stmt.kind {
                let fid = self.add_func(module, gen_file, Some(id), Rc::new((**f).clone()));
                let entry = methods.entry(f.name.name.clone()).or_default();
                if f.name.name != "__init__" {
                    // inherited versions give way to the generated one
                    entry.retain(|d| self.defs.func(*d).class == Some(id));
                }
                entry.push(fid);
            }
        }
        Ok(())
    }

    /// Registers the classes defined inside a function body (at any depth) as classes of the
    /// module; the function's own code names them through `nested_classes`. A module-level
    /// name is not taken from the module by them.
    pub fn register_nested_classes(
        &mut self,
        module: ModuleId,
        file: FileId,
        outer: &str,
        body: &[ast::Stmt],
    ) -> R<()> {
        for s in body {
            match &s.kind {
                StmtKind::ClassDef(c) => {
                    let name = c.name.name.clone();
                    let before = self.defs.module(module).symbols.get(&name).cloned();
                    let id = ClassId(self.defs.classes.len() as u32);
                    self.register_class_def(module, file, c)?;
                    self.nested_classes.insert((file, c.name.span.start), id);
                    if let Some(b) = before {
                        self.defs.modules[module.0 as usize].symbols.insert(name, b);
                    }
                    self.nested_in.push((id, outer.to_string()));
                }
                StmtKind::FunctionDef(f) => {
                    if let ast::FunctionBody::Stmts(b) = &f.body {
                        let inner = format!("{outer}.{}", f.name.name);
                        self.register_nested_classes(module, file, &inner, b)?;
                    }
                }
                _ => {
                    for b in s.nested_blocks() {
                        self.register_nested_classes(module, file, outer, b)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// The class `name` that a `from M import name` at the top of `module` brings in (loading
    /// M now: `@extend` is applied when the module is registered, before its imports run).
    fn imported_class(&mut self, module: ModuleId, file: FileId, name: &str) -> R<Option<ClassId>> {
        let parts = self.defs.module(module).parts.clone();
        for (_, m) in parts {
            for stmt in &m.body {
                let StmtKind::ImportFrom {
                    module: Some(from),
                    names,
                    level,
                } = &stmt.kind
                else {
                    continue;
                };
                for a in names {
                    let bound = a
                        .asname
                        .as_ref()
                        .map(|n| n.name.as_str())
                        .unwrap_or(&a.name);
                    if bound != name {
                        continue;
                    }
                    let m = self.import_relative(from, *level, module, file, stmt.span)?;
                    if let Some(Symbol::Class(id)) = self.defs.module(m).symbols.get(&a.name) {
                        return Ok(Some(*id));
                    }
                }
            }
        }
        Ok(None)
    }

    /// Classes defined in functions whose name another class of the module also has are
    /// shown (and named in generated code) as `function.<locals>.Name`, as CPython's
    /// `__qualname__`.
    pub fn qualify_nested_classes(&mut self, module: ModuleId) {
        for (id, outer) in std::mem::take(&mut self.nested_in) {
            let name = self.defs.class(id).name.clone();
            let clash = self
                .defs
                .classes
                .iter()
                .enumerate()
                .any(|(i, c)| i as u32 != id.0 && c.module == module && c.name == name);
            if clash {
                self.defs.classes[id.0 as usize].name = format!("{outer}.<locals>.{name}");
            }
        }
    }

    /// `@extend class C:` adds the body's methods to the existing class `C` (a method with the
    /// same parameters as an existing one replaces it; others are overloads, tried first).
    pub fn extend_class(&mut self, module: ModuleId, file: FileId, c: &ast::ClassDef) -> R<()> {
        let found = match self.lookup_symbol(module, &c.name.name) {
            Some(Symbol::Class(id)) => Some(id),
            _ => self.imported_class(module, file, &c.name.name)?,
        };
        let class = match found {
            Some(id) => id,
            None => {
                return Err(self.err(
                    file,
                    c.name.span,
                    format!(
                        "@extend needs an existing class: '{}' is not defined",
                        c.name.name
                    ),
                ))
            }
        };
        if let Some(b) = c.bases.first() {
            return Err(self.err(file, b.span, "@extend cannot add base classes"));
        }
        if let Some(t) = c.type_params.first() {
            return Err(self.err(
                file,
                t.span,
                "@extend takes the class's name alone: its type parameters keep their names",
            ));
        }
        for stmt in &c.body {
            match &stmt.kind {
                StmtKind::FunctionDef(f) => {
                    let fid = self.add_func(module, file, Some(class), Rc::new((**f).clone()));
                    let name = f.name.name.clone();
                    let sig = signature(f);
                    let existing = self.defs.class(class).methods.get(&name).cloned();
                    let mut list: Vec<FuncDefId> = existing.unwrap_or_default();
                    list.retain(|d| signature(&self.defs.func(*d).ast) != sig);
                    list.insert(0, fid);
                    self.defs.classes[class.0 as usize]
                        .methods
                        .insert(name, list);
                }
                StmtKind::AnnAssign { .. } | StmtKind::Assign { .. } => {
                    return Err(self.err(
                        file,
                        stmt.span,
                        "@extend can add methods only, not fields or class variables",
                    ))
                }
                StmtKind::Pass | StmtKind::Expr(_) => {}
                _ => {
                    return Err(self.err(
                        file,
                        stmt.span,
                        "@extend class bodies hold method definitions only",
                    ))
                }
            }
        }
        Ok(())
    }
}

/// A method's parameters as written (names aside): how many, and their annotations.
fn signature(f: &ast::FunctionDef) -> Vec<String> {
    let p = &f.params;
    p.posonly
        .iter()
        .chain(&p.args)
        .chain(&p.kwonly)
        .map(|x| {
            x.annotation
                .as_ref()
                .map(|a| format!("{:?}", strip_spans(a)))
                .unwrap_or_default()
        })
        .chain(std::iter::once(format!(
            "{}{}",
            p.vararg.is_some(),
            p.kwarg.is_some()
        )))
        .collect()
}

/// An annotation's shape without positions, to compare annotations written in two places.
fn strip_spans(e: &ast::Expr) -> String {
    syntax::pretty::expr(e)
}
