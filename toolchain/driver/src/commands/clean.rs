//! `codon clean`: removes the project's `target/` folder (outputs and the object cache).

use std::process::ExitCode;

use crate::errors::{Error, Result};
use crate::project::Project;
use crate::ui::{shown, Ui};

/// Runs `codon clean` in the current project.
pub fn clean(ui: &Ui) -> Result<ExitCode> {
    let project = Project::find(ui)?;
    let target = project.root.join("target");
    if target.exists() {
        std::fs::remove_dir_all(&target)
            .map_err(|e| Error::msg(format!("cannot remove {}: {e}", shown(&target))))?;
        ui.status(format_args!("Removed {}", shown(&target)));
    }
    Ok(ExitCode::SUCCESS)
}
