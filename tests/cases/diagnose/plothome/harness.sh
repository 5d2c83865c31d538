#!/bin/sh
# a plotter driver keeps the carriage position as a pointer into its
# calibration table, set by the first "home"; a "draw" computes the step
# count from that position and dereferences the pointer: a draw with no
# home before it crashes (SIGSEGV). Pen and wait lines play no part; which
# axis is homed does not matter.
exec awk '
/^home / { homed = 1 }
/^draw / { if (!homed) bad = 1 }
END { if (bad) system("kill -SEGV $PPID"); exit 0 }' "$1"
