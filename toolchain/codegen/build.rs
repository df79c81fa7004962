//! Compiles the C runtime (`runtime/*.c`) to LLVM bitcode for every target in
//! `RUNTIME_TRIPLES` (src/runtime_bitcode.rs) with clang, and merges each target's modules
//! with llvm-link into `$OUT_DIR/runtime-<triple>.bc`, which the compiler embeds.
//!
//! The tools come from `$CODON_CLANG` / `$CODON_LLVM_LINK`, else `clang-19` / `llvm-link-19`
//! on PATH, else /usr/lib/llvm-19/bin. Compiler flags are in `runtime/cflags.txt`.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Keep in sync with `RUNTIME_TRIPLES` in src/runtime_bitcode.rs.
const TRIPLES: [&str; 4] = [
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
    "x86_64-apple-darwin",
    "aarch64-apple-darwin",
];

const SETUP_HINT: &str = "run scripts/setup.sh to install LLVM 19, or set CODON_CLANG and \
                          CODON_LLVM_LINK to clang and llvm-link of LLVM 19";

fn main() {
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
    let runtime = manifest.join("../../runtime");
    println!("cargo:rerun-if-changed={}", runtime.display());
    println!("cargo:rerun-if-env-changed=CODON_CLANG");
    println!("cargo:rerun-if-env-changed=CODON_LLVM_LINK");

    let sources = runtime_sources(&runtime);
    let flags = runtime_cflags(&runtime);
    let clang = find_tool("CODON_CLANG", "clang-19", "/usr/lib/llvm-19/bin/clang");
    let llvm_link = find_tool(
        "CODON_LLVM_LINK",
        "llvm-link-19",
        "/usr/lib/llvm-19/bin/llvm-link",
    );

    let jobs: Vec<(&str, &Path, PathBuf)> = TRIPLES
        .iter()
        .flat_map(|&triple| {
            let dir = out_dir.join("runtime").join(triple);
            fs::create_dir_all(&dir).expect("create runtime object directory");
            sources.iter().map(move |src| {
                let stem = src.file_stem().expect("file name").to_string_lossy();
                (triple, src.as_path(), dir.join(format!("{stem}.bc")))
            })
        })
        .collect();
    run_parallel(&jobs, |(triple, src, bc)| {
        let mut cmd = Command::new(&clang);
        cmd.args(&flags)
            .args(["-target", triple, "-c", "-emit-llvm", "-o"])
            .arg(bc)
            .arg(src);
        run(cmd, &clang);
    });

    for triple in TRIPLES {
        let parts: Vec<&PathBuf> = jobs
            .iter()
            .filter(|(t, _, _)| *t == triple)
            .map(|(_, _, bc)| bc)
            .collect();
        let merged = out_dir.join(format!("runtime-{triple}.bc"));
        let mut cmd = Command::new(&llvm_link);
        cmd.args(&parts).arg("-o").arg(&merged);
        run(cmd, &llvm_link);
        strip_wrapper(&merged);
    }
}

/// The runtime's C files (sorted, so builds are reproducible); each one, and the headers and
/// flags next to them, make the build script rerun when changed.
fn runtime_sources(runtime: &Path) -> Vec<PathBuf> {
    let entries = fs::read_dir(runtime).unwrap_or_else(|e| {
        panic!(
            "cannot read the runtime sources in {}: {e}",
            runtime.display()
        )
    });
    let mut files: Vec<PathBuf> = entries.map(|e| e.expect("runtime entry").path()).collect();
    files.sort();
    for f in files.iter().filter(|f| f.is_file()) {
        println!("cargo:rerun-if-changed={}", f.display());
    }
    files.retain(|f| f.extension().is_some_and(|x| x == "c"));
    assert!(!files.is_empty(), "no C files in {}", runtime.display());
    files
}

/// `runtime/cflags.txt`: one flag per line, `#` comment lines.
fn runtime_cflags(runtime: &Path) -> Vec<String> {
    let path = runtime.join("cflags.txt");
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// The tool named by `var`, else `name` when it runs from PATH, else `fallback` when it exists.
fn find_tool(var: &str, name: &str, fallback: &str) -> PathBuf {
    if let Some(path) = env::var_os(var) {
        return PathBuf::from(path);
    }
    if Command::new(name).arg("--version").output().is_ok() {
        return PathBuf::from(name);
    }
    if Path::new(fallback).exists() {
        return PathBuf::from(fallback);
    }
    panic!("building the codon runtime needs {name} (not on PATH, not at {fallback}, {var} unset): {SETUP_HINT}");
}

/// Runs a tool and stops the build with its output when it fails.
fn run(mut cmd: Command, tool: &Path) {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!("cannot run {}: {e}; {SETUP_HINT}", tool.display());
    });
    if !out.status.success() {
        panic!(
            "{:?} failed ({}):\n{}{}",
            cmd,
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Runs `work` on every job, on as many threads as there are cores.
fn run_parallel<T: Sync>(jobs: &[T], work: impl Fn(&T) + Sync) {
    let next = AtomicUsize::new(0);
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                while let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
                    work(job);
                }
            });
        }
    });
}

/// LLVM wraps Darwin bitcode in a header (magic 0x0B17C0DE, then version, offset and size as
/// little-endian u32s); keep just the bitcode so every blob starts with "BC\xC0\xDE".
fn strip_wrapper(path: &Path) {
    let data = fs::read(path).expect("read merged runtime bitcode");
    if data.len() < 20 || data[..4] != [0xDE, 0xC0, 0x17, 0x0B] {
        return;
    }
    let field = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().unwrap()) as usize;
    let (offset, size) = (field(8), field(12));
    fs::write(path, &data[offset..offset + size]).expect("write runtime bitcode");
}
