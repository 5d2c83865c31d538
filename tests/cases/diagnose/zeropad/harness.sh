#!/bin/sh
# the server keeps ports in a table of 1000 entries and writes past it
# for a port of 1000 or more (fails); "0999" is port 999
awk '{ if ($2 + 0 >= 1000) exit 1; exit 0 }' "$1"
