#!/bin/sh
# fails when a timeout exceeds 3600 seconds (stored in a 12-bit field) or a
# name is longer than 31 characters (a 32-byte buffer with its terminator)
awk -F' = ' '
  $1 == "timeout" && ($2 + 0 > 3600 || length($2) > 6) { bad = 1 }
  $1 == "name" && length($2) > 31 { bad = 1 }
  END { exit bad }' "$1"
