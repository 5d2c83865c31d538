#!/bin/sh
# a latency recorder bins each sample into a histogram of 201 buckets, 0 to
# 200 above the smallest latency seen so far; a sample more than 200 above
# any earlier one indexes past the table (SIGSEGV). A sample below the
# earlier ones moves the start and passes; the tags play no part.
exec awk '
{ v = $3 + 0
  if (NR > 1 && v - lo > 200) bad = 1
  if (NR == 1 || v < lo) lo = v }
END { if (bad) system("kill -SEGV $PPID"); exit 0 }' "$1"
