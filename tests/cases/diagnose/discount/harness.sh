#!/bin/sh
# silver customers' discounts above 12.75 percent overflow the margin check
awk '{ p = $2; sub(/%/, "", p); if ($1 == "silver" && p + 0 > 12.75) exit 1; exit 0 }' "$1"
