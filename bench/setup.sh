#!/usr/bin/env bash
# Installs what bench/run.sh needs beyond scripts/setup.sh: hyperfine (the timer), GNU time
# (peak memory) and PyPy (a third column in the table), all from Debian. Idempotent and quiet
# when everything is present. Needs root, or sudo. Never run by the tests.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
APT_INSTALL_FOR=bench/setup.sh exec ./scripts/apt-install.sh hyperfine time pypy3
