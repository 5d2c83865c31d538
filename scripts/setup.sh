#!/usr/bin/env bash
# Install what semdbg needs to build and test on Debian 12 (run as root or with sudo).
set -euo pipefail
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
# debhelper and lintian: scripts/deb.sh; python3-jsonschema: the JSON Schema
# test; groff-base: the man page test renders the pages; clang: the third
# sanitized build and the fuzz targets, libclang-rt-14-dev: its sanitizer and
# libFuzzer runtimes (only recommended by clang).
packages=(build-essential clang cmake ninja-build pkg-config python3 jq
          libz3-dev libpcre2-dev libcjson-dev libxgboost-dev
          libclang-rt-14-dev debhelper lintian python3-jsonschema groff-base)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} = 0 ] && exit 0
# apt-get fails at once when another process holds the dpkg lock: wait and retry.
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  if $SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q &&
     $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; then
    exit 0
  fi
  echo "setup: apt-get failed (attempt $attempt), retrying in 15 s" >&2
  sleep 15
done
exit 1
