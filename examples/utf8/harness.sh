#!/bin/sh
# harness.sh for examples/utf8: compiles the regular expression in the file
# given as the last argument. Verdicts: 0 pass; 125 undefined (not a regular
# expression of the grammar); AddressSanitizer's report and status 1 when a
# bracket expression holds a multi-byte character (fail).
. "$(dirname "$0")/../subject.sh"
subject_find utf8
subject_input "$@"
exec "$subject_bin" "$subject_input"
