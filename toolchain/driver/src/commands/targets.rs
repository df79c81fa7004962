//! `codon targets`: the known targets (one per `targets/*.yaml`), whether executables for each
//! can be linked and run on this machine, and what to install for those that cannot.

use std::process::ExitCode;

use crate::commands::run::runner;
use crate::errors::{Error, Result};
use crate::link;
use crate::target::Target;
use crate::ui::Ui;

/// Prints one block per target on stdout; with `-v`, each spec's codegen and link settings.
pub fn list(ui: &Ui) -> Result<ExitCode> {
    let host = Target::host();
    let mut text = String::new();
    for target in Target::all() {
        text.push_str(&describe(&target, &host));
        if ui.is_verbose() {
            text.push_str(&settings(&target));
        }
    }
    print!("{text}");
    Ok(ExitCode::SUCCESS)
}

/// `TRIPLE  link: …  run: …`, then the aliases and what is missing, indented.
fn describe(target: &Target, host: &Target) -> String {
    let spec = target.spec();
    let mut notes = Vec::new();
    let (link, run) = if !target.builds_executables() {
        ("kernels only".to_string(), "no".to_string())
    } else {
        let link = match link::missing_for(target) {
            None => "yes".to_string(),
            Some(why) => {
                notes.push(format!("to link: {}", explain(&why)));
                "no".to_string()
            }
        };
        let run = match runner(target) {
            Ok(prefix) if prefix.is_empty() => "yes".to_string(),
            Ok(prefix) => format!("yes ({})", prefix[0].to_string_lossy()),
            Err(why) => {
                notes.push(format!("to run: {}", explain(&why)));
                "no".to_string()
            }
        };
        (link, run)
    };
    let host_mark = if target == host { " (host)" } else { "" };
    let mut block = format!(
        "{:<27} {:<6} link: {link:<13} run: {run}{host_mark}\n",
        spec.triple, spec.object_format
    );
    if !spec.aliases.is_empty() {
        block.push_str(&format!("    aliases: {}\n", spec.aliases.join(", ")));
    }
    for note in notes {
        block.push_str(&format!("    {note}\n"));
    }
    block
}

/// The spec's CPU, features, data layout and linker, indented.
fn settings(target: &Target) -> String {
    let spec = target.spec();
    let mut block = format!(
        "    cpu: {}, features: {}\n    data layout: {}\n",
        spec.cpu,
        if spec.features.is_empty() {
            "none"
        } else {
            &spec.features
        },
        spec.data_layout
    );
    if let Some(linker) = &spec.linker {
        block.push_str(&format!(
            "    linker: {:?} {}, libraries: {}\n",
            linker.flavour,
            linker.target.as_deref().unwrap_or(""),
            linker
                .libs
                .iter()
                .chain(&linker.dylibs)
                .cloned()
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    block
}

/// An error's message and hint on one line.
fn explain(error: &Error) -> String {
    match error {
        Error::User { message, help, .. } => match help {
            Some(help) => format!("{message}; {help}"),
            None => message.clone(),
        },
        other => format!("{other:?}"),
    }
}
