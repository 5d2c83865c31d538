#!/bin/sh
# card refunds (negative amounts) are rejected with an assertion; "-0.00"
# is no refund
awk '{ if ($1 == "card" && $2 + 0 < 0) exit 1; exit 0 }' "$1"
