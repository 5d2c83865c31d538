#!/bin/sh
# harness.sh for examples/cmdline: compiles the grep command line in the file
# given as the last argument. Verdicts: 0 pass; 125 undefined (not a command
# line of the grammar); an assertion failure (SIGABRT) on the bug (fail).
. "$(dirname "$0")/../subject.sh"
subject_find cmdline
subject_input "$@"
exec "$subject_bin" "$subject_input"
