//! The CIR module: arenas of types, variables, functions and values, plus the implicit `main`.

use crate::node::{Func, FuncId, Loc, ParClauses, Value, ValueId, ValueKind, Var, VarId};
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
    /// Set when this module is one unit of a per-module build (see [`Unit`]).
    pub unit: Option<Unit>,
    /// Compile errors passes found; the driver reports them and stops.
    pub problems: Vec<crate::Problem>,
    /// The `@par` loops sema made (`For` loops, later `ImperativeFor`), with their clauses,
    /// until `cir::passes::parallel` outlines them into `ParFor`s.
    pub par_loops: std::collections::HashMap<ValueId, ParClauses>,
}

/// What makes a module one unit of a per-module build rather than a whole program: the
/// functions other units link against. Every other function and global it defines is shared
/// (`linkonce_odr`: each unit that uses it carries a copy and the linker keeps one), so their
/// names must mean the same thing in every unit.
#[derive(Debug, Default, Clone)]
pub struct Unit {
    /// Defined here and visible to other units: the module's init function.
    pub exported: Vec<FuncId>,
    /// Only declared here, defined by another unit: other modules' init functions.
    pub declared: Vec<FuncId>,
    /// Whether this unit holds the program's entry point (`main`).
    pub entry: bool,
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
            by_ref: false,
        });
        let id = VarId(self.vars.len() as u32 - 1);
        if global {
            self.globals.push(id);
        }
        id
    }

    /// Adds a by-reference function argument (see [`Var::by_ref`]).
    pub fn add_by_ref_arg(&mut self, name: impl Into<String>, ty: TypeId) -> VarId {
        let id = self.add_var(name, ty, false);
        self.vars[id.0 as usize].by_ref = true;
        id
    }

    /// The function whose body holds each value (values outside any function are absent).
    pub fn value_owners(&self) -> std::collections::HashMap<ValueId, FuncId> {
        let mut owners = std::collections::HashMap::new();
        for f in self.func_ids() {
            let crate::node::FuncKind::Bodied { body, .. } = &self.func(f).kind else {
                continue;
            };
            let mut values = vec![*body];
            while let Some(v) = values.pop() {
                if owners.insert(v, f).is_none() {
                    values.extend(self.value(v).kind.operands());
                }
            }
        }
        owners
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

    /// The functions `roots` call or reference, directly or through other functions.
    pub fn reachable_from(&self, roots: &[FuncId]) -> std::collections::HashSet<FuncId> {
        let mut seen: std::collections::HashSet<FuncId> = roots.iter().copied().collect();
        let mut funcs = roots.to_vec();
        while let Some(f) = funcs.pop() {
            let crate::node::FuncKind::Bodied { body, .. } = &self.func(f).kind else {
                continue;
            };
            let mut values = vec![*body];
            while let Some(v) = values.pop() {
                let kind = &self.value(v).kind;
                let called: Vec<FuncId> = match kind {
                    ValueKind::Call { func, .. } | ValueKind::FuncRef(func) => vec![*func],
                    ValueKind::ParFor { body, combine, .. } => {
                        std::iter::once(*body).chain(*combine).collect()
                    }
                    _ => vec![],
                };
                for func in called {
                    if seen.insert(func) {
                        funcs.push(func);
                    }
                }
                values.extend(kind.operands());
            }
        }
        seen
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
