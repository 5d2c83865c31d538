#!/bin/sh
# an LED strip controller's scene loader (its C logic in awk; the host
# build runs under AddressSanitizer, whose report exits with status 1).
# Every field of a "strip" line is an integer expression (long arithmetic:
# + - * /, / truncating toward zero, unary minus, parentheses). For each
# strip it allocates the frame buffer and paints the status LED:
#     size_t n = leds > 0 ? leds : 0;
#     uint32_t *px = calloc(n, sizeof *px);
#     if (has_status) {
#         long i = status;
#         if (i < 0) i += leds;          /* -1 is the last LED */
#         px[i] = STATUS_RGB;            /* no bounds check */
#     }
# A status index that EVALUATES to the LED count or above, or below minus
# the count (so that counting from the end still lands before LED 0),
# writes outside the buffer: heap-buffer-overflow, exit 1. A strip of 0 or
# fewer LEDs has an empty buffer, so any status LED on it overflows; a
# strip without a status LED is fine whatever its count. The brightness is
# clamped to 0..255 and the phase taken modulo the 1000 ms period: the same
# values (negative, huge) are harmless there. One strip's status index is
# never checked against another strip's count.
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
function term(   v, c, d) {
    v = unary()
    for (;;) {
        skip(); c = substr(S, P, 1)
        if (c == "*") { P++; v *= unary() }
        else if (c == "/") {
            P++; d = unary()
            if (d == 0) { err = 1; return 0 }
            v = int(v / d)                 # C: truncates toward zero
        }
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
/^strip [a-z]+ leds=/ {
    name = $2; rest = substr($0, index($0, "leds="))
    has = 0; leds = ""; bright = 255; phase = 0; err = 0
    while (rest != "") {
        eq = index(rest, "="); key = substr(rest, 1, eq - 1); rest = substr(rest, eq + 1)
        if (match(rest, / [a-z]+=/)) { val = substr(rest, 1, RSTART - 1); rest = substr(rest, RSTART + 1) }
        else { val = rest; rest = "" }
        if (key == "leds") leds = eval(val)
        else if (key == "status") { status = eval(val); has = 1 }
        else if (key == "brightness") bright = eval(val)
        else if (key == "phase") phase = eval(val)
        else err = 1
    }
    if (err || leds == "") { inval = 1; exit }
    n = leds > 0 ? leds : 0                      # calloc(n, 4)
    if (bright < 0) bright = 0; if (bright > 255) bright = 255
    phase = phase % 1000; if (phase < 0) phase += 1000
    if (has) {
        i = status; if (i < 0) i += leds
        if (i < 0 || i >= n) {
            printf "ERROR: AddressSanitizer: heap-buffer-overflow (strip %s, px[%d] of %d)\n", name, i, n > "/dev/stderr"
            asan = 1; exit
        }
    }
    nstrips++; next
}
/^$/ { next }
{ inval = 1; exit }
END {
    if (asan) exit 1
    if (inval || !nstrips) exit 125
    exit 0
}' "$1"
