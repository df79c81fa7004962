//! One program through the pipeline: source → sema (parse, check, lower) → CIR → codegen →
//! object → link. Each stage is attributed for internal-error reports (see [`crate::ice`]).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use syntax::{SourceFile, SourceMap};

use crate::backend::{self, Settings};
use crate::errors::{Error, Result};
use crate::ui::{shown, stderr_color, Ui};
use crate::{ice, link, stdlib_path, Emit};

/// Where an output goes.
#[derive(Debug, Clone)]
pub enum Destination {
    /// Printed (text outputs only).
    Stdout,
    File(PathBuf),
}

/// Compiles the program whose main module is `source` to `emit` at `dest`.
pub fn compile(
    ui: &Ui,
    source: &Path,
    settings: &Settings,
    emit: Emit,
    dest: &Destination,
) -> Result<()> {
    if matches!(emit, Emit::Exe | Emit::Obj) && !settings.target.builds_executables() {
        return Err(settings.target.no_executables_error());
    }
    let module = check(ui, source)?;
    if emit != Emit::Cir {
        check_openmp(&module, settings.target)?;
    }
    let start = Instant::now();
    let codegen_kind = match emit {
        Emit::Cir => return write_text(&cir::printer::print_module(&module), dest),
        Emit::Exe => return build_executable(ui, &module, settings, dest),
        Emit::Llvm => codegen::Emit::LlvmIr,
        Emit::Asm => codegen::Emit::Asm,
        Emit::Obj => codegen::Emit::Object,
        Emit::Bc => codegen::Emit::Bitcode,
    };
    match dest {
        Destination::Stdout => write_text(
            &backend::emit_to_string(&module, settings, codegen_kind)?,
            dest,
        )?,
        Destination::File(path) => backend::emit_to_file(&module, settings, codegen_kind, path)?,
    }
    ui.timed("codegen", start);
    Ok(())
}

/// Reads `source`, type-checks it with the stdlib and lowers it to CIR.
fn check(ui: &Ui, source: &Path) -> Result<cir::Module> {
    let name = shown(source);
    let text = std::fs::read(source).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Error::msg(format!("no such file: {name}")),
        _ => Error::msg(format!("cannot read {name}: {e}")),
    })?;
    let text =
        String::from_utf8(text).map_err(|_| Error::at(&name, "the file is not valid UTF-8"))?;
    let stdlib_dir = stdlib_path::find()?;
    ui.step("Stdlib", stdlib_dir.display());
    let mut map = SourceMap::default();
    let entry = map.add(SourceFile::new(&name, text));
    ui.step("Checking", &name);
    let start = Instant::now();
    let result = ice::stage("sema", || {
        sema::compile(
            &mut map,
            entry,
            &sema::Options {
                stdlib_dir,
                search_paths: vec![],
            },
        )
    });
    if let Some(ice) = ice::take() {
        return Err(ice);
    }
    ui.timed("sema", start);
    let mut module = result.map_err(|diags| sema_error(&diags, &map))?;
    run_passes(&mut module, &map)?;
    Ok(module)
}

/// `@par` loops need an OpenMP runtime for the target: an error at the first loop when the
/// target's spec names none.
pub fn check_openmp(module: &cir::Module, target: &crate::target::Target) -> Result<()> {
    if link::supports_openmp(target) {
        return Ok(());
    }
    let Some(v) = module
        .values
        .iter()
        .find(|v| matches!(v.kind, cir::ValueKind::ParFor { .. }))
    else {
        return Ok(());
    };
    let file = module
        .files
        .get(v.loc.file as usize)
        .cloned()
        .unwrap_or_default();
    Err(Error::at(
        format!("{file}:{}:{}", v.loc.line, v.loc.col),
        format!(
            "`@par` loops need the OpenMP runtime (libomp), which codon cannot link for {target} yet"
        ),
    )
    .with_help("build for the host (x86_64-unknown-linux-gnu), or remove `@par` (the loop is correct serially)"))
}

/// Stack for the CIR passes (reserved, not committed): their analyses recurse through
/// expression trees as deep as the program's, as the type checker and codegen do.
const PASSES_STACK_BYTES: usize = 1 << 30;

/// Runs the standard CIR passes (`cir::passes::standard`) on a checked module, before code
/// generation and before `--emit cir` prints it; the problems they find reject the program.
pub fn run_passes(module: &mut cir::Module, map: &SourceMap) -> Result<()> {
    let finished = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("codon-cir".into())
            .stack_size(PASSES_STACK_BYTES)
            .spawn_scoped(scope, || {
                ice::stage("cir", || {
                    cir::passes::standard().run(module, &mut cir::NoRealizer)
                })
            })
            .map(|worker| worker.join().is_ok())
    })
    .map_err(|e| Error::msg(format!("cannot start the CIR passes: {e}")))?;
    if !finished {
        return Err(ice::take_error());
    }
    if module.problems.is_empty() {
        return Ok(());
    }
    let diags: Vec<syntax::Diagnostic> = module
        .problems
        .iter()
        .map(|p| problem_diagnostic(p, map))
        .collect();
    Err(sema_error(&diags, map))
}

/// A pass's problem as a diagnostic of the source it points into.
fn problem_diagnostic(p: &cir::Problem, map: &SourceMap) -> syntax::Diagnostic {
    let span = |loc: &cir::Loc, width: u32| {
        let file = syntax::FileId(loc.file as usize);
        let start = if (loc.file as usize) < map.len() {
            map.get(file).offset(loc.line as usize, loc.col as usize)
        } else {
            0
        };
        (
            file,
            syntax::Span::new(start as usize, (start + width) as usize),
        )
    };
    let (file, at) = span(&p.loc, p.width);
    let mut d = syntax::Diagnostic::error(file, at, p.message.clone());
    for (loc, text) in &p.notes {
        let (file, at) = span(loc, 1);
        d = d.with_label(file, at, text.clone());
    }
    if let Some(help) = &p.help {
        d = d.with_help(help.clone());
    }
    d
}

/// What the type checker's rejection of a program is for the user: its diagnostics, rendered
/// against `map`; none at all is an internal error.
pub fn sema_error(diags: &[syntax::Diagnostic], map: &SourceMap) -> Error {
    if diags.is_empty() {
        return Error::Internal {
            stage: "sema",
            message: "the type checker failed without a diagnostic".into(),
        };
    }
    let color = stderr_color();
    Error::Diagnostics(
        diags
            .iter()
            .map(|d| syntax::diag::render(d, map, color))
            .collect(),
    )
}

/// Emits an object into a temporary folder and links it into the executable at `dest`.
fn build_executable(
    ui: &Ui,
    module: &cir::Module,
    settings: &Settings,
    dest: &Destination,
) -> Result<()> {
    let Destination::File(output) = dest else {
        return Err(Error::msg("an executable cannot go to stdout"));
    };
    let scratch = scratch_dir()?;
    let object = scratch.path().join("main.o");
    let start = Instant::now();
    backend::emit_to_file(module, settings, codegen::Emit::Object, &object)?;
    ui.timed("codegen", start);
    let start = Instant::now();
    ice::stage("link", || {
        link::link_executable(ui, settings.target, &[object], settings.libs, output)
    })?;
    ui.timed("link", start);
    Ok(())
}

/// A new temporary folder, deleted when dropped.
pub fn scratch_dir() -> Result<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix("codon-")
        .tempdir()
        .map_err(|e| Error::msg(format!("cannot create a temporary folder: {e}")))
}

/// Writes a text output to its destination (a closed stdout pipe is not an error).
fn write_text(text: &str, dest: &Destination) -> Result<()> {
    match dest {
        Destination::Stdout => match std::io::stdout().lock().write_all(text.as_bytes()) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                Err(Error::msg(format!("cannot write to stdout: {e}")))
            }
            _ => Ok(()),
        },
        Destination::File(path) => std::fs::write(path, text)
            .map_err(|e| Error::msg(format!("cannot write {}: {e}", shown(path)))),
    }
}
