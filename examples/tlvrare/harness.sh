#!/bin/sh
# harness.sh for examples/tlvrare: prints the records in the file given as
# the last argument. Verdicts: 0 pass; 125 undefined (not a record list);
# AddressSanitizer's report and status 1 when a record's declared length
# exceeds its value (fail).
. "$(dirname "$0")/../subject.sh"
subject_find tlvrare
subject_input "$@"
exec "$subject_bin" "$subject_input"
