#!/bin/sh
# harness.sh for examples/twocause: prints the average of the record in the
# file given as the last argument. Verdicts: 0 pass; 125 undefined (not a
# record); AddressSanitizer's report and status 1 when the name overflows its
# buffer, SIGFPE when the count is 0 (fail).
. "$(dirname "$0")/../subject.sh"
subject_find twocause
subject_input "$@"
exec "$subject_bin" "$subject_input"
