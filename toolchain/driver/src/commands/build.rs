//! `codon build`: a single file to an executable or another output, or the current project
//! to `target/TRIPLE/PROFILE/NAME` for each of its targets.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use crate::backend::Settings;
use crate::errors::{Error, Result};
use crate::manifest::ProfileName;
use crate::pipeline::{self, Destination};
use crate::project::Project;
use crate::target::Target;
use crate::ui::Ui;
use crate::Emit;

/// What `codon build` was asked for.
#[derive(Debug)]
pub struct Request {
    pub file: Option<PathBuf>,
    pub output: Option<PathBuf>,
    pub release: bool,
    pub emit: Emit,
    pub target: Option<String>,
}

/// Runs `codon build`.
pub fn build(ui: &Ui, req: &Request) -> Result<ExitCode> {
    let start = Instant::now();
    let target = req.target.as_deref().map(Target::parse).transpose()?;
    match &req.file {
        Some(file) => build_file(ui, req, file, target.unwrap_or_else(Target::host), start),
        None => build_project(ui, req, target, start),
    }?;
    Ok(ExitCode::SUCCESS)
}

fn build_file(ui: &Ui, req: &Request, file: &Path, target: Target, start: Instant) -> Result<()> {
    let dest = match &req.output {
        Some(path) => Destination::File(path.clone()),
        None if req.emit.is_text() => Destination::Stdout,
        None => {
            let stem = file
                .file_stem()
                .ok_or_else(|| Error::msg(format!("'{}' is not a file name", file.display())))?;
            let mut name = stem.to_os_string();
            name.push(req.emit.extension());
            Destination::File(PathBuf::from(name))
        }
    };
    pipeline::compile(
        ui,
        file,
        &Settings {
            target: &target,
            optimize: req.release,
        },
        req.emit,
        &dest,
    )?;
    if let Destination::File(path) = &dest {
        ui.built(path, start);
    }
    Ok(())
}

fn build_project(ui: &Ui, req: &Request, target: Option<Target>, start: Instant) -> Result<()> {
    let project = Project::find(ui)?;
    let manifest = &project.manifest;
    let targets = match target {
        Some(t) => vec![t],
        None if manifest.targets.is_empty() => vec![Target::host()],
        None => manifest.targets.clone(),
    };
    if req.output.is_some() && targets.len() > 1 {
        return Err(Error::msg(format!(
            "-o names one output, but the project builds {} targets",
            targets.len()
        ))
        .with_help("pick one with --target TRIPLE"));
    }
    let source = project.main_source()?;
    // A library has no entry point to link yet: it builds to an object file.
    let emit = if project.is_library() && req.emit == Emit::Exe {
        Emit::Obj
    } else {
        req.emit
    };
    let profile = ProfileName::pick(req.release);
    for target in &targets {
        let output = match &req.output {
            Some(path) => path.clone(),
            None => project.output_path(target, profile, emit)?,
        };
        let settings = Settings {
            target,
            optimize: manifest.optimize(profile),
        };
        pipeline::compile(
            ui,
            &source,
            &settings,
            emit,
            &Destination::File(output.clone()),
        )?;
        ui.built(&output, start);
    }
    Ok(())
}
