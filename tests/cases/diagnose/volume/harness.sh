#!/bin/sh
# fails (clipping) when the level is above 700, on any channel
awk '{ exit ($3 + 0 > 700) }' "$1"
