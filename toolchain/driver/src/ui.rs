//! What the driver prints about itself on stderr: verbose steps and the build summary.

use std::fmt::Display;
use std::io::IsTerminal;
use std::path::Path;
use std::time::Instant;

/// Output settings from the command line.
#[derive(Debug, Clone, Copy)]
pub struct Ui {
    verbose: bool,
    quiet: bool,
}

impl Ui {
    /// Settings for `-v` / `-q`.
    pub fn new(verbose: bool, quiet: bool) -> Self {
        Ui { verbose, quiet }
    }

    /// Whether `-v` was given.
    pub fn is_verbose(&self) -> bool {
        self.verbose
    }

    /// Whether `-q` was given.
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// With `-v`: one step, as `   WHAT detail`.
    pub fn step(&self, what: &str, detail: impl Display) {
        if self.verbose {
            eprintln!("{what:>10} {detail}");
        }
    }

    /// With `-v`: how long a phase took since `start`.
    pub fn timed(&self, phase: &str, start: Instant) {
        self.step(
            "Finished",
            format_args!("{phase} in {:.2}s", start.elapsed().as_secs_f64()),
        );
    }

    /// Unless `-q`: a one-line result (`Created …`).
    pub fn status(&self, line: impl Display) {
        if !self.quiet {
            eprintln!("{line}");
        }
    }

    /// Unless `-q`: the one-line result of a build.
    pub fn built(&self, output: &Path, start: Instant) {
        self.status(format_args!(
            "Built {} in {:.2}s",
            shown(output),
            start.elapsed().as_secs_f64()
        ));
    }
}

/// Whether diagnostics on stderr get colours: stderr is a terminal and `NO_COLOR` is unset.
pub fn stderr_color() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// A path as the user wants to read it: relative to the current folder when inside it.
pub fn shown(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(|p| p.display().to_string()))
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| path.display().to_string())
}
