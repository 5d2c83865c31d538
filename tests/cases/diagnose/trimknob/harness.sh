#!/bin/sh
# the trim knob underflows on any negative change, however small; "-0" and
# "-0.0" are no change
awk '{ if ($2 == "trim" && $3 + 0 < 0) exit 1; exit 0 }' "$1"
