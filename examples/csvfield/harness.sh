#!/bin/sh
# harness.sh for examples/csvfield: prints the CSV file given as the last
# argument as a table. Verdicts: 0 pass; 125 undefined (not CSV);
# AddressSanitizer's report and status 1 when a field overflows its cell (fail).
. "$(dirname "$0")/../subject.sh"
subject_find csvfield
subject_input "$@"
exec "$subject_bin" "$subject_input"
