//! Target spec files (`targets/TRIPLE.yaml`, embedded into the binary): for each supported
//! triple, what codegen compiles for and how executables are linked and run. Adding a target
//! is adding a file here and a line to [`SOURCES`].

use std::sync::OnceLock;

use serde::Deserialize;

macro_rules! spec_file {
    ($triple:literal) => {
        (
            $triple,
            include_str!(concat!("../../../targets/", $triple, ".yaml")),
        )
    };
}

/// The embedded spec files, by file name.
const SOURCES: &[(&str, &str)] = &[
    spec_file!("x86_64-unknown-linux-gnu"),
    spec_file!("aarch64-unknown-linux-gnu"),
    spec_file!("x86_64-apple-darwin"),
    spec_file!("aarch64-apple-darwin"),
    spec_file!("nvptx64-nvidia-cuda"),
];

/// One target's spec.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// The canonical triple (also the file name and the output folder name).
    pub triple: String,
    /// Other spellings accepted for `--target` (`aarch64-macos`, `arm64-apple-darwin`, …).
    #[serde(default)]
    pub aliases: Vec<String>,
    /// LLVM CPU name: a baseline of the architecture, so binaries are portable.
    pub cpu: String,
    /// LLVM target features (`+neon`), possibly empty.
    pub features: String,
    /// LLVM's data layout for the triple (checked against LLVM's in the tests).
    pub data_layout: String,
    /// `elf`, `macho` or `ptx`.
    pub object_format: String,
    /// What the target builds.
    pub output: OutputKind,
    /// How executables are linked; absent for kernel-only targets.
    pub linker: Option<LinkerSpec>,
    /// Where the garbage collector comes from.
    pub gc: GcSource,
    /// Flags for compiling the collector from source (`gc: source`).
    #[serde(default)]
    pub gc_cflags: Vec<String>,
    /// The command that runs this target's programs here (program and leading arguments), if
    /// any; the host runs its own programs directly.
    #[serde(default)]
    pub emulator: Vec<String>,
    /// What to install when the emulator is missing.
    pub emulator_install: Option<String>,
}

/// What a target produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OutputKind {
    /// Linked executables (and every other `--emit` kind).
    Executable,
    /// GPU kernels: object code, assembly or IR only.
    Kernels,
}

/// How a target's executables are linked.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkerSpec {
    pub flavour: LinkerFlavour,
    /// The target as the linker spells it (`aarch64-linux-gnu`, `aarch64-macos`).
    pub target: Option<String>,
    /// Extra linker arguments, before the objects.
    #[serde(default)]
    pub args: Vec<String>,
    /// Libraries, after the objects (`-lm`).
    #[serde(default)]
    pub libs: Vec<String>,
    /// Libraries that programs with `@par` loops link (the OpenMP runtime, libomp), after
    /// `libs`; empty when no OpenMP runtime can be linked for the target here, which makes
    /// `@par` an error. Written so that programs without `@par` do not depend on them.
    #[serde(default)]
    pub openmp_libs: Vec<String>,
    /// The only shared libraries a Mach-O executable may import symbols from.
    #[serde(default)]
    pub dylibs: Vec<String>,
    /// Files the link needs (the sysroot), each with what to install when it is missing.
    #[serde(default)]
    pub requires: Vec<Requirement>,
}

/// A file a link needs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    pub path: String,
    pub install: String,
}

/// The program that links.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LinkerFlavour {
    /// The host's C compiler driver (`clang-19`, `clang` or `cc`), for host executables.
    Cc,
    /// `clang --target=T` (with lld), against a cross sysroot the distribution installs.
    Clang,
    /// `zig cc -target T` from the `ziglang` PyPI package (`python3 -m ziglang cc`).
    Zig,
}

/// Where a target's garbage collector comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GcSource {
    /// The system's libgc (`-lgc` among the libs).
    System,
    /// Compiled for the target from the Boehm GC sources, once, then cached.
    Source,
    /// No collector (kernels).
    None,
}

/// Every spec, parsed once.
pub fn all() -> &'static [Spec] {
    static SPECS: OnceLock<Vec<Spec>> = OnceLock::new();
    SPECS.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(name, text)| {
                let spec: Spec = serde_yaml_ng::from_str(text)
                    .unwrap_or_else(|e| panic!("targets/{name}.yaml is invalid: {e}"));
                assert_eq!(
                    spec.triple, *name,
                    "targets/{name}.yaml names another triple"
                );
                spec
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spec_file_is_embedded_and_valid() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../targets");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .expect("targets/ folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".yaml").map(String::from))
            .collect();
        files.sort();
        let mut embedded: Vec<String> = all().iter().map(|s| s.triple.clone()).collect();
        embedded.sort();
        assert_eq!(files, embedded, "add new targets/*.yaml files to SOURCES");
    }

    #[test]
    fn executable_targets_have_a_linker() {
        for spec in all() {
            assert_eq!(
                spec.linker.is_some(),
                spec.output == OutputKind::Executable,
                "{}",
                spec.triple
            );
            if spec
                .linker
                .as_ref()
                .is_some_and(|l| l.flavour != LinkerFlavour::Cc)
            {
                assert!(
                    spec.linker.as_ref().unwrap().target.is_some(),
                    "{}",
                    spec.triple
                );
            }
        }
    }

    #[test]
    fn data_layouts_match_llvm() {
        for spec in all() {
            let opts = codegen::Options {
                triple: spec.triple.clone(),
                cpu: spec.cpu.clone(),
                features: spec.features.clone(),
                release: false,
            };
            let llvm = codegen::data_layout(&opts).expect("LLVM knows the target");
            assert_eq!(spec.data_layout, llvm, "{}", spec.triple);
        }
    }
}
