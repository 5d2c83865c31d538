#!/bin/sh
# a report generator's stylesheet loader (its C logic in awk; long
# arithmetic with C's rules: / truncates toward zero, % keeps the sign of
# the dividend). Every field of a "style" line is an integer expression.
# For each style the renderer picks the glyph cache of its point size:
#     #define MIN_PT 6
#     #define MAX_PT 72
#     static struct glyph_cache caches[MAX_PT - MIN_PT + 1];
#     int pt = st->size;
#     if (pt > MAX_PT) pt = MAX_PT;          /* larger sizes scale up from 72 */
#     struct glyph_cache *gc = &caches[pt - MIN_PT];
#     if (!gc->face) gc->face = ft_open(st->family, pt);
#     ... gc->face->glyphs[...]
# The lower bound is never checked: a size that EVALUATES below 6 points
# (0, negative, or 5 from "11 / 2") indexes before the array, into the
# hinting table in front of it, whose words read as a non-NULL face
# pointer: SIGSEGV. 6 is fine, huge sizes are clamped, a style without a
# size uses 10. The leading (0 or less: 6/5 of the size) and the indent
# (negative: a hanging indent) take the same values harmlessly.
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
        else if (c == "/" || c == "%") {
            P++; d = unary()
            if (d == 0) { err = 1; return 0 }
            if (c == "/") v = int(v / d)       # truncates toward zero
            else v = v % d                     # fmod: the sign of the dividend
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
BEGIN { MIN_PT = 6; MAX_PT = 72 }
/^style [a-z]+( |$)/ {
    name = $2; rest = substr($0, length("style " name) + 2)
    size = 10; leading = 0; indent = 0; err = 0
    while (rest != "") {
        eq = index(rest, "="); if (!eq) { err = 1; break }
        key = substr(rest, 1, eq - 1); rest = substr(rest, eq + 1)
        if (match(rest, / [a-z]+=/)) { val = substr(rest, 1, RSTART - 1); rest = substr(rest, RSTART + 1) }
        else { val = rest; rest = "" }
        if (key == "size") size = eval(val)
        else if (key == "leading") leading = eval(val)
        else if (key == "indent") indent = eval(val)
        else err = 1
    }
    if (err) { inval = 1; exit }
    if (leading <= 0) leading = int(size * 6 / 5)
    pt = size; if (pt > MAX_PT) pt = MAX_PT
    if (pt - MIN_PT < 0) {                       # &caches[pt - MIN_PT]
        printf "style %s: glyph cache %d of 0..%d\n", name, pt - MIN_PT, MAX_PT - MIN_PT > "/dev/stderr"
        segv = 1; exit
    }
    nstyles++; next
}
/^$/ { next }
{ inval = 1; exit }
END {
    if (segv) { system("kill -SEGV $PPID"); exit 139 }
    if (inval || !nstyles) exit 125
    exit 0
}' "$1"
