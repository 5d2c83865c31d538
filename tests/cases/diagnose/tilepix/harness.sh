#!/bin/sh
# an atlas packer copies each tile into a scratch block of 4096 pixels
# before packing; a tile of more pixels (w * h > 4096) overruns it (SIGSEGV).
# The format's bytes per pixel do not matter (the block is counted in
# pixels); a wide tile and a tall one side by side pass.
exec awk '
{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
  if (f["w"] * f["h"] > 4096) bad = 1 }
END { if (bad) system("kill -SEGV $PPID"); exit 0 }' "$1"
