//! The subcommands: one module each, plus the flags and the per-module build they share.

pub mod build;
pub mod clean;
pub mod new;
pub mod run;
pub mod targets;
pub mod test;

use std::path::{Path, PathBuf};

use clap::Args;

use crate::errors::Result;
use crate::manifest::ProfileName;
use crate::project::{normalize, Project};
use crate::project_build::report::{MessageFormat, Reporter};
use crate::project_build::{self, Program};
use crate::target::Target;
use crate::ui::Ui;

/// Flags of the commands that build a project per module.
#[derive(Debug, Clone, Args)]
pub struct BuildFlags {
    /// Modules compiled at once (default: one per core).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
    /// After the build, print the time of each phase and of each compiled module.
    #[arg(long)]
    pub timings: bool,
    /// How the build reports: `human` (progress and a summary on stderr) or `json` (one
    /// event a line on stdout).
    #[arg(long, value_enum, default_value_t, value_name = "FORMAT")]
    pub message_format: MessageFormat,
    /// A C library to link (`-l m`, `-lz`): what `from C import` functions come from.
    #[arg(short = 'l', long = "link", value_name = "LIB")]
    pub libs: Vec<String>,
}

impl BuildFlags {
    fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        })
    }
}

/// Builds the program whose main module is `main` in `project` per module (cached), with the
/// project's path dependencies and `extra_dirs` importable, into `output`.
pub fn build_project_program(
    ui: &Ui,
    project: &Project,
    main: &Path,
    extra_dirs: Vec<PathBuf>,
    (target, profile): (&Target, ProfileName),
    flags: &BuildFlags,
    output: &Path,
) -> Result<()> {
    let manifest = &project.manifest;
    if manifest.debug_info(profile) && !flags.message_format.eq(&MessageFormat::Json) {
        ui.status(format_args!(
            "{:>10} debug-info is not generated yet; building without it",
            "Warning"
        ));
    }
    if let Some(gpu) = &manifest.gpu {
        ui.step("GPU", format_args!("kernels for {}", gpu.arch));
    }
    let mut search_paths = extra_dirs;
    search_paths.extend(project.dependency_dirs()?);
    let optimize = manifest.optimize(profile);
    let reporter = Reporter::new(*ui, flags.message_format, flags.timings);
    let program = Program {
        main: normalize(main),
        search_paths,
        target,
        profile,
        optimize,
        lto: optimize && manifest.lto(profile),
        jobs: flags.jobs(),
        cache_dir: project.cache_dir(target, profile),
        output: output.to_path_buf(),
        libs: manifest.link.iter().chain(&flags.libs).cloned().collect(),
    };
    project_build::build(ui, &reporter, &program).inspect_err(|e| reporter.failed(e))
}
