#!/bin/sh
# a key-value store (its C logic in awk) creates its hash tables: robin-hood
# probing keeps each probe distance in a 4-bit field, safe only up to a load
# factor of 0.75, and ht_create asserts it: maxload above 0.75 (0.76 and up)
# trips assert(maxload <= 0.75) (SIGABRT); exactly 0.75 passes. Names, key
# types and bucket counts play no part.
exec awk '
{
    split($5, m, "="); load = m[2] + 0
    split($4, b, "="); cap = int(b[2] * load)
    if (load > 0.75) {
        printf "kvstore: hashtab.c:88: ht_create: Assertion `maxload <= 0.75'"'"' failed (table %s, maxload %s)\n", $2, m[2] > "/dev/stderr"
        bad = 1; exit
    }
    printf "table %s: %s buckets, grows at %d entries\n", $2, b[2], cap
}
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
