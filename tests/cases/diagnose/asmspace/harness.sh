#!/bin/sh
# a one-pass assembler (its C logic in awk) lays out a data section. Operands
# are integer expressions: products of numbers, unary minus and parentheses,
# nesting. .byte and .word store their value truncated to 8 or 16 bits, so
# negative values are fine (two's complement), and so is a negative fill
# byte. .space (and its synonym .skip) reserves its size in bytes with
# memset(out + pc, fill, (size_t) size) and never checks the sign: a size
# that EVALUATES negative ("4 * -(2 * 3)", "-(-(-1))") becomes a huge size_t
# and memset runs off the output buffer (SIGSEGV). A size of 0 reserves
# nothing ("0 * -3" too); a positive size with minus signs inside ("-2 * -3")
# is fine.
exec awk '
function expr(   v) {
    v = factor()
    while (substr(S, P, 3) == " * ") { P += 3; v *= factor() }
    return v
}
function factor(   v) {
    if (substr(S, P, 1) == "-") { P++; return -factor() }
    if (substr(S, P, 1) == "(") {
        P++; v = expr()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v
    }
    if (!match(substr(S, P), /^[0-9]+/)) { err = 1; return 0 }
    v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v
}
function value(s,   v) {
    S = s; P = 1; err = 0
    v = expr()
    if (err || P != length(S) + 1) { inval = 1; exit }
    return v
}
BEGIN { pc = 0 }
{
    line = $0
    if (match(line, /^(buf|tbl|msg|pad): /)) { sym[substr(line, 1, RLENGTH - 2)] = pc; line = substr(line, RLENGTH + 1) }
    if (line == "nop") { pc += 1; next }
    if (line ~ /^\.byte /) { v = value(substr(line, 7)); out[pc++] = (v % 256 + 256) % 256; next }
    if (line ~ /^\.word /) { v = value(substr(line, 7)); v = (v % 65536 + 65536) % 65536; out[pc++] = v % 256; out[pc++] = int(v / 256); next }
    if (line ~ /^\.(space|skip) /) {
        rest = substr(line, index(line, " ") + 1); fill = 0
        if ((c = index(rest, ", ")) > 0) { fill = value(substr(rest, c + 2)); rest = substr(rest, 1, c - 1) }
        size = value(rest)
        if (size < 0) { segv = 1; exit }     # memset(out + pc, fill, (size_t) size)
        for (k = 0; k < size && k < 4096; k++) out[pc + k] = (fill % 256 + 256) % 256
        pc += size; next
    }
    inval = 1; exit
}
END {
    if (segv) { system("kill -SEGV $PPID"); exit 139 }
    if (inval) exit 125
    exit 0
}' "$1"
