#!/bin/sh
# fails when a window is shrunk by a negative amount (the size overflows);
# a shrink by a positive amount or zero, and any other operation, pass
awk '{ exit ($2 == "shrink" && substr($3, 1, 1) == "-") }' "$1"
