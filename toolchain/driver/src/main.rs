//! `codon`: the compiler, build system and (later) test runner of the Codon dialect of Python.
//!
//! This file is the command line (clap) and the top-level error handling: every failure becomes
//! a message on stderr and an exit status, never a Rust panic message (see [`ice`]).

mod backend;
mod commands;
mod errors;
mod ice;
mod link;
mod manifest;
mod pipeline;
mod project;
mod stdlib_path;
mod target;
mod templates;
mod ui;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::ui::Ui;

/// The compiler and build tool for the Codon dialect of Python.
#[derive(Debug, Parser)]
#[command(name = "codon", version, propagate_version = true)]
struct Cli {
    /// Print each step (stdlib folder, phases with their times, the linker command).
    #[arg(short, long, global = true, conflicts_with = "quiet")]
    verbose: bool,
    /// Print nothing but errors and the program's own output.
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Compile a program and run it; with no FILE, the current project's binary.
    Run(RunArgs),
    /// Compile a program to an executable or another output; with no FILE, the current project.
    Build(BuildArgs),
    /// Create a new project folder from a template.
    New(NewArgs),
}

/// Arguments of `codon run`.
#[derive(Debug, Args)]
struct RunArgs {
    /// The program (a `.py` or `.codon` file); default: the project's `bin` from codon.yaml.
    file: Option<PathBuf>,
    /// Build with optimizations (the `release` profile).
    #[arg(long)]
    release: bool,
    /// Arguments for the program (its `sys.argv[1:]`), after `--`.
    #[arg(last = true)]
    args: Vec<String>,
}

/// Arguments of `codon build`.
#[derive(Debug, Args)]
struct BuildArgs {
    /// The program (a `.py` or `.codon` file); default: the project in or above this folder.
    file: Option<PathBuf>,
    /// Output path (default: the file's stem in this folder, or target/TRIPLE/PROFILE/NAME in
    /// a project; text outputs of a single file go to stdout).
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Build with optimizations (the `release` profile).
    #[arg(long)]
    release: bool,
    /// What to produce.
    #[arg(long, value_enum, default_value_t = Emit::Exe)]
    emit: Emit,
    /// Target triple to compile for (default: the host, or the project's `targets`).
    #[arg(long, value_name = "TRIPLE")]
    target: Option<String>,
}

/// Arguments of `codon new`.
#[derive(Debug, Args)]
struct NewArgs {
    /// Folder to create; its last component is the package name.
    name: PathBuf,
    /// Create a library (src/lib.codon) instead of a program (src/main.codon).
    #[arg(long)]
    lib: bool,
}

/// The outputs `codon build --emit` can produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// LLVM IR as text (`.ll`).
    Llvm,
    /// Codon IR as S-expressions (`.cir`).
    Cir,
    /// Assembly (`.s`).
    Asm,
    /// An object file (`.o`).
    Obj,
    /// LLVM bitcode (`.bc`).
    Bc,
    /// A linked executable.
    Exe,
}

impl Emit {
    /// The file extension of this output, with its dot (empty for executables).
    pub fn extension(self) -> &'static str {
        match self {
            Emit::Llvm => ".ll",
            Emit::Cir => ".cir",
            Emit::Asm => ".s",
            Emit::Obj => ".o",
            Emit::Bc => ".bc",
            Emit::Exe => "",
        }
    }

    /// Whether the output is text, printed to stdout when no path is given.
    pub fn is_text(self) -> bool {
        matches!(self, Emit::Llvm | Emit::Cir | Emit::Asm)
    }
}

fn main() -> ExitCode {
    ice::install_hook();
    let cli = Cli::parse();
    let ui = Ui::new(cli.verbose, cli.quiet);
    let outcome = std::panic::catch_unwind(|| match cli.command {
        Command::Run(a) => commands::run::run(&ui, a.file.as_deref(), a.release, &a.args),
        Command::Build(a) => commands::build::build(
            &ui,
            &commands::build::Request {
                file: a.file,
                output: a.output,
                release: a.release,
                emit: a.emit,
                target: a.target,
            },
        ),
        Command::New(a) => commands::new::new(&ui, &a.name, a.lib).map(|()| ExitCode::SUCCESS),
    });
    let result = outcome.unwrap_or_else(|_| Err(ice::take_error()));
    result.unwrap_or_else(|e| e.report())
}
