#!/bin/sh
# a rebase tool replays a todo list top to bottom. "pick" and "reword"
# apply a commit and make it the one a later "squash" melds into; "drop"
# skips a commit. A "squash" melds its commit into the last commit applied
# so far, read through a pointer that is NULL until the first pick or
# reword: a squash with no pick or reword above it dereferences it
# (SIGSEGV). Hashes and subjects play no part.
exec awk '
/^(pick|reword) / { applied = 1 }
/^squash / { if (!applied) crash = 1 }
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
