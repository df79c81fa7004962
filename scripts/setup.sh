#!/usr/bin/env bash
# Installs what building and testing codon needs on Debian 12 / Ubuntu: LLVM 19 (for inkwell and
# llvm-sys), clang-19 and lld-19 (the runtime and linking), libgc (the garbage collector every
# program links), libomp (LLVM's OpenMP runtime, which programs with `@par` loops link), the
# libraries llvm-sys links, and python3 (for the conformance script).
# Cross builds (docs/cli.md "Targets") also need: the AArch64 Linux sysroot (libc6-dev-arm64-cross,
# libgcc-12-dev-arm64-cross), qemu-user (to run AArch64 programs in tests), zig's C toolchain
# (the `ziglang` PyPI package, for macOS) and the Boehm GC sources (the `bdwgc-alloc-sys`
# crate vendors them; codon compiles the collector per cross target from them).
# Idempotent and quiet when everything is present; runs `apt-get update` only when something
# is missing. Needs root, or sudo.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

packages=(
    build-essential
    llvm-19-dev
    clang-19
    lld-19
    libpolly-19-dev
    libgc-dev
    libomp-19-dev
    libzstd-dev
    zlib1g-dev
    libxml2-dev
    libc6-dev-arm64-cross
    libgcc-12-dev-arm64-cross
    qemu-user
)

# Any python3 on PATH will do (pyenv, a venv, the system's).
command -v python3 >/dev/null 2>&1 || packages+=(python3)

APT_INSTALL_FOR=setup.sh ./scripts/apt-install.sh "${packages[@]}"
./scripts/setup-cross.sh
