#!/bin/sh
# harness.sh for examples/decimal: loads the thermostat configuration in the
# file given as the last argument. Verdicts: 0 pass; 125 undefined (not a
# configuration of the grammar); an assertion failure (SIGABRT) when a
# setpoint exceeds 37.5 degrees (fail).
. "$(dirname "$0")/../subject.sh"
subject_find decimal
subject_input "$@"
exec "$subject_bin" "$subject_input"
