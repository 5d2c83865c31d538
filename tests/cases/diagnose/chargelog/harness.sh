#!/bin/sh
# a fleet tool computes a courier e-bike's km per charge from its charging
# log. It keeps the highest odometer reading so far; a reading up to 5 km
# below it is taken for a typing slip and counts 0 km, but one more than
# 5 km below any earlier reading fails its assertion "odometer went back"
# (exit 1). The day, the state of charge and the station play no part.
exec awk '
BEGIN { n = 0; bad = 0 }
{
    odo = -1
    for (i = 1; i <= NF; i++) if ($i ~ /^odo=/) odo = substr($i, 5) + 0
    if (n > 0 && odo < top - 5) {
        printf "line %d: odo=%d but %d km already logged: assertion \"odometer went back\" failed\n", NR, odo, top > "/dev/stderr"
        bad = 1
    }
    if (n == 0 || odo > top) top = odo
    n++
}
END { if (bad) exit 1; printf "%d charges, %d km\n", n, top; exit 0 }' "$1"
