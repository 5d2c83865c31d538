#!/bin/sh
# the runner copies a command's arguments into an argv of max slots without
# checking: more arguments than max overflow it (abort, exit 134)
exec awk '
  NR == 1 { max = $2 + 0; next }
  /^run / && NF - 2 > max { bad = 1 }
  END { exit bad ? 134 : 0 }
' "$1"
