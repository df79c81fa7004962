//! Per-module builds: one module checked with its imports and lowered as a unit, whose symbol
//! names mean the same thing in every unit that carries a copy of the same function or global.

use std::collections::HashSet;
use std::path::PathBuf;

use crate::context::{Sema, R};
use crate::defs::{FuncDefId, GlobalId, ModuleId, RealId};
use crate::types::Type;

/// The module a per-module build compiles as one unit.
#[derive(Debug, Clone)]
pub struct UnitSpec {
    /// The module's name as its importers spell it: dotted (`pkg.util`), the file path for
    /// modules only imported relatively, `__main__` for the program's main module (the unit
    /// that holds the entry point), or `builtins` for the stdlib prelude (`path` unused).
    pub name: String,
    /// The module's file (absolute, so that relative imports resolve the same in every unit).
    pub path: PathBuf,
    /// The folder of the program's main module, searched by every unit's imports.
    pub program_dir: PathBuf,
}

impl UnitSpec {
    /// Whether this is the unit of the program's main module.
    pub fn is_entry(&self) -> bool {
        self.name == "__main__"
    }

    /// Whether this is the unit of the stdlib prelude.
    pub fn is_prelude(&self) -> bool {
        self.name == "builtins"
    }
}

/// FNV-1a: a small, stable hash for symbol-name suffixes (not a cache key).
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Sema<'_> {
    /// A type spelled with the module of every class, so that equal keys mean equal types in
    /// every unit (type names alone do not say which module's `Point` is meant).
    fn type_key(&self, t: &Type) -> String {
        match self.store.resolve(t) {
            Type::Var(_) => "?".into(),
            Type::Static(n) => n.to_string(),
            Type::StaticStr(text) => format!("{text:?}"),
            Type::Class { class, args } => {
                let c = self.defs.class(class);
                let args: Vec<String> = args.iter().map(|a| self.type_key(a)).collect();
                format!(
                    "{}.{}[{}]",
                    self.defs.module(c.module).name,
                    c.name,
                    args.join(",")
                )
            }
            Type::Func { def, captured } => {
                let captured: Vec<String> = captured.iter().map(|a| self.type_key(a)).collect();
                format!("fn:{}|{}", self.def_key(def), captured.join(","))
            }
        }
    }

    /// A function definition by where it is written: module, position and name.
    fn def_key(&self, def: FuncDefId) -> String {
        let fd = self.defs.func(def);
        let owner = fd
            .class
            .map(|c| self.defs.class(c).name.clone())
            .unwrap_or_default();
        format!(
            "{}:{}:{}.{}",
            self.defs.module(fd.module).name,
            fd.ast.name.span.start,
            owner,
            fd.name
        )
    }

    /// The symbol of a realization in a per-module build: its readable name plus a hash of
    /// its definition and argument types.
    pub fn unit_func_symbol(&self, r: RealId) -> String {
        let real = &self.defs.reals[r.0 as usize];
        let args: Vec<String> = real.args.iter().map(|a| self.type_key(a)).collect();
        let key = format!(
            "{}({})|{}",
            self.def_key(real.def),
            args.join(","),
            real.name
        );
        format!("{}~{:016x}", real.name, stable_hash(&key))
    }

    /// The symbol of a global in a per-module build: its name plus a hash of the module that
    /// defines it (class variables and default values are named without their module).
    pub fn unit_global_symbol(&self, g: GlobalId) -> String {
        let name = &self.defs.globals[g.0 as usize].name;
        let class_module = self
            .defs
            .classes
            .iter()
            .find(|c| c.class_vars.values().any(|v| *v == g))
            .map(|c| self.defs.module(c.module).name.clone());
        let default_owner = || {
            self.defs
                .funcs
                .iter()
                .enumerate()
                .find(|(_, f)| f.default_globals.values().any(|v| *v == g))
                .map(|(i, _)| self.def_key(FuncDefId(i as u32)))
        };
        let origin = class_module.or_else(default_owner).unwrap_or_default();
        format!("{name}~{:016x}", stable_hash(&format!("{origin}|{name}")))
    }

    /// Whether a realization is the top-level code of a module other than `own`.
    pub fn is_other_module_init(&self, r: RealId, own: ModuleId) -> bool {
        let fd = self.defs.func(self.defs.reals[r.0 as usize].def);
        fd.module != own && fd.decorators.iter().any(|d| d == "__module_init__")
    }

    /// Loads the unit's module under the name its importers use and realizes its top-level
    /// code; returns the module and its init.
    pub fn load_unit(&mut self, spec: &UnitSpec, display: &str) -> R<(ModuleId, RealId)> {
        if spec.is_prelude() {
            let b = self.builtins;
            return Ok((b, self.module_init(b)?));
        }
        let part = self.parse_file(&spec.path, display)?;
        let dir = spec
            .path
            .parent()
            .map(|p| p.to_path_buf())
            .unwrap_or_default();
        let m = self.add_module(&spec.name, dir, vec![part])?;
        Ok((m, self.module_init(m)?))
    }
}

/// Functions of a lowered unit that need no body here: other modules' inits (their own units
/// define them) and everything the unit's own code never reaches.
pub fn bodiless(
    module: &cir::Module,
    roots: &[cir::FuncId],
    other_inits: &HashSet<cir::FuncId>,
) -> Vec<cir::FuncId> {
    let reached = module.reachable_from(roots);
    module
        .func_ids()
        .filter(|f| other_inits.contains(f) || !reached.contains(f))
        .collect()
}
