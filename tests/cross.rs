//! Cross builds from this (x86-64 Linux) machine, through the real `codon` binary:
//!
//! - every golden program (`tests/programs/**/NAME.py` with `NAME.out`) built for
//!   aarch64-unknown-linux-gnu, in debug and in release, runs under qemu-aarch64 (with the
//!   program's `.args` and `.stdin`) and prints, byte for byte, what the native build prints,
//!   with the same exit status;
//! - every golden program links for aarch64-apple-darwin and x86_64-apple-darwin in debug and
//!   in release, and such builds are Mach-O executables of the right CPU, with an `LC_MAIN`
//!   entry point at `_main`, importing only from the libraries their target spec names
//!   (libSystem);
//! - `codon targets`, `--target` errors, `run --target`, and projects' `targets:` lists.
//!
//! The tools these need (qemu-user, the AArch64 sysroot, `ziglang`, the GC sources) are
//! installed by scripts/setup.sh, which scripts/test.sh runs first: a missing tool fails the
//! test with that hint, it is never skipped.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod support;

const AARCH64_LINUX: &str = "aarch64-unknown-linux-gnu";
/// How the aarch64 spec runs programs (targets/aarch64-unknown-linux-gnu.yaml, `emulator`).
const QEMU: &[&str] = &["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"];
const SETUP_HINT: &str = "run scripts/setup.sh to install the cross-build tools";

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Builds `program` with `codon build … -o out [extra]`, failing with codon's stderr.
fn build(dir: &Path, program: &Path, out: &Path, extra: &[&str]) -> Result<(), String> {
    let mut args = vec![
        "build",
        program.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let done = support::codon(dir, &args);
    if done.status.success() && out.is_file() {
        Ok(())
    } else {
        Err(format!(
            "`codon {}` failed ({}):\n{}\n({SETUP_HINT})",
            args.join(" "),
            done.status,
            text(&done.stderr).trim_end()
        ))
    }
}

fn golden_programs() -> Vec<PathBuf> {
    fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                // `@par` programs need an OpenMP runtime, which no cross target has yet
                // (`par_loops_are_an_error_for_targets_without_openmp`).
                if path.file_name().is_some_and(|n| n == "par") {
                    continue;
                }
                collect(&path, out);
            } else if path.extension().is_some_and(|e| e == "py")
                && path.with_extension("out").is_file()
            {
                out.push(path);
            }
        }
    }
    let mut programs = Vec::new();
    collect(&support::repo().join("tests/programs"), &mut programs);
    programs.sort();
    programs
}

/// Runs `command` on `exe` with the program's `.args` and `.stdin` (else an empty stdin), in
/// the executable's folder (programs may write files); its stdout and exit status.
fn execute(prefix: &[&str], exe: &Path, program: &Path) -> Result<(Vec<u8>, Option<i32>), String> {
    let args: Vec<String> = fs::read_to_string(program.with_extension("args"))
        .map(|t| t.lines().map(String::from).collect())
        .unwrap_or_default();
    let mut cmd = match prefix.split_first() {
        Some((first, rest)) => {
            let mut cmd = Command::new(first);
            cmd.args(rest).arg(exe);
            cmd
        }
        None => Command::new(exe),
    };
    let stdin =
        fs::File::open(program.with_extension("stdin")).map_or_else(|_| Stdio::null(), Stdio::from);
    let out = cmd
        .args(&args)
        .stdin(stdin)
        .current_dir(exe.parent().unwrap_or(Path::new(".")))
        .output()
        .map_err(|e| format!("cannot run {}: {e} ({SETUP_HINT})", exe.display()))?;
    Ok((out.stdout, out.status.code()))
}

fn compare_under_qemu(program: &Path) -> Result<(), String> {
    let dir = support::temp("codon-cross-test-");
    let (native, cross) = (dir.path().join("native"), dir.path().join("cross"));
    build(dir.path(), program, &native, &[])?;
    build(dir.path(), program, &cross, &["--target", AARCH64_LINUX])?;
    let header = fs::read(&cross).map_err(|e| e.to_string())?;
    // ELF, 64-bit, e_machine 183 (EM_AARCH64).
    if header.get(..4) != Some(b"\x7fELF") || header.get(18..20) != Some(&[183, 0]) {
        return Err("the cross build is not an AArch64 ELF file".into());
    }
    let release = dir.path().join("cross-release");
    build(
        dir.path(),
        program,
        &release,
        &["--target", AARCH64_LINUX, "--release"],
    )?;
    let (want, want_code) = execute(&[], &native, program)?;
    let expected = fs::read(program.with_extension("out")).unwrap();
    for (profile, exe) in [("debug", &cross), ("release", &release)] {
        let (got, got_code) = execute(QEMU, exe, program)?;
        if want != got {
            return Err(format!(
                "{profile} output differs from the native build's:\n--- native\n{}\n--- \
                 qemu-aarch64\n{}",
                text(&want),
                text(&got)
            ));
        }
        if want_code != got_code {
            return Err(format!(
                "{profile}: exit status {got_code:?} under qemu, {want_code:?} natively"
            ));
        }
        if got != expected {
            return Err(format!("{profile} output differs from the .out file"));
        }
    }
    Ok(())
}

/// Builds `program` for both macOS triples in debug and release; each must link into a Mach-O
/// executable.
fn links_for_macos(program: &Path) -> Result<(), String> {
    let dir = support::temp("codon-cross-test-");
    for triple in ["aarch64-apple-darwin", "x86_64-apple-darwin"] {
        for profile in [&[][..], &["--release"][..]] {
            let exe = dir.path().join("prog");
            let mut extra = vec!["--target", triple];
            extra.extend(profile);
            build(dir.path(), program, &exe, &extra)?;
            let data = fs::read(&exe).map_err(|e| e.to_string())?;
            parse_macho(&data).map_err(|e| format!("{triple} {profile:?}: {e}"))?;
            fs::remove_file(&exe).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

#[test]
fn macos_golden_programs_link_in_both_profiles() {
    let programs = golden_programs();
    let failures = support::failures_in_parallel(
        &programs,
        |program| program.display().to_string(),
        |program| links_for_macos(program),
    );
    assert!(
        failures.is_empty(),
        "{} of {} programs do not link for macOS:\n{}",
        failures.len(),
        programs.len(),
        failures.join("\n")
    );
}

#[test]
fn aarch64_linux_golden_programs_match_native_under_qemu() {
    let programs = golden_programs();
    assert!(!programs.is_empty());
    let failures = support::failures_in_parallel(
        &programs,
        |program| program.display().to_string(),
        |program| compare_under_qemu(program),
    );
    assert!(
        failures.is_empty(),
        "{} of {} programs differ on aarch64:\n{}",
        failures.len(),
        programs.len(),
        failures.join("\n")
    );
}

#[test]
fn par_loops_are_an_error_for_targets_without_openmp() {
    let dir = support::temp("codon-cross-test-");
    let program = dir.path().join("p.py");
    fs::write(
        &program,
        "total = 0\n@par\nfor i in range(10):\n    total += i\nprint(total)\n",
    )
    .unwrap();
    for target in [AARCH64_LINUX, "aarch64-apple-darwin"] {
        let out = dir.path().join("p");
        let done = support::codon(
            dir.path(),
            &[
                "build",
                program.to_str().unwrap(),
                "-o",
                out.to_str().unwrap(),
                "--target",
                target,
            ],
        );
        let err = text(&done.stderr);
        assert!(!done.status.success(), "{target}: built");
        assert!(
            err.contains("p.py:2:2") && err.contains("OpenMP runtime"),
            "{target}: {err}"
        );
        assert!(!out.exists(), "{target}: left an output");
    }
}

#[test]
fn run_with_a_target_goes_through_the_emulator() {
    let dir = support::temp("codon-cross-test-");
    let program = support::repo().join("tests/programs/cross/argv_exit.py");
    let done = support::codon(
        dir.path(),
        &[
            "run",
            "--target",
            "aarch64-linux-gnu",
            program.to_str().unwrap(),
            "--",
            "4",
            "x",
        ],
    );
    assert_eq!(
        text(&done.stdout),
        "3 ['4', 'x']\n",
        "{}",
        text(&done.stderr)
    );
    assert_eq!(done.status.code(), Some(4));
}

/// The parts of a Mach-O executable the tests check.
struct MachO {
    cpu_type: u32,
    file_type: u32,
    /// `LC_MAIN`'s entry offset.
    entry_offset: Option<u64>,
    /// The `__TEXT` segment's address and file offset.
    text_segment: Option<(u64, u64)>,
    /// `LC_BUILD_VERSION`'s platform (1: macOS).
    platform: Option<u32>,
    /// Whether there is an `LC_CODE_SIGNATURE` (Apple silicon runs only signed code).
    signed: bool,
    /// `LC_LOAD_DYLINKER`'s path.
    dylinker: Option<String>,
    /// Paths of `LC_LOAD_DYLIB` commands, in order (library ordinals count from 1).
    dylibs: Vec<String>,
    /// Defined external symbols: name and address.
    defined: Vec<(String, u64)>,
    /// Undefined symbols: name and library ordinal.
    undefined: Vec<(String, u8)>,
}

const CPU_TYPE_X86_64: u32 = 0x0100_0007;
const CPU_TYPE_ARM64: u32 = 0x0100_000c;
const MH_EXECUTE: u32 = 2;

fn parse_macho(data: &[u8]) -> Result<MachO, String> {
    let u32_at = |at: usize| -> Result<u32, String> {
        data.get(at..at + 4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
            .ok_or_else(|| format!("truncated at {at}"))
    };
    let u64_at = |at: usize| -> Result<u64, String> {
        data.get(at..at + 8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap()))
            .ok_or_else(|| format!("truncated at {at}"))
    };
    let c_string = |at: usize| -> String {
        let bytes = data.get(at..).unwrap_or_default();
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        text(&bytes[..end])
    };
    if u32_at(0)? != 0xfeed_facf {
        return Err("not a 64-bit little-endian Mach-O file".into());
    }
    let mut macho = MachO {
        cpu_type: u32_at(4)?,
        file_type: u32_at(12)?,
        entry_offset: None,
        text_segment: None,
        platform: None,
        signed: false,
        dylinker: None,
        dylibs: Vec::new(),
        defined: Vec::new(),
        undefined: Vec::new(),
    };
    let mut at = 32;
    for _ in 0..u32_at(16)? {
        let (cmd, size) = (u32_at(at)?, u32_at(at + 4)? as usize);
        match cmd {
            // LC_SEGMENT_64
            0x19 if c_string(at + 8) == "__TEXT" => {
                macho.text_segment = Some((u64_at(at + 24)?, u64_at(at + 40)?));
            }
            // LC_MAIN
            0x8000_0028 => macho.entry_offset = Some(u64_at(at + 8)?),
            // LC_BUILD_VERSION
            0x32 => macho.platform = Some(u32_at(at + 8)?),
            // LC_CODE_SIGNATURE
            0x1d => macho.signed = true,
            // LC_LOAD_DYLINKER
            0xe => macho.dylinker = Some(c_string(at + u32_at(at + 8)? as usize)),
            // LC_LOAD_DYLIB
            0xc => macho.dylibs.push(c_string(at + u32_at(at + 8)? as usize)),
            // LC_SYMTAB
            0x2 => {
                let (symoff, nsyms, stroff) = (
                    u32_at(at + 8)? as usize,
                    u32_at(at + 12)?,
                    u32_at(at + 16)? as usize,
                );
                for i in 0..nsyms as usize {
                    let entry = symoff + i * 16;
                    let name = c_string(stroff + u32_at(entry)? as usize);
                    let n_type = data[entry + 4];
                    let n_desc = u16::from_le_bytes([data[entry + 6], data[entry + 7]]);
                    let external = n_type & 0x01 != 0;
                    match n_type & 0x0e {
                        0x0 if external => macho.undefined.push((name, (n_desc >> 8) as u8)),
                        0xe if external => macho.defined.push((name, u64_at(entry + 8)?)),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        at += size;
    }
    Ok(macho)
}

/// The `dylibs` the target's spec allows imports from.
fn spec_dylibs(triple: &str) -> Vec<String> {
    let path = support::repo().join(format!("targets/{triple}.yaml"));
    let spec: serde_yaml_ng::Value =
        serde_yaml_ng::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    spec["linker"]["dylibs"]
        .as_sequence()
        .expect("the macOS specs name their dylibs")
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn check_macho(triple: &str, alias: &str, cpu_type: u32) {
    let dir = support::temp("codon-cross-test-");
    let program = support::repo().join("tests/programs/cross/exceptions_floats.py");
    let exe = dir.path().join("prog");
    build(dir.path(), &program, &exe, &["--target", alias]).unwrap();
    let macho = parse_macho(&fs::read(&exe).unwrap()).unwrap();
    assert_eq!(macho.cpu_type, cpu_type, "CPU type");
    assert_eq!(macho.file_type, MH_EXECUTE, "file type");
    assert_eq!(macho.platform, Some(1), "built for macOS");
    assert_eq!(macho.dylinker.as_deref(), Some("/usr/lib/dyld"));
    if cpu_type == CPU_TYPE_ARM64 {
        assert!(
            macho.signed,
            "Apple silicon executables must be (ad-hoc) signed"
        );
    }

    let entry = macho.entry_offset.expect("an LC_MAIN entry point");
    let (text_address, text_offset) = macho.text_segment.expect("a __TEXT segment");
    let main = macho
        .defined
        .iter()
        .find(|(name, _)| name == "_main")
        .expect("a _main symbol");
    assert_eq!(
        text_address + entry - text_offset,
        main.1,
        "the entry point is _main"
    );

    let allowed = spec_dylibs(triple);
    assert!(!macho.dylibs.is_empty());
    for dylib in &macho.dylibs {
        assert!(
            allowed.contains(dylib),
            "links {dylib}, not in the spec's {allowed:?}"
        );
    }
    assert!(macho.undefined.iter().any(|(name, _)| name == "_write"));
    for (name, ordinal) in &macho.undefined {
        let from = (*ordinal as usize)
            .checked_sub(1)
            .and_then(|i| macho.dylibs.get(i));
        assert!(
            from.is_some_and(|lib| allowed.contains(lib)),
            "{name} is imported from ordinal {ordinal}, not from {allowed:?}"
        );
    }
    // The collector is linked in, not imported.
    assert!(macho.defined.iter().any(|(name, _)| name == "_GC_malloc"));
}

#[test]
fn aarch64_macos_builds_are_mach_o_executables() {
    check_macho("aarch64-apple-darwin", "arm64-apple-darwin", CPU_TYPE_ARM64);
}

#[test]
fn x86_64_macos_builds_are_mach_o_executables() {
    check_macho(
        "x86_64-apple-darwin",
        "x86_64-apple-darwin",
        CPU_TYPE_X86_64,
    );
}

#[test]
fn targets_lists_every_spec_with_what_links_here() {
    let done = support::codon(&support::repo(), &["targets"]);
    assert!(done.status.success());
    let out = text(&done.stdout);
    for spec in fs::read_dir(support::repo().join("targets")).unwrap() {
        let name = spec.unwrap().file_name().to_string_lossy().into_owned();
        let triple = name.trim_end_matches(".yaml");
        assert!(out.contains(triple), "{triple} missing from:\n{out}");
    }
    let line = |triple: &str| {
        out.lines()
            .find(|l| l.starts_with(triple))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        line(AARCH64_LINUX).contains("link: yes"),
        "{out}\n{SETUP_HINT}"
    );
    assert!(
        line(AARCH64_LINUX).contains("run: yes (qemu-aarch64)"),
        "{out}"
    );
    assert!(
        line("aarch64-apple-darwin").contains("link: yes"),
        "{out}\n{SETUP_HINT}"
    );
    assert!(
        line("nvptx64-nvidia-cuda").contains("kernels only"),
        "{out}"
    );
}

#[test]
fn unknown_targets_name_the_closest_one() {
    let dir = support::temp("codon-cross-test-");
    fs::write(dir.path().join("p.py"), "print(1)\n").unwrap();
    let done = support::codon(
        dir.path(),
        &["build", "p.py", "--target", "aarch64-apple-darwn"],
    );
    assert_eq!(done.status.code(), Some(1));
    let err = text(&done.stderr);
    assert!(err.contains("did you mean `aarch64-apple-darwin`"), "{err}");
    let done = support::codon(
        dir.path(),
        &["build", "p.py", "--target", "riscv64gc-unknown-linux-gnu"],
    );
    assert!(
        text(&done.stderr).contains("unsupported target"),
        "{}",
        text(&done.stderr)
    );
    for emit in ["exe", "obj"] {
        let done = support::codon(
            dir.path(),
            &[
                "build",
                "p.py",
                "--target",
                "nvptx64-nvidia-cuda",
                "--emit",
                emit,
            ],
        );
        assert_eq!(done.status.code(), Some(1));
        assert!(
            text(&done.stderr).contains("kernels only"),
            "{}",
            text(&done.stderr)
        );
    }
    assert!(!dir.path().join("p").exists());
}

#[test]
fn ptx_assembly_for_kernels_target() {
    let dir = support::temp("codon-cross-test-");
    fs::write(dir.path().join("k.py"), "x = 1\n").unwrap();
    let done = support::codon(
        dir.path(),
        &["build", "k.py", "--target", "nvptx64", "--emit", "asm"],
    );
    assert!(done.status.success(), "{}", text(&done.stderr));
    assert!(
        text(&done.stdout).contains(".target sm_70"),
        "{}",
        text(&done.stdout)
    );
}

#[test]
fn projects_build_each_manifest_target_in_its_own_folder() {
    let dir = support::temp("codon-cross-test-");
    fs::write(
        dir.path().join("codon.yaml"),
        "package: {name: app, version: '0.1.0'}\nbin: src/main.codon\ntargets: [x86_64-unknown-linux-gnu, aarch64-linux-gnu]\n",
    )
    .unwrap();
    fs::create_dir(dir.path().join("src")).unwrap();
    fs::write(
        dir.path().join("src/main.codon"),
        "print('hi from', 6 * 7)\n",
    )
    .unwrap();
    let done = support::codon(dir.path(), &["build"]);
    assert!(done.status.success(), "{}", text(&done.stderr));
    let native = dir.path().join("target/x86_64-unknown-linux-gnu/debug/app");
    let cross = dir
        .path()
        .join("target/aarch64-unknown-linux-gnu/debug/app");
    let (want, _) = execute(&[], &native, &native).unwrap();
    let (got, _) = execute(QEMU, &cross, &cross).unwrap();
    assert_eq!(text(&want), "hi from 42\n");
    assert_eq!(want, got);

    let done = support::codon(dir.path(), &["run", "--target", AARCH64_LINUX, "--release"]);
    assert_eq!(text(&done.stdout), "hi from 42\n", "{}", text(&done.stderr));
    assert!(dir
        .path()
        .join("target/aarch64-unknown-linux-gnu/release/app")
        .is_file());
}

#[test]
fn all_targets_builds_every_executable_target() {
    let dir = support::temp("codon-cross-test-");
    fs::write(dir.path().join("p.py"), "print(2)\n").unwrap();
    let done = support::codon(
        dir.path(),
        &["build", "p.py", "--all-targets", "--emit", "obj"],
    );
    assert!(done.status.success(), "{}", text(&done.stderr));
    for triple in [
        "x86_64-unknown-linux-gnu",
        AARCH64_LINUX,
        "x86_64-apple-darwin",
        "aarch64-apple-darwin",
    ] {
        assert!(
            dir.path().join(format!("p-{triple}.o")).is_file(),
            "{triple}"
        );
    }
    assert!(!dir.path().join("p-nvptx64-nvidia-cuda.o").exists());
}
