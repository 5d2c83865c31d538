#!/usr/bin/env bash
# run.sh: end-to-end tests of `semdbg run` with tests/harnesses/behave.sh (a
# harness that acts out its input): the verdict table and --json, the same
# results with -j1 and -j4, exit statuses (0 ran, 2 usage, 3 harness error)
# and messages, --stdin/--reference/--fail-on through the CLI, cleanup of the
# temporary directory and of processes, also when semdbg gets SIGINT/SIGTERM.
# $1 = semdbg binary, $2 = build directory; run from the project root.
set -u
SEMDBG=$1
BUILD=$2
H=tests/harnesses/behave.sh
work=$(mktemp -d "$BUILD/e2e-run.XXXXXX")
export TMPDIR=$work/tmp MARKER_DIR=$work/marks
mkdir -p "$TMPDIR" "$MARKER_DIR" "$work/in"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# pid gone, or a zombie waiting for init; waits up to 3 s
gone() {
  for _ in $(seq 60); do
    [ -e "/proc/$1" ] || return 0
    [ "$(sed 's/.*) //' "/proc/$1/stat" | cut -c1)" = Z ] && return 0
    sleep 0.05
  done
  return 1
}
check_markers() {
  for f in "$MARKER_DIR"/*; do
    [ -e "$f" ] || continue
    for p in $(cat "$f"); do gone "$p" || { fail "process $p ($(basename "$f")) left behind"; kill -9 "$p"; }; done
    rm -f "$f"
  done
}
check_tmp_empty() {
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$1: temporary files left: $(ls -A "$TMPDIR")"
}

in=$work/in
printf 'exit 0' > "$in/01-pass"
printf 'exit 42' > "$in/02-fail"
printf 'exit 125' > "$in/03-undefined"
printf 'segv' > "$in/04-segv"
printf 'hang x' > "$in/05-hang"
printf 'fork x' > "$in/06-fork"
printf 'bytes' > "$in/07-bytes"
printf 'exit 0' > "$in/08-same-as-01"
printf 'out ERROR: boom' > "$in/09-error"

# --- the table ---
out=$("$SEMDBG" run --test "$H" --timeout 0.5 -j4 "$in" 2> "$work/err")
rc=$?
[ $rc -eq 0 ] || fail "run exited $rc: $(cat "$work/err")"
expect_row() { # name verdict status kind [note]
  grep -qE "^$in/$1 +$2 +$3 +${4:+$4 +}[0-9]+\.[0-9]{3}s${5:+ +$5}\$" <<< "$out" || fail "no row '$1 $2 $3 $4 ${5:-}' in:
$out"
}
head -1 <<< "$out" | grep -qE '^INPUT +VERDICT +STATUS +KIND +TIME +NOTE$' || fail "table header: $(head -1 <<< "$out")"
expect_row 01-pass pass 'exit 0' ''
expect_row 02-fail fail 'exit 42' exit:42
expect_row 03-undefined undefined 'exit 125' ''
expect_row 04-segv fail 'signal 11 \(SEGV\)' signal:SIGSEGV
expect_row 05-hang fail 'timeout \(TERM\)' timeout
expect_row 06-fork fail 'exit 1' exit:1
expect_row 08-same-as-01 pass 'exit 0' '' cached
[ "$(wc -l <<< "$out")" -eq 10 ] || fail "expected 10 table lines"
grep -qF '9 inputs: 4 pass, 4 fail (1 exit:42, 1 signal:SIGSEGV, 1 timeout, 1 exit:1), 1 undefined; 8 runs, 1 cache hit' "$work/err" ||
  fail "summary: $(cat "$work/err")"
check_markers
check_tmp_empty table

# --- the same with -j1 (times aside) ---
strip_times() { sed -E 's/ +[0-9]+\.[0-9]{3}s/ T/'; }
out1=$("$SEMDBG" run --test "$H" --timeout 0.5 -j1 "$in" 2> /dev/null)
[ "$(strip_times <<< "$out")" = "$(strip_times <<< "$out1")" ] || fail "-j1 and -j4 differ:
$out
$out1"
check_markers

# --- JSON: valid UTF-8, fields, same with -j1 and -j4 ---
if command -v python3 > /dev/null; then
  "$SEMDBG" run --test "$H" --timeout 0.5 -j4 --json "$in" > "$work/j4.json" 2> /dev/null || fail "json run"
  "$SEMDBG" run --test "$H" --timeout 0.5 -j1 --json "$in" > "$work/j1.json" 2> /dev/null || fail "json run -j1"
  python3 - "$work/j4.json" "$work/j1.json" << 'EOF' || fail "JSON checks"
import json, sys
a = json.loads(open(sys.argv[1], 'rb').read().decode('utf-8'))  # strict UTF-8
b = json.loads(open(sys.argv[2], 'rb').read().decode('utf-8'))
byname = {x['input'].rsplit('/', 1)[1]: x for x in a}
assert len(a) == 9, len(a)
s = byname['04-segv']
assert s['verdict'] == 'fail' and s['signal'] == 11 and s['signal_name'] == 'SEGV' and s['exit_status'] is None, s
assert byname['05-hang']['timed_out'] is True
assert byname['06-fork']['stdout'] == 'forked\n'
bs = byname['07-bytes']
assert bs['stdout'] == 'ok\ufffd\ufffd\ufffdz\u00e9\n', repr(bs['stdout'])
assert bs['stdout_bytes'] == 9 and bs['stdout_truncated'] is False
assert byname['08-same-as-01']['cached'] is True
for x, y in zip(a, b):
    x.pop('seconds'); y.pop('seconds')
    assert x == y, (x, y)
EOF
fi

# --- flood: 100 MB of output does not block or fill memory ---
printf 'flood' > "$work/flood"
/usr/bin/time -f '%M' -o "$work/rss" "$SEMDBG" run --test "$H" --json "$work/flood" > "$work/flood.json" 2> /dev/null ||
  fail "flood run"
grep -q '"stdout_bytes":	100000000' "$work/flood.json" || fail "flood: stdout_bytes"
grep -q '"stdout_truncated":	true' "$work/flood.json" || fail "flood: truncated"
[ "$(cat "$work/rss")" -lt 100000 ] || fail "flood: max RSS $(cat "$work/rss") KB"

# --- --stdin, --reference, --fail-on/--pass-on through the CLI ---
printf 'echo via stdin' > "$work/stdin"
out=$("$SEMDBG" run --test "$H" --stdin --json "$work/stdin" 2> /dev/null)
grep -q '"stdout":	"via stdin\\n"' <<< "$out" || fail "--stdin: $out"
printf 'zeros 3 sama' > "$work/ref"
out=$("$SEMDBG" run --test "$H" --reference "BEHAVE_VARIANT=ref $H" "$work/ref" "$in/01-pass" 2> /dev/null)
grep -qE "ref +fail +exit 0 +reference-stdout +[0-9.]+s +stdout differs from reference$" <<< "$out" || fail "--reference: $out"
grep -qE "01-pass +pass +exit 0 +[0-9.]+s +same as reference$" <<< "$out" || fail "--reference same: $out"
out=$("$SEMDBG" run --test "$H" --reference true --compare status "$work/ref" "$in/02-fail" 2> /dev/null)
grep -qE "ref +pass " <<< "$out" || fail "--compare status: $out"
grep -qE "02-fail +fail +exit 42 +exit:42 +[0-9.]+s +status differs from reference \(exit 0\)$" <<< "$out" ||
  fail "--compare status (2): $out"
out=$("$SEMDBG" run --test "$H" --fail-on '^ERROR' --pass-on=forked --timeout=0.5 "$in/09-error" "$in/06-fork" 2> /dev/null)
grep -qE "09-error +fail +exit 0 +fail-on +[0-9.]+s +--fail-on matched$" <<< "$out" || fail "--fail-on: $out"
grep -qE "06-fork +pass +exit 1 +[0-9.]+s +--pass-on matched$" <<< "$out" || fail "--pass-on: $out"
check_markers

# --- usage errors: exit 2 with a message ---
expect_usage() { # message-regex args...
  local msg=$1
  shift
  "$SEMDBG" run "$@" > /dev/null 2> "$work/err"
  local rc=$?
  [ $rc -eq 2 ] || fail "'run $*' exited $rc, expected 2"
  grep -qE -- "$msg" "$work/err" || fail "'run $*': message '$(cat "$work/err")' does not match '$msg'"
}
expect_usage '^semdbg: run: --fail-on: bad regular expression at offset 4: missing closing parenthesis$' \
  --test "$H" --fail-on '(abc' "$in/01-pass"
expect_usage '^semdbg: run: --pass-on: bad regular expression at offset 2: ' --test "$H" --pass-on '[z' "$in/01-pass"
expect_usage 'missing --test' "$in/01-pass"
expect_usage 'no inputs' --test "$H"
expect_usage "unknown option '--frobnicate'" --test "$H" --frobnicate "$in/01-pass"
expect_usage '--timeout expects a non-negative number' --test "$H" --timeout -1 "$in/01-pass"
expect_usage '--timeout-verdict expects pass, fail or undefined' --test "$H" --timeout-verdict maybe "$in/01-pass"
expect_usage '--compare expects status, stdout or both' --test "$H" --compare all "$in/01-pass"
expect_usage 'No such file' --test "$H" "$work/nonexistent"
"$SEMDBG" run --help > "$work/help" 2>&1 || fail "run --help exited $?"
grep -q -- '--timeout-verdict' "$work/help" || fail "help lacks --timeout-verdict"

# --- harness errors: exit 3 with the harness's stderr ---
expect_harness() { # message-regex args...
  local msg=$1
  shift
  "$SEMDBG" run "$@" > /dev/null 2> "$work/err"
  local rc=$?
  [ $rc -eq 3 ] || fail "'run $*' exited $rc, expected 3"
  grep -qE -- "$msg" "$work/err" || fail "'run $*': message '$(cat "$work/err")' does not match '$msg'"
}
expect_harness '^semdbg: the test command could not run \(exit status 127\): sh: 1: exec: ./no-such-harness: not found$' \
  --test ./no-such-harness "$in/01-pass" "$in/02-fail"
cp "$H" "$work/noexec.sh"
chmod -x "$work/noexec.sh"
expect_harness 'could not run \(exit status 126\): .*Permission denied' --test "$work/noexec.sh" "$in/01-pass"
printf 'exit 127' > "$work/x127"
expect_harness 'could not run: it exited with status 127 on every input' --test "$H" "$work/x127"
expect_harness 'the reference command could not run' --test "$H" --reference /no/such/ref "$in/01-pass"
check_tmp_empty "harness errors"

# --- SIGINT / SIGTERM: running harnesses are killed, the temp dir is removed ---
set -m # background jobs keep SIGINT (a non-interactive shell would ignore it)
printf 'hang sig' > "$work/hang"
for sig in INT TERM; do
  rm -f "$MARKER_DIR/hang.sig"
  "$SEMDBG" run --test "$H" --timeout 60 "$work/hang" "$in/01-pass" > /dev/null 2>&1 &
  pid=$!
  for _ in $(seq 100); do [ -s "$MARKER_DIR/hang.sig" ] && break; sleep 0.05; done
  [ -s "$MARKER_DIR/hang.sig" ] || fail "SIG$sig: the harness did not start"
  [ -n "$(ls -A "$TMPDIR")" ] || fail "SIG$sig: no temporary directory while running"
  kill -"$sig" $pid
  wait $pid
  rc=$?
  want=$((128 + $(kill -l "$sig")))
  [ $rc -eq $want ] || fail "SIG$sig: semdbg exited $rc, expected $want"
  check_markers
  check_tmp_empty "SIG$sig"
done
set +m

check_markers
check_tmp_empty end
if [ $failures -eq 0 ]; then
  rm -rf "$work"
  echo "run.sh: all passed"
else
  echo "run.sh: $failures failure(s); files in $work" >&2
  exit 1
fi
