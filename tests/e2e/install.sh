#!/usr/bin/env bash
# install.sh: the install tree. `cmake --install BUILD --prefix P` gives
# P/bin/semdbg, libsemdbg.so with its soname, the public headers, semdbg.pc,
# the bundled catalog, grammars and JSON Schemas, the man pages and the bash
# completion. examples/embedding/embed.c, built with `pkg-config --cflags
# --libs semdbg`, uses the installed library to load a bundled grammar, parse,
# check and diagnose with the heartbleed harness. Then, with the tree moved
# elsewhere (a relocated install) and run from a directory outside the source
# tree: semdbg finds the catalog beside itself (a broken catalog there is the
# one it reads; --patterns and $SEMDBG_PATTERNS override it) and a bundled
# grammar by name; the library exports only what the public headers declare
# with SD_API, and every installed header compiles on its own.
# $1 = semdbg binary, $2 = build directory; runs from the project root.
set -u
root=$PWD
build=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 passed=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { passed=$((passed + 1)); }
export SEMDBG_BUILD_DIR=$build # the examples' harnesses find their programs there
unset SEMDBG_PATTERNS

cmake --install "$build" --prefix "$tmp/first" >"$tmp/install.log" 2>&1 ||
  { fail "cmake --install: $(tail -5 "$tmp/install.log")"; echo "install: 0 passed, $failures failed"; exit 1; }
P=$tmp/first
libdir=$(cd "$P" && dirname "$(find . -name 'libsemdbg.so' | head -1)")
libdir=$P/${libdir#./}
mkdir "$tmp/run"
cp examples/heartbleed/fail.txt examples/heartbleed/pass.txt "$tmp/run"

# ---- a program that embeds the library, built with pkg-config ----
if grep -q '^SEMDBG_SANITIZE:BOOL=ON' "$build/CMakeCache.txt"; then # (the library needs the sanitizers' runtime)
  echo "install: sanitized build, the embedding example is not built against it"
else
  export PKG_CONFIG_PATH=$libdir/pkgconfig
  flags=$(pkg-config --cflags --libs semdbg) || fail "pkg-config --cflags --libs semdbg"
  [[ $flags == *"-I$P/"* || $flags == *"-I$libdir/"* ]] || fail "pkg-config's flags do not point into the tree: $flags"
  cc -std=c11 -Wall -Wextra -Werror examples/embedding/embed.c $flags \
    -Wl,-rpath,"$(pkg-config --variable=libdir semdbg)" -o "$tmp/embed" 2>"$tmp/err" ||
    fail "examples/embedding/embed.c does not build: $(head -c 500 "$tmp/err")"
  if [[ -x $tmp/embed ]]; then
    ldd "$tmp/embed" | grep -q "libsemdbg.so.* => $P" || fail "embed does not use the installed library: $(ldd "$tmp/embed" | grep semdbg)"
    (cd "$tmp/run" && "$tmp/embed" heartbleed fail.txt 'str.to.int(<payload-length>) > str.len(<payload>)' \
      "$root/examples/heartbleed/harness.sh" 60) >"$tmp/out" 2>"$tmp/err"
    rc=$?
    if [[ $rc != 0 && $rc != 1 ]] || ! grep -q "grammar: $P/share/semdbg/grammars/heartbleed.bnf" "$tmp/out" ||
       ! grep -q 'parsed: fail.txt, 14 bytes' "$tmp/out" || ! grep -q 'constraint: .*: satisfied' "$tmp/out" ||
       ! grep -qE 'diagnosis: (confirmed|approximate|falls-short|none) after [0-9]+ runs' "$tmp/out"; then
      fail "embed: exit $rc: $(cat "$tmp/out") $(head -c 300 "$tmp/err")"
    else
      ok
    fi
  fi
fi


# ---- relocated: nothing below may depend on the first prefix ----
mv "$tmp/first" "$tmp/moved"
P=$tmp/moved
libdir=$tmp/moved/${libdir#"$tmp/first/"}

# ---- the tree ----
commands=$("$P/bin/semdbg" --help | sed -n '/^commands:/,/^$/p' | awk 'NF >= 2 {print $1}')
for f in bin/semdbg share/semdbg/patterns/default.toml share/semdbg/grammars/heartbleed.bnf \
         include/semdbg/semdbg.h include/semdbg/version.h share/man/man1/semdbg.1 \
         share/bash-completion/completions/semdbg; do
  [[ -e $P/$f ]] || fail "not installed: $f"
done
for cmd in $commands; do
  [[ -e $P/share/man/man1/semdbg-$cmd.1 ]] || fail "not installed: share/man/man1/semdbg-$cmd.1"
done
for h in include/semdbg/*.h; do
  [[ -e $P/$h ]] || fail "not installed: $h"
done
for s in docs/schema/*.json; do
  [[ -e $P/share/semdbg/schema/${s##*/} ]] || fail "not installed: share/semdbg/schema/${s##*/}"
done
[[ -e $libdir/pkgconfig/semdbg.pc ]] || fail "not installed: semdbg.pc in $libdir/pkgconfig"
soname=$(objdump -p "$libdir/libsemdbg.so" 2>/dev/null | awk '/SONAME/ {print $2}')
[[ $soname =~ ^libsemdbg\.so\.[0-9]+$ && -e $libdir/$soname ]] || fail "libsemdbg.so: soname '$soname'"
ls "$libdir"/libsemdbg.so.*.*.* >/dev/null 2>&1 || fail "no versioned libsemdbg.so.X.Y.Z"
! ldd "$P/bin/semdbg" | grep -q semdbg || fail "bin/semdbg links a libsemdbg: it is self-contained"
((failures == 0)) && ok

# ---- the catalog and grammars, found beside the relocated executable ----
cd "$tmp/run" || exit 1
learn() { "$P/bin/semdbg" learn --grammar heartbleed --failing fail.txt --passing pass.txt --top 1 -q "$@"; }
if learn >"$tmp/out" 2>"$tmp/err"; then ok; else fail "installed semdbg learn from $tmp: $(head -c 300 "$tmp/err")"; fi
cp "$P/share/semdbg/patterns/default.toml" "$tmp/good.toml"
echo 'this is not a catalog' >"$P/share/semdbg/patterns/default.toml"
learn >"$tmp/out" 2>"$tmp/err"
[[ $? == 2 ]] && grep -qF "$P/share/semdbg/patterns/default.toml" "$tmp/err" && ok ||
  fail "the installed semdbg does not read the catalog beside it: $(head -c 300 "$tmp/err")"
learn --patterns "$tmp/good.toml" >/dev/null 2>"$tmp/err" && ok || fail "--patterns does not override: $(head -c 300 "$tmp/err")"
SEMDBG_PATTERNS=$tmp/good.toml learn >/dev/null 2>"$tmp/err" && ok ||
  fail "\$SEMDBG_PATTERNS does not override: $(head -c 300 "$tmp/err")"
cp "$tmp/good.toml" "$P/share/semdbg/patterns/default.toml"
"$P/bin/semdbg" parse --grammar heartbleed.bnf fail.txt >"$tmp/out" 2>"$tmp/err" && grep -q '<payload-length>' "$tmp/out" &&
  ok || fail "semdbg parse --grammar heartbleed.bnf (bundled) from $tmp: $(head -c 300 "$tmp/err")"
"$P/bin/semdbg" parse --grammar nosuchgrammar fail.txt >/dev/null 2>"$tmp/err"
[[ $? == 2 ]] && ok || fail "an unknown grammar name is not an error"
cd "$root" || exit 1

# ---- the library's interface ----
sanitized=0
grep -q '^SEMDBG_SANITIZE:BOOL=ON' "$build/CMakeCache.txt" && sanitized=1
# (AddressSanitizer adds an __odr_asan.NAME indicator for each exported variable)
nm -D --defined-only "$libdir/libsemdbg.so" | awk '{print $3}' |
  if ((sanitized)); then grep -v '^__odr_asan\.'; else cat; fi | sort >"$tmp/exported"
grep -v '^sd_' "$tmp/exported" >"$tmp/foreign" && fail "libsemdbg.so exports names other than sd_*: $(head -5 "$tmp/foreign" | xargs)"
cat "$P"/include/semdbg/*.h | tr '\n' ' ' | grep -oE 'SD_API [^;{]*\bsd_[a-z0-9_]+ *[(\[]' |
  grep -oE 'sd_[a-z0-9_]+ *[(\[]$' | tr -d ' ([' | sort -u >"$tmp/declared"
comm -23 "$tmp/declared" "$tmp/exported" >"$tmp/missing"
[[ -s $tmp/missing ]] && fail "declared with SD_API but not exported: $(xargs <"$tmp/missing")"
comm -13 "$tmp/declared" "$tmp/exported" >"$tmp/extra"
[[ -s $tmp/extra ]] && fail "exported but declared in no public header: $(head -20 "$tmp/extra" | xargs)"
(($(wc -l <"$tmp/declared") >= 100)) || fail "only $(wc -l <"$tmp/declared") functions declared with SD_API"
for h in "$P"/include/semdbg/*.h; do
  echo "#include <semdbg/${h##*/}>" | cc -std=c11 -Wall -Wextra -Werror -fsyntax-only -I"$P/include" -x c - 2>"$tmp/err" ||
    fail "${h##*/} does not compile on its own: $(head -c 300 "$tmp/err")"
done
((failures == 0)) && ok

echo "install: $passed passed, $failures failed"
[[ $failures == 0 ]]
