#!/bin/sh
# fails when the request reaches past the page: offset + length > 4096
awk '{ exit ($2 + $3 > 4096) }' "$1"
