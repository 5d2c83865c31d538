#!/bin/sh
# fails when more than 500 seats are asked for
awk -F'[=;]' '{ exit ($4 + 0 > 500 || length($4) > 9) }' "$1"
