#!/bin/sh
# harness.sh for examples/portrange: runs the buggy URL parser and the fixed
# one on the input file (the last argument) and compares their outputs.
# Verdicts: 0 pass (same output); 1 fail (the buggy parser connects to a
# wrapped port where the fixed one rejects the URL); 125 undefined (not a URL
# of the grammar).
. "$(dirname "$0")/../subject.sh"
subject_find portrange
subject_input "$@"
got=$("$subject_bin" "$subject_input") || exit $?
want=$("$subject_bin" --fixed "$subject_input") || exit $?
if [ "$got" != "$want" ]; then
  echo "portrange: wrong result: got '$got', expected '$want'" >&2
  exit 1
fi
echo "$got"
