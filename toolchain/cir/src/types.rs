//! CIR types: fully resolved, monomorphic, interned in the module's type table.

use std::collections::HashMap;

/// Index of a type in [`TypeTable`]. Also the runtime type id of reference classes
/// (exceptions are matched by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// A named field of a record or reference class.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    pub name: String,
    pub ty: TypeId,
}

/// The shape of a type. Mapping to LLVM (see the codegen crate): `Int` → `iN`, `Float` → `double`
/// or `float`, `Bool` → `i8` (`i1` only inside conditions), `Byte` → `i8`, `Ptr` → `ptr`,
/// `Record` → a literal struct by value, `Ref` → `ptr` to a heap literal struct of its fields,
/// `Func` → `ptr`, `Optional` of a `Ref` → nullable `ptr`, other `Optional` → `{ i1, T }`,
/// `Generator` → `ptr` (a coroutine handle).
#[derive(Debug, Clone, PartialEq)]
pub enum TypeKind {
    /// Signed or unsigned machine integer; `int` is `Int { bits: 64, signed: true }`.
    Int {
        bits: u32,
        signed: bool,
    },
    /// `float` (64 bits) or `float32`.
    Float {
        bits: u32,
    },
    Bool,
    Byte,
    /// Raw pointer to elements of a type (`Ptr[T]`).
    Ptr(TypeId),
    /// A by-value aggregate: tuples, `str`, `NoneType` (no fields), `@tuple` classes.
    Record {
        fields: Vec<Field>,
    },
    /// A reference class: a pointer to a heap object holding `fields` (inherited fields first).
    Ref {
        fields: Vec<Field>,
        parent: Option<TypeId>,
    },
    /// A function pointer.
    Func {
        args: Vec<TypeId>,
        ret: TypeId,
    },
    /// A value that may be `None`.
    Optional(TypeId),
    /// A generator (coroutine) yielding values of the type.
    Generator(TypeId),
}

/// A type: its printable name (e.g. `int`, `List[int]`, `Tuple[int,str]`) and shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Type {
    pub name: String,
    pub kind: TypeKind,
}

/// All types of a module. Types are looked up by name: two types with one name are one type.
#[derive(Debug, Default, Clone)]
pub struct TypeTable {
    types: Vec<Type>,
    by_name: HashMap<String, TypeId>,
}

impl TypeTable {
    /// Returns the type with this name, adding it with `kind` if it is new.
    pub fn intern(&mut self, name: &str, kind: TypeKind) -> TypeId {
        if let Some(&id) = self.by_name.get(name) {
            return id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(Type {
            name: name.to_string(),
            kind,
        });
        self.by_name.insert(name.to_string(), id);
        id
    }

    /// The type with this name, if any.
    pub fn lookup(&self, name: &str) -> Option<TypeId> {
        self.by_name.get(name).copied()
    }

    /// The type with this id.
    pub fn get(&self, id: TypeId) -> &Type {
        &self.types[id.0 as usize]
    }

    /// Replaces the fields of a record or reference type (classes are created first and filled in
    /// once their field types are known, which allows recursive classes).
    pub fn set_fields(&mut self, id: TypeId, new_fields: Vec<Field>) {
        match &mut self.types[id.0 as usize].kind {
            TypeKind::Record { fields } | TypeKind::Ref { fields, .. } => *fields = new_fields,
            other => panic!("set_fields on a type without fields: {other:?}"),
        }
    }

    /// Every type with its id, in creation order.
    pub fn iter(&self) -> impl Iterator<Item = (TypeId, &Type)> {
        self.types
            .iter()
            .enumerate()
            .map(|(i, t)| (TypeId(i as u32), t))
    }

    /// The fields of a record or reference type (empty for other types).
    pub fn fields(&self, id: TypeId) -> &[Field] {
        match &self.get(id).kind {
            TypeKind::Record { fields } | TypeKind::Ref { fields, .. } => fields,
            _ => &[],
        }
    }

    /// Whether `id` is `ancestor` or inherits from it (reference classes only).
    pub fn is_subclass(&self, id: TypeId, ancestor: TypeId) -> bool {
        let mut cur = Some(id);
        while let Some(c) = cur {
            if c == ancestor {
                return true;
            }
            cur = match &self.get(c).kind {
                TypeKind::Ref { parent, .. } => *parent,
                _ => None,
            };
        }
        false
    }
}
