#!/bin/sh
# harness.sh for examples/sumover: runs the 64-bit adder and the exact one on
# the input file (the last argument) and compares their results. Verdicts: 0
# pass (same sum); 1 fail (the 64-bit sum is wrong); 125 undefined (not
# "X + Y").
. "$(dirname "$0")/../subject.sh"
subject_find sumover
subject_input "$@"
got=$("$subject_bin" "$subject_input") || exit $?
want=$("$subject_bin" --fixed "$subject_input") || exit $?
if [ "$got" != "$want" ]; then
  echo "sumover: wrong result: got $got, expected $want" >&2
  exit 1
fi
echo "$got"
