#!/bin/sh
# timers of whole minutes are shown as minutes; one of ten minutes or more
# takes the two-digit minute display, which overflows its buffer
awk '
  !/^timer [a-z]+ (0|[1-9][0-9]*)s$/ { bad = 1; exit }
  { s = substr($3, 1, length($3) - 1); if (length(s) > 15) next; n = s + 0; if (n >= 600 && n % 60 == 0) crash = 1 }
  END { if (bad || NR == 0) exit 125; if (crash) exit 134; exit 0 }
' "$1"
