#!/bin/sh
# stamps print in rows of 5; a count that fills its last row exactly leaves
# the row buffer empty and the printer driver dereferences it (SIGSEGV-like
# exit 139); an empty job (0) is skipped
exec awk -F';' '
  NR == 1 {
    if ($0 !~ /^[a-z][a-z0-9]*;(0|[1-9][0-9]*);(matte|gloss)$/) exit 125
    n = $2 + 0
    if (n > 0 && n % 5 == 0) exit 139
    exit 0
  }' "$1"
