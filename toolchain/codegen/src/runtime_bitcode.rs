//! The C runtime (`runtime/*.c`, interface `runtime/codon_rt.h`) as LLVM bitcode, one module
//! per supported target. `build.rs` compiles it with clang; the modules are embedded in the
//! compiler, and code generation links the one for the program's target into every program.

/// The targets with an embedded runtime, as the build spells them.
pub const RUNTIME_TRIPLES: &[&str] = &[
    "x86_64-unknown-linux-gnu",
    "aarch64-unknown-linux-gnu",
    "x86_64-apple-darwin",
    "aarch64-apple-darwin",
];

/// x86-64 Linux (glibc; the runtime declares the libc functions it uses itself, so other
/// Linux C libraries work too).
static X86_64_LINUX: &[u8] = include_bytes!(concat!(
    env!("OUT_DIR"),
    "/runtime-x86_64-unknown-linux-gnu.bc"
));
/// AArch64 Linux.
static AARCH64_LINUX: &[u8] = include_bytes!(concat!(
    env!("OUT_DIR"),
    "/runtime-aarch64-unknown-linux-gnu.bc"
));
/// Intel macOS.
static X86_64_DARWIN: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/runtime-x86_64-apple-darwin.bc"));
/// Apple silicon macOS.
static AARCH64_DARWIN: &[u8] =
    include_bytes!(concat!(env!("OUT_DIR"), "/runtime-aarch64-apple-darwin.bc"));

/// The runtime bitcode for `triple`, or `None` for an unsupported target. Any spelling LLVM
/// uses for a supported target is accepted: `x86_64-pc-linux-gnu`, `arm64-apple-macosx14.0.0`,
/// `aarch64-apple-darwin23.1.0`, ...
pub fn runtime_bitcode(triple: &str) -> Option<&'static [u8]> {
    let mut parts = triple.split('-');
    let arm = match parts.next()? {
        "x86_64" | "amd64" => false,
        "aarch64" | "arm64" => true,
        _ => return None,
    };
    let rest: Vec<&str> = parts.collect();
    let linux = rest.contains(&"linux");
    let darwin = rest
        .iter()
        .any(|p| p.starts_with("darwin") || p.starts_with("macos"));
    match (arm, linux, darwin) {
        (false, true, false) => Some(X86_64_LINUX),
        (true, true, false) => Some(AARCH64_LINUX),
        (false, false, true) => Some(X86_64_DARWIN),
        (true, false, true) => Some(AARCH64_DARWIN),
        _ => None,
    }
}
