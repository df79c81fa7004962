//! Everything the program defines: modules, classes, source functions, globals, and the
//! realizations (monomorphic instances) of functions made so far.

use std::collections::HashMap;
use std::rc::Rc;

use syntax::ast;
use syntax::{FileId, Span};

use crate::typed::TBody;
use crate::types::Type;

/// Index of a class definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

/// Index of a source function definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncDefId(pub u32);

/// Index of a loaded module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ModuleId(pub u32);

/// Index of a module-level variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GlobalId(pub u32);

/// Index of a realization (a function instantiated for concrete argument types).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RealId(pub u32);

/// What a name in a module's namespace refers to.
#[derive(Debug, Clone, PartialEq)]
pub enum Symbol {
    Class(ClassId),
    /// A function and its overloads, in definition order.
    Func(Vec<FuncDefId>),
    Global(GlobalId),
    Module(ModuleId),
}

/// A loaded source module.
#[derive(Debug)]
pub struct ModuleDef {
    pub name: String,
    /// The module's files (several for the prelude) with their syntax trees, in load order.
    pub parts: Vec<(FileId, Rc<ast::Module>)>,
    /// Folder the module was loaded from (relative imports start here).
    pub dir: std::path::PathBuf,
    pub symbols: HashMap<String, Symbol>,
    /// The global flag set once the module's top-level code has run (imported modules).
    pub init_flag: Option<GlobalId>,
}

/// How a class is represented.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClassKind {
    /// A heap object passed by reference (ordinary classes).
    Ref,
    /// A by-value record (`@tuple` classes, tuples).
    Tuple,
    /// A type the code generator knows (`int`, `float`, `bool`, `byte`, `Ptr`, `Optional`,
    /// `Generator`, `Int`, `UInt`, `NoneType`, `Function`); declared with `@__internal__`.
    Primitive,
}

/// A class definition.
#[derive(Debug)]
pub struct ClassDef {
    pub name: String,
    pub module: ModuleId,
    pub file: FileId,
    pub generics: Vec<String>,
    pub kind: ClassKind,
    /// Methods by name (overloads in definition order), inherited ones included.
    pub methods: HashMap<String, Vec<FuncDefId>>,
    /// Instance fields, inherited ones first: declared by annotations in the class body or
    /// assigned through `self` in its methods (annotated or not), with the class declaring them.
    pub field_decls: Vec<(String, Option<ast::Expr>, ClassId)>,
    pub base_class: Option<ClassId>,
    /// Whether some class inherits from this one (its objects then record their class).
    pub has_subclasses: bool,
    /// Class-level constants (`x = 1` in the body), as static globals.
    pub class_vars: HashMap<String, GlobalId>,
    /// Made by `collections.namedtuple` (`namedtuple.rs`): its values act as plain tuples
    /// where the class defines nothing else.
    pub namedtuple: bool,
}

/// A source function (possibly generic, possibly a method).
#[derive(Debug)]
pub struct FuncDef {
    pub name: String,
    pub module: ModuleId,
    pub file: FileId,
    pub class: Option<ClassId>,
    pub ast: Rc<ast::FunctionDef>,
    /// Decorator names (`staticmethod`, `llvm`, `extern`, `property`, …).
    pub decorators: Vec<String>,
    /// Names of the enclosing function's variables this function reads (closures), in order;
    /// their values are passed as leading hidden arguments.
    pub captures: Vec<String>,
    /// The captured names that are cells (`Ptr[T]` shared with the enclosing function).
    pub cell_captures: Vec<String>,
    /// Default values evaluated once at definition time, kept in hidden globals.
    pub default_globals: HashMap<String, GlobalId>,
    /// A generated function (lambda, generator expression): shown as `<lambda>`.
    pub synthetic: bool,
    /// Defined inside another function: its own name inside its body means itself.
    pub nested: bool,
}

/// A module-level (or hidden) variable.
#[derive(Debug)]
pub struct GlobalDef {
    pub name: String,
    pub ty: Option<Type>,
    /// Where the assignment that decided `ty` is, for "first set here" notes.
    pub first_set: Option<(FileId, Span)>,
}

/// A function realized for concrete argument types.
#[derive(Debug)]
pub struct Realization {
    pub def: FuncDefId,
    pub args: Vec<Type>,
    pub ret: Type,
    pub name: String,
    /// The checked body, once checking has finished.
    pub body: Option<TBody>,
    /// True while its body is being checked (recursive calls see `ret` still open).
    pub in_progress: bool,
    /// Generic names and what they stood for (`T` → `int`), for `@llvm` bodies' `{=T}`.
    pub generics: Vec<(String, Type)>,
}

/// All definitions of one compilation.
#[derive(Debug, Default)]
pub struct Defs {
    pub modules: Vec<ModuleDef>,
    pub classes: Vec<ClassDef>,
    pub funcs: Vec<FuncDef>,
    pub globals: Vec<GlobalDef>,
    pub reals: Vec<Realization>,
    pub real_index: HashMap<(FuncDefId, Vec<Type>), RealId>,
    /// Fields of each class instance type, discovered from annotations and `self.x = …`.
    pub fields: HashMap<Type, Vec<(String, Type)>>,
}

impl Defs {
    /// The class with this id.
    pub fn class(&self, id: ClassId) -> &ClassDef {
        &self.classes[id.0 as usize]
    }
    /// The function with this id.
    pub fn func(&self, id: FuncDefId) -> &FuncDef {
        &self.funcs[id.0 as usize]
    }
    /// The module with this id.
    pub fn module(&self, id: ModuleId) -> &ModuleDef {
        &self.modules[id.0 as usize]
    }
    /// Adds a global variable.
    pub fn add_global(&mut self, name: String, ty: Option<Type>) -> GlobalId {
        self.globals.push(GlobalDef {
            name,
            ty,
            first_set: None,
        });
        GlobalId(self.globals.len() as u32 - 1)
    }
}
