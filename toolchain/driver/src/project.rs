//! A project: the folder holding `codon.yaml`, found upwards from the current folder, and the
//! layout of its outputs (`target/TRIPLE/PROFILE/NAME`).

use std::path::{Path, PathBuf};

use crate::errors::{Error, Result};
use crate::manifest::{self, Manifest, ProfileName};
use crate::target::Target;
use crate::ui::{shown, Ui};
use crate::Emit;

/// A loaded project.
#[derive(Debug)]
pub struct Project {
    /// The folder holding `codon.yaml`.
    pub root: PathBuf,
    pub manifest: Manifest,
}

impl Project {
    /// The project in the current folder or the nearest parent holding `codon.yaml`.
    pub fn find(ui: &Ui) -> Result<Self> {
        let cwd = std::env::current_dir()
            .map_err(|e| Error::msg(format!("cannot read the current folder: {e}")))?;
        let root = cwd.ancestors().find(|dir| dir.join(manifest::FILE_NAME).is_file()).ok_or_else(|| {
            Error::msg(format!("no FILE given, and no {} in {} or any parent folder", manifest::FILE_NAME, cwd.display()))
                .with_help("pass a program (`codon run prog.py`), or create a project with `codon new NAME`")
        })?;
        let manifest = Manifest::load(&root.join(manifest::FILE_NAME))?;
        ui.step(
            "Package",
            format_args!(
                "{} v{} ({})",
                manifest.package.name,
                manifest.package.version,
                root.display()
            ),
        );
        Ok(Project {
            root: root.to_path_buf(),
            manifest,
        })
    }

    /// The main module of the package's program, checked to exist.
    pub fn bin_source(&self) -> Result<PathBuf> {
        let bin = self.manifest.bin().ok_or_else(|| {
            Error::msg(format!(
                "package '{}' is a library: it has no program to run",
                self.manifest.package.name
            ))
            .with_help(format!(
                "add `bin: src/main.codon` to {}",
                manifest::FILE_NAME
            ))
        })?;
        self.existing(bin)
    }

    /// The module `codon build` compiles: the program, else the library.
    pub fn main_source(&self) -> Result<PathBuf> {
        match (self.manifest.bin(), self.manifest.lib()) {
            (None, Some(lib)) => self.existing(lib),
            _ => self.bin_source(),
        }
    }

    /// Whether the package is a library only (it builds to an object file).
    pub fn is_library(&self) -> bool {
        self.manifest.bin().is_none()
    }

    /// Where `emit` for `target` and `profile` goes: `target/TRIPLE/PROFILE/NAME[.EXT]`, its
    /// folder created.
    pub fn output_path(
        &self,
        target: &Target,
        profile: ProfileName,
        emit: Emit,
    ) -> Result<PathBuf> {
        let dir = self
            .root
            .join("target")
            .join(target.to_string())
            .join(profile.as_str());
        std::fs::create_dir_all(&dir)
            .map_err(|e| Error::msg(format!("cannot create {}: {e}", shown(&dir))))?;
        Ok(dir.join(format!(
            "{}{}",
            self.manifest.package.name,
            emit.extension()
        )))
    }

    /// The folders of the path dependencies' modules (`DEP/src`), checked to exist.
    pub fn dependency_dirs(&self) -> Result<Vec<PathBuf>> {
        let mut dirs = Vec::new();
        for (name, dep) in &self.manifest.dependencies {
            let src = self.root.join(&dep.path).join("src");
            if !src.is_dir() {
                return Err(Error::at(
                    shown(&self.root.join(manifest::FILE_NAME)),
                    format!("dependency '{name}': {} is not a folder", shown(&src)),
                )
                .with_help("a path dependency names a codon project folder (with src/)"));
            }
            dirs.push(normalize(&src));
        }
        Ok(dirs)
    }

    /// The object cache of per-module builds for `target` and `profile`.
    pub fn cache_dir(&self, target: &Target, profile: ProfileName) -> PathBuf {
        self.root
            .join("target")
            .join("cache")
            .join(target.to_string())
            .join(profile.as_str())
    }

    fn existing(&self, relative: &Path) -> Result<PathBuf> {
        let path = self.root.join(relative);
        if path.is_file() {
            Ok(path)
        } else {
            Err(Error::at(
                shown(&self.root.join(manifest::FILE_NAME)),
                format!("the package's module {} does not exist", shown(&path)),
            ))
        }
    }
}

/// `path` made absolute and free of `.`/`..` where the file system allows (as written else).
pub fn normalize(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}
