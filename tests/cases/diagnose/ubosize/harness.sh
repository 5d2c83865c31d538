#!/bin/sh
# a shader toolchain's uniform-buffer packer (std140 layout; its C logic in
# awk): it folds each array's constant size expression (products, unary
# minus, parentheses, as the shader generator's macro expansion leaves
# them) to an integer, in int64 arithmetic that saturates, and reserves
# size * stride bytes of the block's staging buffer. The one check is
# against GL_MAX_UNIFORM_BLOCK_SIZE (too large: a warning, the array is
# dropped); a size that folds to a negative number passes it, the GLSL
# front end that would reject it runs only later, and the malloc of
# (size_t) size * stride bytes returns NULL, which the packer writes to
# (SIGSEGV). A size of 0 is an empty array (fine, nothing reserved);
# constants fold the same expressions to any value harmlessly.
exec awk '
function factor(   v) {
    if (substr(S, P, 1) == "-") { P++; return -factor() }
    if (substr(S, P, 1) == "(") {
        P++; v = prod()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v
    }
    if (match(substr(S, P), /^(0|[1-9][0-9]*)/) && RLENGTH <= 3) { v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v }
    err = 1; return 0
}
function mul(a, b,   m) {          # saturating int64 product
    m = (a < 0 ? -a : a) * (b < 0 ? -b : b)
    if (m > LIM) m = LIM
    return ((a < 0) != (b < 0)) ? -m : m
}
function prod(   v) {
    v = factor()
    while (substr(S, P, 3) == " * ") { P += 3; v = mul(v, factor()) }
    return v
}
function fold(s,   v) {
    S = s; P = 1; err = 0
    v = prod()
    if (err || P != length(S) + 1) { inval = 1; exit }
    return v
}
BEGIN { LIM = 9223372036854775807; MAX_BLOCK = 65536
        STRIDE["float"] = 16; STRIDE["vec4"] = 16; STRIDE["mat4"] = 64 }
/^uniform (float|vec4|mat4) [a-z][a-z0-9]?\[.*\];$/ {
    t = $2; name = $3; sub(/\[.*/, "", name)
    e = $0; sub(/^[^[]*\[/, "", e); sub(/\];$/, "", e)
    n = fold(e)
    if (n * STRIDE[t] > MAX_BLOCK) {
        printf "warning: uniform %s: larger than GL_MAX_UNIFORM_BLOCK_SIZE, dropped\n", name > "/dev/stderr"
        next
    }
    if (n < 0) {        # malloc((size_t) n * stride) == NULL, then memset
        printf "packer: uniform %s[%d]: writing %d bytes at NULL\n", name, n, n * STRIDE[t] > "/dev/stderr"
        segv = 1; exit
    }
    used += n * STRIDE[t]; next
}
/^const int [a-z][a-z0-9]? = .*;$/ {
    e = $0; sub(/^const int [a-z0-9]* = /, "", e); sub(/;$/, "", e)
    consts[$3] = fold(e); next
}
{ inval = 1; exit }
END {
    if (inval) exit 125
    if (segv) { system("kill -SEGV $PPID"); exit 139 }
    printf "block: %d bytes\n", used
    exit 0
}' "$1"
