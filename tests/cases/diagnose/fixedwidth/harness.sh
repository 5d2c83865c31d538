#!/bin/sh
# a printer that copies each value into a buffer of its row's width: a value
# longer than its own row's width overflows (fails)
awk '{ w = substr($1, 2) + 0; v = $2; if (length(v) > w) exit 1 } END { }' "$1"
