#!/usr/bin/env bash
# interrupt.sh: interrupted and limited diagnoses end with a complete report
# (issue #16), with tests/cases/processes (a number; tests/harnesses/daemon.sh
# fails above 50):
#  - SIGINT mid-diagnosis and before anything was learned: exit 130, the JSON
#    on stdout and --out's report.json are well-formed and say "interrupted";
#  - --time-limit with a harness that sleeps forever (--timeout 0, and the
#    default timeout) ends within a few seconds of the limit;
#  - write errors: stdout on /dev/full, a closed pipe, --out on a full disk
#    (a 16 KB tmpfs in a user namespace, when unshare allows it) exit 4;
#  - --out into a directory an earlier diagnosis wrote starts clean, into any
#    other non-empty directory is refused;
#  - a flaky harness (its verdict flips from one run of an input to the next)
#    is reported (stop_reason "flaky", the inputs that changed) and exits 1.
# $1 = semdbg binary, $2 = build directory; run from the project root.
set -u
SEMDBG=$1
BUILD=$2
C=tests/cases/processes
H=tests/harnesses/daemon.sh
G=$C/grammar.bnf
work=$(mktemp -d "$BUILD/e2e-interrupt.XXXXXX")
export TMPDIR=$work/tmp
mkdir -p "$TMPDIR"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
check_tmp_empty() {
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$1: temporary files left: $(ls -A "$TMPDIR")"
  rm -rf "${TMPDIR:?}"/*
}
# json FILE PYTHON-EXPRESSION-ON-r: fails unless FILE is a report where it holds
json() {
  python3 -c 'import json, sys
r = json.load(open(sys.argv[1], "rb"))
assert r["schema"] == 2 and "counts" in r and "status" in r
ok = eval(sys.argv[2])
if not ok: print("report:", {k: r.get(k) for k in ("status", "stop_reason", "interrupted", "flaky")})
sys.exit(0 if ok else 1)' "$1" "$2"
}

# --- SIGINT mid-diagnosis, with --out ---
set -m # background jobs keep SIGINT (a non-interactive shell would ignore it)
# ... but a SIGINT ignored on entry to this shell stays ignored (bash cannot
# reset it; CI or ctest started in the background), and semdbg, like any
# program, leaves an ignored SIGINT ignored: env resets it for the runs below.
# (slow runs: the diagnosis of a number is over in a blink otherwise, and the
# signal could come after its end: exit 0 on a loaded machine)
DAEMON_WORDS=slow env --default-signal=SIGINT "$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/out1" --json > "$work/stdout" 2> "$work/err" &
pid=$!
for _ in $(seq 200); do # until the first iteration has written its snapshot
  [ -s "$work/out1/report.json" ] && break
  sleep 0.05
done
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "SIGINT: exit $rc, expected 130: $(cat "$work/err")"
json "$work/stdout" 'r["interrupted"]["signal"] == "SIGINT" and r["counts"]["runs"] > 0' || fail "SIGINT: stdout report"
json "$work/out1/report.json" 'r["interrupted"]["signal"] == "SIGINT" and r["stop_reason"] != "running"' ||
  fail "SIGINT: report.json"
grep -q '^Interrupted by SIGINT during' "$work/out1/report.txt" || fail "SIGINT: report.txt"
grep -q 'semdbg: interrupted by SIGINT' "$work/err" || fail "SIGINT: message: $(cat "$work/err")"
check_tmp_empty SIGINT

# --- SIGINT before anything is learned (the first runs hang) ---
DAEMON_WORDS=hang env --default-signal=SIGINT "$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/out2" > "$work/stdout" 2> /dev/null &
pid=$!
sleep 0.5
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || fail "early SIGINT: exit $rc, expected 130"
json "$work/out2/report.json" 'r["interrupted"]["signal"] == "SIGINT" and r["status"] == "none" and r["stop_reason"] == "interrupted"' ||
  fail "early SIGINT: report.json"
grep -q '^Interrupted by SIGINT' "$work/stdout" || fail "early SIGINT: text report: $(cat "$work/stdout")"
check_tmp_empty "early SIGINT"
set +m

# --- --time-limit with a harness that sleeps forever ---
for timeout in 0 10; do
  start=$(date +%s.%N)
  DAEMON_WORDS=hang "$SEMDBG" --grammar $G --test "$H" --timeout $timeout --time-limit 3 $C/fail.txt --json \
    > "$work/stdout" 2> "$work/err"
  rc=$?
  took=$(echo "$(date +%s.%N) - $start" | bc)
  [ $rc -eq 1 ] || fail "--time-limit 3 --timeout $timeout: exit $rc: $(cat "$work/err")"
  (($(echo "$took < 8" | bc))) || fail "--time-limit 3 --timeout $timeout took $took s"
  json "$work/stdout" 'r["stop_reason"] == "time-limit"' || fail "--time-limit 3 --timeout $timeout: report"
  check_tmp_empty "--time-limit --timeout $timeout"
done

# --- write errors ---
"$SEMDBG" parse --grammar $G $C/fail.txt > /dev/full 2> "$work/err"
rc=$?
[ $rc -eq 4 ] || fail "parse > /dev/full: exit $rc"
grep -q 'semdbg: error writing standard output: No space left on device' "$work/err" || fail "/dev/full: $(cat "$work/err")"
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --max-runs 40 --no-reduce > /dev/full 2> /dev/null
rc=$?
[ $rc -eq 4 ] || fail "diagnose > /dev/full: exit $rc"
check_tmp_empty "/dev/full"
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --max-runs 40 --no-reduce -v 2> /dev/null | true
rc=${PIPESTATUS[0]}
[ $rc -eq 4 ] || fail "diagnose | true: exit $rc"
check_tmp_empty "closed pipe"
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --max-runs 40 --no-reduce -v 2> /dev/null | head -1 > /dev/null
rc=${PIPESTATUS[0]}
[ $rc -le 1 ] || [ $rc -eq 4 ] || fail "diagnose | head -1: exit $rc" # 4 when head closed the pipe in time
check_tmp_empty "head -1"
if unshare -rm true 2> /dev/null; then
  unshare -rm sh -c 'mount -t tmpfs -o size=16k tmpfs "$1" && shift && "$@"' sh "$work/tmp" \
    "$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/tmp/out" --json > "$work/stdout" 2> "$work/err"
  rc=$?
  [ $rc -eq 4 ] || fail "--out on a full disk: exit $rc: $(cat "$work/err")"
  grep -q 'semdbg: cannot write .*: No space left on device' "$work/err" || fail "--out full: $(cat "$work/err")"
  json "$work/stdout" 'r["stop_reason"] == "write-error"' || fail "--out full: report"
  [ "$(grep -c 'cannot write' "$work/err")" -eq 1 ] || fail "--out full: one message expected: $(cat "$work/err")"
else
  echo "interrupt.sh: unshare -rm is not allowed here: the full-disk check is skipped"
fi

# --- --out: an earlier diagnosis's directory starts clean, others are refused ---
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/out3" --max-runs 40 --no-reduce -q > /dev/null
printf '999' > "$work/out3/failing/input-99999.txt"
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/out3" --max-runs 40 --no-reduce -q > /dev/null
[ -e "$work/out3/failing/input-99999.txt" ] && fail "--out: the earlier run's files were kept"
[ -s "$work/out3/report.json" ] || fail "--out: no report.json"
mkdir -p "$work/mine"
printf 'keep me' > "$work/mine/notes.txt"
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/mine" -q > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "--out into a foreign directory: exit $rc"
grep -q 'is not empty and holds files that no diagnosis wrote' "$work/err" || fail "--out foreign: $(cat "$work/err")"
[ "$(cat "$work/mine/notes.txt")" = "keep me" ] && [ "$(ls "$work/mine")" = notes.txt ] || fail "--out foreign: touched"
# files named like ours but not ours: a report.txt of one's own (no marker
# of a diagnosis there), and a report.txt.orig beside a diagnosis's files
mkdir -p "$work/own"
printf 'my report' > "$work/own/report.txt"
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/own" -q > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] && [ "$(cat "$work/own/report.txt")" = "my report" ] || fail "--out over one's own report.txt: exit $rc"
printf 'old notes' > "$work/out3/report.txt.orig"
printf 'data' > "$work/out3/passing/input-7.txt.gz"
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --out "$work/out3" -q > /dev/null 2> "$work/err"
rc=$?
[ $rc -eq 2 ] || fail "--out with report.txt.orig beside a diagnosis's files: exit $rc"
[ "$(cat "$work/out3/report.txt.orig")" = "old notes" ] && [ -e "$work/out3/passing/input-7.txt.gz" ] &&
  [ -s "$work/out3/report.json" ] || fail "--out with files of one's own: they or the diagnosis's were touched"

# --- a flaky harness ---
mkdir -p "$work/flip"
FLIP_DIR=$work/flip DAEMON_WORDS=flip "$SEMDBG" --grammar $G --test "$H" $C/fail.txt $C/pass.txt --json \
  > "$work/stdout" 2> "$work/err"
rc=$?
[ $rc -eq 1 ] || fail "flaky: exit $rc: $(cat "$work/err")"
json "$work/stdout" 'r["stop_reason"] == "flaky" and r["flaky"]["rechecked"] == 4 and {"input": "77", "first": "failed (exit:1)", "again": "passed"} in r["flaky"]["changed"]' ||
  fail "flaky: report"
grep -q 'semdbg: warning: the test command is flaky: "77" failed (exit:1), then passed' "$work/err" ||
  fail "flaky: warning: $(cat "$work/err")"
# a deterministic harness: checked, nothing changed
"$SEMDBG" --grammar $G --test "$H" $C/fail.txt --max-runs 150 --no-reduce --json > "$work/stdout" 2> /dev/null
json "$work/stdout" 'r["flaky"] == {"rechecked": 4, "changed": []}' || fail "deterministic: flaky field"
check_tmp_empty end

if [ $failures -eq 0 ]; then
  rm -rf "$work"
  echo "interrupt.sh: all passed"
else
  echo "interrupt.sh: $failures failure(s); files in $work" >&2
  exit 1
fi
