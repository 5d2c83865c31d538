#!/bin/sh
# the camera's ticket printer aborts on speeds above 50.5 km/h, in any lane
awk '{ if ($3 + 0 > 50.5) exit 1; exit 0 }' "$1"
