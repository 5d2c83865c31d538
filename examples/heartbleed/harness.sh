#!/bin/sh
# harness.sh for examples/heartbleed: runs the heartbeat responder on the input
# file (the last argument). Verdicts: 0 pass (reply sent); 125 undefined (not a
# heartbeat request); AddressSanitizer's report and status 1 on the over-read
# (fail).
. "$(dirname "$0")/../subject.sh"
subject_find heartbleed
subject_input "$@"
exec "$subject_bin" "$subject_input"
