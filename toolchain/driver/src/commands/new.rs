//! `codon new`: a project folder from a template.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::errors::{Error, Result};
use crate::manifest::check_name;
use crate::templates;
use crate::ui::{shown, Ui};

/// Arguments of `codon new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// Folder to create; its last component is the package name.
    pub name: PathBuf,
    /// Create a library (src/lib.codon) instead of a program (src/main.codon).
    #[arg(long)]
    pub lib: bool,
}

/// Creates the project folder `path` (a program, or a library when `lib`); its last component
/// is the package name. Never touches an existing folder.
pub fn new(ui: &Ui, req: &NewArgs) -> Result<ExitCode> {
    let (path, lib) = (req.name.as_path(), req.lib);
    let name = path.file_name().and_then(|n| n.to_str()).ok_or_else(|| {
        Error::msg(format!(
            "'{}' does not end in a package name",
            path.display()
        ))
    })?;
    check_name(name).map_err(Error::msg)?;
    if path.exists() {
        return Err(Error::msg(format!("{} already exists", shown(path)))
            .with_help("choose another name, or remove it first (codon new never overwrites)"));
    }
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent)
            .map_err(|e| Error::msg(format!("cannot create {}: {e}", shown(parent))))?;
    }
    // `create_dir` (not `_all`) fails if the folder appeared meanwhile: nothing is overwritten.
    std::fs::create_dir(path)
        .map_err(|e| Error::msg(format!("cannot create {}: {e}", shown(path))))?;
    if let Err(e) = write_files(path, name, lib) {
        let _ = std::fs::remove_dir_all(path);
        return Err(e);
    }
    let kind = if lib { "library" } else { "program" };
    ui.status(format_args!(
        "Created {kind} package '{name}' in {}",
        shown(path)
    ));
    Ok(ExitCode::SUCCESS)
}

fn write_files(root: &Path, name: &str, lib: bool) -> Result<()> {
    for file in templates::files(lib) {
        let path = root.join(file.path);
        let write = || {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(&path, file.render(name))
        };
        write().map_err(|e| Error::msg(format!("cannot write {}: {e}", shown(&path))))?;
    }
    Ok(())
}
