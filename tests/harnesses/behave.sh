#!/bin/sh
# behave.sh: a test harness for the oracle's tests. It acts out what its input
# says: a word and up to two arguments ("exit 42", "segv", "hang a", ...).
# The input is read from the file named by $1, or from stdin without an argument.
# Processes it leaves running append their pids to $MARKER_DIR/<word>.<arg>.
# With BEHAVE_VARIANT=ref it plays a golden reference that differs on "zeros".
ulimit -c 0
if [ $# -ge 1 ]; then
  read -r cmd arg arg2 < "$1" || true
else
  read -r cmd arg arg2 || true
fi
marker="${MARKER_DIR:-/tmp}/$cmd.$arg"
case "$cmd" in
  exit) exit "$arg" ;;
  echo) echo "$arg $arg2"; exit 0 ;;
  out) echo "$arg $arg2"; exit "${EXIT:-0}" ;;
  outfail) echo "$arg $arg2"; exit 1 ;;
  err) echo "$arg $arg2" >&2; exit 0 ;;
  segv) kill -SEGV $$ ;;
  abort) kill -ABRT $$ ;;
  hang) echo $$ >> "$marker"; exec sleep 1000 ;;
  fork) sleep 1000 & echo $! >> "$marker"; echo forked; exit 1 ;;
  ignore-term)
    trap '' TERM
    sleep 1000 &
    echo "$$ $!" >> "$marker"
    wait
    exit 0 ;;
  flood) head -c 100000000 /dev/zero; echo done >&2; exit 0 ;;
  zeros)
    head -c "$arg" /dev/zero
    if [ "$BEHAVE_VARIANT" = ref ]; then echo "$arg2"; else echo same; fi
    exit 0 ;;
  delete) rm -f "$1"; exit 1 ;;
  slow) sleep "$arg"; exit 0 ;;
  notfound) echo "sh: 1: frobnicate: not found" >&2; exit 127 ;;
  bytes) printf 'ok\377\376\000z\303\251\n'; exit 0 ;;
  *) echo "behave.sh: unknown behaviour '$cmd'" >&2; exit 2 ;;
esac
