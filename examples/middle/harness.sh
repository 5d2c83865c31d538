#!/bin/sh
# harness.sh for examples/middle: runs the buggy middle() and the fixed one on
# the input file (the last argument) and compares their results. Verdicts:
# 0 pass (same middle); 1 fail (wrong middle); 125 undefined (not three
# integers).
. "$(dirname "$0")/../subject.sh"
subject_find middle
subject_input "$@"
got=$("$subject_bin" "$subject_input") || exit $?
want=$("$subject_bin" --fixed "$subject_input") || exit $?
if [ "$got" != "$want" ]; then
  echo "middle: wrong result: got $got, expected $want" >&2
  exit 1
fi
echo "$got"
