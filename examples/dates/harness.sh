#!/bin/sh
# harness.sh for examples/dates: files the date in the file given as the last
# argument. Verdicts: 0 pass; 125 undefined (not a date of the grammar); an
# assertion failure (SIGABRT) when the date does not exist (fail).
. "$(dirname "$0")/../subject.sh"
subject_find dates
subject_input "$@"
exec "$subject_bin" "$subject_input"
