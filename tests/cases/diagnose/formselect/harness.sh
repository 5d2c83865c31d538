#!/bin/sh
# a form renderer builds each drop-down list from its options and marks
# option[selected] as chosen. Bug: "selected" is never checked against the
# number of options of its own list, so an index at or past that count reads
# past the option array (SIGSEGV). "size" (rows shown) may exceed the count
# harmlessly, and another list's options do not count.
exec awk '
{
    split($0, w, /[ =]/)
    n = split(w[4], opt, ",")
    sel = w[8] + 0
    if (sel >= n) { printf "select %s: option[%d] of %d\n", w[2], sel, n > "/dev/stderr"; crash = 1 }
}
END { if (crash) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
