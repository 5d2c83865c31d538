#!/usr/bin/env bash
# processes.sh: no harness process outlives semdbg (issue #16), checked in the
# process table. tests/harnesses/daemon.sh leaves daemons behind on every run
# (DAEMON_WORDS: setsid = a new session, double = a double fork, hold = a
# daemon that keeps the output pipe open, hang = the run itself sleeps); they
# are a link to sleep whose name holds a marker unique to this test, so `ps`
# finds every one of them. Checked after a normal end of `semdbg run` and of a
# diagnosis, after SIGINT and SIGTERM (exit 130 / 143) and after SIGKILL (the
# guardian process kills the rest); the temporary directory is gone each time.
# $1 = semdbg binary, $2 = build directory; run from the project root.
set -u
SEMDBG=$1
BUILD=$2
C=tests/cases/processes
H=tests/harnesses/daemon.sh
work=$(mktemp -d "$BUILD/e2e-processes.XXXXXX")
MARK=semdbg-e2e-mark-$$-$RANDOM
export TMPDIR=$work/tmp SLEEPER=$work/sleep-$MARK
mkdir -p "$TMPDIR"
ln -s "$(command -v sleep)" "$SLEEPER"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# processes alive (zombies aside) whose command line holds the marker
alive() { ps -eo stat=,pid=,args= | awk -v m="$MARK" 'index($0, m) && $1 !~ /^Z/ && !/awk/'; }
# none left, waiting up to 5 s (the guardian needs a moment after a SIGKILL)
expect_none() {
  for _ in $(seq 100); do
    [ -z "$(alive)" ] && [ -z "$(ls -A "$TMPDIR")" ] && return 0
    sleep 0.05
  done
  [ -z "$(alive)" ] || fail "$1: processes left behind:
$(alive)"
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$1: temporary files left: $(ls -A "$TMPDIR")"
  for p in $(alive | awk '{print $2}'); do kill -9 "$p" 2> /dev/null; done
  rm -rf "${TMPDIR:?}"/*
}
# wait up to 5 s for daemons to exist (the harness has run)
expect_some() {
  for _ in $(seq 100); do
    [ -n "$(alive)" ] && return 0
    sleep 0.05
  done
  fail "$1: no daemon started"
}

# --- semdbg run: daemons of every kind, a normal end ---
printf '60 setsid double hold' > "$work/a.txt"
printf '7 setsid double' > "$work/b.txt"
"$SEMDBG" run --test "$H" "$work/a.txt" "$work/b.txt" > "$work/out" 2>&1 || fail "run exited $?: $(cat "$work/out")"
grep -qE 'a.txt +fail +exit 1' "$work/out" || fail "run: verdicts: $(cat "$work/out")"
expect_none "run"

# --- a daemon a run needs lives as long as the run, though other runs end meanwhile ---
printf '60 server' > "$work/s.txt"
for k in 1 2 3 4 5 6; do printf '%s setsid' "$k" > "$work/q$k.txt"; done
"$SEMDBG" run -j2 --test "$H" "$work/s.txt" "$work"/q*.txt > "$work/out" 2>&1
grep -qE 's.txt +fail +exit 1 ' "$work/out" || fail "run: the server was killed during its run: $(cat "$work/out")"
expect_none "run with a server"

# --- a diagnosis whose every run leaves a daemon, a normal end ---
DAEMON_WORDS="setsid double" "$SEMDBG" --grammar $C/grammar.bnf --test "$H" $C/fail.txt \
  --max-runs 60 --no-reduce --no-generalize -q > "$work/out" 2>&1
rc=$?
[ $rc -le 1 ] || fail "diagnosis exited $rc: $(cat "$work/out")"
expect_none "diagnosis"

# --- SIGINT, SIGTERM, SIGKILL during a diagnosis (the runs hang) ---
set -m # background jobs keep SIGINT (a non-interactive shell would ignore it)
for sig in INT TERM KILL; do
  DAEMON_WORDS="setsid double hold hang" "$SEMDBG" --grammar $C/grammar.bnf --test "$H" --timeout 60 \
    $C/fail.txt $C/pass.txt --json > "$work/out" 2> "$work/err" &
  pid=$!
  expect_some "SIG$sig"
  sleep 0.3
  kill -"$sig" $pid
  wait $pid
  rc=$?
  want=$((128 + $(kill -l "$sig")))
  [ $rc -eq $want ] || fail "SIG$sig: semdbg exited $rc, expected $want: $(cat "$work/err")"
  if [ "$sig" != KILL ]; then
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["interrupted"]["signal"] == sys.argv[2], r' \
      "$work/out" "SIG$sig" || fail "SIG$sig: no interrupted report: $(head -c 300 "$work/out")"
  fi
  expect_none "SIG$sig"
done

# --- semdbg run killed with SIGKILL ---
printf '60 setsid double hang' > "$work/c.txt"
"$SEMDBG" run --test "$H" --timeout 60 "$work/c.txt" > /dev/null 2>&1 &
pid=$!
expect_some "run SIGKILL"
kill -KILL $pid
wait $pid 2> /dev/null
expect_none "run SIGKILL"
set +m

if [ $failures -eq 0 ]; then
  rm -rf "$work"
  echo "processes.sh: all passed"
else
  echo "processes.sh: $failures failure(s); files in $work" >&2
  exit 1
fi
