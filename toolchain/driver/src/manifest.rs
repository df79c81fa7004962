//! `codon.yaml`, the project manifest: its schema, and errors located at `FILE:LINE:COL`
//! (an unknown key also gets the closest known key as a suggestion).
//!
//! ```yaml
//! package:
//!   name: hello
//!   version: 0.1.0
//! bin: src/main.codon          # the program; default src/main.codon unless `lib` is given
//! lib: src/lib.codon           # a library module instead of (or beside) a program
//! targets: [x86_64-unknown-linux-gnu]   # default targets of `codon build`
//! dependencies:               # other codon projects, by path: their src/ is importable
//!   geometry: {path: ../geometry}
//! profiles:
//!   release:
//!     optimize: true           # debug: false, release: true by default
//!     lto: true                # release: whole-program optimization over cached bitcode
//!     debug-info: false
//! gpu:
//!   arch: sm_80                # the CUDA architecture of GPU kernels
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer};

use crate::errors::{Error, Result};
use crate::target::Target;
use crate::ui::shown;

/// The manifest's file name.
pub const FILE_NAME: &str = "codon.yaml";

/// The program built when the manifest names neither `bin` nor `lib`.
const DEFAULT_BIN: &str = "src/main.codon";

/// A parsed `codon.yaml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    pub package: Package,
    /// The program's main module, relative to the project folder.
    bin: Option<PathBuf>,
    /// The library's main module, relative to the project folder.
    lib: Option<PathBuf>,
    /// Targets `codon build` builds when no `--target` is given (empty: the host).
    #[serde(default)]
    pub targets: Vec<Target>,
    #[serde(default)]
    profiles: Profiles,
    /// Path dependencies: other codon projects whose `src/` modules this one imports.
    #[serde(default)]
    pub dependencies: BTreeMap<String, Dependency>,
    /// GPU settings of `@gpu.kernel` code.
    pub gpu: Option<Gpu>,
    /// C libraries the program links (`link: [m, z]`: `-lm -lz`), for `from C import`.
    #[serde(default)]
    pub link: Vec<String>,
}

/// One dependency in `dependencies`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dependency {
    /// The dependency's project folder, relative to this manifest's folder.
    pub path: PathBuf,
}

/// The `gpu` section.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    /// CUDA architecture (`sm_80`) kernels are compiled for.
    pub arch: String,
}

/// The `package` section.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Package {
    /// Package name: also the name of the executable.
    #[serde(deserialize_with = "package_name")]
    pub name: String,
    pub version: String,
}

/// The `profiles` section: settings of the `debug` and `release` builds.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Profiles {
    debug: Option<Profile>,
    release: Option<Profile>,
}

/// One build profile.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "kebab-case")]
struct Profile {
    /// Run LLVM's optimization pipeline.
    optimize: Option<bool>,
    /// Optimize the whole program over the modules' cached bitcode (with `optimize`).
    lto: Option<bool>,
    /// Emit debug information.
    debug_info: Option<bool>,
}

/// The two build profiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileName {
    Debug,
    Release,
}

impl ProfileName {
    /// `release` when `release` is set, else `debug`.
    pub fn pick(release: bool) -> Self {
        if release {
            ProfileName::Release
        } else {
            ProfileName::Debug
        }
    }

    /// The name used in paths (`target/TRIPLE/debug/…`).
    pub fn as_str(self) -> &'static str {
        match self {
            ProfileName::Debug => "debug",
            ProfileName::Release => "release",
        }
    }
}

impl Manifest {
    /// Reads and checks the manifest at `path`.
    pub fn load(path: &Path) -> Result<Self> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::at(shown(path), format!("cannot read the manifest: {e}")))?;
        Manifest::parse(&text, path)
    }

    /// Parses manifest text; `path` is only for messages.
    pub fn parse(text: &str, path: &Path) -> Result<Self> {
        serde_yaml_ng::from_str(text).map_err(|e| yaml_error(path, &e))
    }

    /// The program's main module relative to the project folder; `None` for a library only.
    pub fn bin(&self) -> Option<&Path> {
        match (&self.bin, &self.lib) {
            (Some(bin), _) => Some(bin),
            (None, Some(_)) => None,
            (None, None) => Some(Path::new(DEFAULT_BIN)),
        }
    }

    /// The library's main module relative to the project folder, if any.
    pub fn lib(&self) -> Option<&Path> {
        self.lib.as_deref()
    }

    /// Whether optimized builds with `profile` optimize the whole program at once (default)
    /// rather than each module alone.
    pub fn lto(&self, profile: ProfileName) -> bool {
        self.profile(profile).and_then(|p| p.lto).unwrap_or(true)
    }

    /// Whether `profile` asks for debug information (not generated yet: the driver warns).
    pub fn debug_info(&self, profile: ProfileName) -> bool {
        self.profile(profile)
            .and_then(|p| p.debug_info)
            .unwrap_or(false)
    }

    fn profile(&self, profile: ProfileName) -> Option<&Profile> {
        match profile {
            ProfileName::Debug => self.profiles.debug.as_ref(),
            ProfileName::Release => self.profiles.release.as_ref(),
        }
    }

    /// Whether builds with `profile` run LLVM's optimizer.
    pub fn optimize(&self, profile: ProfileName) -> bool {
        let (settings, default) = match profile {
            ProfileName::Debug => (&self.profiles.debug, false),
            ProfileName::Release => (&self.profiles.release, true),
        };
        settings
            .as_ref()
            .and_then(|p| p.optimize)
            .unwrap_or(default)
    }
}

/// Checks a package name: a letter or `_`, then letters, digits, `_` and `-`.
pub fn check_name(name: &str) -> std::result::Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    if first_ok && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        Ok(())
    } else {
        Err(format!(
            "invalid package name '{name}': use a letter or '_' followed by letters, digits, '_' or '-'"
        ))
    }
}

fn package_name<'de, D: Deserializer<'de>>(d: D) -> std::result::Result<String, D::Error> {
    let name = String::deserialize(d)?;
    check_name(&name).map_err(serde::de::Error::custom)?;
    Ok(name)
}

/// A YAML or schema error as a located driver error.
fn yaml_error(path: &Path, e: &serde_yaml_ng::Error) -> Error {
    let mut text = e.to_string();
    let location = match e.location() {
        Some(l) => {
            text = text.replacen(
                &format!(" at line {} column {}", l.line(), l.column()),
                "",
                1,
            );
            format!("{}:{}:{}", shown(path), l.line(), l.column())
        }
        None => shown(path),
    };
    match unknown_key(&text) {
        Some(u) => {
            let section = u.section.map(|s| format!(" in '{s}'")).unwrap_or_default();
            let err = Error::at(location, format!("unknown key '{}'{section}", u.key));
            match closest(&u.key, &u.expected) {
                Some(best) => err.with_help(format!("did you mean '{best}'?")),
                None if u.expected.is_empty() => err,
                None => err.with_help(format!("known keys: {}", u.expected.join(", "))),
            }
        }
        None => Error::at(location, text),
    }
}

/// The parts of serde's "unknown field" message.
#[derive(Debug, PartialEq)]
struct UnknownKey {
    /// Where the key is (`package`, `profiles.release`); `None` at the top level.
    section: Option<String>,
    key: String,
    expected: Vec<String>,
}

/// Recognizes serde's `[PATH: ]unknown field `KEY`, expected one of `A`, `B`` message.
fn unknown_key(message: &str) -> Option<UnknownKey> {
    const MARK: &str = "unknown field `";
    let at = message.find(MARK)?;
    let section = message[..at].strip_suffix(": ").map(str::to_string);
    let rest = &message[at + MARK.len()..];
    let (key, expected) = rest.split_once('`')?;
    let expected = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    Some(UnknownKey {
        section,
        key: key.to_string(),
        expected,
    })
}

/// The known key nearest to `key` in edit distance, when near enough to be a typo (two edits,
/// or a third of the key's length when longer, and never the whole key).
fn closest<'a>(key: &str, known: &'a [String]) -> Option<&'a str> {
    let len = key.chars().count();
    let limit = (len / 3).max(2);
    known
        .iter()
        .map(|k| (edit_distance(key, k), k))
        .filter(|(d, _)| *d <= limit && *d < len)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.as_str())
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (row[j + 1] + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Manifest> {
        Manifest::parse(text, Path::new("codon.yaml"))
    }

    fn user_error(e: Error) -> (String, String, Option<String>) {
        match e {
            Error::User {
                location,
                message,
                help,
            } => (location.unwrap_or_default(), message, help),
            other => panic!("not a user error: {other:?}"),
        }
    }

    #[test]
    fn minimal_manifest_defaults() {
        let m = parse("package:\n  name: hello\n  version: 0.1.0\n").unwrap();
        assert_eq!(m.package.name, "hello");
        assert_eq!(m.bin(), Some(Path::new("src/main.codon")));
        assert_eq!(m.lib(), None);
        assert!(m.targets.is_empty());
        assert!(!m.optimize(ProfileName::Debug));
        assert!(m.optimize(ProfileName::Release));
    }

    #[test]
    fn full_manifest() {
        let m = parse(
            "package: {name: lib_x, version: '1.2'}\nlib: src/lib.codon\ntargets: [aarch64-apple-darwin]\nprofiles:\n  debug:\n    optimize: true\n",
        )
        .unwrap();
        assert_eq!(m.bin(), None);
        assert_eq!(m.lib(), Some(Path::new("src/lib.codon")));
        assert_eq!(m.targets[0].to_string(), "aarch64-apple-darwin");
        assert!(m.optimize(ProfileName::Debug));
    }

    #[test]
    fn unknown_key_is_located_with_a_suggestion() {
        let (loc, msg, help) =
            user_error(parse("package:\n  nmae: hello\n  version: 0.1.0\n").unwrap_err());
        assert_eq!(loc, "codon.yaml:2:3");
        assert_eq!(msg, "unknown key 'nmae' in 'package'");
        assert_eq!(help.as_deref(), Some("did you mean 'name'?"));
    }

    #[test]
    fn unknown_top_level_key_lists_known_keys() {
        let (loc, msg, help) =
            user_error(parse("package: {name: a, version: '1'}\nzzz: 1\n").unwrap_err());
        assert_eq!(loc, "codon.yaml:2:1");
        assert_eq!(msg, "unknown key 'zzz'");
        assert_eq!(
            help.as_deref(),
            Some("known keys: package, bin, lib, targets, profiles, dependencies, gpu, link")
        );
    }

    #[test]
    fn bad_values_are_located() {
        let (loc, msg, _) =
            user_error(parse("package:\n  name: 'no spaces'\n  version: '1'\n").unwrap_err());
        assert_eq!(loc, "codon.yaml:2:3");
        assert!(msg.contains("invalid package name 'no spaces'"), "{msg}");
        let (loc, msg, _) =
            user_error(parse("package: {name: a, version: '1'}\ntargets: [bogus-]\n").unwrap_err());
        assert!(loc.starts_with("codon.yaml:2:"), "{loc}");
        assert!(msg.contains("invalid target triple 'bogus-'"), "{msg}");
    }

    #[test]
    fn malformed_yaml_is_located() {
        let (loc, msg, _) =
            user_error(parse("package:\n  name: a\n  version: 1\n\tbin: x\n").unwrap_err());
        assert_eq!(loc, "codon.yaml:4:1");
        assert!(
            msg.starts_with("found a tab character that violates indentation"),
            "{msg}"
        );
    }

    #[test]
    fn dependencies_profiles_and_gpu() {
        let m = parse(
            "package: {name: a, version: '1'}\ndependencies:\n  geo: {path: ../geo}\nprofiles:\n  release: {lto: false, debug-info: true}\ngpu: {arch: sm_80}\n",
        )
        .unwrap();
        assert_eq!(m.dependencies["geo"].path, Path::new("../geo"));
        assert_eq!(m.gpu.as_ref().map(|g| g.arch.as_str()), Some("sm_80"));
        assert!(m.optimize(ProfileName::Release));
        let (loc, msg, help) = user_error(
            parse("package: {name: a, version: '1'}\ndependencies:\n  geo: {pth: ../geo}\n")
                .unwrap_err(),
        );
        assert_eq!(loc, "codon.yaml:3:9");
        assert_eq!(msg, "unknown key 'pth' in 'dependencies.geo'");
        assert_eq!(help.as_deref(), Some("did you mean 'path'?"));
    }

    #[test]
    fn names() {
        assert!(check_name("hello-demo_2").is_ok());
        assert!(check_name("2fast").is_err());
        assert!(check_name("").is_err());
        assert!(check_name("a/b").is_err());
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("nmae", "name"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(
            closest("versoin", &["name".into(), "version".into()]),
            Some("version")
        );
        assert_eq!(closest("zzz", &["name".into()]), None);
    }
}
