#!/bin/sh
# a small LDAP proxy's search-filter compiler (its C logic, in awk for
# speed), run by its test on one filter in RFC 4515 string form. The filter
# is compiled without recursion: every "(" pushes a frame on a fixed array
# sized for "no real filter nests deeper than four", and the push is not
# checked:
#
#     struct frame { int op; int nkids; struct node *kids[8]; };
#     struct frame stk[4]; int sp = 0;
#     ...
#     case '(': stk[sp].op = 0; stk[sp].nkids = 0; sp++; break;
#     case ')': n = make_node(&stk[--sp]); add_kid(&stk[sp - 1], n); break;
#
# A filter whose parentheses open a fifth level (a test inside four enclosing
# filters) writes stk[4], past the array: AddressSanitizer's
# stack-buffer-overflow (exit 1). Frames are popped at ")", so any number
# of filters side by side, at any level up to four, is fine; the operators,
# attributes and values play no part. A filter that is not well formed is
# a syntax error (125).
f=$1
for a in "$@"; do f=$a; done
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
exec awk '
BEGIN { MAXDEPTH = 4 }
NR > 1 { bad = 1; exit }
{
    s = $0; n = length(s); sp = 0; i = 1; nodes = 0
    if (n == 0) { bad = 1; exit }
    while (i <= n) {
        c = substr(s, i, 1)
        if (c == "(") {
            # a filter may start the input or follow "(&", "(|", "(!" or ")"
            if (i > 1) {
                p = substr(s, i - 1, 1)
                if (p != "&" && p != "|" && p != "!" && p != ")") { bad = 1; exit }
                if (p == ")" && sp == 0) { bad = 1; exit }
                if (p == "!" && nkids[sp] > 0) { bad = 1; exit }
            } else if (sp != 0) { bad = 1; exit }
            if (sp >= MAXDEPTH) {
                printf "==ERROR: AddressSanitizer: stack-buffer-overflow: WRITE of size 4 to stk[%d] (array of %d frames) at offset %d\n", sp, MAXDEPTH, i - 1 > "/dev/stderr"
                crashed = 1; exit
            }
            if (sp > 0) nkids[sp]++          # a kid of the enclosing frame
            sp++; op[sp] = ""; nkids[sp] = 0
            i++
            c = substr(s, i, 1)
            if (c == "&" || c == "|" || c == "!") {
                op[sp] = c; i++
            } else if (match(substr(s, i), /^(uid|cn|ou|mail|objectClass)(=\*|=[a-z]+|=[a-z]+\*|=\*[a-z]+|=[a-z]+\*[a-z]+|~=[a-z]+|>=[a-z]+|<=[a-z]+)\)/)) {
                op[sp] = "="; i += RLENGTH - 1   # stop at the closing ")"
            } else { bad = 1; exit }
        } else if (c == ")") {
            if (sp == 0) { bad = 1; exit }
            if ((op[sp] == "&" || op[sp] == "|") && nkids[sp] < 1) { bad = 1; exit }
            if (op[sp] == "!" && nkids[sp] != 1) { bad = 1; exit }
            sp--; nodes++; i++
            if (sp == 0 && i <= n) { bad = 1; exit }
        } else { bad = 1; exit }
    }
    if (sp != 0) bad = 1
}
END {
    if (crashed) exit 1
    if (bad || NR != 1) exit 125
    printf "filter compiled: %d nodes\n", nodes
    exit 0
}' "$f"
