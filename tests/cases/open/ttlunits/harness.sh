#!/bin/sh
# a caching proxy's rule loader (its C logic in awk). The ttl is converted
# to seconds and used as an index into the expiry wheel, one slot per
# second for 30 days, without a check:
#     static struct list wheel[30 * 24 * 3600 + 1];
#     long secs = num * unit_seconds(unit);     /* s 1, m 60, h 3600, d 86400 */
#     list_add(&wheel[secs], rule);
# a ttl past 2592000 seconds (30 days) writes past the wheel (SIGSEGV);
# exactly 30 days fit. The revalidate span (same syntax) is kept as a plain
# long, and the size limit plays no part.
exec awk '
function secs(s,   n, u) {
    u = substr(s, length(s), 1); n = substr(s, 1, length(s) - 1) + 0
    return n * (u == "s" ? 1 : u == "m" ? 60 : u == "h" ? 3600 : 86400)
}
/^cache / {
    split($3, t, "=")
    if (secs(t[2]) > 2592000) { bad = 1; exit }
}
END { if (bad) { system("kill -SEGV $PPID"); exit 139 } }' "$1"
