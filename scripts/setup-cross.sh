#!/usr/bin/env bash
# The non-apt part of what cross builds need (called by setup.sh; docs/cli.md "Targets"):
# - zig's C toolchain, from the `ziglang` PyPI package: codon links macOS programs with
#   `python3 -m ziglang cc`, which ships the macOS SDK stubs (libSystem) and a Mach-O linker;
# - the Boehm GC sources, from the `bdwgc-alloc-sys` crate on crates.io (it vendors bdwgc
#   8.3.0): codon compiles the collector once per cross target from them and caches it.
# Idempotent and quiet when both are present.
set -euo pipefail

GC_CRATE=bdwgc-alloc-sys
GC_CRATE_VERSION=0.6.16
codon_home="${CODON_HOME:-$HOME/.codon}"
gc_src="$codon_home/src/$GC_CRATE-$GC_CRATE_VERSION"

if ! python3 -c 'import ziglang' >/dev/null 2>&1; then
    echo "setup-cross.sh: installing ziglang (pip)" >&2
    python3 -m pip install -q ziglang 2>/dev/null ||
        python3 -m pip install -q --break-system-packages ziglang
fi

if [ ! -f "$gc_src/vendor/bdwgc/extra/gc.c" ]; then
    echo "setup-cross.sh: fetching the Boehm GC sources ($GC_CRATE $GC_CRATE_VERSION, crates.io)" >&2
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    mkdir -p "$scratch/src"
    cat >"$scratch/Cargo.toml" <<EOF
[package]
name = "fetch-gc"
version = "0.0.0"
edition = "2021"

[dependencies]
$GC_CRATE = { version = "=$GC_CRATE_VERSION", default-features = false }
EOF
    : >"$scratch/src/lib.rs"
    # cargo fetch downloads (and checks the checksum of) the .crate into cargo's registry cache.
    (cd "$scratch" && cargo fetch -q)
    crate="$(ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/"$GC_CRATE-$GC_CRATE_VERSION.crate" | head -n 1)"
    mkdir -p "$codon_home/src"
    tar -xzf "$crate" -C "$scratch"
    rm -rf "$gc_src"
    mv "$scratch/$GC_CRATE-$GC_CRATE_VERSION" "$gc_src"
fi
