#!/bin/sh
# an array assembler lays out RAID 5 stripes over its active members, one of
# them parity: data disks = members - 1, and the chunk map is sized by
# stripe width / (data disks - 1) for its rotation; a level 5 array of fewer
# than 3 members divides by zero (SIGFPE). Spares do not count; levels 0, 1
# and 10 never compute it.
exec awk '
{ m = 0; for (i = 1; i <= NF; i++) if ($i ~ /^member=/) m++
  if ($3 == "level=5" && m < 3) bad = 1 }
END { if (bad) system("kill -FPE $PPID"); exit 0 }' "$1"
