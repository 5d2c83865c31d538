#!/bin/sh
# fails on a negative kelvin value (below absolute zero)
awk '{ exit ($3 == "K" && substr($2, 1, 1) == "-" && $2 + 0 < 0) }' "$1"
