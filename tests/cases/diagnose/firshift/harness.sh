#!/bin/sh
# a fixed-point FIR filter chain (an audio DSP's firmware, its C logic in
# awk; built with -fsanitize=shift -fsanitize-undefined-trap-on-error). Each
# "stage" line gives taps, an optional output shift (default 15, Q15) and an
# optional gain in dB, each an integer expression (long arithmetic: + - *,
# parentheses). stage_init() computes, for every stage, the
# rounding constant added before the 64-bit accumulator is shifted right
#     int64_t round = (int64_t) 1 << (shift - 1);
# and never checks the shift: a shift that EVALUATES to 0 or less is a shift
# by a negative amount, and one above 63 shifts 1 past the sign bit of an
# int64_t (1 << 63 is already undefined in C): UBSan traps (SIGILL). Shifts
# of 1 to 63 are fine. Taps below 1 make a pass-through stage (its rounding
# constant is computed all the same), taps above 64 are clamped to 64, and
# any gain (negative, 0, huge) is clamped to +-24 dB: the same values are
# harmless there.
exec awk '
function skip() { while (substr(S, P, 1) == " ") P++ }
function expr(   v, c) {
    v = term()
    for (;;) {
        skip(); c = substr(S, P, 1)
        if (c == "+") { P++; v += term() }
        else if (c == "-") { P++; v -= term() }
        else return v
    }
}
function term(   v) {
    v = unary()
    for (;;) {
        skip()
        if (substr(S, P, 1) == "*") { P++; v *= unary() }
        else return v
    }
}
function unary(   v) {
    skip()
    if (substr(S, P, 1) == "-") { P++; return -unary() }
    if (substr(S, P, 1) == "(") {
        P++; v = expr(); skip()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v
    }
    if (match(substr(S, P), /^[0-9]+/)) { v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v }
    err = 1; return 0
}
function eval(s,   v) {
    S = s; P = 1; v = expr(); skip()
    if (P != length(S) + 1) err = 1
    return v
}
/^stage (lowpass|highpass|notch|dcblock) taps=/ {
    rest = substr($0, index($0, "taps="))
    taps = ""; shift = 15; gain = 0; err = 0
    while (rest != "") {
        eq = index(rest, "="); key = substr(rest, 1, eq - 1); rest = substr(rest, eq + 1)
        if (match(rest, / [a-z]+=/)) { val = substr(rest, 1, RSTART - 1); rest = substr(rest, RSTART + 1) }
        else { val = rest; rest = "" }
        if (key == "taps") taps = eval(val)
        else if (key == "shift") shift = eval(val)
        else if (key == "gain") gain = eval(val)
        else err = 1
    }
    if (err || taps == "") { inval = 1; exit }
    # stage_init(): the rounding constant first, for every stage
    if (shift - 1 < 0 || shift - 1 > 62) { ill = 1; exit }   # (int64_t) 1 << (shift - 1)
    round = 2 ^ (shift - 1)
    if (taps < 1) taps = 0                      # a pass-through stage
    if (taps > 64) taps = 64
    if (gain > 24) gain = 24; if (gain < -24) gain = -24
    nst++; next
}
/^$/ { next }
{ inval = 1; exit }
END {
    if (ill) { system("kill -ILL $PPID"); exit 132 }
    if (inval) exit 125
    exit 0
}' "$1"
