#!/bin/sh
# a CAN bus gateway loading its routing table; its C logic:
#     static struct rule *std_route[2048];   /* direct index, 11-bit ids */
#     ...
#     if (r->kind == KIND_EXT) {
#         if (r->id > 0x1FFFFFFF) return -EINVAL;      /* 29 bits */
#         r->mask &= 0x1FFFFFFF;
#         ext_hash_insert(gw, r);
#     } else {
#         r->mask &= 0x7FF;
#         std_route[r->id] = r;        /* id never checked against 0x7FF */
#     }
# A "std" rule whose identifier is above 2047 writes past the 2048-entry
# table; the gateway's test rig runs it under AddressSanitizer, which
# reports a global-buffer-overflow and aborts (SIGABRT). 2047 is fine, and
# "ext" rules take identifiers far above 2047 (up to 536870911) harmlessly.
# The mask is clipped to the kind's width and the resend period (ms, 0: on
# change) and dlc (0-8) are stored as given: they take the same values
# without harm. Buses are matched by name; a rule may route a bus to itself.
r=$(awk '
    function stop(msg) { print msg; done = 1; exit }
    $1 != "route" || $0 !~ / -> / { stop("invalid") }
    {
        kind = $3; id = -1; mask = -1
        for (i = 4; i <= NF; i++) {
            if ($i ~ /^id=/)     id = substr($i, 4) + 0
            if ($i ~ /^mask=/)   mask = substr($i, 6) + 0
            if ($i ~ /^dlc=/ && substr($i, 5) + 0 > 8) { stop("invalid") }
        }
        if (id < 0) { stop("invalid") }
        if (kind == "ext") {
            if (id > 536870911) { stop("invalid") }
            next
        }
        if (kind != "std") { stop("invalid") }
        if (id > 2047) stop("overflow " NR " " id)
    }
    END { if (!done) print "ok" }' "$1") || exit 125
case $r in
    ok) exit 0 ;;
    overflow*) set -- $r
        echo "ERROR: AddressSanitizer: global-buffer-overflow (std_route[$3], rule on line $2)" >&2
        kill -ABRT $$ ;;
    *) exit 125 ;;
esac
