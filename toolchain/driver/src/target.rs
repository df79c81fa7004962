//! Target triples: parsing `--target` and the manifest's `targets` into one of the known target
//! specs (`targets/*.yaml`, see [`crate::target_spec`]), with aliases (`aarch64-macos`,
//! `arm64-apple-darwin`) and a "did you mean" for unknown triples.

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;
use target_lexicon::{Architecture, OperatingSystem, Triple};

use crate::errors::{Error, Result};
use crate::target_spec::{self, OutputKind, Spec};

/// A compilation target (in `codon.yaml`, a triple string): one of the known specs.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(try_from = "String")]
pub struct Target {
    spec: &'static Spec,
}

impl PartialEq for Target {
    fn eq(&self, other: &Self) -> bool {
        self.spec.triple == other.spec.triple
    }
}

impl Eq for Target {}

impl Target {
    /// The machine the compiler runs on (x86-64 Linux when the host is not a known target;
    /// executables for it are then cross-linked like any other target's).
    pub fn host() -> Self {
        let host = Triple::host();
        target_spec::all()
            .iter()
            .find(|spec| same_platform(&host, spec))
            .or_else(|| target_spec::all().first())
            .map(|spec| Target { spec })
            .expect("targets/ holds at least one spec")
    }

    /// Every known target, in spec order.
    pub fn all() -> impl Iterator<Item = Target> {
        target_spec::all().iter().map(|spec| Target { spec })
    }

    /// Parses a target triple such as `aarch64-unknown-linux-gnu`, or an alias of one.
    pub fn parse(text: &str) -> Result<Self> {
        Target::try_from(text.to_string()).map_err(|message| {
            Error::msg(message).with_help("`codon targets` lists the known targets")
        })
    }

    /// The target's spec.
    pub fn spec(&self) -> &'static Spec {
        self.spec
    }

    /// Whether this is the machine the compiler runs on.
    pub fn is_host(&self) -> bool {
        *self == Target::host()
    }

    /// Whether the target links executables at all (GPU targets build kernels only).
    pub fn builds_executables(&self) -> bool {
        self.spec.output == OutputKind::Executable
    }

    /// The error for `--emit exe|obj` on a kernel-only target.
    pub fn no_executables_error(&self) -> Error {
        Error::msg(format!(
            "{self} builds GPU kernels only: there are no executables or object files for it"
        ))
        .with_help("emit PTX with `--emit asm` (or LLVM IR with --emit llvm|bc)")
    }

    /// The CPU LLVM compiles for.
    pub fn cpu(&self) -> &'static str {
        &self.spec.cpu
    }

    /// The LLVM target features.
    pub fn features(&self) -> &'static str {
        &self.spec.features
    }
}

/// Whether `triple` names the platform of `spec`: same architecture, operating system family
/// and environment, whatever the vendor or OS version (`x86_64-pc-linux-gnu`,
/// `arm64-apple-darwin23.1.0`).
fn same_platform(triple: &Triple, spec: &Spec) -> bool {
    let Ok(known) = Triple::from_str(&spec.triple) else {
        return false;
    };
    let os_family = |os: OperatingSystem| match os {
        OperatingSystem::Darwin(_) | OperatingSystem::MacOSX(_) => "darwin".to_string(),
        other => other.to_string(),
    };
    let arch = |a: Architecture| a.to_string();
    arch(triple.architecture) == arch(known.architecture)
        && os_family(triple.operating_system) == os_family(known.operating_system)
        && triple.environment == known.environment
}

/// The known triple or alias nearest to `text` by edit distance (reported as its triple).
fn closest_known(text: &str) -> &'static str {
    let text = &text.to_ascii_lowercase();
    target_spec::all()
        .iter()
        .flat_map(|spec| {
            std::iter::once(&spec.triple)
                .chain(&spec.aliases)
                .map(move |name| (edit_distance(text, name), spec.triple.as_str()))
        })
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, triple)| triple)
        .expect("targets/ holds at least one spec")
}

/// Levenshtein distance between two ASCII strings.
fn edit_distance(a: &str, b: &str) -> usize {
    let b = b.as_bytes();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.bytes().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

impl TryFrom<String> for Target {
    type Error = String;

    fn try_from(text: String) -> std::result::Result<Self, String> {
        let wanted = text.trim().to_ascii_lowercase();
        let specs = target_spec::all();
        if let Some(spec) = specs
            .iter()
            .find(|s| s.triple == wanted || s.aliases.contains(&wanted))
        {
            return Ok(Target { spec });
        }
        let closest = closest_known(&wanted);
        match Triple::from_str(&wanted) {
            Ok(triple) => specs
                .iter()
                .find(|spec| same_platform(&triple, spec))
                .map(|spec| Target { spec })
                .ok_or_else(|| format!("unsupported target '{text}'; did you mean `{closest}`?")),
            Err(e) => Err(format!(
                "invalid target triple '{text}' ({e}); did you mean `{closest}`?"
            )),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spec.triple)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn triple(text: &str) -> String {
        Target::parse(text).unwrap().to_string()
    }

    #[test]
    fn parses_canonical_triples() {
        for spec in target_spec::all() {
            assert_eq!(triple(&spec.triple), spec.triple);
        }
        assert_eq!(
            Target::parse("aarch64-apple-darwin").unwrap().cpu(),
            "apple-m1"
        );
    }

    #[test]
    fn accepts_aliases_and_other_spellings() {
        assert_eq!(triple("aarch64-macos"), "aarch64-apple-darwin");
        assert_eq!(triple("arm64-apple-darwin"), "aarch64-apple-darwin");
        assert_eq!(triple("arm64-apple-darwin23.1.0"), "aarch64-apple-darwin");
        assert_eq!(triple("x86_64-apple-macosx14.0.0"), "x86_64-apple-darwin");
        assert_eq!(triple("x86_64-pc-linux-gnu"), "x86_64-unknown-linux-gnu");
        assert_eq!(triple("AArch64-Linux-GNU"), "aarch64-unknown-linux-gnu");
    }

    #[test]
    fn unknown_triples_suggest_the_closest() {
        assert_eq!(
            closest_known("aarch64-unknown-linux-gn"),
            "aarch64-unknown-linux-gnu"
        );
        assert_eq!(closest_known("aarch46-macos"), "aarch64-apple-darwin");
        let Err(Error::User { message, help, .. }) = Target::parse("riscv64gc-unknown-linux-gnu")
        else {
            panic!("riscv64 is not a known target");
        };
        assert!(message.contains("unsupported target"), "{message}");
        assert!(message.contains("did you mean `"), "{message}");
        assert!(help.unwrap().contains("codon targets"));
        assert!(Target::parse("not-a-triple-at-all").is_err());
    }

    #[test]
    fn the_host_is_known() {
        assert!(Target::host().is_host());
        assert!(Target::host().builds_executables());
        assert!(!Target::parse("nvptx64-nvidia-cuda")
            .unwrap()
            .builds_executables());
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("same", "same"), 0);
    }
}
