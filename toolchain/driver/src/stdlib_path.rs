//! Finding the standard library folder (`stdlib/`, the dialect sources of builtins).

use std::path::{Path, PathBuf};

use crate::errors::{Error, Result};

/// Environment variable that names the stdlib folder explicitly.
pub const ENV: &str = "CODON_STDLIB";

/// The stdlib folder: `$CODON_STDLIB` when set; else `<exe dir>/../share/codon/stdlib` (an
/// installed toolchain); else the source tree's `stdlib/` (a toolchain run from its checkout).
pub fn find() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os(ENV) {
        let dir = PathBuf::from(dir);
        return if dir.is_dir() {
            Ok(dir)
        } else {
            Err(Error::msg(format!(
                "{ENV} is set to '{}', which is not a folder",
                dir.display()
            ))
            .with_help(format!(
                "point {ENV} at the stdlib/ folder of a codon checkout, or unset it"
            )))
        };
    }
    let installed = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|bin| bin.join("../share/codon/stdlib")));
    let source_tree = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../stdlib");
    let candidates: Vec<PathBuf> = installed.into_iter().chain([source_tree]).collect();
    candidates
        .iter()
        .find(|dir| dir.is_dir())
        .map(|dir| normalize(dir))
        .ok_or_else(|| {
            let tried: Vec<String> = candidates.iter().map(|d| d.display().to_string()).collect();
            Error::msg(format!(
                "cannot find the codon standard library (looked in {})",
                tried.join(" and ")
            ))
            .with_help(format!(
                "set {ENV} to the stdlib/ folder of a codon checkout"
            ))
        })
}

/// `dir` without `..` components where it can be resolved (for readable messages).
fn normalize(dir: &Path) -> PathBuf {
    dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf())
}
