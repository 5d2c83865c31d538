#!/bin/sh
# a motion-graphics renderer's timeline loader (its C logic in awk). Frame
# numbers and lengths are integer expressions (long arithmetic: + -, a
# digit times a number, min, max, parentheses). For each clip it allocates
# the clip's frame table and marks every frame:
#     size_t n = to - from;
#     struct frame *f = calloc(n, sizeof *f);
#     for (size_t i = 0; i < n; i++) f[i].t = from + i;
# A clip that ends before it starts (to EVALUATES below from) makes n a huge
# size_t, calloc returns NULL, which is never checked, and the first store
# is SIGSEGV. A clip of no frames (to = from) is fine, and so are clips
# that start or end before frame 0 (their frames are skipped when
# rendered). Fades and holds of 0 or fewer frames are no fade and no hold,
# markers before frame 0 are dropped, and the audio offset may be anything:
# the same values are harmless there.
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
function unary(   v, a, f) {
    skip()
    if (substr(S, P, 1) == "-") { P++; return -unary() }
    if (substr(S, P, 1) == "(") {
        P++; v = expr(); skip()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v
    }
    if (substr(S, P, 4) == "min(" || substr(S, P, 4) == "max(") {
        f = substr(S, P, 3); P += 4
        a = expr(); skip()
        if (substr(S, P, 1) != ",") { err = 1; return 0 }
        P++; v = expr(); skip()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++
        if (f == "min") return a < v ? a : v
        return a > v ? a : v
    }
    if (match(substr(S, P), /^[0-9]+/)) { v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v }
    err = 1; return 0
}
function eval(s,   v) {
    S = s; P = 1; v = expr(); skip()
    if (P != length(S) + 1) err = 1
    return v
}
/^clip [a-z]+ .* \.\. / {
    err = 0; s = $0; sub(/^clip [a-z]+ /, "", s)
    d = index(s, " .. ")
    from = eval(substr(s, 1, d - 1)); to = eval(substr(s, d + 4))
    if (err) { inval = 1; exit }
    n = to - from                       # size_t n = to - from;
    if (n < 0) { segv = 1; exit }       # calloc(huge) = NULL; f[0].t = from
    frames += n; next
}
/^(fade|audio offset|hold last) / {
    err = 0; s = $0; sub(/^(fade|audio offset|hold last) /, "", s)
    v = eval(s)
    if (err) { inval = 1; exit }
    if ($1 == "fade") fade = v > 0 ? v : 0
    else if ($1 == "hold") hold = v > 0 ? v : 0
    else aoff = v
    next
}
/^marker [a-z]+ at / {
    err = 0; s = $0; sub(/^marker [a-z]+ at /, "", s)
    v = eval(s)
    if (err) { inval = 1; exit }
    if (v >= 0) marker[$2] = v          # markers before frame 0 are dropped
    next
}
/^$/ { next }
{ inval = 1; exit }
END {
    if (segv) { system("kill -SEGV $PPID"); exit 139 }
    if (inval) exit 125
    exit 0
}' "$1"
