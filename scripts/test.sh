#!/usr/bin/env bash
# The project's test command (CI runs it): installs what is missing, then runs every test of
# the workspace — unit tests, driver scenarios and golden programs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
./scripts/setup.sh
cargo test --workspace "$@"
