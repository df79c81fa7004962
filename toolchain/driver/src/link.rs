//! Linking executables, for the host and cross targets, as each target's spec says
//! (`targets/*.yaml`, `linker:`): the host's C compiler driver, `clang --target` with lld
//! against a distribution's cross sysroot, or `zig cc` (macOS).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::errors::{Error, Result};
use crate::gc_build;
use crate::target::Target;
use crate::target_spec::{LinkerFlavour, LinkerSpec};
use crate::ui::Ui;

/// C compiler drivers tried in order for host links.
const HOST_COMPILERS: &[&str] = &["clang-19", "clang", "cc"];
/// Clang drivers tried in order for cross links.
const CLANGS: &[&str] = &["clang-19", "clang"];
/// What to install for `zig cc`.
const ZIG_HELP: &str =
    "install zig's C toolchain with `python3 -m pip install ziglang` (scripts/setup.sh does)";

/// Links `objects` into the executable `output` for `target`. A failed link leaves no
/// `output` behind.
pub fn link_executable(
    ui: &Ui,
    target: &Target,
    objects: &[PathBuf],
    libs: &[String],
    output: &Path,
) -> Result<()> {
    for lib in libs {
        let valid = !lib.is_empty()
            && lib
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+'))
            && !lib.starts_with('-');
        if !valid {
            return Err(Error::msg(format!(
                "'{lib}' is not a library name (`-l m` links libm, as `cc -lm` does)"
            )));
        }
    }
    let linker = linker_spec(target)?;
    check_tools(target, linker)?;
    let compiler = c_compiler(target)?;
    let mut inputs = objects.to_vec();
    if let Some(gc) = gc_build::collector_object(ui, target, &compiler)? {
        inputs.push(gc);
    }
    let mut args: Vec<OsString> = compiler.iter().skip(1).cloned().collect();
    args.extend(linker.args.iter().map(OsString::from));
    args.extend(inputs.iter().map(|p| p.as_os_str().to_owned()));
    args.push("-o".into());
    args.push(output.as_os_str().to_owned());
    // the program's own libraries come before the runtime's (their own dependencies may be
    // among those)
    args.extend(libs.iter().map(|l| OsString::from(format!("-l{l}"))));
    args.extend(linker.libs.iter().map(OsString::from));
    args.extend(linker.openmp_libs.iter().map(OsString::from));
    ui.step(
        "Linking",
        format_args!("{}", shown_command(&compiler[0], &args)),
    );
    let out = Command::new(&compiler[0])
        .args(&args)
        .output()
        .map_err(|e| {
            Error::msg(format!(
                "cannot run the linker {}: {e}",
                compiler[0].to_string_lossy()
            ))
        })?;
    if out.status.success() {
        return Ok(());
    }
    let _ = std::fs::remove_file(output);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let err = Error::msg(format!(
        "linking for {target} failed ({} exited with {}):\n{}",
        compiler[0].to_string_lossy(),
        out.status,
        stderr.trim_end()
    ));
    Err(if stderr.contains("__kmpc_") || stderr.contains("libomp") {
        err.with_help(
            "`@par` loops need the OpenMP runtime: install libomp-19-dev (scripts/setup.sh does)",
        )
    } else if stderr.contains("No module named ziglang") {
        err.with_help(ZIG_HELP)
    } else if stderr.contains("cannot find -l") || stderr.contains("unable to find library") {
        err.with_help("a system library is missing: run scripts/setup.sh (it installs libgc-dev)")
    } else {
        err
    })
}

/// The C compiler driver for `target`, as a program and its leading arguments: what links its
/// executables and compiles its C code (the collector).
pub fn c_compiler(target: &Target) -> Result<Vec<OsString>> {
    let linker = linker_spec(target)?;
    let spelled = || linker.target.clone().unwrap_or_else(|| target.to_string());
    Ok(match linker.flavour {
        LinkerFlavour::Cc => vec![find_program(HOST_COMPILERS, "clang-19")?.into()],
        LinkerFlavour::Clang => vec![
            find_program(CLANGS, "clang-19")?.into(),
            format!("--target={}", spelled()).into(),
        ],
        LinkerFlavour::Zig => {
            let python =
                find_program(&["python3"], "python3").map_err(|e| e.with_help(ZIG_HELP))?;
            vec![
                python.into(),
                "-m".into(),
                "ziglang".into(),
                "cc".into(),
                "-target".into(),
                spelled().into(),
            ]
        }
    })
}

/// Why `target` cannot be linked here (a missing program or sysroot file), or `None` when it
/// can, as far as can be told without linking.
pub fn missing_for(target: &Target) -> Option<Error> {
    let linker = linker_spec(target).ok()?;
    check_tools(target, linker)
        .and_then(|()| c_compiler(target))
        .and_then(|_| gc_build::check_available(target))
        .err()
}

/// Whether programs with `@par` loops can be linked for `target` (its spec names an OpenMP
/// runtime).
pub fn supports_openmp(target: &Target) -> bool {
    linker_spec(target).is_ok_and(|l| !l.openmp_libs.is_empty())
}

fn linker_spec(target: &Target) -> Result<&'static LinkerSpec> {
    target
        .spec()
        .linker
        .as_ref()
        .ok_or_else(|| target.no_executables_error())
}

/// Every file the spec's linker needs present, and zig's C toolchain for `zig` links.
fn check_tools(target: &Target, linker: &LinkerSpec) -> Result<()> {
    if let Some(missing) = linker
        .requires
        .iter()
        .find(|r| !Path::new(&r.path).exists())
    {
        return Err(Error::msg(format!(
            "cannot link for {target}: the sysroot file {} is missing",
            missing.path
        ))
        .with_help(format!("install it: {}", missing.install)));
    }
    if linker.flavour == LinkerFlavour::Zig && !python_has_ziglang() {
        return Err(Error::msg(format!(
            "linking for {target} needs zig's C toolchain (python3 -m ziglang), which is not installed"
        ))
        .with_help(ZIG_HELP));
    }
    Ok(())
}

fn python_has_ziglang() -> bool {
    Command::new("python3")
        .args(["-c", "import ziglang"])
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The first of `names` on `PATH`.
fn find_program(names: &[&str], install: &str) -> Result<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    names
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
        .find(|candidate| is_executable(candidate))
        .ok_or_else(|| {
            Error::msg(format!("none of {} is on PATH", names.join(", ")))
                .with_help(format!("run scripts/setup.sh (it installs {install})"))
        })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}

/// A command line for `-v` output.
fn shown_command(program: &OsString, args: &[OsString]) -> String {
    std::iter::once(program)
        .chain(args)
        .map(|a| a.to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}
