#!/bin/sh
# a small PDF renderer (a printer's firmware; its C logic, in awk), built by
# its test with AddressSanitizer, rendering one page's content stream. The
# graphics states live in a fixed array of 4, the first being the page's
# own; q copies the current state one slot up, Q drops back one slot, and a
# Q with nothing saved is ignored with a warning (as most readers do with
# unbalanced streams):
#
#     static struct gstate gs[4]; static int top;    /* gs[0]: the page's */
#     case 'q': gs[top + 1] = gs[top]; top++; break;  /* no check against 3 */
#     case 'Q': if (top > 0) top--; else warn("unbalanced Q"); break;
#
# The bug: a q met while 3 states are saved already (3 more q than the Q
# that matched them, since the last time nothing was saved) writes gs[4],
# past the array; AddressSanitizer reports a global-buffer-overflow (exit 1).
# So the failure is about the order of the q and Q, not their numbers: "q q
# q q" fails, "q q Q q q Q q" (never more than 3 open) passes, and so does
# "Q Q Q q q q" (the early Q are ignored). Gray levels and painting change
# nothing. A stream it cannot read is 125.
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { SLOTS = 4; top = 0; ops = 0 }
/^(q|Q|0 g|1 g|n|f|S|B)( (q|Q|0 g|1 g|n|f|S|B))?( (q|Q|0 g|1 g|n|f|S|B))?$/ {
    for (i = 1; i <= NF; i++) {
        t = $i
        if (t == "q") {
            if (top + 1 >= SLOTS) {
                printf "ERROR: AddressSanitizer: global-buffer-overflow: write of gs[%d] (line %d, operator %d)\n", top + 1, NR, ops + 1 > "/dev/stderr"
                overflow = 1; exit 1
            }
            top++
        } else if (t == "Q") {
            if (top > 0) top--
            else printf "warning: line %d: unbalanced Q ignored\n", NR > "/dev/stderr"
        } else if (t == "g") {
            continue                              # its operand was counted before
        }
        ops++
    }
    next
}
{ bad = 1; exit 125 }
END {
    if (overflow) exit 1
    if (bad || NR == 0) exit 125
    printf "page rendered: %d operators, %d states left open\n", ops, top
    exit 0
}
' "$f"
