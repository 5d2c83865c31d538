#!/bin/sh
# a flashing tool's partition table loader (gen_esp32part-like, in awk):
# it reads the partitions, sorts them by offset (stably) and checks each
# against the one before it: a partition that starts before the previous
# one ends ("Partition X at 0x... overlaps 0x...") is an input error, exit 2.
# Sizes are at least 4 KiB, so after the sort a clash between any two
# partitions, in whatever order the file lists them, shows up as one between
# neighbours; partitions that only touch (end = next offset) are fine. Names,
# types and flags play no part (duplicate names are not checked).
exec awk -F', ' '
/^#/ { next }
{
    n++; name[n] = $1; off[n] = $4 + 0; size[n] = $5 + 0    # "36K" -> 36
}
END {
    # stable insertion sort by offset
    for (i = 2; i <= n; i++) {
        o = off[i]; s = size[i]; nm = name[i]
        for (j = i - 1; j >= 1 && off[j] > o; j--) {
            off[j + 1] = off[j]; size[j + 1] = size[j]; name[j + 1] = name[j]
        }
        off[j + 1] = o; size[j + 1] = s; name[j + 1] = nm
    }
    for (i = 2; i <= n; i++)
        if (off[i] < off[i - 1] + size[i - 1]) {
            printf "Partition %s at %dK overlaps %dK-%dK (%s)\n", name[i], off[i], off[i - 1], off[i - 1] + size[i - 1], name[i - 1] > "/dev/stderr"
            exit 2
        }
    printf "%d partitions ok\n", n
    exit 0
}' "$1"
