//! The driver's error type and how each kind is reported: source diagnostics and user errors
//! exit with status 1, internal compiler errors with status 101.

use std::fmt::Display;
use std::process::ExitCode;

/// Exit status of a failed build (diagnostics, bad arguments, missing files).
const FAILURE: u8 = 1;
/// Exit status of an internal compiler error (as rustc uses).
const INTERNAL: u8 = 101;

/// Everything that can stop a command.
#[derive(Debug)]
pub enum Error {
    /// The program was rejected: each entry is one rendered diagnostic.
    Diagnostics(Vec<String>),
    /// A problem with the command, the files or the environment, for the user to fix.
    User {
        /// `FILE:LINE:COL` (or just `FILE`) when the problem is inside a file.
        location: Option<String>,
        message: String,
        /// A hint on what to do about it.
        help: Option<String>,
    },
    /// A bug in the compiler.
    Internal {
        /// The pipeline stage that failed (`sema`, `codegen`, …).
        stage: &'static str,
        message: String,
    },
}

/// Shorthand for the driver's results.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// A user error with no location.
    pub fn msg(message: impl Display) -> Self {
        Error::User {
            location: None,
            message: message.to_string(),
            help: None,
        }
    }

    /// A user error located in a file (`location` is `FILE`, `FILE:LINE` or `FILE:LINE:COL`).
    pub fn at(location: impl Display, message: impl Display) -> Self {
        Error::User {
            location: Some(location.to_string()),
            message: message.to_string(),
            help: None,
        }
    }

    /// Adds a hint to a user error (other errors are returned unchanged).
    pub fn with_help(mut self, hint: impl Display) -> Self {
        if let Error::User { help, .. } = &mut self {
            *help = Some(hint.to_string());
        }
        self
    }

    /// Prints the error on stderr and returns the exit status for it.
    pub fn report(self) -> ExitCode {
        match self {
            Error::Diagnostics(rendered) => {
                for d in rendered {
                    eprint!("{}", with_newline(&d));
                }
                ExitCode::from(FAILURE)
            }
            Error::User {
                location,
                message,
                help,
            } => {
                match location {
                    Some(loc) => eprintln!("{loc}: error: {message}"),
                    None => eprintln!("error: {message}"),
                }
                if let Some(help) = help {
                    eprintln!("help: {help}");
                }
                ExitCode::from(FAILURE)
            }
            Error::Internal { stage, message } => {
                eprintln!("internal compiler error: {stage}: {message}");
                eprintln!(
                    "note: this is a bug in codon {}; please report it with the program that triggered it",
                    env!("CARGO_PKG_VERSION")
                );
                ExitCode::from(INTERNAL)
            }
        }
    }
}

/// `text` ending in exactly one newline.
fn with_newline(text: &str) -> String {
    format!("{}\n", text.trim_end_matches('\n'))
}
