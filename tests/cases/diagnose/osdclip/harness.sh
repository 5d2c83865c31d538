#!/bin/sh
# a set-top box's OSD compositor (its C logic in awk). Before blitting it
# records each element's damage: the rows y .. y+h-1, clamped to the 720 rows
# of the plane, and the columns x .. x+w-1 in a 1280-entry column mask
# (memset(dirty_cols + x, 1, w)). It rejects x >= 1280 and w > 1280 one by
# one but never clamps the columns: an element whose x + w exceeds 1280 runs
# past the mask into the next heap chunk, and the first malloc after it
# crashes (SIGSEGV). The vertical span is clamped, so y + h past 720 is
# harmless; opacity and stacking order take small numbers harmlessly.
exec awk '
BEGIN { W = 1280; H = 720 }
{
    for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] + 0 }
    x = f["x"]; y = f["y"]; w = f["w"]; h = f["h"]
    if (x >= W || w > W) { print "osd: " $1 ": out of range" > "/dev/stderr"; next }
    top = y; bot = y + h; if (bot > H) bot = H          # rows clamped
    if (x + w > W) { segv = 1; exit }                   # BUG: columns not clamped
    a = f["alpha"] > 100 ? 100 : f["alpha"]
    if (bot > top) damage += (bot - top) * w
    z[f["z"]]++
}
END { if (segv) { system("kill -SEGV $PPID"); exit 139 } exit 0 }' "$1"
