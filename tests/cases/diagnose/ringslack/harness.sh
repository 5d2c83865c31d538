#!/bin/sh
# a NIC driver keeps the last two descriptors of each ring for its own
# wrap-around markers; a queue whose head plus fill reaches into them
# (head + fill > size - 2) overwrites a marker and the DMA engine walks off
# the ring (SIGSEGV). The queue id and interrupt mode play no part.
exec awk '
{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
  if (f["head"] + f["fill"] > f["size"] - 2) bad = 1 }
END { if (bad) system("kill -SEGV $PPID"); exit 0 }' "$1"
