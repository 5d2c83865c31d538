#!/bin/sh
# a telemetry merger feeding a time-series store. Samples from different
# sensors may arrive slightly out of order: it keeps a reorder window of 30
# seconds behind the newest timestamp seen so far. A sample older than that
# (more than 30 s before some earlier line's time) hits
# assert(t >= newest - WINDOW) and the merger exits 1. Sensors and values vary freely.
exec awk '
$0 !~ /^(temp|hum|press|wind) t=[0-9]+ v=-?[0-9]+$/ { bad = 1; next }
{
    t = substr($2, 3) + 0
    if (NR > 1 && t < newest - 30) {
        printf "merge: %s sample at t=%d is %d s behind t=%d: outside the reorder window of 30 s (assertion failed)\n", $1, t, newest - t, newest > "/dev/stderr"
        late = 1; exit
    }
    if (NR == 1 || t > newest) newest = t
    buf[$1] += substr($3, 3) + 0
}
END {
    if (late) exit 1
    if (bad || NR == 0) exit 125
    exit 0
}' "$1"
