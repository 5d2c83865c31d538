#!/bin/sh
# an alarm panel's scheduler keeps the siren's duration in 2-minute ticks
# and divides the strobe period by (minutes / 2) - 1: a siren of fewer than
# 4 minutes divides by zero (SIGFPE). Chime and backlight timeouts take the
# same numbers harmlessly. And a zone's exit delay above 255 s overflows the
# one-byte countdown it is loaded into (SIGFPE too, from the same scheduler's
# rate check). fail.txt has only the exit delay cause.
exec awk '
/^siren / { split($2, kv, "="); if (int(kv[2] / 2) - 1 <= 0) bad = 1 }
/^zone / { split($3, kv, "="); if (kv[2] + 0 > 255) bad = 1 }
END { if (bad) system("kill -FPE $PPID"); exit 0 }' "$1"
