//! Semantic analysis: loads modules, resolves names, infers and checks types, realizes generic
//! functions per argument types, and lowers the typed program to CIR.

mod check;
mod class_fields;
mod context;
mod defs;
mod loader;
mod lower;
mod realize;
mod suggest;
mod typed;
mod types;

use std::path::PathBuf;

use syntax::{Diagnostic, FileId, SourceMap, Span};

use context::{Core, Sema, R};
use defs::Symbol;

/// What the type checker needs to know about the environment.
#[derive(Debug, Clone)]
pub struct Options {
    /// Folder holding the standard library (`stdlib/`), the dialect sources of builtins.
    pub stdlib_dir: PathBuf,
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
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("codon-sema".into())
            .stack_size(CHECK_STACK_BYTES)
            .spawn_scoped(scope, move || {
                compile_on_this_thread(map, entry, opts).map_err(|d| vec![*d])
            })
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

fn compile_on_this_thread(map: &mut SourceMap, entry: FileId, opts: Options) -> R<cir::Module> {
    let entry_path = PathBuf::from(&map.get(entry).name);
    let mut s = Sema::new(map, opts);
    s.entry_dir = entry_path
        .parent()
        .map(|p| p.to_path_buf())
        .unwrap_or_default();
    load_prelude(&mut s, entry)?;
    let main_part = s.parse_loaded(entry)?;
    let dir = s.entry_dir.clone();
    let main = s.add_module("__main__", dir, vec![main_part])?;
    let b_init = s.module_init(s.builtins)?;
    let m_init = s.module_init(main)?;
    s.realize_late_calls()?;
    lower::Lowerer::new(&mut s).lower_program(&[b_init, m_init])
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
