#!/bin/sh
# an encoder that spreads its reference frames over (ref - 1) slots for
# weighted prediction: ref=1 divides by zero (SIGFPE); and tune=grain
# loads a psy table this build lacks (SIGSEGV here reported as SIGFPE too,
# one failure kind). keyint, bframes, threads and rc-lookahead take any
# value, 1 included.
exec awk -F= '
/^ref=/ { if ($2 + 0 < 2) bad = 1 }
/^tune=grain$/ { bad = 1 }
END { if (bad) system("kill -FPE $PPID"); exit 0 }' "$1"
