#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are not installed yet, with apt-get
# (as root, or through sudo). Quiet and quick when all are present; runs `apt-get update`
# only when something is missing. Shared by scripts/setup.sh and bench/setup.sh.
set -euo pipefail

installed() {
    [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for p in "$@"; do
    installed "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

who="${APT_INSTALL_FOR:-apt-install.sh}"
if ! command -v apt-get >/dev/null 2>&1; then
    echo "$who: missing ${missing[*]}, and there is no apt-get here; install them by hand" >&2
    exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "$who: missing ${missing[*]}; run this script as root (no sudo found)" >&2
    exit 1
fi

echo "$who: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
