#!/bin/sh
# harness.sh for examples/calculator: runs the calculator on the input file
# (the last argument). Verdicts: 0 pass; 125 undefined (not a calculator
# expression); SIGABRT from the square root's assertion (fail).
. "$(dirname "$0")/../subject.sh"
subject_find calculator
subject_input "$@"
exec "$subject_bin" "$subject_input"
