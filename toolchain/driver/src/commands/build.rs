//! `codon build`: a single file to an executable or another output, or the current project
//! to `target/TRIPLE/PROFILE/NAME` for each of its targets.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};

use crate::backend::Settings;
use crate::commands::{build_project_program, BuildFlags};
use crate::errors::{Error, Result};
use crate::manifest::ProfileName;
use crate::pipeline::{self, Destination};
use crate::project::Project;
use crate::target::Target;
use crate::ui::Ui;
use crate::Emit;

/// Arguments of `codon build`.
#[derive(Debug, Args)]
pub struct BuildArgs {
    /// The program (a `.py` or `.codon` file); default: the project in or above this folder.
    pub file: Option<PathBuf>,
    /// Output path, `-` for stdout (text outputs only). Default: the file's stem in this
    /// folder, or target/TRIPLE/PROFILE/NAME in a project; text outputs of a file go to stdout.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Build with optimizations (the `release` profile).
    #[arg(long)]
    pub release: bool,
    /// What to produce.
    #[arg(long, value_enum, default_value_t = Emit::Exe)]
    pub emit: Emit,
    /// Target triple to compile for (default: the host, or the project's `targets`).
    #[arg(long, value_name = "TRIPLE", conflicts_with = "all_targets")]
    pub target: Option<String>,
    /// Build for every known target that has executables (`codon targets` lists them).
    #[arg(long)]
    pub all_targets: bool,
    #[command(flatten)]
    pub flags: BuildFlags,
}

/// Runs `codon build`.
pub fn build(ui: &Ui, req: &BuildArgs) -> Result<ExitCode> {
    let start = Instant::now();
    let chosen: Option<Vec<Target>> = if req.all_targets {
        Some(Target::all().filter(Target::builds_executables).collect())
    } else {
        req.target
            .as_deref()
            .map(Target::parse)
            .transpose()?
            .map(|t| vec![t])
    };
    match &req.file {
        Some(file) => build_file(ui, req, file, chosen, start),
        None => build_project(ui, req, chosen, start),
    }?;
    Ok(ExitCode::SUCCESS)
}

/// A single file: `./STEM` for one target; `./STEM-TRIPLE` each with `--all-targets`.
fn build_file(
    ui: &Ui,
    req: &BuildArgs,
    file: &Path,
    chosen: Option<Vec<Target>>,
    start: Instant,
) -> Result<()> {
    let targets = chosen.unwrap_or_else(|| vec![Target::host()]);
    check_single_output(req, &targets)?;
    let stem = file
        .file_stem()
        .ok_or_else(|| Error::msg(format!("'{}' is not a file name", file.display())))?;
    for target in &targets {
        let dest = match &req.output {
            Some(path) => explicit_destination(path, req.emit)?,
            None if req.emit.is_text() && targets.len() == 1 => Destination::Stdout,
            None => {
                let mut name = stem.to_os_string();
                if targets.len() > 1 {
                    name.push(format!("-{target}"));
                }
                name.push(req.emit.extension());
                Destination::File(PathBuf::from(name))
            }
        };
        let settings = Settings {
            target,
            optimize: req.release,
            libs: &req.flags.libs,
        };
        compile(ui, file, &settings, req.emit, &dest, start)?;
    }
    Ok(())
}

/// `-o` names one output: it cannot take several targets' builds.
fn check_single_output(req: &BuildArgs, targets: &[Target]) -> Result<()> {
    if req.output.is_some() && targets.len() > 1 {
        return Err(Error::msg(format!(
            "-o names one output, but {} targets are being built",
            targets.len()
        ))
        .with_help("pick one with --target TRIPLE"));
    }
    Ok(())
}

fn build_project(
    ui: &Ui,
    req: &BuildArgs,
    chosen: Option<Vec<Target>>,
    start: Instant,
) -> Result<()> {
    let project = Project::find(ui)?;
    let manifest = &project.manifest;
    let targets = match chosen {
        Some(targets) => targets,
        None if manifest.targets.is_empty() => vec![Target::host()],
        None => manifest.targets.clone(),
    };
    check_single_output(req, &targets)?;
    let source = project.main_source()?;
    // A library has no entry point to link yet: it builds to an object file.
    let emit = if project.is_library() && req.emit == Emit::Exe {
        Emit::Obj
    } else {
        req.emit
    };
    let profile = ProfileName::pick(req.release);
    for target in &targets {
        let dest = match &req.output {
            Some(path) => explicit_destination(path, emit)?,
            None => Destination::File(project.output_path(target, profile, emit)?),
        };
        if emit == Emit::Exe {
            // A program builds per module, through the object cache.
            let Destination::File(output) = &dest else {
                return Err(Error::msg("an executable cannot go to stdout"));
            };
            build_project_program(
                ui,
                &project,
                &source,
                vec![],
                (target, profile),
                &req.flags,
                output,
            )?;
            ui.built(output, start);
            continue;
        }
        let libs: Vec<String> = manifest
            .link
            .iter()
            .chain(&req.flags.libs)
            .cloned()
            .collect();
        let settings = Settings {
            target,
            optimize: manifest.optimize(profile),
            libs: &libs,
        };
        compile(ui, &source, &settings, emit, &dest, start)?;
    }
    Ok(())
}

/// `-o PATH` as a destination: `-` means stdout, which only text outputs can go to.
fn explicit_destination(path: &Path, emit: Emit) -> Result<Destination> {
    if path != Path::new("-") {
        Ok(Destination::File(path.to_path_buf()))
    } else if emit.is_text() {
        Ok(Destination::Stdout)
    } else {
        let name = emit
            .to_possible_value()
            .map(|v| v.get_name().to_string())
            .unwrap_or_default();
        Err(Error::msg(format!(
            "--emit {name} is binary and cannot go to stdout (-o -)"
        ))
        .with_help("name an output file with -o PATH"))
    }
}

/// Compiles, then reports the output written (if it went to a file).
fn compile(
    ui: &Ui,
    source: &Path,
    settings: &Settings,
    emit: Emit,
    dest: &Destination,
    start: Instant,
) -> Result<()> {
    pipeline::compile(ui, source, settings, emit, dest)?;
    if let Destination::File(path) = dest {
        ui.built(path, start);
    }
    Ok(())
}
