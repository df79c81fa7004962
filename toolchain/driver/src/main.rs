//! `codon`: the compiler, build system and (later) test runner of the Codon dialect of Python.
//!
//! This file is the command line (clap) and the top-level error handling: every failure becomes
//! a message on stderr and an exit status, never a Rust panic message (see [`ice`]).

mod backend;
mod commands;
mod errors;
mod gc_build;
mod ice;
mod link;
mod manifest;
mod pipeline;
mod project;
mod project_build;
mod stdlib_path;
mod target;
mod target_spec;
mod templates;
mod ui;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

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
    Run(commands::run::RunArgs),
    /// Compile a program to an executable or another output; with no FILE, the current project.
    Build(commands::build::BuildArgs),
    /// Create a new project folder from a template.
    New(commands::new::NewArgs),
    /// List the known targets, which can be linked (and run) here, and what the others need.
    Targets,
    /// Build and run the project's `@test` functions (tests/**/*.codon and src/).
    Test(commands::test::TestArgs),
    /// Remove the project's target/ folder: its outputs and its object cache.
    Clean,
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
        Command::Run(args) => commands::run::run(&ui, &args),
        Command::Build(args) => commands::build::build(&ui, &args),
        Command::New(args) => commands::new::new(&ui, &args),
        Command::Targets => commands::targets::list(&ui),
        Command::Test(args) => commands::test::test(&ui, &args),
        Command::Clean => commands::clean::clean(&ui),
    });
    let result = outcome.unwrap_or_else(|_| Err(ice::take_error()));
    result.unwrap_or_else(|e| e.report())
}
