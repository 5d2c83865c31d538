#!/bin/sh
# a disk quota tool's batch loader (its C logic, in awk with exact
# integers). The hard limit is kept as a count of 1 KiB blocks in a plain
# int, built with -fsanitize=signed-integer-overflow -fno-sanitize-recover:
#     int num = atoi(digits);                   /* at most 7 digits */
#     int per = unit_blocks(unit);              /* K 1, M 1024, G 1048576,
#                                                  T 1073741824 */
#     q->dqb_bhardlimit = num * per;            /* int * int */
# a limit above 2147483647 blocks overflows the int: UBSan reports
# "signed integer overflow" and the tool exits 1. That is above 2097151M,
# above 2047G, above 1T; any K fits (seven digits at most), and exactly
# 2097151M, 2047G and 1T fit. The notify= usage takes the same syntax but is
# kept in bytes as an unsigned long long (num * per * 1024ULL, no overflow
# with seven digits), harmlessly; files= and grace= play no part.
r=$(awk '
function blocks(v,   n, u) {
    u = substr(v, length(v), 1); n = substr(v, 1, length(v) - 1)
    if (n !~ /^[1-9][0-9]*$/) return -1
    if (u == "K") return n + 0
    if (u == "M") return n * 1024
    if (u == "G") return n * 1048576
    if (u == "T") return n * 1073741824
    return -1
}
BEGIN { res = "ok"; users = 0 }
res != "ok" { next }
/^$/ { next }
{
    if ($1 != "quota" || NF != 7) { res = "invalid"; next }
    for (i = 3; i <= NF; i++) {
        eq = index($i, "="); if (eq == 0) { res = "invalid"; next }
        key = substr($i, 1, eq - 1); val = substr($i, eq + 1)
        if (key == "limit") {
            b = blocks(val)
            if (b < 0) { res = "invalid"; next }
            if (b > 2147483647) { res = "overflow " substr(val, 1, length(val) - 1) " " (b / substr(val, 1, length(val) - 1)); next }
        } else if (key == "notify") {
            if (blocks(val) < 0) { res = "invalid"; next }   # bytes in 64 bits
        } else if (key != "fs" && key != "files" && key != "grace") { res = "invalid"; next }
    }
    users++
}
END { if (res == "ok" && users == 0) res = "invalid"; print res }' "$1")
case $r in
    ok) exit 0 ;;
    invalid) exit 125 ;;
    overflow*)
        set -- $r
        echo "quota.c:212:37: runtime error: signed integer overflow: $2 * $3 cannot be represented in type 'int'" >&2
        exit 1 ;;
esac
exit 125
