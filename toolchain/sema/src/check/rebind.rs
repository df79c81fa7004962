//! Loop-scoped names. Python programs reuse a name (`k`, `x`, `_`) for loops over different
//! things; a name first bound inside a loop (as its target or by an assignment in its body)
//! may therefore be bound again, after that loop, to a value of another type, and the target
//! of a `for` loop may always take a new type: the name becomes a new variable from there
//! on. Anywhere else a variable keeps one type, as the dialect says.

use super::Fcx;
use crate::defs::{GlobalId, Symbol};
use crate::typed::LocalId;
use crate::types::Type;

impl Fcx<'_, '_> {
    /// Enters the body of a loop (for the loop-scoping of the names bound there).
    pub fn enter_loop(&mut self) {
        self.loop_counter += 1;
        self.loops.push(self.loop_counter);
    }

    /// Leaves the innermost loop.
    pub fn exit_loop(&mut self) {
        self.loops.pop();
    }

    /// Records where `name` is bound, unless it was bound before in this body.
    pub fn note_binding(&mut self, name: &str) {
        let here = self.loops.last().copied();
        self.bound_in.entry(name.to_string()).or_insert(here);
    }

    /// Whether `name`, a variable of type `current`, becomes a new variable when assigned a
    /// value of type `value`: this must be a loop's target, or it must have been bound inside
    /// a loop that has ended, or be the throwaway name `_`; and the value must be of another
    /// type (an `int` does not become a `float` there: in Python
    /// the name simply holds the new value).
    pub fn rebinds(&mut self, name: &str, current: &Type, value: &Type) -> bool {
        let loop_ended = matches!(
            self.bound_in.get(name),
            Some(Some(lp)) if !self.loops.contains(lp)
        );
        (self.binding_loop_target || loop_ended || name == "_")
            && !self.s.store.can_unify(value, current)
    }

    /// The local that binding `name` to a value of type `value` stores into: the current
    /// variable, or a new one (typed by `fresh`) when there is none or `rebinds` says so.
    pub fn local_to_bind(
        &mut self,
        name: &str,
        value: &Type,
        fresh: impl FnOnce(&mut Self) -> Type,
    ) -> LocalId {
        if let Some(l) = self.scope.get(name).copied() {
            let current = self.locals[l.0 as usize].1.clone();
            if !self.rebinds(name, &current, value) {
                return l;
            }
        }
        let t = fresh(self);
        let l = self.new_local(name, t);
        self.scope.insert(name.to_string(), l);
        self.note_rebinding(name);
        l
    }

    /// Starts a new binding of `name` here (after `rebinds` said so).
    pub fn note_rebinding(&mut self, name: &str) {
        let here = self.loops.last().copied();
        self.bound_in.insert(name.to_string(), here);
    }

    /// The next version of the module-level variable `name` (currently `old`): a new global
    /// the module's symbol now points to. Versions are numbered in the order the body binds
    /// them, so checking the body again finds the same globals.
    pub fn rebind_global(&mut self, name: &str, old: GlobalId) -> GlobalId {
        let version = self.global_versions.entry(name.to_string()).or_insert(0);
        *version += 1;
        let key = (self.module, name.to_string(), *version);
        self.s
            .global_versions
            .entry((self.module, name.to_string(), 0))
            .or_insert(old);
        let g = match self.s.global_versions.get(&key) {
            Some(g) => {
                let g = *g;
                self.s.defs.modules[self.module.0 as usize]
                    .symbols
                    .insert(name.to_string(), Symbol::Global(g));
                g
            }
            None => {
                let g = self.s.declare_global(self.module, name);
                // `MODULE.name.N`: each version is its own global.
                self.s.defs.globals[g.0 as usize]
                    .name
                    .push_str(&format!(".{}", key.2));
                self.s.global_versions.insert(key, g);
                g
            }
        };
        self.note_rebinding(name);
        g
    }

    /// Points the module's rebound names back at their first versions, before its top-level
    /// code is checked (again).
    pub fn reset_global_versions(&mut self) {
        let firsts: Vec<(String, GlobalId)> = self
            .s
            .global_versions
            .iter()
            .filter(|((m, _, v), _)| *m == self.module && *v == 0)
            .map(|((_, n, _), g)| (n.clone(), *g))
            .collect();
        for (n, g) in firsts {
            self.s.defs.modules[self.module.0 as usize]
                .symbols
                .insert(n, Symbol::Global(g));
        }
    }
}
