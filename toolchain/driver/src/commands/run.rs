//! `codon run`: build a program for the host and run it, passing its arguments through and
//! exiting with its status.

use std::ffi::OsStr;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus};

use clap::Args;

use crate::backend::Settings;
use crate::commands::{build_project_program, BuildFlags};
use crate::errors::{Error, Result};
use crate::manifest::ProfileName;
use crate::pipeline::{self, Destination};
use crate::project::Project;
use crate::target::Target;
use crate::ui::{shown, Ui};
use crate::Emit;

/// Arguments of `codon run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The program (a `.py` or `.codon` file); default: the project's `bin` from codon.yaml.
    pub file: Option<PathBuf>,
    /// Build with optimizations (the `release` profile).
    #[arg(long)]
    pub release: bool,
    /// Arguments for the program (its `sys.argv[1:]`), after `--`.
    #[arg(last = true)]
    pub args: Vec<String>,
    #[command(flatten)]
    pub flags: BuildFlags,
}

/// Runs `codon run`: `file`, or the current project's program when `None`.
pub fn run(ui: &Ui, req: &RunArgs) -> Result<ExitCode> {
    let host = Target::host();
    // A single file builds into a temporary folder, which lives until the program has exited.
    let mut scratch = None;
    let (source, exe) = match &req.file {
        Some(file) => {
            let dir = scratch.insert(pipeline::scratch_dir()?);
            let stem = file.file_stem().unwrap_or(OsStr::new("main"));
            let exe = dir.path().join(stem);
            let settings = Settings {
                target: &host,
                optimize: req.release,
            };
            let dest = Destination::File(exe.clone());
            pipeline::compile(ui, file, &settings, Emit::Exe, &dest)?;
            (file.clone(), exe)
        }
        None => {
            let project = Project::find(ui)?;
            let source = project.bin_source()?;
            let profile = ProfileName::pick(req.release);
            let exe = project.output_path(&host, profile, Emit::Exe)?;
            build_project_program(
                ui,
                &project,
                &source,
                vec![],
                (&host, profile),
                &req.flags,
                &exe,
            )?;
            (source, exe)
        }
    };
    // The program sees its main module as `sys.argv[0]`, as under Python.
    execute(ui, &exe, source.as_os_str(), &req.args)
}

/// Runs `exe` with `argv0` and `args`, sharing stdin, stdout and stderr; its exit status.
fn execute(ui: &Ui, exe: &Path, argv0: &OsStr, args: &[String]) -> Result<ExitCode> {
    ui.step("Running", format_args!("{} {}", shown(exe), args.join(" ")));
    let status = Command::new(exe)
        .arg0(argv0)
        .args(args)
        .status()
        .map_err(|e| Error::msg(format!("cannot run {}: {e}", shown(exe))))?;
    Ok(ExitCode::from(exit_code(status)))
}

/// The shell's view of a status: the exit code, or 128 + N for death by signal N.
fn exit_code(status: ExitStatus) -> u8 {
    match (status.code(), status.signal()) {
        (Some(code), _) => code as u8,
        (None, Some(signal)) => 128u8.wrapping_add(signal as u8),
        (None, None) => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses() {
        assert_eq!(exit_code(ExitStatus::from_raw(0)), 0);
        assert_eq!(exit_code(ExitStatus::from_raw(3 << 8)), 3);
        assert_eq!(exit_code(ExitStatus::from_raw(9)), 137);
    }
}
