//! The Boehm garbage collector for targets with no libgc to link (`gc: source` in the spec:
//! macOS, and Linux cross targets, whose distributions ship no libgc for them outside
//! multiarch). Like Zig's libc for foreign targets, it is compiled on first use with the
//! target's own C compiler from the collector's sources (bdwgc, fetched by
//! scripts/setup-cross.sh from the `bdwgc-alloc-sys` crate), then cached per target and per
//! compile command under `$CODON_HOME/gc/` (default `~/.codon`).

use std::collections::hash_map::DefaultHasher;
use std::ffi::OsString;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::errors::{Error, Result};
use crate::target::Target;
use crate::target_spec::GcSource;
use crate::ui::Ui;

/// Names the bdwgc source folder (the one holding `extra/gc.c`) explicitly.
pub const SOURCE_ENV: &str = "CODON_GC_SOURCE";
/// The folder for codon's downloaded sources and built collectors.
pub const HOME_ENV: &str = "CODON_HOME";
/// Where scripts/setup-cross.sh puts the sources, under `$CODON_HOME/src` (keep in sync).
const SOURCE_DIR: &str = "bdwgc-alloc-sys-0.6.16/vendor/bdwgc";

/// The collector compiled for `target` (an object file to link), or `None` when the target
/// links the system's libgc.
pub fn collector_object(
    ui: &Ui,
    target: &Target,
    compiler: &[OsString],
) -> Result<Option<PathBuf>> {
    if target.spec().gc != GcSource::Source {
        return Ok(None);
    }
    let source = source_dir()?;
    let mut args: Vec<OsString> = compiler[1..].to_vec();
    args.extend(target.spec().gc_cflags.iter().map(OsString::from));
    args.push("-I".into());
    args.push(source.join("include").into());
    args.extend(["-w".into(), "-c".into()]);
    args.push(source.join("extra/gc.c").into());

    let mut hasher = DefaultHasher::new();
    (&compiler[0], &args).hash(&mut hasher);
    let dir = codon_home()?.join("gc").join(target.to_string());
    let object = dir.join(format!("gc-{:016x}.o", hasher.finish()));
    if object.is_file() {
        return Ok(Some(object));
    }
    std::fs::create_dir_all(&dir)
        .map_err(|e| Error::msg(format!("cannot create {}: {e}", dir.display())))?;
    // Concurrent builds each compile to their own file; the rename makes one of them the entry.
    let partial = dir.join(format!("gc-{}.o.partial", std::process::id()));
    ui.status(format_args!(
        "Compiling the garbage collector for {target} (once)"
    ));
    let start = Instant::now();
    let out = Command::new(&compiler[0])
        .args(&args)
        .arg("-o")
        .arg(&partial)
        .output()
        .map_err(|e| Error::msg(format!("cannot run {}: {e}", compiler[0].to_string_lossy())))?;
    if !out.status.success() {
        let _ = std::fs::remove_file(&partial);
        return Err(Error::msg(format!(
            "compiling the garbage collector for {target} failed:\n{}",
            String::from_utf8_lossy(&out.stderr).trim_end()
        ))
        .with_help("run scripts/setup.sh to install the cross toolchains and GC sources"));
    }
    std::fs::rename(&partial, &object)
        .map_err(|e| Error::msg(format!("cannot write {}: {e}", object.display())))?;
    ui.timed("gc", start);
    Ok(Some(object))
}

/// Whether the collector for `target` can be had (its sources are present when it is built
/// from source).
pub fn check_available(target: &Target) -> Result<()> {
    match target.spec().gc {
        GcSource::Source => source_dir().map(|_| ()),
        GcSource::System | GcSource::None => Ok(()),
    }
}

/// The bdwgc source folder: `$CODON_GC_SOURCE`, else where setup-cross.sh puts it.
fn source_dir() -> Result<PathBuf> {
    let dir = match std::env::var_os(SOURCE_ENV) {
        Some(dir) => PathBuf::from(dir),
        None => codon_home()?.join("src").join(SOURCE_DIR),
    };
    if dir.join("extra/gc.c").is_file() {
        Ok(dir)
    } else {
        Err(Error::msg(format!(
            "the Boehm GC sources are not in {} (no extra/gc.c)",
            dir.display()
        ))
        .with_help(format!(
            "run scripts/setup.sh (it fetches them), or set {SOURCE_ENV} to a bdwgc source folder"
        )))
    }
}

/// `$CODON_HOME`, else `~/.codon`.
fn codon_home() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os(HOME_ENV) {
        return Ok(PathBuf::from(dir));
    }
    std::env::var_os("HOME")
        .map(|home| Path::new(&home).join(".codon"))
        .ok_or_else(|| {
            Error::msg("neither CODON_HOME nor HOME is set")
                .with_help(format!("set {HOME_ENV} to a folder codon may write to"))
        })
}
