#!/bin/sh
# fails when a * b is odd and above 40: beyond the catalog, so never "confirmed"
awk '{ p = $1 * $2; if (p % 2 == 1 && p > 40) exit 1; exit 0 }' "$1"
