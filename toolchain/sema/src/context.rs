//! The state of one type-checking session: definitions, the type store, loaded files.

use std::collections::HashMap;
use std::path::PathBuf;

use syntax::{Diagnostic, FileId, SourceMap, Span};

use crate::defs::{ClassId, Defs, FuncDefId, ModuleId, Symbol};
use crate::types::{Type, TypeStore};
use crate::Options;

/// Result of a checking step: the first error aborts it.
pub type R<T> = Result<T, Box<Diagnostic>>;

/// Classes the checker itself builds values of (literals, displays, conditions).
#[derive(Debug, Clone, Copy)]
pub struct Core {
    pub int: ClassId,
    pub float: ClassId,
    pub bool_: ClassId,
    pub str_: ClassId,
    pub byte: ClassId,
    pub none: ClassId,
    pub tuple: ClassId,
    pub ptr: ClassId,
    pub optional: ClassId,
    pub generator: ClassId,
    pub list: ClassId,
    pub dict: ClassId,
    pub set: ClassId,
    pub slice: ClassId,
    pub function: ClassId,
}

/// Everything shared while checking one program.
pub struct Sema<'m> {
    pub map: &'m mut SourceMap,
    pub defs: Defs,
    pub store: TypeStore,
    pub opts: Options,
    /// The prelude whose names every module sees.
    pub builtins: ModuleId,
    pub core: Option<Core>,
    /// Loaded modules by dotted name.
    pub module_by_name: HashMap<String, ModuleId>,
    /// Counter for unique synthetic names.
    pub counter: u32,
    /// Class-level constants to evaluate in their module's top-level code.
    pub pending_class_vars: Vec<(ModuleId, FileId, crate::defs::GlobalId, syntax::ast::Expr)>,
    /// Folder of the program's entry file (imports are searched there).
    pub entry_dir: PathBuf,
    /// Calls left pending when their function's check ended (their argument types are learnt
    /// elsewhere, e.g. `self.items = []` typed by a later `append`): the realization, the slot
    /// and the call. Realized once the whole program is checked.
    pub late_calls: Vec<(crate::defs::RealId, usize, crate::check::PendingCall)>,
    /// Functions standing for classes used as values, by class.
    pub class_ctor_funcs: HashMap<crate::defs::ClassId, crate::defs::FuncDefId>,
    /// Versions of module-level names bound anew with another type (`check/rebind.rs`):
    /// (module, name, version) to the global of that version; version 0 is the first.
    pub global_versions: HashMap<(ModuleId, String, u32), crate::defs::GlobalId>,
    /// Classes made by `namedtuple(...)` calls, by the call's file and offset.
    pub namedtuples: HashMap<(FileId, u32), ClassId>,
    /// Files of generated methods (`dialect_class.rs`) and the module their names resolve in.
    pub generated_files: HashMap<FileId, ModuleId>,
    /// Fields declared in class bodies (inherited ones first), by class.
    pub declared: HashMap<ClassId, Vec<crate::dialect_class::DeclaredField>>,
    /// Classes defined inside functions, by the file and offset of their name.
    pub nested_classes: HashMap<(FileId, u32), ClassId>,
    /// Classes defined in functions of the module being loaded, with the function's name.
    pub nested_in: Vec<(ClassId, String)>,
    /// Module-level type aliases of subscripted types (`i32 = Int[32]`, `cobj = Ptr[byte]`):
    /// (module, name) to the file and the type expression (`check/lowlevel.rs`).
    pub type_aliases: HashMap<(ModuleId, String), (FileId, syntax::ast::Expr)>,
    /// How many generated field defaults are being checked inside one another (a field whose
    /// type's constructor needs the same field again would never end).
    pub default_depth: u32,
    /// The first class-field annotation that did not name a type: found while a field list is
    /// built (which cannot fail), reported before lowering.
    pub field_error: Option<Box<Diagnostic>>,
}

impl<'m> Sema<'m> {
    /// A fresh session.
    pub fn new(map: &'m mut SourceMap, opts: Options) -> Self {
        Sema {
            map,
            defs: Defs::default(),
            store: TypeStore::default(),
            opts,
            builtins: ModuleId(0),
            core: None,
            module_by_name: HashMap::new(),
            counter: 0,
            pending_class_vars: Vec::new(),
            entry_dir: PathBuf::new(),
            class_ctor_funcs: HashMap::new(),
            global_versions: HashMap::new(),
            late_calls: Vec::new(),
            namedtuples: HashMap::new(),
            generated_files: HashMap::new(),
            declared: HashMap::new(),
            nested_classes: HashMap::new(),
            nested_in: Vec::new(),
            type_aliases: HashMap::new(),
            default_depth: 0,
            field_error: None,
        }
    }

    /// The core classes (available once the prelude is loaded).
    pub fn core(&self) -> Core {
        self.core
            .expect("core classes are registered when the prelude loads")
    }

    /// An error at `span` in `file`.
    pub fn err(&self, file: FileId, span: Span, msg: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic::error(file, span, msg))
    }

    /// A class instance type without generic arguments.
    pub fn simple(&self, class: ClassId) -> Type {
        Type::Class {
            class,
            args: vec![],
        }
    }

    /// `int`.
    pub fn int_t(&self) -> Type {
        self.simple(self.core().int)
    }
    /// `float`.
    pub fn float_t(&self) -> Type {
        self.simple(self.core().float)
    }
    /// `bool`.
    pub fn bool_t(&self) -> Type {
        self.simple(self.core().bool_)
    }
    /// `str`.
    pub fn str_t(&self) -> Type {
        self.simple(self.core().str_)
    }
    /// `NoneType`.
    pub fn none_t(&self) -> Type {
        self.simple(self.core().none)
    }
    /// `Tuple[...]`.
    pub fn tuple_t(&self, items: Vec<Type>) -> Type {
        Type::Class {
            class: self.core().tuple,
            args: items,
        }
    }
    /// `Optional[T]`.
    pub fn optional_t(&self, t: Type) -> Type {
        Type::Class {
            class: self.core().optional,
            args: vec![t],
        }
    }
    /// `Generator[T]`.
    pub fn generator_t(&self, t: Type) -> Type {
        Type::Class {
            class: self.core().generator,
            args: vec![t],
        }
    }

    /// `Function[Tuple[args], ret]`: a function value of one signature.
    pub fn function_t(&self, args: Vec<Type>, ret: Type) -> Type {
        Type::Class {
            class: self.core().function,
            args: vec![self.tuple_t(args), ret],
        }
    }

    /// The argument and return types of a `Function` type.
    pub fn function_sig(&self, t: &Type) -> Option<(Vec<Type>, Type)> {
        match self.store.shallow(t) {
            Type::Class { class, args } if class == self.core().function => {
                match self.store.shallow(&args[0]) {
                    Type::Class { args: a, .. } => Some((a, args[1].clone())),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A unique number for synthetic names.
    pub fn next_id(&mut self) -> u32 {
        self.counter += 1;
        self.counter
    }

    /// A new module-level variable `name` of `module` (named `MODULE.name`), which the
    /// module's symbol `name` now stands for.
    pub fn declare_global(&mut self, module: ModuleId, name: &str) -> crate::defs::GlobalId {
        let full = format!("{}.{name}", self.defs.module(module).name);
        let g = self.defs.add_global(full, None);
        self.defs.modules[module.0 as usize]
            .symbols
            .insert(name.to_string(), Symbol::Global(g));
        g
    }

    /// Looks a name up in a module, then in the prelude.
    pub fn lookup_symbol(&self, module: ModuleId, name: &str) -> Option<Symbol> {
        self.defs
            .module(module)
            .symbols
            .get(name)
            .or_else(|| self.defs.module(self.builtins).symbols.get(name))
            .cloned()
    }

    /// The class of a type, if it is a class instance.
    pub fn class_of(&self, t: &Type) -> Option<(ClassId, Vec<Type>)> {
        match self.store.shallow(t) {
            Type::Class { class, args } => Some((class, args)),
            _ => None,
        }
    }

    /// Methods called `name` of a class (overloads, inherited included).
    pub fn methods(&self, class: ClassId, name: &str) -> Vec<FuncDefId> {
        self.defs
            .class(class)
            .methods
            .get(name)
            .cloned()
            .unwrap_or_default()
    }

    /// The class-level variable `name` of a class or of its nearest base class defining it.
    pub fn class_var(&self, class: ClassId, name: &str) -> Option<crate::defs::GlobalId> {
        let mut cur = Some(class);
        while let Some(c) = cur {
            let cd = self.defs.class(c);
            if let Some(g) = cd.class_vars.get(name) {
                return Some(*g);
            }
            cur = cd.base_class;
        }
        None
    }

    /// Human-readable type name for messages and mangling (`List[int]`).
    pub fn type_name(&self, t: &Type) -> String {
        match self.store.shallow(t) {
            Type::Var(_) => "?".to_string(),
            Type::Static(n) => n.to_string(),
            Type::StaticStr(text) => format!("Literal[{text:?}]"),
            Type::Class { class, args } => {
                let name = &self.defs.class(class).name;
                if args.is_empty() {
                    name.clone()
                } else {
                    let a: Vec<String> = args.iter().map(|a| self.type_name(a)).collect();
                    format!("{}[{}]", name, a.join(","))
                }
            }
            Type::Func { def, captured } => {
                let f = self.defs.func(def);
                let owner = f
                    .class
                    .map(|c| format!("{}.", self.defs.class(c).name))
                    .unwrap_or_default();
                if captured.is_empty() {
                    format!("function[{}{}]", owner, f.name)
                } else {
                    let a: Vec<String> = captured.iter().map(|a| self.type_name(a)).collect();
                    format!("function[{}{}|{}]", owner, f.name, a.join(","))
                }
            }
        }
    }

    /// An error found in the standard library while checking a function the user's code calls
    /// is reported at that call (the user's outermost one, at `span` in `file`), so the user's
    /// line comes first; the place in the standard library follows as a note.
    pub fn at_call_site(&self, d: Box<Diagnostic>, file: FileId, span: Span) -> Box<Diagnostic> {
        let in_stdlib = |f: FileId| self.in_stdlib(f);
        if in_stdlib(file) || !in_stdlib(d.file) || d.labels.iter().any(|l| !in_stdlib(l.file)) {
            return d;
        }
        let d = *d;
        let mut user = Diagnostic::error(file, span, d.message).with_label(
            d.file,
            d.span,
            "the error is here, in the standard library",
        );
        user.labels.extend(d.labels);
        user.help = d.help;
        Box::new(user)
    }

    /// Whether a loaded file is part of the standard library.
    pub fn in_stdlib(&self, file: FileId) -> bool {
        let stdlib = std::fs::canonicalize(self.stdlib_dir()).unwrap_or_default();
        std::fs::canonicalize(&self.map.get(file).name).is_ok_and(|p| p.starts_with(&stdlib))
    }

    /// The stdlib folder.
    pub fn stdlib_dir(&self) -> PathBuf {
        self.opts.stdlib_dir.clone()
    }
}
