//! Semantic analysis: loads modules, resolves names, infers and checks types, realizes generic
//! functions per argument types, and lowers the typed program to CIR.

mod check;
mod class_fields;
mod context;
mod defs;
mod dialect_class;
mod loader;
mod lower;
mod namedtuple;
pub mod par;
mod realize;
mod suggest;
mod typed;
mod types;
mod unit;
mod unresolved;

use std::path::PathBuf;

use syntax::{Diagnostic, FileId, SourceMap, Span};

use context::{Core, Sema, R};
use defs::Symbol;
pub use loader::decorator_name;
pub use unit::UnitSpec;

/// What the type checker needs to know about the environment.
#[derive(Debug, Clone)]
pub struct Options {
    /// Folder holding the standard library (`stdlib/`), the dialect sources of builtins.
    pub stdlib_dir: PathBuf,
    /// Folders searched for imports after the importing module's folder and the program's
    /// (a project's `src/`, its path dependencies' `src/`, test folders), before the stdlib.
    pub search_paths: Vec<PathBuf>,
}

/// Stack for checking: realization recurses through the call graph of the program.
const CHECK_STACK_BYTES: usize = 1 << 30;

/// Type-checks the program whose entry file is already loaded as `entry` in `map` (imports and
/// the stdlib are loaded into `map` as needed) and lowers it to a CIR module.
pub fn compile(
    map: &mut SourceMap,
    entry: FileId,
    opts: &Options,
) -> Result<cir::Module, Vec<Diagnostic>> {
    let opts = opts.clone();
    on_big_stack(entry, move || compile_on_this_thread(map, entry, opts))
}

/// Type-checks one module of a per-module build with everything it imports, and lowers it as
/// a unit: its top-level code as its exported init function, plus every function that code
/// reaches (shared with other units by name), other modules' inits only declared, and `main`
/// in the program's entry unit. `display` is the file's name in messages.
pub fn compile_unit(
    map: &mut SourceMap,
    unit: &UnitSpec,
    display: &str,
    opts: &Options,
) -> Result<cir::Module, Vec<Diagnostic>> {
    let opts = opts.clone();
    on_big_stack(FileId(0), move || {
        check_unit(map, unit, display, opts).map_err(|d| vec![*d])
    })
}

/// [`compile_unit`]'s work, on the checker's thread.
fn check_unit(
    map: &mut SourceMap,
    unit: &UnitSpec,
    display: &str,
    opts: Options,
) -> R<cir::Module> {
    let mut s = Sema::new(map, opts);
    s.entry_dir = unit.program_dir.clone();
    load_prelude(&mut s, FileId(0))?;
    let (own, init) = s.load_unit(unit, display)?;
    let order = if unit.is_entry() {
        Some(vec![s.module_init(s.builtins)?, init])
    } else {
        None
    };
    realize_runtime_helpers(&mut s)?;
    s.realize_late_calls()?;
    if let Some(e) = s.field_error.take() {
        return Err(e);
    }
    s.check_unrealized_names()?;
    lower::Lowerer::for_unit(&mut s, own).lower_unit(init, order.as_deref())
}

/// A module's file for a dotted module name, searching `dirs` in order (what `import` does).
pub fn find_module_file(name: &str, dirs: &[PathBuf]) -> Option<PathBuf> {
    loader::find_module_file(name, dirs)
}

/// The absolute name of a relative import (`from ..a import b` is `name` `a`, `level` 2) made
/// in module `importer` (a package when `is_package`), as Python resolves it; `None` when the
/// importer has no dotted name (the main module, modules named by path) or no package to
/// start from (then sema resolves the import by folder).
pub fn resolve_relative(
    importer: &str,
    is_package: bool,
    name: &str,
    level: u32,
) -> Option<String> {
    if importer == "__main__" || importer.contains(['/', '\\']) {
        return None;
    }
    let mut parts: Vec<&str> = importer.split('.').collect();
    if !is_package {
        parts.pop();
    }
    for _ in 1..level {
        parts.pop();
    }
    if parts.is_empty() {
        return None;
    }
    if !name.is_empty() {
        parts.push(name);
    }
    Some(parts.join("."))
}

/// Runs the checker on its own thread with a large stack.
fn on_big_stack(
    entry: FileId,
    work: impl FnOnce() -> Result<cir::Module, Vec<Diagnostic>> + Send,
) -> Result<cir::Module, Vec<Diagnostic>> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("codon-sema".into())
            .stack_size(CHECK_STACK_BYTES)
            .spawn_scoped(scope, work)
            .map_err(|e| {
                vec![Diagnostic::error(
                    entry,
                    Span::default(),
                    format!("cannot start the type checker: {e}"),
                )]
            })?
            .join()
            .unwrap_or_else(|_| {
                Err(vec![Diagnostic::error(
                    entry,
                    Span::default(),
                    "internal error: the type checker crashed",
                )])
            })
    })
}

/// Checks and lowers the program; the entry file's syntax errors are reported all together,
/// later steps stop at their first error.
fn compile_on_this_thread(
    map: &mut SourceMap,
    entry: FileId,
    opts: Options,
) -> Result<cir::Module, Vec<Diagnostic>> {
    let entry_path = PathBuf::from(&map.get(entry).name);
    let mut s = Sema::new(map, opts);
    s.entry_dir = entry_path
        .parent()
        .map(|p| p.to_path_buf())
        .unwrap_or_default();
    let main_part = s.parse_loaded(entry)?;
    check_and_lower(&mut s, entry, main_part).map_err(|d| vec![*d])
}

/// Loads the prelude, checks the parsed entry module and lowers the program.
fn check_and_lower(
    s: &mut Sema,
    entry: FileId,
    main_part: (FileId, std::rc::Rc<syntax::ast::Module>),
) -> R<cir::Module> {
    load_prelude(s, entry)?;
    let dir = s.entry_dir.clone();
    let main = s.add_module("__main__", dir, vec![main_part])?;
    let b_init = s.module_init(s.builtins)?;
    let m_init = s.module_init(main)?;
    realize_runtime_helpers(s)?;
    s.realize_late_calls()?;
    if let Some(e) = s.field_error.take() {
        return Err(e);
    }
    s.check_unrealized_names()?;
    lower::Lowerer::new(s).lower_program(&[b_init, m_init])
}

/// Prelude functions that CIR passes call in code they insert, so every module has them:
/// the raisers of unbound-variable errors (`core-definite-assignment`).
pub(crate) const RUNTIME_HELPERS: &[&str] = &["__unbound_local__", "__unbound_global__"];

/// Realizes [`RUNTIME_HELPERS`] (each takes one `str`).
fn realize_runtime_helpers(s: &mut Sema) -> R<()> {
    for name in RUNTIME_HELPERS {
        if let Some(Symbol::Func(defs)) = s.lookup_symbol(s.builtins, name) {
            let str_t = s.str_t();
            s.realize(defs[0], vec![str_t])?;
        }
    }
    Ok(())
}

/// Loads `stdlib/builtins/*.codon` (in file-name order) as the prelude every module sees.
fn load_prelude(s: &mut Sema, entry: FileId) -> R<()> {
    let dir = s.stdlib_dir().join("builtins");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| {
            Box::new(Diagnostic::error(
                entry,
                Span::default(),
                format!("cannot read the stdlib at {}: {e}", dir.display()),
            ))
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().map(|x| x == "codon").unwrap_or(false))
        .collect();
    files.sort();
    let mut parts = Vec::new();
    for f in files {
        let shown = f.display().to_string();
        parts.push(s.parse_file(&f, &shown)?);
    }
    s.builtins = defs::ModuleId(s.defs.modules.len() as u32);
    let id = s.add_module("builtins", dir, parts)?;
    let class = |name: &str| match s.defs.module(id).symbols.get(name) {
        Some(Symbol::Class(c)) => Ok(*c),
        _ => Err(Box::new(Diagnostic::error(
            entry,
            Span::default(),
            format!("the stdlib prelude does not define class '{name}'"),
        ))),
    };
    s.core = Some(Core {
        int: class("int")?,
        float: class("float")?,
        bool_: class("bool")?,
        str_: class("str")?,
        byte: class("byte")?,
        none: class("NoneType")?,
        tuple: class("tuple")?,
        ptr: class("Ptr")?,
        optional: class("Optional")?,
        generator: class("Generator")?,
        list: class("list")?,
        dict: class("dict")?,
        set: class("set")?,
        slice: class("slice")?,
        function: class("Function")?,
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::resolve_relative;

    #[test]
    fn relative_imports_resolve_as_in_python() {
        assert_eq!(
            resolve_relative("pkg.mod", false, "x", 1).as_deref(),
            Some("pkg.x")
        );
        assert_eq!(resolve_relative("pkg", true, "", 1).as_deref(), Some("pkg"));
        assert_eq!(
            resolve_relative("a.b.c", false, "d", 2).as_deref(),
            Some("a.d")
        );
        assert_eq!(resolve_relative("a", false, "d", 1), None);
        assert_eq!(resolve_relative("__main__", false, "d", 1), None);
    }
}
