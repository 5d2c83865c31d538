#!/bin/sh
# harness.sh for examples/expression: evaluates the expression in the input
# file (the last argument). Verdicts: 0 pass (value printed); 125 undefined
# (not an expression); SIGABRT on a division by zero (fail).
. "$(dirname "$0")/../subject.sh"
subject_find expression
subject_input "$@"
exec "$subject_bin" "$subject_input"
