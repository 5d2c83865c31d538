#!/usr/bin/env bash
# Build the Debian packages, check them with lintian, install them and run the
# README's first command with the installed semdbg from outside the source
# tree (what CI runs after the tests; run as root or with sudo rights, after
# scripts/setup.sh):
#   1. copy the source tree (tracked and untracked files, not the build
#      directories) to build-deb/src and run `dpkg-buildpackage -us -uc -b`
#      there with DEB_BUILD_OPTIONS="nocheck parallel=2" (the tests ran
#      before); the packages land in build-deb/, never beside the checkout;
#   2. lintian on them: any error fails;
#   3. apt-get install ./build-deb/*.deb;
#   4. from an empty directory, /usr/bin/semdbg diagnoses the Heartbleed
#      example (its program built in build/, as scripts/build.sh makes it) with
#      the bundled catalog of /usr/share/semdbg, and a program built against
#      the installed libsemdbg-dev with pkg-config runs (examples/embedding).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build-deb
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

echo "== deb: dpkg-buildpackage -us -uc -b (nocheck, 2 jobs) in build-deb/src"
rm -rf "$out"
mkdir -p "$out/src"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -c | tar -x -C "$out/src"
else # an unpacked tarball
  tar --exclude='./build*' --exclude='./obj-*' -c . | tar -x -C "$out/src"
fi
if ! (cd "$out/src" && DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1; then
  tail -40 "$out/build.log"
  echo "deb: dpkg-buildpackage failed (whole log: $out/build.log)" >&2
  exit 1
fi
ls -l "$out"/*.deb

echo "== deb: lintian"
changes=$(ls "$out"/*.changes)
set +e
lintian --fail-on error --display-info "$changes" >"$out/lintian.log" 2>&1
status=$?
set -e
grep -v 'root privileges' "$out/lintian.log" || true
if [ "$status" != 0 ]; then
  echo "deb: lintian reports errors" >&2
  exit 1
fi

echo "== deb: apt-get install"
for attempt in 1 2 3 4 5; do
  if $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends --reinstall $(ls "$out"/*.deb | grep -v -- -dbgsym_); then
    break
  fi
  [ "$attempt" = 5 ] && exit 1
  echo "deb: apt-get failed (attempt $attempt), retrying in 15 s" >&2
  sleep 15
done

echo "== deb: the README's first command with the installed semdbg, outside the source tree"
[ -x build/examples/heartbleed/heartbleed ] || scripts/build.sh build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
[ "$(command -v semdbg)" = /usr/bin/semdbg ] || { echo "deb: semdbg is $(command -v semdbg), not /usr/bin/semdbg" >&2; exit 1; }
semdbg --version
man -w semdbg-diagnose >/dev/null
set +e
SEMDBG_BUILD_DIR=$root/build semdbg --grammar "$root/grammars/heartbleed.bnf" \
  --test "$root/examples/heartbleed/harness.sh" "$root/examples/heartbleed/fail.txt" | tee report.txt
status=${PIPESTATUS[0]}
set -e
if [ "$status" != 0 ] || ! grep -q '^Diagnosis (confirmed)' report.txt; then
  echo "deb: the installed semdbg did not confirm the Heartbleed diagnosis (exit $status)" >&2
  exit 1
fi

echo "== deb: a program built against the installed library (pkg-config semdbg $(pkg-config --modversion semdbg))"
cc -Wall -Wextra -Werror "$root/examples/embedding/embed.c" $(pkg-config --cflags --libs semdbg) -o embed
cp "$root/examples/heartbleed/fail.txt" .
set +e # 0 a diagnosis, 1 none within the 150 runs
SEMDBG_BUILD_DIR=$root/build ./embed heartbleed fail.txt 'str.to.int(<payload-length>) > str.len(<payload>)' \
  "$root/examples/heartbleed/harness.sh" 150
status=$?
set -e
[ "$status" -le 1 ] || { echo "deb: embed failed (exit $status)" >&2; exit 1; }
# (ldd's output whole first: grep -q in a pipe may stop ldd with SIGPIPE, which
# pipefail turns into a failure)
libs=$(ldd embed)
grep -qE 'libsemdbg.so.0 => /(usr/)?lib/' <<<"$libs" || { echo "deb: embed does not use the installed libsemdbg: $(grep semdbg <<<"$libs")" >&2; exit 1; }
echo "== deb: built, lintian-clean (no errors), installed, and run"
