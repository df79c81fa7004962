#!/usr/bin/env bash
# Runs the differential fuzzer for longer than the cargo test does (docs/fuzzing.md).
#   tests/fuzz/run.sh --seconds 3600 [--seed N] [--units N] [--jobs N] [--without F,…] [--with F,…]
# Builds codon (release) first; failing programs go to tests/fuzz/out/ (not committed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
cargo build --release --quiet
exec python3 tests/fuzz/fuzz.py --codon target/release/codon --out tests/fuzz/out "$@"
