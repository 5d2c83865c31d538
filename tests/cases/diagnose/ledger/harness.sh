#!/bin/sh
# fails when a balance is below the overdraft limit of -500; any positive
# balance, however large, passes
awk '{ b = $4; if (b ~ /^\(/) { gsub(/[()]/, "", b); exit (b + 0 > 500) } }' "$1"
