#!/bin/sh
# a spreadsheet engine's recalculation (its C logic in awk): it evaluates
# each cell's formula, + - * with the usual precedence, parentheses, and
# the functions MIN, MAX, ABS and MOD. MOD(a, b) is implemented as the C
# expression (long) a % (long) b with no check of b: a second argument that
# evaluates to 0 is an integer division by zero (SIGFPE) where a spreadsheet
# should show #DIV/0!. Zero first arguments, zero results of MIN, MAX, ABS
# or of a whole cell, and negative divisors are fine.
exec awk '
function expr(   v, op) {
    v = term()
    while (substr(S, P, 3) == " + " || substr(S, P, 3) == " - ") {
        op = substr(S, P + 1, 1); P += 3
        if (op == "+") v += term(); else v -= term()
    }
    return v
}
function term(   v) {
    v = atom()
    while (substr(S, P, 3) == " * ") { P += 3; v *= atom() }
    return v
}
function args(   a) {        # "(x, y)" after the function name
    a = expr()
    if (substr(S, P, 2) != ", ") { err = 1; return 0 }
    P += 2; A2 = expr()
    if (substr(S, P, 1) != ")") { err = 1; return 0 }
    P++; return a
}
function atom(   v, a, b) {
    if (substr(S, P, 1) == "(") {
        P++; v = expr()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v
    }
    if (substr(S, P, 4) == "MOD(") {
        P += 4; a = args(); b = A2
        if (err) return 0
        if (b == 0) { fpe = 1; exit }          # (long) a % (long) b
        return a - b * int(a / b)
    }
    if (substr(S, P, 4) == "MIN(") { P += 4; a = args(); b = A2; return a < b ? a : b }
    if (substr(S, P, 4) == "MAX(") { P += 4; a = args(); b = A2; return a > b ? a : b }
    if (substr(S, P, 4) == "ABS(") {
        P += 4; v = expr()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v < 0 ? -v : v
    }
    if (match(substr(S, P), /^(0|[1-9][0-9]*)/) && RLENGTH <= 2) { v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v }
    err = 1; return 0
}
/^[A-F][1-9]: =/ {
    S = substr($0, 6); P = 1; err = 0
    v = expr()
    if (err || P != length(S) + 1) { inval = 1; exit }
    cell[substr($0, 1, 2)] = v; next
}
{ inval = 1; exit }
END {
    if (fpe) { system("kill -FPE $PPID"); exit 136 }
    if (inval) exit 125
    exit 0
}' "$1"
