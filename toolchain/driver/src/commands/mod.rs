//! The subcommands: one module each.

pub mod build;
pub mod new;
pub mod run;
pub mod targets;
