#!/bin/sh
# a traffic shaper stores each class's rate in bits per second in a uint32
# and divides the link by it; a rate past 4294967295 bit/s wraps (to 0 for
# some values) and the scheduler divides by the wrapped rate: modelled as
# an abort whenever n * unit exceeds 2^32 - 1. The burst is kept in 64 bits.
exec awk '
/^class / {
  split($3, r, "="); s = r[2]
  u = substr(s, length(s), 1); n = substr(s, 1, length(s) - 1) + 0
  m = (u == "k" ? 1000 : u == "m" ? 1000000 : 1000000000)
  if (n * m > 4294967295) bad = 1
}
END { if (bad) { print "shaper: rate overflow" > "/dev/stderr"; exit 134 } }' "$1"
