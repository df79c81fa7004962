//! The CIR module: arenas of types, variables, functions and values, plus the implicit `main`.

use crate::node::{Func, FuncId, Loc, Value, ValueId, ValueKind, Var, VarId};
use crate::types::{TypeId, TypeKind, TypeTable};

/// A whole program (or one compilation unit) in CIR.
#[derive(Debug, Default, Clone)]
pub struct Module {
    pub types: TypeTable,
    pub vars: Vec<Var>,
    pub funcs: Vec<Func>,
    pub values: Vec<Value>,
    /// Module-level variables.
    pub globals: Vec<VarId>,
    /// The implicit function holding the top-level code; run by the program's `main`.
    pub main: Option<FuncId>,
    /// Source file names, indexed by `Loc::file`.
    pub files: Vec<String>,
}

impl Module {
    /// Adds a value node.
    pub fn add_value(&mut self, kind: ValueKind, ty: TypeId, loc: Loc) -> ValueId {
        self.values.push(Value { kind, ty, loc });
        ValueId(self.values.len() as u32 - 1)
    }

    /// Adds a variable.
    pub fn add_var(&mut self, name: impl Into<String>, ty: TypeId, global: bool) -> VarId {
        self.vars.push(Var {
            name: name.into(),
            ty,
            global,
        });
        let id = VarId(self.vars.len() as u32 - 1);
        if global {
            self.globals.push(id);
        }
        id
    }

    /// Adds a function.
    pub fn add_func(&mut self, func: Func) -> FuncId {
        self.funcs.push(func);
        FuncId(self.funcs.len() as u32 - 1)
    }

    /// The value with this id.
    pub fn value(&self, id: ValueId) -> &Value {
        &self.values[id.0 as usize]
    }

    /// The value with this id, for rewriting.
    pub fn value_mut(&mut self, id: ValueId) -> &mut Value {
        &mut self.values[id.0 as usize]
    }

    /// The variable with this id.
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.0 as usize]
    }

    /// The function with this id.
    pub fn func(&self, id: FuncId) -> &Func {
        &self.funcs[id.0 as usize]
    }

    /// The function with this id, for rewriting.
    pub fn func_mut(&mut self, id: FuncId) -> &mut Func {
        &mut self.funcs[id.0 as usize]
    }

    /// Finds a function by its unique name.
    pub fn func_by_name(&self, name: &str) -> Option<FuncId> {
        self.funcs
            .iter()
            .position(|f| f.name == name)
            .map(|i| FuncId(i as u32))
    }

    /// Replaces every use of `id` with `with` by overwriting the node in place
    /// (`replaceAll` in Codon's IR).
    pub fn replace_value(&mut self, id: ValueId, with: Value) {
        self.values[id.0 as usize] = with;
    }

    /// Every function id.
    pub fn func_ids(&self) -> impl Iterator<Item = FuncId> {
        (0..self.funcs.len() as u32).map(FuncId)
    }

    /// The type named `name`, creating it with `kind` when new (shorthand for `types.intern`).
    pub fn ty(&mut self, name: &str, kind: TypeKind) -> TypeId {
        self.types.intern(name, kind)
    }

    /// `NoneType`: the empty record, the type of statements and of `None`.
    pub fn none_type(&mut self) -> TypeId {
        self.types
            .intern("NoneType", TypeKind::Record { fields: vec![] })
    }

    /// `bool`.
    pub fn bool_type(&mut self) -> TypeId {
        self.types.intern("bool", TypeKind::Bool)
    }

    /// `int`: 64-bit signed.
    pub fn int_type(&mut self) -> TypeId {
        self.types.intern(
            "int",
            TypeKind::Int {
                bits: 64,
                signed: true,
            },
        )
    }
}
