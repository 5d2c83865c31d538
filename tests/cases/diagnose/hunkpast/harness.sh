#!/bin/sh
# applies each hunk to its line: a hunk that reaches past the end of its
# line (position plus count above the line's length) writes out of bounds
# (exit 139, as a segfault would); anything else passes
exec awk '
/^@@ [0-9]+,[0-9]+ @@ / {
  split($2, pc, ",")
  line = substr($0, index($0, " @@ ") + 4)
  if (pc[1] + pc[2] > length(line)) { bad = 1 }
  next
}
{ undefined = 1 }
END { if (undefined) exit 125; if (bad) exit 139; exit 0 }' "$1"
