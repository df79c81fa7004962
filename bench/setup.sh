#!/usr/bin/env bash
# Installs what bench/run.sh needs beyond scripts/setup.sh: hyperfine (the timer), GNU time
# (peak memory) and PyPy (a third column in the table), all from Debian. Idempotent and quiet
# when everything is present; runs `apt-get update` only when something is missing. Needs
# root, or sudo. Never run by the tests.
set -euo pipefail

packages=(hyperfine time pypy3)

installed() {
    [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for p in "${packages[@]}"; do
    installed "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "bench/setup.sh: missing ${missing[*]}, and there is no apt-get here; install them by hand" >&2
    exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "bench/setup.sh: missing ${missing[*]}; run this script as root (no sudo found)" >&2
    exit 1
fi

echo "bench/setup.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
