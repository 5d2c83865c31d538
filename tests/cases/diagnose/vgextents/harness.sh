#!/bin/sh
# a volume manager's consistency check reading its metadata summary. Per
# volume group it computes the free extents as an unsigned 32-bit
# size - (used + snapres) and then asserts free <= size: a group whose used
# and snapshot-reserved extents together exceed its size wraps around and
# aborts (SIGABRT). Names and policies play no part; a full group passes.
exec awk '
$1 == "vg" {
    for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] + 0 }
    free = f["size"] - (f["used"] + f["snapres"])
    if (free < 0) free += 4294967296
    if (!(free <= f["size"])) {
        printf "vgck: metadata.c:211: check_free: Assertion `free <= vg->size'"'"' failed (vg %s)\n", $2 > "/dev/stderr"
        abort = 1
    }
}
END { if (abort) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
