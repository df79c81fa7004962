#!/usr/bin/env bash
# From a fresh checkout to a running program: installs what is missing, builds codon (release),
# creates a sample project in a temporary folder and runs it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./scripts/setup.sh
cargo build --release -p codon
codon="$(realpath "${CARGO_TARGET_DIR:-target}")/release/codon"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$codon" new hello-demo
cd hello-demo
"$codon" run
