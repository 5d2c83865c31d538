#!/usr/bin/env python3
# the atlas packer takes tiles in order. A tile wider than the 64-pixel
# atlas column is rejected (exit 1, "tile too wide"); a depth of 0 gives 0
# color levels and the packer divides by them (SIGFPE). The first tile
# with either problem decides how it fails (width is checked first).
import os, re, signal, sys
text = open(sys.argv[-1]).read()
lines = text.split("\n")
if lines[-1] != "" or len(lines) < 2:
    sys.exit(125)
n = r'([1-9][0-9]{0,2})'
for line in lines[:-1]:
    m = re.fullmatch(r'tile [a-z][a-z_]* ' + n + 'x' + n + r' depth (0|1|2|4|8|16)', line)
    if not m:
        sys.exit(125)
for line in lines[:-1]:
    m = re.fullmatch(r'tile ([a-z][a-z_]*) ' + n + 'x' + n + r' depth (0|1|2|4|8|16)', line)
    w, h, d = int(m.group(2)), int(m.group(3)), int(m.group(4))
    if w > 64:
        print("atlas: tile %s too wide (%d > 64)" % (m.group(1), w), file=sys.stderr)
        sys.exit(1)
    levels = (1 << d) - 1
    if levels == 0:
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGFPE)
    step = 255 // levels
print("atlas packed")
