//! `codon run`: build a program and run it, passing its arguments through and exiting with its
//! status; a program for another target runs through the target's emulator (`qemu-aarch64`).

use std::ffi::{OsStr, OsString};
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
    /// Target triple to build for; other targets than the host run under their emulator.
    #[arg(long, value_name = "TRIPLE")]
    pub target: Option<String>,
    /// Arguments for the program (its `sys.argv[1:]`), after `--`.
    #[arg(last = true)]
    pub args: Vec<String>,
    #[command(flatten)]
    pub flags: BuildFlags,
}

/// Runs `codon run`: `file`, or the current project's program when `None`.
pub fn run(ui: &Ui, req: &RunArgs) -> Result<ExitCode> {
    let target = match &req.target {
        Some(text) => Target::parse(text)?,
        None => Target::host(),
    };
    // Fail before compiling when the program could not be run here.
    let runner = runner(&target)?;
    // A single file builds into a temporary folder, which lives until the program has exited.
    let mut scratch = None;
    let (source, exe) = match &req.file {
        Some(file) => {
            let dir = scratch.insert(pipeline::scratch_dir()?);
            let stem = file.file_stem().unwrap_or(OsStr::new("main"));
            let exe = dir.path().join(stem);
            let settings = Settings {
                target: &target,
                optimize: req.release,
                libs: &req.flags.libs,
            };
            let dest = Destination::File(exe.clone());
            pipeline::compile(ui, file, &settings, Emit::Exe, &dest)?;
            (file.clone(), exe)
        }
        None => {
            let project = Project::find(ui)?;
            let source = project.bin_source()?;
            let profile = ProfileName::pick(req.release);
            let exe = project.output_path(&target, profile, Emit::Exe)?;
            build_project_program(
                ui,
                &project,
                &source,
                vec![],
                (&target, profile),
                &req.flags,
                &exe,
            )?;
            (source, exe)
        }
    };
    // The program sees its main module as `sys.argv[0]`, as under Python.
    execute(ui, &runner, &exe, source.as_os_str(), &req.args)
}

/// The command that runs `target`'s programs here, before the program's path: nothing for the
/// host, the spec's emulator (`qemu-aarch64 -L SYSROOT`) for another target, when installed.
pub fn runner(target: &Target) -> Result<Vec<OsString>> {
    if target.is_host() {
        return Ok(Vec::new());
    }
    let spec = target.spec();
    let Some(program) = spec.emulator.first() else {
        return Err(Error::msg(format!(
            "{target} programs cannot run on this machine (no emulator for it)"
        ))
        .with_help(format!(
            "build it with `codon build --target {target}` and run the result on such a machine"
        )));
    };
    let path = std::env::var_os("PATH").unwrap_or_default();
    if !std::env::split_paths(&path).any(|dir| dir.join(program).is_file()) {
        let install = spec
            .emulator_install
            .as_deref()
            .unwrap_or("run scripts/setup.sh");
        return Err(Error::msg(format!(
            "running {target} programs needs the emulator {program}, which is not on PATH"
        ))
        .with_help(format!("install it: {install}")));
    }
    Ok(spec.emulator.iter().map(OsString::from).collect())
}

/// Runs `exe` (through `runner` when not empty) with `argv0` and `args`, sharing stdin, stdout
/// and stderr; its exit status.
fn execute(
    ui: &Ui,
    runner: &[OsString],
    exe: &Path,
    argv0: &OsStr,
    args: &[String],
) -> Result<ExitCode> {
    ui.step("Running", format_args!("{} {}", shown(exe), args.join(" ")));
    let mut cmd = match runner.split_first() {
        None => {
            let mut cmd = Command::new(exe);
            cmd.arg0(argv0);
            cmd
        }
        // An emulator sets the program's argv[0] with its own flag (qemu: -0).
        Some((program, rest)) => {
            let mut cmd = Command::new(program);
            cmd.args(rest).arg("-0").arg(argv0).arg(exe);
            cmd
        }
    };
    let status = cmd
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
