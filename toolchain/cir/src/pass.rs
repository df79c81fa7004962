//! Passes over a module, the pass manager that runs them by key, and the realizer interface
//! through which passes ask the type checker for new functions and types.

use crate::module::Module;
use crate::node::FuncId;
use crate::types::TypeId;

/// A transformation or analysis over a whole module, identified by a unique key.
pub trait Pass {
    /// The pass's unique key, e.g. `core-folding-const-fold`.
    fn key(&self) -> &str;
    /// Runs the pass.
    fn run(&mut self, module: &mut Module, realizer: &mut dyn Realizer);
}

/// Lets passes realize functions and types that the program did not use yet
/// (the type checker implements it; see DESIGN.md "bidirectional").
pub trait Realizer {
    /// The realization of function `name` for `args`, realizing it when new.
    fn get_or_realize_func(
        &mut self,
        module: &mut Module,
        name: &str,
        args: &[TypeId],
    ) -> Option<FuncId>;
    /// The realization of type `name` with generic arguments `generics`.
    fn get_or_realize_type(
        &mut self,
        module: &mut Module,
        name: &str,
        generics: &[TypeId],
    ) -> Option<TypeId>;
}

/// A realizer that can realize nothing, for running passes without a type checker.
pub struct NoRealizer;

impl Realizer for NoRealizer {
    fn get_or_realize_func(&mut self, _: &mut Module, _: &str, _: &[TypeId]) -> Option<FuncId> {
        None
    }
    fn get_or_realize_type(&mut self, _: &mut Module, _: &str, _: &[TypeId]) -> Option<TypeId> {
        None
    }
}

/// Runs registered passes in order.
#[derive(Default)]
pub struct PassManager {
    passes: Vec<Box<dyn Pass>>,
}

impl PassManager {
    /// Registers a pass to run after the ones already registered.
    pub fn register(&mut self, pass: Box<dyn Pass>) {
        self.passes.push(pass);
    }

    /// Keys of the registered passes, in order.
    pub fn keys(&self) -> Vec<String> {
        self.passes.iter().map(|p| p.key().to_string()).collect()
    }

    /// Runs every pass once, in order.
    pub fn run(&mut self, module: &mut Module, realizer: &mut dyn Realizer) {
        for p in &mut self.passes {
            p.run(module, realizer);
        }
    }
}
