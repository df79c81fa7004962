//! Types as the checker sees them: class instances with generic arguments, function items,
//! and unification variables bound as inference learns more.

use crate::defs::{ClassId, FuncDefId};

/// Id of a unification variable in [`TypeStore`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TVar(pub u32);

/// A type during inference.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// Not known yet.
    Var(TVar),
    /// An instance of a class (`int`, `List[int]`, `Tuple[int,str]`, `Ptr[byte]`).
    Class { class: ClassId, args: Vec<Type> },
    /// A function item: one source function (overload set) with values it has captured
    /// (bound `self`, a lambda's or generator expression's free variables). At run time it is a
    /// record of the captured values; calls are static.
    Func { def: FuncDefId, captured: Vec<Type> },
    /// A compile-time integer (`Int[32]`'s `32`).
    Static(i64),
    /// A compile-time string: the type of a value whose text is known when compiling (a
    /// keyword's name in a `_NamedArgs`, an argument of a `Static[str]` parameter). Such a
    /// value carries nothing at run time; its text lives in its type, so code generated
    /// for it can use the text as a name (`getattr(obj, NAME)`, `f(**kwargs)`).
    StaticStr(String),
}

/// The substitution built by unification: what each variable stands for.
#[derive(Debug, Default)]
pub struct TypeStore {
    bound: Vec<Option<Type>>,
}

impl TypeStore {
    /// A new unbound variable.
    pub fn fresh(&mut self) -> Type {
        self.bound.push(None);
        Type::Var(TVar(self.bound.len() as u32 - 1))
    }

    /// Follows bound variables at the top of a type.
    pub fn shallow(&self, t: &Type) -> Type {
        let mut t = t.clone();
        while let Type::Var(v) = t {
            match &self.bound[v.0 as usize] {
                Some(b) => t = b.clone(),
                None => return Type::Var(v),
            }
        }
        t
    }

    /// Substitutes every bound variable, recursively.
    pub fn resolve(&self, t: &Type) -> Type {
        match self.shallow(t) {
            Type::Class { class, args } => Type::Class {
                class,
                args: args.iter().map(|a| self.resolve(a)).collect(),
            },
            Type::Func { def, captured } => Type::Func {
                def,
                captured: captured.iter().map(|a| self.resolve(a)).collect(),
            },
            other => other,
        }
    }

    /// Whether the type contains no unbound variable.
    pub fn is_resolved(&self, t: &Type) -> bool {
        match self.shallow(t) {
            Type::Var(_) => false,
            Type::Class { args, .. } => args.iter().all(|a| self.is_resolved(a)),
            Type::Func { captured, .. } => captured.iter().all(|a| self.is_resolved(a)),
            Type::Static(_) | Type::StaticStr(_) => true,
        }
    }

    /// Binds every variable left in `t` to `to` (what a type nothing constrains defaults to).
    pub fn default_vars(&mut self, t: &Type, to: &Type) {
        match self.shallow(t) {
            v @ Type::Var(_) => {
                self.unify(&v, to);
            }
            Type::Class { args, .. } => args.iter().for_each(|a| self.default_vars(a, to)),
            Type::Func { captured, .. } => captured.iter().for_each(|a| self.default_vars(a, to)),
            Type::Static(_) | Type::StaticStr(_) => {}
        }
    }

    fn occurs(&self, v: TVar, t: &Type) -> bool {
        match self.shallow(t) {
            Type::Var(w) => v == w,
            Type::Class { args, .. } => args.iter().any(|a| self.occurs(v, a)),
            Type::Func { captured, .. } => captured.iter().any(|a| self.occurs(v, a)),
            Type::Static(_) | Type::StaticStr(_) => false,
        }
    }

    /// Makes two types equal by binding variables; false (with nothing bound that matters) when
    /// they cannot be.
    pub fn unify(&mut self, a: &Type, b: &Type) -> bool {
        let (a, b) = (self.shallow(a), self.shallow(b));
        match (&a, &b) {
            (Type::Var(x), Type::Var(y)) if x == y => true,
            (Type::Var(x), _) => {
                if self.occurs(*x, &b) {
                    return false;
                }
                self.bound[x.0 as usize] = Some(b);
                true
            }
            (_, Type::Var(y)) => {
                if self.occurs(*y, &a) {
                    return false;
                }
                self.bound[y.0 as usize] = Some(a);
                true
            }
            (
                Type::Class {
                    class: c1,
                    args: a1,
                },
                Type::Class {
                    class: c2,
                    args: a2,
                },
            ) => {
                c1 == c2 && a1.len() == a2.len() && a1.iter().zip(a2).all(|(x, y)| self.unify(x, y))
            }
            (
                Type::Func {
                    def: d1,
                    captured: c1,
                },
                Type::Func {
                    def: d2,
                    captured: c2,
                },
            ) => {
                d1 == d2 && c1.len() == c2.len() && c1.iter().zip(c2).all(|(x, y)| self.unify(x, y))
            }
            (Type::Static(x), Type::Static(y)) => x == y,
            (Type::StaticStr(x), Type::StaticStr(y)) => x == y,
            _ => false,
        }
    }

    /// Whether unification would succeed, without binding anything.
    pub fn can_unify(&mut self, a: &Type, b: &Type) -> bool {
        let snapshot = self.bound.clone();
        let ok = self.unify(a, b);
        self.bound = snapshot;
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn static_strings_unify_only_with_the_same_text() {
        let mut store = TypeStore::default();
        let a = Type::StaticStr("price".into());
        assert!(store.can_unify(&a, &Type::StaticStr("price".into())));
        assert!(!store.can_unify(&a, &Type::StaticStr("qty".into())));
        assert!(!store.can_unify(&a, &Type::Static(1)));
    }

    #[test]
    fn a_variable_learns_a_static_string() {
        let mut store = TypeStore::default();
        let v = store.fresh();
        assert!(!store.is_resolved(&v));
        assert!(store.unify(&v, &Type::StaticStr("name".into())));
        assert_eq!(store.resolve(&v), Type::StaticStr("name".into()));
        assert!(store.is_resolved(&v));
    }
}
