//! Linking a host executable with the system's C compiler driver.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::errors::{Error, Result};
use crate::ui::Ui;

/// C compiler drivers tried in order.
const LINKERS: &[&str] = &["clang-19", "clang", "cc"];
/// Libraries every program links: the garbage collector, libm, threads.
const LIBS: &[&str] = &["-lgc", "-lm", "-lpthread"];

/// Links `objects` into the executable `output` (a PIE, the toolchain default). A failed link
/// leaves no `output` behind.
pub fn link_executable(ui: &Ui, objects: &[PathBuf], output: &Path) -> Result<()> {
    let linker = find_linker()?;
    let mut cmd = Command::new(&linker);
    cmd.args(objects).arg("-o").arg(output).args(LIBS);
    let shown: Vec<String> = objects.iter().map(|o| o.display().to_string()).collect();
    ui.step(
        "Linking",
        format_args!(
            "{} {} -o {} {}",
            linker.display(),
            shown.join(" "),
            output.display(),
            LIBS.join(" ")
        ),
    );
    let out = cmd
        .output()
        .map_err(|e| Error::msg(format!("cannot run the linker {}: {e}", linker.display())))?;
    if out.status.success() {
        return Ok(());
    }
    let _ = std::fs::remove_file(output);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let err = Error::msg(format!(
        "linking failed ({} exited with {}):\n{}",
        linker.display(),
        out.status,
        stderr.trim_end()
    ));
    Err(
        if stderr.contains("cannot find -l") || stderr.contains("unable to find library") {
            err.with_help(
                "a system library is missing: run scripts/setup.sh (it installs libgc-dev)",
            )
        } else {
            err
        },
    )
}

/// The first of [`LINKERS`] on `PATH`.
fn find_linker() -> Result<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    LINKERS
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| is_executable(candidate))
        .ok_or_else(|| {
            Error::msg(format!(
                "no C compiler to link with: none of {} is on PATH",
                LINKERS.join(", ")
            ))
            .with_help("run scripts/setup.sh (it installs clang-19 and libgc-dev)")
        })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}
