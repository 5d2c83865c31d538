#!/bin/sh
# a pressure transmitter gateway loading its calibration table: per channel
# it evaluates gain = A / B, where A (the reference span) and B (the raw
# span) are a test point or a parenthesised difference of two, "(hi - lo)",
# and the zero offset of the same form; it stores the gain in fixed point,
# A * 1000 / B, an integer division in the C code. Nothing checks that the
# raw span is nonzero: a divisor "0", or "(p - p)" with the same test point
# twice (a channel calibrated at one point only), divides by zero (SIGFPE).
# A zero reference span, a zero offset and negative spans
# (an inverted sensor) are fine.
exec awk '
function val(s,   p) {
    if (s ~ /^\(/) { s = substr(s, 2, length(s) - 2); split(s, p, " - "); return p[1] - p[2] }
    return s + 0
}
{
    line = $0
    if (!match(line, /^ch[0-7] gain=/)) { inval = 1; exit }
    line = substr(line, RLENGTH + 1)
    k = index(line, " offset="); if (!k) { inval = 1; exit }
    off = substr(line, k + 8); gain = substr(line, 1, k - 1)
    k = index(gain, " / "); if (!k) { inval = 1; exit }
    a = val(substr(gain, 1, k - 1)); b = val(substr(gain, k + 3))
    if (b == 0) { bad = 1; exit }
    fix[NR] = int(a * 1000 / b); o[NR] = val(off)
}
END { if (inval) exit 125; if (bad) { system("kill -FPE $PPID"); exit 136 } exit 0 }' "$1"
