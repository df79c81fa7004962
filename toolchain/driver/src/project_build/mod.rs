//! Per-module builds of a program (projects and `codon test`): every module is a unit,
//! compiled on its own (in parallel) into the object cache under a key over everything its
//! code depends on, then linked. See docs/architecture.md, "Per-module builds".

pub mod cache;
pub mod graph;
pub mod report;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use syntax::SourceMap;

use crate::backend::{self, Settings};
use crate::errors::{Error, Result};
use crate::manifest::ProfileName;
use crate::target::Target;
use crate::ui::{shown, Ui};
use crate::{ice, link, stdlib_path};
use cache::{Cache, Lookup};
use graph::{ModuleGraph, SearchPaths};
use report::Reporter;

/// One program to build per module.
pub struct Program<'a> {
    /// The main module (absolute path).
    pub main: PathBuf,
    /// Import folders besides the main module's (dependencies' `src/`, test folders).
    pub search_paths: Vec<PathBuf>,
    pub target: &'a Target,
    pub profile: ProfileName,
    /// Whether the profile optimizes.
    pub optimize: bool,
    /// Whether optimization is whole-program, over the units' bitcode (else per unit).
    pub lto: bool,
    /// Modules compiled at once.
    pub jobs: usize,
    /// The object cache folder.
    pub cache_dir: PathBuf,
    /// The executable to write.
    pub output: PathBuf,
    /// C libraries to link (the manifest's `link` and `-l`).
    pub libs: Vec<String>,
}

/// Version of the cache's key scheme; bump when what a key covers changes.
const KEY_SCHEME: &str = "codon-unit-cache-1";

/// Builds `program`: compiles the modules whose cache entries are missing or damaged, reuses
/// the others, and links the executable.
pub fn build(ui: &Ui, reporter: &Reporter, program: &Program) -> Result<()> {
    let stdlib = stdlib_path::find()?;
    let start = Instant::now();
    let graph = ModuleGraph::scan(
        &program.main,
        &SearchPaths {
            extra: &program.search_paths,
            stdlib: &stdlib,
        },
    )?;
    let cache = Cache::open(&program.cache_dir)?;
    let compiler = compiler_identity()?;
    reporter.phase("scan", start.elapsed().as_secs_f64());

    let ext = if program.lto { "bc" } else { "o" };
    let keys: Vec<blake3::Hash> = (0..graph.modules.len())
        .map(|i| unit_key(&compiler, program, &graph, i))
        .collect();
    let mut entries: Vec<Option<PathBuf>> = Vec::new();
    let mut todo = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        let name = &graph.modules[i].name;
        match cache.lookup(key, ext) {
            Lookup::Hit(path) => {
                reporter.cached(name, false);
                entries.push(Some(path));
            }
            Lookup::Corrupt => {
                reporter.cached(name, true);
                entries.push(None);
                todo.push(i);
            }
            Lookup::Miss => {
                entries.push(None);
                todo.push(i);
            }
        }
    }
    let reused = graph.modules.len() - todo.len();
    reporter.start(todo.len(), graph.modules.len());

    let start = Instant::now();
    let job = Job {
        program,
        graph: &graph,
        stdlib: &stdlib,
        cache: &cache,
        keys: &keys,
        ext,
        reporter,
    };
    for (i, path) in job.compile_all(&todo)? {
        entries[i] = Some(path);
    }
    reporter.phase("compile", start.elapsed().as_secs_f64());

    let start = Instant::now();
    let units: Vec<PathBuf> = entries.into_iter().flatten().collect();
    let settings = Settings {
        target: program.target,
        optimize: program.optimize,
        libs: &program.libs,
    };
    let objects = if program.lto {
        let whole = blake3::hash(
            keys.iter()
                .flat_map(|k| k.as_bytes().iter().copied())
                .collect::<Vec<u8>>()
                .as_slice(),
        );
        vec![cached_or(&cache, &whole, "o", |tmp| {
            backend::link_units(&units, &settings, tmp)
        })?]
    } else {
        let runtime_key = blake3::hash(
            format!(
                "{KEY_SCHEME}|runtime|{}|{}|{}",
                compiler.to_hex(),
                program.target,
                program.optimize
            )
            .as_bytes(),
        );
        let runtime = cached_or(&cache, &runtime_key, "o", |tmp| {
            backend::emit_runtime(&settings, tmp)
        })?;
        units.into_iter().chain([runtime]).collect()
    };
    reporter.phase("optimize", start.elapsed().as_secs_f64());
    let start = Instant::now();
    link::link_executable(ui, program.target, &objects, &program.libs, &program.output)?;
    let link_seconds = start.elapsed().as_secs_f64();
    reporter.phase("link", link_seconds);
    reporter.finish(todo.len(), reused, link_seconds, &shown(&program.output));
    Ok(())
}

/// The cache entry `key`, produced by `make` into a temporary file when missing or damaged.
fn cached_or(
    cache: &Cache,
    key: &blake3::Hash,
    ext: &str,
    make: impl FnOnce(&Path) -> Result<()>,
) -> Result<PathBuf> {
    if let Lookup::Hit(path) = cache.lookup(key, ext) {
        return Ok(path);
    }
    let tmp = cache.scratch(key, ext);
    make(&tmp)?;
    cache.store(key, ext, &tmp)
}

/// The key of unit `i`: the compiler, target, profile, the unit's name and the name, path and
/// source of every module it imports, transitively (an import's source is part of the
/// importer's interface: its generic functions' bodies decide types here).
fn unit_key(
    compiler: &blake3::Hash,
    program: &Program,
    graph: &ModuleGraph,
    i: usize,
) -> blake3::Hash {
    let mut h = blake3::Hasher::new();
    let mut field = |bytes: &[u8]| {
        h.update(&(bytes.len() as u64).to_le_bytes());
        h.update(bytes);
    };
    field(KEY_SCHEME.as_bytes());
    field(compiler.as_bytes());
    field(program.target.to_string().as_bytes());
    field(program.target.cpu().as_bytes());
    field(program.profile.as_str().as_bytes());
    field(&[u8::from(program.optimize), u8::from(program.lto)]);
    field(graph.program_dir.as_os_str().as_encoded_bytes());
    for dir in &program.search_paths {
        field(dir.as_os_str().as_encoded_bytes());
    }
    field(graph.modules[i].name.as_bytes());
    let mut deps: Vec<&graph::ModuleNode> = graph
        .closure(i)
        .into_iter()
        .map(|j| &graph.modules[j])
        .collect();
    deps.sort_by(|a, b| a.name.cmp(&b.name));
    for m in deps {
        field(m.name.as_bytes());
        field(m.path.as_os_str().as_encoded_bytes());
        field(m.source_hash.as_bytes());
    }
    h.finalize()
}

/// The running compiler, by the hash of its executable: a rebuilt compiler misses the cache.
fn compiler_identity() -> Result<blake3::Hash> {
    let exe = std::env::current_exe()
        .map_err(|e| Error::msg(format!("cannot find the codon executable: {e}")))?;
    let bytes =
        std::fs::read(&exe).map_err(|e| Error::msg(format!("cannot read {}: {e}", shown(&exe))))?;
    Ok(blake3::hash(&bytes))
}

/// What every compiling thread shares.
struct Job<'a> {
    program: &'a Program<'a>,
    graph: &'a ModuleGraph,
    stdlib: &'a Path,
    cache: &'a Cache,
    keys: &'a [blake3::Hash],
    ext: &'static str,
    reporter: &'a Reporter,
}

impl Job<'_> {
    /// Compiles the units `todo` on up to `jobs` threads; their cache entries by unit. Stops at
    /// the first failure (the first in `todo` order is reported).
    fn compile_all(&self, todo: &[usize]) -> Result<Vec<(usize, PathBuf)>> {
        let next = AtomicUsize::new(0);
        let results: Mutex<Vec<(usize, Result<PathBuf>)>> = Mutex::new(Vec::new());
        let failed = std::sync::atomic::AtomicBool::new(false);
        let threads = self.program.jobs.clamp(1, todo.len().max(1));
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| loop {
                    let n = next.fetch_add(1, Ordering::SeqCst);
                    if n >= todo.len() || failed.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = todo[n];
                    let result = self.compile(i);
                    if result.is_err() {
                        failed.store(true, Ordering::SeqCst);
                    }
                    results.lock().expect("results lock").push((n, result));
                });
            }
        });
        let mut results = results.into_inner().expect("results lock");
        results.sort_by_key(|(n, _)| *n);
        results
            .into_iter()
            .map(|(n, r)| r.map(|path| (todo[n], path)))
            .collect()
    }

    /// Compiles unit `i` into the cache.
    fn compile(&self, i: usize) -> Result<PathBuf> {
        let node = &self.graph.modules[i];
        self.reporter.compiling(&node.name);
        let start = Instant::now();
        let spec = sema::UnitSpec {
            name: node.name.clone(),
            path: node.path.clone(),
            program_dir: self.graph.program_dir.clone(),
        };
        let opts = sema::Options {
            stdlib_dir: self.stdlib.to_path_buf(),
            search_paths: self.program.search_paths.clone(),
        };
        let mut map = SourceMap::default();
        let display = shown(&node.path);
        let mut module = ice::stage("sema", || {
            sema::compile_unit(&mut map, &spec, &display, &opts)
        })
        .map_err(|diags| crate::pipeline::sema_error(&diags, &map))?;
        crate::pipeline::run_passes(&mut module, &map)?;
        crate::pipeline::check_openmp(&module, self.program.target)?;
        let check = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let key = &self.keys[i];
        let tmp = self.cache.scratch(key, self.ext);
        // With LTO, units stay unoptimized bitcode: the whole program is optimized at once.
        let settings = Settings {
            target: self.program.target,
            optimize: self.program.optimize && !self.program.lto,
            libs: &self.program.libs,
        };
        let kind = if self.program.lto {
            codegen::Emit::Bitcode
        } else {
            codegen::Emit::Object
        };
        backend::emit_to_file(&module, &settings, kind, &tmp)?;
        let entry = self.cache.store(key, self.ext, &tmp)?;
        self.reporter
            .compiled(&node.name, check, start.elapsed().as_secs_f64());
        Ok(entry)
    }
}
