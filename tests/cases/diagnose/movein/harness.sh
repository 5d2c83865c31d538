#!/bin/sh
# fails when the destination starts with the source (as text): moving a
# directory into itself
awk '{ exit (index($3, $2) == 1) }' "$1"
