//! The project's own CIR passes, and the standard pipeline the driver runs on every module
//! between the type checker and code generation.

pub mod definite_assignment;
pub mod imperative_for;
pub mod parallel;
pub mod return_paths;

use crate::pass::PassManager;

/// The passes every build runs, in order.
pub fn standard() -> PassManager {
    let mut pm = PassManager::default();
    pm.register(Box::new(definite_assignment::DefiniteAssignment));
    pm.register(Box::new(return_paths::ReturnPaths));
    pm.register(Box::new(imperative_for::ImperativeFor));
    pm.register(Box::new(parallel::ParallelLoops));
    pm
}
