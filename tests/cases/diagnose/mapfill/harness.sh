#!/bin/sh
# a 2D game's level loader (its C logic in awk; built with
# -fstack-protector-strong). Each "layer" line is filled into a chunk on
# the stack, uint8_t tiles[16 * 16], row by row:
#     for (y = 0; y < h; y++) for (x = 0; x < w; x++) tiles[y * w + x] = fill;
# and the size is never checked against the chunk: a layer whose width and
# height (integer expressions, long arithmetic: + - / %, unary minus, abs,
# parentheses; / truncates toward zero, % keeps the dividend's sign) are
# both positive with a product above 256 writes past the chunk and smashes
# the stack ("*** stack smashing detected ***", SIGABRT). A width or height
# of 0 or less fills nothing (also when both are negative). Scroll speeds
# and spawn coordinates take the same values harmlessly (the camera wraps,
# the spawn point is clipped to the map).
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
            if (c == "/") v = int(v / d)            # C: truncates toward zero
            else v = v - d * int(v / d)             # C: sign of the dividend
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
    if (substr(S, P, 4) == "abs(") {
        P += 4; v = expr(); skip()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v < 0 ? -v : v
    }
    if (match(substr(S, P), /^[0-9]+/)) { v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v }
    err = 1; return 0
}
function eval(s,   v) {
    S = s; P = 1; v = expr(); skip()
    if (P != length(S) + 1) err = 1
    return v
}
BEGIN { CHUNK = 16 * 16 }
/^layer [a-z]+ size .* by .* fill [0-9]+$/ {
    err = 0
    s = $0; sub(/^layer [a-z]+ size /, "", s); sub(/ fill [0-9]+$/, "", s)
    b = index(s, " by ")
    w = eval(substr(s, 1, b - 1)); h = eval(substr(s, b + 4))
    if (err) { inval = 1; exit }
    # fill_layer(): no check of w * h against the chunk
    if (w > 0 && h > 0 && w * h > CHUNK) { smash = 1; exit }
    nlayers++; next
}
/^(scroll|spawn) / {
    err = 0; s = $0; sub(/^[a-z]+ /, "", s)
    c = index(s, ", ")
    if (c == 0) { inval = 1; exit }
    a = eval(substr(s, 1, c - 1)); b = eval(substr(s, c + 2))
    if (err) { inval = 1; exit }
    if ($1 == "spawn") { sx = a < 0 ? 0 : a; sy = b < 0 ? 0 : b }
    else { vx = a % 64; vy = b % 64 }
    next
}
/^$/ { next }
{ inval = 1; exit }
END {
    if (smash) {
        print "*** stack smashing detected ***: terminated" > "/dev/stderr"
        system("kill -ABRT $PPID"); exit 134
    }
    if (inval) exit 125
    exit 0
}' "$1"
