#!/bin/sh
# fails when the level lies outside 1..19 (two boundaries on one element)
awk -F'[= ]' '{ exit ($2 + 0 < 1 || $2 + 0 > 19) }' "$1"
