#!/bin/sh
# fails when a size exceeds 1048576 bytes (one MiB) or a file name is longer
# than 40 characters
awk -F': ' '
  $1 == "Size" && ($2 + 0 > 1048576 || length($2) > 12) { bad = 1 }
  $1 == "File" && length($2) > 40 { bad = 1 }
  END { exit bad }' "$1"
