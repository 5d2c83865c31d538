#!/bin/sh
# an NTP daemon (chrony-like; its C logic, in awk for speed) started by its
# test as "chronyd -p -f FILE": parse the configuration and print it,
# built with UBSan and UBSAN_OPTIONS=halt_on_error=1:abort_on_error=1, so
# any undefined behaviour aborts (SIGABRT). Two shifts in the loader are
# undefined for some values of a field:
#
# A server's longest polling interval is given as log2 of seconds and kept
# as a millisecond timeout in a plain int:
#
#     src->max_interval_ms = 1000 << maxpoll;
#
# 1000 << 21 = 2,097,152,000 still fits; 1000 << 22 does not (a signed
# left-shift overflow). The range check only rejects maxpoll above 24, as
# the documentation allows.
#
# An "allow" network's mask is built from its prefix length as
#
#     mask = htonl(0xffffffffu << (32 - prefix));
#
# which for "/0" (allow every client: a common line) shifts a 32-bit value
# by 32, undefined as well. The drift file and makestep play no part. A
# line the parser does not know is a configuration error (125).
eval f=\${$#}
[ "$(tail -c 1 "$f" | od -An -tx1 | tr -d ' ')" = 0a ] || exit 125
awk '
BEGIN { INT_MAX = 2147483647; n = 0 }
/^server ([0-3]|[a-z]+)\.pool\.ntp\.org maxpoll [0-9]+( iburst)?$/ {
    kind[++n] = "server"; host[n] = $2; val[n] = $4 + 0; next
}
/^allow [0-9]+\.[0-9]+\.[0-9]+\.[0-9]+\/[0-9]+$/ {
    split($2, a, "/"); split(a[1], o, ".")
    for (k = 1; k <= 4; k++) if (o[k] + 0 > 255) bad = 1
    kind[++n] = "allow"; host[n] = a[1]; val[n] = a[2] + 0; next
}
/^driftfile \/var\/lib\/chrony\/[a-z][a-z0-9._]*$/ { driftfile = $2; next }
/^makestep [0-9]\.[0-9] (-1|[0-9])$/ { step_thr = $2 + 0; step_lim = $3 + 0; next }
{ bad = 1 }
END {
    if (bad) exit 125
    for (i = 1; i <= n; i++) {
        if (kind[i] == "server") {
            if (val[i] > 24) { printf "line %d: maxpoll out of range\n", i > "/dev/stderr"; exit 125 }
            # 1000 << maxpoll in an int
            ms = 1000 * 2 ^ val[i]
            if (ms > INT_MAX) {
                printf "conf.c:412:38: runtime error: left shift of 1000 by %d places cannot be represented in type '\''int'\''\n", val[i] > "/dev/stderr"
                exit 99
            }
            printf "server %s maxpoll %d (%d ms)\n", host[i], val[i], ms
        } else {
            if (val[i] > 32) { printf "line %d: bad prefix length\n", i > "/dev/stderr"; exit 125 }
            # 0xffffffffu << (32 - prefix)
            shift = 32 - val[i]
            if (shift >= 32) {
                printf "conf.c:518:30: runtime error: shift exponent %d is too large for 32-bit type '\''unsigned int'\''\n", shift > "/dev/stderr"
                exit 99
            }
            mask = 4294967296 - 2 ^ shift
            printf "allow %s/%d (mask %08x)\n", host[i], val[i], mask
        }
    }
    if (driftfile != "") printf "driftfile %s\n", driftfile
    exit 0
}
' "$f"
rc=$?
[ $rc = 99 ] && kill -ABRT $$
exit $rc
