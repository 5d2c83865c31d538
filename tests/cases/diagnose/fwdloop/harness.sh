#!/bin/sh
# the filter strips one leading "Fwd: " and re-sends; a subject that starts
# with "Fwd: Fwd:" loops (exit 1). "Fwd:" later in a subject is fine.
awk '/^Subject: Fwd: Fwd:/ { bad = 1 } END { exit bad ? 1 : 0 }' "$1"
