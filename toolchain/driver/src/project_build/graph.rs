//! The module graph of a program: every module its main module imports, transitively, found
//! the way sema's `import` finds them, with a hash of each module's source.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use syntax::ast::{FunctionBody, Stmt, StmtKind};

use crate::errors::{Error, Result};
use crate::ui::shown;

/// One module: a unit of the per-module build.
#[derive(Debug, Clone)]
pub struct ModuleNode {
    /// The name sema gives it (see [`sema::UnitSpec::name`]).
    pub name: String,
    /// Its file (the prelude's folder for `builtins`).
    pub path: PathBuf,
    /// blake3 of its source (of all its files, for the prelude).
    pub source_hash: blake3::Hash,
    /// Indices of the modules it imports (every module also depends on the prelude, index 0).
    pub imports: BTreeSet<usize>,
}

/// Every module of one program; index 0 is the stdlib prelude, index 1 the main module.
#[derive(Debug)]
pub struct ModuleGraph {
    pub modules: Vec<ModuleNode>,
    /// The folder of the main module (imports search it from every module).
    pub program_dir: PathBuf,
}

/// Where imports are searched: besides the importer's and the program's folders.
pub struct SearchPaths<'a> {
    pub extra: &'a [PathBuf],
    pub stdlib: &'a Path,
}

impl ModuleGraph {
    /// Scans the program whose main module is `main` (absolute).
    pub fn scan(main: &Path, search: &SearchPaths) -> Result<Self> {
        let program_dir = main.parent().map(Path::to_path_buf).unwrap_or_default();
        let prelude_dir = search.stdlib.join("builtins");
        let mut graph = ModuleGraph {
            modules: vec![ModuleNode {
                name: "builtins".into(),
                path: prelude_dir.clone(),
                source_hash: hash_folder(&prelude_dir)?,
                imports: BTreeSet::new(),
            }],
            program_dir,
        };
        let mut by_name: HashMap<String, usize> = HashMap::new();
        let mut todo = vec![graph.add(&mut by_name, "__main__", main)?];
        while let Some(i) = todo.pop() {
            let path = graph.modules[i].path.clone();
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            let importer = graph.modules[i].name.clone();
            for (name, file) in graph.imports_of(&importer, &path, &dir, search) {
                let known = by_name.contains_key(&name);
                let j = graph.add(&mut by_name, &name, &file)?;
                if !known {
                    todo.push(j);
                }
                if j != i {
                    graph.modules[i].imports.insert(j);
                }
            }
        }
        Ok(graph)
    }

    fn add(
        &mut self,
        by_name: &mut HashMap<String, usize>,
        name: &str,
        path: &Path,
    ) -> Result<usize> {
        if let Some(i) = by_name.get(name) {
            return Ok(*i);
        }
        let text = std::fs::read(path)
            .map_err(|e| Error::msg(format!("cannot read {}: {e}", shown(path))))?;
        self.modules.push(ModuleNode {
            name: name.to_string(),
            path: path.to_path_buf(),
            source_hash: blake3::hash(&text),
            imports: BTreeSet::from([0]),
        });
        by_name.insert(name.to_string(), self.modules.len() - 1);
        Ok(self.modules.len() - 1)
    }

    /// The modules a file imports, as (name, file), resolved as sema resolves them. A file
    /// that does not parse imports nothing here: its unit's compile reports the error.
    fn imports_of(
        &self,
        importer: &str,
        path: &Path,
        dir: &Path,
        search: &SearchPaths,
    ) -> Vec<(String, PathBuf)> {
        let is_package = path.file_stem().is_some_and(|s| s == "__init__");
        let Ok(text) = std::fs::read_to_string(path) else {
            return vec![];
        };
        let Ok(module) = syntax::parse(&text, syntax::FileId(0)) else {
            return vec![];
        };
        let mut dirs = vec![dir.to_path_buf(), self.program_dir.clone()];
        dirs.extend(search.extra.iter().cloned());
        dirs.push(search.stdlib.to_path_buf());
        let mut found = Vec::new();
        let absolute = |name: &str, found: &mut Vec<(String, PathBuf)>| {
            let mut prefix = String::new();
            for part in name.split('.') {
                if !prefix.is_empty() {
                    prefix.push('.');
                }
                prefix.push_str(part);
                if let Some(file) = sema::find_module_file(&prefix, &dirs) {
                    found.push((prefix.clone(), file));
                }
            }
        };
        visit_stmts(&module.body, &mut |stmt| match &stmt.kind {
            StmtKind::Import(aliases) => {
                for a in aliases {
                    absolute(&a.name, &mut found);
                }
            }
            StmtKind::ImportFrom {
                module,
                names,
                level,
            } => {
                let base = module.clone().unwrap_or_default();
                let resolved = match *level {
                    0 => Some(base.clone()),
                    l => sema::resolve_relative(importer, is_package, &base, l),
                };
                if let Some(base) = resolved {
                    absolute(&base, &mut found);
                    for n in names {
                        absolute(&format!("{base}.{}", n.name), &mut found);
                    }
                    return;
                }
                let mut from = dir.to_path_buf();
                for _ in 1..*level {
                    from = from.parent().map(Path::to_path_buf).unwrap_or(from);
                }
                let target = if base.is_empty() { "__init__" } else { &base };
                if let Some(file) = sema::find_module_file(target, &[from]) {
                    found.push((file.display().to_string(), file));
                }
            }
            _ => {}
        });
        found
    }

    /// Every module `i` imports, directly or not, itself included, by index.
    pub fn closure(&self, i: usize) -> BTreeSet<usize> {
        let mut seen = BTreeSet::from([i]);
        let mut todo = vec![i];
        while let Some(j) = todo.pop() {
            for k in &self.modules[j].imports {
                if seen.insert(*k) {
                    todo.push(*k);
                }
            }
        }
        seen
    }
}

/// Calls `f` on every statement, nested ones included (imports may sit inside functions).
fn visit_stmts(stmts: &[Stmt], f: &mut impl FnMut(&Stmt)) {
    for stmt in stmts {
        f(stmt);
        match &stmt.kind {
            StmtKind::FunctionDef(def) => {
                if let FunctionBody::Stmts(body) = &def.body {
                    visit_stmts(body, f);
                }
            }
            StmtKind::ClassDef(c) => visit_stmts(&c.body, f),
            _ => stmt
                .nested_blocks()
                .into_iter()
                .for_each(|b| visit_stmts(b, f)),
        }
    }
}

/// blake3 over the names and contents of the `.codon` files of a folder, in name order.
fn hash_folder(dir: &Path) -> Result<blake3::Hash> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::msg(format!("cannot read {}: {e}", shown(dir))))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "codon"))
        .collect();
    files.sort();
    let mut h = blake3::Hasher::new();
    for f in files {
        let text =
            std::fs::read(&f).map_err(|e| Error::msg(format!("cannot read {}: {e}", shown(&f))))?;
        h.update(f.file_name().unwrap_or_default().as_encoded_bytes());
        h.update(&(text.len() as u64).to_le_bytes());
        h.update(&text);
    }
    Ok(h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }

    #[test]
    fn scans_packages_relative_and_nested_imports() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path();
        let stdlib = root.join("stdlib");
        write(&stdlib.join("builtins/00_x.codon"), "");
        write(&stdlib.join("math.codon"), "");
        write(
            &root.join("src/pkg/__init__.codon"),
            "from .inner import g\n",
        );
        write(&root.join("src/pkg/inner.codon"), "def g():\n    pass\n");
        write(&root.join("src/late.codon"), "");
        write(&root.join("src/cased.codon"), "");
        write(
            &root.join("src/main.codon"),
            "import pkg.inner\ndef f():\n    import late\nfrom math import *\nmatch 1:\n    case 1:\n        import cased\n",
        );
        let graph = ModuleGraph::scan(
            &root.join("src/main.codon"),
            &SearchPaths {
                extra: &[],
                stdlib: &stdlib,
            },
        )
        .expect("scan");
        let mut names: Vec<&str> = graph.modules.iter().map(|m| m.name.as_str()).collect();
        names.sort();
        assert_eq!(
            names,
            [
                "__main__",
                "builtins",
                "cased",
                "late",
                "math",
                "pkg",
                "pkg.inner"
            ]
        );
        let main = &graph.modules[1];
        assert_eq!(main.name, "__main__");
        assert_eq!(graph.closure(1).len(), 7);
        let pkg = graph
            .modules
            .iter()
            .position(|m| m.name == "pkg")
            .expect("pkg");
        let inner = graph
            .modules
            .iter()
            .position(|m| m.name == "pkg.inner")
            .expect("inner");
        assert!(graph.modules[pkg].imports.contains(&inner));
        assert_eq!(graph.closure(inner), BTreeSet::from([0, inner]));
    }
}
