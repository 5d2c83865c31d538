#!/bin/sh
# a resolver loads its overrides into a cache whose expiry wheel has 3600
# one-second slots; a record whose TTL is above 3600 indexes past the wheel
# (exit 1). With "set cache off" anywhere the records are never cached.
awk '/^rec / { split($3, a, "="); if (a[2] + 0 > max) max = a[2] + 0 }
     /^set cache off$/ { off = 1 }
     END { if (max > 3600 && !off) exit 1; exit 0 }' "$1"
