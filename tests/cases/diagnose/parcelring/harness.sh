#!/bin/sh
# a GIS import tool (its C ring reader in awk) loads a cadastre export.
# Writers disagree on whether a ring's point count includes the closing
# point, so the reader tolerates a ring= count one off from the points it
# parsed and repairs the ring - with an off-by-one either way:
#  - one point fewer than declared (closing point left out): the points are
#    copied into a buffer sized for the points parsed, and the closing point
#    is appended at pts[npts - 1], one slot past it;
#  - one point more than declared (closing point written but not counted):
#    the buffer is sized from the declared count and all the parsed points
#    are copied into it, again one slot too many;
# the hardened allocator notices the heap overrun and aborts (SIGABRT). An
# exact count passes; a count two or more off is a corrupt record, skipped
# with a warning. The owners= count is checked with != and the owner list
# ignored when it differs; parcel numbers, zones and coordinates play no part.
exec awk '
function count(s, name,   a) { return split(s, a, name) }
$1 == "PARCEL" {
    split($4, d, "="); nown = d[2] + 0
    match($0, /owners=[0-9]+ \([^)]*\)/); s = substr($0, RSTART, RLENGTH)
    sub(/^owners=[0-9]+ \(/, "", s); sub(/\)$/, "", s); nfound = split(s, own, ",")
    match($0, /ring=[0-9]+ \([^)]*\)/); s = substr($0, RSTART, RLENGTH)
    npts = substr(s, 6, index(s, " ") - 6) + 0
    sub(/^ring=[0-9]+ \(/, "", s); sub(/\)$/, "", s); nparsed = split(s, pt, ",")

    if (nfound != nown) printf "parcel %s: %d owners listed, %d declared: owners ignored\n", $2, nfound, nown > "/dev/stderr"
    diff = nparsed - npts
    if (diff >= 2 || diff <= -2) { printf "parcel %s: ring=%d but %d points: record skipped\n", $2, npts, nparsed > "/dev/stderr"; next }
    if (diff == -1) { cap = nparsed; slot = npts - 1 }        # append the closing point
    else if (diff == 1) { cap = npts; slot = nparsed - 1 }    # copy every parsed point
    else { cap = npts; slot = npts - 1 }
    if (slot >= cap) {
        printf "malloc(): corrupted top chunk (parcel %s: ring=%d, %d points)\n", $2, npts, nparsed > "/dev/stderr"
        bad = 1; exit
    }
    printf "parcel %s: %d points\n", $2, npts
}
END { if (bad) { system("kill -ABRT $PPID"); exit 134 } exit 0 }' "$1" >/dev/null
