#!/bin/sh
# the charger cuts off (exit 1) on a cell above 4.200 V
awk '{ v = $3; sub(/V/, "", v); if (v + 0 > 4.2) exit 1; exit 0 }' "$1"
