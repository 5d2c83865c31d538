#!/bin/sh
# a metrics agent (its C scheduler's logic in awk) loads its plugin sections.
# Each setting is an integer expression: sums of numbers, of products of two
# numbers, of groups in parentheses and of max(a, b), nesting. For each
# interval the scheduler aligns the plugin's first collection to the wall
# clock, next = now - now % interval + interval, with no check for an
# interval of 0: an interval that EVALUATES to 0 ("0*30 + max(0, 0)") is an
# integer division by zero (SIGFPE). A timeout of 0 means "no timeout" and a
# jitter of 0 "start at once"; both are fine, and so is a 0 or a
# multiplication by 0 inside an interval that is not 0 as a whole.
exec awk '
function expr(   v) {
    v = term()
    while (substr(S, P, 3) == " + ") { P += 3; v += term() }
    return v
}
function num(   v) {
    if (!match(substr(S, P), /^[0-9]+/)) { err = 1; return 0 }
    v = substr(S, P, RLENGTH) + 0; P += RLENGTH; return v
}
function term(   v, w) {
    if (substr(S, P, 1) == "(") {
        P++; v = expr()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v
    }
    if (substr(S, P, 4) == "max(") {
        P += 4; v = expr()
        if (substr(S, P, 2) != ", ") { err = 1; return 0 }
        P += 2; w = expr()
        if (substr(S, P, 1) != ")") { err = 1; return 0 }
        P++; return v > w ? v : w
    }
    v = num()
    if (substr(S, P, 1) == "*") { P++; v *= num() }
    return v
}
function value(line,   v) {
    S = substr(line, index(line, " = ") + 3); P = 1; err = 0
    v = expr()
    if (err || P != length(S) + 1) { inval = 1; exit }
    return v
}
BEGIN { now = 1700000000 }
/^\[(cpu|mem|disk|net)\]$/ { plugin = $0; next }
/^interval = / {
    ival = value($0)
    if (ival == 0) { fpe = 1; exit }          # now % interval
    next_run[plugin] = now - now % ival + ival; next
}
/^timeout = / { t = value($0); timeout[plugin] = t; next }   # 0: none
/^jitter = / { j = value($0); delay[plugin] = int(j / 2); next }
{ inval = 1; exit }
END {
    if (fpe) { system("kill -FPE $PPID"); exit 136 }
    if (inval) exit 125
    exit 0
}' "$1"
