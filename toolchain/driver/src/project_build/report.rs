//! What a per-module build says: a progress bar on a terminal (plain lines otherwise), a
//! summary line, `--timings` per phase and module, or JSON events (`--message-format json`).

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::Duration;

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use crate::errors::Error;
use crate::ui::Ui;

/// How build messages are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum MessageFormat {
    /// For people: progress and a summary on stderr.
    #[default]
    Human,
    /// One JSON object a line on stdout, for CI and other tools.
    Json,
}

/// Reports one build; shared by the threads compiling modules.
pub struct Reporter {
    ui: Ui,
    format: MessageFormat,
    timings: bool,
    bar: Mutex<Option<ProgressBar>>,
    /// Per compiled module: name, check and codegen seconds (for `--timings`).
    modules: Mutex<Vec<(String, f64, f64)>>,
    /// Per phase: name and seconds (for `--timings`).
    phases: Mutex<Vec<(&'static str, f64)>>,
}

impl Reporter {
    /// A reporter writing in `format`, with the `--timings` table when `timings`.
    pub fn new(ui: Ui, format: MessageFormat, timings: bool) -> Self {
        Reporter {
            ui,
            format,
            timings,
            bar: Mutex::new(None),
            modules: Mutex::new(Vec::new()),
            phases: Mutex::new(Vec::new()),
        }
    }

    fn event(&self, value: serde_json::Value) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{value}");
    }

    /// The build is about to compile `count` of `total` modules.
    pub fn start(&self, count: usize, total: usize) {
        match self.format {
            MessageFormat::Json => {
                self.event(json!({"event": "plan", "compile": count, "modules": total}))
            }
            MessageFormat::Human if count > 0 && !self.ui.is_quiet() => {
                if std::io::stderr().is_terminal() {
                    let bar = ProgressBar::new(count as u64);
                    if let Ok(style) =
                        ProgressStyle::with_template("{prefix:>10} [{bar:30}] {pos}/{len} {msg}")
                    {
                        bar.set_style(style.progress_chars("=> "));
                    }
                    bar.set_prefix("Building");
                    bar.enable_steady_tick(Duration::from_millis(100));
                    *self.bar.lock().expect("progress lock") = Some(bar);
                }
            }
            MessageFormat::Human => {}
        }
    }

    /// A module starts compiling.
    pub fn compiling(&self, module: &str) {
        if self.format != MessageFormat::Human || self.ui.is_quiet() {
            return;
        }
        match &*self.bar.lock().expect("progress lock") {
            Some(bar) => bar.set_message(module.to_string()),
            None => eprintln!("{:>10} {module}", "Compiling"),
        }
    }

    /// A module was compiled: `check` seconds in sema (parse, type-check, lower), `codegen`
    /// seconds in LLVM.
    pub fn compiled(&self, module: &str, check: f64, codegen: f64) {
        self.modules
            .lock()
            .expect("timings lock")
            .push((module.to_string(), check, codegen));
        match self.format {
            MessageFormat::Json => self.event(json!({
                "event": "compiled", "module": module, "seconds": round(check + codegen),
                "check_seconds": round(check), "codegen_seconds": round(codegen),
            })),
            MessageFormat::Human => {
                if let Some(bar) = &*self.bar.lock().expect("progress lock") {
                    bar.inc(1);
                }
            }
        }
    }

    /// A module's cached object was reused (`corrupt`: a broken entry was found and rebuilt
    /// instead; reported before compiling it).
    pub fn cached(&self, module: &str, corrupt: bool) {
        match self.format {
            MessageFormat::Json if corrupt => {
                self.event(json!({"event": "corrupt-cache-entry", "module": module}))
            }
            MessageFormat::Json => self.event(json!({"event": "reused", "module": module})),
            MessageFormat::Human if corrupt => self.ui.status(format_args!(
                "{:>10} cache entry of {module} is damaged; rebuilding it",
                "Warning"
            )),
            MessageFormat::Human => self.ui.step("Reused", module),
        }
    }

    /// A phase (`scan`, `compile`, `link`, …) took `seconds`.
    pub fn phase(&self, phase: &'static str, seconds: f64) {
        self.phases
            .lock()
            .expect("timings lock")
            .push((phase, seconds));
        if self.format == MessageFormat::Json {
            self.event(json!({"event": "phase", "phase": phase, "seconds": round(seconds)}));
        }
    }

    /// The build failed: in JSON, an `error` event (stderr still gets the full report).
    pub fn failed(&self, error: &Error) {
        if self.format != MessageFormat::Json {
            return;
        }
        let (kind, message) = match error {
            Error::Diagnostics(rendered) => ("diagnostics", rendered.join("\n")),
            Error::User {
                location, message, ..
            } => (
                "error",
                match location {
                    Some(loc) => format!("{loc}: {message}"),
                    None => message.clone(),
                },
            ),
            Error::Internal { stage, message } => ("internal", format!("{stage}: {message}")),
        };
        self.event(json!({"event": "error", "kind": kind, "message": message}));
    }

    /// The build finished: the summary line, then the `--timings` table.
    pub fn finish(&self, compiled: usize, reused: usize, link_seconds: f64, output: &str) {
        if let Some(bar) = self.bar.lock().expect("progress lock").take() {
            bar.finish_and_clear();
        }
        if self.format == MessageFormat::Json {
            self.event(json!({
                "event": "finished", "compiled": compiled, "reused": reused,
                "link_seconds": round(link_seconds), "output": output,
            }));
            return;
        }
        let plural = if compiled == 1 { "" } else { "s" };
        self.ui.status(format_args!(
            "Compiled {compiled} module{plural}, reused {reused}, linked in {link_seconds:.2}s"
        ));
        if self.timings {
            eprintln!("{:>10} phase", "seconds");
            for (phase, s) in self.phases.lock().expect("timings lock").iter() {
                eprintln!("{s:>10.3} {phase}");
            }
            let mut modules = self.modules.lock().expect("timings lock").clone();
            modules.sort_by(|a, b| (b.1 + b.2).total_cmp(&(a.1 + a.2)));
            eprintln!("{:>10} {:>10} {:>10} module", "seconds", "check", "codegen");
            for (module, check, codegen) in modules {
                eprintln!(
                    "{:>10.3} {check:>10.3} {codegen:>10.3} {module}",
                    check + codegen
                );
            }
        }
    }
}

fn round(seconds: f64) -> f64 {
    (seconds * 1000.0).round() / 1000.0
}
