#!/bin/sh
# a data loader (its C logic in awk) reads a schema file before an import.
# Each table's column names are split into an array of exactly the names
# found. More names than the declared cols= is an error (the table is
# skipped), so is a header two or more names short; but a header exactly one
# name short is tolerated, as spreadsheet exports drop a trailing empty
# column name: the loader supplies it, names[ncols - 1] = "", writing one
# slot past the array it got from the split (it never grows it), and the
# hardened allocator aborts (SIGABRT). The key list is checked against keys=
# with != and skipped when it differs, whatever the difference.
exec awk '
$1 == "table" {
    split($3, d, "="); ncols = d[2] + 0
    s = $4; gsub(/^\[|\]$/, "", s); nfound = split(s, names, ",")
    split($5, d, "="); nkeys = d[2] + 0
    s = $6; gsub(/^\[|\]$/, "", s); nk = split(s, keys, ",")

    if (nk != nkeys) printf "table %s: %d key columns, %d declared: keys ignored\n", $2, nk, nkeys > "/dev/stderr"
    if (nfound > ncols) { printf "table %s: %d columns, %d declared: skipped\n", $2, nfound, ncols > "/dev/stderr"; next }
    if (nfound < ncols - 1) { printf "table %s: header short of %d names: skipped\n", $2, ncols - nfound > "/dev/stderr"; next }
    if (nfound == ncols - 1) {
        # the split array holds nfound slots, 0 .. nfound - 1
        slot = ncols - 1
        if (slot >= nfound) {
            printf "free(): invalid next size (table %s)\n", $2 > "/dev/stderr"
            bad = 1; exit
        }
    }
    printf "table %s: %d columns\n", $2, ncols
}
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1"
