//! Target triples: parsing `--target` and the manifest's `targets`, and what each target
//! supports (only the host can be linked into an executable for now).

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;
use target_lexicon::{Architecture, Triple};

use crate::errors::{Error, Result};

/// The triples the toolchain is designed for (DESIGN.md "Targets"), for help messages.
const KNOWN: &[&str] = &[
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
    "aarch64-apple-darwin",
    "x86_64-apple-darwin",
    "nvptx64-nvidia-cuda",
];

/// A compilation target (in `codon.yaml`, a triple string).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub struct Target {
    triple: Triple,
}

impl Target {
    /// The machine the compiler runs on.
    pub fn host() -> Self {
        Target {
            triple: Triple::host(),
        }
    }

    /// Parses a target triple such as `aarch64-unknown-linux-gnu`.
    pub fn parse(text: &str) -> Result<Self> {
        Target::try_from(text.to_string()).map_err(Error::msg)
    }

    /// Whether executables for this target can be linked here (only the host, for now).
    pub fn can_link(&self) -> bool {
        *self == Target::host()
    }

    /// The error for linking an executable for a target that [`Target::can_link`] rejects.
    pub fn cross_link_error(&self) -> Error {
        Error::msg(format!("cannot link an executable for {self}: cross-linking is not supported yet"))
            .with_help(format!(
                "build an object file with `--emit obj` (or --emit asm|llvm|bc), or build for the host ({})",
                Target::host()
            ))
    }

    /// The CPU LLVM compiles for: a baseline of the architecture, so binaries are portable.
    pub fn cpu(&self) -> &'static str {
        match self.triple.architecture {
            Architecture::X86_64 => "x86-64",
            _ => "generic",
        }
    }
}

impl TryFrom<String> for Target {
    type Error = String;

    fn try_from(text: String) -> std::result::Result<Self, String> {
        Triple::from_str(&text)
            .map(|triple| Target { triple })
            .map_err(|e| {
                format!(
                    "invalid target triple '{text}': {e} (known targets: {})",
                    KNOWN.join(", ")
                )
            })
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.triple.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_normalizes_triples() {
        assert_eq!(
            Target::parse("x86_64-unknown-linux-gnu")
                .unwrap()
                .to_string(),
            "x86_64-unknown-linux-gnu"
        );
        assert_eq!(
            Target::parse("aarch64-apple-darwin").unwrap().cpu(),
            "generic"
        );
    }

    #[test]
    fn rejects_garbage() {
        assert!(Target::parse("not-a-triple-at-all").is_err());
    }

    #[test]
    fn only_the_host_links() {
        assert!(Target::host().can_link());
        assert!(!Target::parse("aarch64-apple-darwin").unwrap().can_link());
    }
}
