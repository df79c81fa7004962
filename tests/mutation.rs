//! Mutation testing of the front end, CIR construction and code generation: every program
//! under `tests/` (golden programs and diagnostic reports) is mutated with random token-level
//! edits, and each mutant must either compile (CIR, then LLVM IR) or be rejected with
//! diagnostics that point inside the file and render. A panic, an internal error or an empty
//! rejection is a bug; code generation refusing a program the type checker accepted is
//! counted and shown (the driver reports it as a plain error), not failed.
//!
//! The run is bounded in time (`CODON_FUZZ_SECONDS`, default 15) and seeded
//! (`CODON_FUZZ_SEED`, default fixed, so a failure found in CI reproduces). More seed programs
//! can be added with `CODON_FUZZ_EXTRA=DIR[:DIR…]` (any folder of `.py` files, searched
//! recursively; the acceptance corpus, for instance); the test never needs them. The figures
//! (inputs run, outcomes) are printed: run with `--nocapture` to see them.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use syntax::token::TokenKind;
use syntax::{FileId, SourceFile, SourceMap};

/// The target code is generated for (its triple only matters to the data layout here).
const HOST: &str = "x86_64-unknown-linux-gnu";

/// Replacement and insertion material: tokens that exercise many grammar and typing paths.
const VOCABULARY: &[&str] = &[
    "(", ")", "[", "]", "{", "}", ":", ",", ".", ";", "=", "+=", "+", "-", "*", "/", "//", "%",
    "**", "<", ">", "==", "!=", "not", "and", "or", "in", "is", "if", "else", "elif", "for",
    "while", "def", "class", "return", "yield", "lambda", "try", "except", "finally", "raise",
    "with", "as", "import", "from", "pass", "break", "continue", "global", "del", "assert", "None",
    "True", "False", "0", "1", "-1", "2.5", "\"s\"", "'t'", "f\"{x}\"", "x", "self", "print",
    "len", "range", "list", "dict", "int", "str", "float", "[]", "{}", "()", "@", "*", "\n",
    "\n    ", "    ",
];

/// Outcome counts of one run.
#[derive(Debug, Default)]
struct Figures {
    mutants: usize,
    compiled: usize,
    syntax_errors: usize,
    semantic_errors: usize,
    codegen_errors: usize,
    /// The longest time one mutant took.
    slowest: Duration,
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn stdlib() -> PathBuf {
    repo_root().join("stdlib")
}

/// Every `.py` file under `dir`, recursively, sorted.
fn programs_in(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            programs_in(&path, out);
        } else if path.extension().is_some_and(|e| e == "py") {
            out.push(path);
        }
    }
}

/// The seed programs: `tests/programs`, `tests/reports` and any `CODON_FUZZ_EXTRA` folders.
fn seeds() -> Vec<(String, String)> {
    let mut paths = Vec::new();
    programs_in(&repo_root().join("tests/programs"), &mut paths);
    programs_in(&repo_root().join("tests/reports"), &mut paths);
    if let Some(extra) = std::env::var_os("CODON_FUZZ_EXTRA") {
        for dir in std::env::split_paths(&extra) {
            programs_in(&dir, &mut paths);
        }
    }
    paths
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            Some((p.display().to_string(), text))
        })
        .collect()
}

/// The tokens of `src` that have text (not layout tokens or the end): byte range and kind.
fn tokens(src: &str) -> Vec<(usize, usize, std::mem::Discriminant<TokenKind>)> {
    syntax::lexer::tokenize(src, FileId(0))
        .tokens
        .iter()
        .filter(|t| {
            !matches!(
                t.kind,
                TokenKind::Newline | TokenKind::Indent | TokenKind::Dedent | TokenKind::Eof
            )
        })
        .map(|t| {
            let kind = std::mem::discriminant(&t.kind);
            (t.span.start as usize, t.span.end as usize, kind)
        })
        .filter(|(s, e, _)| s < e && *e <= src.len())
        .collect()
}

/// `src` with one to three random token-level edits. Half of them replace a token with
/// another of the same kind from the program (a name by a name, an operator by an operator),
/// which mostly keeps the syntax valid and so exercises the type checker; the rest delete,
/// duplicate or swap tokens, put in a token from [`VOCABULARY`] or the program, or (rarely)
/// repeat a pair of tokens thousands of times to stress the depth of every stage.
fn mutate(src: &str, rng: &mut fastrand::Rng) -> String {
    let mut text = src.to_string();
    for _ in 0..rng.usize(1..=3) {
        let toks = tokens(&text);
        if toks.is_empty() {
            text.push_str(VOCABULARY[rng.usize(..VOCABULARY.len())]);
            continue;
        }
        let i = rng.usize(..toks.len());
        let (start, end, kind) = toks[i];
        let token = text[start..end].to_string();
        let pick = |rng: &mut fastrand::Rng| {
            let (s, e, _) = toks[rng.usize(..toks.len())];
            text[s..e].to_string()
        };
        match rng.u8(..20) {
            0 => {
                // Repeats a pair of tokens (`+ x`, `[ 1`) many times: long operator chains,
                // deep nesting, long argument lists.
                if let Some(&(_, next_end, _)) = toks.get(i + 1) {
                    let pair = format!(" {}", &text[start..next_end]);
                    text.insert_str(next_end, &pair.repeat(rng.usize(2..1000)));
                }
            }
            1..=10 => {
                let same: Vec<&(usize, usize, _)> = toks.iter().filter(|t| t.2 == kind).collect();
                let (s, e, _) = *same[rng.usize(..same.len())];
                let word = text[s..e].to_string();
                text.replace_range(start..end, &word);
            }
            11 | 12 => text.replace_range(start..end, ""),
            13 | 14 => text.insert_str(end, &format!(" {token}")),
            15 | 16 => {
                if let Some(&(next_start, next_end, _)) = toks.get(i + 1) {
                    let next = text[next_start..next_end].to_string();
                    text.replace_range(next_start..next_end, &token);
                    text.replace_range(start..end, &next);
                }
            }
            17 | 18 => {
                let word = if rng.bool() {
                    VOCABULARY[rng.usize(..VOCABULARY.len())].to_string()
                } else {
                    pick(rng)
                };
                text.replace_range(start..end, &word);
            }
            _ => {
                let word = if rng.bool() {
                    VOCABULARY[rng.usize(..VOCABULARY.len())].to_string()
                } else {
                    pick(rng)
                };
                text.insert_str(start, &format!("{word} "));
            }
        }
    }
    text
}

/// What happened to one mutant.
enum Outcome {
    Compiled,
    SyntaxError,
    SemanticError,
    /// Accepted by sema, refused by codegen (with its message).
    CodegenError(String),
}

/// Runs the front end, CIR construction and code generation (LLVM IR, unoptimized) on `src`;
/// the outcome, or what went wrong.
fn check(src: &str) -> Result<Outcome, String> {
    let caught = catch_unwind(AssertUnwindSafe(|| {
        let mut map = SourceMap::default();
        let entry = map.add(SourceFile::new("mutant.py", src));
        if let Err(diags) = syntax::parse(src, entry) {
            validate(&diags, &map)?;
            return Ok(Outcome::SyntaxError);
        }
        let opts = sema::Options {
            stdlib_dir: stdlib(),
            search_paths: Vec::new(),
        };
        match sema::compile(&mut map, entry, &opts) {
            Ok(mut module) => {
                // The passes the driver runs between sema and codegen (`@par` outlining…).
                cir::passes::standard().run(&mut module, &mut cir::NoRealizer);
                let text = cir::printer::print_module(&module);
                if text.is_empty() {
                    return Err("the CIR module prints as nothing".to_string());
                }
                let opts = codegen::Options {
                    triple: HOST.to_string(),
                    cpu: "x86-64".to_string(),
                    features: String::new(),
                    release: false,
                };
                match codegen::emit_to_string(&module, &opts, codegen::Emit::LlvmIr) {
                    Ok(_) => Ok(Outcome::Compiled),
                    Err(e) => Ok(Outcome::CodegenError(e.to_string())),
                }
            }
            Err(diags) => {
                validate(&diags, &map)?;
                Ok(Outcome::SemanticError)
            }
        }
    }));
    caught.unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        Err(format!("panic: {message}"))
    })
}

/// Diagnostics of a rejected program must exist, be errors a user can act on (not internal
/// ones), point inside their files and render as `FILE:LINE:COL: error: …`.
fn validate(diags: &[syntax::Diagnostic], map: &SourceMap) -> Result<(), String> {
    if diags.is_empty() {
        return Err("rejected without a diagnostic".into());
    }
    for d in diags {
        let Some(file) = map.files().get(d.file.0) else {
            return Err(format!(
                "diagnostic in unknown file {:?}: {}",
                d.file, d.message
            ));
        };
        if d.span.start > d.span.end || d.span.end as usize > file.text.len() {
            return Err(format!(
                "span {:?} outside {}: {}",
                d.span, file.name, d.message
            ));
        }
        if d.message.is_empty() || d.message.contains("internal error") {
            return Err(format!("internal or empty message: {:?}", d.message));
        }
        let rendered = syntax::render(d, map, false);
        let (line, col) = file.line_col(d.span.start);
        let head = format!("{}:{line}:{col}: error: ", file.name);
        if !rendered.starts_with(&head) {
            return Err(format!("rendered without {head:?}:\n{rendered}"));
        }
    }
    Ok(())
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Stack of each worker: the driver runs sema and codegen on large stacks too.
const WORKER_STACK_BYTES: usize = 512 << 20;

#[test]
fn mutants_of_every_test_program_compile_or_get_diagnostics() {
    let seeds = seeds();
    assert!(!seeds.is_empty(), "no seed programs under tests/");
    let budget = Duration::from_secs(env_number("CODON_FUZZ_SECONDS", 15));
    let seed = env_number("CODON_FUZZ_SEED", 0xC0D0_F022);
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let start = Instant::now();
    let figures = Mutex::new(Figures::default());
    let failures = Mutex::new(Vec::<String>::new());
    let refused = Mutex::new(Vec::<String>::new());

    // Panics are expected to be caught here, not printed by the default hook for each one.
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    std::thread::scope(|scope| {
        for worker in 0..workers {
            let (seeds, figures, failures, refused) = (&seeds, &figures, &failures, &refused);
            // As in the driver, the stages run on a large stack (deep programs recurse deeply).
            let worker_thread = std::thread::Builder::new().stack_size(WORKER_STACK_BYTES);
            let spawned = worker_thread.spawn_scoped(scope, move || {
                let mut rng = fastrand::Rng::with_seed(seed.wrapping_add(worker as u64));
                let mut n = worker;
                while start.elapsed() < budget {
                    let (name, text) = &seeds[n % seeds.len()];
                    n += workers;
                    let mutant = mutate(text, &mut rng);
                    let started = Instant::now();
                    let outcome = check(&mutant);
                    let mut f = figures.lock().unwrap();
                    f.mutants += 1;
                    f.slowest = f.slowest.max(started.elapsed());
                    match outcome {
                        Ok(Outcome::Compiled) => f.compiled += 1,
                        Ok(Outcome::SyntaxError) => f.syntax_errors += 1,
                        Ok(Outcome::SemanticError) => f.semantic_errors += 1,
                        Ok(Outcome::CodegenError(why)) => {
                            f.codegen_errors += 1;
                            refused.lock().unwrap().push(why);
                        }
                        Err(why) => failures.lock().unwrap().push(format!(
                            "mutant of {name} (worker {worker}, seed {seed}): {why}\n--- source:\n{mutant}"
                        )),
                    }
                }
            });
            spawned.expect("a mutation worker thread starts");
        }
    });
    std::panic::set_hook(previous_hook);

    let figures = figures.into_inner().unwrap();
    let failures = failures.into_inner().unwrap();
    println!(
        "mutation test: {} seed programs, {} mutants in {:.1}s ({} compiled, {} syntax errors, \
         {} semantic errors, {} refused by codegen; slowest {:.1}s), {} failures",
        seeds.len(),
        figures.mutants,
        start.elapsed().as_secs_f64(),
        figures.compiled,
        figures.syntax_errors,
        figures.semantic_errors,
        figures.codegen_errors,
        figures.slowest.as_secs_f64(),
        failures.len()
    );
    let mut refused = refused.into_inner().unwrap();
    refused.sort();
    refused.dedup();
    for why in refused.iter().take(10) {
        println!("  refused by codegen: {why}");
    }
    assert!(figures.mutants > 0, "no mutant ran");
    assert!(
        failures.is_empty(),
        "{} of {} mutants broke the compiler:\n\n{}",
        failures.len(),
        figures.mutants,
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
